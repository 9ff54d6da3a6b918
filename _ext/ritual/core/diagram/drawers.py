"""How each kind of furnishing is drawn on a plan: one drawer per ``kind`` of ``setting.toml``.

A drawer is a function ``drawer(canvas, furnishing, size, label)`` that draws the thing at its
place (``furnishing.x``/``.y``, its sizes in ``furnishing.params``) and, when ``label`` is true,
asks for its name (``furnishing.label``) to be written beside it: ``canvas.text`` with the place
it prefers and the others it may take (``also``) if a name written earlier, or a place where
people stand, is in the way. The plan places every name at once (:mod:`.labels`).

:data:`DRAWERS` holds the kinds the rites of the 儀禮 set out (mats, the 尊 on its 禁, baskets,
the basin and its water, the chime frame, the shooting stations, the arrow rest and the tally
holder, the target and the screen …). An edition that needs another kind registers its own
drawer (``xs_plan_drawers`` in conf.py: kind → ``"module:function"``); nothing in the drawing
code changes.

A drawer declares the sizes it reads from its furnishing's entry (:func:`takes`: key → kind of
value, ``furnishing.params``): the setting's reader checks each against it, so that a misspelt
key (``rr`` for ``r``) or a value that is no size (``r = "big"``, ``r = -1.5``) is said at its
line of setting.toml rather than drawn with the default size, or not drawn. A drawer that
declares nothing (a project's own, say) is given whatever its furnishings hold, unchecked.

No Sphinx import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from .canvas import INK, LACQUER, LINE, MAT, VERMILION, Canvas
from .model import COUNT, LENGTH, WORDS, DrawerParams, Furnishing, Param
from .plan import El

Drawer = Callable[[Canvas, Furnishing, float, bool], None]

#: A size the drawer cannot do without (a mat's width …); one it has a default for.
SIZE, OPTIONAL_SIZE = Param(LENGTH, needed=True), Param(LENGTH)


def takes(**params: Param) -> Callable[[Drawer], Drawer]:
    """Declare the values a drawer reads from its furnishing's entry (key → :class:`Param`),
    as its ``params`` (read by :func:`params_of`)."""

    def declare(drawer: Drawer) -> Drawer:
        drawer.params = MappingProxyType(params)  # type: ignore[attr-defined]
        return drawer

    return declare


def params_of(drawers: Mapping[str, Drawer]) -> DrawerParams:
    """kind → the params its drawer declares (:func:`takes`), None for a drawer that declares
    none: what the setting's reader checks each furnishing's keys and sizes against."""
    return {kind: getattr(drawer, "params", None) for kind, drawer in drawers.items()}


def _num(f: Furnishing, key: str, default: float = 0.0) -> float:
    return float(f.params.get(key, default))  # type: ignore[arg-type]


def around(
    c: Canvas, x: float, y: float, hw: float, hh: float, size: float
) -> list[tuple[float, float, str, bool]]:
    """Places for a name around a thing of half-width ``hw`` and half-height ``hh`` (尺) at
    ``(x, y)``: east, west, south and north of it, then at its corners (the fall-backs a
    drawer adds after its own), and the same further out (for a thing people stand all round,
    as a stand the shooters gather round to take their arrows)."""
    out = []
    for far in (1.0, 2.6):
        gx, gy = c.model(2.0 + size * (far - 1)), c.model(size * 0.62 * far)
        out += [
            (x + hw + gx, y, "start", False),
            (x - hw - gx, y, "end", False),
            (x, y - hh - gy, "middle", False),
            (x, y + hh + gy, "middle", False),
            (x + hw + gx, y - hh - gy, "start", False),
            (x - hw - gx, y - hh - gy, "end", False),
            (x + hw + gx, y + hh + gy, "start", False),
            (x - hw - gx, y + hh + gy, "end", False),
        ]
    return out


@takes(w=SIZE, h=SIZE, n=Param(COUNT))
def draw_mats(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """A mat, or ``n`` mats laid end to end (``mats``), along their long side."""
    x, y, w, h = f.x, f.y, _num(f, "w"), _num(f, "h")
    n = int(_num(f, "n", 1))
    horizontal = w >= h
    for i in range(n):
        if horizontal:
            mw = w / n
            mx0 = x - w / 2 + i * mw
            c.rect(
                mx0, y - h / 2, mx0 + mw, y + h / 2, fill=MAT, stroke=INK, stroke_width=c.pen(1.1)
            )
        else:
            mh = h / n
            my0 = y - h / 2 + i * mh
            c.rect(
                x - w / 2, my0, x + w / 2, my0 + mh, fill=MAT, stroke=INK, stroke_width=c.pen(1.1)
            )
    if label:
        # above or below, the name keeps 2 px from the mats (more than the labeller's CLEAR): a
        # name wider than its mat (賓席 in print) runs over its neighbour's edge, and would
        # otherwise touch that mat and be sent off to the side, over the next thing drawn
        g, side = c.model(size * 0.5 + 2.0), c.model(2.0)
        if horizontal:
            also = [(x, y + h / 2 + g, "middle", False), (x, y - h / 2 - g, "middle", False)]
        else:
            also = [(x - w / 2 - g, y, "middle", True), (x + w / 2 + g, y, "middle", True)]
        also += [(x + w / 2 + side, y, "start", False), (x - w / 2 - side, y, "end", False)]
        also += around(c, x, y, w / 2, h / 2, size)[4:8]
        c.text(x, y, f.label, size, vertical=not horizontal, fill=LINE, also=also)


@takes(w=SIZE, h=SIZE)
def draw_zun(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """Two 壺 on a 禁: the dark one (玄酒) to the west."""
    x, y, w, h = f.x, f.y, _num(f, "w"), _num(f, "h")
    c.rect(
        x - w / 2,
        y - h / 2,
        x + w / 2,
        y + h / 2,
        fill="#d4c5a3",
        stroke=LINE,
        stroke_width=c.pen(0.9),
    )
    c.circle(x - w / 4, y, h * 0.34, fill=INK, stroke=INK, stroke_width=0.8)
    c.circle(x + w / 4, y, h * 0.34, fill="#ffffff", stroke=INK, stroke_width=0.8)
    if label:
        g = c.model(size * 0.62)
        also: list = [(x, y + h / 2 + g, "middle", False)]
        # a long name (尊（斯禁兩壺）) may go on two lines, the thing's name over its gloss
        head, sep, rest = f.label.partition("（")
        if sep:
            two = f"{head}\n{sep}{rest}"
            g2 = c.model(size * 1.2)
            also += [
                (x, y - h / 2 - g2, "middle", False, two),
                (x, y + h / 2 + g2, "middle", False, two),
            ]
        ring = around(c, x, y, w / 2, h / 2, size)
        also += ring[:8]
        if sep:
            # where the plan is crowded (a 大夫席 set east of it, people round it), the thing's
            # name alone beside it rather than its whole name further off, where it would
            # read as another thing's
            also += [
                (x, y - h / 2 - g, "middle", False, head),
                (x, y + h / 2 + g, "middle", False, head),
                *((*spot, head) for spot in ring[:8]),
            ]
        also += ring[8:]
        if sep:
            also += [
                (*spot, two) for spot in around(c, x, y, w / 2, h / 2 + c.model(size * 0.6), size)
            ]
        c.text(x, y - h / 2 - g, f.label, size, fill=LINE, also=also)


@takes(w=SIZE, h=SIZE)
def draw_fei(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """A basket, its name beside its long side."""
    x, y, w, h = f.x, f.y, _num(f, "w"), _num(f, "h")
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
        g = c.model(2.0)
        if w >= h:
            also = [
                (x - w / 2 - g, y, "end", False),
                (x, y - h / 2 - c.model(size * 0.62), "middle", False),
            ]
            c.text(
                x + w / 2 + g,
                y,
                f.label,
                size,
                anchor="start",
                fill=LINE,
                also=[*also, *around(c, x, y, w / 2, h / 2, size)],
            )
        else:
            half = c.model(size / 2 + 2.0)
            also = [(x + w / 2 + half, y, "middle", True), (x, y - h / 2 - g, "start", True)]
            c.text(
                x - w / 2 - half,
                y,
                f.label,
                size,
                vertical=True,
                fill=LINE,
                also=[*also, *around(c, x, y, w / 2, h / 2, size)],
            )


@takes(r=OPTIONAL_SIZE)
def draw_xi(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The basin for washing the vessels."""
    x, y, r = f.x, f.y, _num(f, "r", 1.5)
    c.circle(x, y, r, fill="#ffffff", stroke=INK, stroke_width=c.pen(1.2))
    c.circle(x, y, r * 0.55, fill="none", stroke=LINE, stroke_width=c.pen(0.7))
    if label:
        g = c.model((size + 1) * 0.62)
        also = [(x, y + r + g, "middle", False), *around(c, x, y, r, r, size + 1)]
        c.text(x, y - r - g, f.label, size + 1, fill=INK, also=also)


@takes(r=OPTIONAL_SIZE)
def draw_lei(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The water jar beside the basin."""
    x, y, r = f.x, f.y, _num(f, "r", 0.9)
    c.circle(x, y, r, fill="#dfe7ea", stroke=INK, stroke_width=c.pen(1.0))
    if label:
        g = c.model(2.0)
        also = [(x, y - r - c.model(size * 0.62), "middle", False), *around(c, x, y, r, r, size)]
        c.text(x + r + g, y, f.label, size, anchor="start", fill=LINE, also=also)


@takes(w=SIZE, h=SIZE)
def draw_qing(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """A hung chime frame (縣), seen from above: the frame and its stones."""
    x, y, w, h = f.x, f.y, _num(f, "w"), _num(f, "h")
    c.rect(
        x - w / 2, y - h / 2, x + w / 2, y + h / 2, fill="none", stroke=INK, stroke_width=c.pen(1.1)
    )
    for i in range(4):
        yy = y - h / 2 + h * (i + 0.5) / 4
        c.line(
            (x - w / 2, yy + 0.4, x, yy - 0.3, x + w / 2, yy + 0.4),
            stroke=INK,
            stroke_width=c.pen(1.0),
        )
    if label:
        half = c.model(size / 2 + 2.0)
        also = [
            (x - w / 2 - half, y, "middle", True),
            (x, y + h / 2 + c.model(2.0), "start", False),
        ]
        also += around(c, x, y, w / 2, h / 2, size)
        c.text(x + w / 2 + half, y, f.label, size, vertical=True, fill=LINE, also=also)


@takes(gap=OPTIONAL_SIZE, length=OPTIONAL_SIZE, width=OPTIONAL_SIZE)
def draw_wu(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The two shooting stations (物), crosses ``gap`` apart."""
    x, y = f.x, f.y
    gap, length, width = _num(f, "gap", 6.0), _num(f, "length", 3.0), _num(f, "width", 1.2)
    for sx in (-1.0, 1.0):
        cx = x + sx * (gap / 2 + width / 2)
        style = {"stroke": VERMILION, "stroke_width": c.pen(1.6)}
        c.line((cx, y - length / 2, cx, y + length / 2), **style)
        c.line((cx - width / 2, y, cx + width / 2, y), **style)
    if label:
        g = c.model(size * 0.62)
        also = [(x, y - length / 2 - g, "middle", False)]
        also += around(c, x, y, gap / 2 + width, length / 2, size)
        c.text(x, y + length / 2 + g, f.label, size, fill=VERMILION, also=also)


@takes(w=SIZE, h=SIZE)
def draw_bi(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """An arrow rest: a lacquered bar."""
    x, y, w, h = f.x, f.y, _num(f, "w"), _num(f, "h")
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
        g = c.model(2.0)
        also = [
            (x - w / 2 - g, y, "end", False),
            (x, y - c.model(size * 0.62 + 1), "middle", False),
        ]
        also += around(c, x, y, w / 2, max(h, 0.35) / 2, size)
        c.text(x + w / 2 + g, y, f.label, size, anchor="start", fill=LACQUER, also=also)


@takes(w=SIZE, h=SIZE)
def draw_zhong(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The tally holder (中): a crouching beast, head to the east."""
    x, y, w, h = f.x, f.y, _num(f, "w"), _num(f, "h")
    cx, cy = c.px(x, y)
    rx, ry = w / 2 * c.s, h / 2 * c.s
    c.add(
        El.make(
            "ellipse", cx=cx, cy=cy, rx=max(rx, 2.0), ry=max(ry, 1.2), fill=LACQUER, stroke="none"
        )
    )
    c.circle(x + w / 2 + 0.25, y + h / 2, 0.35, fill=LACQUER, stroke="none")
    if label:
        g = c.model(size * 0.62)
        also = [(x, y - h / 2 - g, "middle", False), *around(c, x, y, w / 2, h / 2, size)]
        c.text(x, y + h / 2 + g, f.label, size, fill=LACQUER, also=also)


@takes(r=OPTIONAL_SIZE)
def draw_feng(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The stand (豐) for the losers' cups."""
    x, y, r = f.x, f.y, _num(f, "r", 0.6)
    c.circle(x, y, r, fill="#ffffff", stroke=INK, stroke_width=c.pen(1.0))
    if label:
        g = c.model(2.0)
        also = [
            (x + r + g, y, "start", False),
            (x, y + r + c.model(size * 0.62), "middle", False),
        ]
        also += around(c, x, y, r, r, size)
        c.text(x - r - g, y, f.label, size, anchor="end", fill=LINE, also=also)


@takes(w=SIZE, zhong=OPTIONAL_SIZE, gong=OPTIONAL_SIZE, side_labels=Param(WORDS))
def draw_hou(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The target (侯) seen from above: its full width, the 躬 and the 中 in vermilion, and
    the names of its sides (``side_labels``: west, east) above its ends."""
    x, y = f.x, f.y
    half, zhong, gong = _num(f, "w") / 2, _num(f, "zhong", 10.0), _num(f, "gong", 20.0)
    t = max(1.2, 3.0 / c.s)
    c.rect(x - half, y - t / 2, x + half, y + t / 2, fill="#f3ecdc", stroke=INK, stroke_width=0.9)
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
        below = y - t / 2 - c.model((size + 2) * 0.62 + 2.0)
        c.text(
            x,
            below,
            f.label,
            size + 2,
            fill=INK,
            also=[(x, y + t / 2 + y - below, "middle", False)],
        )
        west, east = ([*list(f.params.get("side_labels", ("", ""))), "", ""])[:2]  # type: ignore[call-overload]
        side = y - t / 2 - c.model(size * 0.62 + 2.0)
        for end, name in ((x + half, east), (x - half, west)):
            if name:
                c.text(
                    end,
                    side,
                    str(name),
                    size,
                    fill=LINE,
                    also=[(end, 2 * y - side, "middle", False)],
                )


@takes(w=OPTIONAL_SIZE)
def draw_fa(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The screen that shelters the one who calls the hits: a bent line."""
    x, y = f.x, f.y
    half = _num(f, "w", 5.0) / 2
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
        g = c.model((size + 1) * 0.7)
        also = [(x, y - bow - g, "middle", False), (x + half + c.model(2), y, "start", False)]
        c.text(x, y + bow + g, f.label, size + 1, fill=INK, also=also)


#: The built-in drawers, by furnishing kind.
DRAWERS: Mapping[str, Drawer] = MappingProxyType(
    {
        "mat": draw_mats,
        "mats": draw_mats,
        "zun": draw_zun,
        "fei": draw_fei,
        "xi": draw_xi,
        "lei": draw_lei,
        "qing": draw_qing,
        "wu": draw_wu,
        "bi": draw_bi,
        "zhong": draw_zhong,
        "feng": draw_feng,
        "hou": draw_hou,
        "fa": draw_fa,
    }
)
