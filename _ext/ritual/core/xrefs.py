"""The text's own cross-references, as data: back-reference formulas and commentary ties.

A ritual text abbreviates its repetitions with formulas (揖讓如初 "bowing and yielding as at
first"): the page marks each with a role naming the steps it repeats, ids and ranges
(``step-29..step-33``), space-separated; or, for a formula that points to another text, that
text's name. A commentary step (the 記 of a chapter) names the steps it explains in its
``:explains:`` option, or ``general``. This module parses those targets, expands ranges in
reading order, groups step numbers for display (``29至34、40``), reads the edition's record of
why each formula means what it does (``references.tsv``: the basis, the commentator's words and
page) and matches its rows to the formulas of the pages.

No Sphinx import: tools and tests use it alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from .datafile import UNKNOWN_VALUE, Problem, Table, Tsv, read_tsv

#: ``:explains: general``: a commentary step tied to no one step of the text.
GENERAL = "general"
RANGE = ".."
#: The kinds of decision ``references.tsv`` records for each occurrence.
KINDS = ("internal", "external", "measure", "other")
#: The kinds that a role marks in the page (the others stay plain text).
MARKED = ("internal", "external")
COLUMNS = ("step", "formula", "kind", "basis", "quote", "page", "note")
TARGET = re.compile(r"^(?P<formula>.*?)\s*<(?P<target>[^<>]*)>\s*$", re.S)


class Reference(NamedTuple):
    """A back-reference formula in a step's text: offsets into the step's (edited) text."""

    formula: str
    start: int
    end: int
    items: tuple[str, ...]  # ids and ranges, as the role names them
    external: str  # the other text it points to; "" for a formula of this text
    lineno: int


class BasisRow(NamedTuple):
    """A row of ``references.tsv``: what the editors decided for one occurrence, and why."""

    line: int
    step: str
    formula: str
    kind: str
    basis: str
    quote: str
    page: str
    note: str


def split_target(text: str) -> tuple[str, str | None]:
    """``'揖讓如初 <step-34>'`` → ``('揖讓如初', 'step-34')``; no ``<…>`` → ``(text, None)``."""
    m = TARGET.match(text)
    if not m:
        return text, None
    return m["formula"], m["target"].strip()


def parse_items(target: str, pattern: re.Pattern[str]) -> tuple[tuple[str, ...], list[str]]:
    """The ids and ranges of a target, and what is wrong with it (messages)."""
    items = tuple(target.split())
    problems = []
    if not items:
        problems.append("names no step")
    for item in items:
        ends = item.split(RANGE) if RANGE in item else [item]
        if len(ends) > 2 or not all(pattern.match(e) for e in ends):
            problems.append(f"{item!r} is not a step id or a range of them (a..b)")
    return items, problems


class Expanded(NamedTuple):
    """A target's items resolved in reading order: runs of ids and what went wrong."""

    runs: tuple[tuple[str, ...], ...]  # one run of ids per item, in the order named
    unknown: tuple[str, ...]  # ids no step declares
    backwards: tuple[str, ...]  # ranges that run backwards

    @property
    def ids(self) -> list[str]:
        return list(dict.fromkeys(i for run in self.runs for i in run))


def expand(
    items: Sequence[str], order: Sequence[str], resolve: Mapping[str, str] | None = None
) -> Expanded:
    """Resolve ``items`` against the steps in reading ``order``; ``resolve`` maps a retired id
    to the live one that replaces it."""
    resolve = resolve or {}
    index = {s: n for n, s in enumerate(order)}
    runs: list[tuple[str, ...]] = []
    unknown: list[str] = []
    backwards: list[str] = []

    def live(step_id: str) -> str | None:
        step_id = resolve.get(step_id, step_id)
        return step_id if step_id in index else None

    for item in items:
        ends = item.split(RANGE) if RANGE in item else [item, item]
        found = [live(e) for e in ends]
        missing = [e for e, f in zip(ends, found, strict=True) if f is None]
        if missing:
            unknown.extend(dict.fromkeys(missing))
            continue
        a, b = index[str(found[0])], index[str(found[1])]
        if a > b:
            backwards.append(item)
            continue
        runs.append(tuple(order[a : b + 1]))
    return Expanded(tuple(runs), tuple(unknown), tuple(backwards))


def number_runs(runs: Sequence[Sequence[str]], numbers: Mapping[str, int]) -> list[list[str]]:
    """Runs of consecutively numbered ids (each item's run split where numbers jump)."""
    out: list[list[str]] = []
    for run in runs:
        for step_id in run:
            if out and numbers.get(out[-1][-1], -2) + 1 == numbers.get(step_id) and out[-1]:
                out[-1].append(step_id)
            else:
                out.append([step_id])
    return out


#: Between the first and the last step of a run (29至34), unless the edition says.
THROUGH = "至"
#: Before a quotation that the editors' own basis only compares (編者；參「…」).
COMPARE = "；參"


def run_label(run: Sequence[str], numbers: Mapping[str, int], through: str = THROUGH) -> str:
    """``34`` or ``29至34``."""
    first, last = numbers.get(run[0], 0), numbers.get(run[-1], 0)
    return str(first) if first == last else f"{first}{through}{last}"


# -- the basis data --------------------------------------------------------------------------


#: The form of ``ties.tsv``: for each commentary step the steps it explains, and why.
TIE_COLUMNS = ("step", "explains", "basis", "quote", "page", "note", "reason")
TIE_FORM = Tsv(TIE_COLUMNS, key=("step",), required=("step", "explains"), optional=1)


class TieRow(NamedTuple):
    """A row of ``ties.tsv``: a commentary step, the steps it explains (as its ``:explains:``
    names them), the basis of the tie, the commentator's words and page, the editors' note, and
    the reason where it has no tie or an unusually wide one."""

    line: int
    step: str
    explains: str
    basis: str
    quote: str
    page: str
    note: str
    reason: str

    @property
    def items(self) -> tuple[str, ...]:
        return tuple(self.explains.split())


def ties_from(table: Table, bases: Sequence[str] = ()) -> tuple[dict[str, TieRow], list[Problem]]:
    """The rows of a ``ties.tsv`` by step, and a problem for each row that says what it must
    not (left out): an unknown basis, a quotation without its page, no note."""
    rows: dict[str, TieRow] = {}
    problems: list[Problem] = []
    src = str(table.path)
    for r in table.rows:
        row = TieRow(r.line, *(r[c] for c in TIE_COLUMNS))
        if bases and row.basis not in bases:
            problems.append(
                Problem(
                    src,
                    r.line,
                    f"basis {row.basis!r} is not one of {', '.join(bases)}",
                    UNKNOWN_VALUE,
                )
            )
        elif bool(row.quote) != bool(row.page):
            problems.append(
                Problem(
                    src,
                    r.line,
                    "a quotation needs its page, and a page its quotation",
                    BAD_REFERENCE_DATA,
                )
            )
        elif not row.note:
            problems.append(Problem(src, r.line, "a row needs a note", BAD_REFERENCE_DATA))
        else:
            rows[row.step] = row
    return rows, problems


#: The form of ``references.tsv``.
FORM = Tsv(COLUMNS, enums={"kind": KINDS}, required=("step", "formula"))
#: The warning subtype of a row that contradicts itself or the pages.
BAD_REFERENCE_DATA = "bad_reference_data"


def read_basis(path: Path, bases: Sequence[str] = ()) -> tuple[list[BasisRow], list[Problem]]:
    """The rows of ``references.tsv`` (``#`` comments, a header naming :data:`COLUMNS`) and the
    problems of the malformed ones, which are left out. ``bases``: the bases the edition
    declares (any when empty)."""
    table = read_tsv(path, FORM)
    rows, problems = basis_from(table, bases)
    return rows, table.problems + problems


def basis_from(table: Table, bases: Sequence[str] = ()) -> tuple[list[BasisRow], list[Problem]]:
    """The rows of a ``references.tsv`` read by :func:`.datafile.read_tsv` that say what they
    must, and a problem for each of the others (left out)."""
    rows: list[BasisRow] = []
    problems: list[Problem] = []
    src = str(table.path)
    for r in table.rows:
        n = r.line
        row = BasisRow(n, *(r[c] for c in COLUMNS))
        if bases and row.basis not in bases:
            problems.append(
                Problem(
                    src,
                    n,
                    f"basis {row.basis!r} is not one of {', '.join(bases)}; the row is left out",
                    UNKNOWN_VALUE,
                )
            )
        elif bool(row.quote) != bool(row.page):
            problems.append(
                Problem(
                    src,
                    n,
                    "a quotation needs its page, and a page its quotation",
                    BAD_REFERENCE_DATA,
                )
            )
        elif not row.note:
            problems.append(Problem(src, n, "a row needs a note", BAD_REFERENCE_DATA))
        else:
            rows.append(row)
    return rows, problems


class Match(NamedTuple):
    """The basis rows matched to the pages' formulas, and what does not agree."""

    rows: dict[tuple[str, int], BasisRow]  # (step, index of the formula in the step) → row
    unmarked: dict[str, list[BasisRow]]  # step → its rows of plain 如 (measure, other)
    #: (row or None, step, formula index or None, message)
    problems: list[tuple[BasisRow | None, str, int | None, str]]


def match_rows(
    rows: Sequence[BasisRow],
    formulas: Mapping[str, Sequence[Reference]],
    texts: Mapping[str, str],
) -> Match:
    """Pair each formula of the pages with its row: in each step, the rows of one formula
    text in file order with that text's formulas in text order. A formula without a row, a row
    whose formula no role marks, a kind that does not say what the role says (external or
    not), and a plain row whose words are not in its step's text (outside the formulas) are
    problems."""
    matched: dict[tuple[str, int], BasisRow] = {}
    unmarked: dict[str, list[BasisRow]] = {}
    problems: list[tuple[BasisRow | None, str, int | None, str]] = []
    by_step: dict[str, list[BasisRow]] = {}
    for row in rows:
        if row.step not in texts:
            problems.append(
                (row, row.step, None, f"names step {row.step!r}, which no page declares")
            )
            continue
        by_step.setdefault(row.step, []).append(row)
    for step in dict.fromkeys([*formulas, *by_step]):
        refs = list(formulas.get(step, ()))
        step_rows = by_step.get(step, [])
        waiting: dict[str, list[BasisRow]] = {}
        for row in step_rows:
            if row.kind in MARKED:
                waiting.setdefault(row.formula, []).append(row)
        for i, ref in enumerate(refs):
            queue = waiting.get(ref.formula)
            if not queue:
                problems.append(
                    (None, step, i, f"formula {ref.formula!r} of {step} has no row in the data")
                )
                continue
            row = queue.pop(0)
            matched[(step, i)] = row
            if (row.kind == "external") != bool(ref.external):
                said = "external" if ref.external else "of this text"
                problems.append(
                    (
                        row,
                        step,
                        i,
                        f"{step} {ref.formula!r}: the page marks it {said}, the data "
                        f"says {row.kind}",
                    )
                )
        for queue in waiting.values():
            for row in queue:
                problems.append(
                    (row, step, None, f"{step} {row.formula!r}: no formula of the page marks it")
                )
        text = texts.get(step, "")
        outside = list(text)
        for ref in refs:
            outside[ref.start : ref.end] = ["\0"] * (ref.end - ref.start)
        rest = "".join(outside)
        for row in step_rows:
            if row.kind in MARKED:
                continue
            unmarked.setdefault(step, []).append(row)
            if row.formula not in rest:
                problems.append(
                    (
                        row,
                        step,
                        None,
                        f"{step} {row.formula!r}: not in the step's text (outside "
                        "its marked formulas)",
                    )
                )
            else:
                rest = rest.replace(row.formula, "\0" * len(row.formula), 1)
    return Match(matched, unmarked, problems)


def basis_text(
    row: BasisRow | TieRow | None, labels: Mapping[str, str], own: Sequence[str] = ()
) -> str:
    """The basis as the site and the book print it: ``鄭注：「…」（叢 005-4b）``; for the
    editors' own reading (a basis in ``own``) a quotation is support: ``編者；參「…」（…）``."""
    if row is None:
        return ""
    label = labels.get(row.basis, row.basis)
    if not row.quote:
        return label
    if row.basis in own:
        return f"{label}{COMPARE}「{row.quote}」（{row.page}）"
    return f"{label}：「{row.quote}」（{row.page}）"
