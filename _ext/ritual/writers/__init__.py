"""Visitors of the engine's nodes for every output format, and their registration.

Every node of :data:`..nodes.ALL` has html, latex and text visitors (in the modules of those
names and in ``diagram_html``/``diagram_latex``), and a fallback for every other builder that
translates doctrees (``man``, ``texinfo``; epub uses the HTML visitors): the words of the text
pass through, and what only a page can show (the cite control, the search form, the stage's
controls, the apparatus markers) is left out. So any builder runs over any page.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from .. import nodes as xsnodes
from . import diagram_html, diagram_latex, html, latex, text


def _pass(self: Any, node: nodes.Node) -> None:
    pass


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


PASS = (_pass, _pass)
SKIP = (_skip, None)

#: For the other builders: pass the node's text through, or leave the node out.
OTHER = {
    "step": PASS,
    "step_text": PASS,
    "step_number": SKIP,
    "translation": PASS,
    "translation_missing": PASS,
    "doubt": PASS,
    "term_ref": PASS,
    "plain_term": PASS,
    "phase_marker": SKIP,
    "apparatus_lemma": PASS,
    "kept_form": PASS,
    "apparatus_ref": SKIP,
    "witness_form": PASS,
    "apparatus_list": SKIP,
    "diagram": PASS,  # its caption
    "stage": PASS,  # its explanation
    "pinyin_char": PASS,
    "search_box": SKIP,
    "cite_control": SKIP,
    "citation_download": PASS,
    "citation_text": PASS,
    "term_indexes": SKIP,
    "plan_list": SKIP,
    "back_ref": PASS,  # the formula's words
    "step_links": SKIP,
    "reference_list": SKIP,
    "commentary_note": SKIP,  # its words would run into the text's
}

#: The diagram and the stage keep their visitors in modules of their own.
_OWN = {
    "diagram": (diagram_html.diagram_html, diagram_latex.diagram_latex, diagram_html.diagram_text),
    "stage": (diagram_html.stage_html, diagram_latex.stage_latex, diagram_html.stage_text),
}


def visitors() -> dict[type[nodes.Node], dict[str, tuple[Any, Any]]]:
    """node class → format → (visit, depart), for every node of the engine."""
    table = {}
    for node in xsnodes.ALL:
        name = node.__name__
        h, la, t = _OWN.get(name) or (
            getattr(html, name),
            getattr(latex, name),
            getattr(text, name),
        )
        other = OTHER[name]
        table[node] = {"html": h, "latex": la, "text": t, "man": other, "texinfo": other}
    return table


def setup_writers(app: Sphinx) -> None:
    """Register every node with its visitors."""
    for node, formats in visitors().items():
        app.add_node(node, **formats)  # type: ignore[arg-type]
