"""Where the names on a plan go: one placement for every label of a plan.

A plan writes three kinds of name: the built parts' (西堂, 阼階 …, placed by hand in the
setting's ``[[label]]`` data), the furnishings' (written by their drawers, each with the places
it may take, best first) and the figures' (the role, beside its marker). They are placed in
that order, as a map is lettered: first the *fixed* names, each at the first of its places that
clears the names already written (and, softly, the drawn things and the places where people
stand), then the figures' names around their markers, clearing every name, every marker and,
as far as they can, the drawn things. A figure's name that finds no room beside its marker is
set further out, in the first clear ground, with a leader line back to the marker.

What is hard (never covered, if any candidate avoids it) and what is soft (avoided when it
costs little) is in the weights below; the search is deterministic (candidates in a fixed order,
ties to the earlier), so the SVG files are too.

No Sphinx import.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

Box = tuple[float, float, float, float]
#: A place to try for a label: the point it is written at, its anchor, whether vertical.
Spot = tuple[float, float, str, bool]

#: Cost of a label's box over another label's, per px² (plus a fixed part): hard.
HARD = 1000.0
HARD_HIT = 100_000.0
#: Per px² over a drawn thing (a furnishing, a stair, a wall): soft.
SOFT = 1.0
#: A fixed name over a place where people stand, or over the place a marker's name would
#: take first (behind the figure).
PLACE_HIT = 40.0
#: … and, on the stage's plan, far more over a place where people stand on the thing it names
#: (主人 on 主人席): the marker drawn there, at many steps, would hide the name's middle (a
#: static plan's names are placed clear of its own markers).
OWN_PLACE_HIT = 1000.0
RESERVED_HIT = 60.0
#: A fixed name over (or within :data:`CLEAR` px of) a drawn thing not its own, per thing: more
#: than a few ranks, so that a clear place the data allow is taken before a struck one.
DRAWN_HIT = 200.0
CLEAR = 1.0
#: The same for a figure's name, per thing: worth moving some px further from the marker.
FIGURE_DRAWN_HIT = 30000.0
#: A label that leaves the plan.
OUTSIDE = 1_000_000.0
#: A leader line that crosses a label or a marker.
LEADER_CROSS = 20_000.0
#: A candidate's cost grows with its rank (the earlier the better) …
RANK = 0.5
#: … and, for a figure's name, with its distance from the marker (per px), and if it needs a
#: leader line.
DISTANCE = 3.0
LEADER = 8.0
#: A cost below which a candidate is taken at once.
GOOD = 1.0
#: Distance between the lines of a name of several lines, in its type size.
LEADING = 1.15


def text_box(
    px: float, py: float, label: str, size: float, anchor: str = "middle", vertical: bool = False
) -> Box:
    """The pixel box a label written at ``(px, py)`` covers (CJK glyphs are square); a label
    of several lines (``\n``) is centred on ``py``, :data:`LEADING` apart."""
    if "\n" in label:
        lines = label.split("\n")
        width = max(len(line) for line in lines) * size
        height = size * (1 + LEADING * (len(lines) - 1))
        x0 = {"start": px, "end": px - width, "middle": px - width / 2}[anchor]
        return (x0, py - height / 2, x0 + width, py + height / 2)
    if vertical:
        height = len(label) * size
        top = {"start": py, "end": py - height, "middle": py - height / 2}[anchor]
        return (px - size / 2, top, px + size / 2, top + height)
    width = len(label) * size
    x0 = {"start": px, "end": px - width, "middle": px - width / 2}[anchor]
    return (x0, py - size / 2, x0 + width, py + size / 2)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 if they do not meet)."""
    if a[0] >= b[2] or b[0] >= a[2] or a[1] >= b[3] or b[1] >= a[3]:
        return 0.0
    return (min(a[2], b[2]) - max(a[0], b[0])) * (min(a[3], b[3]) - max(a[1], b[1]))


def segment_hits_box(x0: float, y0: float, x1: float, y1: float, b: Box) -> bool:
    """Whether the segment from (x0, y0) to (x1, y1) passes through the box (Liang–Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = x1 - x0, y1 - y0
    for p, q in ((-dx, x0 - b[0]), (dx, b[2] - x0), (-dy, y0 - b[1]), (dy, b[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


class Grid:
    """Boxes bucketed by cells of a square grid, for the few that can meet a query box."""

    CELL = 24.0

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.boxes: list[Box] = []
        #: for a grid of a plan's drawing: the spots of the names tried on it (:func:`_spot_table`)
        self.tables: dict[object, _SpotTable] = {}

    def _cells(self, b: Box) -> list[tuple[int, int]]:
        c = self.CELL
        js = range(int(b[1] // c), int(b[3] // c) + 1)
        return [(i, j) for i in range(int(b[0] // c), int(b[2] // c) + 1) for j in js]

    def add(self, b: Box) -> None:
        n = len(self.boxes)
        self.boxes.append(b)
        for cell in self._cells(b):
            self.cells.setdefault(cell, []).append(n)

    def near(self, b: Box) -> list[Box]:
        seen: set[int] = set()
        out = []
        for cell in self._cells(b):
            for n in self.cells.get(cell, ()):
                if n not in seen:
                    seen.add(n)
                    out.append(self.boxes[n])
        return out

    def copy(self) -> Grid:
        g = Grid()
        g.cells = {k: list(v) for k, v in self.cells.items()}
        g.boxes = list(self.boxes)
        return g


@dataclass
class Label:
    """A name to place: its text and size, the spots it may take (best first), what it is
    drawn with, and, for a figure's name, the marker it names (centre and radius)."""

    text: str
    size: float
    spots: Iterable[Spot]  # a figure's are made as they are tried (figure_spots)
    fill: str
    halo: bool = False
    owner: object = None  # the drawn thing it names: its own shapes do not count against it
    marker: tuple[float, float, float] | None = None
    #: whether it keeps off the places where people stand (a furnishing's name; a built
    #: part's is placed by hand and moves only for a marker)
    avoid_places: bool = True
    #: the text at each spot, where it differs (a long name may be set on two lines)
    texts: list[str] | None = None
    #: where it went: the spot, its box, and a leader line (x0, y0, x1, y1) if far from its marker
    spot: Spot | None = None
    box: Box | None = None
    leader: tuple[float, float, float, float] | None = None
    cost: float = 0.0
    #: what makes its spots (a figure's: text, size and marker with its facing), for
    #: :func:`place_figure`'s memo; None where there is no memo
    key: object = None


@dataclass
class Ground:
    """What a plan holds for its labels to avoid: the written names (hard), the markers (hard
    for names, soft for the fixed ones, which are drawn under them), the drawn things (soft,
    each with its owner) and the places where people stand (for the fixed names)."""

    area: Box  # the plan: labels stay inside
    labels: Grid = field(default_factory=Grid)
    markers: Grid = field(default_factory=Grid)
    circles: Grid = field(default_factory=Grid)  # the markers' circles alone
    drawn: list[tuple[Box, object]] = field(default_factory=list)
    places: list[Box] = field(default_factory=list)
    reserved: list[Box] = field(default_factory=list)  # the markers' names' first places
    #: how much more than a furnishing a drawn thing weighs, by ``id`` of its owner (a wall)
    weight: dict[int, float] = field(default_factory=dict)
    #: the leader lines of the figures' names placed so far (another name's leader must not
    #: cross them: two names would each point at the other's figure)
    leaders: list[tuple[float, float, float, float]] = field(default_factory=list)
    #: whether the figures come and go over the plan (the stage's): its fixed names are placed
    #: before any marker, so they keep off the places on the things they name as well
    transient: bool = False
    #: how many of ``labels`` are the plan's own names, the same on every ground a memo of
    #: :func:`place_figure` is used on (the rest are the figures' names placed so far)
    fixed: int = 0
    _drawn: Grid | None = None
    _owners: list[object] = field(default_factory=list)
    _extents: dict[int, Box] | None = None

    def drawn_grid(self) -> tuple[Grid, list[object]]:
        if self._drawn is None or len(self._owners) != len(self.drawn):
            g = Grid()
            for b, _ in self.drawn:
                g.add(b)
            self._drawn, self._owners = g, [o for _, o in self.drawn]
        return self._drawn, self._owners

    def extent(self, owner: object) -> Box:
        """The box of everything drawn for ``owner``."""
        if self._extents is None:
            self._extents = {}
            for b, o in self.drawn:
                e = self._extents.get(id(o))
                self._extents[id(o)] = (
                    b
                    if e is None
                    else (min(e[0], b[0]), min(e[1], b[1]), max(e[2], b[2]), max(e[3], b[3]))
                )
        return self._extents[id(owner)]

    def copy(self) -> Ground:
        """A ground to place more names on, sharing this one's drawing (its grid made once, and
        what the names' spots read from it: :func:`_spot_table`)."""
        self.drawn_grid()
        out = Ground(
            self.area,
            self.labels.copy(),
            self.markers.copy(),
            self.circles.copy(),
            list(self.drawn),
        )
        out.places, out.reserved, out.weight = self.places, self.reserved, self.weight
        out._drawn, out._owners = self._drawn, self._owners
        return out


def _outside(b: Box, area: Box) -> bool:
    return b[0] < area[0] or b[1] < area[1] or b[2] > area[2] or b[3] > area[3]


def _soft(ground: Ground, b: Box, owner: object) -> float:
    grid, owners = ground.drawn_grid()
    cost = 0.0
    for n in _near_ids(grid, b):
        if owner is not None and owners[n] is owner:
            continue
        cost += SOFT * ground.weight.get(id(owners[n]), 1.0) * overlap(b, grid.boxes[n])
    return cost


def _grown(b: Box) -> Box:
    """The box with the :data:`CLEAR` every name keeps from the others and the drawing."""
    return (b[0] - CLEAR, b[1] - CLEAR, b[2] + CLEAR, b[3] + CLEAR)


def _struck(ground: Ground, b: Box, owner: object) -> int:
    """How many drawn things come within :data:`CLEAR` of the box: others', and its own
    thing if the name runs past it (主人席 on its mat is written within the mat or beside it)."""
    grid, owners = ground.drawn_grid()
    m = _grown(b)
    hit: set[int] = set()
    own: list[Box] = []
    for n in _near_ids(grid, m):
        if overlap(m, grid.boxes[n]) <= 0:
            continue
        if owner is not None and owners[n] is owner:
            if overlap(b, grid.boxes[n]) > 0:  # touching its own thing is no fault
                own.append(grid.boxes[n])
        else:
            hit.add(id(owners[n]))
    if own:
        whole = ground.extent(owner)
        if not (whole[0] <= b[0] and whole[1] <= b[1] and b[2] <= whole[2] and b[3] <= whole[3]):
            hit.add(id(owner))
    return len(hit)


def _near_ids(grid: Grid, b: Box) -> list[int]:
    seen: set[int] = set()
    out = []
    for cell in grid._cells(b):
        for n in grid.cells.get(cell, ()):
            if n not in seen:
                seen.add(n)
                out.append(n)
    return out


def _covered(grid: Grid, b: Box) -> int:
    """How many boxes of ``grid`` the box ``b`` overlaps (by some area), each counted once."""
    boxes = grid.boxes
    return sum(1 for n in _near_ids(grid, b) if overlap(b, boxes[n]) > 0)


def _hard(grid: Grid, b: Box, limit: float, below: int | None = None) -> float:
    """What the boxes of ``grid`` that ``b`` overlaps cost, each counted once, in the grid's
    order (cells by column, then row; boxes in the order added), stopping once it reaches
    ``limit``; with ``below``, only the boxes added before the ``below``-th. The hottest loop
    of a plan's lettering: the cells and the overlap are worked out inline (as
    :meth:`Grid._cells` and :func:`overlap` would)."""
    cost = 0.0
    hit: set[int] = set()
    boxes, cells = grid.boxes, grid.cells
    c = grid.CELL
    x0, y0, x1, y1 = b
    js = range(int(y0 // c), int(y1 // c) + 1)
    for i in range(int(x0 // c), int(x1 // c) + 1):
        for j in js:
            ns = cells.get((i, j))
            if ns is None:
                continue
            for n in ns:
                if below is not None and n >= below:
                    break  # a cell lists its boxes in the order added
                o = boxes[n]
                if x0 >= o[2] or o[0] >= x1 or y0 >= o[3] or o[1] >= y1 or n in hit:
                    continue
                hit.add(n)
                area = (min(x1, o[2]) - max(x0, o[0])) * (min(y1, o[3]) - max(y0, o[1]))
                cost += HARD_HIT + HARD * area
                if cost >= limit:
                    return cost
    return cost


def segments_cross(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float]
) -> bool:
    """Whether two segments cross at a point inside both (touching at an end is no crossing)."""

    def side(x0: float, y0: float, x1: float, y1: float, px: float, py: float) -> float:
        return (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)

    d1 = side(*b, a[0], a[1])
    d2 = side(*b, a[2], a[3])
    d3 = side(*a, b[0], b[1])
    d4 = side(*a, b[2], b[3])
    return d1 * d2 < 0 and d3 * d4 < 0


def _crossings(
    grid: Grid, line: tuple[float, float, float, float], cost: float, limit: float
) -> float:
    """``cost`` with :data:`LEADER_CROSS` added for each box of ``grid`` the leader ``line``
    passes through, each box once and in the grid's order, stopping once it reaches
    ``limit`` (the search then drops the spot). A box that does not meet the line's own
    bounds is passed over before the clipping test (:func:`segment_hits_box`), which it
    would fail: a leader crosses few of the boxes in the cells it runs through."""
    x0, y0, x1, y1 = line
    bounds = _bounds(line)
    lx0, ly0, lx1, ly1 = bounds
    for n in _near_ids(grid, bounds):
        o = grid.boxes[n]
        if o[0] > lx1 or o[2] < lx0 or o[1] > ly1 or o[3] < ly0:
            continue
        if segment_hits_box(x0, y0, x1, y1, o):
            cost += LEADER_CROSS
            if cost >= limit:
                return cost
    return cost


def _places_on(ground: Ground, owner: object) -> Grid | None:
    """The places where people stand on the drawn thing ``owner`` (a place's box within the
    box of everything drawn for it), as a grid; None if there are none."""
    if owner is None:
        return None
    try:
        x0, y0, x1, y1 = ground.extent(owner)
    except KeyError:  # nothing drawn for it
        return None
    grid = Grid()
    for box in ground.places:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            grid.add(box)
    return grid if grid.boxes else None


def place_fixed(labels: Sequence[Label], ground: Ground) -> None:
    """Place the fixed names in order, each at the first spot that clears the names placed
    before it and the markers already in ``ground`` (and, at a small cost, the drawn things
    and the places where people stand: ``ground.places``, boxes; on a plan the figures come
    and go over, at a large one, a place on the very thing the name names, where a marker
    would stand over the name: :attr:`Ground.transient`)."""
    places, reserved = Grid(), Grid()  # (bucketed: a plan has a hundred places)
    for box in ground.places:
        places.add(box)
    for box in ground.reserved:
        reserved.add(box)
    for label in labels:
        best: tuple[float, Spot, Box, str] | None = None
        own = _places_on(ground, label.owner) if ground.transient and label.avoid_places else None
        for i, spot in enumerate(label.spots):
            text = label.texts[i] if label.texts else label.text
            b = text_box(spot[0], spot[1], text, label.size, spot[2], spot[3])
            cost = i * RANK * 20
            if _outside(b, ground.area):
                cost += OUTSIDE
            cost += _hard(ground.labels, _grown(b), math.inf)
            cost += _hard(ground.markers, b, math.inf)
            cost += _soft(ground, b, label.owner)
            cost += DRAWN_HIT * _struck(ground, b, label.owner)
            if label.avoid_places:
                cost += PLACE_HIT * _covered(places, b)
                if own is not None:
                    cost += OWN_PLACE_HIT * _covered(own, b)
            cost += RESERVED_HIT * _covered(reserved, b)
            if best is None or cost < best[0]:
                best = (cost, spot, b, text)
            if cost < GOOD:
                break
        assert best is not None
        label.cost, label.spot, label.box, label.text = best
        ground.labels.add(best[2])


def marker_boxes(px: float, py: float, r: float, sx: float, sy: float, tip: float) -> list[Box]:
    """A marker's circle and the tip of its arrow (``(sx, sy)`` the facing on screen)."""
    tx, ty = px + sx * tip, py + sy * tip
    return [(px - r, py - r, px + r, py + r), (tx - 2.5, ty - 2.5, tx + 2.5, ty + 2.5)]


#: The directions of the rings of spots further out (cosine, screen sine), sixteen of them.
_RING = tuple((math.cos(k * math.pi / 8), -math.sin(k * math.pi / 8)) for k in range(16))


def figure_spots(
    px: float, py: float, r: float, sx: float, sy: float, size: float, n: int
) -> Iterator[Spot]:
    """Places to try for a figure's name (``n`` characters) around its marker, best first:
    behind the figure (the 儀禮圖 habit of writing the name at the back of the person), then
    beside, above and below, then on rings further out (these take a leader line). Made as
    they are asked for: most names take one of the first."""
    gap = r + 2.0
    bx, by = -sx, -sy
    if abs(bx) >= abs(by) - 0.01:
        yield (px + bx * gap, py + by * gap * 0.6, "end" if bx < 0 else "start", False)
    else:
        yield (px, py + by * gap, "start" if by > 0 else "end", True)
    yield from (
        (px - gap, py, "end", False),
        (px + gap, py, "start", False),
        (px, py - gap, "end", True),
        (px, py + gap, "start", True),
        (px, py - gap - size / 2, "middle", False),
        (px, py + gap + size / 2, "middle", False),
        (px - gap, py - size * 0.7, "end", False),
        (px + gap, py - size * 0.7, "start", False),
        (px - gap, py + size * 0.7, "end", False),
        (px + gap, py + size * 0.7, "start", False),
    )
    long = n * size > 2 * size
    # rings further out: sixteen directions, the name's near edge at distance d from the centre
    for f in (0.8, 1.8, 3.0, 4.5, 6.5):
        d = gap + size * f
        for cx, cy in _RING:
            x, y = px + cx * d, py + cy * d
            if abs(cx) > 0.38:  # east or west: horizontal, anchored at the near end
                yield (x, y, "start" if cx > 0 else "end", False)
            else:  # north or south: horizontal, centred
                yield (x, y + (size / 2 if cy > 0 else -size / 2), "middle", False)
            if abs(cy) > 0.38:
                yield (x, y, "start" if cy > 0 else "end", True)
            elif long:
                yield (x + (size / 2 if cx > 0 else -size / 2), y, "middle", True)


def _box_distance(a: Box, b: Box) -> float:
    """The gap between two boxes (0 if they meet)."""
    dx = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    dy = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    return math.hypot(dx, dy)


def _nearest(b: Box, x: float, y: float) -> tuple[float, float]:
    return min(max(x, b[0]), b[2]), min(max(y, b[1]), b[3])


def leader(
    label: Label, b: Box, others: Iterable[Box] = ()
) -> tuple[float, float, float, float] | None:
    """The leader line from the marker's rim to the name's box, or None if the name reads as
    the marker's without one: close to it, and no other marker (``others``, their circles)
    closer."""
    assert label.marker is not None
    px, py, r = label.marker
    nx, ny = _nearest(b, px, py)
    d = math.hypot(nx - px, ny - py)
    if d <= r + 3.0 and not any(
        _box_distance(b, o) < d - r + 0.5
        for o in others
        if abs((o[0] + o[2]) / 2 - px) > 0.1 or abs((o[1] + o[3]) / 2 - py) > 0.1
    ):
        return None
    ux, uy = (nx - px) / d, (ny - py) / d
    return (px + ux * (r + 0.8), py + uy * (r + 0.8), nx - ux * 1.0, ny - uy * 1.0)


class _Spot:
    """What a figure's name at one of its spots reads of nothing but the name and the plan's
    drawing: its box, its distance from the marker, the part of its cost that comes from that
    distance, whether it leaves the plan, and (once asked for) what the drawn things cost it.
    The stage view tries the same spots of the same names on the same plan at many steps; these
    are worked out once (:func:`_spot_table`)."""

    __slots__ = ("box", "drawn", "far", "fixed", "grown", "line", "outside", "region", "spot")

    def __init__(self, label: Label, spot: Spot, area: Box) -> None:
        assert label.marker is not None
        px, py, r = label.marker
        b = text_box(spot[0], spot[1], label.text, label.size, spot[2], spot[3])
        nx, ny = _nearest(b, px, py)
        self.spot = spot
        self.box = b
        self.grown = _grown(b)
        d = math.hypot(nx - px, ny - py)
        self.far = DISTANCE * max(0.0, d - r - 2.5)
        self.outside = _outside(b, area)
        #: the leader line of a spot too far from the marker to go without one
        self.line = leader(label, b) if d > r + 3.0 else None
        self.drawn: float | None = None
        #: whether it covers one of the plan's own names (with ``drawn``, once asked for)
        self.fixed = False
        #: what a search that read the spots up to this one has read (see :func:`_search`)
        self.region: Box = b

    def drawn_cost(self, ground: Ground) -> float:
        """What the drawn things near the box cost a figure's name (and, worked out with it,
        whether the box covers one of the plan's own names: :attr:`Ground.fixed`)."""
        if self.drawn is None:
            b = self.box
            self.drawn = _soft(ground, b, None) * 0.3 + FIGURE_DRAWN_HIT * _struck(ground, b, None)
            self.fixed = _hard(ground.labels, self.grown, math.inf, ground.fixed) > 0
        return self.drawn


class _SpotTable:
    """A name's spots as :class:`_Spot` records, made as the searches ask for them."""

    __slots__ = ("area", "label", "records", "spots")

    def __init__(self, label: Label, area: Box) -> None:
        self.label, self.area = label, area
        self.spots = iter(label.spots)
        self.records: list[_Spot] = []

    def get(self, i: int) -> _Spot | None:
        records = self.records
        while len(records) <= i:
            spot = next(self.spots, None)
            if spot is None:
                return None
            rec = _Spot(self.label, spot, self.area)
            if records:
                region = records[-1].region
            else:
                assert self.label.marker is not None
                px, py, r = self.label.marker
                region = (px - r - 1, py - r - 1, px + r + 1, py + r + 1)
            b = rec.box
            rec.region = (
                min(region[0], b[0] - 12),
                min(region[1], b[1] - 12),
                max(region[2], b[2] + 12),
                max(region[3], b[3] + 12),
            )
            records.append(rec)
        return records[i]


def _spot_table(label: Label, ground: Ground) -> _SpotTable:
    """The name's spot records, kept beside the plan's drawing (shared by the grounds copied
    from one plan) when the name has a :attr:`Label.key`."""
    if label.key is None:
        return _SpotTable(label, ground.area)
    grid, _ = ground.drawn_grid()
    key = (label.key, label.text, label.size, label.marker, ground.fixed)
    table = grid.tables.get(key)
    if table is None:
        table = grid.tables[key] = _SpotTable(label, ground.area)
    return table


def _figure_cost(
    label: Label, i: int, rec: _Spot, ground: Ground, limit: float
) -> tuple[float, float, Box, tuple[float, float, float, float] | None]:
    """A spot's cost (and the part of it that is not its rank and distance: 0 for a spot in
    the clear), its box and its leader line. The terms are added in a fixed order and the
    search stops adding once the cost reaches ``limit`` (the caller then drops the spot), so
    a spot kept has the cost it would have without the limit."""
    b = rec.box
    base = i * RANK + rec.far
    cost = base
    if rec.outside:
        cost += OUTSIDE
    if cost < limit:
        cost += _hard(ground.labels, rec.grown, limit - cost)
    if cost < limit:
        cost += _hard(ground.markers, b, limit - cost)
    line = None
    if cost < limit:
        if rec.line is not None:  # far from its marker: a leader in any case
            line = rec.line
        else:  # near it: a leader if another marker is nearer
            reach = (b[0] - 12, b[1] - 12, b[2] + 12, b[3] + 12)
            line = leader(label, b, ground.circles.near(reach))
        if line is not None:
            base += LEADER
            cost += LEADER
            for grid in (ground.labels, ground.markers):
                if cost < limit:
                    cost = _crossings(grid, line, cost, limit)
            for other in ground.leaders:
                if cost < limit and segments_cross(line, other):
                    cost += LEADER_CROSS
    if cost < limit:
        cost += rec.drawn_cost(ground)
    return cost, cost - base, b, line


def _least_cost(i: int, rec: _Spot, ground: Ground, limit: float) -> float:
    """The least a spot can cost on the plan, whatever figures stand on it: its rank and
    distance, leaving the plan, covering one of the plan's own names, a leader line it must
    have, the drawn things it covers. The
    terms are added in :func:`_figure_cost`'s order, without the ones that depend on the
    figures (each ≥ 0), so it never exceeds that cost: a spot whose least cost reaches the best
    found so far can be passed over unread."""
    cost = i * RANK + rec.far
    if rec.outside:
        cost += OUTSIDE
    if rec.drawn is None:
        if cost >= limit:  # reached without the plan's drawing: not worth reading it
            return cost
        rec.drawn_cost(ground)
    if rec.fixed:
        cost += HARD_HIT  # the least that covering a name costs
    if rec.line is not None:
        cost += LEADER
    return cost + rec.drawn_cost(ground)


Placed = tuple[float, Spot, Box, tuple[float, float, float, float] | None]
#: What a placement read of the ground: the boxes of its names, markers and circles that meet
#: the region it searched (sorted, so that their order in the grid does not matter).
Seen = tuple[tuple[Box, ...], tuple[Box, ...], tuple[Box, ...], tuple[Box, ...]]
#: Earlier placements of one name on one plan: the region searched, what lay in it, the result.
Memo = dict[object, list[tuple[Box, Seen, Placed]]]


def _within(boxes: Sequence[Box], region: Box) -> tuple[Box, ...]:
    """The boxes that meet ``region`` (edges touching count), sorted."""
    x0, y0, x1, y1 = region
    found = [b for b in boxes if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]]
    if len(found) > 1:
        found.sort()
    return tuple(found)


def _seen(ground: Ground, region: Box) -> Seen:
    """What of the ground's names (past its :attr:`Ground.fixed` ones, the same for every use
    of a memo), markers and circles meets ``region`` (edges touching count)."""
    return (
        _within(ground.labels.boxes[ground.fixed :], region),
        _within(ground.markers.boxes, region),
        _within(ground.circles.boxes, region),
        _within([_bounds(line) for line in ground.leaders], region),
    )


def _sees(ground: Ground, region: Box, seen: Seen) -> bool:
    """Whether ``region`` of the ground holds ``seen`` (``_seen(ground, region) == seen``,
    stopping at the first part that differs)."""
    return (
        _within(ground.markers.boxes, region) == seen[1]
        and _within(ground.labels.boxes[ground.fixed :], region) == seen[0]
        and _within(ground.circles.boxes, region) == seen[2]
        and _within([_bounds(line) for line in ground.leaders], region) == seen[3]
    )


def _bounds(line: tuple[float, float, float, float]) -> Box:
    """The box a leader line spans."""
    x0, y0, x1, y1 = line
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _search(label: Label, ground: Ground) -> tuple[Placed, Box]:
    """The cheapest of a name's spots, and the region the search read (every spot's box with
    the reach of its leader line, and the marker: a leader runs between them)."""
    best: Placed | None = None
    limit = math.inf
    table = _spot_table(label, ground)
    i, read = 0, None
    while i * RANK < limit:
        rec = table.get(i)
        if rec is None:
            break
        read = rec
        if _least_cost(i, rec, ground, limit) < limit:  # else it could only cost more than the best
            cost, penalty, b, line = _figure_cost(label, i, rec, ground, limit)
            if cost < limit:
                best, limit = (cost, rec.spot, b, line), cost
                if penalty < GOOD:
                    break
        i += 1
    assert best is not None and read is not None
    return best, read.region


def place_figure(label: Label, ground: Ground, memo: Memo | None = None) -> None:
    """Place one figure's name: the cheapest of its spots, its box then written into
    ``ground``. The spots come nearest first, so the first in the clear is taken (a later one
    could only be further off), and the search stops where rank alone costs more than the
    best found.

    With ``memo`` (one per plan and its fixed names: ``ground.fixed``; the names keyed by
    :attr:`Label.key`), a name whose search
    region holds exactly what it held before takes the place it took then without a search:
    every cost the search weighs reads only boxes in that region, so it would run the same
    way. The stage view places the same names on the same plan at every step, most of them
    among the same neighbours."""
    best: Placed | None = None
    entries = memo.setdefault(label.key, []) if memo is not None and label.key else None
    if entries is not None:
        for region, seen, placed in entries:
            if _sees(ground, region, seen):
                best = placed
                break
    if best is None:
        best, region = _search(label, ground)
        if entries is not None:
            entries.append((region, _seen(ground, region), best))
    label.cost, label.spot, label.box, label.leader = best
    ground.labels.add(best[2])
    if best[3] is not None:
        ground.leaders.append(best[3])


def place_figures(labels: Sequence[Label], ground: Ground, memo: Memo | None = None) -> None:
    """Place the figures' names in order (the caller puts the most important first)."""
    for label in labels:
        place_figure(label, ground, memo)
