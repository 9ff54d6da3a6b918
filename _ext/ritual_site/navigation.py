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

from ritual.state import build_state
from sphinx.application import Sphinx


def _shared_toctree(
    trees: dict[tuple[str, tuple[tuple[str, Any], ...]], str],
    folder: str,
    toctree: Callable[..., str],
) -> Callable[..., str]:
    def cached(**kwargs: Any) -> str:
        key = (folder, tuple(sorted(kwargs.items())))
        if key not in trees:
            trees[key] = toctree(**kwargs)
        return trees[key]

    return cached


def share_tree(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context`` (before the theme's handler): the cached tree for a page outside
    the documents. The trees of a build are kept in its state (one table of contents per
    build, see :mod:`ritual.state`)."""
    if pagename in app.env.all_docs or "toctree" not in context:
        return
    trees = build_state(app.env).derive("navigation-trees", dict)
    context["toctree"] = _shared_toctree(trees, posixpath.dirname(pagename), context["toctree"])


def setup_navigation(app: Sphinx) -> None:
    app.connect("html-page-context", share_tree, priority=400)
