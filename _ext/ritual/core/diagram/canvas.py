"""The drawing surface of a plan: model (尺, y north) → pixels (y down), primitives that make
:class:`~.plan.El` elements, and the boxes of what is written (for label placement).

A drawer does not write its names itself: :meth:`Canvas.text` hands each to the plan's one
placement of labels (:mod:`.labels`) with the places it may take, and records what is drawn
(the boxes of the shapes, each with the thing it belongs to) for the labels to keep off.

The palette is the old 儀禮圖's, redrawn as a modern map: ink and line browns on paper, the
platform and court in two buffs, vermilion for what moves and for the range.

No Sphinx import.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from .labels import LEADING, Box, Label, Spot, text_box
from .model import View
from .plan import El, num

__all__ = ["Box", "Canvas", "text_box", "text_el"]

#: The plans' type: the CJK serif faces, then the family a site may declare with ``@font-face``
#: for the few characters those lack (this project's ``_static/edition.css``, written by
#: ``tools/webfont.py``): a plan drawn in a page uses the page's rules; where no rule or font
#: of that name is (a plan's SVG file opened alone, the book's rsvg-convert), it is passed over.
FONT_STACK = (
    "'Noto Serif CJK TC', 'Noto Serif TC', 'Source Han Serif TC', serif, 'XS Han Supplement'"
)

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


#: Punctuation as it is set in a vertical column: the CJK Vertical Forms (U+FE10–FE19) and
#: the CJK Compatibility Forms (U+FE30–FE44), which the fonts draw turned for top-to-bottom
#: reading (縣︵磬︶, not an upright 縣（磬）). A Unicode fact, not the chapter's.
VERTICAL_FORMS = str.maketrans(
    {
        "（": "︵",
        "）": "︶",
        "「": "﹁",
        "」": "﹂",
        "『": "﹃",
        "』": "﹄",
        "〔": "︹",
        "〕": "︺",
        "《": "︽",
        "》": "︾",
        "〈": "︿",
        "〉": "﹀",
        "【": "︻",
        "】": "︼",
        "，": "︐",
        "、": "︑",
        "。": "︒",
        "：": "︓",
        "；": "︔",
        "！": "︕",
        "？": "︖",
        "…": "︙",
        "—": "︱",
    }
)


def vertical_text(label: str) -> str:
    """``label`` as written down a column: its punctuation in the vertical forms."""
    return label.translate(VERTICAL_FORMS)


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
    halo_width: float = 3.0,
) -> El:
    """A label at pixel ``(px, py)``; vertical labels stack one character per line.

    Vertical text is written as one ``tspan`` per character rather than ``writing-mode``
    because rasterisers disagree on vertical CJK; the halo is the label's own stroke in the
    paper colour, painted under its fill (``paint-order``, which browsers and librsvg honour).
    """
    halo_style = (
        {
            "stroke": PAPER,
            "stroke_width": halo_width,
            "stroke_linejoin": "round",
            "paint_order": "stroke",
        }
        if halo
        else {}
    )
    if "\n" in label:  # lines centred on py (labels.text_box)
        lines = label.split("\n")
        top = py - size * (1 + LEADING * (len(lines) - 1)) / 2
        spans = [
            El.make("tspan", line, x=px, y=top + (0.86 + LEADING * i) * size)
            for i, line in enumerate(lines)
        ]
        return El.make("text", *spans, font_size=size, text_anchor=anchor, fill=fill, **halo_style)
    if vertical:
        # (px, py) is the centre of the column; anchor says which end is at py
        height = len(label) * size
        top = {"start": py, "end": py - height, "middle": py - height / 2}[anchor]
        spans = [
            El.make("tspan", ch, x=px, y=top + (i + 0.88) * size)
            for i, ch in enumerate(vertical_text(label))
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
    """Model → pixel transform for one view, what is drawn on it so far, and the names it is to
    write (placed later, all together: :mod:`.labels`).

    ``scale`` (pixels per 尺) replaces the view's own (a printed plan is drawn to fit its box).
    ``owner`` is the thing being drawn (a furnishing, a built part): the shapes drawn meanwhile
    are recorded as its own, so its name may lie on them."""

    def __init__(
        self, view: View, width: float, left: float, top: float, scale: float | None = None
    ) -> None:
        self.view = view
        self.s = scale or view.scale
        self.width = width
        self.left = left
        self.top = top
        x0, y0, x1, y1 = view.extent
        self.plan_w = (x1 - x0) * self.s
        self.plan_h = (y1 - y0) * self.s
        self.out: list[El] = []
        #: the names to write, in the order they were asked for
        self.labels: list[Label] = []
        #: pixel boxes of what is drawn, with their owner (``None`` for a plain line)
        self.drawn: list[tuple[Box, object]] = []
        self.owner: object = None
        self.halo_width = 3.0
        #: whether each drawn shape and each name says whose it is (``data-owner``, a number
        #: per thing in drawing order): the printed plans do, so that a test can see from the
        #: SVG alone that no name lies on a thing not its own
        self.mark_owners = False
        self._owner_ids: dict[int, int] = {}

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
        self._mark(element, self.owner)
        self.out.append(element)

    def _mark(self, element: El, owner: object) -> None:
        if self.mark_owners and owner is not None:
            n = self._owner_ids.setdefault(id(owner), len(self._owner_ids))
            element.attrs.append(("data-owner", str(n)))

    def pen(self, base: float) -> float:
        """A stroke width that shrinks with the scale but never below a hairline."""
        return max(0.7, min(base, base * self.s / 7.0))

    def model(self, pixels: float) -> float:
        """A length in pixels as a length in 尺 (for a name's offset from its thing)."""
        return pixels / self.s

    def _record(self, box: Box) -> None:
        if self.owner is not None:
            self.drawn.append((box, self.owner))

    # primitives -------------------------------------------------------------------------

    def rect(self, x0: float, y0: float, x1: float, y1: float, **style: object) -> None:
        ax, ay = self.px(min(x0, x1), max(y0, y1))
        bx, by = self.px(max(x0, x1), min(y0, y1))
        self._record((ax, ay, bx, by))
        self.add(El.make("rect", x=ax, y=ay, width=bx - ax, height=by - ay, **style))

    def line(self, points: Sequence[float], **style: object) -> None:
        pixels = [self.px(points[i], points[i + 1]) for i in range(0, len(points), 2)]
        half = max(0.5, float(style.get("stroke_width", 1.0)) / 2)  # type: ignore[arg-type]
        for (ax, ay), (bx, by) in pairwise(pixels):
            self._record(
                (min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half)
            )
        pts = " ".join(f"{num(px)},{num(py)}" for px, py in pixels)
        self.add(El.make("polyline", points=pts, fill="none", **style))

    def circle(self, x: float, y: float, r: float, **style: object) -> None:
        cx, cy = self.px(x, y)
        rr = max(r * self.s, 1.2)
        self._record((cx - rr, cy - rr, cx + rr, cy + rr))
        self.add(El.make("circle", cx=cx, cy=cy, r=rr, **style))

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
        also: Sequence[tuple[float, float, str, bool] | tuple[float, float, str, bool, str]] = (),
    ) -> None:
        """A name to write at model ``(x, y)`` (shifted ``dx``, ``dy`` pixels) or, if that
        place is taken, at the first clear one of ``also`` (model points, anchors, vertical,
        and optionally the name as written there: on two lines, ``\n``). It is written when
        the plan's labels are placed, over everything drawn."""
        px, py = self.px(x, y)
        spots: list[Spot] = [(px + dx, py + dy, anchor, vertical)]
        texts = [label]
        for alt in also:
            qx, qy = self.px(alt[0], alt[1])
            spots.append((qx, qy, alt[2], alt[3]))
            texts.append(alt[4] if len(alt) > 4 else label)
        named = Label(label, size, spots, fill, halo, owner=self.owner)
        if any(t != label for t in texts):
            named.texts = texts
        self.labels.append(named)

    def label_el(self, label: Label) -> El:
        """The text element of a placed name."""
        assert label.spot is not None
        x, y, anchor, vertical = label.spot
        el = text_el(
            x,
            y,
            label.text,
            label.size,
            anchor=anchor,
            vertical=vertical,
            fill=label.fill,
            halo=label.halo,
            halo_width=self.halo_width,
        )
        self._mark(el, label.owner)
        return el
