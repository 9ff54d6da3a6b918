"""``phase``: opens a phase of the rite under the section heading that precedes it.

The heading gives the Chinese title; the directive gives the stable id and the English
subtitle. Steps that follow, up to the next phase, belong to it. The directive cannot see its
section while MyST parses it, so the phase is recorded on ``doctree-read``
(:func:`record_phases`), once the section tree exists.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ... import nodes as xsnodes
from ...domain import PHASE_KEY, PhaseRecord, xs_domain
from ...nodes import phase_marker
from ...warnings import XsWarning, warn
from .step import IN_STEP_KEY


class PhaseDirective(SphinxDirective):
    """``:::{xs:phase} jie-bin`` with ``:en: Inviting the guest``."""

    required_arguments = 1
    has_content = False
    option_spec = {"en": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        phase_id = self.arguments[0].strip()
        in_step = self.env.current_document.get(IN_STEP_KEY)
        if in_step:
            warn(
                f"phase {phase_id!r} stands inside step {in_step!r}: a phase opens between "
                "steps (close the step's '::::' fence before it); no phase is opened here",
                XsWarning.BAD_MARKUP,
                self.get_location(),
            )
            return []
        if "en" not in self.options:
            warn(
                f"phase {phase_id!r} has no English subtitle (:en:); it is opened without one",
                XsWarning.PHASE_WITHOUT_HEADING,
                self.get_location(),
            )
        node = phase_marker(phase_id=phase_id, title_en=self.options.get("en", ""))
        self.set_source_info(node)
        self.env.current_document[PHASE_KEY] = phase_id
        return [node]


def _anchor(doctree: nodes.document, section: nodes.section, phase_id: str) -> str:
    """The phase's id becomes its section's anchor (``#jie-bin``, stable and readable, where a
    Chinese heading gets a numbered ``#id4`` that shifts when a section is added before it).
    The section keeps its other ids, so an old link to ``#id4`` still lands. An id that the
    document already gives to something else is left to it (the numbered id serves)."""
    holder = doctree.ids.get(phase_id)
    if holder is not None and holder is not section:
        return section["ids"][0]
    if phase_id not in section["ids"]:
        section["ids"].insert(0, phase_id)
        doctree.ids[phase_id] = section
    return phase_id


def warn_empty_phases(doctree: nodes.document) -> None:
    """A phase with no step before the next phase (or the page's end) would be published
    empty (a step deleted, or a phase directive left behind)."""
    order = list(doctree.findall(lambda n: isinstance(n, phase_marker | xsnodes.step)))
    for i, marker in enumerate(order):
        after = order[i + 1] if i + 1 < len(order) else None
        if isinstance(marker, phase_marker) and not isinstance(after, xsnodes.step):
            warn(
                f"phase {marker['phase_id']!r} has no step: no step follows it before "
                + ("the next phase" if after is not None else "the end of the page"),
                XsWarning.EMPTY_PHASE,
                marker,
            )


def record_phases(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: record each phase with the title and anchor of its section (before
    the table of contents is collected, so that it links to the phase's anchor)."""
    domain = xs_domain(app.env)
    warn_empty_phases(doctree)
    for seq, marker in enumerate(doctree.findall(phase_marker), start=1):
        section = marker.parent
        while section is not None and not isinstance(section, nodes.section):
            section = section.parent
        if section is None or not isinstance(section[0], nodes.title):
            warn(
                f"phase {marker['phase_id']!r} does not follow a section heading",
                XsWarning.PHASE_WITHOUT_HEADING,
                marker,
            )
            continue
        record = PhaseRecord(
            app.env.docname,
            marker.line or 0,
            _anchor(doctree, section, marker["phase_id"]),
            section[0].astext(),
            marker["title_en"],
            seq,
        )
        domain.add_phase(marker["phase_id"], record, marker)
