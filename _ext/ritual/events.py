"""The engine's own Sphinx events, declared once, before any feature connects to them.

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

STAGE_EXTRAS = "xs-stage-extras"


def setup_events(app: Sphinx) -> None:
    app.add_event(STAGE_EXTRAS)
