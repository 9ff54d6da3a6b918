"""The character search index: the pure functions, and the index of the built edition."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import read_search_index
from ritual.core import search_index as si

STEPS: list[si.StepEntry] = [
    {"id": "xs-0001", "number": 1, "url": "a.html#xs-0001", "section": "甲",
     "text": "主人阼階上拜送爵。", "translation": "主人在阼階上方拜送爵。"},
    {"id": "xs-0002", "number": 2, "url": "a.html#xs-0002", "section": "甲",
     "text": "主人坐取觶于篚。", "translation": None},
    {"id": "xs-0003", "number": 3, "url": "b.html#xs-0003", "section": "乙",
     "text": "賓西階上，拜；送。", "translation": "賓在西階上拜。"},
]  # fmt: skip
FOLD = {"階": "阶", "賓": "宾", "觶": "觯", "篚": "篚", "爵": "爵"}


def test_ngrams_stop_at_punctuation():
    assert si.ngrams("拜；送。") == {"拜", "送"}
    assert si.ngrams("阼階上") == {"阼", "階", "上", "阼階", "階上"}
    assert si.query_grams("阼階上") == ["阼階", "階上"]
    assert si.query_grams("拜；送") == ["拜", "送"]
    assert si.query_grams("。") == []


def test_safe_fold_keeps_one_to_one_changes_only():
    assert si.safe_fold({"階": "阶", "爵": "爵", "乾": "干", "x": "yz", "𠀀": "a"}) == {
        "乾": "干",
        "階": "阶",
    }


def test_index_shape_and_postings():
    index = si.build_index(STEPS, FOLD)
    assert index["fields"] == [
        "id", "number", "url", "section", "text", "translation", "base", "commentary"
    ]  # fmt: skip
    assert index["docs"][1] == [
        "xs-0002",
        2,
        "a.html#xs-0002",
        "甲",
        "主人坐取觶于篚。",
        "",
        "",
        [],
    ]
    assert index["fold"] == {"階": "阶", "賓": "宾", "觶": "觯"}
    assert index["grams"]["阼阶"] == [0]  # folded
    assert index["grams"]["阶上"] == [0, 2]
    assert index["grams"]["主人"] == [0, 1]
    assert "；" not in "".join(index["grams"])
    assert list(index["grams"]) == sorted(index["grams"])


def rows(index, query):
    return [index["docs"][row][0] for row, _hits in si.search(index, query)]


def test_search_any_character_or_phrase_in_either_script():
    index = si.build_index(STEPS, FOLD)
    assert rows(index, "觶") == ["xs-0002"]
    assert rows(index, "觯") == ["xs-0002"]
    assert rows(index, "阼階") == ["xs-0001"]
    assert rows(index, "阼阶") == ["xs-0001"]
    assert rows(index, "階上") == ["xs-0001", "xs-0003"]
    assert rows(index, "拜送") == ["xs-0001"]  # not 拜；送 of xs-0003
    assert rows(index, "拜；送") == ["xs-0003"]  # punctuation checked by substring
    assert rows(index, "送主") == []
    assert rows(index, "") == []


def test_search_reports_every_hit_in_text_and_translation():
    index = si.build_index(STEPS, FOLD)
    [(_row, hits)] = si.search(index, "阼階")
    assert hits == [("text", 2), ("translation", 3)]


def test_every_word_of_a_spaced_query_must_be_in_the_step():
    index = si.build_index(STEPS, FOLD)
    assert rows(index, "主人 爵") == ["xs-0001"]  # xs-0002 has 主人 but no 爵
    assert rows(index, "賓　拜") == ["xs-0003"]  # an ideographic space separates words too
    assert rows(index, "主人 賓") == []
    [(_row, hits)] = si.search(index, "阼 爵")
    assert hits == [("text", 2), ("text", 7), ("translation", 3), ("translation", 9)]


def test_the_base_text_is_searched_and_its_hits_are_labelled():
    steps = [{**STEPS[0], "base": "主人阼階上拜送尊。"}, {**STEPS[1], "base": STEPS[1]["text"]}]
    index = si.build_index(steps, FOLD)
    assert index["docs"][0][6] == "主人阼階上拜送尊。"
    assert index["docs"][1][6] == ""  # the same as the text: not repeated
    [(_row, hits)] = si.search(index, "送尊")
    assert hits == [("base", 6)]
    assert rows(index, "爵") == ["xs-0001"]  # the edited text still found


def test_the_notes_of_zhu_are_searched_and_each_hit_names_its_note():
    """Issue 21: a word of a note finds its step, the hit names the note (the page links to it,
    #xs-0001-z2); an n-gram does not run from one note into the next."""
    notes = [("xs-0001-z1", "主人州長也"), ("xs-0001-z2", "爵觶之屬")]
    steps = [{**STEPS[0], "commentary": notes}, STEPS[1], STEPS[2]]
    index = si.build_index(steps, {**FOLD, "長": "长", "屬": "属"})
    assert index["docs"][0][7] == [list(n) for n in notes]
    [(row, hits)] = si.search(index, "州长")  # in either script
    assert row == 0 and hits == [("commentary:xs-0001-z1", 2)]
    assert rows(index, "觶之") == ["xs-0001"]  # xs-0002 has 觶 in its text, not 觶之
    assert rows(index, "長爵") == []  # the end of one note and the start of the next
    assert "長爵" not in index["grams"] and "长爵" not in index["grams"]
    # the words of a query may be in the text and in a note
    [(_row, hits)] = si.search(index, "拜送 屬")
    assert hits == [("text", 5), ("translation", 7), ("commentary:xs-0001-z2", 3)]
    assert rows(index, "主人") == ["xs-0001", "xs-0002"]


def test_a_step_number_or_id_names_the_step():
    index = si.build_index(STEPS, FOLD)
    for query in ("2", "第2節", "第 2 节", "xs-0002", "XS-0002", " xs-0002 ", "xs2", "xs0002"):
        assert si.step_for(index, query) == 1, query
    assert si.step_for(index, "9") is None
    assert si.step_for(index, "ab-0002") is None  # another edition's prefix
    assert si.step_for(index, "觶") is None


def test_a_retired_id_names_the_step_that_holds_its_text():
    """The search page offers 「xs-0300」 as an example; that id was retired into xs-0546. A
    retired id, as its links do, names the step that holds its text now."""
    index = si.build_index(STEPS, FOLD, retired={"xs-0300": "xs-0003"})
    head, grams, texts = si.split_index(index, shards=3, chunk=2)
    assert head["retired"] == {"xs-0300": "xs-0003"}
    joined = si.join_index(head, grams, texts)
    for query in ("xs-0300", "xs300", "XS-0300"):
        assert si.step_for(joined, query) == 2, query
    assert si.step_for(joined, "300") is None  # a display number is not an id
    assert si.step_for(si.build_index(STEPS, FOLD), "xs-0300") is None


@pytest.mark.edition
def test_the_search_pages_example_ids_find_their_step(edition_html: Path) -> None:
    index = read_search_index(edition_html / "_static")
    assert index["retired"]["xs-0300"] == index["retired"]["xs-0301"] == "xs-0546"
    row = si.step_for(index, "xs-0300")
    assert row is not None and index["docs"][row][0] == "xs-0546"
    page = (edition_html / "search.html").read_text(encoding="utf-8")
    assert "xs-0300" in page  # the page's own example


def test_variant_forms_fold_to_the_standard_forms():
    from ritual.components.search import fold_table
    from ritual.core.datafile import read_tsv
    from ritual.core.edition import ROLES
    from ritual.core.orthography import variant_pairs

    form = ROLES["variants"].form
    pairs = variant_pairs(
        read_tsv(Path(__file__).parents[1] / "source" / "_edition" / "variants.tsv", form)
    )
    assert pairs["衆"] == "眾" and pairs["賔"] == "賓"
    fold = fold_table(STEPS, pairs)
    assert si.fold_text("衆賔", fold) == si.fold_text("眾賓", fold) == "众宾"
    index = si.build_index(STEPS, fold)
    assert rows(index, "賔") == rows(index, "賓") == ["xs-0003"]


def test_dumps_js_is_a_compact_script():
    js = si.dumps_js(si.build_index(STEPS, FOLD))
    assert js.startswith("window.XS_SEARCH_INDEX={") and js.endswith("};\n")
    assert json.loads(js[len("window.XS_SEARCH_INDEX=") : -2])["version"] == si.FORMAT_VERSION
    assert si.dumps_js([1], "XS_SEARCH_G03") == "window.XS_SEARCH_G03=[1];\n"


def test_the_parts_put_together_are_the_index():
    """Issue 25: the index is published in parts (the head, shards of postings, chunks of
    texts); put together they are the index, every n-gram in the shard the page looks in."""
    index = si.build_index(STEPS, FOLD)
    head, grams, texts = si.split_index(index, shards=3, chunk=2)
    assert si.join_index(head, grams, texts) == index
    assert "docs" not in head and "grams" not in head
    assert head["steps"] == [row[: si.HEAD_FIELDS] for row in index["docs"]]
    assert len(texts) == -(-len(STEPS) // 2) and all(len(t) <= 2 for t in texts)
    for k, shard in enumerate(grams):
        assert all(ord(g[0]) % 3 == k for g in shard)
    assert si.search(si.join_index(head, grams, texts), "阼階") == si.search(index, "阼階")


# -- the built edition ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built_index(edition_html: Path) -> dict:
    return read_search_index(edition_html / "_static")


@pytest.mark.edition
def test_index_is_small(edition_html: Path):
    """The whole index stays under 1 MB; the head the search page loads is small (the page with
    its CSS and JS ≤ 400 kB: tools/bench.py), and so is each part a query fetches."""
    static = edition_html / "_static"
    parts = sorted(static.glob("xs-search-*.js"))
    assert sum(p.stat().st_size for p in parts) <= 1_000_000
    assert (static / "xs-search-index.js").stat().st_size <= 60_000
    assert max(p.stat().st_size for p in parts if p.name != "xs-search-index.js") <= 40_000


@pytest.mark.edition
@pytest.mark.parametrize("query", ["觶", "阼階", "拜送", "阼", "笴", "楅", "翿", "主人", "西階上"])
def test_search_finds_exactly_the_steps_containing_the_query(
    built_index: dict, edition: dict, query: str
):
    expected = [
        s["id"]
        for s in edition["steps"]
        if query in s["text"]
        or query in (s["translation"] or "")
        or any(query in z["text"].replace("〔", "").replace("〕", "") for z in s["commentary"])
    ]
    assert expected, query
    assert rows(built_index, query) == expected


@pytest.mark.edition
def test_every_character_of_the_text_is_findable(built_index: dict, edition: dict):
    chars = {c for s in edition["steps"] for c in s["text"] if si.WORD_CHAR.match(c)}
    folded = {built_index["fold"].get(c, c) for c in chars}
    assert folded <= set(built_index["grams"])
    assert [d[0] for d in built_index["docs"]] == [s["id"] for s in edition["steps"]]
    assert [d[2] for d in built_index["docs"]] == [s["url"] for s in edition["steps"]]


@pytest.mark.edition
@pytest.mark.parametrize("query", ["州長", "引手曰厭", "今文", "挩拭也"])
def test_the_notes_are_found_in_both_scripts(
    built_index: dict, edition: dict, edition_html: Path, query: str
):
    """Issue 21: a word of the 注 finds the notes that hold it, in the Traditional index and in
    the Simplified copy's (converted by the build), each hit naming its note."""
    notes = [z["id"] for s in edition["steps"] for z in s["commentary"] if query in z["text"]]
    assert notes, query
    found = [f.split(":", 1)[1] for _r, hits in si.search(built_index, query) for f, _ in hits
             if f.startswith("commentary:")]  # fmt: skip
    assert sorted(set(found)) == sorted(notes)
    from opencc import OpenCC

    hans = read_search_index(edition_html / "zh-Hans/_static")
    found = [f.split(":", 1)[1] for _r, hits in si.search(hans, OpenCC("t2s").convert(query))
             for f, _ in hits if f.startswith("commentary:")]  # fmt: skip
    assert sorted(set(found)) == sorted(notes)


@pytest.mark.edition
def test_search_page_replaces_sphinx_search(edition_html: Path):
    page = (edition_html / "search.html").read_text(encoding="utf-8")
    assert '<div class="xs-search">' in page
    assert "_static/xs-search-index.js" in page and "_static/search.js" in page
    assert not (edition_html / "searchindex.js").exists()
    index = (edition_html / "index.html").read_text(encoding="utf-8")
    assert 'action="search.html"' in index  # the theme's search box leads here


@pytest.mark.edition
@pytest.mark.parametrize(("one", "other"), [("於", "于"), ("個", "个"), ("立於", "立于")])
def test_the_forms_corrected_as_a_class_find_each_other(
    built_index: dict, edition: dict, one: str, other: str
):
    """The edition prints 于 where the base's conversion wrote 於 and keeps 於 elsewhere
    (issue 24): a search for either form finds both, in the text as printed and in the base."""
    assert rows(built_index, one) == rows(built_index, other)
    found = set(rows(built_index, other))
    printed = {s["id"] for s in edition["steps"] if one in s["text"] or other in s["text"]}
    assert printed <= found
    if len(one) == 1:
        only_corrected = {s["id"] for s in edition["steps"] if other in s["text"]} - {
            s["id"] for s in edition["steps"] if one in s["text"]
        }
        assert only_corrected and only_corrected <= found
