"""A plan as a structured object, and its one serialisation to SVG.

:func:`.svg.compose` draws a plan into a :class:`Plan`: the frame (title, scale bar, notes), the
*background* (buildings and furnishings: the same for every plan of one view with the same
furnishings), their *names* (the same too, but where a figure stands on one) and the
*figures*. Each drawn element is an :class:`El` whose
presentation properties are kept apart from its geometry, so that one serialisation
(:func:`to_svg`) can

- write the styles as classes with one rule each (a plan repeats a dozen styles on hundreds of
  elements), and on a page that carries several plans write each rule once
  (:class:`PageState`);
- draw a background, names or a frame (scale bar, north arrow, notes) that an earlier plan
  of the page drew already as a ``<use>`` of it;

without ever parsing SVG text back. The standalone files and the PDF serialise each plan
whole.

No Sphinx import.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from xml.sax.saxutils import escape, quoteattr

#: Elements whose presentation attributes become classes: browsers and librsvg (the PDF's
#: converter) apply ``<style>`` rules to them alike.
STYLED = frozenset({"rect", "polyline", "polygon", "circle", "text"})
#: Presentation properties (all inherited, so a class and the attribute it replaces draw the
#: same), and the CSS unit a bare number needs.
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
_CSS_UNIT = {"font-size": "px", "stroke-width": "px"}


def num(value: float) -> str:
    """A coordinate with at most one decimal and no ``-0`` (determinism).

    A tenth of a pixel is below what any screen or printer shows, at a plan's scale a
    hundredth of a 尺."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _value(value: object) -> str:
    return num(value) if isinstance(value, float) else str(value)


@dataclass
class El:
    """One SVG element: its attributes in order, its presentation properties apart (for the
    elements of :data:`STYLED`), and its children (elements or text)."""

    tag: str
    attrs: list[tuple[str, str]] = field(default_factory=list)
    style: list[tuple[str, str]] = field(default_factory=list)
    children: list[El | str] = field(default_factory=list)

    @classmethod
    def make(cls, tag: str, *children: El | str, **attrs: object) -> El:
        """``El.make("rect", x=1.0, fill="#fff")``: keyword names with ``_`` for ``-`` (a
        trailing ``_`` is dropped: ``class_``); ``None`` values are left out."""
        el = cls(tag, children=list(children))
        for key, value in attrs.items():
            if value is None:
                continue
            name = key.rstrip("_").replace("_", "-")
            text = _value(value)
            if tag in STYLED and name in STYLE_ATTRS:
                el.style.append((name, text))
            else:
                el.attrs.append((name, text))
        return el

    def add(self, child: El | str) -> None:
        self.children.append(child)


@cache
def style_class(declarations: str) -> str:
    """The class of a style: ``xsd-s`` and a digest of its declarations. Named from the style
    itself, so that plans which share a page share their rules and never clash."""
    return "xsd-s" + hashlib.sha1(declarations.encode()).hexdigest()[:5]


def _declarations(style: list[tuple[str, str]]) -> str:
    return ";".join(f"{name}:{value}{_CSS_UNIT.get(name, '')}" for name, value in style)


class _Writer:
    """Serialises elements, collecting the style rules they use."""

    def __init__(self) -> None:
        self.rules: dict[str, str] = {}

    def attrs(self, el: El) -> str:
        parts = [f"{name}={quoteattr(value)}" for name, value in el.attrs]
        if el.style:
            declarations = _declarations(el.style)
            name = style_class(declarations)
            self.rules[name] = declarations
            parts.insert(0, f'class="{name}"')
        return " ".join(parts)

    def write(self, el: El | str) -> str:
        if isinstance(el, str):
            return escape(el)
        attrs = self.attrs(el)
        open_ = f"<{el.tag} {attrs}" if attrs else f"<{el.tag}"
        if not el.children:
            return open_ + "/>"
        if el.tag == "g":  # groups: one child a line, as the files are read by people too
            inner = "\n".join(self.write(c) for c in el.children)
            return f"{open_}>\n{inner}\n</{el.tag}>"
        return f"{open_}>{''.join(self.write(c) for c in el.children)}</{el.tag}>"

    def lines(self, els: list[El]) -> list[str]:
        return [self.write(el) for el in els]


@dataclass
class Plan:
    """A drawn plan (see the module's docstring): the SVG root's attributes, its title and
    description, and three layers of elements."""

    width: float
    height: float
    root: list[tuple[str, str]]
    title_id: str
    title: str
    desc_id: str
    desc: str
    id_prefix: str
    paper: El  # the sheet
    plan_box: tuple[float, float, float, float]  # x, y, width, height of the plan area
    background: list[El]  # inside the clip: the plan's paper, buildings, furnishings
    figures: list[El]  # inside the clip, over the background and the names
    frame: list[El]  # outside the clip: border, scale bar, north arrow, notes
    #: what was placed, for checks: every name's kind ("fixed" | "figure"), text and box; the
    #: markers' circles (role, box); the type sizes used (px)
    labels: list[tuple[str, str, tuple[float, float, float, float]]] = field(default_factory=list)
    markers: list[tuple[str, tuple[float, float, float, float]]] = field(default_factory=list)
    type_sizes: list[float] = field(default_factory=list)
    #: inside the clip, over the background: the names of the built parts and furnishings (the
    #: same on most plans of a view, but moved off a marker where one stands on them)
    names: list[El] = field(default_factory=list)
    #: the same for the built parts' names (shared apart: they move far less often)
    built_names: list[El] = field(default_factory=list)
    #: outside the clip: the step label and the title over the plan (none in print)
    header: list[El] = field(default_factory=list)

    def background_svg(self) -> str:
        """The background as written (the key under which a page shares it)."""
        return "\n".join(_Writer().lines(self.background))


@dataclass
class PageState:
    """What the plans already written on one HTML page have brought: the style rules, and
    the backgrounds (and figures) drawn, by their text → the id to ``<use>``."""

    rules: set[str] = field(default_factory=set)
    backgrounds: dict[str, str] = field(default_factory=dict)


def to_svg(plan: Plan, page: PageState | None = None, described_by: str = "") -> str:
    """The plan as SVG: a standalone document, or (``page`` given) an element for a page that
    holds other plans — no XML declaration, only the style rules the page lacks, and a
    background the page has drawn already given as a ``<use>`` of it. ``described_by``: the
    id of an element of the page that says what the description says (the plan's key), which
    then describes the plan in its place."""
    w = _Writer()
    x, y, width, height = plan.plan_box
    clip_id = f"{plan.id_prefix}-clip"
    clip = El.make(
        "defs",
        El.make("clipPath", El.make("rect", x=x, y=y, width=width, height=height), id=clip_id),
    )
    # a plan whose background a script refers to (the stage view's, with ids) shares nothing
    share = None if any(el_has_id(el) for el in plan.background) else page
    background = _shared(w, plan.background, share, f"{plan.id_prefix}-plan")
    names = [
        *_shared(w, plan.built_names, share, f"{plan.id_prefix}-built"),
        *_shared(w, plan.names, share, f"{plan.id_prefix}-names"),
    ]
    body = [
        w.write(plan.paper),
        w.write(clip),
        f'<g clip-path="url(#{clip_id})">',
        *background,
        *names,
        *_shared_each(w, plan.figures, share, f"{plan.id_prefix}-f"),
        "</g>",
        *w.lines(plan.header),
        *_shared(w, plan.frame, share, f"{plan.id_prefix}-frame"),
    ]
    rules = w.rules
    if page is not None:
        rules = {k: v for k, v in rules.items() if k not in page.rules}
        page.rules.update(rules)
    attrs = plan.root
    desc = f"<desc {_attr('id', plan.desc_id)}>{escape(plan.desc)}</desc>"
    if described_by:
        attrs = [
            (name, plan.title_id if name == "aria-labelledby" else value) for name, value in attrs
        ]
        attrs.append(("aria-describedby", described_by))
        desc = ""
    root = " ".join(f"{name}={quoteattr(value)}" for name, value in attrs)
    head = [] if page is not None else ['<?xml version="1.0" encoding="UTF-8"?>']
    parts = [
        *head,
        f"<svg {root}>",
        f"<title {_attr('id', plan.title_id)}>{escape(plan.title)}</title>",
        *([desc] if desc else []),
    ]
    if rules or page is None:
        parts.append("<style>" + "".join(f".{k}{{{rules[k]}}}" for k in sorted(rules)) + "</style>")
    parts += ["\n".join(body), "</svg>"]
    return "\n".join(parts) + ("\n" if page is None else "")


def _shared(w: _Writer, els: list[El], page: PageState | None, group_id: str) -> list[str]:
    """A layer as written: on a page that drew the same layer already, a ``<use>`` of it; the
    first time, in a group of its own that later plans can use."""
    lines = w.lines(els)
    if page is None or not lines:
        return lines
    segment = "\n".join(lines)
    if segment in page.backgrounds:
        return [f'<use href="#{page.backgrounds[segment]}"/>']
    page.backgrounds[segment] = group_id
    return [f'<g id="{group_id}">\n{segment}\n</g>']


def _shared_each(w: _Writer, els: list[El], page: PageState | None, id_prefix: str) -> list[str]:
    """Elements as written, each on its own (a figure): one that an earlier plan of the page
    drew exactly so (a figure standing, turned and named as it stood there) as a ``<use>`` of
    it; the others with an id that later plans can use. The rite's longest page draws half
    its figures as an earlier plan of it drew them (issue 25: every page ≤ 400 kB)."""
    if page is None:
        return w.lines(els)
    out = []
    for i, el in enumerate(els):
        segment = w.write(el)
        if segment in page.backgrounds:
            out.append(f'<use href="#{page.backgrounds[segment]}"/>')
            continue
        ident = f"{id_prefix}{i}"
        page.backgrounds[segment] = ident
        out.append(w.write(El(el.tag, [*el.attrs, ("id", ident)], el.style, el.children)))
    return out


def _attr(name: str, value: str) -> str:
    return f"{name}={quoteattr(value)}"


def el_has_id(el: El | str) -> bool:
    """Whether an element or one inside it has an id (a script may refer to it: such a
    background, the stage view's, is not shared)."""
    if isinstance(el, str):
        return False
    return any(name == "id" for name, _ in el.attrs) or any(el_has_id(c) for c in el.children)
