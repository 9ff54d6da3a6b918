"""Draw a plan of the setting with the participants of one step (:func:`compose`), as a
structured :class:`~.plan.Plan`, and serialise it as a standalone SVG 1.1 document
(:func:`render`).

The look follows the old 儀禮圖 (楊復, 張惠言) — a plan of hall and court with each person
written at his place — redrawn as a modern map: north-up, to scale, with a scale bar and a
north arrow. A setting declares its views (``[views.*]`` of ``setting.toml``): a close view of
the hall and court, and an ``overview`` of the whole precinct at a small scale, which labels
less. What is built, where its names go, what is set out and how each kind of thing is drawn
are data (the setting) and drawers (:mod:`.drawers`); this module lays them out.

Every name on a plan — the built parts', the furnishings', the figures' — takes part in one
placement (:mod:`.labels`): the fixed names first, then the figures', which keep clear of them,
of each other and of the markers, with a leader line when one must stand off from its marker.

A plan is drawn for a medium (:class:`Medium`): the screen (:data:`SCREEN`, the view's own
scale, a title over the plan) or print (:func:`print_medium`: drawn to fit the box it is
printed in, one pixel to a printed point, type no smaller than :data:`PRINT_MIN_TYPE` pt, no
title — the book's caption gives it).

Output is deterministic (fixed number formatting, data-ordered drawing, ids derived from the
input) and self-contained (no external fonts, images or stylesheets; internal ``url(#…)``
only).

No Sphinx import.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .canvas import (
    COLOURS,
    COURT,
    FAINT,
    FONT_STACK,
    INK,
    LINE,
    PAPER,
    PLATFORM,
    VERMILION,
    VERMILION_LIGHT,
    Canvas,
    text_box,
    text_el,
)
from .drawers import DRAWERS, Drawer
from .labels import Ground, Label, Memo, figure_spots, marker_boxes, place_figures, place_fixed
from .layout import SPACING, Figure, facing_vector, ranks
from .model import Furnishing, Setting, Structure, UnknownFurnishingError, View
from .plan import El, Plan, num, to_svg

MARGIN = 24.0
TITLE_H = 58.0
MIN_WIDTH = 440.0
#: width of the side column (scale bar, north arrow, notes) beside a narrow plan
SIDE_W = 150.0
#: minimum pixel distance between neighbours of a row, whatever the view's scale
MIN_ROW_PX = 17.0
#: How far (尺) a furnishing's centre may lie outside a view and still reach into it: the
#: widest thing drawn (a target) is 40 尺 across, its labels a few 尺 beyond.
REACH = 30.0


@dataclass(frozen=True)
class PlanWords:
    """The words a plan writes of its own, not the setting's: the key of its colours, the
    note of the figures off the plan (``{figures}``, each ``figure`` ``{role}`` at
    ``{place}``), the north arrow's word. The build passes them in the edition's language from
    the engine's catalog (:mod:`ritual.i18n`, through :mod:`ritual.diagrams`); these defaults
    are its msgids, the English."""

    moved: str = "Vermilion: who moves in this step."
    off_view: str = "Off the plan: {figures}."
    figure: str = "{role} ({place})"
    north: str = "N"


#: Type sizes (px) of the close view and of an overview, on screen.
SIZES = {
    False: {"big": 13.0, "small": 10.0, "furnishing": 9.0, "figure": 11.0},
    True: {"big": 10.0, "small": 8.0, "furnishing": 8.0, "figure": 9.0},
}
#: The smallest type of a printed plan (pt on paper).
PRINT_MIN_TYPE = 7.0
#: Type sizes (pt) of a printed plan: a pixel of a printed plan is a point on paper.
PRINT_SIZES = {
    False: {"big": 9.0, "small": 7.0, "furnishing": 7.0, "figure": 7.5},
    True: {"big": 8.0, "small": 7.0, "furnishing": 7.0, "figure": 7.0},
}


@dataclass(frozen=True)
class Medium:
    """How a plan is drawn for where it is shown: type sizes (by overview, then kind), marker
    radius (by overview), the least distance between neighbours of a row, the frame's type
    (notes, scale bar), margin and halo, whether the title is drawn over the plan, and the box
    (width, height) a printed plan is fitted to (``None``: the view's own scale)."""

    sizes: Mapping[bool, Mapping[str, float]]
    radius: Mapping[bool, float]
    row_px: Mapping[bool, float]
    note: float = 9.5
    scale_text: float = 9.0
    margin: float = MARGIN
    halo: float = 3.0
    header: bool = True
    fit: tuple[float, float] | None = None
    #: whether the SVG says whose each drawn shape and name is (:attr:`.Canvas.mark_owners`)
    mark_owners: bool = False
    #: whether an overview's figures are numbered (①②…) and their names listed beside the
    #: plan, as printed 禮圖 do where a crowd would set the names in a grid
    legend: bool = False

    @property
    def k(self) -> float:
        """The frame's type and spacing relative to the screen's."""
        return self.note / 9.5


#: The site's plans.
SCREEN = Medium(SIZES, {False: 5.2, True: 2.6}, {False: MIN_ROW_PX, True: 9.5})


def print_medium(width: float, height: float) -> Medium:
    """A printed plan fitted to a box of ``width`` × ``height`` pt (the book's text width and
    the height a plan may take), drawn one pixel to a point."""
    return Medium(
        PRINT_SIZES,
        {False: 3.3, True: 2.0},
        {False: 9.5, True: 7.5},
        note=PRINT_MIN_TYPE,
        scale_text=PRINT_MIN_TYPE,
        margin=6.0,
        halo=1.8,
        header=False,
        fit=(width, height),
        mark_owners=True,
        legend=True,
    )


def circled(n: int) -> str:
    """The circled numeral for ``n`` (1–50: ① … ⑳, ㉑ … ㊿), a legend's key on a plan."""
    if 1 <= n <= 20:
        return chr(0x2460 + n - 1)
    if 21 <= n <= 35:
        return chr(0x3251 + n - 21)
    if 36 <= n <= 50:
        return chr(0x32B1 + n - 36)
    raise ValueError(f"no circled numeral for {n}")


def _legend(v: View, figures: Sequence[Figure]) -> dict[str, str]:
    """The numbers of an overview's labelled figures within it, north to south and then west
    to east (the order the legend beside the plan reads), by role."""
    shown = [
        f
        for f in figures
        if v.holds(f.place_x, f.place_y) and (v.label_below is None or f.place_y < v.label_below)
    ]
    shown.sort(key=lambda f: (-f.place_y, f.place_x, f.slot))
    if len(shown) > 50:
        return {}
    return {f.role: circled(i) for i, f in enumerate(shown, 1)}


# ---------------------------------------------------------------------------- structure

#: How much more a name keeps off a wall than off a furnishing.
WALL_WEIGHT = 6.0
#: Built parts whose outline a name keeps off (softly); the ground (court, platform, eaves,
#: purlins, the range line) is written over freely.
_SOLID = ("wall", "stair", "post", "gate")


def _draw_structure(c: Canvas, st: Structure) -> None:
    k, xy = st.kind, st.coords
    if c.view.name not in st.views:
        return
    c.owner = st if (st.style in _SOLID or k in _SOLID) else None
    if st.style == "court":
        c.rect(*xy[:4], fill=COURT, stroke=LINE, stroke_width=c.pen(2.2))
    elif st.style == "platform":
        c.rect(*xy[:4], fill=PLATFORM, stroke=LINE, stroke_width=c.pen(1.3))
    elif st.style == "eave":
        c.rect(*xy[:4], fill="none", stroke=FAINT, stroke_width=c.pen(0.8), stroke_dasharray="2 3")
    elif st.style == "wall":
        c.line(xy, stroke=INK, stroke_width=c.pen(3.2), stroke_linecap="square")
    elif st.style == "purlin":
        c.line(xy, stroke=FAINT, stroke_width=c.pen(0.8), stroke_dasharray="6 3")
    elif st.style == "range":
        c.line(xy, stroke=VERMILION, stroke_width=0.8, stroke_dasharray="1.5 4")
    elif k == "post":
        c.circle(xy[0], xy[1], xy[2], fill=INK, stroke="none")
    elif k == "stair":
        x0, y0, x1, y1, steps = xy
        c.rect(x0, y0, x1, y1, fill=PLATFORM, stroke=LINE, stroke_width=c.pen(1.1))
        for i in range(1, int(steps)):
            y = y0 + (y1 - y0) * i / steps
            c.line((x0, y, x1, y), stroke=LINE, stroke_width=c.pen(0.6))
    elif k == "gate":
        x0, y0, x1, _ = xy
        c.line((x0, y0, x1, y0), stroke=COURT, stroke_width=c.pen(2.2) + 1.0)
        for x in (x0, x1):
            c.rect(x - 1.2, y0 - 1.2, x + 1.2, y0 + 1.2, fill=INK, stroke="none")
    c.owner = None


#: Drawing order of the built parts, by style.
_STRUCTURE_ORDER = {
    "court": 0,
    "platform": 1,
    "eave": 2,
    "purlin": 3,
    "stair": 4,
    "wall": 5,
    "post": 6,
    "gate": 7,
    "range": 8,
}


def _structure_labels(c: Canvas, setting: Setting, sizes: Mapping[str, float]) -> None:
    """The names of the built parts that the setting places in this view (by hand: the place
    the data give each, and the others they allow, ``also``)."""
    built = {st.name: st for st in setting.structures}
    for label in setting.labels:
        if c.view.name in label.views:
            # a name may touch its own part (西楹 over its post), except a stair's: 西階 is
            # written beside the treads, which would strike it, where the data allow
            own = built.get(label.text)
            c.owner = own if own is not None and own.kind != "stair" else None
            c.text(
                label.x,
                label.y,
                label.text,
                sizes[label.size],
                anchor=label.anchor,
                vertical=label.vertical,
                fill=COLOURS.get(label.colour, LINE),
                also=label.also,
            )
            c.labels[-1].avoid_places = False
    c.owner = None


# ---------------------------------------------------------------------------- furnishings


def _near_view(view: View, f: Furnishing) -> bool:
    x0, y0, x1, y1 = view.extent
    return x0 - REACH <= f.x <= x1 + REACH and y0 - REACH <= f.y <= y1 + REACH


def _draw_furnishing(
    c: Canvas, f: Furnishing, drawers: Mapping[str, Drawer], sizes: Mapping[str, float]
) -> None:
    drawer = drawers.get(f.kind)
    if drawer is None:
        return  # a kind without a drawer is reported by the caller (the build warns)
    label = not c.overview or f.kind in c.view.label_kinds
    c.owner = f
    drawer(c, f, sizes["furnishing"], label)
    c.owner = None


def _ground(
    c: Canvas,
    setting: Setting,
    medium: Medium,
    groups: Mapping[str, int] | None = None,
    step: float = 0.0,
    transient: bool = False,
) -> Ground:
    """What the fixed names keep off: the drawn things and the places where people stand (a
    marker's size around each, and where ``groups`` says a place holds several at once, the
    room they spread over, ``step`` apart, in whichever direction their row runs). Where the
    figures come and go (``transient``, the stage's plan) the size is a marker's reach, its
    facing's point included, since it may face any way: 主人 at 阼階上, facing west, covered
    the name 主人席 written beside his mat."""
    ground = Ground((c.left, c.top, c.left + c.plan_w, c.top + c.plan_h))
    ground.drawn = list(c.drawn)
    ground.weight = {id(st): WALL_WEIGHT for st in setting.structures if st.style == "wall"}
    r = _tip(c, medium) if transient else medium.radius[c.overview]
    for name, p in setting.places.items():
        px, py = c.px(p.x, p.y)
        per, _ = ranks((groups or {}).get(name, 1), step, None if p.span is None else p.span * c.s)
        d = r + (per - 1) / 2 * step
        ground.places.append((px - d, py - d, px + d, py + d))
    return ground


def _place_fixed(
    c: Canvas,
    setting: Setting,
    medium: Medium,
    markers: Sequence[_Marker] = (),
    transient: bool = False,
    spacing: float = SPACING,
    groups: Mapping[str, int] | None = None,
) -> Ground:
    """Place the names of the built parts and the furnishings (in the order drawn), clear of
    the ``markers`` (a static plan's figures; the stage's, ``transient``, come and go over
    its plan, ``groups`` of them at a place, spread by ``spacing``): the ground the figures'
    names are then placed on."""
    ground = _ground(c, setting, medium, groups, _row_step(c, spacing, medium), transient)
    ground.transient = transient
    _add_markers(ground, markers)
    size = medium.sizes[c.overview]["figure"]
    for m in markers:
        if m.labelled:
            x, y, anchor, vertical = next(figure_spots(m.px, m.py, m.r, m.sx, m.sy, size, 1))
            ground.reserved.append(text_box(x, y, m.fig.role, size, anchor, vertical))
    place_fixed(c.labels, ground)
    return ground


def _add_markers(ground: Ground, markers: Sequence[_Marker]) -> None:
    for m in markers:
        boxes = marker_boxes(m.px, m.py, m.r, m.sx, m.sy, m.tip)
        for b in boxes:
            ground.markers.add(b)
        ground.circles.add(boxes[0])


# ---------------------------------------------------------------------------- figures


def _row_step(c: Canvas, spacing: float, medium: Medium) -> float:
    """The distance between the markers of a group at one place, in pixels."""
    return max(spacing * c.s, medium.row_px[c.overview])


def _figure_px(
    c: Canvas, fig: Figure, spacing: float, medium: Medium = SCREEN
) -> tuple[float, float]:
    """Pixel position, re-spreading the row at no less than the medium's least distance (room
    for a name beside each), the whole row moved in from the plan's edge if it would cross
    it. A row longer than its place's room (:attr:`.model.Place.span`) stands in ranks, the
    senior one in front: at an overview's wider spacing the eight at 堂西 had run onto the
    hall."""
    px, py = c.px(fig.place_x, fig.place_y)
    if fig.group > 1:
        step = _row_step(c, spacing, medium)
        per, count = ranks(fig.group, step, None if fig.span is None else fig.span * c.s)
        rank, at = divmod(fig.slot, per)
        half = (per - 1) / 2.0 * step
        depth = (count - 1) / 2.0 * step
        if c.inside(px, py):
            room = medium.radius[c.overview] + 2.0
            ex = abs(fig.row_dx) * half + abs(fig.front_dx) * depth + room
            ey = abs(fig.row_dy) * half + abs(fig.front_dy) * depth + room
            px = min(max(px, c.left + ex), c.left + c.plan_w - ex)
            py = min(max(py, c.top + ey), c.top + c.plan_h - ey)
        shift = at * step - half
        back = depth - rank * step  # the front rank ahead of the place, the last behind it
        px += fig.row_dx * shift + fig.front_dx * back
        py -= fig.row_dy * shift + fig.front_dy * back
    return px, py


def _labelled(c: Canvas, fig: Figure) -> bool:
    """Whether a figure's name is written: always, except on an overview that sets
    ``label_below`` (then only south of it)."""
    below = c.view.label_below
    return not c.overview or below is None or fig.place_y < below


@dataclass
class _Marker:
    """A figure's drawn geometry, worked out before any label is placed."""

    fig: Figure
    px: float
    py: float
    r: float
    sx: float  # screen direction of the facing (y down)
    sy: float
    tip: float
    labelled: bool
    label: Label | None = None


def _marker(c: Canvas, fig: Figure, spacing: float, labelled: bool, medium: Medium) -> _Marker:
    px, py = _figure_px(c, fig, spacing, medium)
    r = medium.radius[c.overview]
    fx, fy = facing_vector(fig.bearing)
    return _Marker(fig, px, py, r, fx, -fy, _tip(c, medium), labelled)


def _tip(c: Canvas, medium: Medium) -> float:
    """How far a marker's point (its facing) reaches from its centre."""
    return medium.radius[c.overview] * (2.35 if not c.overview else 2.55)


def _place_figures(
    c: Canvas,
    markers: Sequence[_Marker],
    ground: Ground,
    medium: Medium,
    memo: Memo | None = None,
    numbers: Mapping[str, str] | None = None,
) -> None:
    """Place the names of the labelled markers (the moved first: they are the point of the
    plan) on ``ground``, which holds the markers already (``memo``: :func:`.place_figure`);
    a figure with a legend number (``numbers``, by role) is marked with it instead."""
    size = medium.sizes[c.overview]["figure"]
    labels = []
    for m in sorted(markers, key=lambda m: not m.fig.moved):
        if not m.labelled:
            continue
        text = (numbers or {}).get(m.fig.role, m.fig.role)
        spots = figure_spots(m.px, m.py, m.r, m.sx, m.sy, size, len(text))
        fill = VERMILION if m.fig.moved else INK
        m.label = Label(text, size, spots, fill, True, marker=(m.px, m.py, m.r))
        m.label.key = (m.fig.role, size, m.px, m.py, m.r, m.sx, m.sy)
        labels.append(m.label)
    place_figures(labels, ground, memo)


def _figure(c: Canvas, m: _Marker) -> El:
    fig, px, py, r, sx, sy = m.fig, m.px, m.py, m.r, m.sx, m.sy
    small = c.overview
    stroke = VERMILION if fig.moved else INK
    fill = VERMILION_LIGHT if fig.moved else "#ffffff"
    base = r - 0.6
    wing = r * (0.77 if small else 0.69)
    # arrow: a narrow triangle from the rim towards the facing
    ox, oy = -sy, sx
    points = [
        (px + sx * m.tip, py + sy * m.tip),
        (px + sx * base + ox * wing, py + sy * base + oy * wing),
        (px + sx * base - ox * wing, py + sy * base - oy * wing),
    ]
    pts = " ".join(f"{num(a)},{num(b)}" for a, b in points)
    group = El.make("g", class_="xs-figure")
    group.add(El.make("title", f"{fig.role}：{fig.place}，{fig.facing}"))
    group.add(El.make("polygon", points=pts, fill=stroke, stroke="none"))
    group.add(
        El.make(
            "circle",
            cx=px,
            cy=py,
            r=r,
            fill=fill,
            stroke=stroke,
            stroke_width=0.9 if small else min(1.4, r * 0.27),
        )
    )
    if m.label is not None:
        if m.label.leader is not None:
            x0, y0, x1, y1 = m.label.leader
            group.add(
                El.make(
                    "polyline",
                    points=f"{num(x0)},{num(y0)} {num(x1)},{num(y1)}",
                    fill="none",
                    stroke=stroke,
                    stroke_width=0.6,
                )
            )
        group.add(c.label_el(m.label))
    return group


# ---------------------------------------------------------------------------- frame


def _scale_bar(
    out: list[El], x: float, y: float, c: Canvas, setting: Setting, medium: Medium
) -> None:
    """Alternating segments of the large unit (弓 of 6 尺), the small unit above, the large
    below."""
    unit = setting.unit
    k, size = medium.k, medium.scale_text
    seg = unit.large_in_small if unit.large else 1.0
    length, s = c.view.scalebar, c.s
    segs = round(length / seg)
    seg_px = seg * s
    for i in range(segs):
        fill = INK if i % 2 == 0 else "#ffffff"
        out.append(
            El.make(
                "rect",
                x=x + i * seg_px,
                y=y,
                width=seg_px,
                height=5.0 * k,
                fill=fill,
                stroke=INK,
                stroke_width=0.8 * k,
            )
        )
    end = x + segs * seg_px
    out.append(text_el(x, y - 7.0 * k, "0", size, fill=INK))
    out.append(
        text_el(
            end, y - 7.0 * k, f"{num(segs * seg)} {unit.small}", size, anchor="middle", fill=INK
        )
    )
    if unit.large:
        marks = range(segs + 1) if segs <= 6 else range(0, segs + 1, max(1, segs // 2))
        for i in marks:
            out.append(text_el(x + i * seg_px, y + 13.0 * k, str(i), size, fill=INK))
        out.append(text_el(end + 8.0 * k, y + 13.0 * k, unit.large, size, anchor="start", fill=INK))


def _bar_width(c: Canvas, setting: Setting, medium: Medium) -> float:
    """How far right of the margin the scale bar and its unit reach, and a gap after."""
    unit = setting.unit
    seg = unit.large_in_small if unit.large else 1.0
    length = round(c.view.scalebar / seg) * seg * c.s
    label = len(unit.large or unit.small) * medium.scale_text
    return (
        4.0 * medium.k + length + 8.0 * medium.k + label + 2 * medium.scale_text + 14.0 * medium.k
    )


def _north_arrow(out: list[El], x: float, y: float, k: float, north: str) -> None:
    points = ((x, y - 14 * k), (x + 6 * k, y + 8 * k), (x, y + 3 * k), (x - 6 * k, y + 8 * k))
    out.append(
        El.make(
            "polygon",
            points=" ".join(f"{num(a)},{num(b)}" for a, b in points),
            fill=INK,
            stroke="none",
        )
    )
    out.append(text_el(x, y - 22.0 * k, north, 12.0 * k, fill=INK))


def _wrap(text: str, width_px: float, size: float) -> list[str]:
    per_line = max(8, int(width_px // size))
    return [text[i : i + per_line] for i in range(0, len(text), per_line)] or [""]


def _furnishing_keys(
    setting: Setting, furnishings: Iterable[str] | None, extra: Iterable[str]
) -> list[str]:
    if furnishings is None:
        keys = [k for k, f in setting.furnishings.items() if f.default]
    else:
        keys = list(furnishings)
    for key in extra:
        if key not in keys:
            keys.append(key)
    for key in keys:
        if key not in setting.furnishings:
            raise UnknownFurnishingError(f"unknown furnishing {key!r}", key)
    order = list(setting.furnishings)
    return sorted(set(keys), key=order.index)


def _wide_notes(notes: Sequence[str], head: int) -> list[str]:
    """A wide plan runs the notes common to all plans together on one line."""
    return ["".join(notes[:head]), *notes[head:]]


def _frame(
    v: View,
    title: str,
    medium: Medium = SCREEN,
    notes: Sequence[str] = (),
    head: int = 1,
    setting: Setting | None = None,
) -> tuple[Canvas, list[str], bool]:
    """The canvas of a view: plan size and scale, margins, the title's lines (none in print),
    and whether the scale bar and notes stand in a column beside the plan.

    On screen the view's scale gives the plan's size; a narrow plan (an overview of a long
    precinct) gets its scale bar and notes in a column on its right. In print the plan is
    scaled to fit ``medium.fit`` with its notes (``notes``: ``head`` of them run together
    under a wide plan), beside it if that lets it be larger."""
    x0, y0, x1, y1 = v.extent
    ew, eh = x1 - x0, y1 - y0
    m = medium.margin
    if medium.fit is None:
        plan_w = ew * v.scale
        side = plan_w + 2 * m < MIN_WIDTH
        width = plan_w + 2 * m + (SIDE_W if side else 0.0)
        title_lines = _wrap(title, max(width, MIN_WIDTH) - 2 * m, 15.0)
        width = max(width, MIN_WIDTH)
        top = TITLE_H + 18.0 * (len(title_lines) - 1)
        left = m if side else (width - plan_w) / 2.0
        return Canvas(v, width, left, top), title_lines, side
    box_w, box_h = medium.fit
    k, size = medium.k, medium.note
    # the notes stand beside the scale bar (as long as at the widest scale)
    widest = Canvas(v, box_w, m, m, scale=(box_w - 2 * m) / ew)
    assert setting is not None, "a printed plan is fitted with its setting's scale bar"
    note_w = box_w - 2 * m - 24.0 * k - _bar_width(widest, setting, medium)
    lines = sum(len(_wrap(n, note_w, size)) for n in _wide_notes(notes, head))
    foot = 10.0 * k + max(34.0 * k, 8.0 * k + 13.0 * k * (lines - 1) + size / 2) + 6.0 * k
    wide = min((box_w - 2 * m) / ew, (box_h - m - foot) / eh)
    side_w = SIDE_W * k
    beside = min((box_w - 2 * m - side_w) / ew, (box_h - 2 * m - 12.0 * k) / eh)
    side = beside > wide * 1.05
    s = beside if side else wide
    width = ew * s + 2 * m + (side_w if side else 0.0)
    return Canvas(v, width, m, m, scale=s), [], side


def _off_view_note(figures: Sequence[Figure], words: PlanWords) -> str:
    listed = "、".join(words.figure.format(role=f.role, place=f.place) for f in figures)
    return words.off_view.format(figures=listed)


def _default_view(setting: Setting) -> str:
    return next(iter(setting.views))


def pixel_positions(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    *,
    view: str | None = None,
    spacing: float = SPACING,
) -> dict[str, tuple[float, float]]:
    """Where :func:`compose` (with the same title and view) draws each figure, in pixels.

    The stage view draws its markers with a script over a plan composed without figures; this
    keeps its rows spread exactly as in the static diagrams.
    """
    c, _, _ = _frame(setting.view(view or _default_view(setting)), title)
    return {f.role: _figure_px(c, f, spacing) for f in figures}


def _drawn_canvas(
    setting: Setting,
    view: str,
    title: str,
    keys: Sequence[str],
    drawers: Mapping[str, Drawer],
    medium: Medium = SCREEN,
    notes: Sequence[str] = (),
    head: int = 1,
) -> tuple[Canvas, dict[str, tuple[tuple[int, int], tuple[int, int]]]]:
    """A view's canvas with its built parts and the furnishings ``keys`` drawn and their names
    asked for (not yet placed), and where each furnishing's elements and names lie in
    ``canvas.out`` and ``canvas.labels`` (start, end)."""
    c, _, _ = _frame(setting.view(view), title, medium, notes, head, setting)
    c.halo_width = medium.halo
    c.mark_owners = medium.mark_owners
    sizes = medium.sizes[c.overview]
    c.add(El.make("rect", x=c.left, y=c.top, width=c.plan_w, height=c.plan_h, fill=PAPER))
    for st in sorted(setting.structures, key=lambda s: _STRUCTURE_ORDER.get(s.style, 9)):
        _draw_structure(c, st)
    _structure_labels(c, setting, sizes)
    spans: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {}
    for key in keys:
        before, labels_before = len(c.out), len(c.labels)
        _draw_furnishing(c, setting.furnishings[key], drawers, sizes)
        spans[key] = (before, len(c.out)), (labels_before, len(c.labels))
    return c, spans


def label_offsets(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    *,
    view: str | None = None,
    furnishings: Iterable[str] | None = None,
    extra: Iterable[str] = (),
    shown: Iterable[str] | None = None,
    spacing: float = SPACING,
    drawers: Mapping[str, Drawer] = DRAWERS,
    canvases: MutableMapping[Any, Any] | None = None,
    groups: Mapping[str, int] | None = None,
) -> dict[str, tuple[float, float, str, bool, tuple[float, float, float, float] | None]]:
    """Where :func:`compose` writes each figure's name, relative to the figure: ``(dx, dy,
    anchor, vertical, leader)``, ``leader`` the line back to the marker (relative too) or
    None; figures outside the view or unlabelled in it are left out. The stage view uses this
    so that its names are placed as the static plans' are.

    The names of the built parts and of the furnishings are placed as :func:`compose` places
    them with ``furnishings`` (the stage's plan draws them all); only those of ``shown`` (by
    default all of them) are on the plan for the figures' names to avoid; they keep off the
    room ``groups`` of figures spread over, as the stage's plan does (:class:`PlanOptions`).

    ``canvases`` memoises the plans with their names placed, by (view, title, furnishings,
    shown), and the figures' names placed on each, by the markers (role, moved, place,
    facing): the stage view asks for label places at every step of the rite, on a plan that
    changes only when a furnishing is set out or taken away, with figures that often stand as
    they stood. The caller owns it."""
    view = view or _default_view(setting)
    keys = tuple(_furnishing_keys(setting, furnishings, extra))
    shown_keys = keys if shown is None else tuple(k for k in keys if k in set(shown))
    key = (view, title, keys, shown_keys)
    memo = canvases.get(key) if canvases is not None else None
    if memo is None:
        c, _ = _drawn_canvas(setting, view, title, keys, drawers)
        _place_fixed(c, setting, SCREEN, transient=True, spacing=spacing, groups=groups)
        hidden = {id(setting.furnishings[k]) for k in keys if k not in shown_keys}
        base = _ground(c, setting, SCREEN)
        base.drawn = [(b, o) for b, o in c.drawn if id(o) not in hidden]
        for label in c.labels:
            if id(label.owner) not in hidden and label.box is not None:
                base.labels.add(label.box)
        memo = (c, base)
        if canvases is not None:
            canvases[key] = memo
    c, base = memo
    markers = []
    for fig in figures:
        px, py = _figure_px(c, fig, spacing)
        if c.inside(px, py):
            markers.append(_marker(c, fig, spacing, _labelled(c, fig), SCREEN))
    # The same figures in the same places on the same plan take the same names' places: the
    # stage's steps repeat configurations (a figure that only acts, a step of speech), so the
    # placement is memoised beside the plan, by everything it reads of the markers.
    config = (
        "names",
        key,
        tuple((m.fig.role, m.fig.moved, m.px, m.py, m.sx, m.sy, m.labelled) for m in markers),
    )
    done = canvases.get(config) if canvases is not None else None
    if done is not None:
        return dict(done)
    ground = base.copy()
    ground.fixed = len(ground.labels.boxes)
    _add_markers(ground, markers)
    memo = canvases.setdefault(("memo", key), {}) if canvases is not None else None
    _place_figures(c, markers, ground, SCREEN, memo)
    out = {}
    for m in markers:
        if m.label is None or m.label.spot is None:
            continue
        x, y, anchor, vertical = m.label.spot
        line = m.label.leader
        rel = None
        if line is not None:
            rel = (
                round(line[0] - m.px, 1),
                round(line[1] - m.py, 1),
                round(line[2] - m.px, 1),
                round(line[3] - m.py, 1),
            )
        out[m.fig.role] = (round(x - m.px, 1), round(y - m.py, 1), anchor, vertical, rel)
    if canvases is not None:
        canvases[config] = dict(out)
    return out


@dataclass(frozen=True)
class PlanOptions:
    """How :func:`compose` draws a plan, beyond what it shows (the setting, the figures, the
    title and the step).

    ``view`` is one of the setting's views (the first by default). ``furnishings`` replaces the
    default furnishings (those marked ``default`` in the data: set out before the rite begins);
    ``extra`` adds to them (what the text sets out later). ``notes`` (every plan's) and
    ``view_notes`` (this view's) are the edition's notes under the plan. ``id_prefix`` keeps
    element ids unique when several diagrams share a page; by default it is derived from the
    input. ``group_furnishings`` wraps each furnishing in ``<g id="{id_prefix}-furn-{i}">``
    (``i`` its index in the data) so that a script can show and hide it (the stage view).
    ``transient``: the figures come and go over the plan (the stage view's): its fixed names
    keep off the places on the things they name (:attr:`.labels.Ground.transient`), and
    ``groups`` (place → the most that stand there at once: :func:`.layout.most_at_once`)
    gives the room a group spreads over at a place. ``medium`` is the screen's (the default)
    or print's (:func:`print_medium`: fitted to its box, no title over the plan)."""

    view: str | None = None
    furnishings: Iterable[str] | None = None
    extra: Iterable[str] = ()
    spacing: float = SPACING
    id_prefix: str | None = None
    group_furnishings: bool = False
    transient: bool = False
    groups: Mapping[str, int] = field(default_factory=dict)
    notes: Sequence[str] = ()
    view_notes: Sequence[str] = ()
    drawers: Mapping[str, Drawer] = field(default_factory=lambda: DRAWERS)
    medium: Medium = SCREEN
    words: PlanWords = PlanWords()


def _plan_notes(options: PlanOptions, outside: Sequence[Figure], keyed: Sequence[str]) -> list[str]:
    """The notes under a plan: the edition's, the colours' key, this view's, the figures off
    the plan, and the numbered figures' names (an overview's legend)."""
    return [
        *options.notes,
        options.words.moved,
        *options.view_notes,
        *([_off_view_note(outside, options.words)] if outside else []),
        *keyed,
    ]


def _plan_layers(
    c: Canvas,
    setting: Setting,
    keys: Sequence[str],
    spans: Mapping[str, tuple[tuple[int, int], tuple[int, int]]],
    group: bool,
    id_prefix: str,
) -> tuple[list[El], list[El], list[El]]:
    """The plan under the figures: the built parts and the furnishings (each furnishing with
    its names in a group of its own when ``group``), the furnishings' names, and the built
    parts' names."""
    n_built = min((a for (a, _), _ in spans.values()), default=len(c.out))
    n_names = min((a for _, (a, _) in spans.values()), default=len(c.labels))
    background = c.out[:n_built]
    order_of = {k: i for i, k in enumerate(setting.furnishings)}
    names: list[El] = []
    for key in keys:
        (a, b), (la, lb) = spans[key]
        own = [c.label_el(label) for label in c.labels[la:lb]]
        if group:
            drawn = El.make("g", *c.out[a:b], *own, id=f"{id_prefix}-furn-{order_of[key]}")
            background.append(drawn)
        else:
            background.extend(c.out[a:b])
            names.extend(own)
    built_names = [c.label_el(label) for label in c.labels[:n_names]]
    return background, names, built_names


def _plan_frame(
    c: Canvas,
    setting: Setting,
    medium: Medium,
    side: bool,
    notes: Sequence[str],
    head: int,
    north: str,
) -> tuple[list[El], float]:
    """The frame around the plan: its border, the north arrow, the scale bar and the notes
    (beside a narrow plan, under a wide one, ``head`` of them run together), and the height
    of the whole drawing."""
    width, left, top, plan_w, plan_h = c.width, c.left, c.top, c.plan_w, c.plan_h
    k = medium.k
    out: list[El] = [
        El.make(
            "rect",
            x=left,
            y=top,
            width=plan_w,
            height=plan_h,
            fill="none",
            stroke=LINE,
            stroke_width=1.0 * min(1.0, k * 1.2),
        )
    ]
    all_notes = list(notes)
    m = medium.margin
    if side:
        col = left + plan_w + 22.0 * k
        _north_arrow(out, col + 10.0 * k, top + 30.0 * k, k, north)
        _scale_bar(out, col, top + 76.0 * k, c, setting, medium)
        note_x, note_y, note_w = col, top + 118.0 * k, width - col - m
        bottom = top + plan_h
    elif medium.fit is not None:
        # print: the notes beside the scale bar, the north arrow at the right (a lower foot)
        foot = top + plan_h + 10.0 * k
        _scale_bar(out, m + 4.0 * k, foot + 12.0 * k, c, setting, medium)
        _north_arrow(out, width - m - 10.0 * k, foot + 24.0 * k, k, north)
        note_x = m + _bar_width(c, setting, medium)
        note_y, note_w = foot + 8.0 * k, width - m - 24.0 * k - note_x
        all_notes = _wide_notes(all_notes, head)
        bottom = foot + 34.0 * k
    else:
        foot = top + plan_h + 14.0 * k
        _scale_bar(out, m + 4.0 * k, foot + 14.0 * k, c, setting, medium)
        _north_arrow(out, width - m - 10.0 * k, foot + 26.0 * k, k, north)
        note_x, note_y, note_w = m, foot + 44.0 * k, width - 2 * m - 10.0 * k
        all_notes = _wide_notes(all_notes, head)
        bottom = 0.0
    note_lines: list[str] = []
    for note in all_notes:
        note_lines.extend(_wrap(note, note_w, medium.note))
    for i, line in enumerate(note_lines):
        out.append(
            text_el(note_x, note_y + 13.0 * k * i, line, medium.note, anchor="start", fill=LINE)
        )
    if medium.fit is not None and not side:
        height = max(note_y + 13.0 * k * (len(note_lines) - 1) + medium.note / 2, bottom) + 6.0 * k
    else:
        height = max(note_y + 13.0 * k * len(note_lines), bottom) + 12.0 * k
    return out, height


def _plan_header(medium: Medium, step_label: str, title_lines: Sequence[str]) -> list[El]:
    """The step's label and the title over the plan (on screen; print's caption gives them)."""
    header: list[El] = []
    if medium.header:
        if step_label:
            header.append(text_el(MARGIN, 18.0, step_label, 10.5, anchor="start", fill=FAINT))
        for i, line in enumerate(title_lines):
            header.append(text_el(MARGIN, 40.0 + 18.0 * i, line, 15.0, anchor="start", fill=INK))
    return header


def compose(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    desc: str,
    step_label: str = "",
    *,
    options: PlanOptions | None = None,
) -> Plan:
    """Draw one step's plan: the frame (the canvas, with the notes the plan is fitted with),
    the plan's layers and the figures (placed with every name), the frame's border, scale and
    notes, then the assembled :class:`~.plan.Plan`.

    ``figures`` come from :class:`.layout.Walker` (or :func:`.layout.state_at`). Roles named
    in the step itself (``Figure.moved``) are drawn in vermilion. Figures outside the view are
    listed under the plan. How the plan is drawn is ``options`` (:class:`PlanOptions`).
    """
    o = options or PlanOptions()
    medium = o.medium
    view = o.view or _default_view(setting)
    v = setting.view(view)
    keys = _furnishing_keys(setting, o.furnishings, o.extra)
    id_prefix = o.id_prefix
    if id_prefix is None:
        digest = hashlib.sha1(f"{title}\x1f{step_label}\x1f{view}".encode()).hexdigest()[:8]
        id_prefix = f"xsd-{digest}"

    # the notes a printed plan is fitted with (those outside it as the model places them)
    outside = [f for f in figures if not v.holds(f.place_x, f.place_y)]
    numbers = _legend(v, figures) if medium.legend and v.overview else {}
    keyed = [f"{n}{role}" for role, n in numbers.items()]
    fit_notes = _plan_notes(o, outside, keyed)
    if not o.group_furnishings:
        keys = [k for k in keys if _near_view(v, setting.furnishings[k])]
    head = len(o.notes) + 1
    c, spans = _drawn_canvas(setting, view, title, keys, o.drawers, medium, fit_notes, head)
    _, title_lines, side = _frame(v, title, medium, fit_notes, head, setting)

    off_view: list[Figure] = []
    markers: list[_Marker] = []
    for fig in figures:
        px, py = _figure_px(c, fig, o.spacing, medium)
        if not c.inside(px, py):
            off_view.append(fig)
            continue
        markers.append(_marker(c, fig, o.spacing, _labelled(c, fig), medium))

    ground = _place_fixed(c, setting, medium, markers, o.transient, o.spacing, o.groups)
    background, names, built_names = _plan_layers(
        c, setting, keys, spans, o.group_furnishings, id_prefix
    )
    _place_figures(c, markers, ground, medium, numbers=numbers)
    drawn_figures = [_figure(c, m) for m in sorted(markers, key=lambda m: not m.fig.moved)]
    frame, height = _plan_frame(
        c, setting, medium, side, _plan_notes(o, off_view, keyed), len(o.notes) + 1, o.words.north
    )

    return _assemble(
        c,
        markers,
        medium,
        title=" ".join(p for p in (step_label, title) if p),
        desc=desc,
        id_prefix=id_prefix,
        height=height,
        layers=(background, names, built_names, drawn_figures),
        frame=frame,
        header=_plan_header(medium, step_label, title_lines),
    )


def _assemble(
    c: Canvas,
    markers: Sequence[_Marker],
    medium: Medium,
    *,
    title: str,
    desc: str,
    id_prefix: str,
    height: float,
    layers: tuple[list[El], list[El], list[El], list[El]],
    frame: list[El],
    header: list[El],
) -> Plan:
    """The :class:`~.plan.Plan` of the drawn parts: the SVG root's attributes, the layers
    (background, furnishings' names, built parts' names, figures), the frame and header, and
    what the checks read (every name's box, the markers' boxes, the type sizes)."""
    width, left, top, plan_w, plan_h = c.width, c.left, c.top, c.plan_w, c.plan_h
    background, names, built_names, drawn_figures = layers
    title_id, desc_id = f"{id_prefix}-title", f"{id_prefix}-desc"
    root = El.make(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        version="1.1",
        width=width,
        height=height,
        viewBox=f"0 0 {num(width)} {num(height)}",
        role="img",
        aria_labelledby=f"{title_id} {desc_id}",
        font_family=FONT_STACK,
    )
    fixed = [("fixed", label.text, label.box) for label in c.labels if label.box is not None]
    named = [
        ("figure", mk.label.text, mk.label.box)
        for mk in markers
        if mk.label is not None and mk.label.box is not None
    ]
    return Plan(
        width=width,
        height=height,
        root=root.attrs,
        title_id=title_id,
        title=title,
        desc_id=desc_id,
        desc=desc,
        id_prefix=id_prefix,
        paper=El.make("rect", x=0.0, y=0.0, width=width, height=height, fill=PAPER),
        plan_box=(left, top, plan_w, plan_h),
        background=background,
        names=names,
        built_names=built_names,
        figures=drawn_figures,
        frame=frame,
        header=header,
        labels=[*fixed, *named],
        markers=[
            (mk.fig.role, b)
            for mk in markers
            for b in marker_boxes(mk.px, mk.py, mk.r, mk.sx, mk.sy, mk.tip)[:1]
        ],
        type_sizes=sorted(
            {label.size for label in c.labels}
            | {mk.label.size for mk in markers if mk.label is not None}
            | {medium.note, medium.scale_text}
        ),
    )


def render(*args: object, **kwargs: object) -> str:
    """The standalone SVG document of :func:`compose` (same arguments)."""
    return to_svg(compose(*args, **kwargs))  # type: ignore[arg-type]
