"""The vertical book (直排經注本): the engine's layout of the columns (pure), its LaTeX, the
builder on a second edition, and the book written for this one (``make vertical``)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))

from ritual.vertical import layout, records, tex  # noqa: E402
from ritual.vertical.layout import Char, Jiazhu, Mark  # noqa: E402

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


def test_a_closing_mark_never_begins_a_column() -> None:
    step = layout.Step("a-1", "1", "一二三四。五")
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert cols[0].text == "一二三" and cols[1].text == "四。五"


def test_an_opening_mark_never_ends_a_column() -> None:
    step = layout.Step("a-1", "1", "一二三「四」")
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert cols[0].text == "一二三" and cols[1].text.startswith("「四")


def test_a_marker_travels_with_its_character() -> None:
    step = layout.Step("a-1", "1", "一二三四。五", markers=(layout.Marker(4, 3),))
    cols = _text_columns(layout.layout(_part(step), cells=4))
    assert [type(p) for p in cols[1].pieces[:3]] == [Char, Mark, Char]
    assert cols[1].markers == [3]


def test_baiwen_leaves_out_the_punctuation_of_the_jing_and_the_zhu() -> None:
    step = layout.Step("a-1", "1", "「賓」出迎，再拜。", notes=(layout.Note(9, "出，門也"),))
    (col,) = _text_columns(layout.layout(_part(step), cells=22, baiwen=True))
    assert col.text == "賓出迎再拜出門也"


def test_parts_are_parted_by_a_blank_column() -> None:
    parts = _part(layout.Step("a-1", "1", "一")) * 2
    kinds = [c.kind for c in layout.layout(parts, cells=8)]
    assert kinds == ["part", "phase", "text", "blank", "part", "phase", "text"]


def test_a_column_too_short_is_refused() -> None:
    with pytest.raises(ValueError, match="too short"):
        layout.layout([], cells=3)


# -- the records and the LaTeX ----------------------------------------------------------------


def test_commentary_rows_are_placed_on_their_lemmas(tmp_path: Path) -> None:
    path = tmp_path / "commentary.tsv"
    path.write_text(
        "# header\nid\tstep\tstart\tend\tfrom\tlemma\twitness\tpages\tsupplied\ttext\n"
        "a-1-z1\ta-1\t0\t2\t\t賓出\t叢\t1a\t\t出門也\n"
        "a-1-z2\ta-1\t0\t2\t\t主人\t叢\t1a\t\t錯\n"
        "a-9-z1\ta-9\t0\t1\t\t一\t叢\t1a\t\t無此節\n",
        encoding="utf-8",
    )
    rows = records.read_commentary(path)
    assert [r.line for r in rows] == [3, 4, 5]
    placed, bad = records.notes_by_step(rows, {"a-1": "賓出。"})
    assert placed == {"a-1": (layout.Note(2, "出門也"),)}
    assert [n.id for n, _ in bad] == ["a-1-z2", "a-9-z1"]
    assert records.read_commentary(tmp_path / "none.tsv") == []


def test_tex_escapes_and_writes_each_note_after_its_column() -> None:
    assert tex.escape("50%{}") == r"50\%\{\}"
    step = layout.Step("a-1", "1", "賓出。", markers=(layout.Marker(1, 4),))
    cols = layout.layout(_part(step), cells=8)
    note = tex.Note(4, "賓", (("賔", "叢"),), "")
    out = tex.document(cols, {4: note}, tex.Design(), tex.Book("書", "篇", ids={"1": "a-1"}))
    assert "\\documentclass[tate," in out and "line_length=22zw" in out
    col_at = out.index("\\xsvcol{\\xsvhead{1}}{\\xsvanchor{a-1}賓\\xsvmark{4}出。}")
    assert out.index("\\xsvnote{4}{賓}{\\xsvrdg{賔}{叢}}{}{賓賔叢}") > col_at


# -- a second edition builds its vertical book ------------------------------------------------


@pytest.mark.sphinx("xsvertical", testroot="xiangyinjiuli")
def test_a_sibling_edition_builds_its_vertical_book(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    out = (app.outdir / "xiangyinjiuli-zhipai.tex").read_text(encoding="utf-8")
    assert "\\xsvsetup{book={鄉飲酒禮},chapter={鄉飲酒禮}" in out
    for name in ("xsvertical.sty", "xsvertical.lua", "jfm-xszhv.lua"):
        assert (app.outdir / name).is_file()


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
