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
translation (and so is the same string with the base reading in the brackets).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import apparatus
from .datafile import Document, Problem, Toml, read_toml

#: What went wrong in the base translation (the 原文 apparatus's kinds, less "variant").
KINDS = ("filter-artifact", "typo", "conversion")
ID_RE = re.compile(r"tr-\d{3}")


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


def load_entries(path: Path) -> list[TranslationEntry]:
    """Read and validate the file (ValueError on the first malformed entry)."""
    entries, problems = read_entries(path)
    if problems:
        raise ValueError(str(problems[0]))
    return entries


FIELDS = ("id", "step", "seed_line", "lemma", "base", "context", "kind", "note")
#: The form of translation-apparatus.toml: its entries, and the ids it retires.
FORM = Toml({"": ("entry", "retired")})


def read_entries(path: Path) -> tuple[list[TranslationEntry], list[Problem]]:
    """Read the file without raising: the valid entries, and a located problem for the file
    and each entry that cannot be used, so a build can warn about each at its line."""
    doc = read_toml(path, FORM)
    entries, problems = entries_from(doc)
    return entries, doc.problems + problems


def entries_from(doc: Document) -> tuple[list[TranslationEntry], list[Problem]]:
    """The valid entries of a file read by :func:`.datafile.read_toml`, and the problems of
    the others (ids used twice or retired among them: :func:`.apparatus.entry_tables`)."""
    src = str(doc.path)
    tables, problems = apparatus.entry_tables(doc, FIELDS, ID_RE.pattern)
    entries: list[TranslationEntry] = []
    for line, e in tables:
        try:
            entry = TranslationEntry(
                id=e["id"],
                step=e["step"],
                seed_line=int(e["seed_line"]),
                lemma=e["lemma"],
                base=e["base"],
                context=e["context"],
                kind=e["kind"],
                note=e["note"],
            )
            check_entry(entry)
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


def check_entry(entry: TranslationEntry) -> None:
    """Raise ValueError if an entry contradicts itself."""
    if not ID_RE.fullmatch(entry.id):
        raise ValueError(f"id {entry.id!r} is not tr-NNN")
    if not entry.step:
        raise ValueError("no step")
    if entry.kind not in KINDS:
        raise ValueError(f"kind {entry.kind!r} (one of {', '.join(KINDS)})")
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


def as_entries(doc: Document, base_siglum: str = "") -> tuple[list[apparatus.Entry], list[Problem]]:
    """:func:`entries_from`, each entry given as :func:`as_entry` (what the build places)."""
    entries, problems = entries_from(doc)
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
