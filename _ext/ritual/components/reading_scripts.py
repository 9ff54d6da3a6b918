"""Reading aids of the rite's pages in the browser: which pages load which script (Sphinx glue).

Pages with steps load ``xs-reader.js`` (a copied selection without step numbers, markers and
labels; the terms as links to their headword pages only when the reader turns on 「索引連結」
(kept in ``localStorage["xs-term-links"]``), so that a tap selects and does not navigate; a
「放大」 button on each plan) and carry ``<script type="application/json" id="xs-reader">``,
which tells the cite control where the stage view is and the script where the headword pages
are (``{"stage": "../stage.html", "terms": "../terms/"}``, relative to the page, so the
Simplified copy of a page points at the Simplified stage and headword pages). What is
needed only on demand the script fetches when it is wanted: ``xs-highlight.js`` (the words of
a search hit, ``?hl=``) and ``xs-plan-zoom.js`` with its ``.css`` (the full-screen plan); so
the rite's pages, the heaviest of the site, do not carry them (page weight: HACKING.md).
"""

from __future__ import annotations

import json
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.osutil import relative_uri

from ..i18n import _
from ..nodes import step
from ..published import TERMS_FOLDER

#: The reading bar's toggle that makes the terms links (issue 25): its label and its title.
TOGGLE_WORDS = (
    ("terms", "Index links"),
    ("terms-title", "When on, a word of the text leads to its entry in the index"),
)


def stage_uri(app: Sphinx, pagename: str) -> str:
    """The stage view's page relative to ``pagename``, or "" when the site has none."""
    stages = sorted(app.env.get_domain("xs").data.get("stages", {}))
    if not stages:
        return ""
    builder = app.builder
    return relative_uri(builder.get_target_uri(pagename), builder.get_target_uri(stages[0]))


def terms_uri(app: Sphinx, pagename: str) -> str:
    """The folder of the headword pages (``terms/<kind>/<headword>``) relative to ``pagename``:
    the script makes a term a link to its page from it. A page link, so the Simplified copy's
    stays inside ``zh-Hans/``."""
    here = app.builder.get_target_uri(pagename)
    return relative_uri(here, TERMS_FOLDER + "/")


def words_template() -> str:
    """The term-links toggle's words, in the page so that the Simplified copy converts them."""
    say = "".join(f'<span data-say="{key}">{_(text)}</span>' for key, text in TOGGLE_WORDS)

    return f'<template id="xs-reader-words">{say}</template>'


def add_reader_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the reading scripts, on the pages that need them."""
    if doctree is None or app.builder.format != "html":
        return
    if any(True for _ in doctree.findall(step)):
        data = json.dumps(
            {"stage": stage_uri(app, pagename), "terms": terms_uri(app, pagename)},
            ensure_ascii=False,
        )
        context["metatags"] = (
            context.get("metatags", "")
            + f'<script type="application/json" id="xs-reader">{data}</script>\n'
            + words_template()
            + "\n"
        )
        app.add_js_file("xs-reader.js", defer="defer")


def setup_reader(app: Sphinx) -> None:
    app.connect("html-page-context", add_reader_scripts)
