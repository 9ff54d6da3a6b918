"""The markup of the text's own cross-references, read with the page.

``{ref-as}`揖讓如初 <step-34>``` marks a back-reference formula and names the steps it repeats
(ids and ranges, ``<step-29..step-33 step-40>``); ``{ref-ext}`如燕 <燕禮>``` one that points to
another text. The formula keeps the markup of its words: the role's text is parsed again
(``self.inliner.parse``, which MyST's inliner and reST's both offer), so a formula whose words
are terms is written with a longer backtick fence in MyST,
``{ref-as}``{action}`揖`{action}`讓`如初 <step-34>````, and with escaped backticks in reST.
The step directive records each formula's offsets in its edited text (:func:`formulas_in`)
and the ``:explains:`` option of a commentary step (:func:`read_explains`). Whether the ids
exist and point back is known once every page is read (:mod:`.references`).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxRole

from ...core import xrefs
from ...node_edits import spans_of
from ...nodes import apparatus_ref, back_ref, step
from ...state import edition_of
from ...warnings import XsWarning, warn

#: The role as reST writes it (MyST hands roles the same form): reST's own text would have
#: dropped the escapes (``\ ``) the nested markup needs, so the inner markup is read from it.
RAW = re.compile(r"^:[\w:.-]+:`(?P<inner>.*)`$", re.S)


class FormulaRole(SphinxRole):
    """``ref-as`` (``external=False``) and ``ref-ext`` (``external=True``)."""

    def __init__(self, external: bool) -> None:
        self.external = external

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        raw = RAW.match(self.rawtext)
        source = raw["inner"].replace("\\`", "`") if raw else self.text
        formula, target = xrefs.split_target(source)
        node = back_ref(self.rawtext, "", items=[], external="", classes=["xs-xref"])
        self.set_source_info(node)
        location = self.get_location()
        if target is None:
            warn(
                f"formula {formula!r} names no referent (<step id>, <a..b>, or <other text>)",
                XsWarning.BAD_REFERENCE,
                location,
            )
        elif self.external:
            if not target:
                warn(f"formula {formula!r} names no text", XsWarning.BAD_REFERENCE, location)
            node["external"] = target
        else:
            items, problems = xrefs.parse_items(target, edition_of(self.env).step_id_pattern)
            for problem in problems:
                warn(f"formula {formula!r}: {problem}", XsWarning.BAD_REFERENCE, location)
            node["items"] = list(items) if not problems else []
        children, messages = self.inliner.parse(
            formula, self.lineno, self.inliner, self.inliner.parent
        )
        node.extend(children)
        if not node.astext().strip():
            warn("empty formula", XsWarning.BAD_REFERENCE, location)
        return [node], messages


def formulas_in(body: nodes.Element) -> tuple[xrefs.Reference, ...]:
    """The formulas of a step's text with their offsets in it (markers are not text)."""
    found = [
        xrefs.Reference(
            node.astext(), start, end, tuple(node["items"]), node["external"], node.line or 0
        )
        for node, start, end in spans_of(body, back_ref, apparatus_ref)
    ]
    return tuple(sorted(found, key=lambda r: r.start))


def read_explains(env: Any, value: str | None, location: Any) -> tuple[str, ...]:
    """A commentary step's ``:explains:``: its ids and ranges; ``("general",)`` for a general
    rule that nothing in the text answers to; ``("general", ids…)`` for a general rule and the
    steps where the text applies it."""
    if value is None:
        return ()
    words = value.split()
    general = bool(words) and words[0] == xrefs.GENERAL
    if general and len(words) == 1:
        return (xrefs.GENERAL,)
    rest = " ".join(words[1:]) if general else value
    items, problems = xrefs.parse_items(rest, edition_of(env).step_id_pattern)
    for problem in problems:
        warn(f":explains: {problem} (or say {xrefs.GENERAL})", XsWarning.BAD_REFERENCE, location)
    if problems:
        return ()
    return (xrefs.GENERAL, *items) if general else items


def check_formula_placement(app: Any, doctree: nodes.document) -> None:
    """``doctree-read``: a formula belongs to a step's text."""
    for node in doctree.findall(back_ref):
        parent = node.parent
        while parent is not None and not isinstance(parent, step):
            parent = parent.parent
        if parent is None:
            warn(
                f"formula {node.astext()!r} stands outside a step",
                XsWarning.BAD_REFERENCE,
                node,
            )


def setup_xref_roles(app: Any) -> None:
    app.add_role("ref-as", FormulaRole(external=False))
    app.add_role("ref-ext", FormulaRole(external=True))
    app.connect("doctree-read", check_formula_placement)
