"""``xs:plans``: the list of the plans (圖目), each by its number and title, linked to it.

The site's counterpart of the print's list of plans, which LaTeX makes from the plans' floats
(``\\xstableofcontents``): in the book the directive leaves nothing. The plans are declared on
the rite's pages, so the page that lists them is read again whenever another page changes
(:func:`~ritual.domain.note_derived`), and the list is made once every page is read.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ...domain import note_derived, xs_domain
from ...nodes import plan_list
from .diagrams import draw


class PlanListDirective(SphinxDirective):
    """``:::{xs:plans}`` — no arguments, no content."""

    def run(self) -> list[plan_list]:
        node = plan_list()
        self.set_source_info(node)
        note_derived(self.env)
        return [node]


def fill_plan_lists(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: each :class:`~.nodes.plan_list` becomes a list of the plans in
    reading order, each line the plan's number and title linked to it; in print the node stays
    and its writer prints nothing (the book lists its plans itself). An event handler rather
    than a post-transform: it needs the builder's URIs, which a transform reaches only through
    its deprecated ``app``."""
    if app.builder.format == "latex":
        return
    for node in list(doctree.findall(plan_list)):
        node.replace_self(plan_items(app, docname))


def plan_items(app: Sphinx, docname: str) -> nodes.bullet_list:
    env = app.env
    domain = xs_domain(env)
    numbers = domain.data["diagram_numbers"]
    out = nodes.bullet_list(classes=["xs-plan-list"])
    for _fid, rec in sorted(domain.data["diagrams"].items(), key=lambda kv: numbers.get(kv[0], 0)):
        drawn = draw(env, rec)
        if drawn is None:  # its step is unknown: said where it is declared
            continue
        uri = app.builder.get_relative_uri(docname, rec.docname)
        ref = nodes.reference("", "", internal=True, refuri=f"{uri}#{rec.anchor}")
        # no space between: the number's box (its style) sets the title apart
        ref += nodes.strong(drawn.label, drawn.label)
        ref += nodes.Text(drawn.title)
        out += nodes.list_item("", nodes.paragraph("", "", ref))
    return out


def setup_plan_list(app: Sphinx) -> None:
    app.add_directive_to_domain("xs", "plans", PlanListDirective)
    app.connect("doctree-resolved", fill_plan_lists)
