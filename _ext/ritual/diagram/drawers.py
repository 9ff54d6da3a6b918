"""How each kind of furnishing is drawn on a plan: one drawer per ``kind`` of ``setting.toml``.

A drawer is a function ``drawer(canvas, furnishing, size, label)`` that draws the thing at its
place (``furnishing.x``/``.y``, its sizes in ``furnishing.params``) and, when ``label`` is true,
writes its name (``furnishing.label``) beside it. :data:`DRAWERS` holds the kinds the rites of
the 儀禮 set out (mats, the 尊 on its 禁, baskets, the basin and its water, the chime frame, the
shooting stations, the arrow rest and the tally holder, the target and the screen …). An
edition that needs another kind registers its own drawer (``xs_plan_drawers`` in conf.py:
kind → ``"module:function"``); nothing in the drawing code changes.

No Sphinx import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from .canvas import INK, LACQUER, LINE, MAT, VERMILION, Canvas
from .model import Furnishing
from .plan import El

Drawer = Callable[[Canvas, Furnishing, float, bool], None]


def _num(f: Furnishing, key: str, default: float = 0.0) -> float:
    return float(f.params.get(key, default))  # type: ignore[arg-type]


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
        c.text(x, y, f.label, size, vertical=not horizontal, fill=LINE)


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
        c.text(x, y + h / 2 + 1.4, f.label, size, fill=LINE)


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
        if w >= h:
            c.text(x + w / 2 + 0.6, y, f.label, size, anchor="start", fill=LINE)
        else:
            c.text(
                x - w / 2 - 0.5,
                y,
                f.label,
                size,
                vertical=True,
                anchor="middle",
                fill=LINE,
                dx=-7.0,
            )


def draw_xi(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The basin for washing the vessels."""
    x, y, r = f.x, f.y, _num(f, "r", 1.5)
    c.circle(x, y, r, fill="#ffffff", stroke=INK, stroke_width=c.pen(1.2))
    c.circle(x, y, r * 0.55, fill="none", stroke=LINE, stroke_width=c.pen(0.7))
    if label:
        c.text(x, y - r - 1.6, f.label, size + 1, fill=INK)


def draw_lei(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The water jar beside the basin."""
    x, y, r = f.x, f.y, _num(f, "r", 0.9)
    c.circle(x, y, r, fill="#dfe7ea", stroke=INK, stroke_width=c.pen(1.0))
    if label:
        c.text(x + r + 0.5, y, f.label, size, anchor="start", fill=LINE)


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
        c.text(x + w / 2 + 1.6, y + 2.0, f.label, size, vertical=True, fill=LINE)


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
        c.text(x, y + length / 2 + 1.0, f.label, size, fill=VERMILION)


def draw_bi(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The arrow rest (楅): a lacquered bar."""
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
        c.text(x + w / 2 + 0.6, y, f.label, size, anchor="start", fill=LACQUER)


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
        c.text(x, y + h / 2 + 1.3, f.label, size, fill=LACQUER)


def draw_feng(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The stand (豐) for the losers' cups."""
    x, y, r = f.x, f.y, _num(f, "r", 0.6)
    c.circle(x, y, r, fill="#ffffff", stroke=INK, stroke_width=c.pen(1.0))
    if label:
        c.text(x - r - 0.4, y, f.label, size, anchor="end", fill=LINE)


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
        c.text(x, y - t / 2 - 6.0 / c.s * 2, f.label, size + 2, fill=INK)
        west, east = ([*list(f.params.get("side_labels", ("", ""))), "", ""])[:2]  # type: ignore[call-overload]
        if east:
            c.text(
                x + half, y - t / 2 - 5.0, str(east), size - 1, anchor="middle", fill=LINE, dy=0.0
            )
        if west:
            c.text(
                x - half, y - t / 2 - 5.0, str(west), size - 1, anchor="middle", fill=LINE, dy=0.0
            )


def draw_fa(c: Canvas, f: Furnishing, size: float, label: bool) -> None:
    """The screen (乏) that shelters the one who calls the hits: a bent line."""
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
        c.text(x, y + bow + 9.0 / c.s * 1.4, f.label, size + 1, fill=INK)


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
