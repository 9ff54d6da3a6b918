"""One navigation tree for all generated pages of a folder.

The theme renders the whole table of contents into every page's sidebar. For a page that is not
itself in the table of contents (the 277 headword pages, the domain indices), that tree differs
only by the page's folder, which sets the relative links: nothing in it is "current". Resolving
it once per folder instead of once per page takes a third off the time of a full build
(BENCHMARKS.md). Documents keep the theme's own per-page tree.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import Any

from sphinx.application import Sphinx
from sphinx.builders import Builder

#: Rendered trees of this build, by (folder, arguments); emptied when writing starts.
_TREES: dict[tuple[str, tuple[tuple[str, Any], ...]], str] = {}


def _reset(app: Sphinx, builder: Builder) -> None:
    """``write-started``: a new build may have a new table of contents."""
    _TREES.clear()


def _shared_toctree(folder: str, toctree: Callable[..., str]) -> Callable[..., str]:
    def cached(**kwargs: Any) -> str:
        key = (folder, tuple(sorted(kwargs.items())))
        if key not in _TREES:
            _TREES[key] = toctree(**kwargs)
        return _TREES[key]

    return cached


def share_tree(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context`` (before the theme's handler): the cached tree for a page outside
    the documents."""
    if pagename in app.env.all_docs or "toctree" not in context:
        return
    context["toctree"] = _shared_toctree(posixpath.dirname(pagename), context["toctree"])


def setup_navigation(app: Sphinx) -> None:
    app.connect("write-started", _reset)
    app.connect("html-page-context", share_tree, priority=400)
