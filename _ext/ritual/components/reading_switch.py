"""The reading switch of the rite's pages (issue 21): 經 / 經注 / 經注譯 (Sphinx glue).

The state is one attribute of the page's root, ``data-xs-reading`` (``jing``, ``jingzhu``,
``jingzhuyi``); the stylesheet (ritual.css) hides the 注 under ``jing`` and the 譯文 under all but
``jingzhuyi``. A page without the attribute is in the default state, 經注: so a reader without
scripts reads the text with its notes. A small inline script in the head sets the remembered
state (``localStorage["xs-reading"]``) before the first paint, so a reader who chose 經注譯 sees
no flash of the page without it; ``xs-reading-switch.js`` (deferred) draws the three buttons and
keeps the choice. The buttons' words are in the page (``template#xs-reading-words``), so the
Simplified copy converts them with the rest.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from ..i18n import _
from ..nodes import commentary_note, step

#: The states, in the order of the buttons: the value of ``data-xs-reading`` and its label
#: (a msgid of the catalog).
STATES = (
    ("jing", "The classic"),
    ("jingzhu", "Classic and commentary"),
    ("jingzhuyi", "Classic, commentary and translation"),
)
#: The state of a page without the attribute (the default, and the state without scripts).
DEFAULT = "jingzhu"
#: Where the choice is kept across pages and visits.
STORAGE_KEY = "xs-reading"
#: The group's name for assistive technology.
GROUP_LABEL = "What to read"

#: Sets the remembered state before the first paint; a stored value not in STATES is ignored.
EARLY = (
    "<script>try{{var r=localStorage.getItem({key!r});if({values}.indexOf(r)>=0)"
    "document.documentElement.setAttribute('data-xs-reading',r)}}catch(e){{}}</script>"
)


def words_template() -> str:
    """The buttons' words, in the page so that the Simplified copy converts them."""
    say = "".join(f'<span data-state="{value}">{_(label)}</span>' for value, label in STATES)
    return (
        f'<template id="xs-reading-words"><span data-say="label">{_(GROUP_LABEL)}</span>{say}'
        "</template>"
    )


def early_script() -> str:
    values = "[" + ",".join(f"'{value}'" for value, _ in STATES) + "]"
    return EARLY.format(key=STORAGE_KEY, values=values)


def add_reading_switch(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the switch on the pages with steps that carry 注 or 譯文."""
    if doctree is None or app.builder.format != "html":
        return
    if not any(True for _ in doctree.findall(step)):
        return
    if not any(True for _ in doctree.findall(commentary_note)):
        return
    context["metatags"] = (
        context.get("metatags", "") + early_script() + "\n" + words_template() + "\n"
    )
    app.add_js_file("xs-reading-switch.js", defer="defer")


def setup_reading_switch(app: Sphinx) -> None:
    app.connect("html-page-context", add_reading_switch)
