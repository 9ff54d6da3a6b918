"""Issue 25, items 1-2: the Simplified copy by one converter that keeps the forms the apparatus
and the orthography record speak of (:mod:`ritual.core.kept`), in the pages, in the data scripts
(stage, formulas' popup, search index) and in their URLs; and the same on the built edition."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import read_search_index
from opencc import OpenCC
from ritual.core import kept, search_index
from ritual.i18n import _
from ritual_site import simplified
from ritual_site import simplified_data as sd
from ritual_site.simplified_data import StepForms

T2S = OpenCC("t2s").convert
PAGES = frozenset({"index.html", "rite/a.html", "_xrefs/xrefs-data.js"})


def test_merged_and_marked() -> None:
    assert kept.merged([(3, 4), (0, 1), (1, 2), (5, 5)]) == ((0, 2), (3, 4))
    text = kept.mark("不繫左下綱", [(1, 2)])
    assert text == "不\ue000繫\ue001左下綱" and kept.plain(text) == "不繫左下綱"


def test_convert_keeps_and_flags_what_would_change() -> None:
    text = kept.mark("不繫左下綱，賓答", [(1, 2), (7, 8)])
    out = kept.convert(text, T2S)
    # 繫 would have become 系: kept, opened with the mark of a changed form; 答 is 答 in both
    assert out == "不\ue002繫\ue001左下纲，宾\ue000答\ue001"
    assert kept.convert(out, T2S) == out  # converting again changes nothing
    assert kept.convert("賓\ue000眾", T2S) == "宾\ue000众"  # a mark that does not pair


def test_page_kept_elements_stay_and_are_marked() -> None:
    page = (
        '<p>不<span class="xs-lemma" data-base="系" data-xs-keep="">繫</span>左下綱'
        '<span data-xs-keep=""><span class="xs-py" title="x">答</span></span>賓</p>'
    )
    out = simplified.to_simplified(page, "rite/a.html", PAGES)
    assert '<span class="xs-kept xs-lemma" data-base="系" data-xs-keep="" title="' in out
    assert ">繫</span>左下纲" in out
    # kept, but 答 is the same in both scripts: not marked
    assert '<span data-xs-keep=""><span class="xs-py" title="x">答</span></span>宾' in out


def test_phrases_opencc_leaves_traditional() -> None:
    """著 as zhe/zhuó becomes 着 (t2s-phrases.tsv); the 注's 著 (著之者, 'to make plain')
    stays, since OpenCC alone keeps every 著."""
    assert OpenCC("t2s").convert("接著") == "接著"
    converted = simplified.t2s("接著，司射袒，著扳指、臂衣著於左臂")
    assert converted == "接着，司射袒，着扳指、臂衣着于左臂"
    assert simplified.t2s("著之者嫌坐卒爵") == "著之者嫌坐卒爵"
    # two words OpenCC turns into others: 《采蘋》 (蘋, a water plant) is not 采苹 (the apple's
    # 苹), and 篠 is 筱, not the variant 筿
    assert OpenCC("t2s").convert("采蘋 篠") == "采苹 筿"
    assert simplified.t2s("若《采蘋》，皆五終。注箭篠也") == "若《采蘋》，皆五终。注箭筱也"
    # the pages' 連結 is a link: 链接, not OpenCC's 连结 ('to join')
    assert OpenCC("t2s").convert("永久連結") == "永久连结"
    assert simplified.t2s("永久連結；索引連結") == "永久链接；索引链接"


def test_content_root_and_json_urls() -> None:
    page = (
        '<html data-content_root="./" lang="zh-Hant"><head>'
        '<script type="application/json" id="c">{"data": "_xrefs/xrefs-data.js",'
        ' "css": "_static/x.css", "page": "rite/a.html"}</script></head></html>'
    )
    out = simplified.to_simplified(page, "index.html", PAGES)
    assert 'data-content_root="../"' in out and 'lang="zh-Hans"' in out
    # a converted data copy and a page stay inside zh-Hans/; a shared asset is one folder up
    assert '"_xrefs/xrefs-data.js"' in out and '"../_static/x.css"' in out
    assert '"rite/a.html"' in out
    deeper = simplified.to_simplified('<html data-content_root="../">', "rite/a.html", PAGES)
    assert 'data-content_root="../../"' in deeper


def test_search_index_ignores_the_marks() -> None:
    steps = [
        {
            "id": "a-1",
            "number": 1,
            "url": "a.html#a-1",
            "section": "",
            "text": kept.mark("不繫左下綱", [(1, 2)]),
            "translation": "",
            "base": "不系左下綱",
        },
    ]
    index = search_index.build_index(steps, {"繫": "系", "綱": "纲"})
    assert "不系" in index["grams"]  # the bigram across the kept form
    assert search_index.search(index, "不繫") == [(0, [("text", 0)])]


# -- the built edition ------------------------------------------------------------------------


#: A lemma's span in a page, with the pinyin spans it may hold.
LEMMA = r'<span class="{}xs-lemma"([^>]*)>((?:<span class="xs-py"[^>]*>[^<]*</span>|[^<])*)</span>'
TAG = re.compile(r"<[^>]*>")


def _script(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").split("=", 1)[1].rstrip().rstrip(";"))


def _converted(html: str) -> str:
    """The text of a span as the page's converter writes it: each run of text on its own."""
    return "".join(T2S(piece) for piece in TAG.split(html))


@pytest.mark.edition
def test_the_edition_keeps_its_lemmas(edition_html: Path, edition: dict) -> None:
    """Every apparatus lemma of the text, and of a correction of a form in the translation
    (kept = true in edition.toml: 繫 for the web copy's 系), reads in the Simplified copy as in
    the Traditional page, marked where the conversion would have changed it; the lemma of a
    correction of the translation's sense is converted with its translation, and so are its
    base reading and its popup's entry."""
    changed = converted = 0
    for trad in sorted((edition_html / "rite").glob("*.html")):
        simp = (edition_html / "zh-Hans" / "rite" / trad.name).read_text(encoding="utf-8")
        lemmas = re.findall(LEMMA.format("(xs-kept )?"), simp)
        t_lemmas = re.findall(LEMMA.format(""), trad.read_text("utf-8"))
        assert len(lemmas) == len(t_lemmas)
        for (mark, attrs, html), (t_attrs, t_html) in zip(lemmas, t_lemmas, strict=True):
            text, t_text = TAG.sub("", html), TAG.sub("", t_html)
            if "data-xs-keep" in t_attrs:
                assert text == t_text and bool(mark) == (T2S(t_text) != t_text)
                changed += bool(mark)
            else:
                assert "data-xs-convert" in t_attrs and not mark
                assert TAG.sub("", _converted(t_html)) == text
                base = re.search(r'data-base="([^"]*)"', attrs)
                assert base is None or base.group(1) == T2S(base.group(1))
                converted += T2S(t_text) != t_text
    places = [
        a["lemma"]
        for s in edition["steps"]
        for a in s["apparatus"] + s["translation_apparatus"]
        if T2S(a["lemma"]) != a["lemma"]
    ]
    assert changed >= 20 and "繫" in places and "臺" in places
    assert converted >= 20  # the corrections of the sense (issue 24's review) read Simplified
    page = (edition_html / "zh-Hans/rite/before.html").read_text(encoding="utf-8")
    assert 'data-entry="洗与堂的南北距离 ] 洗南北的长度 底"' in page
    assert 'data-entry="繫 ] 系 底"' in page  # a correction of a form: the forms as printed


@pytest.mark.edition
def test_the_simplified_data_keep_them_too(edition_html: Path, edition_words) -> None:
    stage = _script(edition_html / "zh-Hans/_diagrams/stage-data.js")
    step = next(s for s in stage["steps"] if s["id"] == "xs-0016")
    assert step["text"].startswith("不\ue002繫\ue001左下纲")
    trad = _script(edition_html / "_diagrams/stage-data.js")
    assert next(s for s in trad["steps"] if s["id"] == "xs-0016")["text"].startswith("不\ue000繫")
    xrefs = _script(edition_html / "zh-Hans/_xrefs/xrefs-data.js")
    assert xrefs["words"]["kept"] == T2S(_(kept.TITLE))
    index = read_search_index(edition_html / "zh-Hans/_static")
    row = next(d for d in index["docs"] if d[0] == "xs-0016")
    assert row[4].startswith("不\ue002繫\ue001")
    page = (edition_html / "zh-Hans/rite/drinking.html").read_text(encoding="utf-8")
    assert 'data-content_root="../../"' in page
    assert '{"data": "../_xrefs/xrefs-data.js"}' in page  # its own copy, zh-Hans/_xrefs
    assert '<span data-say="base">显示底本原貌</span>' in page
    # a note keeps the forms it speaks of, marked as on the page (the scripts read the marks
    # in a step's notes and translation); no other string of the data has marks
    notes = {note[0]: note[1] for group in stage["zhu"].values() for note in group}
    assert notes["xs-0203-z1"] == "\ue002並併\ue001也\ue002併\ue001东行"
    rest = json.dumps([stage[k] for k in ("title", "roles", "places", "phases", "furnishings")])
    assert not set(rest) & set(kept.MARKS)


def test_json_in_a_noconvert_region_is_kept() -> None:
    """The cite forms' ``page`` is the published page's address from the site's root: a
    Simplified copy one folder down must not rewrite it as a link of its own."""
    block = '<script type="application/json" id="xs-cite-forms">{"page":"rite/a.html"}</script>'
    page = f"<html><head><!--xs:noconvert-->{block}<!--/xs:noconvert--></head></html>"
    out = simplified.to_simplified(page, "rite/a.html", PAGES)
    assert block in out


#: A note of 鄭注 in a page: its id, and its words (with the spans of what 張 supplies).
ZHU = re.compile(
    r'<span class="xs-zhu" id="([^"]+)"><a class="xs-zhu-mark"[^>]*>[^<]*</a>'
    r'((?:<span (?:class="[^"]*xs-zhu-s(?:up|ic)[^"]*"|data-xs-keep="")[^>]*>[^<]*</span>'
    r"|[^<])*)</span>"
)


def notes_of(html: str) -> dict[str, str]:
    """The notes of 鄭注 in a page, id → its words as written (tags kept)."""
    return dict(ZHU.findall(html))


def test_forms_the_conversion_would_merge_are_kept() -> None:
    """A text that names two forms which convert to one (注 「並，併也」; 「古文而后作後」)
    keeps them as written, in a step's 原文 and 注 and in the data; a text with one of them
    alone is converted as usual."""
    assert simplified.merged_forms("並併也併東行") == {"並", "併"}
    assert simplified.merged_forms("古文而后作後非也") == {"後"}
    assert simplified.merged_forms("上射揖，並行。") == frozenset()
    page = (
        '<div class="xs-text" lang="zh-Hant"><p>上射揖，並行。<span class="xs-zhu" id="x-z1">'
        '<a class="xs-zhu-mark" href="#x-z1">注</a>並併也併東行</span></p>\n</div>'
        '<div class="xs-trans"><p>二人並排前行。</p></div>'
    )
    out = simplified.to_simplified(page, "rite/a.html", PAGES)
    assert TAG.sub("", out) == "上射揖，並行。注並併也併东行\n二人并排前行。"
    assert out.count('class="xs-kept"') == 3  # 並 in the 經, 並併 and 併 in the 注
    # a note is a text of its own: the 經's 于 does not keep the note's 於
    page = (
        '<div class="xs-text"><p>立于西階上。<span class="xs-zhu" id="y-z1">'
        '<a class="xs-zhu-mark" href="#y-z1">注</a>近於堂也</span></p></div>'
    )
    out = simplified.to_simplified(page, "rite/a.html", PAGES)
    assert TAG.sub("", out) == "立于西阶上。注近于堂也" and "xs-kept" not in out
    # a note keeps the characters of the 原文's lemmas: 徵 kept (the base's 征 is rejected),
    # its note 「徵，召也」 would read 「征，召也」
    page = (
        '<div class="xs-text"><p><span class="xs-lemma" data-base="征" data-xs-keep="">徵'
        '</span>唯所欲。<span class="xs-zhu" id="z-z1"><a class="xs-zhu-mark" href="#z-z1">'
        "注</a>徵召也</span></p></div>"
    )
    out = simplified.to_simplified(page, "rite/a.html", PAGES)
    assert TAG.sub("", out) == "徵唯所欲。注徵召也" and out.count('class="xs-kept') == 2
    # in the data, marks only where the string has them (a note is shown as it stands: marks
    # would print as boxes in the stage's notes and the search's)
    assert simplified.convert_data("並併也併東行") == "並併也併东行"
    assert simplified.convert_data("\ue000並\ue001併也") == "\ue002並\ue001\ue002併\ue001也"
    assert kept.keep_characters("\ue000並\ue001並", {"並"}) == "\ue000並\ue001\ue000並\ue001"


def test_a_row_that_quotes_a_step_keeps_what_the_step_keeps() -> None:
    """A headword page's line quotes a step: it keeps what the step's 原文 keeps (its 並, which
    the step's note glosses), or the line reads 「并行」 beside the step's kept 並."""
    step = (
        '<div class="xs-step" data-step="x-1" id="x-1"><div class="xs-text"><p>上射揖，並行。'
        '<span class="xs-zhu" id="x-1-z1"><a class="xs-zhu-mark" href="#x-1-z1">注</a>'
        "並併也</span></p></div></div>"
    )
    steps = simplified.steps_kept([step])
    assert steps == {"x-1": StepForms(text=frozenset({"並", "併"}))}
    row = (
        '<table class="xs-kwic"><tr><td class="xs-kwic-n"><a href="../a.html#x-1">1</a></td>'
        '<td class="xs-kwic-l">上射</td><td class="xs-kwic-k">揖</td>'
        '<td class="xs-kwic-r">，並行。</td></tr><tr><td>並</td></tr></table>'
    )
    out = simplified.to_simplified(row, "terms/a.html", PAGES, steps=steps)
    assert TAG.sub("", out) == "1上射揖，並行。并" and out.count("xs-kept") == 1


STEP_PAGE = (
    '<div class="xs-step" data-step="x-1" id="x-1"><div class="xs-text"><p>上射揖，並行。'
    '<span class="xs-zhu" id="x-1-z1"><a class="xs-zhu-mark" href="#x-1-z1">注</a>並併也</span>'
    "</p></div>"
    '<div class="xs-trans"><p>二人並排前行。</p></div></div>'
    '<div class="xs-step" data-step="x-2" id="x-2"><div class="xs-text"><p>'
    '<span class="xs-lemma" data-base="征" data-xs-keep="">徵</span>唯所欲。'
    '<span class="xs-zhu" id="x-2-z1"><a class="xs-zhu-mark" href="#x-2-z1">注</a>徵召也</span>'
    '</p></div><div class="xs-trans"><p>升一級<span class="xs-lemma" data-base="台" '
    'data-entry="tr-3" data-xs-keep="">臺</span>階，至臺上。</p></div></div>'
    '<div class="xs-step" data-step="x-3" id="x-3"><div class="xs-text"><p>主人升。</p></div>'
    '<div class="xs-trans"><p>主人登上臺階。</p></div></div>'
)


def test_what_a_step_keeps_is_read_from_its_page() -> None:
    """Each step keeps, in its 原文, what its notes gloss; in its notes, its lemmas'
    characters; in its translation, the kept forms of the translation's apparatus. A step
    keeping nothing is left out, and one step's forms never reach the next."""
    assert simplified.steps_kept([STEP_PAGE]) == {
        "x-1": StepForms(text=frozenset({"並", "併"})),
        "x-2": StepForms(notes=frozenset({"徵"}), translation=frozenset({"臺"})),
    }


def test_a_steps_strings_in_the_data_keep_what_its_page_keeps() -> None:
    """The stage's, the formulas' and the search's data keep what each step keeps on its page,
    marked as the page marks them (the scripts read the marks): in its 原文, its notes and its
    translation. Without this the stage read 「上射揖，并行」 under the note 「並併也」, and
    「征召也」 beside the 經's kept 徵."""
    steps = simplified.steps_kept([STEP_PAGE])

    def copy(rel: str, data: object, head: object = None) -> object:
        script = f"window.X={json.dumps(data, ensure_ascii=False)};\n"
        out = sd.convert_script(
            script, simplified.convert_data, rel, steps, lambda: head, simplified.convert_step_data
        )
        return json.loads(out.split("=", 1)[1].rstrip().rstrip(";"))

    stage = {
        "steps": [
            {"id": "x-1", "text": "上射揖，並行。", "tr": "二人並排前行。"},
            {"id": "x-2", "text": "\ue000徵\ue001唯所欲。", "tr": "升一級臺階。"},
            {"id": "x-3", "text": "主人升。", "tr": "主人登上臺階。"},
        ],
        "zhu": {"0": [["x-1-z1", "並併也"]], "1": [["x-2-z1", "徵召也謂所欲請呼"]]},
    }
    out = copy("_diagrams/stage-data.js", stage)
    assert [s["text"] for s in out["steps"]] == [
        "上射揖，\ue002並\ue001行。",
        "\ue002徵\ue001唯所欲。",
        "主人升。",
    ]
    assert [s["tr"] for s in out["steps"]] == [
        "二人并排前行。",
        "升一级\ue002臺\ue001阶。",
        "主人登上台阶。",
    ]
    assert out["zhu"] == {
        "0": [["x-1-z1", "\ue002並併\ue001也"]],
        "1": [["x-2-z1", "\ue002徵\ue001召也谓所欲请呼"]],
    }
    xrefs = copy("_xrefs/xrefs-data.js", {"steps": {"x-1": [1, "上射揖，並行。", 0]}})
    assert xrefs["steps"]["x-1"][1] == "上射揖，\ue002並\ue001行。"
    # the search's texts in chunks: the head names each row's step
    head = {"chunk": 2, "steps": [["x-3"], ["x-9"], ["x-2"], ["x-1"]]}
    rows = [["上射揖，並行。", "二人並排前行。", "", [["x-1-z1", "並併也"]]]]
    assert copy("_static/xs-search-d01.js", [["主人升。", None, "", []], *rows], head) == [
        ["主人升。", None, "", []],
        ["上射揖，\ue002並\ue001行。", "二人并排前行。", "", [["x-1-z1", "\ue002並併\ue001也"]]],
    ]
    # a file of other data is converted as before
    assert copy("_static/xs-search-g01.js", {"並行": [3]}) == {"並行": [3]}


def test_notes_of_reads_a_note_with_a_supplied_part() -> None:
    page = (
        '<p>主人降。<span class="xs-zhu" id="xs-1-z1"><a class="xs-zhu-mark" href="#xs-1-z1">'
        '注</a>迎大夫於門內也<span class="xs-zhu-sup" title="x">别於賓</span></span>賓</p>'
    )
    assert notes_of(page) == {
        "xs-1-z1": '迎大夫於門內也<span class="xs-zhu-sup" title="x">别於賓</span>'
    }


@pytest.mark.edition
def test_the_simplified_copy_converts_every_note(edition_html: Path, edition: dict) -> None:
    """Issue 21: the Simplified copy converts the 注 like the rest of the page — every note of
    the data is in both copies under its id, each of its runs of words converted by the same
    converter as the text, the markup of a supplied part kept."""
    ids = [c["id"] for s in edition["steps"] for c in s.get("commentary", [])]
    assert len(ids) == 382
    trad: dict[str, str] = {}
    simp: dict[str, str] = {}
    merged: dict[str, frozenset[str]] = {}
    for page in sorted((edition_html / "rite").glob("*.html")):
        trad |= notes_of(page.read_text(encoding="utf-8"))
        simp |= notes_of((edition_html / "zh-Hans/rite" / page.name).read_text(encoding="utf-8"))
        # the characters the conversion would merge within the note's step (經 and 注)
        for block in page.read_text(encoding="utf-8").split('<div class="xs-text"')[1:]:
            block = block.split("</div>", 1)[0]
            lemmas = "".join(simplified.LEMMA_TEXT.findall(block))
            for nid in notes_of(block):
                merged[nid] = simplified.merged_forms(TAG.sub("", block)) | set(lemmas)
    assert sorted(trad) == sorted(simp) == sorted(ids)
    changed = 0
    for nid in ids:
        words = re.split(r"(<[^>]*>)", trad[nid])
        expected = TAG.sub("", "".join(w if w[:1] == "<" else simplified.t2s(w) for w in words))
        got, plain = TAG.sub("", simp[nid]), TAG.sub("", trad[nid])
        assert len(got) == len(expected) == len(plain), nid
        kept_here = {t for g, e, t in zip(got, expected, plain, strict=True) if g != e}
        assert all(g in (e, t) for g, e, t in zip(got, expected, plain, strict=True)), nid
        # and the readings of its errata, kept as the witness writes them
        sic = "".join(re.findall(r'<span class="xs-zhu-sic"[^>]*>([^<]*)<', trad[nid]))
        assert kept_here <= merged[nid] | set(sic), nid
        changed += simp[nid] != trad[nid]
    # most notes have a character the Simplified script writes otherwise (禮 → 礼, 賓 → 宾 …)
    assert changed >= 300
    note = TAG.sub("", simp["xs-0002-z1"])
    assert note.startswith("主人州长也乡大夫若在焉则称乡大夫也")
    # a note that speaks of two forms the conversion would make one keeps them (並 and 併
    # both become 并: 「并，并也」)
    assert TAG.sub("", simp["xs-0203-z1"]) == "並併也併东行"


@pytest.mark.edition
def test_the_conventions_forms_stay_as_written_in_the_copy(edition_html: Path) -> None:
    """The 凡例's 字形 speaks of forms: converted, 「於（于）」 read 「于（于）」 and 「于與於」
    「于与于」. Its table keeps every form of the pairs, its prose the forms marked
    ``{xs:form}``, as does the search page's 「衆」; each kept form that would change is marked."""
    page = (edition_html / "zh-Hans" / "conventions.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    kept = ("於（于）", "個（个、箇）", "間（閒）", "于137 於44", "于与於", "个与個", "衆与眾")
    assert [words for words in kept if words not in text] == []
    assert "于（于）" not in text and "于与于" not in text
    assert 'class="xs-kept"' in page
    search = re.sub(r"<[^>]+>", "", (edition_html / "zh-Hans" / "search.html").read_text("utf-8"))
    assert "「衆」" in search
    # the base text's errors of script, named on three pages (converted: 「系」误作「系」)
    assert "扑作撲、臺作台" in text
    assert "（裡、著、准許等）" in text and "「黨」作「一黨一」" in text and "（挩手，" in text
    named = (
        ("sources", "「繫」误作「系」、「扑」误作「撲」"),
        ("sources", "「卒觶」误作「卒斛」"),
        ("cite", "「繫」之作「系」"),
        # a renamed headword's old form; an English gloss that names the web copy's form
        ("terms/place/右個", "右個\n此词目今作「右个」"),
        ("terms/action/挩", "挩手; the web copy has 梲"),
        # a concordance line keeps what its step keeps (xs-0203's 並, glossed by its note)
        ("terms/action/揖", "上射揖，並行。"),
    )
    for name, words in named:
        page = (edition_html / "zh-Hans" / f"{name}.html").read_text(encoding="utf-8")
        assert words in re.sub(r"<[^>]+>", "", page), name
