"""The translation's apparatus: the editors' corrections of the base 譯文.  Pure Python.

Why a second apparatus: the seed's modern translation went through the same web filter and
繁簡 conversion as its 原文 (「一交一 」 for 交, 撲 for 扑, 台 for 臺 …) and has typos of its
own.  The pages print it corrected; every correction is recorded here so that the seed's
lines can always be recovered, and a reader can see where the printed 譯文 departs from the
base translation.  Unlike the 原文's apparatus there are no witnesses: the only other reading
is the base text's, so an entry has no ``readings``, ``pages`` or ``decision`` (every entry
is a correction that is printed).

Data: ``data/translation-apparatus.toml``, one ``[[entry]]`` per correction (see its header).
An entry's ``context`` is a short string of the CORRECTED translation of its step with the
lemma between square brackets, unique in that step's translation.  Locating a lemma and
undoing corrections are the 原文 apparatus's own functions (``apparatus.split_context``,
``apparatus.locate``, ``apparatus.base_text``), which need of an entry only ``id``,
``context``, ``base`` and ``decision``; this module supplies entries that have them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import apparatus

DATA = apparatus.DATA
PATH = DATA / "translation-apparatus.toml"
#: What went wrong in the base translation (the 原文 apparatus's kinds, less "variant").
KINDS = ("filter-artifact", "typo", "conversion")
ID_RE = re.compile(r"tr-\d{3}")
STEP_RE = re.compile(r"xs-\d{4}")


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


def load_entries(path: Path = PATH) -> list[TranslationEntry]:
    """Read and validate the file (ValueError on the first malformed entry)."""
    entries, problems = read_entries(path)
    if problems:
        raise ValueError(f"{path.name}:{problems[0][0]}: {problems[0][1]}")
    return entries


def read_entries(path: Path = PATH) -> tuple[list[TranslationEntry], list[tuple[int, str]]]:
    """Read the file without raising: the valid entries, and ``(line, message)`` for each
    entry (or the file) that cannot be used, so a build can warn about each at its line."""
    text = path.read_text(encoding="utf-8")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"at line (\d+)", str(exc))
        return [], [(int(line[1]) if line else 0, f"{path.name} is not valid TOML: {exc}")]
    starts = [
        text.count("\n", 0, m.start()) + 1 for m in re.finditer(r"^\[\[entry\]\]", text, re.M)
    ]
    entries: list[TranslationEntry] = []
    problems: list[tuple[int, str]] = []
    seen: set[str] = set()
    for i, e in enumerate(raw.get("entry", [])):
        line = starts[i] if i < len(starts) else 0
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
            problems.append((line, f"entry {e.get('id', i + 1)!s} lacks the field {exc}"))
            continue
        except (TypeError, ValueError) as exc:
            problems.append((line, f"entry {e.get('id', i + 1)!s}: {exc}"))
            continue
        if entry.id in seen:
            problems.append((line, f"entry {entry.id}: the id is used twice"))
            continue
        seen.add(entry.id)
        entries.append(entry)
    return entries, problems


def check_entry(entry: TranslationEntry) -> None:
    """Raise ValueError if an entry contradicts itself."""
    if not ID_RE.fullmatch(entry.id):
        raise ValueError(f"id {entry.id!r} is not tr-NNN")
    if not STEP_RE.fullmatch(entry.step):
        raise ValueError(f"step {entry.step!r} is not xs-NNNN")
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


def locate(translation: str, entry: TranslationEntry) -> tuple[int, int]:
    """Offsets (start, end) of the entry's lemma in its step's printed translation
    (ValueError if the context is missing or ambiguous there)."""
    return apparatus.locate(translation, entry)


def base_translation(translation: str, entries: Iterable[TranslationEntry]) -> str:
    """Undo every correction of one step: its translation as the seed has it."""
    return apparatus.base_text(translation, list(entries))


def problems(translations: dict[str, str | None], entries: Iterable[TranslationEntry]) -> list[str]:
    """Why some entries cannot be placed: a step that is unknown or has no translation, or a
    context that is missing or ambiguous in its step's translation."""
    out = []
    for e in entries:
        text = translations.get(e.step)
        if text is None:
            out.append(f"{e.id}: step {e.step} has no translation")
            continue
        try:
            locate(text, e)
        except ValueError as exc:
            out.append(str(exc))
    return out
