"""Named section anchors (issue 25): a section that carries a label takes it as its anchor.

A heading in Chinese gets no id from its words (docutils keeps ASCII only), so its section is
``#id5``, numbered in the order of the page: a section inserted before it renumbers every one
after it, and a published link such as 凡例·校勘 ``conventions.html#id5`` then lands on another
section. The front matter gives each section a label (MyST ``(apparatus)=`` before the heading);
this transform makes the label the section's first id, which the table of contents, the
sidebar and every reference then use (``conventions.html#apparatus``). The numbered id stays
on the section as its second id (written as an empty ``<span id="id5">`` inside it), so the
links published before keep landing where they did.

The phases of the rite do the same with their phase ids (``ritual.components.steps.phase``).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform


def labelled_first(section: nodes.section, nameids: dict[str, Any]) -> bool:
    """Put the id of the section's first label (a name given by a target, not the title's
    own) before its other ids; whether anything moved."""
    title = section.next_node(nodes.title)
    implicit = nodes.fully_normalize_name(title.astext()) if title is not None else None
    for name in section["names"]:
        if name == implicit:
            continue
        ident = nameids.get(name)
        if ident and ident in section["ids"] and section["ids"][0] != ident:
            section["ids"].remove(ident)
            section["ids"].insert(0, ident)
            return True
        if ident and section["ids"] and section["ids"][0] == ident:
            return False
    return False


class LabelledSectionAnchors(SphinxTransform):
    """A labelled section's label is its anchor; its numbered id stays as an alias."""

    # after docutils' PropagateTargets (260), which gives the section the label's id
    default_priority = 265

    def apply(self, **kwargs: Any) -> None:
        for section in self.document.findall(nodes.section):
            labelled_first(section, self.document.nameids)


def setup_anchors(app: Sphinx) -> None:
    app.add_transform(LabelledSectionAnchors)
