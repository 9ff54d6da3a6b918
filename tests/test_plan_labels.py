"""The names on every plan of the edition keep clear of each other, at site and print sizes.

Read from the plans the builds wrote (``_build/html/_diagrams`` for the site,
``_build/latex/_diagrams`` for the book; each test skips when its build is missing): every
written name's box is worked out from its position, anchor and type size (CJK glyphs are
square), and

- no two names overlap (a built part's, a furnishing's or a figure's);
- no figure's name covers a figure's marker (its own or another's), and no marker hides the
  name of a built part or a furnishing;
- a printed plan's smallest type is at least 6.5 pt on paper: its type size times the width it
  is printed at (``\\includegraphics[width=…pt]`` in the book's .tex) over the SVG's width.

Run as a script (``python tests/test_plan_labels.py [folder …]``) it prints what it finds.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html" / "_diagrams"
BOOK = ROOT / "_build" / "latex"
NS = "{http://www.w3.org/2000/svg}"
#: Boxes may touch: an overlap thinner than this (px) is not a collision.
SLACK = 0.3
#: The smallest type a printed plan may have (pt).
MIN_PRINTED = 6.5

Box = tuple[float, float, float, float]


def _rules(root: ET.Element) -> dict[str, dict[str, str]]:
    style = root.find(f"{NS}style")
    rules: dict[str, dict[str, str]] = {}
    for name, body in re.findall(
        r"\.([\w-]+)\{([^}]*)\}", style.text or "" if style is not None else ""
    ):
        rules[name] = dict(d.split(":", 1) for d in body.split(";") if ":" in d)
    return rules


def _style(el: ET.Element, rules: dict[str, dict[str, str]], key: str) -> str | None:
    for cls in (el.get("class") or "").split():
        if key in rules.get(cls, {}):
            return rules[cls][key]
    return el.get(key)


def text_boxes(path: Path) -> tuple[list[tuple[str, str, Box, float]], list[Box], float]:
    """The names inside a plan (kind "fixed" or "figure", text, box, size), the markers'
    circles, and the SVG's width."""
    root = ET.parse(path).getroot()
    rules = _rules(root)
    clip = next(g for g in root.iter(f"{NS}g") if g.get("clip-path"))
    names: list[tuple[str, str, Box, float]] = []
    markers: list[Box] = []

    def walk(el: ET.Element, in_figure: bool) -> None:
        for child in el:
            figure = in_figure or "xs-figure" in (child.get("class") or "")
            if child.tag == f"{NS}circle" and figure:
                cx, cy, r = (float(child.get(a)) for a in ("cx", "cy", "r"))
                markers.append((cx - r, cy - r, cx + r, cy + r))
            elif child.tag == f"{NS}text":
                size = float((_style(child, rules, "font-size") or "0").rstrip("px"))
                anchor = _style(child, rules, "text-anchor") or "start"
                spans = child.findall(f"{NS}tspan")
                kind = "figure" if figure else "fixed"
                if spans:  # a vertical name (a character a line) or a name of several lines
                    boxes = []
                    for span in spans:
                        x, y, n = float(span.get("x")), float(span.get("y")), len(span.text or "")
                        x0 = {"start": x, "middle": x - n * size / 2, "end": x - n * size}[anchor]
                        boxes.append((x0, y - 0.87 * size, x0 + n * size, y + 0.13 * size))
                    text = "".join(s.text or "" for s in spans)
                    box = (
                        min(b[0] for b in boxes),
                        min(b[1] for b in boxes),
                        max(b[2] for b in boxes),
                        max(b[3] for b in boxes),
                    )
                else:
                    text = child.text or ""
                    x, y = float(child.get("x")), float(child.get("y")) - 0.36 * size
                    w = len(text) * size
                    x0 = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
                    box = (x0, y - size / 2, x0 + w, y + size / 2)
                names.append((kind, text, box, size))
            walk(child, figure)

    walk(clip, False)
    return names, markers, float(root.get("viewBox").split()[2])


#: How near (pt on paper: the print SVGs are drawn a pixel to a point) a printed name may come
#: to another name or to a drawn thing that is not its own.
CLEARANCE = 1.0


def _shape_box(el: ET.Element) -> Box | None:
    tag = el.tag.removeprefix(NS)
    if tag == "rect":
        x, y, w, h = (float(el.get(a)) for a in ("x", "y", "width", "height"))
        return (x, y, x + w, y + h)
    if tag == "circle":
        cx, cy, r = (float(el.get(a)) for a in ("cx", "cy", "r"))
        return (cx - r, cy - r, cx + r, cy + r)
    if tag == "polyline":
        pts = [tuple(map(float, p.split(","))) for p in (el.get("points") or "").split()]
        return (
            min(p[0] for p in pts),
            min(p[1] for p in pts),
            max(p[0] for p in pts),
            max(p[1] for p in pts),
        )
    return None


def struck(path: Path) -> list[str]:
    """The names of a printed plan that come within :data:`CLEARANCE` of another name or of
    a drawn thing (a furnishing, a wall, a stair, a post) not their own: the print SVGs say
    whose each shape and name is (``data-owner``)."""
    root = ET.parse(path).getroot()
    clip = next(g for g in root.iter(f"{NS}g") if g.get("clip-path"))
    shapes = []
    for el in clip.iter():
        owner = el.get("data-owner")
        if owner is not None and el.tag != f"{NS}text":
            box = _shape_box(el)
            if box is not None:
                shapes.append((owner, box))
    texts = [el for el in clip.iter(f"{NS}text")]
    names, _, _ = text_boxes(path)
    assert len(names) == len(texts)
    out = []
    extent: dict[str, Box] = {}
    for o, b in shapes:
        e = extent.get(o, b)
        extent[o] = (min(e[0], b[0]), min(e[1], b[1]), max(e[2], b[2]), max(e[3], b[3]))
    for (kind, text, box, _), el in zip(names, texts, strict=True):
        own = el.get("data-owner")
        m = (box[0] - CLEARANCE, box[1] - CLEARANCE, box[2] + CLEARANCE, box[3] + CLEARANCE)
        hit = {o for o, b in shapes if o != own and _meet(m, b)}
        if own in extent and _meet(box, extent[own]):
            e = extent[own]
            if not (
                e[0] <= box[0] + SLACK
                and e[1] <= box[1] + SLACK
                and box[2] <= e[2] + SLACK
                and box[3] <= e[3] + SLACK
            ):
                out.append(f"{kind} {text} runs past its own thing")
        if hit:
            out.append(f"{kind} {text} on {len(hit)} drawn thing(s)")
    for i, (_, text, box, _) in enumerate(names):
        m = (box[0] - CLEARANCE, box[1] - CLEARANCE, box[2] + CLEARANCE, box[3] + CLEARANCE)
        for _, other, other_box, _ in names[i + 1 :]:
            if _meet(m, other_box):
                out.append(f"{text} within {CLEARANCE} pt of {other}")
    return out


def _meet(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def collisions(path: Path) -> list[str]:
    """What collides on one plan, in words."""
    names, markers, _ = text_boxes(path)
    out = []
    for i, (kind, text, box, _) in enumerate(names):
        for other_kind, other, other_box, _ in names[i + 1 :]:
            if _meet(box, other_box):
                out.append(f"{kind} {text} × {other_kind} {other}")
        for m in markers:
            if _meet(box, m):
                where = "over" if kind == "figure" else "under"
                out.append(f"{kind} {text} {where} a marker at {m[0]:.0f},{m[1]:.0f}")
    return out


def printed_widths(tex: Path) -> dict[str, float]:
    """The width (pt) each plan is printed at, by its file's stem, from the book's .tex."""
    found = re.findall(
        r"\\includegraphics\[width=([\d.]+)pt[^\]]*\]\{_diagrams/([\w-]+)\.pdf\}",
        tex.read_text(encoding="utf-8"),
    )
    return {stem: float(width) for width, stem in found}


def smallest_printed(folder: Path) -> dict[str, float]:
    """The smallest type (pt on paper) of each printed plan."""
    widths = printed_widths(folder / "xiangsheli.tex")
    out = {}
    for svg in sorted((folder / "_diagrams").glob("*.svg")):
        _, _, width = text_boxes(svg)
        root = ET.parse(svg).getroot()
        rules = _rules(root)
        sizes = [float(_style(t, rules, "font-size").rstrip("px")) for t in root.iter(f"{NS}text")]
        scale = widths.get(svg.stem, 0.0) / width
        out[svg.stem] = min(sizes) * scale
    return out


def _plans(folder: Path) -> list[Path]:
    plans = sorted(folder.glob("*.svg"))
    if not plans:
        pytest.skip(f"no plans in {folder} (build the edition first)")
    return plans


@pytest.mark.parametrize("folder", [SITE, BOOK / "_diagrams"], ids=["site", "print"])
def test_no_name_collides(folder: Path) -> None:
    found = {p.stem: collisions(p) for p in _plans(folder)}
    bad = {k: v for k, v in found.items() if v}
    assert not bad, "\n".join(f"{k}: {'; '.join(v)}" for k, v in bad.items())


def test_printed_names_clear_the_drawing() -> None:
    """The book's plans: no name within 1 pt of another name or of a drawn thing not its
    own (issue 25: 「堂」 under the 上篚, 西階 on the treads)."""
    found = {p.stem: struck(p) for p in _plans(BOOK / "_diagrams")}
    bad = {k: v for k, v in found.items() if v}
    assert not bad, "\n".join(f"{k}: {'; '.join(v)}" for k, v in bad.items())


def test_printed_type_is_large_enough() -> None:
    _plans(BOOK / "_diagrams")
    sizes = smallest_printed(BOOK)
    assert sizes and all(v > 0 for v in sizes.values()), "a plan is not printed at a set width"
    small = {k: round(v, 2) for k, v in sizes.items() if v < MIN_PRINTED}
    assert not small, f"type under {MIN_PRINTED} pt on paper: {small}"


if __name__ == "__main__":
    for folder in [Path(a) for a in sys.argv[1:]] or [SITE, BOOK / "_diagrams"]:
        total = 0
        for plan in sorted(folder.glob("*.svg")):
            found = collisions(plan) + (struck(plan) if folder.resolve().parent == BOOK else [])
            total += len(found)
            if found:
                print(f"{plan.stem}: {len(found)}: " + "; ".join(found))
        print(f"{folder}: {total} collision(s)")
