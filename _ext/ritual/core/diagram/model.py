"""The setting of a rite (hall, court, range …) loaded from an edition's data.

The numbers live in the edition's ``setting.toml`` and ``facings.tsv`` rather than in code so
that a ritual scholar can dispute and change a placement without reading Python, and so that
every coordinate sits next to its warrant. This module only reads, checks and freezes them.

No Sphinx import: the diagram package is pure and unit-tested alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from ..datafile import (
    UNKNOWN_KEY,
    Document,
    Problem,
    Table,
    Toml,
    Tsv,
    closest,
    is_positive,
    is_real,
    is_strings,
    number,
    read_toml,
    read_tsv,
)

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
    """The setting data itself is inconsistent (a place outside the plan, a missing warrant);
    ``key``: the key of its entry that it is about (said at that key's line), if one."""

    def __init__(self, message: str, value: object = None, key: str | None = None) -> None:
        super().__init__(message, value)
        self.key = key


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


def bearing(text: str) -> float:
    """A bearing in degrees clockwise from north, 0 ≤ b < 360 (400 is no bearing: a slip of
    40 or of 0 is not for the reader to guess)."""
    value = number(text)
    if not 0 <= value < 360:
        raise ValueError("not a bearing (0 ≤ b < 360)")
    return value


#: facings.tsv: no column row (its header comment names the columns).
FACINGS_FORM = Tsv(
    ("word", "bearing", "gloss"),
    header=False,
    optional=1,
    key=("word",),
    types={"bearing": bearing},
)
#: The tables of setting.toml (the keys of each are checked as it is read: :data:`KEYS`).
FORM = Toml({"": ("meta", "dimensions", "places", "furnishings", "structure", "views", "label")})
#: The warning subtype of an entry of setting.toml that cannot be used.
BAD_SETTING = "bad_setting"

#: The keys each table of setting.toml may hold (``places``: each ``[places.<name>]``,
#: ``structure``: each ``[[structure]]`` …); a key not listed is said (``unknown_key``) and not
#: used. A furnishing may also hold the sizes its kind's drawer takes (:class:`Param`).
KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "meta": ("title", "units", "unit", "chi_in_metres", "origin", "axes", "bounds", "disputes"),
        "meta.unit": ("small", "large", "large_in_small"),
        "dimensions": ("value", "warrant", "estimate"),
        "places": ("x", "y", "area", "row", "span", "warrant", "estimate"),
        "furnishings": ("kind", "x", "y", "default", "label", "warrant", "estimate"),
        "structure": ("name", "kind", "coords", "style", "views", "warrant", "estimate"),
        "views": ("title", "extent", "scale", "scalebar", "overview", "label_below", "label_kinds"),
        "label": ("text", "x", "y", "views", "size", "anchor", "vertical", "colour", "also"),
        "label.also": ("x", "y", "anchor", "vertical"),
    }
)

#: The kinds of built outline (``[[structure]] kind``) and what the ``coords`` of each hold.
STRUCTURE_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "rect": "[x0, y0, x1, y1]",
        "line": "[x0, y0, x1, y1, …], two points or more",
        "post": "[x, y, r], r positive",
        "stair": "[x0, y0, x1, y1, steps], steps a whole number",
        "gate": "[x0, y0, x1, y1]",
    }
)
#: The pens of the built outlines (``style``) and the kind each draws (``svg._draw_structure``):
#: an area (court, platform, eave) is a rect, a wall, purlin or range line follows a line, a
#: post, stair or gate is drawn as what it is.
STRUCTURE_STYLES: Mapping[str, str] = MappingProxyType(
    {
        "court": "rect",
        "platform": "rect",
        "eave": "rect",
        "wall": "line",
        "purlin": "line",
        "range": "line",
        "post": "post",
        "stair": "stair",
        "gate": "gate",
    }
)
#: The style of a structure that names none.
DEFAULT_STYLE = "wall"
#: A label's type sizes (``svg.SIZES``), anchors (``labels.text_box``) and colours
#: (``canvas.COLOURS``).
LABEL_SIZES = ("big", "small")
ANCHORS = ("start", "middle", "end")
LABEL_COLOURS = ("ink", "line", "faint", "vermilion", "lacquer")

#: The kinds of value a furnishing's drawer takes from its entry (:class:`Param`): a length (a
#: positive number), a count (a whole number, one or more), words (a list of strings).
LENGTH, COUNT, WORDS = "length", "count", "words"


@dataclass(frozen=True)
class Param:
    """A value a kind of furnishing's drawer reads from the furnishing's entry (into
    ``Furnishing.params``), as the drawer declares it (``drawers.takes``): of what kind it is
    (:data:`LENGTH`, :data:`COUNT`, :data:`WORDS`), and whether the drawer has no default for
    it (``needed``: an entry without it, or with a bad one, is left out; a bad value of one
    that is not needed is said and the drawer's default used). A key of a furnishing that is
    neither one of :data:`KEYS` nor a param of its drawer is said (``unknown_key``)."""

    kind: str
    needed: bool = False


def _whole(value: object) -> bool:
    """A whole number, one or more (``4`` or ``4.0``)."""
    return is_real(value) and value >= 1 and float(value).is_integer()  # type: ignore[operator,arg-type]


def _text(value: object) -> bool:
    return isinstance(value, str)


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _box(value: object) -> bool:
    """``[x0, y0, x1, y1]``, four numbers, x0 < x1 and y0 < y1."""
    return (
        isinstance(value, list)
        and len(value) == 4
        and all(is_real(v) for v in value)
        and value[0] < value[2]
        and value[1] < value[3]
    )


def _one_of(words: Iterable[str]) -> tuple[Callable[[object], bool], str]:
    """A check that a value is one of ``words``, and what it says a value must be."""
    allowed = tuple(words)
    return (lambda value: value in allowed), f"one of {', '.join(map(repr, allowed))}"


#: What a value of each kind of :class:`Param` must be, and how a problem says it.
_PARAMS: Mapping[str, tuple[Callable[[object], bool], str]] = MappingProxyType(
    {
        LENGTH: (is_positive, "a positive number"),
        COUNT: (_whole, "a whole number, 1 or more"),
        WORDS: (is_strings, "a list of strings"),
    }
)
_BOX = "[x0, y0, x1, y1] with x0 < x1 and y0 < y1"
_FLAG = "true or false"
_DRAWER_DEFAULT = "the drawer's default is used"


def _coords_fit(kind: str, coords: tuple[float, ...]) -> bool:
    """Whether a structure's coordinates are those of its kind (:data:`STRUCTURE_KINDS`)."""
    n = len(coords)
    if kind == "line":
        return n >= 4 and n % 2 == 0
    if kind == "post":
        return n == 3 and coords[2] > 0
    if kind == "stair":
        return n == 5 and _whole(coords[4])
    return n == 4


def facings_from(table: Table) -> dict[str, float]:
    """word → bearing (0 ≤ b < 360: :func:`bearing`) of a facings.tsv read by
    :func:`..datafile.read_tsv`."""
    return {row["word"]: row["bearing"] % 360.0 for row in table.rows}  # (-0.0 → 0.0)


def load_facings(path: Path | str) -> dict[str, float]:
    """Read ``facings.tsv`` (word, bearing, gloss; ``#`` comments) into word → bearing;
    :class:`SettingError` on the first problem."""
    table = read_tsv(path, FACINGS_FORM)
    if table.problems:
        raise SettingError(str(table.problems[0]), table.problems[0].line)
    return facings_from(table)


def _inside(bounds: tuple[float, float, float, float], x: float, y: float) -> bool:
    x0, y0, x1, y1 = bounds
    return x0 <= x <= x1 and y0 <= y <= y1


#: kind of furnishing → the params its drawer takes (None: the drawer declares none, and the
#: furnishing's further keys are passed to it unchecked).
DrawerParams = Mapping[str, Mapping[str, Param] | None]


def load_setting(
    path: Path | str, facings_path: Path | str, params: DrawerParams | None = None
) -> Setting:
    """Load and check the setting; raise :class:`SettingError` on the first problem (of the
    file or of facings.tsv). The build uses :func:`read_setting`, which never raises."""
    facings = load_facings(facings_path)
    doc = read_toml(path, FORM)
    if doc.problems:
        raise SettingError(str(doc.problems[0]), doc.problems[0].line)
    setting, problems, values = _read_setting(doc, facings, params)
    if problems:
        raise SettingError(str(problems[0]), values[0])
    return setting


def read_setting(
    doc: Document, facings: Mapping[str, float], params: DrawerParams | None = None
) -> tuple[Setting, list[Problem]]:
    """The setting of a ``setting.toml`` read by :func:`..datafile.read_toml`, and a located
    problem for each entry that cannot be used (it is left out), each value that cannot be used
    (left out, its default used) and each key no table knows (not used), so that one slip does
    not stop every plan, nor pass without a word.

    The checks are the ones a diagram silently gets wrong otherwise, or fails on: every place
    and furnishing inside the plan bounds, every entry warranted, every value of its type and
    range (finite numbers, positive lengths and scales, extents that run from west to east and
    south to north), ``row``, a label's ``size``, ``anchor`` and ``colour`` and a structure's
    ``kind`` and ``style`` among their words, a structure's coordinates those of its kind, the
    views known, and the keys of each table (a furnishing's against its drawer's ``params``:
    kind → :class:`Param` by name, for the drawers that declare them).
    """
    setting, problems, _ = _read_setting(doc, facings, params)
    return setting, problems


#: What a malformed entry raises as it is read: the entry is reported and left out.
_ENTRY_ERRORS = (SettingError, KeyError, TypeError, ValueError, AttributeError)

T = TypeVar("T")


class _Entry:
    """One table of setting.toml as it is read (a ``[places.<name>]``, a ``[[label]]`` …): its
    keys checked against those it may hold, its values against their types. A bad value the
    entry can go without is said at its line and not used (:meth:`get`: its default is); one it
    cannot go without raises :class:`SettingError` naming its key (:meth:`need`), and the entry
    is left out."""

    def __init__(
        self,
        read: _SettingReader,
        table: Mapping[str, Any],
        where: str,
        path: tuple[str, ...],
        start: int = 0,
        inner: tuple[str, ...] = (),
    ) -> None:
        self.read = read
        self.table = table
        self.where = where
        self.path = path  # the dotted path of the table (of its array, for an item of one)
        self.start = start  # the line of an item's ``[[…]]`` header (0: a table of its own)
        self.inner = inner  # the key that holds it, for an inline table (``meta.unit``)

    def line(self, key: str = "") -> int:
        """The line of ``key`` in the table, or of the table where the key is not written out
        (missing, or inside an inline table)."""
        doc = self.read.doc
        if not isinstance(self.table, Mapping) or key not in self.table:
            # (the search for a key an item of [[…]] lacks would run on into the next item)
            key = ""
        wanted = (*self.path, *self.inner, *((key,) if key else ()))
        for n in range(len(wanted), len(self.path) - 1, -1):
            path = wanted[:n]
            found = doc.line_in(self.start, *path) if self.start else doc.line_of(*path)
            if found:
                return found
        return self.start or 1

    def say(self, key: str, message: str, kind: str = BAD_SETTING, value: object = None) -> None:
        self.read.say(self.line(key), f"{self.where}: {message}", kind, value)

    def keys(self, known: Iterable[str]) -> None:
        """Say each key the table holds that it may not (it is not used)."""
        known = tuple(known)
        for key in self.table:
            if key not in known:
                self.say(
                    key,
                    f"unknown key {key!r} (known: {', '.join(known)}){closest(key, known)}; "
                    "it is not used",
                    UNKNOWN_KEY,
                    key,
                )

    def need(self, key: str, check: Callable[[object], bool], what: str) -> Any:
        """The value of ``key``, which the entry cannot go without."""
        if key not in self.table:
            raise SettingError(f"{self.where}: missing {key!r}", self.where, key)
        value = self.table[key]
        if not check(value):
            raise SettingError(f"{self.where}: {key} {value!r} is not {what}", value, key)
        return value

    def get(
        self, key: str, check: Callable[[object], bool], what: str, default: Any, used: str = ""
    ) -> Any:
        """The value of ``key``, or ``default`` if it is not given, or is bad (said, with what
        is ``used`` instead)."""
        if key not in self.table:
            return default
        value = self.table[key]
        if check(value):
            return value
        used = used or ("it is not used" if default in (None, []) else f"{default!r} is used")
        self.say(key, f"{key} {value!r} is not {what}; {used}", value=value)
        return default

    def views(self, default: tuple[str, ...], known: Iterable[str]) -> tuple[str, ...]:
        """The views the entry is drawn in (``views``: by default ``default``), each one of
        ``known``: the entry cannot go without them."""
        found = self.table.get("views", list(default))
        if not is_strings(found):
            raise SettingError(
                f"{self.where}: views {found!r} is not a list of names", found, "views"
            )
        for v in found:
            if v not in known:
                raise SettingError(f"{self.where}: unknown view {v!r}", v, "views")
        return tuple(found)

    def warrant(self) -> tuple[str, bool]:
        warrant = self.need("warrant", _text, "a string").strip()
        if not warrant:
            raise SettingError(f"{self.where}: empty warrant", self.where, "warrant")
        return warrant, self.get("estimate", _flag, _FLAG, False)

    def point(self, name: str, bounds: tuple[float, float, float, float]) -> tuple[float, float]:
        """A place's or a furnishing's point, which must lie inside the plan."""
        x = float(self.need("x", is_real, "a number"))
        y = float(self.need("y", is_real, "a number"))
        if not _inside(bounds, x, y):
            raise SettingError(f"{self.where}: ({x}, {y}) outside the plan bounds", name)
        return x, y


class _SettingReader:
    """Reads a ``setting.toml`` one table at a time (:meth:`meta`, :meth:`dimensions`, …),
    collecting a located problem for each entry left out, with the value it is about."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data
        self.problems: list[Problem] = []
        self.values: list[object] = []

    def say(self, line: int, message: str, kind: str, value: object) -> None:
        self.problems.append(Problem(str(self.doc.path), line or 1, message, kind))
        self.values.append(value)

    def fail(self, line: int, exc: Exception, where: str) -> None:
        if isinstance(exc, SettingError):
            message = str(exc)
        elif isinstance(exc, KeyError):
            message = f"{where}: missing {exc}"
        else:
            message = f"{where}: {exc}"
        value = exc.value if isinstance(exc, DiagramError) else where
        self.say(line, f"{message}; it is left out", BAD_SETTING, value)

    def left_out(self, entry: _Entry, exc: Exception) -> None:
        """An entry that cannot be made, said at the line of the key it fails on."""
        key = exc.key if isinstance(exc, SettingError) else None
        self.fail(entry.line(key or ""), exc, entry.where)

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

    def named(self, section: str, make: Callable[[str, _Entry], T]) -> dict[str, T]:
        """Each ``[section.<name>]`` made into an entry by ``make(name, entry)``; one that
        cannot be made is reported at its line and left out, the others are kept."""
        entries: dict[str, T] = {}
        for name, table in self.tables(section):
            where = f"{section}.{name}"
            if not isinstance(table, dict):
                error = SettingError(f"{where} must be a table", name)
                self.fail(self.doc.line_of(section, name), error, where)
                continue
            entry = _Entry(self, table, where, (section, name))
            try:
                entries[name] = make(name, entry)
            except _ENTRY_ERRORS as exc:
                self.left_out(entry, exc)
        return entries

    def listed(self, section: str, key: str, make: Callable[[_Entry], T]) -> list[T]:
        """Each ``[[section]]`` made into an entry by ``make(entry)`` (its ``where`` names it
        by its ``key``), as :meth:`named` does."""
        entries: list[T] = []
        for line, table in self.array(section):
            if not isinstance(table, dict):
                self.fail(line, SettingError(f"{section} must be [[{section}]]"), section)
                continue
            entry = _Entry(self, table, f"{section} {table.get(key, '?')}", (section,), line)
            try:
                entries.append(make(entry))
            except _ENTRY_ERRORS as exc:
                self.left_out(entry, exc)
        return entries

    def meta(self) -> tuple[dict[str, Any], tuple[float, float, float, float]]:
        """``[meta]`` (its values that can be used) and its plan bounds (unbounded when they
        cannot be read)."""
        bounds: tuple[float, float, float, float] = (-math.inf, -math.inf, math.inf, math.inf)
        table = self.data.get("meta")
        if not isinstance(table, dict):
            what = "missing 'meta'" if table is None else "meta must be a table"
            self.fail(self.doc.line_of("meta"), SettingError(f"setting: {what}", "setting"), "meta")
            return {}, bounds
        entry = _Entry(self, table, "meta", ("meta",))
        entry.keys(KEYS["meta"])
        meta = {k: v for k, v in table.items() if k in KEYS["meta"]}
        for key, check, what in (
            ("title", _text, "a string"),
            ("units", _text, "a string"),
            ("origin", _text, "a string"),
            ("axes", _text, "a string"),
            ("chi_in_metres", is_positive, "a positive number"),
            ("disputes", is_strings, "a list of strings"),
        ):
            if entry.get(key, check, what, None) is None:
                meta.pop(key, None)
        try:
            found = entry.need("bounds", _box, _BOX)
            bounds = (float(found[0]), float(found[1]), float(found[2]), float(found[3]))
        except SettingError as exc:
            meta.pop("bounds", None)
            self.left_out(entry, exc)
        return meta, bounds

    def dimensions(self) -> dict[str, Dimension]:
        def make(name: str, e: _Entry) -> Dimension:
            e.keys(KEYS["dimensions"])
            warrant, estimate = e.warrant()
            return Dimension(name, float(e.need("value", is_real, "a number")), warrant, estimate)

        return self.named("dimensions", make)

    def places(self, bounds: tuple[float, float, float, float]) -> dict[str, Place]:
        row_check, row_words = _one_of(ROW_WORDS)

        def make(name: str, e: _Entry) -> Place:
            e.keys(KEYS["places"])
            warrant, estimate = e.warrant()
            x, y = e.point(name, bounds)
            row = e.get("row", row_check, row_words, None)
            span = e.get("span", is_positive, "a positive length", None)
            area = e.need("area", _text, "a string")
            return Place(
                name, x, y, area, warrant, estimate, row, None if span is None else float(span)
            )

        return self.named("places", make)

    def furnishings(
        self, bounds: tuple[float, float, float, float], params: DrawerParams | None
    ) -> dict[str, Furnishing]:
        own = KEYS["furnishings"]

        def make(name: str, e: _Entry) -> Furnishing:
            kind = e.need("kind", _text, "a string")
            takes = None if params is None else params.get(kind)
            if takes is not None:
                e.keys((*own, *takes))
            warrant, estimate = e.warrant()
            x, y = e.point(name, bounds)
            if takes is None:  # a drawer that declares nothing takes what is there
                sizes = {k: v for k, v in e.table.items() if k not in own}
            else:
                sizes = {}
                for key, param in takes.items():
                    check, what = _PARAMS[param.kind]
                    if param.needed:
                        sizes[key] = e.need(key, check, what)
                    elif (value := e.get(key, check, what, None, _DRAWER_DEFAULT)) is not None:
                        sizes[key] = value
            return Furnishing(
                name,
                kind,
                x,
                y,
                e.get("default", _flag, _FLAG, False),
                warrant,
                estimate,
                MappingProxyType(sizes),
                e.get("label", _text, "a string", name),
            )

        return self.named("furnishings", make)

    def structures(self) -> list[Structure]:
        kind_check, kinds = _one_of(STRUCTURE_KINDS)
        # by default a part is drawn in every view the setting declares by a known name (a
        # misspelt one is said once, at its table, not again at every part)
        declared = self.data["views"] if isinstance(self.data.get("views"), dict) else {}
        all_views = tuple(v for v in declared if v in VIEWS)

        def make(e: _Entry) -> Structure:
            e.keys(KEYS["structure"])
            warrant, estimate = e.warrant()
            name = e.need("name", _text, "a string")
            kind = e.need("kind", kind_check, kinds)
            found = e.need("coords", lambda v: isinstance(v, list), "a list of numbers")
            coords = tuple(float(c) for c in found if is_real(c))
            if len(coords) != len(found) or not _coords_fit(kind, coords):
                raise SettingError(
                    f"{e.where}: coords {found!r} are not those of a {kind}: "
                    f"{STRUCTURE_KINDS[kind]}",
                    found,
                    "coords",
                )
            style = e.table.get("style", DEFAULT_STYLE)
            if not isinstance(style, str) or STRUCTURE_STYLES.get(style) != kind:
                suits = [s for s, k in STRUCTURE_STYLES.items() if k == kind]
                raise SettingError(
                    f"{e.where}: style {style!r} does not draw a {kind} (the styles of a "
                    f"{kind}: {', '.join(suits)})",
                    style,
                    "style",
                )
            st_views = e.views(all_views, VIEWS)
            return Structure(name, kind, coords, style, warrant, estimate, st_views)

        return self.listed("structure", "name", make)

    def views(self) -> dict[str, View]:
        raw = self.data.get("furnishings")
        tables = raw.values() if isinstance(raw, dict) else ()
        furnished = {t.get("kind") for t in tables if isinstance(t, dict)}

        def make(name: str, e: _Entry) -> View:
            if name not in VIEWS:
                raise SettingError(f"{e.where}: not one of {', '.join(VIEWS)}", name)
            e.keys(KEYS["views"])
            extent = tuple(float(v) for v in e.need("extent", _box, _BOX))
            scale = float(e.need("scale", is_positive, "a positive number"))
            scalebar = float(e.need("scalebar", is_positive, "a positive length"))
            below = e.get("label_below", is_real, "a number", None)
            kinds = e.get("label_kinds", is_strings, "a list of strings", [])
            for kind in kinds:
                if kind not in furnished:
                    message = f"label_kinds names {kind!r}, the kind of no furnishing"
                    e.say("label_kinds", f"{message}; it is not used", value=kind)
            return View(
                name,
                (extent[0], extent[1], extent[2], extent[3]),
                scale,
                scalebar,
                e.get("overview", _flag, _FLAG, False),
                None if below is None else float(below),
                tuple(k for k in kinds if k in furnished),
                e.get("title", _text, "a string", name),
            )

        view_table = self.named("views", make)
        if "views" not in self.data:
            error = SettingError("setting: no [views]", "views")
            self.fail(self.doc.line_of("views"), error, "views")
        return view_table

    def labels(
        self, dimensions: Mapping[str, Dimension], view_table: Mapping[str, View]
    ) -> list[Label]:
        return self.listed("label", "text", lambda e: _label(e, dimensions, view_table))

    def unit(self, meta: Mapping[str, Any]) -> Unit:
        small = str(meta.get("units", SMALL_UNIT))
        table = meta.get("unit", {})
        if not isinstance(table, dict):
            error = SettingError(f"meta.unit {table!r} is not a table", table, "unit")
            self.fail(self.doc.line_of("meta", "unit"), error, "meta.unit")
            return Unit(small)
        e = _Entry(self, table, "meta.unit", ("meta",), inner=("unit",))
        e.keys(KEYS["meta.unit"])
        return Unit(
            e.get("small", _text, "a string", small),
            e.get("large", _text, "a string", ""),
            float(e.get("large_in_small", is_positive, "a positive number", 1.0)),
        )


def _label(e: _Entry, dimensions: Mapping[str, Dimension], view_table: Mapping[str, View]) -> Label:
    """One ``[[label]]``: its height may name a dimension (楣, 棟 …); of the other places it
    may take (``also``), one that is malformed is said and not used."""
    e.keys(KEYS["label"])
    text = e.need("text", _text, "a string")
    x = float(e.need("x", is_real, "a number"))
    y = e.need("y", lambda v: is_real(v) or _text(v), "a number or the name of a dimension")
    if isinstance(y, str):  # a named measure
        if y not in dimensions:
            raise SettingError(f"{e.where}: y names no dimension {y!r}", y, "y")
        y = dimensions[y].value
    label_views = e.views(tuple(view_table), view_table)
    anchor_check, anchors = _one_of(ANCHORS)
    anchor = e.get("anchor", anchor_check, anchors, "middle")
    vertical = e.get("vertical", _flag, _FLAG, False)
    also = []
    for n, alt in enumerate(e.get("also", lambda v: isinstance(v, list), "a list", [])):
        a = _Entry(e.read, alt, f"{e.where}: also {n + 1}", e.path, e.start, ("also",))
        if not isinstance(alt, dict):
            a.say("", f"{alt!r} is not {{ x, y, anchor, vertical }}; it is not used", value=alt)
            continue
        a.keys(KEYS["label.also"])
        try:
            ax = float(a.need("x", is_real, "a number"))
            ay = float(a.need("y", is_real, "a number"))
        except SettingError as exc:
            a.say("", f"{str(exc).removeprefix(f'{a.where}: ')}; it is not used", value=exc.value)
            continue
        also.append(
            (
                ax,
                ay,
                a.get("anchor", anchor_check, anchors, anchor),
                a.get("vertical", _flag, _FLAG, vertical),
            )
        )
    size_check, sizes = _one_of(LABEL_SIZES)
    colour_check, colours = _one_of(LABEL_COLOURS)
    return Label(
        text,
        x,
        float(y),
        tuple(label_views),
        e.get("size", size_check, sizes, "small"),
        vertical,
        anchor,
        e.get("colour", colour_check, colours, "line"),
        tuple(also),
    )


def _read_setting(
    doc: Document, facings: Mapping[str, float], params: DrawerParams | None = None
) -> tuple[Setting, list[Problem], list[object]]:
    """:func:`read_setting`, with the value each problem is about (``SettingError.value``):
    the tables in the order the problems are reported."""
    read = _SettingReader(doc)
    meta, bounds = read.meta()
    dimensions = read.dimensions()
    places = read.places(bounds)
    furnishings = read.furnishings(bounds, params)
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
