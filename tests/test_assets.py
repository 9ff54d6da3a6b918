"""Per-page assets (``assets.py``): a page links only the style sheets and scripts it uses."""

from __future__ import annotations

import re

import pytest
from ritual_site import assets
from sphinx.testing.util import SphinxTestApp

LINKED = re.compile(r'<(?:link rel="stylesheet"[^>]*href|script[^>]*src)="([^"?]+)')


def linked(app: SphinxTestApp, page: str) -> set[str]:
    html = (app.outdir / page).read_text(encoding="utf-8")
    return {href.rsplit("/", 1)[-1] for href in LINKED.findall(html)}


def test_unused_by_class_in_the_body():
    assert assets.unused("_static/sphinx-design.min.css", "<p>主人</p>")
    assert not assets.unused("sphinx-design.min.css", '<div class="sd-card sd-shadow-sm">')
    assert assets.unused("design-tabs.js", '<div class="sd-card">')
    assert not assets.unused("design-tabs.js", '<div class="sd-tab-set docutils">')
    assert assets.unused("pygments.css", '<a class="xs-highlight-ish">')
    assert not assets.unused("pygments.css", '<div class="highlight-python notranslate">')
    assert not assets.unused("furo.css", "")  # not ours to judge: always kept
    # the scripts' shared part: where the apparatus, the reader (steps) or the stage is
    for body in ('<span class="xs-lemma">', '<div class="xs-step">', '<section class="xs-stage">'):
        assert not assets.unused("_static/xs-load.js", body)
    assert assets.unused("xs-load.js", '<a class="xs-stepref">')
    assert not assets.unused("apparatus.js", '<span class="xs-ortho" data-base="於">')


@pytest.mark.sphinx("html", testroot="assets")
def test_each_page_links_what_it_uses(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    plain, cards, tabs, code = (
        linked(app, f"{p}.html") for p in ("plain", "cards", "tabs", "code")
    )
    design = next(name for name in cards if name.startswith("sphinx-design"))
    assert design not in plain and "pygments.css" not in plain and "design-tabs.js" not in plain
    assert design in cards and "design-tabs.js" not in cards
    assert design in tabs and "design-tabs.js" in tabs
    assert "pygments.css" in code and design not in code
    # Sphinx's own search scripts go only with Sphinx's search page
    assert "sphinx_highlight.js" not in plain and "translations.js" not in plain
    assert {"searchtools.js", "sphinx_highlight.js"} <= linked(app, "search.html")
    # the theme and the extension's own assets stay everywhere
    assert {"ritual.css", "documentation_options.js"} <= plain
    # and the builder's list is not touched: the next page starts from all of them
    assert "_static/pygments.css" in (app.outdir / "code.html").read_text(encoding="utf-8")


@pytest.mark.sphinx("html", testroot="assets", confoverrides={"xs_prune_assets": False})
def test_pruning_can_be_turned_off(app: SphinxTestApp) -> None:
    app.build()
    plain = linked(app, "plain.html")
    assert "pygments.css" in plain and "design-tabs.js" in plain
