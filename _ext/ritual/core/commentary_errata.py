"""The errata of the printed commentary: where the 注 as the edition prints it (its one
witness, :mod:`.commentary`) reads against the other full texts of the 注 (pure: no Sphinx
import).

The commentary is printed as its witness has it, not emended: a reader of a diplomatic text
still needs to know where that witness stands alone in an evident slip (叢's 「爾稚曰」 for
「爾雅曰」), and what the others read. One row of ``commentary-errata.tsv`` is one such place:
the note, where in its text (as ``commentary.tsv`` writes it, 〔…〕 counted), the note's
reading there, what the other witnesses read, their sigla, and the editors' further grounds.
The build checks each row against its note (:func:`misplaced`), lists them in the 凡例 and
marks them where the note stands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from .commentary import SUPPLIED, Note
from .datafile import Tsv, integer

#: The form of commentary-errata.tsv (read by the strict reader of data files).
FORM = Tsv(
    ("note", "at", "reads", "read", "witnesses", "evidence"),
    key=("note", "at"),
    types={"at": integer},
    required=("note", "at", "reads", "read", "witnesses"),
    optional=1,
)


class Erratum(NamedTuple):
    """One place: the note's ``reads`` at ``at`` of its text, where ``witnesses`` read
    ``read`` (``line``: its line in the file)."""

    note: str
    at: int
    reads: str
    read: str
    witnesses: tuple[str, ...]
    evidence: str
    line: int

    @property
    def end(self) -> int:
        return self.at + len(self.reads)


def errata_from(rows: Iterable[tuple[int, Mapping[str, Any]]]) -> list[Erratum]:
    """The errata of the file's rows (each its line and its cells by column, as the strict
    reader gives them), in the file's order; a siglum is one character (sigla.tsv)."""
    return [
        Erratum(
            str(row["note"]),
            int(row["at"]),
            str(row["reads"]),
            str(row["read"]),
            tuple(str(row["witnesses"])),
            str(row.get("evidence", "") or ""),
            line,
        )
        for line, row in rows
    ]


def misplaced(erratum: Erratum, note: Note | None, sigla: Iterable[str]) -> str | None:
    """Why the row cannot stand, or None: its note must exist, read ``reads`` at ``at`` (the
    data would otherwise mark other words once the note is re-made), not within a part that
    another witness supplies (that part is not the note's witness's), and its witnesses must
    be sigla of the edition other than the note's own."""
    where = f"erratum of {erratum.note} at {erratum.at}"
    if erratum.at < 0:
        return f"{where}: at is an offset in the note's text (0 or more)"
    if note is None:
        return f"{where}: no note {erratum.note!r} in the commentary"
    here = note.text[erratum.at : erratum.end]
    if here != erratum.reads:
        return f"{where}: the note reads 「{here}」 there, not 「{erratum.reads}」"
    for m in SUPPLIED.finditer(note.text):
        if erratum.at < m.end() and m.start() < erratum.end:
            return f"{where}: it lies in a part that another witness supplies (〔…〕)"
    known = set(sigla)
    for siglum in erratum.witnesses:
        if siglum not in known:
            return f"{where}: {siglum!r} is not a siglum of the edition"
        if siglum == note.witness:
            return f"{where}: {siglum!r} is the note's own witness"
    if erratum.read == erratum.reads:
        return f"{where}: the witnesses' reading is the note's"
    return None


def checked(
    errata: Iterable[Erratum], notes: Mapping[str, Note], sigla: Iterable[str]
) -> tuple[list[Erratum], list[tuple[Erratum, str]]]:
    """The rows that can stand, in the file's order, and each other row with why not
    (:func:`misplaced`; ``notes``: the commentary's notes by id): a row whose place overlaps
    that of an earlier row of its note is left out too, since the note's words there would be
    printed twice (a mark on 「戒猶」 and one on its 「猶」 print 「戒猶猶」)."""
    sigla = list(sigla)
    good: list[Erratum] = []
    bad: list[tuple[Erratum, str]] = []
    for e in errata:
        why = misplaced(e, notes.get(e.note), sigla)
        if why is None:
            other = next(
                (o for o in good if o.note == e.note and o.at < e.end and e.at < o.end), None
            )
            if other is not None:
                why = (
                    f"erratum of {e.note} at {e.at}: it overlaps the erratum of line {other.line} "
                    f"(at {other.at}, 「{other.reads}」); a place is marked once"
                )
        if why is None:
            good.append(e)
        else:
            bad.append((e, why))
    return good, bad


#: What a marked erratum says to the reader (its title; the blanks: the note's witness, the
#: others' sigla, their reading): a msgid of the engine's catalog, translated where it is written.
TITLE = "So {witness} reads; {witnesses} read “{reading}” (see the conventions)"

#: An erratum where a writer marks it: (start, end) in the note's words, the others' reading,
#: their sigla (one character each).
Mark = tuple[int, int, str, str]


def by_note(errata: Iterable[Erratum]) -> dict[str, list[Erratum]]:
    """The errata of each note, in the order of its text."""
    out: dict[str, list[Erratum]] = {}
    for e in sorted(errata, key=lambda e: e.at):
        out.setdefault(e.note, []).append(e)
    return out


def marks(errata: Sequence[Erratum], note: Note, plain: bool = False) -> list[Mark]:
    """The note's errata as its writers mark them: in its text as the file writes it, or with
    ``plain`` in its plain words (:attr:`.Note.plain`, the marks of a supplied part left out:
    as ``edition.json`` and the TEI count)."""
    out = []
    for e in errata:
        at = e.at
        if plain:
            at -= 2 * sum(1 for m in SUPPLIED.finditer(note.text) if m.end() <= e.at)
        out.append((at, at + len(e.reads), e.read, "".join(e.witnesses)))
    return out


def split(text: str, marked: Sequence[Mark], offset: int = 0) -> list[tuple[str, Mark | None]]:
    """``text`` (which begins at ``offset`` of its note) in pieces, each with the mark it is
    the reading of, or None: what a writer sets plain and what it marks."""
    out: list[tuple[str, Mark | None]] = []
    pos = 0
    for mark in marked:
        at, end = mark[0] - offset, mark[1] - offset
        if not 0 <= at < len(text):
            continue
        if at > pos:
            out.append((text[pos:at], None))
        out.append((text[at:end], mark))
        pos = end
    if pos < len(text):
        out.append((text[pos:], None))
    return out
