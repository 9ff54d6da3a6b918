"""Fixes to Sphinx's HTML5 translator, for every HTML builder: two for accessibility, one for
the page's head, one for the type of headings."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

#: The 間隔號 as the edition writes it (between the names of a book and its chapter).
MIDDLE_DOT = "\u00b7"


class Translator(HTML5Translator):
    """Sphinx's HTML5 translator, with two accessibility fixes (checked by tests/test_quality.py)
    and one of the page's head, and the type of a heading's 間隔號.

    - ``role="heading"`` gets its ``aria-level``: Sphinx writes toctree captions (on the page
      and in the sidebar) as ``<p class="caption" role="heading">``; WAI-ARIA 1.2 requires
      ``aria-level`` there, and the Nu HTML Checker rejects the page without it
      (sphinx-doc/sphinx#14030). Level 2 is the level ARIA 1.1 implied, so the outline that
      screen readers expose does not change.
    - A code block's ``<pre>`` is focusable (``tabindex="0"``), so a reader without a mouse can
      scroll a line wider than the page (axe: scrollable-region-focusable).
    - One ``<meta name="viewport">`` per page, not two: docutils' HTML5 writer (0.18 on) puts
      one into the head it hands on, and Sphinx passes it through beside the theme's own
      (sphinx-doc/sphinx#11699; the themes, basic and furo alike, write theirs).
    - The 間隔號 (U+00B7, 「儀禮·某某禮」) of a heading is set full width, as Chinese type sets
      it: the serif CJK fonts of the headings give U+00B7 a narrow, proportional glyph (the
      sans of the running text a full-width one), and only their ``fwid`` feature gives the
      other. The dot alone takes it (``<span class="xs-jgh">``, the edition's CSS): set on the
      whole heading, ``fwid`` would widen its Latin letters too (「TEI P5 檔」).
    """

    def __init__(self, document, builder):
        super().__init__(document, builder)
        self.meta = [tag for tag in self.meta if 'name="viewport"' not in tag]

    def starttag(self, node, tagname, suffix="\n", empty=False, **attributes):
        if str(attributes.get("ROLE", "")).lower() == "heading":
            attributes.setdefault("aria-level", "2")
        return super().starttag(node, tagname, suffix, empty, **attributes)

    def visit_Text(self, node):
        text = node.astext()
        if MIDDLE_DOT in text and isinstance(node.parent, nodes.title):
            dot = f'<span class="xs-jgh">{MIDDLE_DOT}</span>'
            self.body.append(dot.join(self.encode(part) for part in text.split(MIDDLE_DOT)))
            return
        super().visit_Text(node)

    def visit_literal_block(self, node):
        try:
            super().visit_literal_block(node)
        except nodes.SkipNode:
            self.body[-1] = self.body[-1].replace("<pre>", '<pre tabindex="0">', 1)
            raise


def setup_translator(app: Sphinx) -> None:
    for builder in ("html", "dirhtml", "singlehtml"):
        app.set_translator(builder, Translator)
