"""The setting of a rite (hall, court, range …) loaded from an edition's data.

The numbers live in the edition's ``setting.toml`` and ``facings.tsv`` rather than in code so
that a ritual scholar can dispute and change a placement without reading Python, and so that
every coordinate sits next to its warrant. This module only reads, checks and freezes them.

No Sphinx import: the diagram package is pure and unit-tested alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from ..datafile import Document, Problem, Table, Toml, Tsv, number, read_toml, read_tsv

#: The views a setting may declare (``[views.*]``): a close view of the hall and court, and
#: an overview of the whole precinct (``overview = true``: smaller type, fewer labels).
VIEWS = ("hall", "range")

#: ``row`` values a place may carry: which end of a group standing there is the senior one.
ROW_WORDS = ("北上", "南上", "東上", "西上")


class DiagramError(ValueError):
    """Base of every error the diagram package raises on bad input.

    A ``ValueError`` so plain callers can catch it broadly; the Sphinx directive catches the
    subclasses and turns each into a located warning naming :attr:`value`.
    """

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


class SettingError(DiagramError):
    """The setting data itself is inconsistent (a place outside the plan, a missing warrant)."""


class UnknownPlaceError(DiagramError):
    """A position names a place that is not a key of ``[places]``; ``value`` is that name."""


class UnknownFacingError(DiagramError):
    """A position names a facing word not in ``facings.tsv``; ``value`` is that word."""


class UnknownFurnishingError(DiagramError):
    """A render call asks for a furnishing not in ``[furnishings]``; ``value`` is its key."""


class UnknownViewError(DiagramError):
    """A render call asks for a view other than those in :data:`VIEWS`."""


class PositionSyntaxError(DiagramError):
    """A ``:positions:`` entry is not ``role place [facing]``; ``value`` is the entry text."""


@dataclass(frozen=True)
class Place:
    """A named standing place: where a role is put when a step says it is "at" ``name``."""

    name: str
    x: float
    y: float
    area: str
    warrant: str
    estimate: bool
    row: str | None = None
    #: the most room (尺) a line of people standing here takes along its row: a longer line is
    #: drawn in ranks, the senior one in front, so that it keeps to its ground (the company at
    #: 堂西 between the court's wall and the hall) wherever a plan draws its markers wider apart
    #: than the people stand
    span: float | None = None


@dataclass(frozen=True)
class Furnishing:
    """A thing drawn on the plan (mat, vessel, target …); ``params`` holds its kind's sizes."""

    name: str
    kind: str
    x: float
    y: float
    default: bool
    warrant: str
    estimate: bool
    params: Mapping[str, object] = field(default_factory=dict)
    label: str = ""  # what the plan writes beside it (its name unless the data say)


@dataclass(frozen=True)
class Structure:
    """A built outline (platform, wall, post, stair, purlin, roof, gate, range line)."""

    name: str
    kind: str
    coords: tuple[float, ...]
    style: str
    warrant: str
    estimate: bool
    views: tuple[str, ...] = VIEWS


@dataclass(frozen=True)
class View:
    """A window on the plan: extent ``(x0, y0, x1, y1)`` in 尺, pixels per 尺, scale-bar length.

    An ``overview`` (the whole precinct at a small scale) labels only the furnishings of
    ``label_kinds``, and, if it sets ``label_below``, only the figures south of it.
    """

    name: str
    extent: tuple[float, float, float, float]
    scale: float
    scalebar: float
    overview: bool = False
    label_below: float | None = None
    label_kinds: tuple[str, ...] = ()
    title: str = ""  # what a reader is offered to switch to it (the stage view's button)

    def holds(self, x: float, y: float) -> bool:
        """Whether a point (尺) lies within the view's extent, edges included: a figure there
        is drawn on its plan, one elsewhere listed under it (圖外)."""
        return _inside(self.extent, x, y)


@dataclass(frozen=True)
class Label:
    """A name written on the plan (西堂, 阼階 …), placed by hand so it sits in empty ground;
    ``also`` are the places it may move to when a figure stands on the first."""

    text: str
    x: float
    y: float
    views: tuple[str, ...]
    size: str  # "big" | "small"
    vertical: bool
    anchor: str
    colour: str
    #: other places it may take, best first, if a marker stands on this one: (x, y, anchor,
    #: vertical), in 尺
    also: tuple[tuple[float, float, str, bool], ...] = ()


#: The small unit of a plan whose ``[meta]`` names none.
SMALL_UNIT = "尺"


@dataclass(frozen=True)
class Unit:
    """The plan's units: the small one of its coordinates (尺) and the large one of its scale
    bar (弓 = 6 尺)."""

    small: str = SMALL_UNIT
    large: str = ""
    large_in_small: float = 1.0


@dataclass(frozen=True)
class Dimension:
    """A named measure (堂深, 架, 弓 …) with its warrant; placements are checked against it."""

    name: str
    value: float
    warrant: str
    estimate: bool


@dataclass(frozen=True)
class Setting:
    """The whole setting, immutable so one cached instance can be shared by every build."""

    meta: Mapping[str, object]
    dimensions: Mapping[str, Dimension]
    places: Mapping[str, Place]
    furnishings: Mapping[str, Furnishing]
    structures: tuple[Structure, ...]
    views: Mapping[str, View]
    facings: Mapping[str, float]
    bounds: tuple[float, float, float, float]
    labels: tuple[Label, ...] = ()
    unit: Unit = Unit()

    def place(self, name: str) -> Place:
        """Return the place called ``name`` or raise :class:`UnknownPlaceError` naming it."""
        try:
            return self.places[name]
        except KeyError:
            raise UnknownPlaceError(f"unknown place {name!r}", name) from None

    def bearing(self, word: str) -> float:
        """Return the compass bearing of a facing word or raise :class:`UnknownFacingError`."""
        try:
            return self.facings[word]
        except KeyError:
            raise UnknownFacingError(f"unknown facing {word!r}", word) from None

    def view(self, name: str) -> View:
        """Return the view called ``name`` or raise :class:`UnknownViewError`."""
        try:
            return self.views[name]
        except KeyError:
            raise UnknownViewError(
                f"unknown view {name!r} (known: {', '.join(self.views)})", name
            ) from None


#: facings.tsv: no column row (its header comment names the columns).
FACINGS_FORM = Tsv(
    ("word", "bearing", "gloss"), header=False, optional=1, key=("word",), types={"bearing": number}
)
#: The tables of setting.toml.
FORM = Toml({"": ("meta", "dimensions", "places", "furnishings", "structure", "views", "label")})
#: The warning subtype of an entry of setting.toml that cannot be used.
BAD_SETTING = "bad_setting"


def facings_from(table: Table) -> dict[str, float]:
    """word → bearing (0–360) of a facings.tsv read by :func:`..datafile.read_tsv`."""
    return {row["word"]: row["bearing"] % 360.0 for row in table.rows}


def load_facings(path: Path | str) -> dict[str, float]:
    """Read ``facings.tsv`` (word, bearing, gloss; ``#`` comments) into word → bearing;
    :class:`SettingError` on the first problem."""
    table = read_tsv(path, FACINGS_FORM)
    if table.problems:
        raise SettingError(str(table.problems[0]), table.problems[0].line)
    return facings_from(table)


def _need(table: Mapping[str, object], key: str, where: str) -> object:
    if key not in table:
        raise SettingError(f"{where}: missing {key!r}", where)
    return table[key]


def _warrant(table: Mapping[str, object], where: str) -> tuple[str, bool]:
    warrant = str(_need(table, "warrant", where)).strip()
    if not warrant:
        raise SettingError(f"{where}: empty warrant", where)
    return warrant, bool(table.get("estimate", False))


def _inside(bounds: tuple[float, float, float, float], x: float, y: float) -> bool:
    x0, y0, x1, y1 = bounds
    return x0 <= x <= x1 and y0 <= y <= y1


def load_setting(path: Path | str, facings_path: Path | str) -> Setting:
    """Load and check the setting; raise :class:`SettingError` on the first problem (of the
    file or of facings.tsv). The build uses :func:`read_setting`, which never raises."""
    facings = load_facings(facings_path)
    doc = read_toml(path, FORM)
    if doc.problems:
        raise SettingError(str(doc.problems[0]), doc.problems[0].line)
    setting, problems, values = _read_setting(doc, facings)
    if problems:
        raise SettingError(str(problems[0]), values[0])
    return setting


def read_setting(doc: Document, facings: Mapping[str, float]) -> tuple[Setting, list[Problem]]:
    """The setting of a ``setting.toml`` read by :func:`..datafile.read_toml`, and a located
    problem for each entry that cannot be used (it is left out), so that one slip does not
    stop every plan.

    The checks are the ones a diagram silently gets wrong otherwise: every place and furnishing
    inside the plan bounds, every entry warranted, ``row`` words valid, the views known.
    """
    setting, problems, _ = _read_setting(doc, facings)
    return setting, problems


def _located(
    table: Mapping[str, object], where: str, name: str, bounds: tuple[float, float, float, float]
) -> tuple[str, bool, float, float]:
    """A place's or a furnishing's warrant and its point, which must lie inside the plan."""
    warrant, estimate = _warrant(table, where)
    x, y = float(_need(table, "x", where)), float(_need(table, "y", where))  # type: ignore[arg-type]
    if not _inside(bounds, x, y):
        raise SettingError(f"{where}: ({x}, {y}) outside the plan bounds", name)
    return warrant, estimate, x, y


#: What a malformed entry raises as it is read: the entry is reported and left out.
_ENTRY_ERRORS = (SettingError, KeyError, TypeError, ValueError, AttributeError)

T = TypeVar("T")


class _SettingReader:
    """Reads a ``setting.toml`` one table at a time (:meth:`meta`, :meth:`dimensions`, …),
    collecting a located problem for each entry left out, with the value it is about."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data
        self.problems: list[Problem] = []
        self.values: list[object] = []

    def fail(self, line: int, exc: Exception, where: str) -> None:
        if isinstance(exc, SettingError):
            message = str(exc)
        elif isinstance(exc, KeyError):
            message = f"{where}: missing {exc}"
        else:
            message = f"{where}: {exc}"
        self.problems.append(
            Problem(str(self.doc.path), line or 1, f"{message}; it is left out", BAD_SETTING)
        )
        self.values.append(exc.value if isinstance(exc, DiagramError) else where)

    def tables(self, section: str) -> list[tuple[str, Any]]:
        value = self.data.get(section, {})
        if not isinstance(value, dict):
            error = SettingError(f"{section} must be a table")
            self.fail(self.doc.line_of(section), error, section)
            return []
        return list(value.items())

    def array(self, section: str) -> list[tuple[int, Any]]:
        value = self.data.get(section, [])
        lines = self.doc.array_lines(section)
        if not isinstance(value, list):
            error = SettingError(f"{section} must be [[{section}]]")
            self.fail(self.doc.line_of(section), error, section)
            return []
        return [(lines[i] if i < len(lines) else 0, t) for i, t in enumerate(value)]

    def named(self, section: str, make: Callable[[str, Any, str], T]) -> dict[str, T]:
        """Each ``[section.<name>]`` made into an entry by ``make(name, table, where)``; one
        that cannot be made is reported at its line and left out, the others are kept."""
        entries: dict[str, T] = {}
        for name, table in self.tables(section):
            where = f"{section}.{name}"
            try:
                entries[name] = make(name, table, where)
            except _ENTRY_ERRORS as exc:
                self.fail(self.doc.line_of(section, name), exc, where)
        return entries

    def listed(self, section: str, key: str, make: Callable[[Any, str], T]) -> list[T]:
        """Each ``[[section]]`` made into an entry by ``make(table, where)`` (``where`` names
        it by its ``key``), as :meth:`named` does."""
        entries: list[T] = []
        for line, table in self.array(section):
            where = f"{section} {table.get(key, '?') if isinstance(table, dict) else '?'}"
            try:
                entries.append(make(table, where))
            except _ENTRY_ERRORS as exc:
                self.fail(line, exc, where)
        return entries

    def meta(self) -> tuple[dict[str, Any], tuple[float, float, float, float]]:
        """``[meta]`` and its plan bounds (unbounded when they cannot be read)."""
        meta: dict[str, Any] = {}
        bounds: tuple[float, float, float, float] = (-math.inf, -math.inf, math.inf, math.inf)
        try:
            meta = dict(_need(self.data, "meta", "setting"))  # type: ignore[call-overload]
            found = tuple(float(v) for v in meta["bounds"])
            if len(found) != 4:
                raise SettingError("meta.bounds must be [x0, y0, x1, y1]", found)
            bounds = (found[0], found[1], found[2], found[3])
        except _ENTRY_ERRORS as exc:
            self.fail(self.doc.line_of("meta", "bounds") or self.doc.line_of("meta"), exc, "meta")
        return meta, bounds

    def dimensions(self) -> dict[str, Dimension]:
        def make(name: str, table: Any, where: str) -> Dimension:
            warrant, estimate = _warrant(table, where)
            return Dimension(name, float(table["value"]), warrant, estimate)

        return self.named("dimensions", make)

    def places(self, bounds: tuple[float, float, float, float]) -> dict[str, Place]:
        def make(name: str, table: Any, where: str) -> Place:
            warrant, estimate, x, y = _located(table, where, name, bounds)
            row = table.get("row")
            if row is not None and row not in ROW_WORDS:
                raise SettingError(f"{where}: row {row!r} not one of {ROW_WORDS}", row)
            span = table.get("span")
            if span is not None:
                if isinstance(span, bool) or not isinstance(span, int | float) or span <= 0:
                    raise SettingError(f"{where}: span {span!r} is not a positive length", span)
                span = float(span)
            area = str(_need(table, "area", where))
            return Place(name, x, y, area, warrant, estimate, row, span)

        return self.named("places", make)

    def furnishings(self, bounds: tuple[float, float, float, float]) -> dict[str, Furnishing]:
        def make(name: str, table: Any, where: str) -> Furnishing:
            warrant, estimate, x, y = _located(table, where, name, bounds)
            params = {
                k: v
                for k, v in table.items()
                if k not in {"kind", "x", "y", "default", "warrant", "estimate", "label"}
            }
            return Furnishing(
                name,
                str(_need(table, "kind", where)),
                x,
                y,
                bool(table.get("default", False)),
                warrant,
                estimate,
                MappingProxyType(params),
                str(table.get("label", name)),
            )

        return self.named("furnishings", make)

    def structures(self) -> list[Structure]:
        def make(table: Any, where: str) -> Structure:
            warrant, estimate = _warrant(table, where)
            st_views = tuple(table.get("views", tuple(self.data.get("views", {}))))
            for v in st_views:
                if v not in VIEWS:
                    raise SettingError(f"{where}: unknown view {v!r}", v)
            return Structure(
                str(_need(table, "name", where)),
                str(_need(table, "kind", where)),
                tuple(float(c) for c in _need(table, "coords", where)),  # type: ignore[attr-defined]
                str(table.get("style", "wall")),
                warrant,
                estimate,
                st_views,
            )

        return self.listed("structure", "name", make)

    def views(self) -> dict[str, View]:
        def make(name: str, table: Any, where: str) -> View:
            if name not in VIEWS:
                raise SettingError(f"{where}: not one of {', '.join(VIEWS)}", name)
            extent = tuple(float(v) for v in table["extent"])
            if len(extent) != 4:
                raise SettingError(f"{where}: extent must be [x0, y0, x1, y1]", extent)
            below = table.get("label_below")
            return View(
                name,
                extent,
                float(table["scale"]),
                float(table["scalebar"]),
                bool(table.get("overview", False)),
                None if below is None else float(below),
                tuple(str(k) for k in table.get("label_kinds", ())),
                str(table.get("title", name)),
            )

        view_table = self.named("views", make)
        if "views" not in self.data:
            error = SettingError("setting: no [views]", "views")
            self.fail(self.doc.line_of("views"), error, "views")
        return view_table

    def labels(
        self, dimensions: Mapping[str, Dimension], view_table: Mapping[str, View]
    ) -> list[Label]:
        return self.listed(
            "label", "text", lambda table, where: _label(table, where, dimensions, view_table)
        )

    def unit(self, meta: Mapping[str, Any]) -> Unit:
        try:
            unit_table = meta.get("unit", {})
            return Unit(
                str(unit_table.get("small", meta.get("units", SMALL_UNIT))),
                str(unit_table.get("large", "")),
                float(unit_table.get("large_in_small", 1.0)),
            )
        except _ENTRY_ERRORS as exc:
            self.fail(self.doc.line_of("meta", "unit"), exc, "meta.unit")
            return Unit()


def _label(
    table: Mapping[str, Any],
    where: str,
    dimensions: Mapping[str, Dimension],
    view_table: Mapping[str, View],
) -> Label:
    """One ``[[label]]``: its height may name a dimension (楣, 棟 …)."""
    y = table.get("y")
    if isinstance(y, str):  # a named measure
        if y not in dimensions:
            raise SettingError(f"{where}: y names no dimension {y!r}", y)
        y = dimensions[y].value
    label_views = tuple(table.get("views", list(view_table)))
    for v in label_views:
        if v not in view_table:
            raise SettingError(f"{where}: unknown view {v!r}", v)
    return Label(
        str(_need(table, "text", where)),
        float(_need(table, "x", where)),  # type: ignore[arg-type]
        float(y if y is not None else _need(table, "y", where)),  # type: ignore[arg-type]
        label_views,
        str(table.get("size", "small")),
        bool(table.get("vertical", False)),
        str(table.get("anchor", "middle")),
        str(table.get("colour", "line")),
        tuple(
            (
                float(_need(alt, "x", where)),  # type: ignore[arg-type]
                float(_need(alt, "y", where)),  # type: ignore[arg-type]
                str(alt.get("anchor", table.get("anchor", "middle"))),
                bool(alt.get("vertical", table.get("vertical", False))),
            )
            for alt in table.get("also", ())
        ),
    )


def _read_setting(
    doc: Document, facings: Mapping[str, float]
) -> tuple[Setting, list[Problem], list[object]]:
    """:func:`read_setting`, with the value each problem is about (``SettingError.value``):
    the tables in the order the problems are reported."""
    read = _SettingReader(doc)
    meta, bounds = read.meta()
    dimensions = read.dimensions()
    places = read.places(bounds)
    furnishings = read.furnishings(bounds)
    structures = read.structures()
    view_table = read.views()
    labels = read.labels(dimensions, view_table)
    unit = read.unit(meta)
    setting = Setting(
        meta=MappingProxyType(meta),
        dimensions=MappingProxyType(dimensions),
        places=MappingProxyType(places),
        furnishings=MappingProxyType(furnishings),
        structures=tuple(structures),
        views=MappingProxyType(view_table),
        facings=MappingProxyType(dict(facings)),
        bounds=bounds,
        labels=tuple(labels),
        unit=unit,
    )
    return setting, read.problems, read.values
