"""Per-page assets: a page links only the style sheets and scripts that something on it uses.

Sphinx links every registered asset from every page. Some serve only some pages, or none:

- sphinx-design's style sheet and tab script (62 KB) style its components (cards, grids,
  buttons, tabs): the extension is loaded so that pages may use them, and a page that does
  gets them;
- Pygments' style sheet (20 KB) colours highlighted code, of which the edition has little;
- the engine's ``apparatus.js`` serves only pages with apparatus markers, and ``xs-load.js``
  only those, the pages of steps (``xs-reader.js``) and the stage;
- Sphinx's ``sphinx_highlight.js`` and ``translations.js`` (10 KB) serve Sphinx's own search
  (``searchtools.js``: the words it found, marked on the page it opens, and its messages). The
  edition's search is its own (``search.py``) and links plain step URLs.

:func:`drop_unused_assets` leaves them out of a page whose body has none of their classes. It
runs last among the ``html-page-context`` handlers, because others add per-page assets (the
cite script) and Sphinx's per-page lists are reset after each page: the handler hands the
template new, filtered lists instead of editing the builder's shared ones.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from sphinx.application import Sphinx

#: Asset basename prefix → the pattern of the markup that needs it.
NEEDS: dict[str, re.Pattern[str]] = {
    "sphinx-design": re.compile(r'class="(?:[^"]*\s)?sd-'),
    "design-tabs": re.compile(r'class="(?:[^"]*\s)?sd-tab'),
    "pygments": re.compile(r'class="(?:[^"]*\s)?highlight'),
    "sphinx_highlight": re.compile(r"searchtools\.js"),
    # the engine's apparatus script: the base-text switch and the entries of the markers
    "apparatus": re.compile(r'class="xs-(?:lemma|app-ref|ortho)'),
    # what the apparatus, the reader (on the pages of steps) and the stage scripts share
    "xs-load": re.compile(r'class="(?:[^"]*\s)?xs-(?:lemma|app-ref|ortho|step|stage)\b'),
    "translations": re.compile(r"searchtools\.js"),
}


def unused(filename: str, body: str) -> bool:
    """Whether the asset ``filename`` serves nothing in the page body ``body``."""
    name = posixpath.basename(filename)
    for prefix, pattern in NEEDS.items():
        if name.startswith(prefix):
            return not pattern.search(body)
    return False


def drop_unused_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context`` (last): leave out the assets that nothing on the page uses."""
    if not app.config.xs_prune_assets:
        return
    body = context.get("body", "")
    if templatename == "search.html":  # Sphinx's own search page: its template adds the script
        body += " searchtools.js"
    for key in ("css_files", "script_files"):
        files = context.get(key)
        if files is None:
            continue
        kept = [f for f in files if not unused(getattr(f, "filename", str(f)), body)]
        if len(kept) != len(files):
            context[key] = kept


def setup_assets(app: Sphinx) -> None:
    app.connect("html-page-context", drop_unused_assets, priority=900)
