"""The engine's own Sphinx events, declared once, before any feature connects to them.

``xs-edition-loaded``
    Emitted by :func:`ritual.config.check_config` at ``config-inited``, once the values are
    checked and the edition folder read, with ``(config, edition)``: the one load of
    ``edition.toml`` before the build (the build's own is :func:`ritual.state.edition_of`).
    What must be registered before reading, from the edition, listens:
    :func:`ritual.domain.register_kinds` (a reference role per kind of term),
    :func:`ritual.components.terms.register_kinds` (a role and a domain index per kind) and
    :func:`ritual.latex.book.design_the_book` (the book's design, in the edition's language).

``xs-stage-extras``
    Emitted by :func:`ritual.components.plans.diagrams.stage_data` with the timeline's step
    ids: each feature that owns more per-step data for the stage script returns
    ``(key, data)``: ``zhu``, the commentary's notes of each step
    (:func:`ritual.components.commentary.stage_commentary`), and ``xrefs``, the formulas of
    each step and where they point (:func:`ritual.components.xrefs.references.stage_formulas`).
    The keys come in the order the listeners connect (the order of ``ritual.setup``'s table).
"""

from __future__ import annotations

from sphinx.application import Sphinx

EDITION_LOADED = "xs-edition-loaded"
STAGE_EXTRAS = "xs-stage-extras"


def setup_events(app: Sphinx) -> None:
    app.add_event(EDITION_LOADED)
    app.add_event(STAGE_EXTRAS)
