"""The engine's style sheets, scripts and LaTeX style file, added for the builders that use
them (as sphinx-design adds its assets): HTML builders get the CSS, the apparatus script and
``xs-load.js`` (what the apparatus, the reader and the stage scripts share: files fetched on
first use, the 「放大」 button of a plan), the LaTeX builder the style file. Scripts that only
some pages need are added by their features per page (``cite.js``, ``search.js``) or written by
the page itself (the stage). ``ritual_site.assets`` leaves each out of the pages without its
markup.

A page links its style sheets and scripts with their checksum (``?v=…``), written when the page
is. An incremental build writes only the pages whose sources changed, so after an edit to a
style sheet the others would keep the old checksum, and a browser the old file. The digest of
the static files (the project's ``html_static_path`` and the engine's) is therefore a
configuration value that rewrites every page when it changes (``xs_assets_digest``, set here,
as ``xs_catalog_digest`` is for the words)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

STATIC = Path(__file__).parents[1] / "static"
#: The LaTeX style file lives apart from the site's static files, so no HTML builder ships it.
LATEX = Path(__file__).parents[1] / "latex"
CSS = ("xs-diagram.css", "xs-reading.css", "ritual.css")
#: Not deferred: it runs where the theme puts the page's scripts (furo: at the end of the
#: body), so before every deferred script, and the scripts that call it are all deferred (the
#: stage's, written in its page, too). A small file (2 kB), on the pages that use it only.
SHARED_SCRIPT = "xs-load.js"
LATEX_STYLE = "ritual.sty"


def add_static(app: Sphinx) -> None:
    """``builder-inited``: the files of the builder's format."""
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))
        for name in CSS:
            app.add_css_file(name)
        app.add_js_file(SHARED_SCRIPT)
        app.add_js_file("apparatus.js", defer="defer")
    elif app.builder.format == "latex":
        app.config.latex_additional_files.append(str(LATEX / LATEX_STYLE))
        app.add_latex_package(LATEX_STYLE.removesuffix(".sty"))


def static_digest(folders: Iterable[Path]) -> str:
    """The digest of every file under ``folders`` (their paths and contents, in order)."""
    h = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
            if path.is_file():
                h.update(path.relative_to(folder).as_posix().encode() + b"\0")
                h.update(path.read_bytes())
    return h.hexdigest()[:16]


def note_assets(app: Sphinx, config: Config) -> None:
    """``config-inited``: the static files' digest among the values that rewrite every page."""
    project = [Path(app.confdir, folder) for folder in config.html_static_path]
    config.xs_assets_digest = static_digest([*project, STATIC])


def setup_static(app: Sphinx) -> None:
    app.add_config_value("xs_assets_digest", "", "html", str)
    app.connect("config-inited", note_assets)
    app.connect("builder-inited", add_static)
