"""The vertical book (直排經注本): the engine's layout of the columns (pure), its LaTeX, the
builder on a second edition, and the book written for this one (``make vertical``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import tool_missing
from sphinx.testing.util import SphinxTestApp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))
sys.path.insert(0, str(ROOT))

from ritual.core import apparatus as ap  # noqa: E402
from ritual.core import commentary, numerals  # noqa: E402
from ritual.vertical import builder, layout, records, tex  # noqa: E402
from ritual.vertical.layout import Char, Jiazhu, Mark  # noqa: E402

from tools import check_vertical as cv  # noqa: E402

TEX = ROOT / "_build" / "vertical" / "xiangsheli-zhipai.tex"


def _part(*steps: layout.Step) -> list[layout.Part]:
    return [layout.Part("篇", (layout.Phase("節", steps),))]


def _text_columns(cols: list[layout.Column]) -> list[layout.Column]:
    return [c for c in cols if c.kind == "text"]


# -- layout -----------------------------------------------------------------------------------


def test_columns_hold_the_stream_in_order_and_never_overflow() -> None:
    step = layout.Step(
        "a-1",
        "1",
        "主人戒賓，賓出迎，再拜。主人答再拜，乃請。賓禮辭，許。",
        notes=(layout.Note(12, "主人州長也戒猶警也語也出迎出門也請告也"), layout.Note(21, "退還")),
        markers=(layout.Marker(2, 7),),
    )
    cols = layout.layout(_part(step), cells=8)
    assert [c.kind for c in cols[:2]] == ["part", "phase"]
    texts = _text_columns(cols)
    assert "".join(c.text for c in texts) == "".join(layout.stream(_part(step)))
    assert all(c.units <= 16 for c in texts)
    assert texts[0].heads == ["1"] and texts[0].markers == [7]


def test_a_note_is_split_where_its_column_ends_and_fills_it() -> None:
    step = layout.Step(
        "a-1", "1", "賓出。", notes=(layout.Note(3, "一二三四五六七八九十甲乙丙丁"),)
    )
    cols = _text_columns(layout.layout(_part(step), cells=4))
    # 賓出。 take 6 of the 8 half-cells; the note's first segment the last two (4 characters)
    first = cols[0].pieces[-1]
    assert isinstance(first, Jiazhu) and (first.right, first.left) == ("一二", "三四")
    assert cols[0].units == 8
    second = cols[1].pieces[0]
    assert isinstance(second, Jiazhu) and second.text == "五六七八九十甲乙丙丁"
    assert second.right == "五六七八九" and second.units == 5


def test_a_note_never_leaves_a_lone_character_in_a_column() -> None:
    """A note whose last character would stand alone at the head of the next column (「丈」 on
    p. 3 of the first book) gives that column one more: the pair goes on, this column's left
    sub-column ends one short; a note of three that meets a column with room for two begins
    the next column."""
    step = layout.Step("a-1", "1", "賓出。", notes=(layout.Note(3, "一二三四五"),))
    cols = _text_columns(layout.layout(_part(step), cells=4))
    # 2 half-cells free: 4 of the 5 would fit, leaving 五 alone; 3 stay, 四五 go on
    first, second = cols[0].pieces[-1], cols[1].pieces[0]
    assert isinstance(first, Jiazhu) and (first.right, first.left) == ("一二", "三")
    assert isinstance(second, Jiazhu) and (second.right, second.left) == ("四", "五")
    step = layout.Step("a-1", "1", "一二三。", notes=(layout.Note(4, "甲乙丙"),))
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert cols[0].text == "一二三。" and cols[1].pieces[0] == Jiazhu("甲乙", "丙")
    assert layout._note_take(1, 1) == 1  # a note of one character is one character


def test_a_closing_mark_never_begins_a_column() -> None:
    step = layout.Step("a-1", "1", "一二三四。五")
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert cols[0].text == "一二三" and cols[1].text == "四。五"


def test_a_run_of_closing_marks_never_begins_a_column() -> None:
    """「某酬某子。」 and 「奏《騶虞》，」 (pp. 57, 52 and 73 of the first book): where the
    column ends with a mark, the character before it goes over with it and the mark after it,
    and an opening mark before that character goes too."""
    step = layout.Step("a-1", "1", "一二三某子。」四")
    cols = _text_columns(layout.layout(_part(step), cells=6))
    assert [c.text for c in cols] == ["一二三某", "子。」四"]
    step = layout.Step("a-1", "1", "曰：「奏《騶虞》，間若一。」")
    cols = _text_columns(layout.layout(_part(step), cells=8))
    assert [c.text for c in cols] == ["曰：「奏《騶", "虞》，間若一。」"]
    step = layout.Step("a-1", "1", "一二三「四」，五")
    cols = _text_columns(layout.layout(_part(step), cells=6))
    assert [c.text for c in cols] == ["一二三", "「四」，五"]


def test_a_closing_mark_after_a_note_takes_the_notes_last_two_characters() -> None:
    step = layout.Step("a-1", "1", "一二，三", notes=(layout.Note(2, "甲乙丙丁戊己"),))
    cols = _text_columns(layout.layout(_part(step), cells=4))
    first, second = cols[0].pieces[-1], cols[1].pieces[0]
    assert isinstance(first, Jiazhu) and (first.right, first.left) == ("甲乙", "丙丁")
    assert second == Jiazhu("戊", "己") and cols[1].text == "戊己，三"
    assert cols[0].units == 6


def test_no_column_begins_with_a_closing_mark_or_ends_with_an_opening_one() -> None:
    """Every column of a text full of marks, at every column length that holds its longest
    run of marks and one character (「『〈甲〉』，」)."""
    text = "曰：「奏《騶虞》，間若一。」某酬某子。」「《采蘋》」，皆五終。（射）『〈甲〉』，乙。"
    step = layout.Step("a-1", "1", text * 3, notes=(layout.Note(8, "東面者進還鄉大師也"),))
    for cells in range(7, 23):
        cols = _text_columns(layout.layout(_part(step), cells=cells))
        assert "".join(c.text for c in cols) == "".join(layout.stream(_part(step)))
        for col in cols:
            assert col.text[0] not in layout.CLOSING, (cells, col.text)
            assert col.text[-1] not in layout.OPENING, (cells, col.text)
            assert col.units <= 2 * cells


def test_an_opening_mark_never_ends_a_column() -> None:
    step = layout.Step("a-1", "1", "一二三「四」")
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert cols[0].text == "一二三" and cols[1].text.startswith("「四")


def test_a_marker_travels_with_its_character() -> None:
    step = layout.Step("a-1", "1", "一二三四。五", markers=(layout.Marker(4, 3),))
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert [type(p) for p in cols[1].pieces[:3]] == [Char, Mark, Char]
    assert cols[1].markers == [3]


def test_a_column_that_opens_with_the_end_of_a_sentence_or_note_says_how_long_it_is() -> None:
    """「拜。」 at the head of a column, after 「…再」: a fragment of one character, as is the end
    of the step (「入門」, two); the rest of a note goes on as its tail; a column that begins a
    sentence, or whose tail has a note before the sentence ends, opens with none. The 白文 knows
    its sentences' ends though it prints no mark."""
    step = layout.Step("a-1", "1", "主人答再拜。賓出入門")
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert [c.text for c in cols] == ["主人答再", "拜。賓出", "入門"]
    assert layout.tails(cols) == [0, 1, 2]
    cols = _text_columns(layout.layout(_part(step), cells=4, baiwen=True))
    assert [c.text for c in cols] == ["主人答再", "拜賓出入", "門"]
    assert layout.tails(cols) == [0, 1, 1]
    noted = layout.Step("a-1", "1", "賓出迎。", notes=(layout.Note(3, "一二三四五六七"),))
    cols = _text_columns(layout.layout(_part(noted), cells=4))
    assert [c.text for c in cols] == ["賓出迎一二三四", "五六七。"]
    assert layout.tails(cols) == [0, 3]
    whole = layout.Step("a-1", "1", "主人戒賓。賓出迎。")
    assert layout.tails(_text_columns(layout.layout(_part(whole), cells=5))) == [0, 0]
    between = layout.Step("a-1", "1", "主人答再拜賓。", notes=(layout.Note(5, "注"),))
    cols = _text_columns(layout.layout(_part(between), cells=4))
    assert [c.text for c in cols] == ["主人答再", "拜注賓。"] and layout.tails(cols) == [0, 0]


def test_the_writer_marks_a_column_that_opens_with_a_fragment() -> None:
    """\\xsvtail{n} on the line before a column that opens with a fragment of one or two
    characters; none before a longer tail."""
    design = tex.Design(cells=4)
    short = layout.Step("a-1", "1", "主人答再拜。賓出入門")
    written = tex.document(layout.layout(_part(short), 4), {}, design, tex.Book("書", "篇"))
    assert "\\xsvtail{1}\n\\xsvcol{}{拜。賓出}" in written
    assert "\\xsvtail{2}\n\\xsvcol{}{入門}" in written
    longer = layout.Step("a-1", "1", "主人答再拜賓出。")
    written = tex.document(layout.layout(_part(longer), 4), {}, design, tex.Book("書", "篇"))
    assert "\\xsvtail" not in written


def test_the_colophons_numbers_stand_upright() -> None:
    """A version (0.1.0) in the colophon is set upright, each of its numbers across the column
    (縱中橫, as the step numbers are), a middle dot between them; a number in a Latin name lies on
    its side with its letters; the record holds what is printed."""
    assert tex.upright_numbers("0.1.0（二〇二六年十二月二日）") == (
        "\\xsvnum{0}·\\xsvnum{1}·\\xsvnum{0}（二〇二六年十二月二日）",
        "0·1·0（二〇二六年十二月二日）",
    )
    assert tex.upright_numbers("CC BY-SA 4.0") == ("CC BY-SA 4.0", "CC BY-SA 4.0")
    assert tex.upright_numbers("第12版") == ("第\\xsvnum{12}版", "第12版")
    book = tex.Book("書", "篇", colophon=(("版本", "1.10.2"), ("許可", "CC BY 4.0")))
    written = tex.document([], {}, tex.Design(), book)
    assert "\\xsvcolophonitem{版本}{\\xsvnum{1}·\\xsvnum{10}·\\xsvnum{2}}{1·10·2}" in written
    assert "\\xsvcolophonitem{許可}{CC BY 4.0}{CC BY 4.0}" in written


def test_baiwen_leaves_out_the_punctuation_of_the_jing_and_the_zhu() -> None:
    step = layout.Step("a-1", "1", "「賓」出迎，再拜。", notes=(layout.Note(9, "出，門也"),))
    (col,) = _text_columns(layout.layout(_part(step), cells=22, baiwen=True))
    assert col.text == "賓出迎再拜出門也"


def test_baiwen_keeps_the_marks_of_what_another_witness_supplies() -> None:
    """〔…〕 around a 注's words that 張 supplies are the editors' marks, not 句讀: the 白文
    keeps them, as its 凡例 says."""
    step = layout.Step("a-1", "1", "主人降。", notes=(layout.Note(4, "迎，大夫〔別於賓〕"),))
    (col,) = _text_columns(layout.layout(_part(step), cells=22, baiwen=True))
    assert col.text == "主人降迎大夫〔別於賓〕"


def test_baiwen_headings_have_spaces_for_their_punctuation() -> None:
    assert layout.baiwen_title("射前：戒賓、陳設、速賓") == "射前　戒賓　陳設　速賓"
    assert layout.baiwen_title("記「鄉射」之禮：") == "記鄉射之禮"
    part = layout.Part("射後：旅酬、坐燕", (layout.Phase("《記》，賓出", ()),))
    cols = layout.layout([part], cells=8, baiwen=True)
    assert [c.title for c in cols] == ["射後　旅酬　坐燕", "記　賓出"]
    assert [c.title for c in layout.layout([part], cells=8)] == ["射後：旅酬、坐燕", "《記》，賓出"]


def test_parts_are_parted_by_a_blank_column() -> None:
    parts = _part(layout.Step("a-1", "1", "一")) * 2
    kinds = [c.kind for c in layout.layout(parts, cells=8)]
    assert kinds == ["part", "phase", "text", "blank", "part", "phase", "text"]


def test_a_column_too_short_is_refused() -> None:
    with pytest.raises(ValueError, match="too short"):
        layout.layout([], cells=3)


# -- the records and the LaTeX ----------------------------------------------------------------


def test_the_notes_are_the_ones_the_steps_hold(tmp_path: Path) -> None:
    path = tmp_path / "commentary.tsv"
    path.write_text(
        "# header\nid\tstep\tstart\tend\tfrom\tlemma\twitness\tpages\tsupplied\ttext\n"
        "a-1-z1\ta-1\t0\t2\t\t賓出\t叢\t1a\t張 2b\t出門〔也〕\n",
        encoding="utf-8",
    )
    notes, problems = commentary.read(path)
    assert problems == []
    assert records.notes(notes) == (layout.Note(2, "出門〔也〕"),)  # after 賓出, marks kept


def test_tex_escapes_and_writes_each_note_after_its_column() -> None:
    assert tex.escape("50%{}") == r"50\%\{\}"
    step = layout.Step("a-1", "1", "賓出。", markers=(layout.Marker(1, 4),))
    cols = layout.layout(_part(step), cells=8)
    note = tex.Note(4, "賓", (("賔", "叢"),), "")
    out = tex.document(cols, {4: note}, tex.Design(), tex.Book("書", "篇", ids={"1": "a-1"}))
    assert "\\documentclass[tate," in out and "line_length=22zw" in out
    assert "\\xsvtitlepage{篇}{}{}" in out  # a book that does not say what it is
    kind = tex.document(cols, {}, tex.Design(), tex.Book("書", "篇", kind="無標點本"))
    assert "\\xsvtitlepage[無標點本]{篇}{}{}" in kind
    col_at = out.index("\\xsvcol{\\xsvhead{1}}{\\xsvanchor{a-1}賓\\xsvmark{4}出。}")
    assert out.index("\\xsvnote{4}{賓}{\\xsvrdg{賔}{叢}}{}{賓賔叢}") > col_at


def test_a_note_that_repeats_an_earlier_one_refers_to_it() -> None:
    """Same lemma (its occurrence number apart), readings and note: 「同第20條。」, referring
    to the first; a note that differs in any of them is printed whole."""
    readings = (("扑", "叢庫"), ("撲", "底"))
    notes = {
        20: tex.Note(20, "扑", readings, "諸本皆作扑。"),
        25: tex.Note(25, "扑²", readings, "諸本皆作扑。"),
        27: tex.Note(27, "扑", readings, "諸本皆作扑。"),
        30: tex.Note(30, "扑", readings, "他說。"),
        31: tex.Note(31, "扑", (("扑", "叢"),), "諸本皆作扑。"),
    }
    out = tex.referring_repeats(notes)
    assert [out[n].same for n in sorted(out)] == [0, 20, 20, 0, 0]
    assert out[25].text == "扑²同第20條。"
    step = layout.Step("a-1", "1", "扑扑", markers=(layout.Marker(1, 20), layout.Marker(2, 25)))
    doc = tex.document(
        layout.layout(_part(step), cells=8), notes, tex.Design(), tex.Book("書", "篇")
    )
    assert "\\xsvnote{25}{扑\\xsvsup{2}}{同第\\xsvnum{20}條。}{}{扑²同第20條。}" in doc
    assert "\\xsvnote{20}{扑}{\\xsvrdg{扑}{叢庫}；\\xsvrdg{撲}{底}}{。諸本皆作扑。}" in doc


def test_a_count_of_characters_is_written_as_a_weizhi_writes_it() -> None:
    """As the 四部叢刊本's 尾題: 「經三千六百四十五字　注六千九百一十五字」, no 零 for a missing
    place (凡四千九百八字), 十 alone at the head."""
    assert numerals.classical_number(3645) == "三千六百四十五"
    assert numerals.classical_number(6915) == "六千九百一十五"
    assert numerals.classical_number(4908) == "四千九百八"
    assert numerals.classical_number(15) == "十五"
    assert numerals.classical_number(110) == "一百一十"
    assert numerals.classical_number(7) == "七"
    for n in (0, 10000):
        with pytest.raises(ValueError):
            numerals.classical_number(n)


def test_a_versions_date_is_written_in_words() -> None:
    """The colophon's date and the title page's year: the year digit by digit, the month and
    the day as numbers (「二〇二六年十二月二日」)."""
    assert numerals.date_in_words("2026-12-02") == "二〇二六年十二月二日"
    assert numerals.date_in_words("2030-10-31") == "二〇三〇年十月三十一日"
    assert numerals.year_in_words(2026) == "二〇二六"


def test_the_counts_are_of_the_han_characters_of_the_jing_and_of_the_zhu() -> None:
    step = layout.Step("a-1", "1", "賓出，主人送。", notes=(layout.Note(3, "送賓也。"),))
    cols = layout.layout(_part(step), cells=8)
    assert layout.counts(cols) == (5, 3)
    (count,) = builder.count_columns(cols)
    assert count.text == "經五字注三字" and count.units == 3
    baiwen = layout.layout(_part(layout.Step("a-1", "1", "賓出。")), cells=8)
    assert [c.text for c in builder.count_columns(baiwen)] == ["經二字"]
    assert builder.count_columns([]) == []


def test_the_head_and_tail_titles_spread_their_words_along_a_column() -> None:
    cols = [
        layout.title_column(["鄉射禮第五", "儀禮", "鄭氏注"]),
        *layout.layout(_part(layout.Step("a-1", "1", "賓出。")), cells=8),
        layout.title_column(["儀禮卷第五"]),
    ]
    out = tex.document(cols, {}, tex.Design(), tex.Book("書", "篇"))
    head = out.index("\\xsvtitle{鄉射禮第五\\hfill 儀禮\\hfill 鄭氏注}{鄉射禮第五儀禮鄭氏注}")
    tail = out.index("\\xsvtitle{儀禮卷第五}{儀禮卷第五}")
    assert head < out.index("賓") < tail
    assert layout.counts(cols) == (2, 0)  # a title is not text


def test_the_sentence_marks_are_an_alternate_font_without_the_japanese_forms() -> None:
    """The face is set with LuaTeX-ja's vertical forms (``+vrt2``), its sentence marks, by range,
    with the face's ``vert`` alone (``-vrt2``), so that 。、 are not LuaTeX-ja's ︒︑ and ：； are
    not turned; the middle dot among them (a CJK character by the style file)."""
    assert tex._marks_range("、。·、") == '"B7,"3001,"3002'
    font = tex.preamble(tex.Design(), tex.Book("書", "篇")).splitlines()[4]
    assert "TateFeatures={JFM=xszhv,RawFeature=+vert;+vrt2}" in font
    assert (
        '{Range={"B7,"3001,"3002,"FF01,"FF0C,"FF1A,"FF1B,"FF1F},'
        "TateFeatures={JFM=xszhv,RawFeature=+vert;-vrt2}}" in font
    )
    assert '{Range="20000-"3FFFF,Font=HanaMinB.ttf}' in font
    bare = tex.preamble(tex.Design(fallback_font=""), tex.Book("書", "篇"))
    assert "AltFont={{Range={" in bare and "HanaMinB" not in bare


# -- the style file, set by LuaLaTeX ----------------------------------------------------------


def _set(
    tmp_path: Path,
    parts: list[layout.Part],
    notes: dict[int, tex.Note] | None = None,
    book: tex.Book | None = None,
    head: tuple[str, ...] = (),
) -> cv.Record:
    """``parts`` laid out and set by LuaLaTeX with the book's style file in ``tmp_path``; the
    record of its pages. LuaTeX-ja's caches are those of ``make vertical`` where it has run."""
    if not shutil.which("lualatex"):
        tool_missing("lualatex (texlive-luatex) is needed to set the vertical book")
    from ritual.vertical import builder

    for name in builder.SUPPORT:
        shutil.copyfile(builder.LATEX / name, tmp_path / name)
    design = tex.Design()
    columns = layout.layout(parts, design.cells)
    if head:  # a 首題 before the text
        columns.insert(0, layout.title_column(head))
    book = book or tex.Book("書", "篇", colophon=(("底本", "某本"),))
    (tmp_path / "t.tex").write_text(
        tex.document(columns, notes or {}, design, book), encoding="utf-8"
    )
    cache = ROOT / "_build" / "texmf-var"
    env = dict(os.environ)
    env["TEXMFVAR"] = env["TEXMFCACHE"] = str(cache if cache.is_dir() else tmp_path / "var")
    done = subprocess.run(
        ["lualatex", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    log = (tmp_path / "t.log").read_text(encoding="utf-8", errors="replace")
    assert done.returncode == 0, log[-3000:]
    return cv.read_record(tmp_path / "t.xsvpages")


def _parts(*spec: tuple[str, int]) -> list[layout.Part]:
    """Parts named ``title``, each of one phase of ``n`` full columns (22 cells) of text."""
    return [
        layout.Part(
            title, (layout.Phase(title + "節", (layout.Step(f"a-{i}", str(i), "經" * 22 * n),)),)
        )
        for i, (title, n) in enumerate(spec, 1)
    ]


def test_the_blank_before_a_part_is_not_set_at_the_head_of_a_page(tmp_path: Path) -> None:
    """A page of ten columns filled by the first part: the blank before the second falls at the
    head of the next page, where it is left out (the title is the page's first column); within
    a page the blank is there, a column place without ink."""
    record = _set(tmp_path, _parts(("甲", 8), ("乙", 1), ("丙", 1)))
    kinds = [page.columns for page in record.pages]
    assert kinds[1] == ["h", "h", *["c"] * 8]
    assert kinds[2] == ["h", "h", "c", "b", "h", "h", "c"]


def test_the_page_may_break_before_a_phase_title(tmp_path: Path) -> None:
    """A phase's title stays with the column after it, but the column before it stays on its
    page, 校記 and all: the page breaks between them (the title's PDF bookmark, set after a
    校記, once took that break away, and the column went over with the title)."""
    last = layout.Marker(22 * 6 - 1, 1)  # a 校記 in the column before the title, as in the book
    steps = (
        layout.Step("a-1", "1", "經" * 22 * 6, markers=(last,)),
        layout.Step("a-2", "2", "注" * 22 * 3),
    )
    phases = (layout.Phase("甲節", steps[:1]), layout.Phase("乙節", steps[1:]))
    notes = {1: tex.Note(1, "經", (("經", "叢"),), "")}
    record = _set(tmp_path, [layout.Part("甲", phases)], notes)
    kinds = [page.columns for page in record.pages]
    assert kinds[1] == ["h", "h", *["c"] * 6]
    assert kinds[2] == ["h", "c", "c", "c"]


def test_a_note_that_does_not_fit_waits_for_the_next_page(tmp_path: Path) -> None:
    """A 校記 too long for what is left of its column's page waits, whole, for the end of the
    next page, and its column stays: the page is full, eight columns after its two headings,
    where, kept with its column, the 校記 took the column over with it and left five. The space
    before the 校記, which TeX takes from the page for the first of them, is given back where
    that one waits (the page held seven, and a page whose only 校記 waited one column fewer
    than it could). The 校記 is not split."""
    marker = layout.Marker(22 * 5 + 3, 1)  # in the sixth column of the page
    step = layout.Step("a-1", "1", "經" * 22 * 11, markers=(marker,))
    note = tex.Note(1, "經", (("經", "叢"),), "按" * 300)  # about five columns' room
    record = _set(tmp_path, [layout.Part("甲", (layout.Phase("甲節", (step,)),))], {1: note})
    kinds = [page.columns for page in record.pages]
    assert kinds[1] == ["h", "h", *["c"] * 8]
    notes = [[text for kind, text in page.records if kind == "a"] for page in record.pages]
    assert notes[1] == [] and notes[2] == [note.text]


def test_a_page_does_not_open_with_a_fragment_where_a_column_less_will_do(
    tmp_path: Path,
) -> None:
    """A page full with the column that ends in 「再」 would leave 「拜。」 at the head of the
    next, cut off from its sentence: the page breaks a column earlier (one column short costs
    less than the fragment), and the next page opens with the whole of the sentence's end."""
    step = layout.Step("a-1", "1", "經" * (22 * 8 - 1) + "再拜。" + "經" * 22 * 3)
    record = _set(tmp_path, [layout.Part("甲", (layout.Phase("甲節", (step,)),))])
    kinds = [page.columns for page in record.pages]
    assert kinds[1] == ["h", "h", *["c"] * 7]
    assert not cv.opens_with_fragment(record.pages[2]) and cv.opens_with_fragment(
        record.pages[2], 1
    )


def test_a_note_names_steps_by_the_numbers_the_book_prints() -> None:
    """The book prints step numbers, not ids: a 校記's run of ids becomes 「第N、M節」; a run
    with an id the book does not hold is left as written."""
    labels = {"xs-0034": "34", "xs-0038": "38"}
    pattern = r"xs-\d{4}"
    assert tex.step_refs("上文（xs-0034、xs-0038）亦作壹", labels, pattern) == (
        "上文（第34、38節）亦作壹"
    )
    assert tex.step_refs("見xs-0034。", labels, pattern) == "見第34節。"
    assert tex.step_refs("見xs-0034、xs-0999。", labels, pattern) == "見xs-0034、xs-0999。"
    assert tex.step_refs("xs-0038 注「壹拜」", labels, pattern) == "第38節注「壹拜」"
    assert tex.step_refs("xs-0038 and", labels, pattern) == "第38節 and"


def test_a_note_writes_a_witness_page_out_as_the_book_reads_it() -> None:
    """A page cited as the site cites it (李 005-31b: 卷5, leaf 31, second half) is written
    out in the book's words, 「卷五第三十一葉下」, where its Latin would lie on its side; a
    year or a step number is no page, nor is a longer run of digits."""
    assert tex.folio_refs("石經（李 005-31b），考證（庫 005-95a）") == (
        "石經（李卷五第三十一葉下），考證（庫卷五第九十五葉上）"
    )
    assert tex.folio_refs("李 006-105a") == "李卷六第一百五葉上"
    assert tex.folio_refs("開成二年（837），第34節，1005-31b，005-31c") == (
        "開成二年（837），第34節，1005-31b，005-31c"
    )


def test_a_short_number_in_a_note_is_set_upright_and_a_folio_on_its_side() -> None:
    """One to three digits standing alone (a step's number, a year) are set across the column
    (縱中橫) as the 校記's own numbers are; a folio that reaches the writer as Latin (005-31b;
    the builder writes a witness's page out first, :func:`tex.folio_refs`) lies on its side."""
    note = tex.Note(1, "退", (("退", "底"),), "刻於開成二年（837），李 005-31b，第34節")
    step = layout.Step("a-1", "1", "經" * 22, markers=(layout.Marker(3, 1),))
    parts = [layout.Part("甲", (layout.Phase("甲節", (step,)),))]
    design = tex.Design()
    written = tex.document(
        layout.layout(parts, design.cells), {1: note}, design, tex.Book("書", "篇")
    )
    assert "（\\xsvnum{837}）" in written and "第\\xsvnum{34}節" in written
    assert "005-31b" in written
    assert "\\xsvnum{005}" not in written and "\\xsvnum{31}" not in written


def test_the_banxin_names_the_part_in_force_at_the_head_of_the_page(tmp_path: Path) -> None:
    """The 版心 names the part whose title begins the page (p. 3: 乙), else the part that runs
    on into the page (p. 4: 乙, whose last column is its first, though 丙 begins on it)."""
    record = _set(tmp_path, _parts(("甲", 8), ("乙", 9), ("丙", 1)))
    kinds = [page.columns for page in record.pages]
    assert kinds[2][:2] == ["h", "h"] and kinds[3] == ["c", "b", "h", "h", "c"]
    banxin = [
        text.split()[2] for page in record.pages for kind, text in page.records if kind == "r"
    ]
    assert banxin == ["甲", "乙", "乙"]


def test_the_first_page_s_banxin_names_its_part_after_the_head_title(tmp_path: Path) -> None:
    """The first page of the text opens with the 首題, not a part's title, and no part runs on
    into it: its 版心 names the part whose title it prints (it named none)."""
    record = _set(tmp_path, _parts(("甲", 12), ("乙", 1)), head=("篇第一", "書"))
    first = next(page for page in record.pages if page.framed)
    assert [text for kind, text in first.records if kind == "h"] == ["篇第一書", "甲", "甲節"]
    banxin = [
        text.split()[2] for page in record.pages for kind, text in page.records if kind == "r"
    ]
    assert banxin[:2] == ["甲", "甲"]


def test_the_text_is_numbered_from_its_first_page(tmp_path: Path) -> None:
    """The 卷 is counted from its 卷端: the title page before it is not (the book's first page
    of text had been numbered 四, after the title page and two of 凡例). Each 版心 prints its
    page's number, and stands on the side that number gives (an odd one's on the left)."""
    record = _set(tmp_path, _parts(("甲", 12), ("乙", 12)))
    framed = [page for page in record.pages if page.framed]
    assert [page.number for page in record.pages if not page.framed] == [1]
    assert [page.folio for page in framed] == [str(n) for n in range(1, len(framed) + 1)]
    numerals = [text.split()[-1] for page in framed for kind, text in page.records if kind == "r"]
    assert numerals[:3] == ["一", "二", "三"]
    boxes = [cv.frame_boxes(record, page)[1][0] for page in framed[:2]]
    assert boxes[0] < record.block[0] < boxes[1]


def test_the_pages_before_the_text_have_anchors_and_labels_of_their_own(tmp_path: Path) -> None:
    """The title page and the 凡例 are numbered apart from the text (roman, for the PDF alone:
    no folio prints it), so hyperref's page anchors are not made twice (page.1 of the title page
    and of the text's first page; the second was dropped with a warning) and the PDF's page
    labels name each page once. The book's author and subject are its document properties."""
    book = tex.Book(
        "書",
        "篇",
        conventions_title="凡例",
        conventions=(("甲", "乙丙"),),
        pdf_author="某編輯組",
        pdf_subject="A test book",
    )
    _set(tmp_path, _parts(("甲", 12), ("乙", 12)), book=book)
    log = (tmp_path / "t.log").read_text(encoding="utf-8", errors="replace")
    assert "duplicate destination" not in log
    if not shutil.which("pdfinfo"):
        tool_missing("pdfinfo (poppler-utils) reads the PDF's properties")
    info = subprocess.run(
        ["pdfinfo", str(tmp_path / "t.pdf")], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^Author:\s+某編輯組$", info, re.MULTILINE), info
    assert re.search(r"^Subject:\s+A test book$", info, re.MULTILINE), info


def test_the_colophon_follows_the_last_columns_notes(tmp_path: Path) -> None:
    """The colophon closes the book after the 校記 of its last columns, on the same page."""
    (part,) = _parts(("甲", 2))
    step = part.phases[0].steps[0]
    marked = layout.Step(step.id, step.label, step.text, markers=(layout.Marker(40, 1),))
    part = layout.Part(part.title, (layout.Phase(part.phases[0].title, (marked,)),))
    record = _set(tmp_path, [part], {1: tex.Note(1, "經", (("經", "某"),), "")})
    last = record.pages[-1]
    assert len(record.pages) == 2
    assert [k for k, _ in last.records if k in "chbat"] == ["h", "h", "c", "c", "a", "t"]


def test_a_colophon_that_does_not_fit_takes_a_page_of_its_own(tmp_path: Path) -> None:
    """Where the last page of text has no room left for the colophon, the colophon waits,
    whole, for a page of its own, and every column (the 尾題 among them in the book) stays
    with the text before it: kept with the last column, the colophon took columns over with it
    and left the page of text short."""
    colophon = tuple((label, "某" * 40) for label in ("底本", "注", "版本", "許可"))
    book = tex.Book("書", "篇", colophon=colophon)
    record = _set(tmp_path, _parts(("甲", 7)), book=book)
    kinds = [[kind for kind, _ in page.records if kind in "chbt"] for page in record.pages]
    assert kinds[1] == ["h", "h", *["c"] * 7]
    assert kinds[2] == ["t"] * 4


def test_an_occurrences_number_is_set_upright(tmp_path: Path) -> None:
    """「適¹下」: the superscript digit is written as the digit in \\xsvsup (set across the
    column, upright), not as the face's superscript, which lay on its side with the line; the
    record keeps the lemma as it is (the checks count ¹ as 1)."""
    note = tex.Note(1, "適¹下", (("適", "叢"),), "十²")
    assert tex._note(note).startswith(
        "\\xsvnote{1}{適\\xsvsup{1}下}{\\xsvrdg{適}{叢}}{。十\\xsvsup{2}}{適¹下適叢。十²}"
    )
    (part,) = _parts(("甲", 1))
    step = part.phases[0].steps[0]
    marked = layout.Step(step.id, step.label, step.text, markers=(layout.Marker(3, 1),))
    part = layout.Part(part.title, (layout.Phase(part.phases[0].title, (marked,)),))
    _set(tmp_path, [part], {1: note})
    text = subprocess.run(
        ["pdftotext", "-f", "2", "-l", "2", str(tmp_path / "t.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "¹" not in text and "1" in text and "2" in text


#: A column of every mark the book uses, each between two characters, a 夾注 with marks in it
#: after the fifth character, then the brackets, the ellipsis and a dash.
MARKS = "經。經、經，經：經；經！經？經·經「經」『經』《經》〈經〉（經）〔經〕經…經—經"
MARKS_NOTE = "注。注、注，注：注；注！注？注"
BRACKETS = frozenset("「」『』《》〈〉（）〔〕")


def _cells(
    columns: list[layout.Column], record: cv.Record
) -> list[tuple[str, float, float, float]]:
    """Every character of the text columns with its cell from the record's grid: the centre of
    its column (a 夾注's half of it) across, the head of its cell along, its size (TeX pt)."""
    x, y, w, _ = record.block
    zw, out = record.zw, []
    for j, col in enumerate(columns):
        if col.kind != "text":
            continue
        centre, at = x + w - zw / 2 - j * record.pitch, 0  # at: half-cells from the head
        for piece in col.pieces:
            if isinstance(piece, Char):
                out.append((piece.char, centre, y + at * zw / 2, zw))
            elif isinstance(piece, Jiazhu):
                for side, chars in ((zw / 4, piece.right), (-zw / 4, piece.left)):
                    out += [
                        (ch, centre + side, y + (at + i) * zw / 2, zw / 2)
                        for i, ch in enumerate(chars)
                    ]
            at += piece.units
    return out


def test_the_marks_stand_upright_in_the_centre_of_their_cells(tmp_path: Path) -> None:
    """The sentence marks (。、，：；！？ and the middle dot ·) stand upright in the centre of
    their cells, as Chinese vertical setting has them (the 凡例, 直排經注本 3), not in the top
    right as the Japanese forms LuaTeX-ja substitutes by default (︒ ︑) did: the centre of each
    mark's ink is within cv.MARK_ACROSS em of its cell's centre across the column and
    cv.MARK_ALONG em along it, in the 經 and in its 夾注; ：； stand with their dots along the
    column, not on their side; the brackets are turned (﹁ ︽ ︵ …: wide across the column, short
    along it), and so is a dash, in LuaTeX-ja's vertical form (︱), which the face outside the
    marks keeps; the PDF's text gives the marks themselves (。, not ︒), and check_vertical's
    ``marks`` passes. The page is rendered at 600 dpi; each cell is the record's grid's."""
    step = layout.Step("a-1", "1", MARKS, notes=(layout.Note(5, MARKS_NOTE),))
    parts = [layout.Part("甲", (layout.Phase("節", (step,)),))]
    record = _set(tmp_path, parts)
    columns = layout.layout(parts, tex.Design().cells)
    assert record.pages[1].columns == ["h", "h"] + ["c"] * (len(columns) - 2)
    pdf = tmp_path / "t.pdf"
    subprocess.run(
        ["pdftoppm", "-r", "600", "-gray", "-f", "2", "-l", "2", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    (pgm,) = tmp_path.glob("p-*.pgm")
    ink = cv.Ink(*cv.read_pgm(pgm), dpi=600)
    off, seen = [], ""
    for char, centre, head, em in _cells(columns, record):
        if char not in cv.SENTENCE_MARKS and char not in BRACKETS and char != "—":
            continue
        inset = 0.04 * em
        found = ink.extent(
            centre - em / 2 + inset, head + inset, centre + em / 2 - inset, head + em - inset
        )
        assert found is not None, f"no ink in the cell of 「{char}」"
        x0, y0, x1, y1 = found
        across, along = ((x0 + x1) / 2 - centre) / em, ((y0 + y1) / 2 - head) / em - 0.5
        wide, long = (x1 - x0) / em, (y1 - y0) / em
        seen += char
        where = f"「{char}」 ({em:.0f} pt): {across:+.3f} across, {along:+.3f} along"
        if char in BRACKETS or char == "—":
            turned = wide > 0.6 and long < 0.5 if char in BRACKETS else long > 0.6 > 3 * wide
            if not turned:
                off.append(f"{where}, {wide:.2f} wide, {long:.2f} long: not turned")
        elif abs(across) > cv.MARK_ACROSS or abs(along) > cv.MARK_ALONG:
            off.append(where)
        elif char in "：；" and not long > 2 * wide:
            off.append(f"{where}, {wide:.2f} wide, {long:.2f} long: on its side")
    assert off == []
    assert set(seen) == (set(MARKS) | set(MARKS_NOTE)) - {"經", "注", "…"}
    html = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-bbox", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    text = "".join(g.text for g in cv.read_glyphs(html)[1])
    assert set("。、，：；！？·") <= set(text) and not set(text) & {"︒", "︑", "︐"}
    assert "︱" in text and "—" not in text
    assert cv.form_faults(cv.read_glyphs(html)) == []
    assert "upright and centred" in cv.check_marks(pdf, record)


def test_marks_in_the_japanese_forms_or_on_their_side_fail() -> None:
    """check_vertical's ``marks``: the PDF's text of a page with 。 in LuaTeX-ja's Japanese
    vertical form, a bracket upright and a colon on its side (its box's long side across the
    column) fails; the words of ``pdftotext -bbox`` are read in TeX pt, unescaped."""
    html = (
        '<page width="420" height="595"><word xMin="10" yMin="20" xMax="24" yMax="40">︒</word>'
        '<word xMin="10" yMin="34" xMax="24" yMax="54">「</word>'
        '<word xMin="10" yMin="48" xMax="30" yMax="62">：</word></page>'
        '<page width="420" height="595"><word xMin="10" yMin="20" xMax="24" yMax="40">。</word>'
        '<word xMin="10" yMin="34" xMax="24" yMax="54">﹁</word>'
        '<word xMin="10" yMin="48" xMax="24" yMax="68">&amp;</word></page>'
    )
    pages = cv.read_glyphs(html)
    assert [g.text for g in pages[1]] == ["。", "﹁", "&"]
    assert pages[0][0].x1 == pytest.approx(24 / cv.TEX_PT) and pages[0][2].turned
    assert cv.form_faults(pages) == [
        "p.1: marks in the Japanese vertical forms 「︒」",
        "p.1: brackets upright, not in their vertical forms 「「」",
        "p.1: marks set on their side 「：」",
    ]
    assert cv.mark_pages(pages) == [2]
    mark = cv.MarkOffset(52, "。", 14.0, 0.28, -0.29)
    assert mark.off and str(mark) == "p.52 「。」 (14.0 pt) +0.28 across, -0.29 along"
    assert not cv.MarkOffset(3, "；", 8.0, -0.02, None).off


# -- a second edition builds its vertical book ------------------------------------------------


@pytest.mark.sphinx("xsvertical", testroot="xiangyinjiuli")
def test_a_sibling_edition_builds_its_vertical_book(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    out = (app.outdir / "xiangyinjiuli-zhipai.tex").read_text(encoding="utf-8")
    assert "\\xsvsetup{book={鄉飲酒禮},chapter={鄉飲酒禮}" in out
    assert "\\xsvtitlepage[標點本]{鄉飲酒禮}" in out
    assert "\\xsvpart{鄉飲酒禮：謀賓至拜至}" in out
    for name in ("xsvertical.sty", "xsvertical.lua", "jfm-xszhv.lua"):
        assert (app.outdir / name).is_file()


@pytest.mark.sphinx(
    "xsvertical",
    testroot="xiangyinjiuli",
    confoverrides={"xs_vertical_baiwen": True, "xs_vertical_name": "baiwen"},
)
def test_the_baiwen_book_says_what_it_is_and_has_no_punctuation_in_its_headings(
    app: SphinxTestApp,
) -> None:
    app.build()
    out = (app.outdir / "baiwen.tex").read_text(encoding="utf-8")
    assert "\\xsvtitlepage[無標點本]{鄉飲酒禮}" in out
    assert "\\xsvpart{鄉飲酒禮　謀賓至拜至}{xsv-part-1}" in out
    headings = re.findall(r"^\\xsv(?:part|phase)\{(.*?)\}", out, re.M)
    assert headings and not set("".join(headings)) & layout.PUNCTUATION


@pytest.mark.sphinx(
    "xsvertical",
    testroot="xiangyinjiuli",
    confoverrides={"xs_vertical_conventions": [["注", "鄭注雙行夾於經文之間。"]]},
)
def test_the_book_has_a_fanli_of_its_sigla_and_conventions(app: SphinxTestApp) -> None:
    """After the title page, the 凡例 its 校記 refer to (見凡例): the sigla they cite, from the
    sigla table, then the edition's items (xs_vertical_conventions)."""
    app.build()
    assert app.warning.getvalue() == ""
    out = (app.outdir / "xiangyinjiuli-zhipai.tex").read_text(encoding="utf-8")
    fanli = out.index("\\begin{xsvconventions}{凡例}")
    assert out.index("\\xsvtitlepage") < fanli < out.index("\\xsvbegin")
    assert "\\xsvconventionsitem{校本}{叢（四部叢刊本）。}" in out
    assert "\\xsvconventionsitem{注}{鄭注雙行夾於經文之間。}" in out


@pytest.mark.sphinx(
    "xsvertical", testroot="xiangyinjiuli", confoverrides={"xs_vertical_conventions": [["注"]]}
)
def test_a_bad_item_of_the_fanli_is_refused(app: SphinxTestApp) -> None:
    assert "xs_vertical_conventions must hold [label, text] pairs" in app.warning.getvalue()


@pytest.mark.sphinx(
    "xsvertical",
    testroot="xiangyinjiuli",
    confoverrides={"xs_vertical_head": [["鄉飲酒禮第四"], []], "xs_vertical_tail": "儀禮"},
)
def test_a_bad_head_or_tail_title_is_refused(app: SphinxTestApp) -> None:
    warnings = app.warning.getvalue()
    assert "xs_vertical_head must hold columns, each a list of words, not []" in warnings
    assert "xs_vertical_tail must hold columns, each a list of words, not '儀禮'" in warnings


def test_an_item_of_the_fanli_is_never_split_between_pages(tmp_path: Path) -> None:
    """The 凡例 stands on unframed pages after the title page; an item that does not fit on
    the page goes whole to the next (its record names the page it begins on)."""
    book = tex.Book(
        "書",
        "篇",
        conventions_title="凡例",
        conventions=(("甲", "經" * 250), ("乙", "注" * 250)),
    )
    record = _set(tmp_path, _parts(("丙", 1)), book=book)
    items = [
        (n, text[:1])
        for n, page in enumerate(record.pages, 1)
        for kind, text in page.records
        if kind == "t" and text[:1] in "甲乙"
    ]
    assert items == [(2, "甲"), (3, "乙")]
    assert not any(kind == "r" for page in record.pages[:3] for kind, _ in page.records)


# -- the book of this edition -----------------------------------------------------------------


@pytest.mark.edition
def test_the_book_holds_every_step_and_note() -> None:
    """Every column's record (its third argument) is what the engine placed in it; together
    they are the 經 of every step with its 注, in order."""
    if not TEX.is_file():
        pytest.skip("no _build/vertical/xiangsheli-zhipai.tex (make vertical)")
    source = TEX.read_text(encoding="utf-8")
    recs = re.findall(r"^\\xsvcol\{.*\}\{(.*)\}$", source, re.M)
    edition = (ROOT / "source" / "_edition" / "commentary.tsv").read_text(encoding="utf-8")
    notes = [ln.rsplit("\t", 1)[-1] for ln in edition.splitlines()[1:] if ln.startswith("xs-")]
    text = "".join(recs)
    assert len(notes) == 382
    at = 0
    for note in notes:
        at = text.index(note, at)  # in order, each once
    heads = re.findall(r"\\xsvhead\{(\d+)\}", source)
    assert heads == [str(n) for n in range(1, len(heads) + 1)] and len(heads) == 544


@pytest.mark.edition
def test_no_note_of_the_book_leaves_a_lone_character() -> None:
    """In the book, a 夾注 segment of one character is a note of one character."""
    if not TEX.is_file():
        pytest.skip("no _build/vertical/xiangsheli-zhipai.tex (make vertical)")
    source = TEX.read_text(encoding="utf-8")
    segments = re.findall(r"\\xsvjz\{([^{}]*)\}\{([^{}]*)\}", source)
    assert len(segments) > 382
    rows = (ROOT / "source" / "_edition" / "commentary.tsv").read_text(encoding="utf-8")
    ones = sum(
        1 for ln in rows.splitlines() if ln.startswith("xs-") and len(ln.rsplit("\t", 1)[-1]) == 1
    )
    assert sum(1 for r, left in segments if len(r + left) == 1) == ones


# -- the gates: tools/check_vertical.py -------------------------------------------------------

PDF = ROOT / "_build" / "vertical" / "xiangsheli-zhipai.pdf"


def test_overfull_boxes_over_two_points_fail() -> None:
    log = (
        "Overfull \\hbox (1.5pt too wide) in paragraph at lines 3--4\n"
        "Overfull \\vbox (12.25pt too high) has occurred while \\output is active\n"
    )
    assert [pt for pt, _ in cv.overfull_boxes(log)] == [1.5, 12.25]
    with pytest.raises(cv.Failure, match="1 overfull box"):
        cv.check_overfull(log)
    assert "1 in all" in cv.check_overfull(log.splitlines()[0])
    with pytest.raises(cv.Failure, match="1 missing character"):
        cv.check_log("Missing character: There is no 𩔖 in font x!\n")


def test_a_page_must_print_what_its_record_holds() -> None:
    page = cv.Page(2, "2", [("c", "鄉射之禮。主人"), ("d", "1"), ("r", "儀禮 二")])
    # pdftotext's vertical forms (︒) count as the marks they stand for; order is free
    assert cv.page_differences(["人主禮之射鄉︒\n1 儀禮\n二"], [page]) == []
    (bad,) = cv.page_differences(["鄉射之禮︒主 1 儀禮二 甲"], [page])
    assert "printed but not recorded 「甲」" in bad and "recorded but not printed 「人」" in bad
    assert cv.page_differences([], [page]) == ["0 pages in the PDF, 1 in the record"]


def test_a_column_that_begins_with_a_closing_mark_fails() -> None:
    pages = [
        cv.Page(52, "52", [("c", "奏《騶虞》"), ("c", "，間若一。」"), ("a", "，校記")]),
        cv.Page(53, "53", [("h", "「記」"), ("c", "某酬某子。「"), ("c", "」某者字也")]),
    ]
    assert cv.break_faults(pages) == [
        "p.52 column 2 begins with 「，」: 「，間若一。」…」",
        "p.53 column 2 ends with 「「」: 「…某酬某子。「」",
        "p.53 column 3 begins with 「」」: 「」某者字也…」",
    ]
    with pytest.raises(cv.Failure, match="3 break"):
        cv.check_breaks(cv.Record((0, 0, 1, 1), 1, 1, (1, 1, 1), pages))
    assert cv.break_faults([cv.Page(52, "52", [("c", "虞》，間若一。」"), ("h", "。")])]) == []
    assert cv.break_faults([cv.Page(19, "19", [("r", "書"), ("b", ""), ("h", "第一番射")])]) == [
        "p.19 begins with a blank column"
    ]


def test_each_bookmark_goes_to_its_own_heading() -> None:
    """The PDF's outline, the book's only table of contents: a bookmark named with the title's
    Han characters loses them in the PDF (".0", ".1"), and every bookmark went to the last page."""
    pages = [
        cv.Page(4, "4", [("h", "射前"), ("h", "戒賓"), ("c", "鄉射之禮")]),
        cv.Page(5, "5", [("c", "主人戒賓"), ("h", "陳設")]),
    ]
    tex = (
        "\\xsvpart{射前}{xsv-part-1}\n"
        "\\xsvphase{戒賓}{xsv-phase-2}\n"
        "\\xsvphase{陳設}{xsv-phase-3}\n"
    )
    dests = (
        '   4 [ XYZ  269  451 null      ] "xsv-part-1.0"\n'
        '   4 [ XYZ  245  451 null      ] "xsv-phase-2.1"\n'
        '   5 [ XYZ  245  451 null      ] "xsv-phase-3.1"\n'
    )
    assert cv.outline_faults(tex, dests, pages) == []
    astray = tex.replace("{xsv-part-1}", "{射前}").replace("{xsv-phase-2}", "{}")
    assert cv.outline_faults(astray, dests, pages) == [
        "射前: no destination '射前.0' (bookmarks go astray)",
        "戒賓: no destination '.1' (bookmarks go astray)",
    ]
    wrong = dests.replace("   5 [", "   4 [").replace("   4 [ XYZ  269", "   5 [ XYZ  269")
    assert cv.outline_faults(tex, wrong, pages) == [
        "射前: its bookmark goes to p.5, which does not print it",
        "戒賓: its bookmark (p.4) comes before the previous one's",
        "陳設: its bookmark goes to p.4, which does not print it",
        "陳設: its bookmark (p.4) comes before the previous one's",
    ]


def test_a_rule_with_no_note_after_it_fails() -> None:
    last = cv.Page(66, "66", [("c", "儀禮卷第五"), ("s", ""), ("t", "底本某本")])
    assert cv.colophon_faults([last]) == ["p.66: a rule before 校記, and no 校記"]
    last.records = [("c", "唯"), ("s", ""), ("d", "94"), ("a", "唯…"), ("t", "底本某本")]
    assert cv.colophon_faults([last]) == []


def test_a_colophon_before_a_note_fails() -> None:
    last = cv.Page(76, "76", [("c", "唯"), ("d", "94"), ("t", "底本某本"), ("a", "唯…")])
    assert cv.colophon_faults([last]) == ["p.76: a 校記 after the colophon"]
    last.records = [*last.records[:2], last.records[3], last.records[2]]
    assert cv.colophon_faults([last]) == []
    with pytest.raises(cv.Failure, match="after the colophon"):
        cv.check_colophon(
            Path("unread.pdf"),
            cv.Record(
                (0, 0, 1, 1), 1, 1, (1, 1, 1), [last, cv.Page(77, "77", [("t", "x"), ("a", "y")])]
            ),
        )


def _filled(*pages: list[tuple[str, str]]) -> cv.Record:
    """A record of framed pages of the book's measures (ten columns a page)."""
    return cv.Record(
        (96.45, 144.75, 228.2, 308.0),
        23.8,
        14.0,
        (7.0, 2.2, 22.0),
        [cv.Page(n, str(n), [("r", "書"), *recs]) for n, recs in enumerate(pages, 1)],
    )


def test_a_page_left_short_fails_unless_the_next_opening_needs_more_room() -> None:
    """Eight columns and nothing after them, before a page that opens with a column: two column
    places left empty, a fault; before a part's title (the blank, the titles and a column stay
    together: four places) or a phase's title with a column (two places, one empty), none; a
    place left so that the next page does not open with a fragment is no fault either, but a
    fragment the page before had room for is."""
    c, end = [("c", "經")], [("t", "底本某本")]
    empty, frags = cv.fill_faults(_filled(c * 8, c * 10, end), [[]] * 3, set())
    assert empty == ["p.1 leaves 2 column place(s) empty, and p.2 opens with what needs 1"]
    assert frags == []
    part = [("h", "乙"), ("h", "乙節"), *c]
    assert cv.fill_faults(_filled(c * 8, part, end), [[]] * 3, {"乙"}) == ([], [])
    assert cv.fill_faults(_filled(c * 9, [("h", "乙節"), *c], end), [[]] * 3, set()) == ([], [])
    widow = [*c, *c, ("f", "1"), *c]
    assert cv.fill_faults(_filled(c * 9, widow, end), [[]] * 3, set()) == ([], [])
    fragment = [*c, ("f", "1"), *c]
    empty, frags = cv.fill_faults(_filled(c * 9, fragment, end), [[]] * 3, set())
    assert frags == ["p.2 opens with a fragment, though p.1 had room for its column"]
    # a page of seven columns whose 校記 stand a column's place after the last (read from the PDF)
    notes = [cv.Glyph("某", 110.0, 150.0, 118.0, 158.0)]
    short = _filled([*c * 7, ("a", "某")], c * 10, end)
    assert cv.empty_places(short, short.pages[0], notes) == 1
    notes = [cv.Glyph("某", 137.0, 150.0, 145.0, 158.0)]
    assert cv.empty_places(short, short.pages[0], notes) == 0


def test_a_number_on_its_side_in_the_colophon_fails() -> None:
    """「0.1.0」 set on its side (a word of Latin as high across the column as the face) is a
    fault; each of its numbers upright (縱中橫) is not, nor 「4.0」 after 「CC BY-SA」 in its
    column (a name), nor the Latin word 「.dev0」 of a development version."""
    turned = cv.Glyph("0.1.0", 119.35, 176.49, 130.64, 192.88)
    upright = [
        cv.Glyph(t, 122.39, 174.5 + 8.6 * i, 126.38, 185.8 + 8.6 * i) for i, t in enumerate("0·1·0")
    ]
    name = [
        cv.Glyph("BY-SA", 107.4, 190.65, 118.69, 215.34),
        cv.Glyph("4.0", 107.4, 217.99, 118.69, 228.18),
    ]
    assert cv.turned_numbers([turned]) == ["0.1.0"]
    assert cv.turned_numbers([*upright, *name]) == []
    assert cv.turned_numbers(name[1:]) == ["4.0"]
    # a development version: its numbers upright, its 「.dev0」 a Latin word on its side
    assert cv.turned_numbers([*upright, cv.Glyph(".dev0", 119.35, 218.73, 130.64, 237.11)]) == []


def _record(tmp_path: Path) -> cv.Record:
    path = tmp_path / "x.xsvpages"
    path.write_text(
        "block 20 30 52 40 12 8\nframe 2 1 6\npage 1 1\nr 書\nc 一二\nb \nc 三\n", encoding="utf-8"
    )
    return cv.read_record(path)


def _ink(record: cv.Record, *rects: tuple[float, float, float, float]) -> cv.Ink:
    """A page 100 × 100 pt with ink in ``rects`` (pt)."""
    ink = cv.Ink(round(100 * 100 / 72 * cv.TEX_PT), round(100 * 100 / 72 * cv.TEX_PT), b"")
    grey = bytearray(b"\xff" * (ink.width * ink.height))
    for x0, y0, x1, y1 in rects:
        c0, r0, c1, r1 = ink._box(x0, y0, x1, y1)
        for r in range(r0, r1):
            grey[r * ink.width + c0 : r * ink.width + c1] = b"\x00" * (c1 - c0)
    ink.pixels = bytes(grey)
    return ink


def test_the_look_of_a_page_columns_and_frame(tmp_path: Path) -> None:
    record = _record(tmp_path)
    page = record.pages[0]
    # block x 20–72, y 30–70; slot 0 centred at 68, slot 1 (blank) at 56, slot 2 at 44
    columns = [(65, 32, 71, 68), (41, 32, 47, 50)]
    assert cv.look(_ink(record, *columns), record, page) == "p.1 2 columns"
    with pytest.raises(cv.Failure, match=r"column places \[0, 1, 2\]"):
        cv.look(_ink(record, *columns, (53, 32, 59, 60)), record, page)
    with pytest.raises(cv.Failure, match="outside the 版框"):
        cv.look(_ink(record, *columns, (85, 80, 90, 90)), record, page)
    with pytest.raises(cv.Failure, match="ink beyond its columns"):
        cv.look(_ink(record, *columns, (22, 32, 26, 60)), record, page)
    with pytest.raises(cv.Failure, match="blank"):
        cv.look(_ink(record), record, page)
    assert cv.sample_pages(75) == [1, 2, 38, 75] and cv.sample_pages(1) == [1]


BAIWEN = ROOT / "_build" / "vertical-baiwen" / "xiangsheli-baiwen.pdf"


@pytest.mark.edition
@pytest.mark.parametrize("pdf", [PDF, BAIWEN], ids=["zhipai", "baiwen"])
def test_the_vertical_book_passes_its_gates(pdf: Path) -> None:
    """tools/check_vertical.py on the built books (the punctuated one, ``make vertical``, and
    the 白文, ``make vertical-baiwen``): no missing glyph, no overfull box over 2 pt, fonts
    embedded, every page's characters those its record names, sample pages in the 版框."""
    tex_file = pdf.with_suffix(".tex")
    if not pdf.is_file():
        tool_missing(f"no {pdf.relative_to(ROOT)} (make vertical vertical-baiwen)")
    if pdf.stat().st_mtime < tex_file.stat().st_mtime:
        tool_missing(f"{pdf.name} is older than its .tex (run make)")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_vertical.py"), str(pdf)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.edition
def test_the_baiwen_book_is_the_text_without_punctuation() -> None:
    """The 白文 book: the same characters as the punctuated one, less its punctuation; its
    夾注 and 校記 all there but the 校記 of punctuation (kind punctuation: app-095), which
    it has nothing to show of; its own title in the PDF's properties."""
    tex_file = BAIWEN.with_suffix(".tex")
    if not tex_file.is_file() or not TEX.is_file():
        tool_missing("no _build/vertical-baiwen/xiangsheli-baiwen.tex (make vertical-baiwen)")
    baiwen, full = tex_file.read_text(encoding="utf-8"), TEX.read_text(encoding="utf-8")
    entries = ap.load_entries(ROOT / "source" / "_edition" / "apparatus.toml")
    of_punctuation = {str(int(e.id.split("-")[1])) for e in entries if e.kind == "punctuation"}
    assert "95" in of_punctuation
    unshown = re.compile(rf"\\xsvmark\{{(?:{'|'.join(of_punctuation)})\}}")
    recs = {
        name: "".join(re.findall(r"^\\xsvcol\{.*\}\{(.*)\}$", source, re.M))
        for name, source in (("baiwen", baiwen), ("full", unshown.sub("", full)))
    }
    assert recs["baiwen"] == layout.strip_punctuation(recs["full"])
    assert not set(recs["baiwen"]) & layout.PUNCTUATION
    for macro in (r"\\xsvnote\{(\d+)\}", r"\\xsvmark\{(\d+)\}"):
        printed = re.findall(macro, full)
        assert of_punctuation <= set(printed)
        assert re.findall(macro, baiwen) == [n for n in printed if n not in of_punctuation] != []
    assert "pdftitle={儀禮·鄉射禮（無標點直排本）}" in baiwen
    # each book says what it is: on its title page, and in its PDF title, which for neither
    # is the edition's (彙校譯注本: the vertical books have no translation)
    assert "\\xsvtitlepage[無標點本]{" in baiwen and "\\xsvtitlepage[標點本]{" in full
    assert "pdftitle={儀禮·鄉射禮（標點直排本）}" in full
    headings = re.findall(r"^\\xsv(?:part|phase)\{(.*?)\}", baiwen, re.M)
    assert "射前　戒賓　陳設　速賓" in headings
    assert not set("".join(headings)) & layout.PUNCTUATION
