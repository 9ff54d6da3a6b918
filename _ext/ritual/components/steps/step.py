"""``step``: one ritual step, with a stable id, its 原文 and, nested, its 譯文.

The body is the base text as transmitted, with its markup; the directive applies the
apparatus to it (:func:`..apparatus.placement.place_entries`) and records the step in the domain
with everything the export and the indexes need (the edited text, term offsets, the base
text), so no later phase has to walk doctrees again. Who stands where is not the page's
business: the edition's ``positions.tsv`` says it (:mod:`ritual.plan_inputs`).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from ... import nodes as xsnodes
from ...domain import PHASE_KEY, Annotation, StepRecord, xs_domain
from ...i18n import _
from ...node_edits import replace
from ...state import edition_of
from ...warnings import XsWarning, warn
from ..apparatus.placement import keep_forms, place_entries, translation_apparatus_for
from ..commentary import place_notes
from ..xrefs.roles import formulas_in, read_explains
from .markup_slips import drop_messages, literal_role_syntax, unnest_steps

SEQ_KEY = "xs:step-seq"
#: The id of the step whose content is being read (a phase directive must not stand in it).
IN_STEP_KEY = "xs:in-step"


def unescape_text(body: nodes.Element) -> None:
    """Text as written: reST keeps an escaped space (``\\ ``, needed between a role and an
    unspaced Chinese character) in its Text nodes as a null byte and the space; MyST writes no
    such thing. Offsets into a step's text must not depend on the markup it was written in."""
    for text in list(body.findall(nodes.Text)):
        plain = text.astext()
        if plain != str(text):
            replace(text, nodes.Text(plain))


def text_and_annotations(body: nodes.Element) -> tuple[str, tuple[Annotation, ...]]:
    """The body's plain text and the code-point spans of its term nodes."""
    parts: list[str] = []
    annotations: list[Annotation] = []
    offset = 0

    def walk(node: nodes.Node) -> None:
        nonlocal offset
        if isinstance(node, nodes.Text):
            parts.append(str(node))
            offset += len(node)
            return
        if isinstance(node, xsnodes.apparatus_ref):
            return  # a marker, not text
        start = offset
        for child in node.children:
            walk(child)
        if isinstance(node, xsnodes.term_ref):
            annotations.append(
                Annotation(node["kind"], node["headword"], start, offset, node["negated"])
            )

    walk(body)
    return "".join(parts), tuple(annotations)


class StepDirective(SphinxDirective):
    """``::::{xs:step} <id>`` — the body is the 原文; a nested ``translation`` its 譯文.

    ``:explains:`` makes it a commentary step (記): the steps it explains, ids and ranges, or
    ``general``."""

    required_arguments = 1
    has_content = True
    option_spec = {"explains": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        step_id = self.arguments[0].strip()
        edition = edition_of(self.env)
        if not edition.step_id_pattern.match(step_id):
            warn(
                f"step id {step_id!r} is not of the form {edition.step_id_form}",
                XsWarning.BAD_STEP_ID,
                self.get_location(),
            )
        node = xsnodes.step(step_id=step_id, ids=[step_id], classes=["xs-step"])
        self.set_source_info(node)
        # The number is this step's before its content is read: a step nested in it by a fence
        # left open must not take it.
        seq = int(self.env.current_document.get(SEQ_KEY) or 0) + 1
        self.env.current_document[SEQ_KEY] = seq
        outer = self.env.current_document.get(IN_STEP_KEY)
        self.env.current_document[IN_STEP_KEY] = step_id
        try:
            parsed = self.parse_content_to_nodes()
        finally:
            self.env.current_document[IN_STEP_KEY] = outer
        body = xsnodes.step_text()
        translations = []
        for child in parsed:
            if isinstance(child, xsnodes.translation):
                translations.append(child)
            else:
                body += child
        nested = unnest_steps(body, step_id)
        drop_messages(body, step_id, node)
        unescape_text(body)
        places, base_text = place_entries(self.env, step_id, body, node)
        kept_spans, corrections = keep_forms(self.env, step_id, body)
        text, annotations = text_and_annotations(body)
        if not text.strip():
            warn(f"step {step_id!r} has no text", XsWarning.EMPTY_STEP, node)
        literal_role_syntax(text, step_id, node)
        if len(translations) > 1:
            warn(
                f"step {step_id!r} has {len(translations)} translations; the first is kept",
                XsWarning.BAD_TRANSLATION,
                translations[1],
            )
        references = formulas_in(body)
        # Last: the notes go into the text once everything is read from it.
        notes = place_notes(self.env, step_id, body, text)
        number = xsnodes.step_number("", "", step_id=step_id)
        node += number
        node += body
        translation_places: tuple = ()
        if translations:
            translation_places, _unplaced = place_entries(
                self.env, step_id, translations[0], node, translation_apparatus_for(self.env)
            )
            node += translations[0]
            translation_text = "".join(p.astext() for p in translations[0].findall(nodes.paragraph))
            translation_source = translations[0]["source"]
        else:
            node += xsnodes.translation_missing("", _("No translation"))

            translation_text, translation_source = None, None

        phase_id = self.env.current_document.get(PHASE_KEY)
        if phase_id is None:
            warn(
                f"step {step_id!r} stands before any phase of its document",
                XsWarning.STEP_OUTSIDE_PHASE,
                node,
            )
        record = StepRecord(
            docname=self.env.docname,
            lineno=self.lineno,
            anchor=step_id,
            section=phase_id or "",
            seq=seq,
            text=text,
            translation=translation_text,
            translation_source=translation_source,
            annotations=annotations,
            base_text=base_text,
            apparatus=places,
            references=references,
            explains=read_explains(self.env, self.options.get("explains"), node),
            translation_apparatus=translation_places,
            kept=kept_spans,
            orthography=corrections,
            commentary=notes,
        )
        domain = xs_domain(self.env)
        if not domain.add_step(step_id, record, node):
            node["ids"] = []
        return [node, *nested]
