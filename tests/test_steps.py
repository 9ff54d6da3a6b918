"""The step, phase and translation directives, the step role, numbering and the writers."""

from __future__ import annotations

import json
import re

import pytest
from docutils import nodes
from ritual import nodes as xsnodes
from sphinx.testing.util import SphinxTestApp


@pytest.mark.sphinx("html", testroot="steps")
def test_doctree_has_steps_with_text_and_translation(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    doctree = app.env.get_doctree("part")
    steps = list(doctree.findall(xsnodes.step))
    assert [s["step_id"] for s in steps] == ["xs-0001", "xs-0002", "xs-0003"]
    first = steps[0]
    assert first["ids"] == ["xs-0001"]
    assert isinstance(first[0], xsnodes.step_number)
    assert isinstance(first[1], xsnodes.step_text)
    assert first[1].astext() == "鄉射之禮。主人戒賓，賓出迎，再拜。"
    assert isinstance(first[2], xsnodes.translation)
    assert first[2]["source"] == "base"
    # No translation: the step says so.
    assert isinstance(steps[1][2], xsnodes.translation_missing)
    assert steps[1][2].astext() == "譯文闕"
    terms = list(first.findall(xsnodes.term_ref))
    assert [(t["kind"], t["headword"], t.astext()) for t in terms] == [
        ("role", "主人", "主人"),
        ("action", "戒", "戒"),
        ("role", "賓", "賓"),
        ("role", "賓", "賓"),
        ("action", "再拜", "再拜"),
    ]


@pytest.mark.sphinx("html", testroot="steps")
def test_domain_numbers_phases_and_steps(app: SphinxTestApp) -> None:
    app.build()
    domain = app.env.get_domain("xs")
    assert domain.data["phase_numbers"] == {"jie-bin": 1, "chen-she": 2}
    assert domain.data["numbers"] == {
        "xs-0001": (1, 1, 1),
        "xs-0002": (2, 1, 2),
        "xs-0003": (3, 2, 1),
    }
    assert domain.phases["jie-bin"].title == "戒賓"
    assert domain.phases["jie-bin"].title_en == "Inviting the guest"
    objects = {(name, typ) for name, _d, typ, *_ in domain.get_objects()}
    assert ("xs-0001", "step") in objects
    assert ("chen-she", "phase") in objects


@pytest.mark.sphinx("html", testroot="steps")
def test_html_anchors_numbers_and_reference(app: SphinxTestApp) -> None:
    app.build()
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert 'id="xs-0001"' in html
    assert '<a class="xs-num" href="#xs-0001"' in html
    assert '<span class="xs-num-global">3</span><span class="xs-num-local">§2.1</span>' in html
    assert '<span class="xs-trans-gap" title="底本無譯文">譯文闕</span>' in html
    # The step role renders the step's display number and links to its anchor.
    assert 'href="#xs-0001"' in html
    assert '<span class="xs-stepref">1</span>' in html
    assert re.search(r'<a class="xs-term xs-role" href="[^"]+">主人</a>', html)


@pytest.mark.sphinx("html", testroot="steps")
def test_edition_json_shape(app: SphinxTestApp) -> None:
    app.build()
    data = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    assert list(data) == ["edition", "sections", "steps", "indexes", "diagrams"]
    assert set(data["edition"]) == {"title", "version", "base_text", "witnesses"}
    assert data["sections"] == [
        {"id": "jie-bin", "number": 1, "title": "戒賓", "steps": ["xs-0001", "xs-0002"]},
        {"id": "chen-she", "number": 2, "title": "陳設", "steps": ["xs-0003"]},
    ]
    first = data["steps"][0]
    assert list(first) == [
        "id",
        "number",
        "section",
        "text",
        "translation",
        "translation_source",
        "url",
        "annotations",
        "apparatus",
    ]
    assert first["url"] == "part.html#xs-0001"
    assert first["translation_source"] == "base"
    for ann in first["annotations"]:
        assert first["text"][ann["start"] : ann["end"]] == ann["term"]
    assert data["steps"][1]["translation"] is None
    assert data["steps"][1]["translation_source"] is None
    assert list(data["indexes"]) == ["vessel", "action", "role", "place"]
    (fei,) = [e for e in data["indexes"]["vessel"] if e["term"] == "篚"]
    assert fei["steps"] == ["xs-0003"] and fei["count"] == 1


@pytest.mark.sphinx("latex", testroot="steps")
def test_latex_output(app: SphinxTestApp) -> None:
    app.build()
    tex = (app.outdir / "projectnamenotset.tex").read_text(encoding="utf-8")
    assert "\\begin{xsstep}{xs-0001}" in tex
    assert "\\xsstepnumber{1}{\\S{}1.1}" in tex
    assert "\\xstranslationmissing{譯文闕}" in tex
    assert "\\xsterm{vessel}{\\xslemma{篚}}" in tex
    assert "\\xsappnote{篚}{" in tex
    assert (app.outdir / "ritual.sty").exists()


@pytest.mark.sphinx("text", testroot="steps")
def test_text_output(app: SphinxTestApp) -> None:
    app.build()
    text = (app.outdir / "part.txt").read_text(encoding="utf-8")
    assert "[1]\n\n鄉射之禮。主人戒賓，賓出迎[2]，再拜。" in text
    assert "  譯文：\n\n  鄉射的禮儀：主人前往告請賓。" in text
    assert "譯文：譯文闕" in text


def test_every_node_has_three_visitors() -> None:
    from ritual.writers import VISITORS

    declared = {
        name
        for name, obj in vars(xsnodes).items()
        if isinstance(obj, type)
        and issubclass(obj, nodes.Element)
        and obj.__module__ == xsnodes.__name__
    }
    assert declared == set(VISITORS)


@pytest.mark.sphinx("html", testroot="steps")
def test_editors_translation_with_doubt(app: SphinxTestApp) -> None:
    """An editors' translation is labelled as theirs; a doubtful rendering is marked, and its
    words stay in the translation's text (the mark is typography, not text)."""
    app.build()
    assert app.warning.getvalue() == ""
    rec = app.env.get_domain("xs").steps["xs-0003"]
    assert rec.translation_source == "editors"
    assert rec.translation == "篚放在它的南邊，頭朝東陳放。"
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert '<span class="xs-trans-label">譯文（編者）</span>' in html
    assert re.search(
        r'<span class="xs-doubt" title="編者譯文存疑">頭朝東<span class="xs-doubt-mark">？</span>'
        r"</span>",
        html,
    )
