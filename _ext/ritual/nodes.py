"""Format-neutral nodes of the edition; the writers in :mod:`.writers` give each a visitor.

Nodes carry plain attributes (strings, ints, lists) only, so doctrees pickle and the LaTeX, HTML
and text builders can each render them in their own way.
"""

from __future__ import annotations

from docutils import nodes


class step(nodes.General, nodes.Element):
    """A ritual step: ``ids`` holds its anchor, ``step_id`` its stable id.

    Its children are a :class:`step_text` (the 原文) and, optionally, a :class:`translation`.
    The display number (``number``, ``section_number``, ``index_in_section``) is filled in at
    resolve time, after the whole document set has been read.
    """


class step_text(nodes.General, nodes.Element):
    """The edited 原文 of a step (paragraphs with inline term and apparatus nodes)."""


class step_number(nodes.Inline, nodes.TextElement):
    """The step's display number, for the margin; filled in at resolve time."""


class translation(nodes.General, nodes.Element):
    """The 譯文 of a step; ``source`` is ``"base"`` (the seed's) or ``"editors"``."""


class doubt(nodes.Inline, nodes.TextElement):
    """A rendering the editors mark as uncertain (``{doubt}`…``` in an editors' translation)."""


class translation_missing(nodes.General, nodes.TextElement):
    """Says visibly that a step has no translation (譯文闕)."""


class term_ref(nodes.Inline, nodes.TextElement):
    """An occurrence of a vocabulary term: ``kind``, ``headword``, ``negated``; text = surface."""


class plain_term(nodes.Inline, nodes.TextElement):
    """An ambiguous character deliberately marked as not a term (a recorded decision)."""


class phase_marker(nodes.General, nodes.Element):
    """Marks where a phase begins (its id and English subtitle); renders the subtitle."""


class apparatus_lemma(nodes.Inline, nodes.TextElement):
    """The edited reading at an apparatus place; ``base`` holds the transmitted reading."""


class apparatus_ref(nodes.Inline, nodes.TextElement):
    """The marker after an apparatus place; ``entry`` holds the rendered entry for hover/tap."""


class apparatus_list(nodes.General, nodes.Element):
    """The apparatus of a phase, listed under it (filled in at resolve time)."""


class diagram(nodes.General, nodes.Element):
    """A plan of the hall with who stands where after a step (``xs:diagram``).

    Attributes from the directive: ``fig_id``, ``step``, ``view``, ``extra`` (list), ``title``;
    children: the caption body. Filled in at resolve time (:mod:`.diagrams`): ``label``
    (圖一 …), ``svg`` (the standalone SVG), ``figures`` (list of ``[role, place, facing]``),
    ``step_label``.
    """


class stage(nodes.General, nodes.Element):
    """The interactive stage view (``xs:stage``): ``views`` (dict view → base plan SVG) is
    filled in at resolve time; the timeline itself is written as a script at build-finished."""
