"""The translation's apparatus: the editors' corrections of the base 譯文.  Pure Python.

Why a second apparatus: the seed's modern translation went through the same web filter and
繁簡 conversion as its 原文 (「一交一 」 for 交, 撲 for 扑, 台 for 臺 …) and has typos of its
own.  As with the 原文, the pages hold the base translation exactly as the seed has it and the
build applies the corrections recorded here, so the base is never lost and a reader can see
(and switch off) every place where the printed 譯文 departs from it.  Unlike the 原文's
apparatus there are no witnesses: the only other reading is the base text's (底), so an entry
has no ``readings``, ``pages`` or ``decision`` of its own (every entry is a printed
correction); :func:`as_entry` gives the 原文 apparatus's :class:`~.apparatus.Entry` for it,
so that locating, applying, undoing and formatting are that module's functions, not copies.

Data, in the edition folder: ``translation-apparatus.toml``, one ``[[entry]]`` per
correction (see its header).  An entry's ``context`` is a short string of the CORRECTED
translation of its step with the lemma between square brackets, unique in that step's
translation (and so is the same string with the base reading in the brackets).  The kinds of
correction and the form of the ids are the edition's (``edition.toml``,
``[translation_apparatus]``); without them, the engine's defaults of :mod:`.edition`.

The review of the base translation for meaning is kept beside it, in
``translation-review.tsv``: one row per base-translated step, saying whether the step was
reviewed and left as it stands, changed (by the entries it names), or left with a divergence
noted, or is still pending.  :func:`read_review` reads it and :func:`review_problems` holds it
to the entries: a changed step has entries of the review's kind, and every such entry is
named by its step's row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from . import apparatus
from .datafile import Document, Problem, Tsv


class Declares(Protocol):
    """What :meth:`Rules.of` reads of an edition (an :class:`~.edition.Edition` has it); a
    protocol, so that this module does not import the one that loads it."""

    @property
    def translation_kinds(self) -> Mapping[str, str]: ...
    @property
    def translation_id_pattern(self) -> re.Pattern[str]: ...
    @property
    def translation_id_form(self) -> str: ...


#: The translation apparatus's kinds and ids when ``edition.toml`` declares none: what the web
#: copy and its 繁簡 conversion do to a modern translation.
DEFAULT_KINDS = {
    "filter-artifact": "網頁過濾衍文",
    "typo": "傳寫錯字",
    "conversion": "繁簡轉換之誤",
}
#: The default kinds that correct a character's form, not the sense: a copy of the page in
#: another script prints their lemma as the edition does (:mod:`.kept`), since converting it
#: would print the rejected form (繫 → 系, where the web copy's 系 is the slip). The lemma of a
#: correction of the sense is converted with the translation it stands in.
DEFAULT_KEPT_KINDS = frozenset({"conversion"})
DEFAULT_ID_PREFIX = "tr"
DEFAULT_ID_DIGITS = 3

#: The engine's default kinds and id form (an edition declares its own in edition.toml).
KINDS = tuple(DEFAULT_KINDS)
ID_RE = re.compile(rf"{DEFAULT_ID_PREFIX}-\d{{{DEFAULT_ID_DIGITS}}}")
ID_FORM = f"{DEFAULT_ID_PREFIX}-{'N' * DEFAULT_ID_DIGITS}"


@dataclass(frozen=True)
class TranslationEntry:
    """One correction of the base translation (see the header of translation-apparatus.toml)."""

    id: str
    step: str
    seed_line: int
    lemma: str
    base: str
    context: str
    kind: str
    note: str

    @property
    def decision(self) -> str:
        """Always ``"emend"``: every correction is printed (what ``apparatus.base_text``
        undoes)."""
        return "emend"

    @property
    def base_context(self) -> str:
        """The context as the base translation reads it (lemma replaced by the base)."""
        before, _, after = apparatus.split_context(self.context)
        return before + self.base + after


@dataclass(frozen=True)
class Rules:
    """What an entry may be: its kinds and the form of its id (the edition's)."""

    kinds: tuple[str, ...] = KINDS
    id_re: re.Pattern[str] = ID_RE
    id_form: str = ID_FORM

    @classmethod
    def of(cls, edition: Declares) -> Rules:
        """The rules an :class:`~.edition.Edition` declares."""
        return cls(
            tuple(edition.translation_kinds),
            edition.translation_id_pattern,
            edition.translation_id_form,
        )


DEFAULT_RULES = Rules()


def load_entries(path: Path, rules: Rules = DEFAULT_RULES) -> list[TranslationEntry]:
    """Read and validate the file (ValueError on the first malformed entry)."""
    return apparatus.load_entry_file(path, lambda doc: entries_from(doc, rules))


FIELDS = ("id", "step", "seed_line", "lemma", "base", "context", "kind", "note")
#: The form of translation-apparatus.toml: the 原文 apparatus's (its entries, and the ids it
#: retires), read by the same reader (:func:`.apparatus.read_entry_file`).
FORM = apparatus.FORM


def read_entries(
    path: Path, rules: Rules = DEFAULT_RULES
) -> tuple[list[TranslationEntry], list[Problem]]:
    """Read the file without raising (:func:`.apparatus.read_entry_file`)."""
    return apparatus.read_entry_file(path, lambda doc: entries_from(doc, rules))


def entries_from(
    doc: Document, rules: Rules = DEFAULT_RULES
) -> tuple[list[TranslationEntry], list[Problem]]:
    """The valid entries of a file read by :func:`.datafile.read_toml`, and the problems of
    the others (ids used twice or retired among them: :func:`.apparatus.entry_tables`)."""
    src = str(doc.path)
    tables, problems = apparatus.entry_tables(doc, FIELDS, rules.id_re.pattern)
    entries: list[TranslationEntry] = []
    for line, e in tables:
        try:
            entry = TranslationEntry(
                id=e["id"],
                step=e["step"],
                seed_line=e["seed_line"],
                lemma=e["lemma"],
                base=e["base"],
                context=e["context"],
                kind=e["kind"],
                note=e["note"],
            )
            check_entry(entry, rules)
        except KeyError as exc:
            problems.append(
                Problem(
                    src, line, f"entry {e['id']} lacks the field {exc}", apparatus.BAD_APPARATUS
                )
            )
            continue
        except (TypeError, ValueError, AttributeError) as exc:
            problems.append(Problem(src, line, f"entry {e['id']}: {exc}", apparatus.BAD_APPARATUS))
            continue
        entries.append(entry)
    return entries, problems


def check_entry(entry: TranslationEntry, rules: Rules = DEFAULT_RULES) -> None:
    """Raise ValueError if an entry contradicts itself or the edition's rules."""
    if not rules.id_re.fullmatch(entry.id):
        raise ValueError(f"id {entry.id!r} is not {rules.id_form}")
    if not entry.step:
        raise ValueError("no step")
    if entry.kind not in rules.kinds:
        raise ValueError(f"kind {entry.kind!r} (one of {', '.join(rules.kinds)})")
    _, lemma, _ = apparatus.split_context(entry.context)
    if lemma != entry.lemma:
        raise ValueError(f"context lemma {lemma!r} is not the lemma {entry.lemma!r}")
    if entry.lemma == entry.base:
        raise ValueError("a correction must change the text (lemma equals base)")
    if not entry.note:
        raise ValueError("a correction needs a note")


def by_step(entries: Iterable[TranslationEntry]) -> dict[str, list[TranslationEntry]]:
    """step id → its entries, in file order."""
    out: dict[str, list[TranslationEntry]] = {}
    for e in entries:
        out.setdefault(e.step, []).append(e)
    return out


def as_entry(entry: TranslationEntry, base_siglum: str) -> apparatus.Entry:
    """The correction as an entry of the 原文 apparatus: the corrected reading is the lemma,
    the base translation's reading the one variant, read by the base text (``base_siglum``)."""
    return apparatus.Entry(
        id=entry.id,
        seed_line=entry.seed_line,
        step=entry.step,
        lemma=entry.lemma,
        base=entry.base,
        context=entry.context,
        decision=entry.decision,
        kind=entry.kind,
        readings=(apparatus.Reading(entry.base, (base_siglum,) if base_siglum else ()),),
        note=entry.note,
    )


def as_entries(
    doc: Document, base_siglum: str = "", rules: Rules = DEFAULT_RULES
) -> tuple[list[apparatus.Entry], list[Problem]]:
    """:func:`entries_from`, each entry given as :func:`as_entry` (what the build places)."""
    entries, problems = entries_from(doc, rules)
    return [as_entry(e, base_siglum) for e in entries], problems


def locate(translation: str, entry: TranslationEntry) -> tuple[int, int]:
    """Offsets (start, end) of the entry's lemma in its step's corrected translation
    (ValueError if the context is missing or ambiguous there)."""
    return apparatus.locate(translation, as_entry(entry, ""))


def locate_base(translation: str, entry: TranslationEntry) -> tuple[int, int]:
    """Offsets (start, end) of the entry's place in its step's base translation."""
    return apparatus.locate_base(translation, as_entry(entry, ""))


def corrected_translation(translation: str, entries: Iterable[TranslationEntry]) -> str:
    """Apply every correction of one step to its base translation: the 譯文 as printed."""
    return apparatus.edited_text(translation, [as_entry(e, "") for e in entries])


def base_translation(translation: str, entries: Iterable[TranslationEntry]) -> str:
    """Undo every correction of one step: its translation as the seed has it."""
    return apparatus.base_text(translation, [as_entry(e, "") for e in entries])


def problems(translations: dict[str, str | None], entries: Iterable[TranslationEntry]) -> list[str]:
    """Why some entries cannot be placed in the *base* translations (``translations``, as the
    pages hold them): a step that is unknown or has no translation, or a context that is
    missing or ambiguous there once the step's other corrections are applied."""
    out: list[str] = []
    grouped = by_step(entries)
    for step_id, group in grouped.items():
        text = translations.get(step_id)
        if text is None:
            out.extend(f"{e.id}: step {step_id} has no translation" for e in group)
            continue
        _, left = apparatus.apply_order(text, [as_entry(e, "") for e in group])
        for e in left:
            out.append(f"{e.id}: context {e.context!r} cannot be placed in {step_id}")
    return out


# -- the review of the base translation for meaning ---------------------------------------------

#: A step's state in the review: read and found right; corrected by entries of the review's
#: kind; read, a divergence noted and left (not a mistranslation); not yet read.
REVIEW_STATUSES = ("reviewed", "changed", "left", "pending")
REVIEW_COLUMNS = ("step", "status", "entries", "note")
#: The form of translation-review.tsv for the strict reader (:mod:`.datafile`): one row a step.
REVIEW_FORM = Tsv(
    REVIEW_COLUMNS,
    key=("step",),
    enums={"status": REVIEW_STATUSES},
    required=("step", "status"),
)


@dataclass(frozen=True)
class ReviewRow:
    """One step of the review (a row of translation-review.tsv)."""

    step: str
    status: str
    entries: tuple[str, ...]
    note: str
    line: int


def read_review(path: Path) -> tuple[list[ReviewRow], list[tuple[int, str]]]:
    """The rows of the review file (``#`` lines are its header, then a row of column names),
    and ``(line, message)`` for each row that cannot be used."""
    rows: list[ReviewRow] = []
    problems: list[tuple[int, str]] = []
    seen: set[str] = set()
    columns: list[str] | None = None
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if columns is None:
            columns = cells
            if tuple(cells) != REVIEW_COLUMNS:
                problems.append((n, f"the columns must be {', '.join(REVIEW_COLUMNS)}"))
                return rows, problems
            continue
        cells += [""] * (len(REVIEW_COLUMNS) - len(cells))
        if len(cells) > len(REVIEW_COLUMNS):
            problems.append((n, f"{len(cells)} cells, not {len(REVIEW_COLUMNS)}"))
            continue
        step, status, ids, note = (c.strip() for c in cells)
        entries = tuple(i.strip() for i in ids.split(",") if i.strip())
        why = ""
        if status not in REVIEW_STATUSES:
            why = f"status {status!r} is not one of {', '.join(REVIEW_STATUSES)}"
        elif rule := _review_rule(status, entries, note):
            why = rule
        elif step in seen:
            why = f"{step} is listed twice"
        if why:
            problems.append((n, why))
            continue
        seen.add(step)
        rows.append(ReviewRow(step, status, entries, note, n))
    if columns is None:
        problems.append((0, "no rows"))
    return rows, problems


def entry_steps(doc: Document) -> dict[str, str]:
    """Each entry of the file as written (a malformed one too: it is warned apart) by id → the
    step it names (the first entry of an id)."""
    raw = doc.data.get("entry", [])
    out: dict[str, str] = {}
    for e in raw if isinstance(raw, list) else []:
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            out.setdefault(e["id"], str(e.get("step", "")))
    return out


def _review_rule(status: str, entries: tuple[str, ...], note: str) -> str:
    """What a row of the review says against itself, or '': a changed step names its entries
    (and only a changed step does), a changed or left step gives its reason."""
    if (status == "changed") != bool(entries):
        return "a changed step names its entries, and only a changed step does"
    if status in ("changed", "left") and not note:
        return f"a {status} step needs a reason"
    return ""


def review_row_problems(
    rows: Iterable[tuple[int, Mapping[str, str]]],
    steps: Iterable[str],
    entry_steps: Mapping[str, str],
) -> list[tuple[int, str]]:
    """``(line, message)`` for each row of the review (its line and its cells by column, as
    the strict reader gives them) that the build cannot hold to the edition: a step that no
    page declares (``steps``), a row at odds with itself (:func:`_review_rule`), an entry it
    names that the translation apparatus does not hold, or holds for another step
    (``entry_steps``: each entry's id → its step)."""
    known = set(steps)
    out: list[tuple[int, str]] = []
    for line, row in rows:
        step, status = str(row["step"]), str(row["status"])
        entries = tuple(i.strip() for i in str(row["entries"]).split(",") if i.strip())
        if step not in known:
            out.append((line, f"the review names step {step!r}, which no page declares"))
        rule = _review_rule(status, entries, str(row.get("note", "")))
        if rule:
            out.append((line, f"{step}: {rule}"))
        for entry_id in entries:
            if entry_id not in entry_steps:
                out.append(
                    (
                        line,
                        f"{step} names {entry_id}, which the translation apparatus does not hold",
                    )
                )
            elif entry_steps[entry_id] != step:
                out.append((line, f"{step} names {entry_id}, an entry of {entry_steps[entry_id]}"))
    return out


def review_problems(
    rows: Iterable[ReviewRow],
    base_steps: Iterable[str],
    entries: Iterable[TranslationEntry],
    kind: str,
) -> list[str]:
    """Where the review and the apparatus disagree: a base-translated step without its row (or
    a row of another step, or out of the text's order), a changed step whose entries are not
    its own of ``kind``, an entry of ``kind`` its step's row does not name."""
    rows = list(rows)
    order = list(base_steps)
    out: list[str] = []
    listed = [r.step for r in rows]
    for step in order:
        if step not in listed:
            out.append(f"{step}: a base-translated step the review does not list")
    for r in rows:
        if r.step not in order:
            out.append(f"line {r.line}: {r.step} has no base translation")
    known = [s for s in listed if s in order]
    if known != [s for s in order if s in known]:
        out.append("the review's rows are not in the order of the text")
    by_id = {e.id: e for e in entries}
    named: set[str] = set()
    for r in rows:
        for entry_id in r.entries:
            e = by_id.get(entry_id)
            if e is None:
                out.append(
                    f"line {r.line}: {r.step} names {entry_id}, "
                    "which the translation apparatus does not hold"
                )
            elif e.step != r.step or e.kind != kind:
                out.append(f"line {r.line}: {entry_id} is not a {kind} entry of {r.step}")
            else:
                named.add(entry_id)
    for e in by_id.values():
        if e.kind == kind and e.id not in named:
            out.append(f"{e.id}: a {kind} entry of {e.step} its review row does not name")
    return out
