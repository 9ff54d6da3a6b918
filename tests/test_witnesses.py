"""Witness readers on tiny inline samples: page references, commentary, gaiji, lacunae."""

from __future__ import annotations

from tools.collate.witnesses import (
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
    assert w.tokens[-1].page == "005-3a"
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
