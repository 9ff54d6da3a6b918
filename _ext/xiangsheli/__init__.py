"""xiangsheli: a Sphinx extension for a critical edition of 儀禮·鄉射禮 as citable ritual steps.

``setup()`` is the registration table and nothing else; each module does one job (see
HACKING.md for the map).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from . import checks, domain, export, html_page, roles, transforms
from .directives.phase import PhaseDirective, record_phases
from .directives.step import StepDirective
from .directives.translation import TranslationDirective
from .writers import setup_writers

__version__ = "0.1.0"

STATIC = Path(__file__).parent / "static"

#: Bump when the shape of the domain's stored data changes (forces a full re-read).
ENV_VERSION = 1


def _add_static(app: Sphinx) -> None:
    """Ship the extension's CSS/JS with HTML builders only, and its style file with LaTeX."""
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("xiangsheli.css")
    elif app.builder.format == "latex":
        app.config.latex_additional_files.append(str(STATIC / "xiangsheli.sty"))
        app.add_latex_package("xiangsheli")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("xs_edition_title", "儀禮·鄉射禮", "env", str)
    app.add_config_value("xs_base_text", "", "env", str)
    app.add_config_value("xs_step_registry", "", "env", str)
    app.add_config_value("xs_check_registry", True, "env", bool)
    app.add_config_value("xs_html_lang", "zh-Hant", "html", str)

    app.add_domain(domain.XsDomain)
    app.add_directive_to_domain("xs", "step", StepDirective)
    app.add_directive_to_domain("xs", "phase", PhaseDirective)
    app.add_directive_to_domain("xs", "translation", TranslationDirective)
    for kind in roles.TERM_KINDS:
        app.add_role(kind, roles.TermRole(kind))
    app.add_role("plain", roles.PlainRole())
    app.add_role("step", domain.StepXRefRole())
    setup_writers(app)
    app.add_post_transform(transforms.StepNumbers)

    app.connect("builder-inited", _add_static)
    app.connect("doctree-read", record_phases)
    app.connect("env-updated", domain.assign_numbers)
    app.connect("env-updated", checks.load_retired)
    app.connect("env-check-consistency", checks.check_registry)
    app.connect("missing-reference", domain.warn_missing_step)
    app.connect("html-page-context", html_page.set_language_tag)
    app.connect("build-finished", export.write_edition_json)
    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
