"""The commentary printed with the text (鄭注 for the 儀禮), as data: the edition's
``commentary.tsv`` read and checked (pure: no Sphinx import).

One row per note, in reading order: the note stands after ``end`` of its step's edited text, and
its lemma is ``text[start:end]`` of that step; where ``from`` is set (``step:offset``) the lemma
begins in that earlier step and runs through the steps between (a note on a unit of the text
across steps). ``〔…〕`` in a note's text marks what another witness supplies where the note's
witness is lost (``supplied`` names it); the data's text leaves the marks out.

:class:`Note` is the one record of a note: read from the file, checked against its step, kept
in the step's record of the domain (picklable), exported to ``edition.json``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

#: The columns of commentary.tsv, in order.
COLUMNS = ("id", "step", "start", "end", "from", "lemma", "witness", "pages", "supplied", "text")
#: What the data says the notes are (edition.json ``source``).
SOURCE = "鄭注"
SUPPLIED = re.compile(r"〔([^〔〕]*)〕")
_FROM = re.compile(r"^(?P<step>\S+):(?P<offset>\d+)$")


class Note(NamedTuple):
    """One note on its lemma (a row of commentary.tsv; ``line`` is its line there)."""

    id: str
    step: str
    start: int
    end: int
    first: str  # the step its lemma begins in, when that is an earlier step; else ""
    first_offset: int
    lemma: str
    witness: str
    pages: tuple[str, ...]
    supplied: str
    text: str  # as the file has it: 〔…〕 around a supplied part
    line: int

    @property
    def plain(self) -> str:
        """The note's words, without the marks of a supplied part."""
        return SUPPLIED.sub(r"\1", self.text)


class Problem(NamedTuple):
    """A row that cannot be used: its line, what is wrong, and which kind of wrong
    (``row``: malformed; ``duplicate``: an id given twice)."""

    line: int
    message: str
    kind: str


def read(path: Path) -> tuple[list[Note], list[Problem]]:
    """The notes of ``path`` and the problems of its rows (a bad row is left out, and said),
    for the tools and tests that read the file without a build (the build reads it through
    the strict reader of data files, and gives its rows to :func:`notes_from`).

    Comment lines (``#``) and blank lines are skipped; the first other line is the header,
    which must name :data:`COLUMNS`.
    """
    rows: list[tuple[int, Mapping[str, str]]] = []
    problems: list[Problem] = []
    header = False
    text = path.read_text(encoding="utf-8-sig")
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if not header:
            header = True
            if tuple(cells) != COLUMNS:
                problems.append(Problem(n, f"the header must be {' '.join(COLUMNS)}", "row"))
                return [], problems
            continue
        if len(cells) != len(COLUMNS):
            problems.append(Problem(n, f"{len(cells)} cells, expected {len(COLUMNS)}", "row"))
            continue
        rows.append((n, dict(zip(COLUMNS, cells, strict=True))))
    seen: dict[str, int] = {}
    unique: list[tuple[int, Mapping[str, str]]] = []
    for n, row in rows:
        if row["id"] in seen:
            again = f"duplicate note id {row['id']!r}, also at line {seen[row['id']]}"
            problems.append(Problem(n, again, "duplicate"))
            continue
        seen[row["id"]] = n
        unique.append((n, row))
    notes, bad = notes_from(unique)
    return notes, sorted(problems + bad)


def notes_from(rows: Iterable[tuple[int, Mapping[str, Any]]]) -> tuple[list[Note], list[Problem]]:
    """The notes of rows of the file (each its line and its cells by column, whole and of
    unique ids), and the problems of the rows whose cells say no note: offsets that are not
    numbers, a ``from`` that is not ``step:offset``, no id, step or text."""
    notes: list[Note] = []
    problems: list[Problem] = []
    for n, row in rows:
        start, end = str(row["start"]), str(row["end"])
        if not start.isdigit() or not end.isdigit():
            problems.append(Problem(n, "start and end must be offsets (digits)", "row"))
            continue
        first, first_offset = "", 0
        if row["from"]:
            m = _FROM.match(row["from"])
            if m is None:
                problems.append(Problem(n, f"from {row['from']!r} is not step:offset", "row"))
                continue
            first, first_offset = m["step"], int(m["offset"])
        if not row["id"] or not row["step"] or not SUPPLIED.sub("", row["text"]).strip():
            problems.append(Problem(n, "a note needs an id, a step and a text", "row"))
            continue
        why = _supply_problem(row["text"], row["supplied"])
        if why:
            problems.append(Problem(n, f"note {row['id']}: {why}", "row"))
            continue
        notes.append(
            Note(
                row["id"],
                row["step"],
                int(start),
                int(end),
                first,
                first_offset,
                row["lemma"],
                row["witness"],
                tuple(row["pages"].split()),
                row["supplied"],
                row["text"],
                n,
            )
        )
    return notes, problems


def _supply_problem(text: str, supplied: str) -> str | None:
    """Why a note's 〔…〕 marks and its ``supplied`` cell disagree, or None: a supplied part
    must say which witness supplies it (the data would credit its words to the note's own
    witness), a ``supplied`` cell needs a part to name, and the marks must pair up."""
    if "〔" in SUPPLIED.sub("", text) or "〕" in SUPPLIED.sub("", text):
        return "its 〔 and 〕 do not pair up"
    if SUPPLIED.search(text) and not supplied.strip():
        return "a part in 〔…〕 needs `supplied`: the witness that supplies it, and its page"
    if supplied.strip() and not SUPPLIED.search(text):
        return f"`supplied` is {supplied!r}, but no part of the text is in 〔…〕"
    return None


def supplied_parts(note: Note) -> list[dict[str, Any]]:
    """The parts of the note's words (:attr:`Note.plain`) that another witness supplies, as
    ``edition.json`` gives them: where each stands in the plain text, the witness and its
    pages (the ``supplied`` cell: a siglum, then pages)."""
    witness, *pages = note.supplied.split()
    out: list[dict[str, Any]] = []
    removed = 0
    for m in SUPPLIED.finditer(note.text):
        start = m.start() - removed
        out.append(
            {"start": start, "end": start + len(m.group(1)), "witness": witness, "pages": pages}
        )
        removed += 2  # the two marks
    return out


def misplaced(note: Note, text: str, fold: Callable[[str], str] = lambda s: s) -> str | None:
    """Why ``note`` cannot stand in its step's edited ``text``, or None if it can: its lemma
    must lie inside the text and read there as the file gives it (``fold`` applied to both,
    so that a change of one character's form does not count)."""
    if not 0 <= note.start < note.end <= len(text):
        return (
            f"note {note.id}: its lemma [{note.start}, {note.end}) lies outside its step "
            f"{note.step} ({len(text)} characters)"
        )
    here = text[note.start : note.end]
    if fold(here) != fold(note.lemma):
        return (
            f"note {note.id}: {note.step} reads 「{here}」 there, not 「{note.lemma}」 "
            "(the text changed: re-run make commentary)"
        )
    return None


def segments(text: str) -> list[tuple[str, bool]]:
    """The note's text in pieces, each with whether it is supplied (〔…〕, marks kept)."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in SUPPLIED.finditer(text):
        if m.start() > pos:
            out.append((text[pos : m.start()], False))
        out.append((m.group(0), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


def span_problem(note: Note, order: Sequence[str], lengths: Mapping[str, int]) -> str | None:
    """Why a lemma across steps cannot run as the row's ``from`` says, or None: its first step
    must come before the note's own in the text's ``order`` (a later one, or the note's own,
    spans nothing), and its offset must lie within that step's edited text (``lengths``: each
    step's characters). A step that no page declares is said apart."""
    if not note.first or note.first not in order or note.step not in order:
        return None
    where = f"note {note.id}: from {note.first}:{note.first_offset}"
    if order.index(note.first) >= order.index(note.step):
        return (
            f"{where}: a lemma across steps begins in a step before its note's own "
            f"({note.step}), and {note.first} is not one"
        )
    length = lengths.get(note.first)
    if length is not None and note.first_offset >= length:
        return f"{where}: the offset lies outside {note.first} ({length} characters)"
    return None


def witness_problem(note: Note, sigla: Iterable[str]) -> str | None:
    """Why the witnesses a note names are not the edition's, or None: its own witness, and the
    one that supplies a part of it (the first word of ``supplied``), are sigla of the edition
    (``sigla``: sigla.tsv's), as the data credits them with its words."""
    known = set(sigla)
    if not note.witness:
        return f"note {note.id} names no witness"
    if note.witness not in known:
        return f"note {note.id}: its witness {note.witness!r} is not a siglum of the edition"
    supplier = note.supplied.split()[0] if note.supplied.split() else ""
    if supplier and supplier not in known:
        return (
            f"note {note.id}: the witness that supplies its 〔…〕, {supplier!r}, is not a "
            "siglum of the edition"
        )
    return None


def spans_steps(note: Note, order: Sequence[str]) -> list[str]:
    """The steps a lemma across steps runs over, its own last; [] for a lemma in one step."""
    if not note.first or note.first not in order or note.step not in order:
        return []
    return list(order[order.index(note.first) : order.index(note.step) + 1])


def exported(note: Note, order: Sequence[str]) -> dict[str, Any]:
    """The note as ``edition.json`` gives it: with ``supplied`` where another witness supplies
    part of its words (:func:`supplied_parts`), and, for a lemma across steps, the steps it runs
    over (``spans_steps``) and where in the first of them it begins (``spans_start``)."""
    out: dict[str, Any] = {
        "id": note.id,
        "start": note.start,
        "end": note.end,
        "text": note.plain,
        "source": SOURCE,
        "witness": note.witness,
        "pages": list(note.pages),
    }
    if note.supplied:
        out["supplied"] = supplied_parts(note)
    steps = spans_steps(note, order)
    if steps:
        out["spans_steps"] = steps
        out["spans_start"] = note.first_offset
    return out


def by_step(notes: Sequence[Note]) -> Mapping[str, list[Note]]:
    """The notes of each step, in order."""
    out: dict[str, list[Note]] = {}
    for note in notes:
        out.setdefault(note.step, []).append(note)
    return out
