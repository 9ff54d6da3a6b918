"""``xs:indexes``: where the four term indexes stand in the book.

In the site the indexes are Sphinx domain indices (``xs-vessel.html`` …) with a page per
headword; this directive's page lists them with their sizes. In print, Sphinx's domain indices
would point at headword pages that the PDF does not have, so the directive prints the indexes
themselves: headwords in pinyin order with pinyin, gloss, count, and every step number as a
hyperlinked locator (macros ``xsindex``/``\\xsindexentry``/``\\xsloc`` in ``ritual.sty``).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from . import concordance
from .concordance import KIND_TITLES, Entry
from .indexes import build_concordance


class term_indexes(nodes.General, nodes.Element):
    """Placeholder for the four term indexes; each writer renders them from the domain."""


class IndexesDirective(SphinxDirective):
    """``:::{xs:indexes}`` — no arguments, no content."""

    def run(self) -> list[nodes.Node]:
        node = term_indexes()
        self.set_source_info(node)
        return [node]


# -- HTML: links to the domain indices ----------------------------------------------------------


def visit_html(self: Any, node: term_indexes) -> None:
    entries = build_concordance(self.builder.env)
    self.body.append('<ul class="xs-index-list">\n')
    for kind, (title, english) in KIND_TITLES.items():
        uri = self.builder.get_relative_uri(self.builder.current_docname, f"xs-{kind}")
        heads = len(entries[kind])
        count = sum(e.count for e in entries[kind])
        self.body.append(
            f'<li><a href="{uri}">{title}</a> <span lang="en">{english}</span>'
            f'<span class="xs-index-size">：{heads} 詞目，{count} 處</span></li>\n'
        )
    self.body.append("</ul>\n")
    raise nodes.SkipNode


# -- text: the index titles ----------------------------------------------------------------------


def visit_text(self: Any, node: term_indexes) -> None:
    self.new_state(0)
    self.add_text("\n".join(f"{title} ({english})" for title, english in KIND_TITLES.values()))
    self.end_state()
    raise nodes.SkipNode


# -- LaTeX: the printed indexes ------------------------------------------------------------------


def _locators(self: Any, entry: Entry, occurrences: list) -> str:
    domain = self.builder.env.get_domain("xs")
    seen: dict[str, int] = {}
    for occ in occurrences:
        seen.setdefault(occ.step_id, occ.number)
    parts = []
    for step_id, number in seen.items():
        docname = domain.steps[step_id].docname
        parts.append(f"\\xsloc{{{docname}:{step_id}}}{{{number}}}")
    return ", ".join(parts)


def _entry(self: Any, macro: str, entry: Entry) -> str:
    occurrences = entry.occurrences if entry.negated else entry.all_occurrences
    enc = self.encode
    return (
        f"\\{macro}{{{enc(entry.term)}}}{{{enc(entry.pinyin)}}}{{{enc(entry.gloss_zh)}}}"
        f"{{{len(occurrences)}}}{{{_locators(self, entry, occurrences)}}}\n"
    )


def visit_latex(self: Any, node: term_indexes) -> None:
    entries = build_concordance(self.builder.env)
    out = []
    for kind, (title, english) in KIND_TITLES.items():
        out.append(f"\\begin{{xsindex}}{{{title}}}{{{english}}}\n")
        for letter, group in concordance.grouped(entries[kind]):
            out.append(f"\\xsindexletter{{{letter}}}\n")
            for entry in group:
                out.append(_entry(self, "xsindexentry", entry))
                out += [_entry(self, "xsindexsub", sub) for sub in entry.sub]
        out.append("\\end{xsindex}\n")
    self.body.append("".join(out))
    raise nodes.SkipNode


def setup_printed_indexes(app: Sphinx) -> None:
    app.add_node(
        term_indexes,
        html=(visit_html, None),
        latex=(visit_latex, None),
        text=(visit_text, None),
    )
    app.add_directive_to_domain("xs", "indexes", IndexesDirective)
