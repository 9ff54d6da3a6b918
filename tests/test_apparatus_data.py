"""The apparatus data: declared sigla, valid entries, round trips, nothing lost."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import apply_emendations as apply_mod

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT.parent / "shared" / "seed" / "xiangsheli.txt"
ap = apply_mod._apparatus()
ENTRIES = ap.load_entries()
SIGLA = ap.load_sigla()
#: Correct text containing 一 that no emendation may touch.
CORRECT_YI = ("一相", "一純", "一算", "一和", "一人", "一等", "一個", "一耦", "一笴")


def test_every_siglum_is_declared():
    for e in ENTRIES:
        for r in e.readings:
            for s in r.witnesses:
                assert s in SIGLA, f"{e.id}: undeclared siglum {s}"
        for s in e.pages:
            assert s in SIGLA, f"{e.id}: undeclared siglum {s} in pages"


def test_sigla_table_has_sources_and_roles():
    assert SIGLA["底"]["role"] == "base"
    assert SIGLA["叢新"]["role"] == "auxiliary"
    for row in SIGLA.values():
        assert row["source"] and row["licence"]


def test_ids_unique_and_ordered():
    ids = [e.id for e in ENTRIES]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"app-\d{3}", i) for i in ids)


def test_nine_filter_artifacts():
    arts = [e for e in ENTRIES if e.kind == "filter-artifact"]
    assert len(arts) == 9
    for e in arts:
        assert e.decision == "emend"
        assert re.fullmatch(r"一(.)一 ", e.base) or e.base == "一"


def test_correct_yi_phrases_untouched():
    for e in ENTRIES:
        if e.decision != "emend":
            continue
        for phrase in CORRECT_YI:
            assert phrase not in e.base_context or phrase in e.context, (e.id, phrase)


def test_locate_and_base_text_round_trip_on_contexts():
    for e in ENTRIES:
        text = e.context.replace("[", "").replace("]", "")
        start, end = ap.locate("序。" + text + "。", e)
        assert ("序。" + text)[start:end] == e.lemma
        assert ap.base_text(text, [e]) == e.base_context


def test_locate_errors_are_clear():
    e = next(x for x in ENTRIES if x.kind == "filter-artifact")
    with pytest.raises(ValueError, match="not found"):
        ap.locate("無此文", e)
    text = e.context.replace("[", "").replace("]", "")
    with pytest.raises(ValueError, match="ambiguous"):
        ap.locate(text + text, e)


def test_format_entry():
    e = next(x for x in ENTRIES if x.base == "斛")
    order = list(SIGLA)
    assert ap.format_entry(e, order) == "觶 ] 觶 叢庫張李敖楊; 斛 底"


@pytest.mark.skipif(not SEED.exists(), reason="../shared/seed absent")
def test_nothing_lost_on_the_seed():
    lines = SEED.read_text(encoding="utf-8").splitlines()
    start, end = lines.index("【原文】") + 1, lines.index("【譯文】")
    base = "\n".join(lines[start:end])
    edited = base
    for e in ENTRIES:
        if e.decision == "emend":
            assert edited.count(e.base_context) == 1, e.id
            edited = edited.replace(e.base_context, e.context.replace("[", "").replace("]", ""))
    for e in ENTRIES:
        assert ap.locate(edited, e)  # unique in the whole edited 原文
    assert ap.base_text(edited, ENTRIES) == base
    for phrase in CORRECT_YI:
        assert edited.count(phrase) == base.count(phrase), phrase


def test_steps_match_the_registry():
    reg = ROOT / "_ext" / "ritual" / "data" / "step-registry.tsv"
    if not reg.exists():
        pytest.skip("no step registry yet")
    lines_of = {}
    for row in reg.read_text(encoding="utf-8").splitlines():
        cells = row.split("\t")
        if not row.startswith("#") and len(cells) >= 2:
            lines_of[cells[0]] = {int(n) for n in cells[1].split(",")}
    for e in ENTRIES:
        assert e.seed_line in lines_of[e.step], e.id


FIXTURE = """# 戒賓

::::{xs:step} xs-0017
:actors: 獲者
乏參侯道，居侯一黨一 之一，西五步。

:::{xs:translation}
一黨一 不改。
:::
::::

::::{step} xs-0089
主人{role}`一`大夫之右拜送。
::::
"""


def test_apply_emendations_on_fixture_is_idempotent(tmp_path):
    page = tmp_path / "p.md"
    page.write_text(FIXTURE, encoding="utf-8")
    ents = [e for e in ENTRIES if e.base in ("一黨一 ",)]
    new, ok, bad = apply_mod.apply_to_page(FIXTURE, ents)
    assert not bad and len(ok) == 1
    assert "居侯黨之一" in new
    assert "一黨一 不改" in new  # the translation is not the step body
    again, ok2, bad2 = apply_mod.apply_to_page(new, ents)
    assert again == new and not ok2 and not bad2


def test_plain_with_map_reads_role_surfaces():
    plain, where = apply_mod.plain_with_map("主人{role}`賓 <賓>`坐{action}`!拜`")
    assert plain == "主人賓坐拜"
    assert len(where) == len(plain)
