"""Per-page HTML context: the language tag of the text."""

from __future__ import annotations

from typing import Any

from ritual.state import edition_of
from sphinx.application import Sphinx


def set_language_tag(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: tag pages with the edition's BCP 47 ``lang`` (zh-Hant, not zh-TW).

    Sphinx derives ``lang`` from ``language`` (zh_TW → zh-TW), which names a region; the text
    is Traditional Chinese wherever it is read, so the script subtag is the right one.
    """
    context["language"] = context["lang_attr"] = edition_of(app.env).lang


def setup_html_page(app: Sphinx) -> None:
    app.connect("html-page-context", set_language_tag)
