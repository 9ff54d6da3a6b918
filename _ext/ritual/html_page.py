"""Per-page HTML context: the language tag of the text and the page's metadata."""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def set_language_tag(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: tag pages with BCP 47 ``xs_html_lang`` (zh-Hant, not zh-TW).

    Sphinx derives ``lang`` from ``language`` (zh_TW → zh-TW), which names a region; the text
    is Traditional Chinese wherever it is read, so the script subtag is the right one.
    """
    if app.config.xs_html_lang:
        context["language"] = context["lang_attr"] = app.config.xs_html_lang
