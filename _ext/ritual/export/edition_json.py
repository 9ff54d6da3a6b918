"""``edition.json``: the machine-readable edition, written after an HTML build.

Everything comes from the domain's data (never from the written pages), so the file is the same
whether the build ran serially or in parallel, fully or incrementally. Keys and list orders are
fixed (insertion order follows the contract), so that identical sources give identical bytes.
The shape is a published contract (see the 凡例, ``source/conventions.md``, and the tests of
the file in ``tests/test_steps.py`` and ``tests/test_second_edition.py``). Its apparatus leaves
out the entries that change only punctuation (:func:`contract_view`); the TEI has them.

"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from ..components.apparatus.placement import (
    export_apparatus,
    export_translation_apparatus,
    export_witnesses,
    punctuation_places,
)
from ..components.commentary import export_commentary
from ..components.plans.diagrams import export_diagrams
from ..components.terms.indexes import export_indexes
from ..components.xrefs.references import export_references
from ..domain import xs_domain
from ..published import EDITION_JSON
from .tei import write_tei


def step_url(app: Sphinx, docname: str, anchor: str) -> str:
    return f"{app.builder.get_target_uri(docname)}#{anchor}"


def build_edition(app: Sphinx) -> dict[str, Any]:
    """The edition as a JSON-ready dict, in the contract's shape."""
    env = app.env
    domain = xs_domain(env)
    config = app.config
    numbers = domain.data["numbers"]
    # Each feature's part, from the component that owns its data (an output reads them all).
    apparatus = export_apparatus(app)
    translation_apparatus = export_translation_apparatus(app)
    witnesses = export_witnesses(app)
    references = export_references(app)
    commentary = export_commentary(app)
    no_references: dict[str, list[Any]] = {"references": [], "explains": [], "explained_by": []}
    # Steps grouped by phase in one pass (steps_of_phase per phase would sort every step once
    # per phase: quadratic in the size of the corpus, see BENCHMARKS.md).
    by_phase: dict[str, list[str]] = {}
    for step_id, rec in domain.ordered_steps():
        by_phase.setdefault(rec.section, []).append(step_id)
    sections = []
    for phase_id, phase in domain.ordered_phases():
        sections.append(
            {
                "id": phase_id,
                "number": domain.data["phase_numbers"][phase_id],
                "title": phase.title,
                "steps": by_phase.get(phase_id, []),
            }
        )
    steps = []
    for step_id, rec in domain.ordered_steps():
        steps.append(
            {
                "id": step_id,
                "number": numbers[step_id][0],
                "section": rec.section,
                "text": rec.text,
                "translation": rec.translation,
                "translation_source": rec.translation_source,
                "url": step_url(app, rec.docname, rec.anchor),
                "annotations": [
                    {"type": a.kind, "term": a.term, "start": a.start, "end": a.end}
                    | ({"negated": True} if a.negated else {})
                    for a in rec.annotations
                ],
                "apparatus": apparatus.get(step_id, []),
                "translation_apparatus": translation_apparatus.get(step_id, []),
                **references.get(step_id, no_references),
                "commentary": commentary.get(step_id, []),
            }
        )
    return {
        "edition": {
            "title": config.xs_edition_title,
            "version": config.version,
            "base_text": config.xs_base_text,
            "witnesses": witnesses,
        },
        "sections": sections,
        "steps": steps,
        "indexes": export_indexes(app),
        "diagrams": export_diagrams(app),
    }


def contract_view(
    data: dict[str, Any], withheld: dict[str, list[int]]
) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The edition as ``edition.json`` gives it: ``data`` without the apparatus entries at
    ``withheld`` (step → positions: the changes of punctuation alone, which the contract's
    comparison of the text sets aside; see :func:`.placement.punctuation_places`), and those
    entries by step."""
    if not withheld:
        return data, {}
    steps, left_out = [], {}
    for step in data["steps"]:
        at = withheld.get(step["id"])
        if at:
            entries = step["apparatus"]
            left_out[step["id"]] = [entries[i] for i in at]
            step = {**step, "apparatus": [a for i, a in enumerate(entries) if i not in at]}
        steps.append(step)
    return {**data, "steps": steps}, left_out


def write_edition_json(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: write ``edition.json`` beside the HTML pages."""
    if exception is not None or app.builder.format != "html":
        return
    data = build_edition(app)
    published, left_out = contract_view(data, punctuation_places(app))
    path = Path(app.outdir) / EDITION_JSON
    text = json.dumps(published, ensure_ascii=False, indent=1) + "\n"
    path.write_text(text, encoding="utf-8")
    # The other files made from the same records, so that nothing assembles the edition twice;
    # the TEI has every entry (those left out are described with the file's text).
    described = text
    if left_out:
        described += json.dumps(left_out, ensure_ascii=False, sort_keys=True)
    write_tei(app, data, described)


def setup_export(app: Sphinx) -> None:
    app.connect("build-finished", write_edition_json)
