"""The drawing surface of a plan: model (尺, y north) → pixels (y down), primitives that make
:class:`~.plan.El` elements, and the boxes of what is written (for label placement).

The palette is the old 儀禮圖's, redrawn as a modern map: ink and line browns on paper, the
platform and court in two buffs, vermilion for what moves and for the range.

No Sphinx import.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import View
from .plan import El, num

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
#: The colours a data file may name (``[[label]] colour``).
COLOURS = {"ink": INK, "line": LINE, "faint": FAINT, "vermilion": VERMILION, "lacquer": LACQUER}

Box = tuple[float, float, float, float]


def text_box(
    px: float, py: float, label: str, size: float, anchor: str = "middle", vertical: bool = False
) -> Box:
    """The pixel box a label written by :func:`text_el` covers (CJK glyphs are square)."""
    if vertical:
        height = len(label) * size
        top = {"start": py, "end": py - height, "middle": py - height / 2}[anchor]
        return (px - size / 2, top, px + size / 2, top + height)
    width = len(label) * size
    x0 = {"start": px, "end": px - width, "middle": px - width / 2}[anchor]
    return (x0, py - size / 2, x0 + width, py + size / 2)


def text_el(
    px: float,
    py: float,
    label: str,
    size: float,
    *,
    anchor: str = "middle",
    vertical: bool = False,
    fill: str = INK,
    halo: bool = False,
) -> El:
    """A label at pixel ``(px, py)``; vertical labels stack one character per line.

    Vertical text is written as one ``tspan`` per character rather than ``writing-mode``
    because rasterisers disagree on vertical CJK; the halo is the label's own stroke in the
    paper colour, painted under its fill (``paint-order``, which browsers and librsvg honour).
    """
    halo_style = (
        {"stroke": PAPER, "stroke_width": 3.0, "stroke_linejoin": "round", "paint_order": "stroke"}
        if halo
        else {}
    )
    if vertical:
        # (px, py) is the centre of the column; anchor says which end is at py
        height = len(label) * size
        top = {"start": py, "end": py - height, "middle": py - height / 2}[anchor]
        spans = [
            El.make("tspan", ch, x=px, y=top + (i + 0.88) * size) for i, ch in enumerate(label)
        ]
        return El.make(
            "text", *spans, font_size=size, text_anchor="middle", fill=fill, **halo_style
        )
    return El.make(
        "text",
        label,
        x=px,
        y=py + size * 0.36,
        font_size=size,
        text_anchor=anchor,
        fill=fill,
        **halo_style,
    )


class Canvas:
    """Model → pixel transform for one view, and the elements drawn on it so far."""

    def __init__(self, view: View, width: float, left: float, top: float) -> None:
        self.view = view
        self.s = view.scale
        self.width = width
        self.left = left
        self.top = top
        x0, y0, x1, y1 = view.extent
        self.plan_w = (x1 - x0) * self.s
        self.plan_h = (y1 - y0) * self.s
        self.out: list[El] = []
        #: pixel boxes (x0, y0, x1, y1) of what is written or drawn, for label placement
        self.boxes: list[Box] = []

    @property
    def overview(self) -> bool:
        """Whether this is a view of the whole precinct at a small scale (fewer labels)."""
        return self.view.overview

    def px(self, x: float, y: float) -> tuple[float, float]:
        x0, _, _, y1 = self.view.extent
        return self.left + (x - x0) * self.s, self.top + (y1 - y) * self.s

    def inside(self, px: float, py: float) -> bool:
        return (
            self.left <= px <= self.left + self.plan_w and self.top <= py <= self.top + self.plan_h
        )

    def add(self, element: El) -> None:
        self.out.append(element)

    def pen(self, base: float) -> float:
        """A stroke width that shrinks with the scale but never below a hairline."""
        return max(0.7, min(base, base * self.s / 7.0))

    # primitives -------------------------------------------------------------------------

    def rect(self, x0: float, y0: float, x1: float, y1: float, **style: object) -> None:
        ax, ay = self.px(min(x0, x1), max(y0, y1))
        bx, by = self.px(max(x0, x1), min(y0, y1))
        self.add(El.make("rect", x=ax, y=ay, width=bx - ax, height=by - ay, **style))

    def line(self, points: Sequence[float], **style: object) -> None:
        pts = " ".join(
            f"{num(px)},{num(py)}"
            for px, py in (self.px(points[i], points[i + 1]) for i in range(0, len(points), 2))
        )
        self.add(El.make("polyline", points=pts, fill="none", **style))

    def circle(self, x: float, y: float, r: float, **style: object) -> None:
        cx, cy = self.px(x, y)
        self.add(El.make("circle", cx=cx, cy=cy, r=max(r * self.s, 1.2), **style))

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
        self.add(
            text_el(
                px + dx,
                py + dy,
                label,
                size,
                anchor=anchor,
                vertical=vertical,
                fill=fill,
                halo=halo,
            )
        )
