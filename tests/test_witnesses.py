"""Witness readers on tiny inline samples: page references, commentary, gaiji, lacunae."""

from __future__ import annotations

from tools.collate.witnesses import (
    Witness,
    half_leaf_labels,
    note_heads,
    read_indented,
    read_inline,
    read_judou,
    read_yangfu,
    read_zhushu,
    reference_notes,
    split_chars,
)

INLINE = (
    "<pb:KR1d0026_SBCK_005-1a>¶\n"
    "儀禮卷第五¶\n"
    "鄕射之禮主人戒賔(主人州長也/戒猶警也)賔出¶\n"
    "<pb:KR1d0026_SBCK_005-1b>¶\n"
    "迎再&KR0002;(請告/也)¶\n"
    "<pb:KR1d0026_SBCK_005-2a>¶\n"
    "# SB1_0015-128.png\n"
    "# page missing\n"
    "<pb:KR1d0026_SBCK_005-3a>¶\n"
    "無介¶\n"
)


def test_inline_main_text_pages_and_commentary():
    w = read_inline(INLINE, "叢")
    assert w.text == "鄕射之禮主人戒賔賔出迎再&KR0002;無介"
    assert w.tokens[0].page == "005-1a"
    assert [t.page for t in w.tokens if t.text == "迎"] == ["005-1b"]
    # One half-leaf per marker: the marker after the untranscribed 2a is 2b, not the 3a the
    # transcription gives it.
    assert w.tokens[-1].page == "005-2b"
    assert ("005-1a", "主人州長也戒猶警也") in w.commentary  # the / column mark dropped


def test_inline_gaiji_reported_not_guessed():
    w = read_inline(INLINE, "叢")
    assert w.gaiji == [("&KR0002;", "005-1b")]
    assert any("gaiji" in r for r in w.reports)


def test_inline_page_missing_is_a_lacuna():
    w = read_inline(INLINE, "叢")
    assert len(w.lacunae) == 1
    assert w.lacunae[0].page == "005-2a"
    assert w.lacunae[0].index == len("鄕射之禮主人戒賔賔出迎再") + 1


def test_empty_page_in_normalised_branch_is_a_lacuna():
    raw = INLINE.replace("# SB1_0015-128.png\n# page missing\n", "")
    w = read_inline(raw, "叢新")
    assert [la.page for la in w.lacunae] == ["005-2a"]


def test_split_chars_keeps_gaiji_whole():
    assert split_chars("再&KR0002;拜") == ["再", "&KR0002;", "拜"]


def test_indented_commentary_is_not_main_text():
    raw = (
        "<pb:KR1d0030_WYG_005-1a>¶\n欽定四庫全書¶\n鄉射禮第五¶\n"
        "郷射之禮主人戒賓¶\n　鄭注主人州長也¶\n賓出迎(迎魚/敬反)¶\n　　　　右戒賔¶\n"
    )
    w = read_indented(raw, "李")
    assert w.text == "郷射之禮主人戒賓賓出迎"
    assert ("005-1a", "　鄭注主人州長也") in w.commentary


def test_judou_headings_are_not_main_text():
    raw = "<pb:KR1d0038_WYG_005-2a>¶\n無介(雖先/飲酒)¶\n　右戒賔¶\n乃席賔¶\n"
    assert read_judou(raw, "張").text == "無介乃席賔"


def test_zhushu_full_size_zhu_split_by_reference_notes():
    raw = (
        "<pb:KR1d0028_WYG_005-3b>¶\n"
        "席主人於阼階上西面注阼階東階尊於賓席之東注斯禁禁切地無¶\n"
        "足者也音義(斯如/字)疏(釋曰/云云)篚在其南¶\n"
    )
    refs = reference_notes("席主人於阼階上西面(阼/階)¶\n(東/階)尊於賔席之東¶\n")
    assert refs == ["阼階東階"]
    w = read_zhushu(raw, "庫", refs)
    assert w.text == "席主人於阼階上西面尊於賓席之東篚在其南"
    assert ("005-3b", "注阼階東階") in w.commentary


def test_zhushu_boundary_without_reference_is_reported():
    raw = "<pb:KR1d0028_WYG_005-9a>¶\n乃請注請告也賓禮辭○無介¶\n"
    w = read_zhushu(raw, "庫", [])
    assert w.text == "乃請無介"
    assert any("boundary" in r for r in w.reports)


def test_yangfu_moves_ji_clauses_and_drops_headings():
    raw = (
        "<pb:KR1d0032_WYG_005-2a>¶\n"
        "無介(雖先飲酒)○記大夫與則公士為賔(與音預)使能不宿戒¶\n"
        "¶\n右戒賔¶\n¶\n"
        "　　　　主人獻賔¶\n"
        "乃席賔南面東上○記其牲狗也○尊綌幂¶\n"
    )
    w = read_yangfu(raw, "楊")
    assert w.text == "無介乃席賔南面東上"
    moved = ["".join(t.text for t in c) for c in w.moved]
    assert moved == ["大夫與則公士為賔使能不宿戒", "其牲狗也", "尊綌幂"]


def test_yangfu_reads_an_unmarked_ji_clause_to_the_next_ring_only():
    """「○上射於右(於右物射)○」 at 005-16b is the 記's xs-0499 without the word 記 (issue 24);
    the clause after it stays in the 經 stream, where it was."""
    raw = (
        "<pb:KR1d0032_WYG_005-16b>¶\n"
        "上射揖司¶\n射退反位○上射於右(於右物射)○凡適堂西皆出入于司¶\n馬之南¶\n"
    )
    w = read_yangfu(raw, "楊")
    assert ["".join(t.text for t in c) for c in w.moved] == ["上射於右"]
    assert w.text == "上射揖司射退反位凡適堂西皆出入于司馬之南"
    elsewhere = read_yangfu(raw.replace("005-16b", "005-17a"), "楊")
    assert elsewhere.moved == [] and "上射於右" in elsewhere.text


def test_half_leaf_labels_count_markers_and_report_the_changed_runs():
    raw = (
        "<pb:KR1d0026_SBCK_005-6b>¶\n甲¶\n<pb:KR1d0026_SBCK_005-7a>¶\n# page missing\n"
        "<pb:KR1d0026_SBCK_005-8a>¶\n乙¶\n<pb:KR1d0026_SBCK_005-8b>¶\n丙¶\n"
        "<pb:KR1d0026_SBCK_005-9b>¶\n# page missing\n<pb:KR1d0026_SBCK_005-9b>¶\n丁¶\n"
    )
    fixed, reports = half_leaf_labels(raw)
    labels = [m.split("_")[-1] for m in fixed.split("<pb:")[1:]]
    assert [lb[: lb.index(">")] for lb in labels] == [
        "005-6b",
        "005-7a",
        "005-7b",
        "005-8a",
        "005-8b",
        "005-9a",
    ]
    assert reports == [
        "page labels 005-8a…005-9b of the transcription read as 005-7b…005-9a "
        "(one half-leaf per marker)"
    ]
    w = read_inline(raw, "叢")
    assert [(t.text, t.page) for t in w.tokens] == [
        ("甲", "005-6b"),
        ("乙", "005-7b"),
        ("丙", "005-8a"),
        ("丁", "005-9a"),
    ]
    assert half_leaf_labels("<pb:X_Y_005-1a>¶\n甲¶\n<pb:X_Y_005-1b>¶\n")[1] == []


def test_zhushu_split_character_is_read_as_one():
    raw = "<pb:KR1d0028_WYG_005-34a>¶\n與升射者(目/木)左交于階前¶\n"
    w = read_zhushu(raw, "庫", [])
    assert w.text == "與升射者相左交于階前"
    assert any("(目/木)" in r for r in w.reports)


def test_zhushu_boundary_with_a_variant_form_in_the_reference_note():
    # 叢's note writes 飮; 庫's 注 飲: the note still ends at 飲, and 卒 begins the 經.
    raw = "<pb:KR1d0028_WYG_005-10b>¶\n賓不辭洗注不辭洗以其將自飲卒洗揖讓升¶\n"
    w = read_zhushu(raw, "庫", ["不辭洗以其將自飮"])
    assert w.text == "賓不辭洗卒洗揖讓升"


def test_zhushu_abridged_note_matches_its_head():
    # 庫 leaves the 今文 clause out of this 注; the head of the reference note ends it.
    raw = "<pb:KR1d0028_WYG_005-69a>¶\n反奠于賓注復奠之者主人之意也無算樂注合鄉樂無次數疏(云云)¶\n"
    refs = ["復奠之者主人之意也今文無執觶", "合鄉樂無次數"]
    assert note_heads(refs) == ["復奠之者主人之意也"]
    w = read_zhushu(raw, "庫", refs)
    assert w.text == "反奠于賓無算樂"


def test_yangfu_ji_after_a_ring_at_the_end_of_the_line_before():
    raw = (
        "<pb:KR1d0032_WYG_005-7b>¶\n"
        "主人荅拜(凡所不者殺於賔也)○¶\n"
        "<pb:KR1d0032_WYG_005-8a>¶\n"
        "記若有諸公則如賔禮(尊卑之差)樂作大夫不入¶\n"
        "¶\n右獻遵¶\n¶\n大夫降洗¶\n"
    )
    w = read_yangfu(raw, "楊")
    assert w.text == "主人荅拜大夫降洗"
    assert ["".join(t.text for t in c) for c in w.moved] == ["若有諸公則如賔禮樂作大夫不入"]
    assert w.moved[0][0].page == "005-8a"


def test_moved_clause_printed_as_one_is_split_where_the_base_has_two():
    from tools.collate.core import BaseChar, place_moved
    from tools.collate.witnesses import Token

    lines = ["記", "甲乙丙丁戊", "子丑寅卯辰", "庚辛壬癸天", "凡挾矢於二指", "地玄黃宇宙"]
    base = [BaseChar(c, n, k) for n, line in enumerate(lines, 1) for k, c in enumerate(line, 1)]
    clause = [Token(c, "005-12a") for c in "凡挾矢於二指子丑寅卯辰"]
    w = Witness("楊", tokens=[], moved=[clause])
    stream = "".join(t.text for t in place_moved(base, w, lambda c: c))
    assert stream == "子丑寅卯辰凡挾矢於二指"  # each piece where it stands in the base
