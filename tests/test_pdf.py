"""The print edition passes tools/check_pdf.py (fonts, glyphs, metadata, bookmarks, text).

The PDF takes a LaTeX build (``make pdf``); these tests check the one in ``_build/latex`` and
skip when it has not been built. ``make test`` builds it first.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import tool_missing

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "_build" / "latex" / "xiangsheli.pdf"
EDITION = ROOT / "_build" / "html" / "edition.json"
sys.path.insert(0, str(ROOT))

from tools import check_pdf  # noqa: E402


def _stale() -> bool:
    """Whether the PDF is older than a page, the edition's data or the print glue (checks would
    mislead)."""
    sources = [
        *(p for p in (ROOT / "source").rglob("*") if p.is_file()),
        *(ROOT / "_ext" / "ritual" / "latex").glob("*"),
        ROOT / "conf.py",
    ]
    return PDF.stat().st_mtime < max(p.stat().st_mtime for p in sources)


def test_check_pdf_passes() -> None:
    if not PDF.is_file() or not EDITION.is_file():
        tool_missing("no _build/latex/xiangsheli.pdf or _build/html/edition.json (make html pdf)")
    if _stale():
        tool_missing("_build/latex/xiangsheli.pdf is older than its sources (run `make pdf`)")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_pdf.py"), str(PDF), "--edition", str(EDITION)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_apparatus_names_steps_by_the_numbers_the_print_gives() -> None:
    """A 校記's note names steps as the book does, by the number in its margin and linked
    (「第26節注」, 「（第34、38節）」): from step 301 on an id and its number differ."""
    tex_file = PDF.with_suffix(".tex")
    if not tex_file.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.tex (run `make pdf`)")
    tex = tex_file.read_text(encoding="utf-8")
    assert (
        "\\xsappnotesep{}第\\xsecglue{}\\xsloc{rite/drinking:xs-0026}{26}\\xsecglue{}節注「三讓而主"
    ) in tex
    assert (
        "（第\\xsecglue{}\\xsloc{rite/drinking:xs-0034}{34}、\\xsloc{rite/drinking:xs-0038}{38}"
        "\\xsecglue{}節）"
    ) in tex
    notes = []
    for m in re.finditer(r"\\xsappnotesep\{\}", tex):
        depth, end = 0, m.end()
        while depth >= 0:  # to the brace that closes the entry's macro
            depth += {"{": 1, "}": -1}.get(tex[end], 0)
            end += 1
        notes.append(tex[m.end() : end - 1])
    assert len(notes) > 150 and all("\\xssteptext" not in n for n in notes)
    assert [n for n in notes if re.search(r"(?<![{:])xs-\d{4}", n)] == []


def test_no_linked_step_number_touches_han() -> None:
    """xeCJK spaces Han from digits (「第 17 節」) only where it sees both; beside a link's macro
    it cannot, so the writer puts the space in: no linked number in the book may touch Han
    (「第7至14節」 printed tight in the plans' captions, 「見第34節」 in the notes)."""
    tex_file = PDF.with_suffix(".tex")
    if not tex_file.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.tex (run `make pdf`)")
    tex = tex_file.read_text(encoding="utf-8")
    han = "[\u3400-\u9fff]"
    link = r"(?:\\xsloc\{[^}]*\}|\{\\hyperref\[[^]]*\]\{\\sphinxcrossref\{\\DUrole\{xs-stepref\})"
    touching_before = re.findall(rf"{han}{link}\{{\d", tex)
    touching_after = re.findall(rf"{link}\{{[^{{}}]*\d\}}\}}*{han}", tex)
    assert touching_before == [] and touching_after == []
    assert tex.count("見第\\xsecglue{}\\xsloc{") > 50  # the back-references' notes


def _pdftotext(*options: str) -> str:
    """The book's text by poppler's pdftotext with ``options``."""
    command = ["pdftotext", *options, str(PDF), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def test_a_bold_label_keeps_to_its_colon() -> None:
    """\\textbf ends with an italic correction, which the bold CJK face makes 1.13 pt: it parted
    the 凡例's bold labels from their colons (「存異 ：」, 「網頁 ：」)."""
    if not PDF.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.pdf (run `make pdf`)")
    text = _pdftotext("-layout", "-enc", "UTF-8")
    assert "存異：諸本" in text and "網頁：注" in text
    assert re.findall(r"[\u4e00-\u9fff] +：", text) == []


def test_no_reference_leads_out_of_the_book() -> None:
    """The preface links the site's stage and data pages, which the book does not hold: Sphinx
    wrote a ``\\hyperref`` to each, undefined in the book (a link to nowhere in the PDF). The
    book's translator prints their words alone."""
    log = PDF.with_suffix(".log")
    if not log.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.log (run `make pdf`)")
    text = log.read_text(encoding="utf-8", errors="replace")
    assert re.findall(r"(?:Hyper )?[Rr]eference `([^']+)' on page \S+ undefined", text) == []
    tex = PDF.with_suffix(".tex").read_text(encoding="utf-8")
    assert "\\DUrole{doc}{資料與介面}" in tex and "{data::doc}" not in tex


def test_no_line_runs_visibly_past_its_measure() -> None:
    """TeX's overfull lines: the 凡例's table of forms set 「閒6 間3」 on one line 5.9pt wider
    than its column (its counts now stand a line each, as the other cells'). What remains is
    tabulary's own rounding of its columns, under 3pt. No overfull page or column at all."""
    log = PDF.with_suffix(".log")
    if not log.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.log (run `make pdf`)")
    text = log.read_text(encoding="utf-8", errors="replace")
    overfull = [float(x) for x in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", text)]
    assert max(overfull, default=0) < 3, overfull
    # nor a column or page past its foot: the 人物索引's last page balanced one column a line
    # (7.2pt) below the text block, within multicol's allowance of 12pt
    assert re.findall(r"Overfull \\vbox \(([\d.]+)pt too high\)", text) == []
    tex = PDF.with_suffix(".tex").read_text(encoding="utf-8")
    assert "{閒6}\\DUrole{xs-cellbreak}{ }\\DUrole{xs-nowrap}{間3}" in tex


def _lines(page_text: str) -> list[tuple[float, str]]:
    """A page's lines from ``pdftotext -bbox-layout``: their foot (yMax, in bp) and text."""
    line = re.compile(
        r'<line xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</line>', re.S
    )
    return [
        (float(m.group(1)), "".join(re.findall(r">([^<]*)</word>", m.group(2))))
        for m in line.finditer(page_text)
    ]


def test_lines_of_zhu_alone_take_the_zhus_leading() -> None:
    """A paragraph's lines are spaced by the \\baselineskip in force at its end: a long 注 ran at
    the 原文's 24pt. A line of 注 alone now comes 18pt below the line before it; two lines of
    原文 stay 24pt apart."""
    if not PDF.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.pdf (run `make pdf`)")
    xml = _pdftotext("-bbox-layout")

    def gap(first: str, second: str) -> float:
        for page in xml.split("<page ")[1:]:
            lines = _lines(page)
            a = [y for y, text in lines if text.startswith(first)]
            b = [y for y, text in lines if text.startswith(second)]
            if a and b:
                return b[0] - a[0]
        raise AssertionError(f"no page with both {first} and {second}")

    # 注 of step 2: two lines of it alone, one after the other; 18pt = 17.93bp
    assert abs(gap("警也語也出迎", "不謀賓者時不獻") - 17.93) < 0.2
    # step 66: two lines of 原文 (the first with two 注 in it); 24pt = 23.91bp
    assert abs(gap("祭如賓禮", "阼階上，北面坐卒爵") - 23.91) < 0.2


def test_every_printed_apparatus_entry_ends_with_its_number() -> None:
    """The 凡例 cites 校記 by number (「校記 7」, gaps 6, 23, 71, 84): keyed by step and lemma
    alone, the print's notes gave the reader no way to find one."""
    tex_file = PDF.with_suffix(".tex")
    if not tex_file.is_file() or not EDITION.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.tex (run `make html pdf`)")
    tex = tex_file.read_text(encoding="utf-8")
    text = re.findall(r"(?<!譯文)校記 (\d+)\}", tex)
    translation = re.findall(r"\}\{譯文校記 (\d+)\}", tex)
    data = json.loads(EDITION.read_text(encoding="utf-8"))
    printed = {int(a) for a in text}
    # the 校記 (the forms corrected as a class have none), each once and with its number
    # 90 of the witnesses' readings, 4 of the base's punctuation (95-98)
    assert tex.count("\\xsappnote{") == len(text) == len(printed) == 94
    assert tex.count("\\xstrnote{") == len(translation)
    assert printed.isdisjoint({6, 23, 71, 84}) and max(printed) == 98
    assert len(translation) == sum(len(s["translation_apparatus"]) for s in data["steps"])


def test_the_list_of_plans_lists_every_plan_with_its_page() -> None:
    """After the contents, 圖目: each of the plans by its number and title, with its page, so
    that the print's reader finds a plan as the site's finds it by its link."""
    lof = PDF.with_suffix(".lof")
    if not lof.is_file() or not EDITION.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.lof (run `make html pdf`)")
    entries = re.findall(
        r"\\contentsline \{figure\}\{\\numberline \{(圖[^}]+)\}(.*?)\}\{(\d+)\}",
        lof.read_text(encoding="utf-8"),
    )
    diagrams = json.loads(EDITION.read_text(encoding="utf-8"))["diagrams"]
    assert [title for _, title, _ in entries] == [d["title"] for d in diagrams]
    assert entries[0][0] == "圖一" and len({n for n, _, _ in entries}) == len(diagrams)
    pages = [int(page) for _, _, page in entries]
    assert pages == sorted(pages)
    assert "圖目" in _pdftotext("-f", "1", "-l", "12", "-layout")


def test_an_opening_mark_parted_from_its_ellipsis_fails_the_breaks_check() -> None:
    """The 凡例's 注「…」 was set with 「 ending a line and …」 beginning the next."""
    bad = "註語引所據之文（注「\n⋯」、張「⋯」、疏「⋯」之類）\n"
    with pytest.raises(check_pdf.Failure, match="1 opening mark"):
        check_pdf.check_breaks(bad)
    assert "no opening mark" in check_pdf.check_breaks("註語引所據之文（注\n「⋯」、張「⋯」）\n")


def test_find_pieces_across_a_page_break() -> None:
    hay = "甲乙丙丁" + "68第一番射" + "戊己庚"
    assert check_pdf.find_pieces(hay, "甲乙丙丁戊己庚", 0) == len(hay)
    assert check_pdf.find_pieces(hay, "甲乙丙丁戊己辛", 0) is None


STEP = {
    "id": "x-1",
    "text": "主人答再拜，乃請。賓禮辭。",
    "translation": "主人答拜。",
    "commentary": [
        {"id": "x-1-z1", "start": 0, "end": 9, "text": "請告也"},
        {"id": "x-1-z2", "start": 9, "end": 13, "text": "辭謙也"},
    ],
}


def test_the_text_check_wants_every_note_after_its_lemma_in_order() -> None:
    """Issue 21: the 原文 is checked with its notes of 注, each after its lemma, opened by 【注】;
    a note missing, out of order or unmarked fails; 〔…〕 around a supplied part are aside."""
    assert check_pdf.text_runs(STEP) == [
        ("text", "主人答再拜，乃請。"),
        ("x-1-z1", "【注】請告也"),
        ("text", "賓禮辭。"),
        ("x-1-z2", "【注】辭謙也"),
    ]
    good = "主人答再拜，乃\n請。【注】請告\n也賓禮辭。【注】〔辭謙〕也\n主人答拜。"
    assert "2 notes of 注" in check_pdf.check_text(good, [STEP])
    for bad in (
        "主人答再拜，乃請。賓禮辭。主人答拜。",  # no notes
        "主人答再拜，乃請。請告也賓禮辭。辭謙也主人答拜。",  # unmarked
        "主人答再拜，乃請。【注】辭謙也賓禮辭。【注】請告也主人答拜。",  # swapped
    ):
        with pytest.raises(check_pdf.Failure, match="x-1-z"):
            check_pdf.check_text(bad, [STEP])


def test_an_index_entry_counted_0_fails() -> None:
    titles = " ".join(check_pdf.INDEX_TITLES)
    assert check_pdf.check_indexes(f"{titles} 拜 bài （12） 1, 2") == titles
    with pytest.raises(check_pdf.Failure, match="1 index entry with a count of 0"):
        check_pdf.check_indexes(f"{titles} 拜既爵 bài jì jué 飲畢而拜 （0） 不拜既爵 （3）")


def test_pdf_strings_decodes_utf16_bookmarks() -> None:
    data = b"<< /Title <FEFF5C04524D> /Parent 3 0 R >> << /Lang (zh-Hant) >>"
    assert check_pdf.pdf_strings(data, b"Title") == ["射前"]
    assert check_pdf.pdf_strings(data, b"Lang") == ["zh-Hant"]


def test_missing_character_fails(tmp_path: Path) -> None:
    (tmp_path / "x.log").write_text(
        "Missing character: There is no 𪜀 (U+2A700) in font [NotoSerifCJK-Regular.ttc:3]!\n",
        encoding="utf-8",
    )
    with pytest.raises(check_pdf.Failure, match="1 missing character"):
        check_pdf.check_log(tmp_path / "x.pdf")


def test_a_page_measure_geometry_ignores_fails(tmp_path: Path) -> None:
    """Sphinx's own hmargin beside the book's inner margin and text width: geometry ignored
    the width, and the text ran wider than the plans drawn to it."""
    (tmp_path / "x.log").write_text(
        "Package geometry Warning: Over-specification in `h'-direction.\n"
        "    `width' (364.0pt) is ignored.\n\n",
        encoding="utf-8",
    )
    with pytest.raises(check_pdf.Failure, match=r"over-specified in `h'-direction"):
        check_pdf.check_log(tmp_path / "x.pdf")


def test_pages_of_plans_after_a_parts_text_are_read(tmp_path: Path) -> None:
    """ritual.sty marks the pages LaTeX made of floats alone; a part's text page before its
    trailing plan pages is its last (the check exempts it as it does a part's last page)."""
    pages = tmp_path / "x.xspages"
    pages.write_text(
        "textblock 68 586 739\npage 1 1 1 0\npage 2 2 0 0\npage 3 3 0 1\npage 4 4 1\n",
        encoding="utf-8",
    )
    _, rows = check_pdf.read_pages(pages)
    assert [n for n, _, _ in rows] == [1, 2, 3, 4]  # the older form (no float field) reads too
    assert check_pdf.float_pages(pages) == {3}


def test_a_plan_left_out_of_the_book_fails(tmp_path: Path) -> None:
    """Printed as its caption alone (no SVG converter), a plan is missing from the TeX log's
    record of the drawings used: the check names it (the PDF was 109 pages, not 145)."""
    (tmp_path / "x.log").write_text(
        "File: _diagrams/fig-a.pdf Graphic file (type pdf)\n<use _diagrams/fig-a.pdf>\n",
        encoding="utf-8",
    )
    diagrams = [{"id": "fig-a"}, {"id": "fig-b"}]
    with pytest.raises(check_pdf.Failure, match="1 of the edition's 2 plans not printed: fig-b"):
        check_pdf.check_plans(tmp_path / "x.pdf", diagrams)
    assert (
        check_pdf.check_plans(tmp_path / "x.pdf", diagrams[:1])
        == "all 1 plans of the edition printed"
    )


#: Three Han (or kana) characters apart, as pdftotext lays out a line justified by spreading
#: them: 「譯 文 校 記 （底 本 譯 文 之 每 一 校 正）」.
SPREAD = re.compile(
    r"[\u4e00-\u9fff\u30a0-\u30ff] [\u4e00-\u9fff\u30a0-\u30ff] [\u4e00-\u9fff\u30a0-\u30ff]"
)


def test_no_line_is_spread_to_make_room() -> None:
    """A line justified before something that cannot break (a path, an address, a 校記's
    number) or before an entry of the apparatus that did not fit had its characters spread:
    the 凡例's 「無 標 點 本：另 有 不 加 句 讀 之 本」, the data files' 「譯 文 校 記」, and about
    thirty entries at the page foot (「系 為「繫」之 簡 體」). The prose of paths is set ragged
    (a {container} xs-paths), and an entry, or its number, may end a line short."""
    if not PDF.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.pdf (run `make pdf`)")
    pages = _pdftotext("-layout", "-enc", "UTF-8").split("\f")
    first = next(i for i, page in enumerate(pages) if "鄉射之禮。主人戒賓" in page)
    front = [line for page in pages[:first] for line in page.splitlines() if SPREAD.search(line)]
    assert front == []
    text = "".join(pages)
    assert "系為「繫」之簡體，繁簡轉換誤；繫靶之綱繩，當作繫。" in text
    assert len([line for line in text.splitlines() if SPREAD.search(line)]) <= 15


#: A witness's page cited after its siglum (「敖 005-33b」), as pdftotext gives the book's lines.
FOLIO = re.compile(r"[0-9]{3}-[0-9]{1,3}[ab]")


def test_a_witness_page_is_never_parted_across_lines() -> None:
    """Sphinx writes a hyphen as ``\\sphinxhyphen{}``, after which TeX may break: the
    如初諸例 printed 「（敖 005-｜33b）」 and 「（叢 005-｜35b）」. The book's translator boxes each
    page, and in those lists (set ragged) ties it to its siglum: 「（敖｜005-26b）」 had parted."""
    if not PDF.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.pdf (run `make pdf`)")
    pages = _pdftotext("-layout", "-enc", "UTF-8").split("\f")
    lines = [line.rstrip() for page in pages for line in page.splitlines()]
    assert len([m for line in lines for m in FOLIO.findall(line)]) > 150
    assert [line for line in lines if re.search(r"(?<![0-9])[0-9]{3}-$", line)] == []
    # the lists, from their first page (the contents name them too, and their running head
    # their last pages)
    ties = [i for i, page in enumerate(pages) if "所如在本篇之內者" in page][1]
    listed = [line.strip() for page in pages[ties:] for line in page.splitlines()]
    assert "（敖 005-26b）" in "".join(listed)
    parted = [
        (line, after)
        for line, after in itertools.pairwise(listed)
        if re.search(r"（[^\s（）]$", line) and FOLIO.match(after)
    ]
    assert parted == []


def test_the_list_of_plans_keeps_each_title_clear_of_its_number() -> None:
    """The 圖目 set its numbers in a 4.6em box: 「圖二十一」 (four characters, 4em) all but touched
    its title. Every title starts as far from its number's start, at least an em clear of the
    longest number."""
    if not PDF.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.pdf (run `make pdf`)")
    pages = _pdftotext("-bbox", "-f", "1", "-l", "12")
    words = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)</word>', pages
    )
    gaps, starts = [], set()
    for (x0, y, x1, w), (nx0, ny, _, nw) in itertools.pairwise(words):
        if re.fullmatch(r"圖[一二三四五六七八九十]+", w) and ny == y and not nw.isdigit():
            gaps.append(float(nx0) - float(x1))
            starts.add(round(float(nx0) - float(x0)))  # from the number (verso and recto)
    assert len(gaps) == 40, gaps
    size = 10.9  # the list's type, from its words' height (pt)
    assert min(gaps) > size and len(starts) == 1, (min(gaps), starts)


def test_a_long_reading_breaks_as_text_and_no_line_is_spread() -> None:
    """譯文校記 88 quotes a clause of the base 譯文 (18 characters): as an unbreakable box it
    spread its line at the page foot apart (「隨 即 跟 從 …」, TeX's one underfull text line).
    A reading longer than four characters is set as text (``\\xsrdgrun``); the short ones stay
    boxes."""
    log = PDF.with_suffix(".log")
    if not log.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.log (run `make pdf`)")
    tex = PDF.with_suffix(".tex").read_text(encoding="utf-8")
    assert "\\xsrdgrun{從至門外，拜謝賓屈尊駕臨，賓於是告退}{底}" in tex
    assert "\\xsrdg{一黨一 }{底}" in tex or "\\xsrdg{一黨一}{底}" in tex
    long_boxed = [r for r in re.findall(r"\\xsrdg\{([^{}]*)\}", tex) if len(r) > 4]
    assert long_boxed == []
    text = log.read_text(encoding="utf-8", errors="replace")
    underfull = re.findall(r"Underfull \\hbox \(badness \d+\) in paragraph at lines (\d+)--", text)
    lines = tex.splitlines()
    spread = [
        n for n in underfull if "xstrnote" in lines[int(n) - 1] or "xsappnote" in lines[int(n) - 1]
    ]
    assert spread == []


def test_a_reading_of_the_apparatus_never_parts_across_lines() -> None:
    """An entry at the page foot set 「一黨｜一 底」 (a reader's audit of 0.2.3): the reading it
    is about, the web copy's wrapper of 黨, split at the line's end. A reading (four characters
    at most) is now a box of its own (\\xsrdg), whatever the lines around it."""
    if not PDF.is_file() or _stale():
        tool_missing("no current _build/latex/xiangsheli.pdf (run `make pdf`)")
    pages = _pdftotext("-enc", "UTF-8").split("\f")
    first = next(i for i, page in enumerate(pages) if "鄉射之禮。主人戒賓" in page)
    text = "\f".join(pages[first:])
    assert re.findall(r"一[交黨]\s*\n\s*一 底", text) == []
    assert len(re.findall(r"一[交黨]一 底", text)) >= 8
