"""The bases of positions.tsv (issue 12, part 7): every ``text`` basis quotes the step, every
``注`` basis quotes 鄭注, every ``inferred`` basis gives a reason; a ``text`` facing is one the
quoted words state. The checks are those of ``tools/audit/positions_basis.py``."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import WITNESSES, require_shared
from ritual.core.diagram.positions import Row, basis_problems, load_rows

from tools.audit.positions_basis import (
    Folder,
    Sources,
    audit,
    check_row,
    commentary_texts,
    load_place_words,
    place_named,
    quotations,
    states_facing,
    zhu_by_step,
)

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "source" / "_edition" / "positions.tsv"
FOLD = Folder({"賔": "賓", "靣": "面"})


def row(step="xs-0002", place="門外", facing="北面", basis="text", fb="text", note=""):
    return Row(step, "主人", place, facing, basis, fb, note, line=1)


STEPS = {
    "xs-0001": "主人戒賓，賓出迎，再拜。",
    "xs-0002": "主人阼階上當楣北面再拜，賓西階上當楣北面答再拜。",
    "xs-0003": "賓進，東北面辭洗。",
    "xs-0451": "記。",
    "xs-0452": "立者，東面北上。",
}
ZHU = {"xs-0001": [], "xs-0002": ["主人拜賔至此堂"], "xs-0003": ["言東北靣則位南於洗矣"]}


# -- the loader's own checks ------------------------------------------------------------------


def test_basis_problems_need_the_warrant_of_each_basis() -> None:
    assert basis_problems(row(note="「主人阼階上當楣北面再拜」")) == []
    assert "quotes no words" in basis_problems(row(note="主人阼階上"))[0]
    assert "quotes no 注" in basis_problems(row(basis="注", note="「北面」"))[0]
    assert "no reason" in basis_problems(row(fb="inferred", note="「北面」"))[0]
    assert basis_problems(row(fb="inferred", note="「北面」; as at xs-0001")) == []
    assert "not one of" in basis_problems(row(fb="guess", note="「北面」"))[0]
    # no facing: no facing basis, and a facing basis without a facing is an error
    assert basis_problems(row(facing="", fb="", note="「賓」")) == []
    assert "but no facing" in basis_problems(row(facing="", fb="text", note="「賓」"))[0]


# -- the quotation checks ----------------------------------------------------------------------


def test_quotations_are_read_with_their_source() -> None:
    q = quotations("「甲」; xs-0033「乙」; 注「丙」; xs-0164 注：「丁」; 記「戊」; 敖「己」")
    assert [(x.src, x.ref, x.words) for x in q] == [
        ("", "", "甲"),
        ("", "xs-0033", "乙"),
        ("注", "", "丙"),
        ("注", "xs-0164", "丁"),
        ("記", "", "戊"),
        ("敖", "", "己"),
    ]


def test_a_facing_is_stated_only_by_its_own_word() -> None:
    assert states_facing("北面揖", "北面") and states_facing("北鄉", "北面")
    assert not states_facing("西北面獻賓", "北面")
    assert states_facing("賓主人之西，北面拜送", "北面")
    assert states_facing("西北面獻賓", "西北面")
    assert not states_facing("執旌負侯而俟", "北面")


def test_check_row_finds_false_quotations_and_unstated_facings() -> None:
    src = Sources(STEPS, ZHU)
    ok = row(note="「主人阼階上當楣北面再拜」")
    assert check_row(ok, src, FOLD) == []
    # words that are not the step's
    assert "not in the text of xs-0002" in check_row(row(note="「主人阼階下」"), src, FOLD)[0]
    # a text facing the quotation does not state
    bad = row(facing="西面", note="「主人阼階上當楣」")
    assert any("states 西面" in p for p in check_row(bad, src, FOLD))
    # elisions, punctuation and 異體字 do not matter; another step's words are looked up there
    assert check_row(row(note="「主人 … 北面再拜」; xs-0001「賓出迎」"), src, FOLD) == []
    assert check_row(row(note="xs-0001「主人阼階」"), src, FOLD)  # not xs-0001's words
    # the 注 of this step or a neighbour, or of the named step
    z = row(basis="注", fb="注", facing="東北面", note="注「言東北面，則位南於洗矣」")
    assert check_row(z, src, FOLD) == []
    far = row(step="xs-0001", basis="注", fb="inferred", note="xs-0003 注「位南於洗」; as there")
    assert check_row(far, src, FOLD) == []
    wrong = row(basis="注", fb="inferred", note="注「位北於洗」; as there")
    assert "not in the 注" in check_row(wrong, src, FOLD)[0]
    # the 記
    assert check_row(row(fb="inferred", note="「北面」; 記「立者，東面北上」"), src, FOLD) == []
    # without the witnesses a 注 quotation is not checked, but still required
    assert check_row(wrong, Sources(STEPS), FOLD) == []
    assert any("quotes no 注" in p for p in check_row(row(basis="注", note="「北面」"), src, FOLD))


# -- the edition's data ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def steps() -> dict[str, str]:
    """Step texts of the built edition when there is one, else read from the pages."""
    built = ROOT / "_build" / "html" / "edition.json"
    if not built.exists():
        pytest.skip("no _build/html/edition.json (run make html)")
    return {s["id"]: s["text"] for s in json.loads(built.read_text(encoding="utf-8"))["steps"]}


def test_every_basis_is_quoted_from_the_step(steps: dict[str, str]) -> None:
    """``text`` quotes the step, and a ``text`` facing is stated by the quoted words."""
    assert audit(load_rows(POSITIONS), Sources(steps)) == []


def test_every_zhu_basis_is_in_the_zhu(steps: dict[str, str]) -> None:
    require_shared(WITNESSES / "kanripo-KR1d0026-master-yili-zhengzhu-juan05-normalized.txt")
    src = Sources(steps, zhu_by_step(list(steps.items()), WITNESSES), commentary_texts(WITNESSES))
    assert audit(load_rows(POSITIONS), src) == []
    # the alignment puts known notes on their steps
    assert any("降立阼階東" in n for n in src.zhu["xs-0052"])
    assert any("初位門内東面" in n for n in src.zhu["xs-0110"])


def test_the_rows_the_review_named(steps: dict[str, str]) -> None:
    """The four rows of the sample found wrong, as they now stand (issue 12, part 7)."""
    rows = {(r.step, r.role): r for r in load_rows(POSITIONS)}
    assert rows["xs-0059", "主人"].place == "阼階下東"  # 注「降立阼階東，西面，當東序」
    # 拜賜 and 拜辱 are at the host's and the 賓's gates, not the 州序's: neither is drawn, and
    # 乃退 is the 主人's (issue 24)
    assert rows["xs-0439", "賓"].place == "-" and "xs-0440「" in rows["xs-0439", "賓"].note
    assert not any(step == "xs-0440" for step, _ in rows)
    # the 釋獲者 drinks west of the 司射, who stands at 中南 (issue 24)
    assert rows["xs-0324", "司射"].place == "中南" and rows["xs-0327", "釋獲者"].place == "中南之西"
    # 及階 as the head of the stair is 敖's reading, not the text's
    assert rows["xs-0437", "賓"].basis == "inferred" and "敖「" in rows["xs-0437", "賓"].note
    assert (rows["xs-0247", "上耦上射"].basis, rows["xs-0247", "上耦上射"].facing_basis) == (
        "inferred",
        "inferred",
    )
    assert rows["xs-0092", "眾賓"].basis == "inferred"
    assert rows["xs-0110", "眾賓"].place == rows["xs-0110", "賓"].place == "門內西"


def test_a_text_place_is_named_by_the_step_or_its_zhu() -> None:
    words = {"射位": ("其西南",)}
    row = Row("xs-0003", "上射", "射位", "東面", "text", "text", "「東面」", 1)
    assert place_named(row, "立于其西南，東面", "", words, FOLD) is None
    assert place_named(row, "東面", "射位在此", words, FOLD) is None  # by the 注
    assert "no word of 射位" in (place_named(row, "東面", "", words, FOLD) or "")
    assert place_named(replace(row, basis="inferred"), "東面", "", words, FOLD) is None
    assert place_named(replace(row, place="-"), "東面", "", words, FOLD) is None


@pytest.mark.edition
def test_every_text_place_is_in_its_step_or_its_zhu() -> None:
    """Issue 24 item 4: a place whose basis is "text" has its word (or a word that names it,
    tools/work/place-words.tsv) in the step's text or the step's 注 (edition.json's)."""
    built = ROOT / "_build" / "html" / "edition.json"
    if not built.exists():
        pytest.skip("no _build/html/edition.json (run make html)")
    steps = json.loads(built.read_text(encoding="utf-8"))["steps"]
    src = Sources(
        {s["id"]: s["text"] for s in steps},
        {s["id"]: [z["text"] for z in s.get("commentary", [])] for s in steps},
    )
    words = load_place_words()
    rows = [r for r in load_rows(POSITIONS) if r.basis == "text" and r.place != "-"]
    assert len(rows) == 236
    problems = []
    for r in rows:
        why = place_named(r, src.steps[r.step], "｜".join(src.zhu[r.step]), words, Folder())
        problems += [f"{r.step} {r.role}: {why}"] if why else []
    assert problems == []
    assert set(words) <= {r.place for r in load_rows(POSITIONS)}  # no word list for nothing
