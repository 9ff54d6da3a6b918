"""The critical apparatus as data: load, locate, undo, format.  Pure Python, no Sphinx.

Why pure: the apparatus must be checked (and applied to the source pages by
``tools/apply_emendations.py``) without a Sphinx build, and the build only needs these few
functions to place an entry in a step and to print it.

Data: ``data/apparatus.toml`` (one ``[[entry]]`` per editorial decision) and
``data/sigla.tsv``.  An entry's ``context`` is a short string of the EDITED, punctuated text
with the lemma between square brackets, e.g. ``居侯[黨]之一``; an empty lemma (the
emendation deletes) is ``主人[]大夫``.  The brackets never occur in the text itself.  A
context is unique in the whole edited 原文, hence in its step.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
OPEN, CLOSE = "[", "]"
#: How an empty reading or lemma is printed in an entry.
EMPTY = "〔無〕"
DECISIONS = ("emend", "retain")
KINDS = ("filter-artifact", "typo", "conversion", "variant", "slip")
BASE_SIGLUM = "底"


@dataclass(frozen=True)
class Reading:
    """One reading and the sigla that have it."""

    text: str
    witnesses: tuple[str, ...]


@dataclass(frozen=True)
class Slip:
    """A slip of a witness's digital copy (not a reading of the edition it transcribes)."""

    witness: str
    text: str


@dataclass(frozen=True)
class Entry:
    """One editorial decision (see the header of apparatus.toml)."""

    id: str
    seed_line: int
    step: str
    lemma: str
    base: str
    context: str
    decision: str
    kind: str
    readings: tuple[Reading, ...]
    pages: dict[str, str] = field(default_factory=dict)
    note: str = ""
    slips: tuple[Slip, ...] = ()

    @property
    def before(self) -> str:
        """Edited text before the lemma in the context."""
        return split_context(self.context)[0]

    @property
    def after(self) -> str:
        """Edited text after the lemma in the context."""
        return split_context(self.context)[2]

    @property
    def base_context(self) -> str:
        """The context as it reads in the base text (lemma replaced by the base reading)."""
        b, _, a = split_context(self.context)
        return b + (self.base if self.decision == "emend" else self.lemma) + a


def split_context(context: str) -> tuple[str, str, str]:
    """Split ``居侯[黨]之一`` into (before, lemma, after); ValueError if not exactly one pair."""
    if context.count(OPEN) != 1 or context.count(CLOSE) != 1:
        raise ValueError(f"context {context!r} must hold exactly one {OPEN}…{CLOSE}")
    before, rest = context.split(OPEN)
    lemma, after = rest.split(CLOSE)
    return before, lemma, after


def load_entries(path: Path = DATA / "apparatus.toml") -> list[Entry]:
    """Read and validate apparatus.toml (ValueError on a malformed entry)."""
    entries, problems = read_entries(path)
    if problems:
        raise ValueError(problems[0][1])
    return entries


def read_entries(path: Path) -> tuple[list[Entry], list[tuple[int, str]]]:
    """Read apparatus.toml without raising: the valid entries, and ``(line, message)`` for
    each entry (or the file) that cannot be used — what the Sphinx build warns about."""
    text = path.read_text(encoding="utf-8")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"at line (\d+)", str(exc))
        return [], [(int(line[1]) if line else 0, f"{path.name} is not valid TOML: {exc}")]
    starts = [
        text.count("\n", 0, m.start()) + 1 for m in re.finditer(r"^\[\[entry\]\]", text, re.M)
    ]
    entries: list[Entry] = []
    problems: list[tuple[int, str]] = []
    for i, e in enumerate(raw.get("entry", [])):
        line = starts[i] if i < len(starts) else 0
        if not isinstance(e, dict):
            problems.append((line, f"entry {i + 1} is not a table"))
            continue
        try:
            entry = Entry(
                id=e["id"],
                seed_line=int(e["seed_line"]),
                step=e.get("step", ""),
                lemma=e["lemma"],
                base=e["base"],
                context=e["context"],
                decision=e["decision"],
                kind=e["kind"],
                readings=tuple(Reading(r["text"], tuple(r["witnesses"])) for r in e["readings"]),
                pages=dict(e.get("pages", {})),
                note=e.get("note", ""),
                slips=tuple(Slip(s["witness"], s["text"]) for s in e.get("slips", [])),
            )
            check_entry(entry)
        except KeyError as exc:
            problems.append((line, f"entry {e.get('id', i + 1)!s} lacks the field {exc}"))
            continue
        except (TypeError, ValueError) as exc:
            problems.append((line, f"entry {e.get('id', i + 1)!s}: {exc}"))
            continue
        entries.append(entry)
    return entries, problems


def check_entry(entry: Entry) -> None:
    """Raise ValueError if an entry contradicts itself."""
    if entry.decision not in DECISIONS:
        raise ValueError(f"{entry.id}: decision {entry.decision!r}")
    if entry.kind not in KINDS:
        raise ValueError(f"{entry.id}: kind {entry.kind!r}")
    _, lemma, _ = split_context(entry.context)
    if lemma != entry.lemma:
        raise ValueError(f"{entry.id}: context lemma {lemma!r} is not the lemma {entry.lemma!r}")
    if entry.decision == "retain" and entry.lemma != entry.base:
        raise ValueError(f"{entry.id}: a retained reading must equal the base")
    if entry.decision == "emend" and entry.lemma == entry.base:
        raise ValueError(f"{entry.id}: an emendation must change the text")
    if not any(BASE_SIGLUM in r.witnesses for r in entry.readings):
        raise ValueError(f"{entry.id}: no reading carries the base siglum {BASE_SIGLUM}")
    credited = {s for r in entry.readings for s in r.witnesses}
    for slip in entry.slips:
        if slip.witness == BASE_SIGLUM or slip.witness in credited:
            raise ValueError(f"{entry.id}: slip of {slip.witness}, which has a reading")
    if entry.kind == "slip" and not (entry.slips and entry.decision == "retain"):
        raise ValueError(f"{entry.id}: an entry of kind slip retains the base and names a slip")


def load_sigla(path: Path = DATA / "sigla.tsv") -> dict[str, dict[str, str]]:
    """siglum → row (name, description, source, licence, role), in file order."""
    rows, problems = read_sigla(path)
    if problems:
        raise ValueError(f"{path.name}:{problems[0][0]}: {problems[0][1]}")
    return rows


def read_sigla(path: Path) -> tuple[dict[str, dict[str, str]], list[tuple[int, str]]]:
    """Read sigla.tsv without raising: the rows, and ``(line, message)`` for each bad row."""
    rows: dict[str, dict[str, str]] = {}
    problems: list[tuple[int, str]] = []
    header: list[str] | None = None
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        if len(cells) != len(header):
            problems.append((lineno, f"{len(cells)} cells, expected {len(header)} ({path.name})"))
            continue
        rows[cells[0]] = dict(zip(header, cells, strict=True))
    return rows, problems


def _find_all(text: str, sub: str) -> list[int]:
    out, i = [], text.find(sub)
    while i >= 0:
        out.append(i)
        i = text.find(sub, i + 1)
    return out


def locate(step_text: str, entry: Entry) -> tuple[int, int]:
    """Code-point offsets (start, end) of the lemma in the step's edited, punctuated text.

    For an empty lemma start == end (the place of the deletion).  ValueError if the context
    does not occur in the step, or occurs more than once.
    """
    before, lemma, after = split_context(entry.context)
    hits = _find_all(step_text, before + lemma + after)
    if not hits:
        raise ValueError(f"{entry.id}: context {entry.context!r} not found in the step")
    if len(hits) > 1:
        raise ValueError(f"{entry.id}: context {entry.context!r} is ambiguous ({len(hits)}×)")
    start = hits[0] + len(before)
    return start, start + len(lemma)


def base_text(step_text: str, entries: list[Entry]) -> str:
    """Undo every emendation of a step: the step's text as the base text has it.

    All lemmas are located in the edited text first, then replaced from right to left, so
    entries whose contexts overlap do not disturb each other.
    """
    spans = []
    for e in entries:
        if e.decision == "emend":
            start, end = locate(step_text, e)
            spans.append((start, end, e.base))
    spans.sort(reverse=True)
    out = step_text
    for start, end, base in spans:
        out = out[:start] + base + out[end:]
    return out


def order_sigla(sigla: tuple[str, ...], order: list[str]) -> tuple[str, ...]:
    """Sigla in the order of sigla.tsv (unknown ones last, as given)."""
    rank = {s: n for n, s in enumerate(order)}
    return tuple(sorted(sigla, key=lambda s: rank.get(s, len(rank))))


def format_entry(entry: Entry, order: list[str] | None = None) -> str:
    """``lemma ] reading sigla; variant sigla`` — the lemma's reading first.

    For an emendation the base text's reading (底) is among the variants; for a retained
    reading 底 supports the lemma.  Empty texts print as 〔無〕.
    """
    readings = sorted(entry.readings, key=lambda r: r.text != entry.lemma)
    parts = []
    for r in readings:
        sig = order_sigla(r.witnesses, order) if order else r.witnesses
        parts.append(f"{r.text or EMPTY} {''.join(sig)}")
    return f"{entry.lemma or EMPTY} ] " + "; ".join(parts)
