"""The book's LaTeX translator: Sphinx's, but a witness's page stays whole on its line.

A 校記 or a formula's basis cites a witness's page after its siglum: 「…也」（敖 005-33b）」.
Sphinx writes the hyphen as ``\\sphinxhyphen{}``, after which TeX may break the line, and the
book printed 「敖 005-｜33b」. Here the page goes in an ``\\mbox``, after ``\\xsfoliotie`` (the
style file's space between siglum and page: breakable in justified text, where a line before
an unbreakable unit would be spread, but not in the ragged 如初諸例 lists). The line may also
break before the bracket, after the quotation's closing mark, where xeCJK allows no break.

Every string the translator encodes (the pages' text, and the values the edition's visitors
pass to the style file's macros) goes through :meth:`BookTranslator.encode`, so this is done
once, for all of them.

A link to a page of the site that the book does not hold (the stage, the data page) prints as
its words alone: Sphinx wrote a ``\\hyperref`` to a label that no page of the book defines,
which LaTeX reports undefined and the PDF gives as a link to nowhere.
"""

from __future__ import annotations

import re
from functools import cached_property

from sphinx import addnodes
from sphinx.writers.latex import LaTeXTranslator

from ..core.apparatus_notes import FOLIO

#: A quotation's closing mark before the bracket and siglum of a cited page (「」（敖」).
QUOTED_SIGLUM = re.compile(r"」(?=（[^\s（）]$)")
#: A break allowed there (a placeholder until the text is escaped).
BREAK, TEX_BREAK = "\0", "\\penalty0 "


class BookTranslator(LaTeXTranslator):
    """Sphinx's LaTeX translator, with each witness's page unbreakable and tied to its siglum,
    and no link to a page the book does not hold."""

    @cached_property
    def held(self) -> frozenset[str]:
        """The pages the book holds: its root and every page inlined into it (a page listed
        only for the site, under ``only:: html``, is inlined and then dropped, so the
        builder's own list of documents still names it)."""
        inlined = (n["docname"] for n in self.document.findall(addnodes.start_of_file))
        return frozenset((self.document.get("docname", ""), *inlined))

    def visit_reference(self, node) -> None:
        uri = node.get("refuri", "")
        if uri.startswith("%") and uri[1:].split("#", 1)[0] not in self.held:
            self.context.append("")  # what depart_reference closes: nothing was opened
            return
        super().visit_reference(node)

    def encode(self, text: str) -> str:
        out, last = [], 0
        for m in FOLIO.finditer(text):
            space, before = m.group("space"), text[last : m.start()]
            if space:
                before = QUOTED_SIGLUM.sub("」" + BREAK, before)
            out.append(super().encode(before).replace(BREAK, TEX_BREAK))
            page = super().encode(text[m.end("space") : m.end()])
            tie = "\\xsfoliotie{}" if space and m.start() else space
            out.append(f"{tie}\\mbox{{{page}}}")
            last = m.end()
        out.append(super().encode(text[last:]))
        return "".join(out)
