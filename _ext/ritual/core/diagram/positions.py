"""The positions data of an edition: ``positions.tsv`` (who stands where at each step) and
``figures.tsv`` (who may be drawn), with the checks a scholar's edit should pass.

``positions.tsv`` is the one place the editors record positions; the build reads it directly
(``plan_inputs``) for the plans, the stage view and the itineraries. The furnishing timeline
(``furnishings.tsv``: when a thing is set out and cleared) lives here too, since it follows
the same steps.

No Sphinx import.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..datafile import Table, Tsv, optional_integer, read_tsv
from ..numerals import classical_number
from ..vocab import FORM as VOCAB_FORM
from .layout import EXIT
from .model import Setting

#: The basis that is the commentary: a place or facing the 注 states (issue 21).
ZHU = "注"
BASES = ("text", "inferred", ZHU)
#: A quotation of the 注 in a note (``注「…」``, ``<step> 注：「…」``); any ``「…」`` for the rest.
ZHU_QUOTE = re.compile(r"注[：:]?\s*「[^」]+」")
QUOTE = re.compile(r"「[^」]*」")


@dataclass(frozen=True)
class Row:
    """One row of ``positions.tsv``; ``line`` locates it for error messages."""

    step: str
    role: str
    place: str
    facing: str
    basis: str  # of the place
    facing_basis: str  # of the facing ('' when the facing is)
    note: str
    line: int


@dataclass(frozen=True)
class FigureInfo:
    """One figure of ``figures.tsv``: its vocabulary headword ('' if none), its rank in the
    archers' lines (None if it does not stand in them) and a note."""

    name: str
    headword: str
    rank: int | None
    note: str
    line: int


@dataclass(frozen=True)
class Span:
    """A furnishing set out at step ``start`` and cleared at step ``end`` ('' = never)."""

    furnishing: str
    start: str
    end: str
    warrant: str
    line: int


#: The forms of positions.tsv, figures.tsv and furnishings.tsv.
FORM = Tsv(
    ("step", "role", "place", "facing", "basis", "facing_basis", "note"),
    # one row per role a step moves: a second would silently win over the first
    key=("step", "role"),
    required=("step", "role", "place"),
)
FIGURES_FORM = Tsv(
    ("figure", "headword", "rank", "note"),
    key=("figure",),
    types={"rank": optional_integer},
    required=("figure",),
)
FURNISHINGS_FORM = Tsv(
    ("furnishing", "set", "cleared", "warrant"),
    # a thing is set out once at a step (豐 twice: at two steps)
    key=("furnishing", "set"),
    required=("furnishing", "set"),
)


def rows_from(table: Table) -> list[Row]:
    """The rows of a positions.tsv read by :func:`..datafile.read_tsv`."""
    return [
        Row(
            r["step"],
            r["role"],
            r["place"],
            r["facing"],
            r["basis"],
            r["facing_basis"],
            r["note"],
            r.line,
        )
        for r in table.rows
    ]


def load_rows(path: Path | str) -> list[Row]:
    """Read ``positions.tsv`` (the rows that can be read: :func:`..datafile.read_tsv`)."""
    return rows_from(read_tsv(path, FORM))


def basis_problems(row: Row) -> list[str]:
    """What the note of a row lacks for its bases: each basis is one of BASES (the facing's
    empty exactly when the facing is); ``text`` needs a quotation, ``注`` a quotation of the
    注, ``inferred`` a reason (words outside the quotations)."""
    problems = []
    bases = [("place", row.basis)] + ([("facing", row.facing_basis)] if row.facing else [])
    if not row.facing and row.facing_basis:
        problems.append(f"facing basis {row.facing_basis!r} but no facing")
    for what, basis in bases:
        if basis not in BASES:
            problems.append(f"{what} basis {basis!r} is not one of {', '.join(BASES)}")
    used = {b for _, b in bases}
    if "text" in used and not QUOTE.search(row.note):
        problems.append("basis text: the note quotes no words of the step (「…」)")
    if ZHU in used and not ZHU_QUOTE.search(row.note):
        problems.append(f"basis {ZHU}: the note quotes no {ZHU} ({ZHU}「…」)")
    if "inferred" in used and not QUOTE.sub("", row.note).strip(" ;,.:()（）；，。"):
        problems.append("basis inferred: the note gives no reason")
    return problems


#: A quotation of the 注 with the step whose 注 it is, when the note names one
#: (``<step id> 注「…」``); ``{ref}`` stands for the edition's step-id form.
ZHU_CITED = r"(?:(?P<ref>{ref})\s*)?注[：:]?\s*「(?P<words>[^」]+)」"
#: Words that state a facing as plainly as the facing's own name does (鄉 read 嚮).
FACING_FORMS = {"北面": "北鄉", "東面": "東鄉", "南面": "南鄉", "西面": "西鄉"}


class ZhuQuote(NamedTuple):
    """A quotation of the 注 in a row's note: the step named before it ('' for the row's own
    step or a neighbour), its words (`` … `` marks an omission), and whether it stands in
    parentheses (an aside: a gloss of the step's words on the way, not the row's basis)."""

    ref: str
    words: str
    aside: bool

    def parts(self) -> list[str]:
        """The quoted words between the omissions, longest first."""
        return sorted((p.strip() for p in self.words.split("…") if p.strip()), key=len)[::-1]


def zhu_quotes(note: str, step_id_regex: str) -> list[ZhuQuote]:
    """The quotations of the 注 in ``note``, in order."""
    out = []
    for m in re.finditer(ZHU_CITED.replace("{ref}", step_id_regex), note):
        before = note[: m.start()]
        aside = before.count("（") + before.count("(") > before.count("）") + before.count(")")
        out.append(ZhuQuote(m.group("ref") or "", m.group("words"), aside))
    return out


def zhu_basis(row: Row, step_id_regex: str) -> tuple[ZhuQuote | None, ZhuQuote | None]:
    """The quotations of the 注 that the row's place and its facing rest on: None for a basis
    that is not ``注`` (or a note that quotes no 注). The place rests on the first quotation
    outside parentheses (else the first); the facing on the first of those that states it
    (else the place's)."""
    quotes = zhu_quotes(row.note, step_id_regex)
    main = [q for q in quotes if not q.aside] or quotes
    if not main:
        return None, None
    place = main[0] if row.basis == ZHU else None
    facing = None
    if row.facing and row.facing_basis == ZHU:
        forms = (row.facing, FACING_FORMS.get(row.facing, row.facing))
        facing = next((q for q in main if any(f in q.words for f in forms)), main[0])
    return place, facing


def figures_from(table: Table) -> dict[str, FigureInfo]:
    """Figure name → info of a figures.tsv read by :func:`..datafile.read_tsv`, in file order."""
    return {
        r["figure"]: FigureInfo(r["figure"], r["headword"], r["rank"], r["note"], r.line)
        for r in table.rows
    }


def load_figures(path: Path | str) -> dict[str, FigureInfo]:
    """Read ``figures.tsv`` into figure name → info, in file order."""
    return figures_from(read_tsv(path, FIGURES_FORM))


def line_ranks(figures: Mapping[str, FigureInfo]) -> dict[str, int]:
    """Figure → rank in the archers' lines, for :func:`layout.state_at`."""
    return {name: f.rank for name, f in figures.items() if f.rank is not None}


def spans_from(table: Table) -> list[Span]:
    """The furnishing timeline of a furnishings.tsv read by :func:`..datafile.read_tsv`."""
    return [Span(r["furnishing"], r["set"], r["cleared"], r["warrant"], r.line) for r in table.rows]


def load_spans(path: Path | str) -> list[Span]:
    """Read the furnishing timeline (furnishing, set at step, cleared at step, warrant)."""
    return spans_from(read_tsv(path, FURNISHINGS_FORM))


def role_headwords(path: Path | str) -> set[str]:
    """Headwords of the role vocabulary (empty if the file is absent)."""
    if not Path(path).exists():
        return set()
    return {r["term"] for r in read_tsv(path, VOCAB_FORM).rows}


def check_rows(
    rows: Sequence[Row],
    setting: Setting,
    figures: Mapping[str, FigureInfo],
    step_order: Sequence[str] | None = None,
) -> list[tuple[int, str]]:
    """Problems of the positions data as ``(line, message)``; empty when all is well.

    Checks every field against its vocabulary (figures, places, facings, bases), that each
    basis is warranted by its note (:func:`basis_problems`), that a role's
    first appearance gives a facing, that no role leaves the plan when it is not on it, and,
    given ``step_order`` (ids in reading order), that every step exists and the rows are in
    reading order (so the file reads as the rite does). A row with a problem does not count
    as putting its role on the plan (the build leaves such rows out).
    """
    problems: list[tuple[int, str]] = []
    rank = {sid: i for i, sid in enumerate(step_order or [])}
    on_plan: dict[str, str] = {}
    last = -1
    for row in rows:
        where = row.line
        before = len(problems)
        if step_order is not None:
            if row.step not in rank:
                problems.append((where, f"unknown step {row.step!r}"))
            elif rank[row.step] < last:
                problems.append((where, f"step {row.step} is out of reading order"))
            else:
                last = rank[row.step]
        if row.role not in figures:
            problems.append((where, f"unknown role {row.role!r} (not in figures.tsv)"))
        if not row.note:
            problems.append((where, "no note: quote the words that warrant the row"))
        problems.extend((where, p) for p in basis_problems(row))
        if row.place == EXIT:
            if row.facing:
                problems.append((where, f"{row.role} leaves the plan but is given a facing"))
            if row.role not in on_plan:
                problems.append((where, f"{row.role} leaves the plan but is not on it"))
            if len(problems) == before:
                on_plan.pop(row.role, None)
            continue
        if row.place not in setting.places:
            problems.append((where, f"unknown place {row.place!r} (not in setting.toml)"))
        if row.facing:
            if row.facing not in setting.facings:
                problems.append((where, f"unknown facing {row.facing!r} (not in facings.tsv)"))
        elif row.role not in on_plan:
            problems.append((where, f"{row.role} is placed for the first time without a facing"))
        if len(problems) == before:
            on_plan[row.role] = row.place
    return problems


def by_step(rows: Iterable[Row]) -> dict[str, list[Row]]:
    """Rows grouped by step id, each group in file order."""
    out: dict[str, list[Row]] = {}
    for row in rows:
        out.setdefault(row.step, []).append(row)
    return out


def furnishings_at(spans: Iterable[Span], step_index: Mapping[str, int], index: int) -> list[str]:
    """Furnishings of the timeline that stand on the plan after the step at ``index``."""
    out = []
    for span in spans:
        start = step_index.get(span.start)
        end = step_index.get(span.end) if span.end else None
        if start is None or index < start:
            continue
        if end is not None and index >= end:
            continue
        out.append(span.furnishing)
    return out


def check_spans(
    spans: Sequence[Span], furnishings: Container[str], step_order: Sequence[str]
) -> list[tuple[int, str]]:
    """Problems of the furnishing timeline as ``(line, message)``: a row must name a
    furnishing of the setting and steps that exist (``step_order``: the ids in reading order),
    and a thing cleared must be cleared after the step it is set out at (cleared at or before
    it, it would stand on no plan). A row with a problem is never drawn."""
    rank = {sid: i for i, sid in enumerate(step_order)}
    problems: list[tuple[int, str]] = []
    for span in spans:
        before = len(problems)
        if span.furnishing not in furnishings:
            problems.append(
                (span.line, f"unknown furnishing {span.furnishing!r} (not in setting.toml)")
            )
        for step_id in (span.start, span.end):
            if step_id and step_id not in rank:
                problems.append((span.line, f"unknown step {step_id!r}"))
        if len(problems) == before and span.end and rank[span.end] <= rank[span.start]:
            when = "at" if span.end == span.start else "before"
            problems.append(
                (
                    span.line,
                    f"{span.furnishing!r} is cleared at {span.end}, {when} the step it is set "
                    f"out at ({span.start}) in reading order: it would stand on no plan",
                )
            )
    return problems


def chinese_number(n: int) -> str:
    """一 … 九十九 (figure numbers: 圖一, 圖十二, 圖二十); other numbers in figures."""
    return classical_number(n) if 0 < n < 100 else str(n)
