"""The step, phase and translation directives, the step role, numbering and the writers."""

from __future__ import annotations

import json
import re

import pytest
from conftest import STEP_KEYS
from docutils import nodes
from ritual import nodes as xsnodes
from sphinx.testing.util import SphinxTestApp, assert_node


@pytest.mark.sphinx("html", testroot="steps")
def test_doctree_has_steps_with_text_and_translation(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    doctree = app.env.get_doctree("part")
    first, second, third = doctree.findall(xsnodes.step)
    for step, step_id in ((first, "xs-0001"), (second, "xs-0002"), (third, "xs-0003")):
        assert_node(step, xsnodes.step, ids=[step_id], step_id=step_id)
    # A step is its number, its text, and its translation.
    text = [xsnodes.step_text, nodes.paragraph]
    translation = [xsnodes.translation, nodes.paragraph]
    assert_node(first, [xsnodes.step, (xsnodes.step_number, text, translation)])
    assert first[1].astext() == "鄉射之禮。主人戒賓，賓出迎，再拜。"
    assert_node(first[2], source="base")
    assert_node(third, [xsnodes.step, (xsnodes.step_number, text, translation)])
    assert_node(third[2], source="editors")
    # No translation: the step says so.
    missing = [xsnodes.translation_missing, "譯文闕"]
    assert_node(second, [xsnodes.step, (xsnodes.step_number, text, missing)])
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
    # a term with a headword page: a link only where the reader asks (xs-reader.js adds href)
    assert '<a class="xs-term xs-role">主人</a>' in html


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
    assert list(first) == STEP_KEYS
    assert first["commentary"] == []  # an edition without commentary.tsv
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
    assert "\\xsstepnumber{1}{§1.1}" in tex  # xelatex (zh_TW): § as it is
    assert "\\xstranslationmissing{譯文闕}" in tex
    # the editors' 譯文 is labelled as theirs (the base text's is not)
    assert tex.count("\\xstranslationlabel{譯文（編者）}") == 1
    assert "\\xsterm{vessel}{\\xslemma{篚}}" in tex
    assert "\\xsappnote{篚}{" in tex
    assert (app.outdir / "ritual.sty").exists()
    # a linked step number keeps xeCJK's space from the Han around it, as a plain one has
    # (the link's macro hides the characters from xeCJK: 「第1節」 printed tight)
    link = r"\{\\hyperref\[[^]]*\]\{.*?\{1\}\}\}\}"
    assert re.search(rf"參見第\\xsecglue\{{\}}{link}\\xsecglue\{{\}}節。", tex)


@pytest.mark.sphinx("text", testroot="steps")
def test_text_output(app: SphinxTestApp) -> None:
    app.build()
    text = (app.outdir / "part.txt").read_text(encoding="utf-8")
    assert "[1]\n\n鄉射之禮。主人戒賓，賓出迎[2]，再拜。" in text
    assert "  譯文：\n\n  鄉射的禮儀：主人前往告請賓[譯1]。" in text
    assert "譯文：譯文闕" in text


def test_every_node_is_declared_once_and_has_every_visitor() -> None:
    """All the engine's nodes live in ``nodes.py`` (no module defines one of its own), and each
    has html, latex, text, man and texinfo visitors."""
    import importlib
    import pkgutil

    import ritual
    import ritual_site
    from ritual.writers import visitors

    elsewhere = []
    for package in (ritual, ritual_site):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for obj in vars(module).values():
                if (
                    isinstance(obj, type)
                    and issubclass(obj, nodes.Node)
                    and obj.__module__ == module.__name__
                    and module is not xsnodes
                ):
                    elsewhere.append(f"{module.__name__}.{obj.__name__}")
    assert elsewhere == []
    declared = {
        obj
        for obj in vars(xsnodes).values()
        if isinstance(obj, type)
        and issubclass(obj, nodes.Element)
        and obj.__module__ == xsnodes.__name__
    }
    table = visitors()
    assert declared == set(xsnodes.ALL) == set(table)
    for node, formats in table.items():
        assert set(formats) == {"html", "latex", "text", "man", "texinfo"}, node
        for fmt, (visit, _depart) in formats.items():
            assert callable(visit), (node, fmt)


@pytest.mark.parametrize("builder", ["man", "texinfo", "epub", "text", "latex"])
def test_every_builder_builds_a_page_of_steps(make_app, rootdir, tmp_path, builder) -> None:
    """Any builder runs over the edition's nodes: man and texinfo pass the text through (the
    phase's subtitle, the markers and the cite control are left out), epub is HTML."""
    import shutil

    src = tmp_path / "steps"
    shutil.copytree(rootdir / "test-steps", src)
    app = make_app(builder, srcdir=src, confoverrides={"copyright": "2026, test", "version": "0.1"})
    app.build()
    warnings = app.warning.getvalue()
    assert "WARNING" not in warnings and "ERROR" not in warnings, warnings


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
