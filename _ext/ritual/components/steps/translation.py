"""``translation``: the 譯文 of the step it stands in; ``{doubt}``, a rendering in it the
editors are not sure of.

``:source: base`` (the default) is the seed's modern translation; ``:source: editors`` marks a
translation supplied by the editors, so nothing the editors write passes as the base text's.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxRole

from ...nodes import doubt, step, translation
from ...warnings import XsWarning, warn

SOURCES = ("base", "editors")
#: Set while a translation's content is read: the doubt role belongs there only.
IN_TRANSLATION_KEY = "xs:in-translation"


class TranslationDirective(SphinxDirective):
    """The body is the translation text (MyST inline markup allowed)."""

    has_content = True
    option_spec = {"source": lambda arg: directives.choice(arg, SOURCES)}

    def run(self) -> list[nodes.Node]:
        if not self.content:
            raise self.error("empty translation")
        node = translation(source=self.options.get("source", "base"))
        self.set_source_info(node)
        outer = self.env.current_document.get(IN_TRANSLATION_KEY)
        self.env.current_document[IN_TRANSLATION_KEY] = True
        try:
            node += self.parse_content_to_nodes()
        finally:
            self.env.current_document[IN_TRANSLATION_KEY] = outer
        return [node]


def check_placement(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: a translation belongs to the step it stands in; warn about one that
    stands anywhere else (the step directive moves its own translation under the step node)."""
    for node in doctree.findall(translation):
        if not isinstance(node.parent, step):
            warn(
                "translation outside a step (it belongs inside one)",
                XsWarning.BAD_TRANSLATION,
                node,
            )


class DoubtRole(SphinxRole):
    """``{doubt}`…``` — a rendering the editors are not sure of (their translations only)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        if not self.env.current_document.get(IN_TRANSLATION_KEY):
            warn(
                f"{{doubt}}`{self.text}` outside a translation (it marks the editors' doubt of "
                "a rendering): its text is kept as plain text (a term wants its own role)",
                XsWarning.BAD_TRANSLATION,
                self.get_location(),
            )
            return [nodes.Text(self.text)], []
        node = doubt(self.rawtext, self.text, classes=["xs-doubt"])
        self.set_source_info(node)
        return [node], []
