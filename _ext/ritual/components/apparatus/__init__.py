"""The apparatus in the build: the entries applied to each step, listed under the phases,
checked and exported (:mod:`.placement`), the sigla and apparatus-summary directives
(:mod:`.sigla`), the 凡例's table of declared normalisations (:mod:`.orthography_table`).
Its entries reach ``edition.json`` through :mod:`ritual.export`, which imports
:func:`.placement.export_apparatus` and its siblings."""

from __future__ import annotations

from sphinx.application import Sphinx

from .orthography_table import FormRole, OrthographyDirective
from .placement import (
    add_switch_words,
    check_entries_placed,
    check_review,
    check_sigla,
    list_phase_apparatus,
)
from .sigla import ApparatusSummaryDirective, SiglaDirective


def setup_apparatus(app: Sphinx) -> None:
    """The apparatus in the build: its data checked, its lists under the phases, its tables on
    the front matter, its entries in ``edition.json``."""
    app.add_directive_to_domain("xs", "sigla", SiglaDirective)
    app.add_directive_to_domain("xs", "apparatus-summary", ApparatusSummaryDirective)
    app.add_directive_to_domain("xs", "orthography", OrthographyDirective)
    app.add_role_to_domain("xs", "form", FormRole())
    app.connect("builder-inited", check_sigla)
    app.connect("doctree-read", list_phase_apparatus)
    app.connect("env-check-consistency", check_entries_placed)
    app.connect("env-check-consistency", check_review)
    app.connect("html-page-context", add_switch_words)
