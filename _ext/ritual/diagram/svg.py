"""Draw a plan of the setting with the participants of one step (:func:`compose`), as a
structured :class:`~.plan.Plan`, and serialise it as a standalone SVG 1.1 document
(:func:`render`).

The look follows the old 儀禮圖 (楊復, 張惠言) — a plan of hall and court with each person
written at his place — redrawn as a modern map: north-up, to scale, with a scale bar and a
north arrow. A setting declares its views (``[views.*]`` of ``setting.toml``): a close view of
the hall and court, and an ``overview`` of the whole precinct at a small scale, which labels
less. What is built, where its names go, what is set out and how each kind of thing is drawn
are data (the setting) and drawers (:mod:`.drawers`); this module lays them out.

Output is deterministic (fixed number formatting, data-ordered drawing, ids derived from the
input) and self-contained (no external fonts, images or stylesheets; internal ``url(#…)``
only).

No Sphinx import.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass

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
    Box,
    Canvas,
    text_box,
    text_el,
)
from .drawers import DRAWERS, Drawer
from .layout import SPACING, Figure, facing_vector
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
#: What every plan's key says of its colours (the engine's, not a text's).
MOVED_NOTE = "朱色：本節所動者。"

#: Type sizes (px) of the close view and of an overview.
SIZES = {
    False: {"big": 13.0, "small": 10.0, "furnishing": 9.0, "figure": 11.0},
    True: {"big": 10.0, "small": 8.0, "furnishing": 8.0, "figure": 9.0},
}


# ---------------------------------------------------------------------------- structure


def _draw_structure(c: Canvas, st: Structure) -> None:
    k, xy = st.kind, st.coords
    if c.view.name not in st.views:
        return
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


def _structure_labels(c: Canvas, setting: Setting) -> None:
    """The names of the built parts that the setting places in this view."""
    sizes = SIZES[c.overview]
    for label in setting.labels:
        if c.view.name in label.views:
            c.text(
                label.x,
                label.y,
                label.text,
                sizes[label.size],
                anchor=label.anchor,
                vertical=label.vertical,
                fill=COLOURS.get(label.colour, LINE),
            )


# ---------------------------------------------------------------------------- furnishings


def _near_view(view: View, f: Furnishing) -> bool:
    x0, y0, x1, y1 = view.extent
    return x0 - REACH <= f.x <= x1 + REACH and y0 - REACH <= f.y <= y1 + REACH


def _draw_furnishing(c: Canvas, f: Furnishing, drawers: Mapping[str, Drawer]) -> None:
    drawer = drawers.get(f.kind)
    if drawer is None:
        return  # a kind without a drawer is reported by the caller (the build warns)
    label = not c.overview or f.kind in c.view.label_kinds
    drawer(c, f, SIZES[c.overview]["furnishing"], label)


# ---------------------------------------------------------------------------- figures


def _figure_px(c: Canvas, fig: Figure, spacing: float) -> tuple[float, float]:
    """Pixel position, re-spreading the row at no less than :data:`MIN_ROW_PX`."""
    px, py = c.px(fig.place_x, fig.place_y)
    if fig.group > 1:
        # small unlabelled markers of an overview may stand closer than labelled ones
        step = max(spacing * c.s, MIN_ROW_PX / 2.5 if c.overview else MIN_ROW_PX)
        shift = (fig.slot - (fig.group - 1) / 2.0) * step
        px += fig.row_dx * shift
        py -= fig.row_dy * shift
    return px, py


def _labelled(c: Canvas, fig: Figure) -> bool:
    """An overview labels only the figures south of its ``label_below`` (the close view
    labels those north of it)."""
    below = c.view.label_below
    return not c.overview or (below is not None and fig.place_y < below)


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


def _marker(c: Canvas, fig: Figure, spacing: float, labelled: bool) -> _Marker:
    px, py = _figure_px(c, fig, spacing)
    r = 5.2 if labelled else 2.6
    fx, fy = facing_vector(fig.bearing)
    tip = r + (7.0 if labelled else 4.0)
    return _Marker(fig, px, py, r, fx, -fy, tip, labelled)


def _marker_boxes(m: _Marker) -> list[Box]:
    """The circle and the arrow tip: labels keep off both."""
    tx, ty = m.px + m.sx * m.tip, m.py + m.sy * m.tip
    return [
        (m.px - m.r, m.py - m.r, m.px + m.r, m.py + m.r),
        (tx - 2.5, ty - 2.5, tx + 2.5, ty + 2.5),
    ]


def _label_candidates(m: _Marker, size: float) -> list[tuple[float, float, str, bool]]:
    """Places to try for a label, best first: behind the figure (the 儀禮圖 habit of writing the
    name at the back of the person), then beside, above and below, then further out."""
    gap = m.r + 2.5
    bx, by = -m.sx, -m.sy
    if abs(bx) >= abs(by) - 0.01:
        behind = (m.px + bx * gap, m.py + by * gap * 0.6, "end" if bx < 0 else "start", False)
    else:
        behind = (m.px, m.py + by * gap, "start" if by > 0 else "end", True)
    near = [
        behind,
        (m.px - gap, m.py, "end", False),
        (m.px + gap, m.py, "start", False),
        (m.px, m.py - gap, "end", True),
        (m.px, m.py + gap, "start", True),
        (m.px - gap, m.py - size, "end", False),
        (m.px + gap, m.py - size, "start", False),
        (m.px - gap, m.py + size, "end", False),
        (m.px + gap, m.py + size, "start", False),
        (m.px, m.py - gap - size * 0.6, "middle", False),
        (m.px, m.py + gap + size * 0.6, "middle", False),
    ]
    far = [(x + (x - m.px) * 0.8, y + (y - m.py) * 0.8, a, v) for x, y, a, v in near[1:5]]
    return near + far


def _place_label(
    c: Canvas, m: _Marker, size: float, taken: list[Box]
) -> tuple[float, float, str, bool]:
    """The first candidate that overlaps nothing already written or drawn and stays inside
    the plan; failing that, the one that overlaps least."""
    label = m.fig.role
    best, best_cost = None, float("inf")
    for i, (x, y, anchor, vertical) in enumerate(_label_candidates(m, size)):
        box = text_box(x, y, label, size, anchor, vertical)
        inside = (
            box[0] >= c.left
            and box[2] <= c.left + c.plan_w
            and box[1] >= c.top
            and box[3] <= c.top + c.plan_h
        )
        cost = (0.0 if inside else 10_000.0) + i * 0.01  # prefer the earlier candidate on ties
        # Overlaps only add: stop summing once this candidate cannot beat the best one.
        x0, y0, x1, y1 = box
        for b in taken:
            if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
                cost += (min(x1, b[2]) - max(x0, b[0])) * (min(y1, b[3]) - max(y0, b[1]))
                if cost >= best_cost:
                    break
        if cost < best_cost:
            best, best_cost = (x, y, anchor, vertical), cost
        if cost < 1.0:
            break
    assert best is not None
    taken.append(text_box(best[0], best[1], label, size, best[2], best[3]))
    return best


def _figure(c: Canvas, m: _Marker, taken: list[Box]) -> El:
    fig, px, py, r, sx, sy = m.fig, m.px, m.py, m.r, m.sx, m.sy
    small = not m.labelled
    stroke = VERMILION if fig.moved else INK
    fill = VERMILION_LIGHT if fig.moved else "#ffffff"
    base = r - 0.6
    wing = 2.0 if small else 3.6
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
            stroke_width=0.9 if small else 1.4,
        )
    )
    if m.labelled:
        size = SIZES[c.overview]["figure"]
        x, y, anchor, vertical = _place_label(c, m, size, taken)
        group.add(
            text_el(x, y, fig.role, size, anchor=anchor, vertical=vertical, fill=stroke, halo=True)
        )
    return group


# ---------------------------------------------------------------------------- frame


def _scale_bar(out: list[El], x: float, y: float, view: View, setting: Setting) -> None:
    """Alternating segments of the large unit (弓 of 6 尺), the small unit above, the large
    below."""
    unit = setting.unit
    seg = unit.large_in_small if unit.large else 1.0
    length, s = view.scalebar, view.scale
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
                height=5.0,
                fill=fill,
                stroke=INK,
                stroke_width=0.8,
            )
        )
    end = x + segs * seg_px
    out.append(text_el(x, y - 7.0, "0", 9.0, fill=INK))
    out.append(
        text_el(end, y - 7.0, f"{num(segs * seg)} {unit.small}", 9.0, anchor="middle", fill=INK)
    )
    if unit.large:
        marks = range(segs + 1) if segs <= 6 else range(0, segs + 1, max(1, segs // 2))
        for i in marks:
            out.append(text_el(x + i * seg_px, y + 13.0, str(i), 9.0, fill=INK))
        out.append(text_el(end + 8.0, y + 13.0, unit.large, 9.0, anchor="start", fill=INK))


def _north_arrow(out: list[El], x: float, y: float) -> None:
    points = ((x, y - 14), (x + 6, y + 8), (x, y + 3), (x - 6, y + 8))
    out.append(
        El.make(
            "polygon",
            points=" ".join(f"{num(a)},{num(b)}" for a, b in points),
            fill=INK,
            stroke="none",
        )
    )
    out.append(text_el(x, y - 22.0, "北", 12.0, fill=INK))


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


def _frame(v: View, title: str) -> tuple[Canvas, list[str], bool]:
    """The canvas of a view under a title: plan size, margins, the title's lines."""
    x0, _, x1, _ = v.extent
    plan_w = (x1 - x0) * v.scale
    # a narrow plan (an overview of a long precinct) gets its scale bar and notes in a
    # column on its right
    side = plan_w + 2 * MARGIN < MIN_WIDTH
    width = plan_w + 2 * MARGIN + (SIDE_W if side else 0.0)
    title_lines = _wrap(title, max(width, MIN_WIDTH) - 2 * MARGIN, 15.0)
    width = max(width, MIN_WIDTH)
    top = TITLE_H + 18.0 * (len(title_lines) - 1)
    left = MARGIN if side else (width - plan_w) / 2.0
    return Canvas(v, width, left, top), title_lines, side


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


def _furnished_canvas(
    setting: Setting, view: str, title: str, keys: tuple[str, ...], drawers: Mapping[str, Drawer]
) -> Canvas:
    c, _, _ = _frame(setting.view(view), title)
    _structure_labels(c, setting)
    for key in keys:
        _draw_furnishing(c, setting.furnishings[key], drawers)
    return c


def label_offsets(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    *,
    view: str | None = None,
    furnishings: Iterable[str] | None = None,
    extra: Iterable[str] = (),
    spacing: float = SPACING,
    drawers: Mapping[str, Drawer] = DRAWERS,
    canvases: MutableMapping[tuple[str, str, tuple[str, ...]], Canvas] | None = None,
) -> dict[str, tuple[float, float, str, bool]]:
    """Where :func:`compose` writes each figure's label, relative to the figure: ``(dx, dy,
    anchor, vertical)``; figures outside the view or unlabelled in it are left out. The stage
    view uses this so that its labels avoid each other as the static plans' do.

    ``canvases`` memoises the plans with their names and furnishings drawn, by (view, title,
    furnishings): the stage view asks for label places at every step of the rite, on a plan
    that changes only when a furnishing is set out or taken away. The caller owns it."""
    view = view or _default_view(setting)
    keys = tuple(_furnishing_keys(setting, furnishings, extra))
    key = (view, title, keys)
    c = canvases.get(key) if canvases is not None else None
    if c is None:
        c = _furnished_canvas(setting, view, title, keys, drawers)
        if canvases is not None:
            canvases[key] = c
    markers = []
    for fig in figures:
        px, py = _figure_px(c, fig, spacing)
        if c.inside(px, py) and _labelled(c, fig):
            markers.append(_marker(c, fig, spacing, True))
    taken = list(c.boxes)
    for m in markers:
        taken.extend(_marker_boxes(m))
    size = SIZES[c.overview]["figure"]
    out = {}
    for m in sorted(markers, key=lambda m: not m.fig.moved):
        x, y, anchor, vertical = _place_label(c, m, size, taken)
        out[m.fig.role] = (round(x - m.px, 1), round(y - m.py, 1), anchor, vertical)
    return out


def compose(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    desc: str,
    step_label: str = "",
    *,
    view: str | None = None,
    furnishings: Iterable[str] | None = None,
    extra: Iterable[str] = (),
    spacing: float = SPACING,
    id_prefix: str | None = None,
    group_furnishings: bool = False,
    notes: Sequence[str] = (),
    view_notes: Sequence[str] = (),
    drawers: Mapping[str, Drawer] = DRAWERS,
) -> Plan:
    """Draw one step's plan.

    ``figures`` come from :class:`.layout.Walker` (or :func:`.layout.state_at`). ``view`` is
    one of the setting's views (the first by default). ``furnishings`` replaces the default
    furnishings (those marked ``default`` in the data: set out before the rite begins);
    ``extra`` adds to them (what the text sets out later). Roles named in the step itself
    (``Figure.moved``) are drawn in vermilion. Figures outside the view are listed under the
    plan. ``notes`` (every plan's) and ``view_notes`` (this view's) are the edition's notes
    under the plan. ``id_prefix`` keeps element ids unique when several diagrams share a page;
    by default it is derived from the input. ``group_furnishings`` wraps each furnishing in
    ``<g id="{id_prefix}-furn-{i}">`` (``i`` its index in the data) so that a script can show
    and hide it (the stage view).
    """
    view = view or _default_view(setting)
    v = setting.view(view)
    keys = _furnishing_keys(setting, furnishings, extra)
    if id_prefix is None:
        digest = hashlib.sha1(f"{title}\x1f{step_label}\x1f{view}".encode()).hexdigest()[:8]
        id_prefix = f"xsd-{digest}"

    c, title_lines, side = _frame(v, title)
    width, left, top, plan_w, plan_h = c.width, c.left, c.top, c.plan_w, c.plan_h

    # plan -------------------------------------------------------------------------------
    c.add(El.make("rect", x=left, y=top, width=plan_w, height=plan_h, fill=PAPER))
    for st in sorted(setting.structures, key=lambda s: _STRUCTURE_ORDER.get(s.style, 9)):
        _draw_structure(c, st)
    _structure_labels(c, setting)
    order_of = {k: i for i, k in enumerate(setting.furnishings)}
    for key in keys:
        if not group_furnishings and not _near_view(c.view, setting.furnishings[key]):
            continue  # clipped away entirely (a distant target in a plan of the hall)
        if group_furnishings:
            before = len(c.out)
            _draw_furnishing(c, setting.furnishings[key], drawers)
            drawn, c.out[before:] = c.out[before:], []
            c.add(El.make("g", *drawn, id=f"{id_prefix}-furn-{order_of[key]}"))
        else:
            _draw_furnishing(c, setting.furnishings[key], drawers)
    background = list(c.out)
    off_view: list[Figure] = []
    markers: list[_Marker] = []
    for fig in figures:
        px, py = _figure_px(c, fig, spacing)
        if not c.inside(px, py):
            off_view.append(fig)
            continue
        markers.append(_marker(c, fig, spacing, _labelled(c, fig)))
    taken = list(c.boxes)
    for m in markers:
        taken.extend(_marker_boxes(m))
    # the moved figures choose their label places first: they are the point of the plan
    drawn_figures = [_figure(c, m, taken) for m in sorted(markers, key=lambda m: not m.fig.moved)]

    # frame ------------------------------------------------------------------------------
    out: list[El] = [
        El.make(
            "rect",
            x=left,
            y=top,
            width=plan_w,
            height=plan_h,
            fill="none",
            stroke=LINE,
            stroke_width=1.0,
        )
    ]
    if step_label:
        out.append(text_el(MARGIN, 18.0, step_label, 10.5, anchor="start", fill=FAINT))
    for i, line in enumerate(title_lines):
        out.append(text_el(MARGIN, 40.0 + 18.0 * i, line, 15.0, anchor="start", fill=INK))
    all_notes = [*notes, MOVED_NOTE, *view_notes]
    if off_view:
        all_notes.append("圖外：" + "、".join(f"{f.role}（{f.place}）" for f in off_view) + "。")
    if side:
        col = left + plan_w + 22.0
        _north_arrow(out, col + 10.0, top + 30.0)
        _scale_bar(out, col, top + 76.0, v, setting)
        note_x, note_y, note_w = col, top + 118.0, width - col - MARGIN
        bottom = top + plan_h
    else:
        foot = top + plan_h + 14.0
        _scale_bar(out, MARGIN + 4.0, foot + 14.0, v, setting)
        _north_arrow(out, width - MARGIN - 10.0, foot + 26.0)
        note_x, note_y, note_w = MARGIN, foot + 44.0, width - 2 * MARGIN - 10.0
        # a wide plan runs the notes common to all plans together on one line
        head = len(notes) + 1
        all_notes = ["".join(all_notes[:head]), *all_notes[head:]]
        bottom = 0.0
    note_lines: list[str] = []
    for note in all_notes:
        note_lines.extend(_wrap(note, note_w, 9.5))
    for i, line in enumerate(note_lines):
        out.append(text_el(note_x, note_y + 13.0 * i, line, 9.5, anchor="start", fill=LINE))
    height = max(note_y + 13.0 * len(note_lines), bottom) + 12.0

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
    return Plan(
        width=width,
        height=height,
        root=root.attrs,
        title_id=title_id,
        title=" ".join(p for p in (step_label, title) if p),
        desc_id=desc_id,
        desc=desc,
        id_prefix=id_prefix,
        paper=El.make("rect", x=0.0, y=0.0, width=width, height=height, fill=PAPER),
        plan_box=(left, top, plan_w, plan_h),
        background=background,
        figures=drawn_figures,
        frame=out,
    )


def render(*args: object, **kwargs: object) -> str:
    """The standalone SVG document of :func:`compose` (same arguments)."""
    return to_svg(compose(*args, **kwargs))  # type: ignore[arg-type]
