"""``xs:indexes``: where the term indexes stand in the book.

In the site the indexes are Sphinx domain indices (``xs-vessel.html`` …) with a page per
headword; this directive's page lists them with their sizes. In print, Sphinx's domain indices
would point at headword pages that the PDF does not have, so the book prints the indexes
themselves: headwords in pinyin order with pinyin, gloss, count, and every step number as a
hyperlinked locator (macros ``xsindex``/``\\xsindexentry``/``\\xsloc`` in ``ritual.sty``).

The directive leaves a :class:`~.nodes.term_indexes` node; :class:`FillTermIndexes` puts the
concordance into it as plain data once every document is read, and the writers only write it.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from ...core import concordance
from ...core.concordance import Entry
from ...domain import note_derived, xs_domain
from ...nodes import term_indexes
from ...state import edition_of
from .indexes import build_concordance


class IndexesDirective(SphinxDirective):
    """``:::{xs:indexes}`` — no arguments, no content."""

    def run(self) -> list[term_indexes]:
        node = term_indexes(indexes=[])
        self.set_source_info(node)
        note_derived(self.env)
        return [node]


def _record(domain: Any, entry: Entry, top: bool = True) -> dict[str, Any]:
    """One line of a printed index; a headword's with all its sub-entries, at any depth, as
    the second level (:func:`.concordance.descendants`), as the site's index lists them."""
    seen: dict[str, int] = {}
    for occ in entry.all_occurrences:
        seen.setdefault(occ.step_id, occ.number)
    subs = concordance.descendants(entry) if top else []
    return {
        "term": entry.term,
        "pinyin": entry.pinyin,
        "gloss": entry.gloss_zh,
        "count": entry.count,
        "locators": [(domain.steps[sid].docname, sid, n) for sid, n in seen.items()],
        "sub": [_record(domain, sub, top=False) for sub in subs],
    }


def index_data(env: Any) -> list[dict[str, Any]]:
    """Per kind of term: its name, titles, number of headwords and of occurrences, and its
    entries grouped by initial letter."""
    entries = build_concordance(env)
    domain = xs_domain(env)
    out = []
    for kind in edition_of(env).kinds:
        top = entries[kind.name]
        out.append(
            {
                "kind": kind.name,
                "title": kind.title,
                "title_en": kind.title_en,
                "headwords": len(top),
                "occurrences": sum(e.count for e in top),
                "letters": [
                    (letter, [_record(domain, e) for e in group])
                    for letter, group in concordance.grouped(top)
                ],
            }
        )
    return out


class FillTermIndexes(SphinxPostTransform):
    """Put the concordance into each :class:`~.nodes.term_indexes` node."""

    default_priority = 200

    def run(self, **kwargs: Any) -> None:
        for node in self.document.findall(term_indexes):
            node["indexes"] = index_data(self.env)


def setup_printed_indexes(app: Sphinx) -> None:
    app.add_directive_to_domain("xs", "indexes", IndexesDirective)
    app.add_post_transform(FillTermIndexes)
