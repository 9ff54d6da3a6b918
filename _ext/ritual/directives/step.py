"""``step``: one ritual step, with a stable id, its edited 原文 and, nested, its 譯文.

The directive records the step in the domain with everything the export and the indexes need
(plain text, term offsets, actors, positions), so no later phase has to walk doctrees again.
"""

from __future__ import annotations

import re

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from .. import nodes as xsnodes
from ..apparatus_sphinx import place_entries
from ..domain import Annotation, Position, StepRecord, XsDomain
from ..warnings import XsWarning, warn
from .phase import PHASE_KEY

STEP_ID = re.compile(r"^xs-\d{4}$")
SEQ_KEY = "xs:step-seq"


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


def parse_positions(value: str) -> list[tuple[str, str, str]]:
    """``主人 阼階上 西面; 賓 西階上 北面`` → ``[(role, place, facing), …]``.

    Facing may be left out (``主人 阼階上``); a malformed clause raises ValueError.
    """
    out = []
    for clause in value.split(";"):
        words = clause.split()
        if not words:
            continue
        if len(words) not in (2, 3):
            raise ValueError(f"position {clause.strip()!r}: expected 'role place [facing]'")
        role, place, facing = (*words, "")[:3]
        out.append((role, place, facing))
    return out


class StepDirective(SphinxDirective):
    """``::::{xs:step} xs-0001`` — the body is the 原文; a nested ``translation`` its 譯文."""

    required_arguments = 1
    has_content = True
    option_spec = {
        "actors": directives.unchanged,
        "positions": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        step_id = self.arguments[0].strip()
        if not STEP_ID.match(step_id):
            warn(
                f"step id {step_id!r} is not of the form xs-NNNN",
                XsWarning.BAD_STEP_ID,
                self.get_location(),
            )
        node = xsnodes.step(step_id=step_id, ids=[step_id], classes=["xs-step"])
        self.set_source_info(node)
        parsed = self.parse_content_to_nodes()
        body = xsnodes.step_text()
        translations = []
        for child in parsed:
            if isinstance(child, xsnodes.translation):
                translations.append(child)
            else:
                body += child
        text, annotations = text_and_annotations(body)
        places, base_text = place_entries(self.env, step_id, body, text, node)
        if not text.strip():
            warn(f"step {step_id!r} has no text", XsWarning.EMPTY_STEP, node)
        if len(translations) > 1:
            warn(
                f"step {step_id!r} has {len(translations)} translations; the first is kept",
                XsWarning.BAD_TRANSLATION,
                translations[1],
            )
        number = xsnodes.step_number("", "", step_id=step_id)
        node += number
        node += body
        if translations:
            node += translations[0]
            translation_text = "".join(p.astext() for p in translations[0].findall(nodes.paragraph))
            translation_source = translations[0]["source"]
        else:
            node += xsnodes.translation_missing("", "譯文闕")
            translation_text, translation_source = None, None

        phase_id = self.env.current_document.get(PHASE_KEY)
        if phase_id is None:
            warn(
                f"step {step_id!r} stands before any phase of its document",
                XsWarning.STEP_OUTSIDE_PHASE,
                node,
            )
        try:
            positions = tuple(
                Position(*p) for p in parse_positions(self.options.get("positions", ""))
            )
        except ValueError as exc:
            warn(f"step {step_id!r}: {exc}", XsWarning.BAD_POSITION, node)
            positions = ()
        seq = self.env.current_document.get(SEQ_KEY, 0) + 1
        self.env.current_document[SEQ_KEY] = seq
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
            actors=tuple(self.options.get("actors", "").split()),
            positions=positions,
            base_text=base_text,
            apparatus=places,
        )
        domain: XsDomain = self.env.get_domain("xs")  # type: ignore[assignment]
        if not domain.add_step(step_id, record, node):
            node["ids"] = []
        return [node]
