"""Issue 15 on the built site (the browser side is tests/browser/reader.mjs): the Simplified copy
has its own converted stage data; plans and steps link to the stage; the headword pages' tables
sit in focusable regions; pages carry only the reading scripts they use. And the pure
conversion of a data script (:mod:`ritual_site.simplified_data`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import read_search_index
from opencc import OpenCC
from ritual.core import kept
from ritual_site import simplified_data as sd


def _data(path: Path) -> dict:
    _head, body = path.read_text(encoding="utf-8").split("window.XS_STAGE=", 1)
    return json.loads(body.rstrip().rstrip(";"))


def test_convert_script_converts_strings_only() -> None:
    src = '/* key 1 */\nwindow.X={"roles":["賓","眾賓"],"n":3,"u":["rite/a.html"],"賓":"賓"};\n'
    out = sd.convert_script(src, lambda s: s.replace("賓", "宾").replace("眾", "众"))
    assert out.startswith("/* key 1 */\nwindow.X={") and out.endswith("};\n")
    data = json.loads(out.split("=", 1)[1].rstrip().rstrip(";"))
    assert data == {"roles": ["宾", "众宾"], "n": 3, "u": ["rite/a.html"], "賓": "宾"}


def test_convert_script_refuses_what_it_cannot_read() -> None:
    with pytest.raises(ValueError):
        sd.convert_script("var x = 1;", str)


def test_write_copies_follows_the_original(tmp_path: Path) -> None:
    (tmp_path / "_diagrams").mkdir()
    src = tmp_path / "_diagrams" / "stage-data.js"
    src.write_text('window.XS_STAGE={"t":"鄉射"};\n', encoding="utf-8")
    done = sd.write_copies(tmp_path, "zh-Hans", lambda s: s.replace("鄉", "乡"))
    copy = tmp_path / "zh-Hans" / "_diagrams" / "stage-data.js"
    assert done == {"_diagrams/stage-data.js"}
    assert copy.read_text(encoding="utf-8") == 'window.XS_STAGE={"t":"乡射"};\n'
    src.unlink()
    assert sd.write_copies(tmp_path, "zh-Hans", str) == frozenset() and not copy.exists()


PAGE_STEP = re.compile(r'<div class="xs-step" data-step="([^"]+)"')
PAGE_TEXT = re.compile(r'<div class="xs-text"[^>]*>(.*?)</div>', re.S)
PAGE_TRANS = re.compile(r'<div class="xs-trans[" ][^>]*>(.*?)</div>', re.S)
PAGE_NOTE = re.compile(
    r'<span class="xs-zhu" id="([^"]+)"><a class="xs-zhu-mark"[^>]*>[^<]*</a>'
    r"((?:<span[^>]*>[^<]*</span>|[^<])*)</span>"
)
#: what a step's block prints beside its words: apparatus markers, labels, doubt marks, ties
PAGE_FURNITURE = re.compile(
    r'<a class="xs-app-ref[^>]*>[^<]*</a>|<span class="xs-(?:trans-label|doubt-mark)">[^<]*</span>'
    r'|<span class="xs-ties\b[^>]*>(?:<span[^>]*>[^<]*</span>|<a[^>]*>[^<]*</a>|[^<])*</span>'
)
ANY_TAG = re.compile(r"<[^>]*>")


def _page_strings(site: Path) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Each step's 原文 and translation, and each note, as the pages of ``site/rite`` print
    them (their words only)."""
    texts, trans, notes = {}, {}, {}
    for path in sorted((site / "rite").glob("*.html")):
        page = path.read_text(encoding="utf-8")
        starts = list(PAGE_STEP.finditer(page))
        for m, nxt in zip(starts, [*starts[1:], None], strict=True):
            block = page[m.end() : nxt.start() if nxt else len(page)]
            text = PAGE_TEXT.search(block).group(1)
            notes |= {nid: ANY_TAG.sub("", words) for nid, words in PAGE_NOTE.findall(text)}
            words = PAGE_FURNITURE.sub("", PAGE_NOTE.sub("", text))
            texts[m.group(1)] = ANY_TAG.sub("", words).strip()
            if (tr := PAGE_TRANS.search(block)) is not None:
                trans[m.group(1)] = ANY_TAG.sub("", PAGE_FURNITURE.sub("", tr.group(1))).strip()
    return texts, trans, notes


@pytest.mark.edition
@pytest.mark.parametrize("copy", ["", "zh-Hans"])
def test_the_data_scripts_read_as_the_pages(edition_html: Path, copy: str) -> None:
    """What the stage, the formulas' popup and the search show of a step is what its page
    prints, in both scripts: its 原文, its translation and each note of 注 (the search's
    without their punctuation). In the Simplified copy a step's strings keep what its page
    keeps, marked as the page marks them; the stage had read 「上射揖，并行」 under 「並併也」,
    and 「征召也」 beside the kept 徵 of 「徵唯所欲」."""
    site = edition_html / copy
    texts, trans, notes = _page_strings(site)
    assert len(texts) == 544 and len(notes) == 382
    stage = _data(site / "_diagrams" / "stage-data.js")
    xrefs = json.loads(
        (site / "_xrefs" / "xrefs-data.js").read_text(encoding="utf-8").split("=", 1)[1][:-2]
    )
    index = read_search_index(site / "_static")
    shown = []  # (where, what the data has, what the page prints)
    for i, step in enumerate(stage["steps"]):
        shown.append((step["id"], kept.plain(step["text"]), texts[step["id"]]))
        if step.get("tr"):
            shown.append((step["id"], kept.plain(step["tr"]), trans[step["id"]]))
        shown += [(n[0], kept.plain(n[1]), notes[n[0]]) for n in stage["zhu"].get(str(i), ())]
    shown += [(sid, kept.plain(row[1]), texts[sid]) for sid, row in xrefs["steps"].items()]
    for row in index["docs"]:
        shown.append((row[0], kept.plain(row[4]), texts[row[0]]))
        if row[5]:
            shown.append((row[0], kept.plain(row[5]), trans[row[0]]))
        shown += [(nid, kept.plain(w), re.sub(r"\W", "", notes[nid])) for nid, w in row[7]]
    assert len(shown) > 3000
    assert [(where, got, want) for where, got, want in shown if got != want] == []
    if copy:  # and what the page marks as kept, the data marks: 臺 in a translation, 徵 in a note
        step = next(s for s in stage["steps"] if s["id"] == "xs-0026")
        assert "\ue002臺\ue001" in step["tr"]
        at = [s["id"] for s in stage["steps"]].index("xs-0449")
        assert stage["zhu"][str(at)][0][1].startswith("\ue002徵\ue001召也")


@pytest.mark.edition
def test_the_simplified_stage_has_converted_data(edition_html: Path) -> None:
    trad = _data(edition_html / "_diagrams" / "stage-data.js")
    simp = _data(edition_html / "zh-Hans" / "_diagrams" / "stage-data.js")
    assert "賓" in trad["roles"] and "宾" in simp["roles"] and "賓" not in simp["roles"]
    assert len(simp["steps"]) == len(trad["steps"])
    assert [s["id"] for s in simp["steps"]] == [s["id"] for s in trad["steps"]]
    assert simp["pages"] == trad["pages"]  # URLs are left as they are
    step = next(s for s in simp["steps"] if s["id"] == "xs-0039")
    assert "宾" in step["text"] and "賓" not in step["text"] + step["tr"]
    page = (edition_html / "zh-Hans" / "stage.html").read_text(encoding="utf-8")
    assert '<script src="_diagrams/stage-data.js">' in page  # its own copy, not ../_diagrams
    assert 'data-say="step">第{n}节<' in page  # the script's words, converted with the page


@pytest.mark.edition
def test_plans_and_steps_link_to_the_stage(edition_html: Path, edition: dict) -> None:
    page = (edition_html / "rite" / "drinking.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="xs-diagram-stage" href="([^"]+)">於位次演示中看此節</a>', page)
    figures = re.findall(r'<figure class="xs-diagram" id="([^"]+)"', page)
    steps = {d["id"]: d["steps"][0] for d in edition["diagrams"]}
    assert links == [f"../stage.html#{steps[f]}" for f in figures] and links
    assert (
        '<script type="application/json" id="xs-reader">'
        '{"stage": "../stage.html", "terms": "../terms/"}' in page
    )
    assert "xs-reader.js" in page
    stage = (edition_html / "stage.html").read_text(encoding="utf-8")
    assert 'aria-label="第一節"' in stage and 'aria-label="最後一節"' in stage
    assert 'href="_static/xs-stage.css"' in stage and "xs-stage.css" not in page
    assert "xs-search.css" not in page


@pytest.mark.edition
def test_headword_tables_scroll_in_focusable_regions(edition_html: Path) -> None:
    page = (edition_html / "terms" / "role" / "主人.html").read_text(encoding="utf-8")
    for label, table in (("行止", "xs-itinerary"), ("用例", "xs-kwic")):
        assert (
            f'<div class="xs-table-scroll" tabindex="0" role="region" aria-label="{label}">'
            f'<table class="{table}">'
        ) in page


ENTRY_ITEM = re.compile(r'<li id="((?:app|tr)-\d+)"><p>(.*?)</p></li>', re.S)
FORM = re.compile(r"<!--xs:noconvert-->(.*?)<!--/xs:noconvert-->", re.S)


@pytest.mark.edition
def test_the_simplified_copy_keeps_the_witnesses_forms(edition_html: Path, edition: dict) -> None:
    """Issue 15.2: OpenCC must not touch an entry's lemma or readings (系 ] 系…；系 底): in
    every 校記 of the zh-Hans copy they read as in the Traditional page, and every reading of
    edition.json stands there as a form set apart."""
    seen: set[str] = set()
    for page in sorted((edition_html / "rite").glob("*.html")):
        trad = dict(ENTRY_ITEM.findall(page.read_text(encoding="utf-8")))
        simp = dict(
            ENTRY_ITEM.findall(
                (edition_html / "zh-Hans" / "rite" / page.name).read_text(encoding="utf-8")
            )
        )
        assert trad.keys() == simp.keys(), page.name
        for entry_id, body in trad.items():
            # each form set apart in the Traditional entry stands, as written, in the same
            # order in the copy (whose marks the conversion leaves out)
            at = 0
            for form in FORM.findall(body):
                found = simp[entry_id].find(form, at)
                assert found >= 0, (entry_id, form, simp[entry_id])
                at = found + len(form)
            assert "xs:noconvert" not in simp[entry_id]
            seen.update(FORM.findall(body))
    # the 原文's entries, and the translation's corrections of a form (kept = true: the lemma
    # and the reading it corrects are one word in Simplified, 繫 and 系); a correction of the
    # translation's sense is converted with it (tests/test_simplified.py)
    t2s = OpenCC("t2s").convert
    readings = {
        r["text"]
        for step in edition["steps"]
        for e in step["apparatus"]
        + [
            t
            for t in step["translation_apparatus"]
            if any(t2s(r["text"]) == t2s(t["lemma"]) for r in t["readings"] if r["text"])
        ]
        for r in e["readings"]
        if r["text"]
    }
    assert readings <= seen and "系" in readings
    assert len(readings) > 50  # the check ran over the real apparatus
