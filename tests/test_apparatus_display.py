"""The apparatus in the built edition: markers, base readings, lists, export, print."""

from __future__ import annotations

import json
import re

import pytest
from ritual import nodes as xsnodes
from sphinx.testing.util import SphinxTestApp

NC = "<!--xs:noconvert-->{}<!--/xs:noconvert-->".format


@pytest.mark.sphinx("html", testroot="steps")
def test_entries_are_placed_in_the_doctree(app: SphinxTestApp) -> None:
    app.build()
    doctree = app.env.get_doctree("part")
    lemmas = {
        n["entry_id"]: (n.astext(), n["base"])
        for n in doctree.findall(xsnodes.apparatus_lemma)
        if n["entry_id"].startswith("app-")
    }
    assert lemmas == {"app-001": ("篚", "匪"), "app-002": ("出迎", "出迎"), "app-003": ("", "一")}
    refs = [n["entry_id"] for n in doctree.findall(xsnodes.apparatus_ref)]
    assert refs == ["app-002", "tr-001", "app-003", "app-001"]
    # The marker is not text: the step's text and its term offsets are unchanged.
    step = app.env.get_domain("xs").steps["xs-0003"]
    assert step.text == "篚在其南，東肆。"
    assert step.base_text == "匪在其南，東肆。"
    assert app.env.get_domain("xs").steps["xs-0002"].base_text == "無一介。"


@pytest.mark.sphinx("html", testroot="steps")
def test_html_markers_switch_and_list(app: SphinxTestApp) -> None:
    app.build()
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert re.search(
        r'<span class="xs-lemma" data-base="匪" data-entry="app-001" data-xs-keep="">(<[^>]+>)?篚',
        html,
    )
    assert (
        '<span class="xs-lemma" data-base="一" data-entry="app-003" data-xs-keep=""></span>' in html
    )
    assert re.search(
        r'<a class="xs-app-ref" href="#app-001" id="ref-app-001" role="doc-noteref" '
        r'aria-describedby="app-001" data-entry="篚 \] 篚 叢庫；匪 底">1</a>',
        html,
    )
    # Under the phase: the list of its entries, each linking back to its marker and its step.
    assert '<li id="app-001">' in html
    assert "篚 ] 篚 叢庫；匪 底" in html
    # the lemma and readings, and the forms the note names, are never converted (zh-Hans)
    assert (
        f"{NC('篚')} ] {NC('篚')} 叢庫；{NC('匪')} 底。"
        # the statement of who reads what composed from the readings, then the reasoning
        f'<span class="xs-app-note">諸本皆作{NC("篚")}。{NC("匪")}、{NC("篚")}形近而誤。</span>'
    ) in html
    # a deletion is placed by the word before it (無下), and its empty reading is 〔無〕
    assert "無下 ] 〔無〕 叢庫；一 底" in html
    # the apparatus script comes with the pages that have markers, and only with them
    assert re.search(r'<script[^>]* src="_static/apparatus\.js', html)
    assert re.search(r'<script src="_static/xs-load\.js', html)  # what it fetches with
    index = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "xs-app-ref" not in index and "apparatus.js" not in index and "xs-load.js" not in index


@pytest.mark.sphinx("html", testroot="steps")
def test_export_offsets_and_witnesses(app: SphinxTestApp) -> None:
    app.build()
    data = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    steps = {s["id"]: s for s in data["steps"]}
    (entry,) = steps["xs-0003"]["apparatus"]
    assert entry == {
        "start": 0,
        "end": 1,
        "lemma": "篚",
        "readings": [
            {"text": "篚", "witnesses": ["叢", "庫"]},
            {"text": "匪", "witnesses": ["底"]},
        ],
        "note": "諸本皆作篚。匪、篚形近而誤。",
    }
    (deletion,) = steps["xs-0002"]["apparatus"]
    assert deletion["lemma"] == "" and deletion["start"] == deletion["end"] == 1
    assert [w["siglum"] for w in data["edition"]["witnesses"]] == ["底", "叢", "庫"]


@pytest.mark.sphinx(
    "html",
    testroot="steps",
    confoverrides={"xs_edition": "_edition-bad"},
)
def test_bad_entries_warn_with_location(app: SphinxTestApp) -> None:
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app.warning.getvalue())
    assert (
        "bad-apparatus.toml:2: WARNING: apparatus app-009 cites undeclared siglum '宋' "
        "[xs.unknown_siglum]" in warnings
    )
    assert (
        "part.md:9: WARNING: apparatus entry cannot be placed in xs-0001: app-010: context "
        "'不在[此]文' not found in the step (the base text reading '不在彼文') [xs.bad_apparatus]"
    ) in warnings
    assert (
        "bad-apparatus.toml:24: WARNING: apparatus app-011 names step 'xs-0404', which no page "
        "declares [xs.bad_apparatus]" in warnings
    )


# -- the translation's apparatus -----------------------------------------------------------------


@pytest.mark.sphinx("html", testroot="steps")
def test_translation_corrections_are_applied_marked_and_exported(app: SphinxTestApp) -> None:
    """The page holds the base 譯文 (「一賓一 」); the build prints it corrected, marks the place
    (譯1, numbered apart from the 原文's entries), lists it under the phase (譯文校記) and
    exports it with the shape of ``apparatus``, from which the base is recovered."""
    app.build()
    doctree = app.env.get_doctree("part")
    (translation,) = [n for n in doctree.findall(xsnodes.translation) if "告請" in n.astext()]
    assert "告請賓。" in translation.astext()
    (lemma,) = translation.findall(xsnodes.apparatus_lemma)
    assert (lemma.astext(), lemma["base"], lemma["entry_id"]) == ("賓", "一賓一 ", "tr-001")
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    # a filter artifact corrects the sense, not a form: a copy in another script converts its
    # entry (data-xs-convert) and its lemma (no data-xs-keep), its forms outside noconvert
    assert re.search(
        r'<a class="xs-app-ref xs-tr-ref" href="#tr-001" id="ref-tr-001" [^>]*'
        r'data-xs-convert data-entry="賓¹ \] 一賓一  底">譯1</a>',
        html,
    )
    assert re.search(r'<span class="xs-lemma" data-base="一賓一 " [^>]*data-xs-convert="">', html)
    assert '<p class="rubric">譯文校記</p>' in html
    assert html.index("校記</p>") < html.index("譯文校記</p>")  # the 原文's list first
    # 賓 occurs twice in the translation: the first is meant (賓¹)
    assert ('賓¹ ] 一賓一  底。<span class="xs-app-note">網頁過濾衍「一」及空格。</span>') in html
    data = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    step = next(s for s in data["steps"] if s["id"] == "xs-0001")
    assert step["translation"] == "鄉射的禮儀：主人前往告請賓。賓出門迎接，對主人兩拜。"
    (entry,) = step["translation_apparatus"]
    assert entry == {
        "start": 12,
        "end": 13,
        "lemma": "賓",
        "readings": [{"text": "一賓一 ", "witnesses": ["底"]}],
        "note": "網頁過濾衍「一」及空格。",
    }
    text = step["translation"]
    base = text[: entry["start"]] + entry["readings"][0]["text"] + text[entry["end"] :]
    assert base == "鄉射的禮儀：主人前往告請一賓一 。賓出門迎接，對主人兩拜。"
    assert all(s["translation_apparatus"] == [] for s in data["steps"] if s["id"] != "xs-0001")


@pytest.mark.sphinx("latex", testroot="steps")
def test_translation_corrections_in_print(app: SphinxTestApp) -> None:
    app.build()
    tex = next(app.outdir.glob("*.tex")).read_text(encoding="utf-8")
    assert "告請\\xslemma{賓}" in tex
    assert (
        "\\xstrnote{賓\\textsuperscript{1}}{\\xsrdg{一賓一 }{底}"
        "\\xsappnotesep{}網頁過濾衍「一」及空格。}"
    ) in tex


@pytest.mark.sphinx(
    "html",
    testroot="steps",
    confoverrides={"xs_edition": "_edition-bad"},
)
def test_bad_translation_entries_warn_with_location(app: SphinxTestApp) -> None:
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app.warning.getvalue())
    assert (
        "part.md:9: WARNING: translation apparatus entry cannot be placed in xs-0001: tr-001: "
        "context '不在[此]文' not found in the step" in warnings
    )
    assert (
        "bad-translation-apparatus.toml:13: WARNING: translation apparatus tr-002 names step "
        "'xs-0002', which has no translation [xs.bad_apparatus]" in warnings
    )
    assert (
        "bad-translation-apparatus.toml:22: WARNING: entry tr-003: a correction must change "
        "the text (lemma equals base) [xs.bad_apparatus]" in warnings
    )
    # a kind the edition does not declare (this one declares no [translation_apparatus]: the
    # engine's three)
    assert (
        "bad-translation-apparatus.toml:32: WARNING: entry tr-004: kind 'mistranslation' (one "
        "of filter-artifact, typo, conversion) [xs.bad_apparatus]" in warnings
    )


@pytest.mark.edition
def test_a_step_named_in_a_note_is_a_link_to_it(edition_html) -> None:
    """「xs-0026 注「三讓…」」 in a 校記's note: the id is the step's permalink, in both scripts;
    no id in any note of the lists is left unlinked."""
    linked = (
        '<a class="reference internal" href="#xs-0026" title="xs-0026">'
        '<span class="xs-stepref">xs-0026</span></a> 注「三讓'
    )
    for page in ("rite/drinking.html", "zh-Hans/rite/drinking.html"):
        html = (edition_html / page).read_text(encoding="utf-8")
        assert linked.replace("讓", "让" if page.startswith("zh-Hans") else "讓") in html, page
    unlinked = []
    for page in sorted((edition_html / "rite").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        for note in re.findall(r'<span class="xs-app-note">(.*?)</span></p>', html):
            bare = re.sub(r"<a [^>]*><span class=\"xs-stepref\">xs-\d{4}</span></a>", "", note)
            unlinked += [f"{page.name}: {m}" for m in re.findall(r"xs-\d{4}", bare)]
    assert unlinked == []
