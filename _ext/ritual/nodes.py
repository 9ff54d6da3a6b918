"""Every node of the engine, format-neutral; :mod:`.writers` gives each a visitor per format.

Nodes carry plain attributes (strings, numbers, lists, dicts, and the plain dataclasses of a
drawn plan), so doctrees pickle and each builder renders them in its own way. What a node
shows is put into it by a directive or a transform; the writers only write it out.
"""

from __future__ import annotations

from docutils import nodes


class step(nodes.General, nodes.Element):
    """A ritual step: ``ids`` holds its anchor, ``step_id`` its stable id.

    Its children are a :class:`step_number`, a :class:`step_text` (the 原文) and a
    :class:`translation` or :class:`translation_missing`; the cite control is added for HTML.
    """


class step_text(nodes.General, nodes.Element):
    """The edited 原文 of a step (paragraphs with inline term and apparatus nodes)."""


class step_number(nodes.Inline, nodes.TextElement):
    """The step's display number, for the margin: ``label`` (global), ``local`` (§phase.step)
    and ``title``, filled in at resolve time once every document is read."""


class translation(nodes.General, nodes.Element):
    """The 譯文 of a step; ``source`` is ``"base"`` (the base text's) or ``"editors"``."""


class translation_missing(nodes.General, nodes.TextElement):
    """Says visibly that a step has no translation (譯文闕)."""


class doubt(nodes.Inline, nodes.TextElement):
    """A rendering the editors mark as uncertain (``{doubt}`…``` in an editors' translation)."""


class term_ref(nodes.Inline, nodes.TextElement):
    """An occurrence of a vocabulary term: ``kind``, ``headword``, ``negated``; text = surface.
    In HTML ``refuri`` (the headword page) is added at resolve time."""


class plain_term(nodes.Inline, nodes.TextElement):
    """An ambiguous character deliberately marked as not a term (a recorded decision)."""


class phase_marker(nodes.General, nodes.Element):
    """Marks where a phase begins (its id and English subtitle); renders the subtitle."""


class apparatus_lemma(nodes.Inline, nodes.TextElement):
    """The printed reading at an apparatus place; ``base`` holds the transmitted reading."""


class kept_form(nodes.Inline, nodes.TextElement):
    """A character of the text that the orthography record refers to (:mod:`.kept`): a copy
    of the page in another script prints it as the edited text does. ``base`` (optional)
    holds the base's form where the edition prints another (于 for the base's 於)."""


class apparatus_ref(nodes.Inline, nodes.TextElement):
    """The marker after an apparatus place: ``entry_id``, ``label``, the whole entry as data
    (``lemma``, ``readings``, ``note``, ``pages``) and as text (``entry_text``)."""


class witness_form(nodes.Inline, nodes.TextElement):
    """Characters as a witness or the base text writes them (an entry's lemma and readings,
    the forms a note quotes): no rendering of the site may convert them, or a 繁簡 variant
    would read 「系 ] 系 底」 in the Simplified copy."""


class apparatus_list(nodes.General, nodes.Element):
    """The apparatus of a phase (校記), listed under it; the site's, not the book's."""


class diagram(nodes.General, nodes.Element):
    """A plan of the hall with who stands where after a step (``xs:diagram``).

    Attributes from the directive: ``fig_id``, ``step``, ``view``, ``extra`` (list), ``title``;
    children: the caption body. Filled in at resolve time (:mod:`.plans.diagrams`): ``label``
    (圖一 …), ``plan`` (the drawn :class:`~.diagram.plan.Plan`), ``figures`` (list of
    ``[role, place, facing]``), ``step_label``.
    """


class stage(nodes.General, nodes.Element):
    """The interactive stage view (``xs:stage``): ``views`` (view → the base
    :class:`~.diagram.plan.Plan`), ``view_titles`` and ``steps`` (each step's id, number,
    the opening of its text and its kept forms: the list the fragments land on) are filled in
    at resolve time; the timeline itself is written as a script at build-finished."""


class pinyin_char(nodes.Inline, nodes.TextElement):
    """A rare character with its ``reading`` (pinyin), shown on hover in HTML."""


class search_box(nodes.General, nodes.Element):
    """Where the character search form and its results go (HTML); ``placeholder``."""


class cite_control(nodes.General, nodes.Element):
    """The cite control of one step (``step_id``, ``number``); HTML only."""


class citation_text(nodes.Inline, nodes.TextElement):
    """A citation as the edition gives it (a form of ``{xs:citation}``): in the script it is
    to be cited in, so a copy of the page in another script prints it as the cite control
    copies it, unconverted."""


class citation_download(nodes.Inline, nodes.TextElement):
    """A link to a file of the site's root (``xs_file``), relative to the page at write time;
    ``xs_published``: one a deployment puts there (a PDF), which an HTML build lacks."""


class plan_list(nodes.General, nodes.Element):
    """The list of the plans (圖目): replaced, once every page is read, by a list of links
    (:mod:`.plan_list`); the book has its own."""


class term_indexes(nodes.General, nodes.Element):
    """The term indexes: ``indexes`` is filled in at resolve time (:mod:`.printed_indexes`)
    with, per kind, its titles, sizes and entries; the site lists them, the book prints them."""


class back_ref(nodes.Inline, nodes.TextElement):
    """A back-reference formula in a step's text (``{ref-as}``, ``{ref-ext}``): ``items`` (the
    ids and ranges it names) or ``external`` (the other text it points to); its children are
    the formula's words with their term markup. Filled in at resolve time
    (:mod:`.xrefs.references`): ``key`` (``<step id>-<n>``, the n-th formula of its step),
    ``runs`` (runs of consecutive referents: ``step_id``, ``docname``, ``label`` 29至34,
    ``refuri`` in HTML), ``see`` (見第34節, or the other text), ``basis`` and ``note``."""


class step_links(nodes.Inline, nodes.TextElement):
    """A step's ties to the commentary: at the end of a step of the text, the commentary steps
    that explain it; in a commentary step, the steps it explains. ``kind`` (``explained_by``,
    ``explains`` or ``general``), ``label`` (the edition's word: 記, 經), ``links``
    (``step_id``, ``docname``, ``label``, ``refuri`` in HTML); put there at resolve time."""


class reference_list(nodes.General, nodes.Element):
    """Every formula of the edition with its referents and basis (``xs:references``), filled
    in at resolve time: ``formulas`` and ``plain`` (the occurrences decided not to be
    formulas, with the reason), each a list of dicts; ``ties`` (commentary step → steps)."""


class commentary_note(nodes.Inline, nodes.Element):
    """A note of the commentary printed with the text (鄭注), right after its lemma in the
    step's text: ``note_id`` (its permanent id and anchor), ``text`` (〔…〕 around a part that
    another witness supplies), ``witness``, ``pages`` and ``supplied``. It has no children, so
    that no walk over the step's text (offsets, pinyin, line breaks) meets its words."""


#: Every node of the engine, for the writers' table.
ALL = (
    step,
    step_text,
    step_number,
    translation,
    translation_missing,
    doubt,
    term_ref,
    plain_term,
    phase_marker,
    apparatus_lemma,
    kept_form,
    apparatus_ref,
    witness_form,
    apparatus_list,
    diagram,
    stage,
    pinyin_char,
    search_box,
    cite_control,
    citation_download,
    citation_text,
    term_indexes,
    plan_list,
    back_ref,
    step_links,
    reference_list,
    commentary_note,
)
