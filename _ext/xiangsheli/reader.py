"""Reading aids of the rite's pages in the browser: which pages load which script (Sphinx glue).

- Pages with steps load ``xs-reader.js`` (a copied selection without step numbers, markers and
  labels; term links out of the tab order; the words a search hit was for marked on the page it
  opens) and carry ``<script type="application/json" id="xs-reader">``, which tells the cite
  control where the stage view is (``{"stage": "../stage.html"}``, relative to the page, so the
  Simplified copy of a page points at the Simplified stage).
- Pages with plans load ``xs-plan-zoom.js`` (a plan opens full screen, to zoom).

The scripts do the work; this module only decides where they are needed, so that the other
pages do not carry them (page weight: HACKING.md).
"""

from __future__ import annotations

import json
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.osutil import relative_uri

from .nodes import diagram, step


def stage_uri(app: Sphinx, pagename: str) -> str:
    """The stage view's page relative to ``pagename``, or "" when the site has none."""
    stages = sorted(app.env.get_domain("xs").data.get("stages", {}))
    if not stages:
        return ""
    builder = app.builder
    return relative_uri(builder.get_target_uri(pagename), builder.get_target_uri(stages[0]))


def add_reader_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the reading scripts, on the pages that need them."""
    if doctree is None or app.builder.format != "html":
        return
    if any(True for _ in doctree.findall(step)):
        data = json.dumps({"stage": stage_uri(app, pagename)}, ensure_ascii=False)
        context["metatags"] = (
            context.get("metatags", "")
            + f'<script type="application/json" id="xs-reader">{data}</script>\n'
        )
        app.add_js_file("xs-reader.js", defer="defer")
    if any(True for _ in doctree.findall(diagram)):
        app.add_js_file("xs-plan-zoom.js", defer="defer")


def setup_reader(app: Sphinx) -> None:
    app.connect("html-page-context", add_reader_scripts)
