"""Render a plan of the 州序 with the participants of one step, as a standalone SVG 1.1 string.

The look follows the old 儀禮圖 (楊復, 張惠言) — a plan of hall and court with each person
written at his place — redrawn as a modern map: north-up, to scale, with a scale bar in 尺
and 弓 and a north arrow. Two views, because the range makes a full plan about seven times
taller than wide: ``hall`` (堂 and 庭 as far as the 洗, 楅 and shooting stations) at 7 px/尺,
and ``range`` (the whole precinct with 乏 and 侯) at 1.8 px/尺.

Output is deterministic (fixed number formatting, data-ordered drawing, ids derived from the
input), self-contained (no external fonts, images or stylesheets; internal ``url(#…)`` only)
and styled by classes in its own ``<style>`` (see :func:`with_style_classes`), which browsers and
librsvg (the PDF's converter) read alike.

No Sphinx import.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from xml.sax.saxutils import escape, quoteattr

from .layout import SPACING, Figure, facing_vector
from .model import Furnishing, Setting, Structure, UnknownFurnishingError, View

FONT_STACK = "'Noto Serif CJK TC', 'Noto Serif TC', 'Source Han Serif TC', serif"

PAPER = "#fdfbf6"
COURT = "#f6f1e4"
PLATFORM = "#e8dcc2"
INK = "#2b2722"
LINE = "#5a4e3c"
FAINT = "#9c8f7a"
MAT = "#e6d7a8"
VERMILION = "#b0372a"
VERMILION_LIGHT = "#f6dcd6"
LACQUER = "#6e2a1e"

MARGIN = 24.0
TITLE_H = 58.0
FOOT_H = 70.0
MIN_WIDTH = 440.0
#: width of the side column (scale bar, north arrow, notes) beside a narrow plan
SIDE_W = 150.0
#: minimum pixel distance between neighbours of a row, whatever the view's scale
MIN_ROW_PX = 17.0
#: figures north of this line (尺) are "in the hall and court" and unlabelled in the range view
RANGE_LABEL_BELOW = -60.0


#: Presentation attributes that :func:`with_style_classes` moves into classes (all inherited
#: properties, so a class and the attribute it replaces draw the same).
STYLE_ATTRS = (
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "font-size",
    "text-anchor",
    "paint-order",
)
_STYLED_TAG = re.compile(r"<(rect|polyline|polygon|circle|text)\b([^>]*?)(/?)>")
_ATTR = re.compile(r'\s([\w-]+)="([^"]*)"')
_CSS_UNIT = {"font-size": "px", "stroke-width": "px"}


@cache
def _style_class(declarations: str) -> str:
    """The class of a style: ``xsd-s`` and a digest of its declarations (a dozen per plan)."""
    return "xsd-s" + hashlib.sha1(declarations.encode()).hexdigest()[:5]


def with_style_classes(body: str) -> tuple[str, str]:
    """``(style, body)``: the drawing's presentation attributes as classes and a style sheet.

    A plan repeats a handful of styles (ink hairline, faint dashes, label sizes) on hundreds
    of elements; written once as a rule each, they are a third of the plan's bytes, which
    matters when a page of the rite carries ten plans. The class names derive from the style
    itself (``xsd-`` and a digest), so plans that share a page share their rules and never
    clash. Chromium, Firefox and librsvg (the PDF's converter) all apply ``<style>`` rules.
    """
    rules: dict[str, str] = {}

    def classify(m: re.Match[str]) -> str:
        tag, attrs, close = m.groups()
        style, rest = [], []
        for name, value in _ATTR.findall(attrs):
            if name in STYLE_ATTRS:
                style.append(f"{name}:{value}{_CSS_UNIT.get(name, '')}")
            else:
                rest.append(f' {name}="{value}"')
        if not style:
            return m.group(0)
        declarations = ";".join(style)
        name = _style_class(declarations)
        rules[name] = declarations
        return f'<{tag} class="{name}"{"".join(rest)}{close}>'

    body = _STYLED_TAG.sub(classify, body)
    sheet = "".join(f".{name}{{{rules[name]}}}" for name in sorted(rules))
    return f"<style>{sheet}</style>", body


def _n(value: float) -> str:
    """Format a coordinate with at most one decimal and no ``-0`` (determinism).

    A tenth of a pixel is below what any screen or printer shows, at a plan's scale a
    hundredth of a 尺."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _el(tag: str, **attrs: object) -> str:
    """An empty element ``<tag …/>`` with attributes in the given order."""
    return f"<{tag} {_attrs(**attrs)}/>"


def _attrs(**attrs: object) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _n(value) if isinstance(value, float) else str(value)
        parts.append(f"{name}={quoteattr(text)}")
    return " ".join(parts)


class _Canvas:
    """Model (尺, y north) → pixel (y down) transform for one view, and the element list."""

    def __init__(self, view: View, width: float, left: float, top: float) -> None:
        self.view = view
        self.s = view.scale
        self.width = width
        self.left = left
        self.top = top
        x0, y0, x1, y1 = view.extent
        self.plan_w = (x1 - x0) * self.s
        self.plan_h = (y1 - y0) * self.s
        self.out: list[str] = []
        #: pixel boxes (x0, y0, x1, y1) of what is written or drawn, for label placement
        self.boxes: list[tuple[float, float, float, float]] = []

    def px(self, x: float, y: float) -> tuple[float, float]:
        x0, _, _, y1 = self.view.extent
        return self.left + (x - x0) * self.s, self.top + (y1 - y) * self.s

    def inside(self, px: float, py: float) -> bool:
        return (
            self.left <= px <= self.left + self.plan_w and self.top <= py <= self.top + self.plan_h
        )

    def add(self, element: str) -> None:
        self.out.append(element)

    def pen(self, base: float) -> float:
        """A stroke width that shrinks with the scale but never below a hairline."""
        return max(0.7, min(base, base * self.s / 7.0))

    # primitives -------------------------------------------------------------------------

    def rect(self, x0: float, y0: float, x1: float, y1: float, **style: object) -> None:
        ax, ay = self.px(min(x0, x1), max(y0, y1))
        bx, by = self.px(max(x0, x1), min(y0, y1))
        self.add(f"<rect {_attrs(x=ax, y=ay, width=bx - ax, height=by - ay, **style)}/>")

    def line(self, points: Sequence[float], **style: object) -> None:
        pts = " ".join(
            f"{_n(px)},{_n(py)}"
            for px, py in (self.px(points[i], points[i + 1]) for i in range(0, len(points), 2))
        )
        self.add(f"<polyline {_attrs(points=pts, fill='none', **style)}/>")

    def circle(self, x: float, y: float, r: float, **style: object) -> None:
        cx, cy = self.px(x, y)
        self.add(f"<circle {_attrs(cx=cx, cy=cy, r=max(r * self.s, 1.2), **style)}/>")

    def text(
        self,
        x: float,
        y: float,
        label: str,
        size: float,
        *,
        anchor: str = "middle",
        vertical: bool = False,
        fill: str = INK,
        halo: bool = False,
        dx: float = 0.0,
        dy: float = 0.0,
    ) -> None:
        px, py = self.px(x, y)
        self.boxes.append(text_box(px + dx, py + dy, label, size, anchor, vertical))
        text_at(
            self.out,
            px + dx,
            py + dy,
            label,
            size,
            anchor=anchor,
            vertical=vertical,
            fill=fill,
            halo=halo,
        )


Box = tuple[float, float, float, float]


def text_box(
    px: float, py: float, label: str, size: float, anchor: str = "middle", vertical: bool = False
) -> Box:
    """The pixel box a label written by :func:`text_at` covers (CJK glyphs are square)."""
    if vertical:
        height = len(label) * size
        top = {"start": py, "end": py - height, "middle": py - height / 2}[anchor]
        return (px - size / 2, top, px + size / 2, top + height)
    width = len(label) * size
    x0 = {"start": px, "end": px - width, "middle": px - width / 2}[anchor]
    return (x0, py - size / 2, x0 + width, py + size / 2)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def text_at(
    out: list[str],
    px: float,
    py: float,
    label: str,
    size: float,
    *,
    anchor: str = "middle",
    vertical: bool = False,
    fill: str = INK,
    halo: bool = False,
) -> None:
    """Write a label at pixel ``(px, py)``; vertical labels stack one character per line.

    Vertical text is written as one ``tspan`` per character rather than ``writing-mode``
    because rasterisers disagree on vertical CJK; the halo is the label's own stroke in the
    paper colour, painted under its fill (``paint-order``, which browsers and librsvg honour).
    """
    if vertical:
        # (px, py) is the centre of the column; anchor says which end is at py
        n = len(label)
        height = n * size
        top = {"start": py, "end": py - height, "middle": py - height / 2}[anchor]
        spans = "".join(
            f"<tspan {_attrs(x=px, y=top + (i + 0.88) * size)}>{escape(ch)}</tspan>"
            for i, ch in enumerate(label)
        )
        body = spans
        base = _attrs(font_size=size, text_anchor="middle")
    else:
        body = escape(label)
        base = _attrs(x=px, y=py + size * 0.36, font_size=size, text_anchor=anchor)
    if halo:
        halo_attrs = _attrs(
            fill=fill, stroke=PAPER, stroke_width=3.0, stroke_linejoin="round", paint_order="stroke"
        )
        out.append(f"<text {base} {halo_attrs}>{body}</text>")
    else:
        out.append(f"<text {base} {_attrs(fill=fill)}>{body}</text>")


# ---------------------------------------------------------------------------- structure


def _draw_structure(c: _Canvas, st: Structure) -> None:
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


def _structure_labels(c: _Canvas, setting: Setting) -> None:
    """Names of the built parts, placed by hand for each view so they sit in empty ground."""
    y_roof = setting.dimensions["堂深"].value
    big = 13.0 if c.view.name == "hall" else 10.0
    small = 10.0 if c.view.name == "hall" else 8.0
    if c.view.name == "hall":
        c.text(-24.0, 28.0, "西堂", small, vertical=True, fill=LINE)
        c.text(24.0, 28.0, "東堂", small, vertical=True, fill=LINE)
        c.text(-21.6, 20.0, "西序", small, vertical=True, fill=LINE)
        c.text(21.6, 20.0, "東序", small, vertical=True, fill=LINE)
        c.text(-8.0, 20.0, "堂", big, fill=LINE)
        c.text(-15.0, -2.5, "西階", small, vertical=True, fill=LINE)
        c.text(15.0, -2.5, "阼階", small, vertical=True, fill=LINE)
        c.text(-10.0, 9.8, "西楹", small, fill=LINE)
        c.text(10.0, 9.8, "東楹", small, fill=LINE)
        for name in ("楣", "棟"):
            y = setting.dimensions[name].value
            c.text(31.2, y, name, small, anchor="start", fill=FAINT)
        c.text(-31.0, -3.2, "堂廉", small, anchor="end", fill=FAINT)
        c.text(30.0, y_roof + 3.0, "東榮", small, fill=FAINT)
        c.text(-44.0, -46.0, "庭", big, fill=LINE)
    else:
        c.text(0.0, y_roof - 8.0, "堂", small, fill=LINE)
        c.text(-44.0, -100.0, "庭", big, vertical=True, fill=LINE)
        c.text(4.0, -120.0, "侯道五十弓", small, anchor="start", vertical=True, fill=VERMILION)
        c.text(0.0, -316.5, "門", small, fill=LINE)


# ---------------------------------------------------------------------------- furnishings


def _label_furnishing(c: _Canvas, f: Furnishing) -> bool:
    return c.view.name == "hall" or f.kind in ("hou", "fa")


#: How far (尺) a furnishing's centre may lie outside a view and still reach into it: the 侯,
#: the widest thing drawn, is 40 尺 across (上個五尋), its labels a few 尺 beyond.
REACH = 30.0


def _near_view(view: View, f: Furnishing) -> bool:
    x0, y0, x1, y1 = view.extent
    return x0 - REACH <= f.x <= x1 + REACH and y0 - REACH <= f.y <= y1 + REACH


def _draw_furnishing(c: _Canvas, f: Furnishing) -> None:
    p, x, y = f.params, f.x, f.y
    size = 9.0 if c.view.name == "hall" else 8.0
    label = _label_furnishing(c, f)

    def num(key: str, default: float = 0.0) -> float:
        return float(p.get(key, default))  # type: ignore[arg-type]

    w, h = num("w"), num("h")
    if f.kind in ("mat", "mats"):
        n = int(num("n", 1))
        horizontal = w >= h
        for i in range(n):
            if horizontal:
                mw = w / n
                mx0 = x - w / 2 + i * mw
                c.rect(
                    mx0,
                    y - h / 2,
                    mx0 + mw,
                    y + h / 2,
                    fill=MAT,
                    stroke=INK,
                    stroke_width=c.pen(1.1),
                )
            else:
                mh = h / n
                my0 = y - h / 2 + i * mh
                c.rect(
                    x - w / 2,
                    my0,
                    x + w / 2,
                    my0 + mh,
                    fill=MAT,
                    stroke=INK,
                    stroke_width=c.pen(1.1),
                )
        if label:
            c.text(x, y, f.name, size, vertical=not horizontal, fill=LINE)
    elif f.kind == "zun":
        c.rect(
            x - w / 2,
            y - h / 2,
            x + w / 2,
            y + h / 2,
            fill="#d4c5a3",
            stroke=LINE,
            stroke_width=c.pen(0.9),
        )
        c.circle(x - w / 4, y, h * 0.34, fill=INK, stroke=INK, stroke_width=0.8)  # 玄酒, west
        c.circle(x + w / 4, y, h * 0.34, fill="#ffffff", stroke=INK, stroke_width=0.8)
        if label:
            c.text(x, y + h / 2 + 1.4, "尊（斯禁兩壺）", size, fill=LINE)
    elif f.kind == "fei":
        c.rect(
            x - w / 2,
            y - h / 2,
            x + w / 2,
            y + h / 2,
            fill="#ffffff",
            stroke=LINE,
            stroke_width=c.pen(0.9),
            rx=1.5,
        )
        if label:
            if w >= h:
                c.text(x + w / 2 + 0.6, y, f.name, size, anchor="start", fill=LINE)
            else:
                c.text(
                    x - w / 2 - 0.5,
                    y,
                    f.name,
                    size,
                    vertical=True,
                    anchor="middle",
                    fill=LINE,
                    dx=-7.0,
                )
    elif f.kind == "xi":
        r = num("r", 1.5)
        c.circle(x, y, r, fill="#ffffff", stroke=INK, stroke_width=c.pen(1.2))
        c.circle(x, y, r * 0.55, fill="none", stroke=LINE, stroke_width=c.pen(0.7))
        if label:
            c.text(x, y - r - 1.6, "洗", size + 1, fill=INK)
    elif f.kind == "lei":
        r = num("r", 0.9)
        c.circle(x, y, r, fill="#dfe7ea", stroke=INK, stroke_width=c.pen(1.0))
        if label:
            c.text(x + r + 0.5, y, "水", size, anchor="start", fill=LINE)
    elif f.kind == "qing":
        c.rect(
            x - w / 2,
            y - h / 2,
            x + w / 2,
            y + h / 2,
            fill="none",
            stroke=INK,
            stroke_width=c.pen(1.1),
        )
        for i in range(4):
            yy = y - h / 2 + h * (i + 0.5) / 4
            c.line(
                (x - w / 2, yy + 0.4, x, yy - 0.3, x + w / 2, yy + 0.4),
                stroke=INK,
                stroke_width=c.pen(1.0),
            )
        if label:
            c.text(x + w / 2 + 1.6, y + 2.0, "縣（磬）", size, vertical=True, fill=LINE)
    elif f.kind == "wu":
        gap, length, width = num("gap", 6.0), num("length", 3.0), num("width", 1.2)
        for sx in (-1.0, 1.0):
            cx = x + sx * (gap / 2 + width / 2)
            style = {"stroke": VERMILION, "stroke_width": c.pen(1.6)}
            c.line((cx, y - length / 2, cx, y + length / 2), **style)
            c.line((cx - width / 2, y, cx + width / 2, y), **style)
        if label:
            c.text(x, y + length / 2 + 1.0, "物", size, fill=VERMILION)
    elif f.kind == "bi":
        c.rect(
            x - w / 2,
            y - max(h, 0.35) / 2,
            x + w / 2,
            y + max(h, 0.35) / 2,
            fill=LACQUER,
            stroke=LACQUER,
            stroke_width=1.0,
        )
        if label:
            c.text(x + w / 2 + 0.6, y, "楅", size, anchor="start", fill=LACQUER)
    elif f.kind == "zhong":
        cx, cy = c.px(x, y)
        rx, ry = w / 2 * c.s, h / 2 * c.s
        c.add(
            _el(
                "ellipse",
                cx=cx,
                cy=cy,
                rx=max(rx, 2.0),
                ry=max(ry, 1.2),
                fill=LACQUER,
                stroke="none",
            )
        )
        c.circle(x + w / 2 + 0.25, y + h / 2, 0.35, fill=LACQUER, stroke="none")  # head, 東面
        if label:
            c.text(x, y + h / 2 + 1.3, "中", size, fill=LACQUER)
    elif f.kind == "feng":
        r = num("r", 0.6)
        c.circle(x, y, r, fill="#ffffff", stroke=INK, stroke_width=c.pen(1.0))
        if label:
            c.text(x - r - 0.4, y, "豐", size, anchor="end", fill=LINE)
    elif f.kind == "hou":
        half, zhong, gong = w / 2, num("zhong", 10.0), num("gong", 20.0)
        t = max(1.2, 3.0 / c.s)
        c.rect(
            x - half, y - t / 2, x + half, y + t / 2, fill="#f3ecdc", stroke=INK, stroke_width=0.9
        )
        c.rect(
            x - gong / 2,
            y - t / 2,
            x + gong / 2,
            y + t / 2,
            fill="#dcc9a0",
            stroke=INK,
            stroke_width=0.9,
        )
        c.rect(
            x - zhong / 2,
            y - t / 2,
            x + zhong / 2,
            y + t / 2,
            fill=VERMILION,
            stroke=INK,
            stroke_width=0.9,
        )
        if label:
            c.text(x, y - t / 2 - 6.0 / c.s * 2, "侯", size + 2, fill=INK)
            c.text(x + half, y - t / 2 - 5.0, "右個", size - 1, anchor="middle", fill=LINE, dy=0.0)
            c.text(x - half, y - t / 2 - 5.0, "左個", size - 1, anchor="middle", fill=LINE, dy=0.0)
    elif f.kind == "fa":
        half = num("w", 5.0) / 2
        bow = max(1.0, 4.0 / c.s)
        c.line(
            (
                x - half,
                y - bow * 0.2,
                x - half * 0.5,
                y + bow * 0.7,
                x + half * 0.5,
                y + bow * 0.7,
                x + half,
                y - bow * 0.2,
            ),
            stroke=INK,
            stroke_width=2.2,
            stroke_linejoin="round",
        )
        if label:
            c.text(x, y + bow + 9.0 / c.s * 1.4, "乏", size + 1, fill=INK)


# ---------------------------------------------------------------------------- figures


def _figure_px(c: _Canvas, fig: Figure, spacing: float) -> tuple[float, float]:
    """Pixel position, re-spreading the row at no less than :data:`MIN_ROW_PX`."""
    px, py = c.px(fig.place_x, fig.place_y)
    if fig.group > 1:
        # small unlabelled markers of the range view may stand closer than labelled ones
        step = max(spacing * c.s, MIN_ROW_PX if c.view.name == "hall" else MIN_ROW_PX / 2.5)
        shift = (fig.slot - (fig.group - 1) / 2.0) * step
        px += fig.row_dx * shift
        py -= fig.row_dy * shift
    return px, py


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


def _marker(c: _Canvas, fig: Figure, spacing: float, labelled: bool) -> _Marker:
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
    c: _Canvas, m: _Marker, size: float, taken: list[Box]
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


def _draw_figure(c: _Canvas, m: _Marker, taken: list[Box]) -> None:
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
    pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in points)
    group_attrs = _attrs(class_="xs-figure")
    c.add(f"<g {group_attrs}>")
    c.add(f"<title>{escape(f'{fig.role}：{fig.place}，{fig.facing}')}</title>")
    c.add(f"<polygon {_attrs(points=pts, fill=stroke, stroke='none')}/>")
    c.add(
        _el(
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
        size = 11.0 if c.view.name == "hall" else 9.0
        x, y, anchor, vertical = _place_label(c, m, size, taken)
        text_at(
            c.out, x, y, fig.role, size, anchor=anchor, vertical=vertical, fill=stroke, halo=True
        )
    c.add("</g>")


# ---------------------------------------------------------------------------- frame


def _scale_bar(out: list[str], x: float, y: float, view: View) -> None:
    """Alternating 弓 segments (6 尺 each) with 尺 above and 弓 below."""
    length, s = view.scalebar, view.scale
    segs = round(length / 6.0)
    seg_px = 6.0 * s
    for i in range(segs):
        fill = INK if i % 2 == 0 else "#ffffff"
        out.append(
            _el(
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
    text_at(out, x, y - 7.0, "0", 9.0, fill=INK)
    text_at(out, end, y - 7.0, f"{_n(segs * 6.0)} 尺", 9.0, anchor="middle", fill=INK)
    marks = range(segs + 1) if segs <= 6 else range(0, segs + 1, max(1, segs // 2))
    for i in marks:
        text_at(out, x + i * seg_px, y + 13.0, str(i), 9.0, fill=INK)
    text_at(out, end + 8.0, y + 13.0, "弓", 9.0, anchor="start", fill=INK)


def _north_arrow(out: list[str], x: float, y: float) -> None:
    points = ((x, y - 14), (x + 6, y + 8), (x, y + 3), (x - 6, y + 8))
    out.append(
        _el(
            "polygon",
            points=" ".join(f"{_n(a)},{_n(b)}" for a, b in points),
            fill=INK,
            stroke="none",
        )
    )
    text_at(out, x, y - 22.0, "北", 12.0, fill=INK)


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


def _frame(v: View, title: str) -> tuple[_Canvas, list[str], bool]:
    """The canvas of a view under a title: plan size, margins, the title's lines."""
    x0, _, x1, _ = v.extent
    plan_w = (x1 - x0) * v.scale
    # a narrow plan (the range) gets its scale bar and notes in a column on its right
    side = plan_w + 2 * MARGIN < MIN_WIDTH
    width = plan_w + 2 * MARGIN + (SIDE_W if side else 0.0)
    title_lines = _wrap(title, max(width, MIN_WIDTH) - 2 * MARGIN, 15.0)
    width = max(width, MIN_WIDTH)
    top = TITLE_H + 18.0 * (len(title_lines) - 1)
    left = MARGIN if side else (width - plan_w) / 2.0
    return _Canvas(v, width, left, top), title_lines, side


def pixel_positions(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    *,
    view: str = "hall",
    spacing: float = SPACING,
) -> dict[str, tuple[float, float]]:
    """Where :func:`render` (with the same title and view) draws each figure, in pixels.

    The stage view draws its markers with a script over a plan rendered without figures; this
    keeps its rows spread exactly as in the static diagrams.
    """
    c, _, _ = _frame(setting.view(view), title)
    return {f.role: _figure_px(c, f, spacing) for f in figures}


#: Canvases with the structure's labels and the furnishings drawn, by (setting, view, title,
#: furnishings): the stage view asks for label places at every step of the rite, on a plan that
#: changes only when a furnishing is set out or taken away.
#: The setting is kept beside its canvas: an id can be reused once its object is gone.
_FURNISHED: dict[tuple[int, str, str, tuple[str, ...]], tuple[Setting, _Canvas]] = {}


def _furnished_canvas(setting: Setting, view: str, title: str, keys: tuple[str, ...]) -> _Canvas:
    """The canvas of a plan with its labels and furnishings drawn (read-only for the caller)."""
    cache_key = (id(setting), view, title, keys)
    hit = _FURNISHED.get(cache_key)
    if hit is not None and hit[0] is setting:
        return hit[1]
    if len(_FURNISHED) > 256:
        _FURNISHED.clear()
    c, _, _ = _frame(setting.view(view), title)
    _structure_labels(c, setting)
    for key in keys:
        _draw_furnishing(c, setting.furnishings[key])
    _FURNISHED[cache_key] = (setting, c)
    return c


def label_offsets(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    *,
    view: str = "hall",
    furnishings: Iterable[str] | None = None,
    extra: Iterable[str] = (),
    spacing: float = SPACING,
) -> dict[str, tuple[float, float, str, bool]]:
    """Where :func:`render` writes each figure's label, relative to the figure: ``(dx, dy,
    anchor, vertical)``; figures outside the view or unlabelled in it are left out. The stage
    view uses this so that its labels avoid each other as the static plans' do."""
    v = setting.view(view)
    keys = tuple(_furnishing_keys(setting, furnishings, extra))
    c = _furnished_canvas(setting, view, title, keys)
    markers = []
    for fig in figures:
        px, py = _figure_px(c, fig, spacing)
        if c.inside(px, py) and (v.name == "hall" or fig.place_y < RANGE_LABEL_BELOW):
            markers.append(_marker(c, fig, spacing, True))
    taken = list(c.boxes)
    for m in markers:
        taken.extend(_marker_boxes(m))
    size = 11.0 if v.name == "hall" else 9.0
    out = {}
    for m in sorted(markers, key=lambda m: not m.fig.moved):
        x, y, anchor, vertical = _place_label(c, m, size, taken)
        out[m.fig.role] = (round(x - m.px, 1), round(y - m.py, 1), anchor, vertical)
    return out


def render(
    setting: Setting,
    figures: Sequence[Figure],
    title: str,
    desc: str,
    step_label: str = "",
    *,
    view: str = "hall",
    furnishings: Iterable[str] | None = None,
    extra: Iterable[str] = (),
    spacing: float = SPACING,
    id_prefix: str | None = None,
    group_furnishings: bool = False,
) -> str:
    """Return the SVG document (a ``str``) of one step's plan.

    ``figures`` come from :func:`layout.state_at`. ``view`` is ``"hall"`` or ``"range"``.
    ``furnishings`` replaces the default furnishings (those marked ``default`` in the data,
    i.e. set out at 陳設); ``extra`` adds to them (楅, 中, 豐, 工席 … once the text sets
    them). Roles named in the step itself (``Figure.moved``) are drawn in vermilion. Figures
    outside a hall view are listed under the plan. ``id_prefix`` keeps element ids unique
    when several diagrams share a page; by default it is derived from the input.
    ``group_furnishings`` wraps each furnishing in ``<g id="{id_prefix}-furn-{i}">`` (``i``
    its index in the data) so that a script can show and hide it (the stage view).
    """
    v = setting.view(view)
    keys = _furnishing_keys(setting, furnishings, extra)
    if id_prefix is None:
        digest = hashlib.sha1(f"{title}\x1f{step_label}\x1f{view}".encode()).hexdigest()[:8]
        id_prefix = f"xsd-{digest}"

    c, title_lines, side = _frame(v, title)
    width, left, top, plan_w, plan_h = c.width, c.left, c.top, c.plan_w, c.plan_h

    # plan -------------------------------------------------------------------------------
    clip_id = f"{id_prefix}-clip"
    c.add(
        f"<defs><clipPath {_attrs(id=clip_id)}>"
        f"{_el('rect', x=left, y=top, width=plan_w, height=plan_h)}</clipPath></defs>"
    )
    c.add(f"<g {_attrs(clip_path=f'url(#{clip_id})')}>")
    c.add(f"<rect {_attrs(x=left, y=top, width=plan_w, height=plan_h, fill=PAPER)}/>")
    order = {
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
    for st in sorted(setting.structures, key=lambda s: order.get(s.style, 9)):
        _draw_structure(c, st)
    _structure_labels(c, setting)
    order_of = {k: i for i, k in enumerate(setting.furnishings)}
    for key in keys:
        if not group_furnishings and not _near_view(c.view, setting.furnishings[key]):
            continue  # clipped away entirely (the 侯 and 乏 in a plan of the hall)
        if group_furnishings:
            c.add(f"<g {_attrs(id=f'{id_prefix}-furn-{order_of[key]}')}>")
        _draw_furnishing(c, setting.furnishings[key])
        if group_furnishings:
            c.add("</g>")
    off_view: list[Figure] = []
    markers: list[_Marker] = []
    for fig in figures:
        px, py = _figure_px(c, fig, spacing)
        if not c.inside(px, py):
            off_view.append(fig)
            continue
        labelled = v.name == "hall" or fig.place_y < RANGE_LABEL_BELOW
        markers.append(_marker(c, fig, spacing, labelled))
    taken = list(c.boxes)
    for m in markers:
        taken.extend(_marker_boxes(m))
    # the moved figures choose their label places first: they are the point of the plan
    for m in sorted(markers, key=lambda m: not m.fig.moved):
        _draw_figure(c, m, taken)
    c.add("</g>")
    c.add(
        _el(
            "rect",
            x=left,
            y=top,
            width=plan_w,
            height=plan_h,
            fill="none",
            stroke=LINE,
            stroke_width=1.0,
        )
    )

    # frame ------------------------------------------------------------------------------
    out: list[str] = []
    if step_label:
        text_at(out, MARGIN, 18.0, step_label, 10.5, anchor="start", fill=FAINT)
    for i, line in enumerate(title_lines):
        text_at(out, MARGIN, 40.0 + 18.0 * i, line, 15.0, anchor="start", fill=INK)
    notes = ["單位：尺（一弓＝六尺）。", "原點：堂廉正中。", "朱色：本節所動者。"]
    if v.name == "range":
        notes += ["侯道五十弓（三百尺）。", "乏：去侯北十丈，西三丈。", "堂上庭中人物詳堂圖。"]
    if off_view:
        notes.append("圖外：" + "、".join(f"{f.role}（{f.place}）" for f in off_view) + "。")
    if side:
        col = left + plan_w + 22.0
        _north_arrow(out, col + 10.0, top + 30.0)
        _scale_bar(out, col, top + 76.0, v)
        note_x, note_y, note_w = col, top + 118.0, width - col - MARGIN
        bottom = top + plan_h
    else:
        foot = top + plan_h + 14.0
        _scale_bar(out, MARGIN + 4.0, foot + 14.0, v)
        _north_arrow(out, width - MARGIN - 10.0, foot + 26.0)
        note_x, note_y, note_w = MARGIN, foot + 44.0, width - 2 * MARGIN - 10.0
        notes = ["".join(notes[:3]), *notes[3:]]
        bottom = 0.0
    note_lines: list[str] = []
    for note in notes:
        note_lines.extend(_wrap(note, note_w, 9.5))
    for i, line in enumerate(note_lines):
        text_at(out, note_x, note_y + 13.0 * i, line, 9.5, anchor="start", fill=LINE)
    height = max(note_y + 13.0 * len(note_lines), bottom) + 12.0

    title_id, desc_id = f"{id_prefix}-title", f"{id_prefix}-desc"
    full_title = " ".join(p for p in (step_label, title) if p)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        "<svg "
        + _attrs(
            xmlns="http://www.w3.org/2000/svg",
            version="1.1",
            width=width,
            height=height,
            viewBox=f"0 0 {_n(width)} {_n(height)}",
            role="img",
            aria_labelledby=f"{title_id} {desc_id}",
            font_family=FONT_STACK,
        )
        + ">"
    )
    style, body = with_style_classes(
        "\n".join(
            [
                f"<rect {_attrs(x=0.0, y=0.0, width=width, height=height, fill=PAPER)}/>",
                *c.out,
                *out,
            ]
        )
    )
    parts = [
        head,
        f"<title {_attrs(id=title_id)}>{escape(full_title)}</title>",
        f"<desc {_attrs(id=desc_id)}>{escape(desc)}</desc>",
        style,
        body,
        "</svg>",
    ]
    return "\n".join(parts) + "\n"
