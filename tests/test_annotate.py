"""The term tagger: hard cases, markup safety, the MyST CLI, and the whole 原文 as a corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import annotate as ann
from tools.annotate import annotate


def test_the_decision_table_is_consistent():
    assert ann.default_tagger().problems == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # longest match first
        ("再拜", "{action}`再拜`"),
        ("取爵於上篚", "{action}`取`{vessel}`爵`於{vessel}`上篚`"),
        ("奠爵於西楹南", "{action}`奠`{vessel}`爵`於{place}`西楹`南"),
        ("主人答再拜", "{role}`主人`{action}`答再拜`"),
        ("眾賓皆答一拜", "{role}`眾賓`皆{action}`答一拜 <答拜>`"),
        # 洗: the basin vs to wash
        ("設洗於阼階東南", "{action}`設`{vessel}`洗`於{place}`阼階`東南"),
        ("水在洗東，篚在洗西", "水在{vessel}`洗`東，{vessel}`篚`在{vessel}`洗`西"),
        ("適洗，洗爵", "{action}`適`{vessel}`洗`，{action}`洗`{vessel}`爵`"),
        ("盥洗", "{action}`盥`{action}`洗`"),
        ("南當洗", "南當{vessel}`洗`"),
        # 中: tally-holder vs middle vs hit
        ("釋獲者坐設中", "{role}`釋獲者`{action}`坐`{action}`設`{vessel}`中`"),
        (
            "坐實八算於中，橫委其餘於中西",
            "{action}`坐`{action}`實`八{vessel}`算`於{vessel}`中`，"
            "橫{action}`委`其餘於{vessel}`中`西",
        ),
        ("倚於侯中", "{action}`倚`於{vessel}`侯`{plain}`中`"),
        ("立於縣中", "{action}`立`於{vessel}`縣`{plain}`中`"),
        ("中庭北面", "{place}`中庭`北面"),
        ("若中，則釋獲", "若{plain}`中`，則{action}`釋獲`"),
        ("士，鹿中", "{role}`士`，{vessel}`鹿中`"),
        ("下射從之，中等", "{role}`下射`{action}`從`之，{plain}`中`等"),
        # 薦: the act vs the dishes
        ("乃薦脯醢", "乃{action}`薦`脯醢"),
        ("奠爵於薦西", "{action}`奠`{vessel}`爵`於{vessel}`薦`西"),
        ("則薦諸其席", "則{action}`薦`諸其{vessel}`席`"),
        # 卒: draining vs finishing
        ("坐卒爵", "{action}`坐`{action}`卒`{vessel}`爵`"),
        ("遂卒觶", "{plain}`遂`{action}`卒`{vessel}`觶`"),
        ("卒洗", "{plain}`卒`{action}`洗`"),
        ("三耦卒射", "{role}`三耦`{plain}`卒`{action}`射`"),
        # 鼓, 尊, 笙, 物, 席
        ("面鼓，執越", "面{plain}`鼓`，{action}`執`越"),
        ("尊於賓席之東", "{action}`尊`於{role}`賓`{vessel}`席`之東"),
        ("席於尊東", "{action}`席`於{vessel}`尊`東"),
        ("坐尊爵", "{action}`坐`{action}`尊 <奠>`{vessel}`爵`"),
        ("笙入", "{role}`笙`{action}`入`"),
        ("三笙一和而成聲", "三{vessel}`笙`一{vessel}`和`而成聲"),
        ("左足履物", "左足{action}`履`{place}`物`"),
        ("旌，各以其物", "{vessel}`旌`，各以其{vessel}`物`"),
        ("乃席賓", "乃{action}`席`{role}`賓`"),
        ("賓升席", "{role}`賓`{action}`升`{vessel}`席`"),
        # 遂/拾: the armguard vs 'then' / 'in turn'
        ("袒決遂", "{action}`袒`{vessel}`決`{vessel}`遂`"),
        ("說決拾", "{action}`說`{vessel}`決`{vessel}`拾 <遂>`"),
        ("遂拾取矢", "{plain}`遂`{action}`拾`{action}`取`{vessel}`矢`"),
        # 乘矢 vs counting in fours
        ("兼挾乘矢", "兼{action}`挾`{vessel}`乘矢`"),
        ("司馬乘矢如初", "{role}`司馬`乘{vessel}`矢`如初"),
        # 算 the tally vs 無算
        ("無算爵", "無{plain}`算`{vessel}`爵`"),
    ],
)
def test_hard_cases(text, expected):
    assert annotate(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("不拜", "不{action}`!拜`"),
        ("不拜既爵", "不{action}`!拜既爵`"),
        ("不祭，不洗", "不{action}`!祭`，不{action}`!洗`"),
        ("賓不辭洗", "{role}`賓`不{action}`!辭`{action}`洗`"),  # only 辭 is negated
        ("獲而未釋獲", "{action}`獲`而未{action}`!釋獲`"),
        ("不勝者", "{role}`不勝者`"),  # a role, not a negated act
        ("無俎", "無{vessel}`俎`"),  # only acts are negated
        ("不宿戒", "不宿{action}`!戒`"),
    ],
)
def test_negated_acts(text, expected):
    assert annotate(text) == expected


def test_existing_roles_are_kept_and_used_as_context():
    hand = "奠爵於{vessel}`薦`西，{plain}`遂`拜"
    assert annotate(hand) == "{action}`奠`{vessel}`爵`於{vessel}`薦`西，{plain}`遂`{action}`拜`"
    # a deliberate editorial choice is never overridden
    assert annotate("{action}`洗`東") == "{action}`洗`東"
    assert annotate("當{action}`洗 <盥>`") == "當{action}`洗 <盥>`"
    # context sees the surface through existing markup: 設 + 中 -> tally-holder
    assert annotate("{action}`設`中") == "{action}`設`{vessel}`中`"


def test_book_titles_and_inline_code_are_not_tagged():
    assert annotate("歌《騶虞》，若《采蘋》") == "{action}`歌`《騶虞》，若《采蘋》"
    assert annotate("《射義》") == "《射義》"
    assert annotate("``中`` 中") == "``中`` {plain}`中`"


def test_annotate_is_idempotent_on_the_original(seed_path: Path):
    for line in ann.seed_original(seed_path):
        once = annotate(line)
        assert annotate(once) == once, line


def test_annotate_changes_nothing_but_markup(seed_path: Path):
    for line in ann.seed_original(seed_path):
        tagged = annotate(line)
        assert re.sub(r"\{\w+\}`!?([^`<]*?)(?: <[^>]*>)?`", r"\1", tagged) == line


PAGE = """\
# 戒賓

:::{phase} jie-bin
:en: Inviting the guest 主人
:::

::::{step} xs-0001
:actors: 主人 賓
:positions: 主人 門外 西面; 賓 門外 東面

主人戒賓，賓出迎，再拜。

:::{translation}
主人前往告請賓。賓出門迎接，對主人兩拜。
:::
::::

主人 outside any step.

```{step} xs-0002
---
actors: 主人
---
主人答再拜。
```
"""


def test_myst_only_step_bodies_are_annotated():
    out = ann.annotate_myst(PAGE)
    assert (
        "{role}`主人`{action}`戒`{role}`賓`，{role}`賓`{action}`出`{action}`迎`，{action}`再拜`。"
        in out
    )
    assert "{role}`主人`{action}`答再拜`。" in out
    assert ":actors: 主人 賓\n" in out
    assert ":positions: 主人 門外 西面; 賓 門外 東面\n" in out
    assert "主人前往告請賓。賓出門迎接，對主人兩拜。\n" in out
    assert ":en: Inviting the guest 主人\n" in out
    assert "\n主人 outside any step.\n" in out
    assert "actors: 主人\n" in out
    assert ann.annotate_myst(out) == out


def test_cli_rewrites_in_place_and_checks(tmp_path: Path, capsys):
    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    assert ann.main(["--check", str(page)]) == 1
    assert page.read_text(encoding="utf-8") == PAGE
    assert ann.main([str(page)]) == 0
    assert "{action}`戒`" in page.read_text(encoding="utf-8")
    assert ann.main(["--check", str(page)]) == 0


# --- the corpus: every occurrence in the chapter gets a decision ---------------------------------


@pytest.fixture(scope="module")
def tagged_original(seed_path: Path) -> list[str]:
    return [annotate(line) for line in ann.seed_original(seed_path)]


def test_no_unambiguous_headword_stands_untagged(tagged_original):
    tagger = ann.default_tagger()
    plain_surfaces = [
        s
        for s, d in tagger.lexicon.items()
        if d.kind in ann.TERM_KINDS and s not in tagger.ambiguous
    ]
    left = []
    for line in tagged_original:
        rest = ann.untagged(line)
        left += [(s, line) for s in plain_surfaces if s in rest]
    assert left == []


def test_every_ambiguous_character_is_inside_a_role(tagged_original):
    ambiguous = ann.default_tagger().ambiguous
    for char in "中洗薦卒鼓尊笙物遂拾獲相席":
        assert char in ambiguous, char
    left = [(s, line) for line in tagged_original for s in ambiguous if s in ann.untagged(line)]
    assert left == []


def test_corpus_counts_are_plausible(tagged_original):
    counts = ann.count_tags("".join(tagged_original))
    assert counts["vessel"] > 550 and counts["action"] > 1600
    assert counts["role"] > 700 and counts["place"] > 230
    assert counts["negated"] > 50
