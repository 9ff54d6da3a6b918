"""The 記's ties in the build (issue 24 item 5): ``:explains:`` names the moments a commentary
step explains, ``general`` first marks a general rule (with the steps where the text applies
it, or none), and ``ties.tsv`` gives each tie's basis and note, printed in the list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp


def _build(app: SphinxTestApp) -> tuple[str, str, dict]:
    app.build()
    out = Path(app.outdir)
    ji = (out / "ji.html").read_text(encoding="utf-8")
    lst = (out / "xrefs.html").read_text(encoding="utf-8")
    data = json.loads((out / "edition.json").read_text(encoding="utf-8"))
    return ji, lst, {s["id"]: s for s in data["steps"]}


@pytest.mark.sphinx("html", testroot="ties")
def test_a_general_rule_keeps_its_label_and_its_ties(app: SphinxTestApp) -> None:
    ji, lst, steps = _build(app)
    assert "xs-" not in app._warning.getvalue()  # the pages and ties.tsv agree
    assert steps["xs-0005"]["explains"] == ["xs-0002", "xs-0003"]
    assert steps["xs-0002"]["explained_by"] == ["xs-0005"]
    assert steps["xs-0006"]["explains"] == []
    assert steps["xs-0004"]["explains"] == ["xs-0001"]
    # the step shows 通論 and the steps; the list: 通論：2至3, the basis and the note
    assert "通論·經" in ji
    assert "通論：" in lst and "通例：二獻皆用爵。" in lst
    assert "鄭注：「賓主用處士」（叢 005-32b）" in lst
    assert "君射之禮。本篇無君射之節。" in lst


@pytest.mark.sphinx("html", testroot="ties", freshenv=True)
def test_the_pages_and_the_record_must_agree(app: SphinxTestApp) -> None:
    ties = Path(app.srcdir) / "_edition" / "ties.tsv"
    ties.write_text(
        ties.read_text(encoding="utf-8").replace("xs-0004\txs-0001", "xs-0004\txs-0002"),
        encoding="utf-8",
    )
    app.build()
    warnings = app._warning.getvalue()
    assert "xs-0004 :explains: xs-0001, but ties.tsv says xs-0002" in warnings
    assert "ties.tsv:" in warnings and "[xs.bad_reference_data]" in warnings
