"""The engine's style sheets, scripts and LaTeX style file, added for the builders that use
them (as sphinx-design adds its assets): HTML builders get the CSS, the apparatus script and
``xs-load.js`` (what the apparatus, the reader and the stage scripts share: files fetched on
first use, the 「放大」 button of a plan), the LaTeX builder the style file. Scripts that only
some pages need are added by their features per page (``cite.js``, ``search.js``) or written by
the page itself (the stage). ``ritual_site.assets`` leaves each out of the pages without its
markup."""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

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


def setup_static(app: Sphinx) -> None:
    app.connect("builder-inited", add_static)
