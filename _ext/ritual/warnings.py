"""Every warning the extension emits: one subtype each, so users can suppress them precisely.

Warnings are logged with ``type="xs"`` and ``subtype=<member value>``; ``suppress_warnings =
["xs.unknown_term"]`` silences one kind. :func:`warn` is the one way the extension warns, so each
message carries a location (file:line) and a subtype from this list.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any

from sphinx.util import logging

from .core.datafile import Problem

logger = logging.getLogger("ritual")

WARNING_TYPE = "xs"


class XsWarning(Enum):
    """Subtypes of the ``xs`` warning type."""

    DUPLICATE_STEP = "duplicate_step"
    """Two step directives declare the same id; the second is ignored."""
    UNKNOWN_STEP = "unknown_step"
    """A step reference names an id that no step declares (and no retired id maps to); or a
    row of ``pinyin-overrides.tsv`` names such a step as its reading's context."""
    EMPTY_STEP = "empty_step"
    """A step directive has no text."""
    UNREGISTERED_STEP = "unregistered_step"
    """A step id is not listed in the step registry (data/step-registry.tsv)."""
    MISSING_STEP = "missing_step"
    """A step id the registry lists as live is declared by no page: a published step deleted
    (its display numbers and the later ones would shift without a word)."""
    STEP_MOVED = "step_moved"
    """A registered step id now carries text whose fingerprint differs from the registry's."""
    BAD_STEP_ID = "bad_step_id"
    """A step id does not have the form ``xs-NNNN``."""
    STEP_OUTSIDE_PHASE = "step_outside_phase"
    """A step stands before any phase directive of its document."""
    DUPLICATE_PHASE = "duplicate_phase"
    """Two phase directives declare the same id."""
    PHASE_WITHOUT_HEADING = "phase_without_heading"
    """A phase directive does not stand under a section heading to take its title from, or
    has no English subtitle (``:en:``; the phase is opened without one)."""
    UNKNOWN_TERM = "unknown_term"
    """A term role names a headword that its vocabulary does not list."""
    BAD_TERM = "bad_term"
    """A term role's text is malformed (empty, or a negation where the kind has none)."""
    BAD_VOCABULARY = "bad_vocabulary"
    """A vocabulary data file has a malformed or inconsistent record."""
    BAD_POSITION = "bad_position"
    """A step's ``:positions:`` names an unknown role, place or facing, or is malformed."""
    BAD_APPARATUS = "bad_apparatus"
    """An apparatus entry cannot be placed in its step (lemma or context not found, offsets
    outside the text), or names a step that does not exist; or an entry of apparatus.toml or a
    row of sigla.tsv is malformed (a field not of its TOML type, a witness cited twice: it is
    left out); or a row of the review of the base translation (``translation-review.tsv``)
    names a step no page declares, or an entry the translation apparatus does not hold for
    its step, or is at odds with itself (a changed step without its entries)."""
    BAD_ORTHOGRAPHY = "bad_orthography"
    """A place of the orthography record (orthography.tsv) does not read the record's base
    form in its step's edited text: the record is stale; the place is printed as the page has
    it."""
    UNKNOWN_SIGLUM = "unknown_siglum"
    """An apparatus reading (or a slip, or a page) cites a siglum that the sigla table does not
    declare; or a note of the commentary names as its witness, or as the witness that supplies
    a part of it, one that the sigla table does not declare."""
    BAD_DIAGRAM = "bad_diagram"
    """A diagram directive is malformed (unknown step, view or furnishing, a duplicate id)."""
    DIAGRAM_TOOL = "diagram_tool"
    """No SVG-to-PDF converter (``rsvg-convert`` or the ``cairosvg`` package) for the PDF's
    diagrams, or the conversion failed; the figure is printed as its caption and key only."""
    BAD_REGISTRY = "bad_registry"
    """A row of the step registry (data/step-registry.tsv) is malformed; it is left out."""
    NO_BASE_URL = "no_base_url"
    """``xs_base_url`` is not set: citations use relative paths, there is no canonical link
    and no sitemap (said once per HTML build)."""
    BAD_CONFIG = "bad_config"
    """A value of conf.py (``xs_*``) is not of its type or form (a release date that is not a
    date, a base URL that is not an absolute http(s) URL …): said at its line, its default is
    used."""
    BAD_EDITION = "bad_edition"
    """A value of the edition folder's data is unusable (a drawer that cannot be imported, a
    reading of ``pinyin-overrides.tsv`` for a character the text, or its step, does not hold …)."""
    BAD_TRANSLATION = "bad_translation"
    """A translation directive stands outside a step, or twice in one step; or the ``{doubt}``
    role (the editors' doubt of a rendering) is used outside a translation (its text is kept,
    plain)."""
    BAD_REFERENCE = "bad_reference"
    """A back-reference formula (``{ref-as}``, ``{ref-ext}``) or a step's ``:explains:`` is
    malformed: no target, an item that is neither a step id nor a range of them, a range that
    runs backwards, a referent that follows its formula (in a step that explains none), a
    formula outside a step, a formula that names its own step, or a step explained by a step
    that is itself explained."""
    UNKNOWN_REFERENCE = "unknown_reference"
    """A back-reference formula or a step's ``:explains:`` names an id that no step declares
    (and no retired id maps to): a dangling reference."""
    BAD_COMMENTARY = "bad_commentary"
    """A row of the edition's commentary (``commentary.tsv``) is malformed: a wrong number of
    cells, offsets that are not numbers, no id, step or text, or a header that is not the
    file's; the row is left out."""
    COMMENTARY_ANCHOR = "commentary_anchor"
    """A note of the commentary cannot stand in its step: its lemma lies outside the step's
    text, or the step no longer reads there what the row gives (the text changed since the file
    was made); the note is left out."""
    COMMENTARY_STEP = "commentary_step"
    """A note of the commentary names a step (its own, or the first of a lemma across steps)
    that no page declares; or its lemma across steps (``from``) begins in a step that is not an
    earlier one, or at an offset outside that step's text."""
    COMMENTARY_ERRATUM = "commentary_erratum"
    """A row of the commentary's errata (``commentary-errata.tsv``) cannot stand: its note is
    not in the commentary, the note does not read there what the row gives (or ``at`` is
    negative), the place lies in a part another witness supplies or overlaps an earlier row's,
    or a siglum is unknown or the note's own; the row is left out (its mark and its line of the
    凡例's list)."""
    POSITION_ZHU = "position_zhu"
    """A row of ``positions.tsv`` whose place or facing rests on the 注 quotes words that no
    note of the commentary holds on (or near) the step it names: the position cannot link to
    the 注 it rests on (said only where the edition has a commentary)."""
    BAD_REFERENCE_DATA = "bad_reference_data"
    """The edition's record of the formulas (``references.tsv``) is malformed, or does not agree
    with the pages: a formula without a row, a row whose formula no role marks, a kind that says
    otherwise than the role (external or not), a plain row whose words are not in its step."""
    # -- the strict reader of data files (datafile.py): one subtype per kind of slip ------------
    MISSING_FILE = "missing_file"
    """A data file that edition.toml declares (``[files]``) does not exist, or cannot be read;
    the build goes on without its data."""
    UNDECLARED_FILE = "undeclared_file"
    """A data file lies in the edition folder under a role's conventional name, but edition.toml
    does not declare it (``[files]``): it is read, but its loss would pass without a word (an
    undeclared role is one the edition has no data for). Declare it."""
    BAD_ENCODING = "bad_encoding"
    """A line of a data file is not UTF-8: a TSV row is not read, a TOML file is read with
    U+FFFD for the bad bytes."""
    BOM = "bom"
    """A data file begins with a byte-order mark ('UTF-8 with BOM'); it is ignored."""
    BAD_HEADER = "bad_header"
    """A TSV file's column row is not the columns its role declares (or is missing): no row of
    the file is read."""
    SHORT_ROW = "short_row"
    """A TSV row has fewer cells than the columns it needs; it is not read (never padded)."""
    LONG_ROW = "long_row"
    """A TSV row has more cells than its file's columns (a tab too many); it is not read."""
    SPACES_FOR_TABS = "spaces_for_tabs"
    """A TSV row separates its cells by spaces, not tabs; it is not read."""
    DUPLICATE_KEY = "duplicate_key"
    """A row or entry repeats the key (id, siglum, headword …) of an earlier one; the first is
    kept, the second is not read."""
    UNKNOWN_VALUE = "unknown_value"
    """A cell holds a value outside its closed list (a siglum's role, a registry status, a
    vocabulary category …); the row is not read."""
    BAD_VALUE = "bad_value"
    """A cell is not of its type (a number, a fingerprint, a key without blanks or quotation
    marks) or a required cell is empty; the row is not read."""
    BAD_TOML = "bad_toml"
    """A TOML data file does not parse (at its line): the table that holds the error is left
    out and the rest read (nothing, if nothing of it parses)."""
    UNKNOWN_KEY = "unknown_key"
    """A TOML file holds a table, key or entry field that its form does not declare (a misspelt
    key would otherwise be lost without a word); it is not used."""
    BAD_SETTING = "bad_setting"
    """An entry of setting.toml cannot be used (a place outside the plan, no warrant, an
    unknown view, a value of the wrong type); it is left out of the plans."""
    BAD_MARKUP = "bad_markup"
    """Markup that would rewrite a step's 原文: a step nested in a step (a ``::::`` fence left
    open), a phase directive inside a step (no phase is opened there), a directive that did not
    parse or a parser's message standing in a step's text, or role syntax left literal (an empty
    role, an unclosed backquote). The step's text is kept
    clean of it, and the line is named."""
    RAW_HTML = "raw_html"
    """A page holds raw HTML (``<script>``, ``<div onclick=…>``): it is never passed to the site
    or the books; it is shown as the text it is."""
    EMPTY_PHASE = "empty_phase"
    """A phase directive has no step after it before the next phase (or the page's end): it
    would be published as an empty phase."""
    REUSED_ID = "reused_id"
    """A published id that is retired is used again: a step id the registry retires declared by
    a page, an apparatus or translation-apparatus id that its file's ``retired`` list holds."""


def warn(message: str, subtype: XsWarning, location: Any) -> None:
    """Log a located, typed warning.

    ``location`` is a node, a ``(docname, line)`` pair, or ``"file:line"`` for data files
    (:func:`file_location` for a file as a whole).
    """
    logger.warning(message, type=WARNING_TYPE, subtype=subtype.value, location=location)


def file_location(file: str, line: int = 0) -> str:
    """A data file's location for Sphinx's logging: ``file:line``, or ``file:`` for the file as
    a whole (line 0). A location without a colon is taken for a document's name (Sphinx makes
    it ``<srcdir>/<name>.rst``); ``file:`` is how Sphinx itself names a node's file without a
    line (``sphinx.util.logging.get_node_location``)."""
    return f"{file}:{line}" if line else f"{file}:"


def report(problems: Iterable[Problem]) -> None:
    """Warn each problem of a data file (:class:`~.datafile.Problem`) at its file and line, under
    its own subtype."""
    for problem in problems:
        warn(problem.message, XsWarning(problem.kind), file_location(problem.file, problem.line))
