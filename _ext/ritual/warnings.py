"""Every warning the extension emits: one subtype each, so users can suppress them precisely.

Warnings are logged with ``type="xs"`` and ``subtype=<member value>``; ``suppress_warnings =
["xs.unknown_term"]`` silences one kind. :func:`warn` is the one way the extension warns, so each
message carries a location (file:line) and a subtype from this list.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from sphinx.util import logging

logger = logging.getLogger("ritual")

WARNING_TYPE = "xs"


class XsWarning(Enum):
    """Subtypes of the ``xs`` warning type."""

    DUPLICATE_STEP = "duplicate_step"
    """Two step directives declare the same id; the second is ignored."""
    UNKNOWN_STEP = "unknown_step"
    """A step reference names an id that no step declares (and no retired id maps to)."""
    EMPTY_STEP = "empty_step"
    """A step directive has no text."""
    UNREGISTERED_STEP = "unregistered_step"
    """A step id is not listed in the step registry (data/step-registry.tsv)."""
    STEP_MOVED = "step_moved"
    """A registered step id now carries text whose fingerprint differs from the registry's."""
    BAD_STEP_ID = "bad_step_id"
    """A step id does not have the form ``xs-NNNN``."""
    STEP_OUTSIDE_PHASE = "step_outside_phase"
    """A step stands before any phase directive of its document."""
    DUPLICATE_PHASE = "duplicate_phase"
    """Two phase directives declare the same id."""
    PHASE_WITHOUT_HEADING = "phase_without_heading"
    """A phase directive does not stand under a section heading to take its title from."""
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
    row of sigla.tsv is malformed (it is left out)."""
    UNKNOWN_SIGLUM = "unknown_siglum"
    """An apparatus reading cites a siglum that the sigla table does not declare."""
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
    BAD_EDITION = "bad_edition"
    """A value of the edition folder's data is unusable (a drawer that cannot be imported …)."""
    BAD_TRANSLATION = "bad_translation"
    """A translation directive stands outside a step, or twice in one step."""
    BAD_REFERENCE = "bad_reference"
    """A back-reference formula (``{ref-as}``, ``{ref-ext}``) or a step's ``:explains:`` is
    malformed: no target, an item that is neither a step id nor a range of them, a range that
    runs backwards, a referent that follows its formula (in a step that explains none), a
    formula outside a step, or a step explained by a step that is itself explained."""
    UNKNOWN_REFERENCE = "unknown_reference"
    """A back-reference formula or a step's ``:explains:`` names an id that no step declares
    (and no retired id maps to): a dangling reference."""
    BAD_REFERENCE_DATA = "bad_reference_data"
    """The edition's record of the formulas (``references.tsv``) is malformed, or does not agree
    with the pages: a formula without a row, a row whose formula no role marks, a kind that says
    otherwise than the role (external or not), a plain row whose words are not in its step."""
    BAD_VERTICAL = "bad_vertical"
    """The vertical book cannot place a record: a note of the 注 whose step the edition lacks
    or whose lemma is not its step's text at its offsets (the note is left out)."""


def warn(message: str, subtype: XsWarning, location: Any) -> None:
    """Log a located, typed warning.

    ``location`` is a node, a ``(docname, line)`` pair, or ``"file:line"`` for data files.
    """
    logger.warning(message, type=WARNING_TYPE, subtype=subtype.value, location=location)
