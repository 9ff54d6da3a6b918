"""Visitors of the edition's nodes for each output format, and their registration."""

from __future__ import annotations

from sphinx.application import Sphinx

from .. import nodes as xsnodes
from . import diagram_html, diagram_latex, html, latex, text

#: Node class name -> (html, latex, text) visitor pairs, so that no node lacks a format.
VISITORS = {
    name: (getattr(html, name), getattr(latex, name), getattr(text, name))
    for name in (
        "step",
        "step_text",
        "step_number",
        "translation",
        "translation_missing",
        "doubt",
        "term_ref",
        "plain_term",
        "phase_marker",
        "apparatus_lemma",
        "apparatus_ref",
        "apparatus_list",
    )
}
#: The plans (issue 6) keep their visitors in modules of their own.
VISITORS.update(
    diagram=(diagram_html.diagram_html, diagram_latex.diagram_latex, diagram_html.diagram_text),
    stage=(diagram_html.stage_html, diagram_latex.stage_latex, diagram_html.stage_text),
)


def setup_writers(app: Sphinx) -> None:
    """Register every node with a visitor pair for html, latex and text."""
    for name, (h, la, t) in VISITORS.items():
        app.add_node(getattr(xsnodes, name), html=h, latex=la, text=t)
    for builder in ("html", "dirhtml", "singlehtml"):
        app.set_translator(builder, html.Translator)
