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
"""

from __future__ import annotations

import re

from sphinx.writers.latex import LaTeXTranslator

from ..core.apparatus_notes import FOLIO

#: A quotation's closing mark before the bracket and siglum of a cited page (「」（敖」).
QUOTED_SIGLUM = re.compile(r"」(?=（[^\s（）]$)")
#: A break allowed there (a placeholder until the text is escaped).
BREAK, TEX_BREAK = "\0", "\\penalty0 "


class BookTranslator(LaTeXTranslator):
    """Sphinx's LaTeX translator, with each witness's page unbreakable and tied to its siglum."""

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
