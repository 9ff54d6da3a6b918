"""``translation``: the 譯文 of the step it stands in.

``:source: base`` (the default) is the seed's modern translation; ``:source: editors`` marks a
translation supplied by the editors, so nothing the editors write passes as the base text's.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from ..nodes import translation

SOURCES = ("base", "editors")


class TranslationDirective(SphinxDirective):
    """The body is the translation text (MyST inline markup allowed)."""

    has_content = True
    option_spec = {"source": lambda arg: directives.choice(arg, SOURCES)}

    def run(self) -> list[nodes.Node]:
        if not self.content:
            raise self.error("empty translation")
        node = translation(source=self.options.get("source", "base"))
        self.set_source_info(node)
        node += self.parse_content_to_nodes()
        return [node]
