"""``xs:references``: a list of the text's own cross-references, written from the domain's data.

``:::{xs:references} formulas`` lists every back-reference formula with its referents and basis;
``external`` the formulas that point to other texts; ``plain`` the occurrences the editors
decided are no formulas (a measure, another sense), with their reason; ``ties`` every
commentary step with the steps it explains. The rows are filled in once every page is read
(:func:`.references.fill_list`): nothing is written by hand.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ...domain import ListRecord, note_derived, xs_domain
from ...nodes import reference_list

PARTS = ("formulas", "external", "plain", "ties")


class ReferenceListDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        part = self.arguments[0].strip()
        if part not in PARTS:
            raise self.error(f"xs:references: {part!r} is not one of {', '.join(PARTS)}")
        node = reference_list(part=part, rows=[], words={}, classes=["xs-reflist"])
        self.set_source_info(node)
        lists = xs_domain(self.env).data.setdefault("reference_lists", {})
        lists[f"{self.env.docname}:{part}"] = ListRecord(self.env.docname, self.lineno, part)
        note_derived(self.env)
        return [node]
