"""What the build derives once every document is read: one ``env-updated`` handler, whose
steps run in the order written here (each reads what the steps before it stored).

Sphinx calls :func:`derive` once reading is over, before the environment is pickled, so what
it stores in the domain's data is kept for an incremental build. Each step returns the
documents that must be written again because what it derived changed; :func:`derive` returns
them all.

1. :func:`ritual.state.forget_derived`: the data derived from the previous numbering is
   dropped (the positions replayed, the drawn plans …: :mod:`ritual.state`).
2. :func:`ritual.domain.assign_numbers`: phases and steps numbered in reading order. Every
   later step reads these numbers.
3. :func:`ritual.components.registry.load_retired`: the registry's retired ids, kept in the
   domain so that they resolve.
4. :func:`ritual.components.terms.indexes.store_term_pages`: the headword pages named (links
   from the text, the inventory and cross-references read the names).
5. :func:`ritual.components.search.rewrite_search_page`: the search page, written again in
   every build (it names the index by a checksum of the numbered steps).
6. :func:`ritual.components.xrefs.references.pages_to_rewrite`: the pages that show a formula,
   a tie or a list whose data changed.
7. :func:`ritual.components.plans.diagrams.assign_diagram_numbers`: the diagrams numbered in
   reading order (圖一 …); the positions are replayed through the numbered steps.
8. :func:`ritual.components.citation.register_step_labels`: every step also a ``std:label``
   (``第 17 節（<step id>）``), with the numbers of step 2.

This is the engine's wiring, like the table of ``ritual.setup``: it is the one module beside
it that imports several components (``tests/test_architecture.py``).
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from .components.citation import register_step_labels
from .components.plans.diagrams import assign_diagram_numbers
from .components.registry import load_retired
from .components.search import rewrite_search_page
from .components.terms.indexes import store_term_pages
from .components.xrefs.references import pages_to_rewrite
from .domain import assign_numbers
from .state import forget_derived

#: The derivations, in the order they run (see the module's docstring for why).
STEPS = (
    forget_derived,
    assign_numbers,
    load_retired,
    store_term_pages,
    rewrite_search_page,
    pages_to_rewrite,
    assign_diagram_numbers,
    register_step_labels,
)


def derive(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``: run every derivation in order; the documents to write again."""
    again: list[str] = []
    for step in STEPS:
        again.extend(step(app, env) or ())
    return again


def setup_derive(app: Sphinx) -> None:
    app.connect("env-updated", derive)
