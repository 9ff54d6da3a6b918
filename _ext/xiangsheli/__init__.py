"""xiangsheli: a Sphinx extension for a critical edition of 儀禮·鄉射禮 as citable ritual steps.

``setup()`` is the registration table and nothing else; each module does one job (see
HACKING.md for the map).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from . import (
    apparatus_sphinx,
    assets,
    checks,
    citation,
    cjk,
    diagrams,
    domain,
    export,
    html_page,
    indexes,
    navigation,
    pinyin,
    printed_indexes,
    roles,
    search,
    simplified,
    sitemap,
    terms,
    transforms,
)
from .directives.phase import PhaseDirective, record_phases
from .directives.sigla import ApparatusSummaryDirective, SiglaDirective
from .directives.step import StepDirective
from .directives.translation import TranslationDirective, check_placement
from .latex import setup_latex
from .writers import setup_writers

__version__ = "0.1.0"

STATIC = Path(__file__).parent / "static"
DATA = Path(__file__).parent / "data"

#: Bump when the shape of the domain's stored data changes (forces a full re-read).
ENV_VERSION = 3


def _add_static(app: Sphinx) -> None:
    """Ship the extension's CSS/JS with HTML builders only, and its style file with LaTeX."""
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("xiangsheli.css")
        app.add_js_file("apparatus.js", defer="defer")
    elif app.builder.format == "latex":
        app.config.latex_additional_files.append(str(STATIC / "xiangsheli.sty"))
        app.add_latex_package("xiangsheli")


#: Config values naming data files: default (the extension's data) and relative-to-conf.py.
DATA_PATHS = {
    "xs_step_registry": DATA / "step-registry.tsv",
    "xs_vocabulary_dir": DATA / "vocab",
    "xs_apparatus": DATA / "apparatus.toml",
    "xs_sigla": DATA / "sigla.tsv",
}


def _resolve_data_paths(app: Sphinx, config: Any) -> None:
    """``config-inited``: data paths given in conf.py are relative to it; make them absolute."""
    for name, default in DATA_PATHS.items():
        value = config[name]
        config[name] = str(Path(app.confdir, value) if value else default)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("xs_edition_title", "儀禮·鄉射禮", "env", str)
    app.add_config_value("xs_base_text", "", "env", str)
    app.add_config_value("xs_check_registry", True, "env", bool)
    app.add_config_value("xs_html_lang", "zh-Hant", "html", str)
    for name in DATA_PATHS:
        app.add_config_value(name, "", "env", str)

    app.add_domain(domain.XsDomain)
    app.add_directive_to_domain("xs", "step", StepDirective)
    app.add_directive_to_domain("xs", "phase", PhaseDirective)
    app.add_directive_to_domain("xs", "translation", TranslationDirective)
    app.add_directive_to_domain("xs", "sigla", SiglaDirective)
    app.add_directive_to_domain("xs", "apparatus-summary", ApparatusSummaryDirective)
    app.setup_extension(f"{__name__}.directives.orthography")
    for kind in roles.TERM_KINDS:
        app.add_role(kind, roles.TermRole(kind))
    app.add_role("plain", roles.PlainRole())
    app.add_role("doubt", roles.DoubtRole())
    app.add_role("step", domain.StepXRefRole())
    for index in indexes.INDICES:
        app.add_index_to_domain("xs", index)
    printed_indexes.setup_printed_indexes(app)
    setup_latex(app)
    setup_writers(app)
    diagrams.setup_diagrams(app)
    citation.setup_citation(app)
    search.setup_search(app)
    pinyin.setup_pinyin(app)
    simplified.setup_simplified(app)
    sitemap.setup_sitemap(app)
    navigation.setup_navigation(app)
    assets.setup_assets(app)
    export.PROVIDERS.update(
        apparatus=apparatus_sphinx.export_apparatus,
        witnesses=apparatus_sphinx.export_witnesses,
        indexes=indexes.export_indexes,
    )
    app.add_transform(cjk.JoinCJKLines)
    app.add_post_transform(cjk.JoinCJKLinesAfterReferences)
    app.add_post_transform(transforms.StepNumbers)
    app.add_post_transform(transforms.PhaseNumbers)
    app.connect("doctree-resolved", indexes.link_terms)

    app.connect("config-inited", _resolve_data_paths)
    app.connect("builder-inited", _add_static)
    app.connect("builder-inited", terms.check_vocabulary)
    app.connect("builder-inited", apparatus_sphinx.check_sigla)
    app.connect("doctree-read", record_phases)
    app.connect("doctree-read", check_placement)
    app.connect("doctree-read", apparatus_sphinx.list_phase_apparatus)
    app.connect("env-updated", domain.assign_numbers)
    app.connect("env-updated", checks.load_retired)
    app.connect("env-updated", indexes.store_term_pages)
    app.connect("html-collect-pages", indexes.collect_headword_pages)
    app.connect("env-check-consistency", checks.check_registry)
    app.connect("env-check-consistency", apparatus_sphinx.check_entries_placed)
    app.connect("missing-reference", domain.warn_missing_step)
    app.connect("html-page-context", html_page.set_language_tag)
    app.connect("build-finished", export.write_edition_json)
    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
