"""Inline roles: the edition's term kinds and ``plain`` (a recorded non-term).

``{vessel}`觶```, ``{action}`再拜```, ``{place}`阼階 <阼階>```: the text is the surface as
printed; ``<headword>`` names the vocabulary entry when the surface differs; a leading ``!``
(``{action}`!拜```) marks a negated act (不拜). A term the base text lacks, which the apparatus
supplies, keeps its place with its headword alone (``{vessel}`<侯>```): the build puts the
supplied reading into it. MyST roles work inside unspaced Chinese text, which is why the
edition's sources are MyST.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util.docutils import SphinxRole

from ...nodes import plain_term, term_ref
from ...state import edition_of
from ...warnings import XsWarning, warn
from .kinds import vocabulary_for

EXPLICIT = re.compile(r"^(?P<surface>.*?)\s*<(?P<headword>[^<>]+)>$", re.S)


def parse_term_text(text: str) -> tuple[str, str, bool]:
    """``'!拜'`` → ``('拜', '拜', True)``; ``'賔 <賓>'`` → ``('賔', '賓', False)``."""
    negated = text.startswith("!")
    if negated:
        text = text[1:]
    match = EXPLICIT.match(text)
    if match:
        return match["surface"].strip(), match["headword"].strip(), negated
    return text.strip(), text.strip(), negated


class TermRole(SphinxRole):
    """One role per kind; the kind is the role's name."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        surface, headword, negated = parse_term_text(self.text)
        if not headword:
            warn(f"empty {self.kind} term", XsWarning.BAD_TERM, self.get_location())
            return [nodes.Text(self.text)], []
        if negated and not self._negatable():
            warn(
                f"{self.kind} {headword!r} is negated ('!'), but {self.kind} terms are never "
                f"negated (edition.toml [terms] kinds: negated = true); read as {headword!r}",
                XsWarning.BAD_TERM,
                self.get_location(),
            )
            negated = False
        known = vocabulary_for(self.env).headwords(self.kind)
        if headword not in known:
            warn(
                f"unknown {self.kind} {headword!r} (not in the {self.kind} vocabulary)",
                XsWarning.UNKNOWN_TERM,
                self.get_location(),
            )
        node = term_ref(
            self.rawtext,
            surface,
            kind=self.kind,
            headword=headword,
            negated=negated,
            classes=["xs-term", f"xs-{self.kind}"] + (["xs-negated"] if negated else []),
        )
        self.set_source_info(node)
        return [node], []

    def _negatable(self) -> bool:
        return any(k.negated for k in edition_of(self.env).kinds if k.name == self.kind)


class PlainRole(SphinxRole):
    """``{plain}`中``` — an ambiguous character that is, here, not a term."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        node = plain_term(self.rawtext, self.text, classes=["xs-plain"])
        self.set_source_info(node)
        return [node], []
