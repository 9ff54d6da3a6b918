"""The steps of the rite in the build: the step, phase and translation directives, the
editors' doubt role, and the numbers filled in once every document is read."""

from __future__ import annotations

from sphinx.application import Sphinx

from .numbering import PhaseNumbers, StepNumbers
from .phase import PhaseDirective, record_phases
from .step import StepDirective
from .translation import DoubtRole, TranslationDirective, check_placement


def setup_steps(app: Sphinx) -> None:
    app.add_directive_to_domain("xs", "step", StepDirective)
    app.add_directive_to_domain("xs", "phase", PhaseDirective)
    app.add_directive_to_domain("xs", "translation", TranslationDirective)
    app.add_role("doubt", DoubtRole())
    app.add_post_transform(StepNumbers)
    app.add_post_transform(PhaseNumbers)
    app.connect("doctree-read", record_phases, priority=400)
    app.connect("doctree-read", check_placement)
