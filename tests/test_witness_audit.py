"""The witness-reading audit: the real apparatus passes it; on tiny samples it catches each error.

The audit (tools/audit/witness_readings.py) reads the witnesses with the collation's readers,
aligns them with the collation's aligner, and checks every reading credited to a siglum, every
witness left out of an entry, and every page reference.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ritual.core.apparatus import Entry, Reading, Slip

from tools.audit import witness_readings as wr
from tools.collate.core import load_variants, read_base
from tools.collate.witnesses import read_inline


def test_the_apparatus_agrees_with_the_witnesses(witnesses_dir: Path):
    report = wr.run(witnesses_dir)
    assert report.entries >= 90 and report.credits > 600
    assert [str(f) for f in report.findings] == []
    counts = report.counts()
    assert counts["unsupported"] == counts["omitted"] == counts["page"] == 0


# --------------------------------------------------------------------------- tiny samples

SEED = "鄉射禮\n【原文】\n主人戒賓，賓出迎。\n乃席賓，南面東上，賓升自西階。\n【譯文】\n譯\n"
#: 叢 has everything (in old forms); 庫 lacks 迎; 楊's second line is on an untranscribed page.
FILES = {
    "叢": "<pb:A_B_005-1a>¶\n主人戒賔(戒猶/警也)賔出迎¶\n"
    "<pb:A_B_005-1b>¶\n乃席賔南靣東上賔升自西階¶\n",
    "庫": "<pb:C_D_005-3a>¶\n主人戒賓賓出¶\n乃席賓南面東上賓升自西階¶\n",
    "楊": "<pb:E_F_005-2a>¶\n主人戒賓賓出迎¶\n# page missing\n",
}


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    seed = tmp_path_factory.mktemp("seed") / "seed.txt"
    seed.write_text(SEED, encoding="utf-8")
    table = load_variants()
    witnesses = [read_inline(raw, s) for s, raw in FILES.items()]
    return read_base(seed), wr.seed_original(seed), witnesses, lambda c: table.get(c, c)


def entry(readings, pages, *, context="出[迎]", line=3, lemma="迎", slips=()):
    return Entry(
        id="app-001",
        seed_line=line,
        step="xs-0001",
        lemma=lemma,
        base=lemma,
        context=context,
        decision="retain",
        kind="slip" if slips else "variant",
        readings=tuple(Reading(t, tuple(w)) for t, w in readings),
        pages=pages,
        slips=tuple(Slip(w, t) for w, t in slips),
    )


GOOD = entry([("迎", "底叢楊"), ("", "庫")], {"叢": "005-1a", "庫": "005-3a", "楊": "005-2a"})


def findings(sample, e):
    base, lines, witnesses, fold = sample
    return [(f.kind, f.siglum) for f in wr.audit([e], base, lines, witnesses, fold).findings]


def test_a_true_entry_passes(sample):
    assert findings(sample, GOOD) == []


def test_a_reading_the_witness_does_not_have(sample):
    e = entry([("迎", "底叢楊庫")], GOOD.pages)
    assert findings(sample, e) == [("unsupported", "庫")]


def test_a_reading_credited_to_a_witness_that_lacks_the_passage(sample):
    e = entry([("南", "底叢庫楊")], {"叢": "005-1b", "庫": "005-3a", "楊": "005-2a"},
              context="，[南]面", line=4, lemma="南")  # fmt: skip
    assert ("unsupported", "楊") in findings(sample, e)


def test_a_witness_that_has_the_passage_but_is_left_out(sample):
    e = entry([("迎", "底叢"), ("", "庫")], {"叢": "005-1a", "庫": "005-3a"})
    assert findings(sample, e) == [("omitted", "楊")]


def test_a_wrong_page_a_missing_page_and_a_page_for_an_unlisted_witness(sample):
    wrong = entry([("迎", "底叢楊"), ("", "庫")], {**GOOD.pages, "叢": "005-1b"})
    assert findings(sample, wrong) == [("page", "叢")]
    missing = entry([("迎", "底叢楊"), ("", "庫")], {"叢": "005-1a", "庫": "005-3a"})
    assert findings(sample, missing) == [("page", "楊")]
    extra = entry(
        [("南", "底叢庫")], {"叢": "005-1b", "庫": "005-3a", "楊": "005-2a"},
        context="，[南]面", line=4, lemma="南",
    )  # fmt: skip
    assert findings(sample, extra) == [("page", "楊")]


def test_slips_are_checked_against_the_copy(sample):
    # 叢 reads 面 (its 靣 folded); a slip 「靣」 is true, a slip 「西」 is not.
    true = entry([("面", "底庫")], {"叢": "005-1b", "庫": "005-3a"},
                 context="南[面]東", line=4, lemma="面", slips=[("叢", "靣")])  # fmt: skip
    assert findings(sample, true) == []
    false = entry([("面", "底庫")], {"叢": "005-1b", "庫": "005-3a"},
                  context="南[面]東", line=4, lemma="面", slips=[("叢", "西")])  # fmt: skip
    assert findings(sample, false) == [("slip", "叢")]


def test_an_insertion_place_and_a_reading_of_the_base(sample):
    # Nothing stands between 出 and 迎 in any witness: an entry crediting 庫 with 之 is false.
    e = entry([("", "底叢楊"), ("之", "庫")], {"叢": "005-1a", "庫": "005-3a", "楊": "005-2a"},
              context="賓出[]迎", lemma="")  # fmt: skip
    assert findings(sample, e) == [("unsupported", "庫")]
    wrong_base = entry([("迎", "叢楊"), ("出", "底"), ("", "庫")], GOOD.pages)
    assert findings(sample, wrong_base) == [("unsupported", "底")]


def test_an_entry_whose_context_is_not_in_the_text_is_reported(sample):
    e = entry([("迎", "底叢楊"), ("", "庫")], GOOD.pages, context="不[在]此")
    assert findings(sample, e) == [("unlocated", "")]


def test_views_at_reads_the_aligned_place(sample):
    base, _, witnesses, fold = sample
    a = {w.siglum: wr.align_witness(base, w, fold) for w in witnesses}
    p = next(i for i, b in enumerate(base) if b.char == "迎")
    assert wr.views_at(p, p + 1, "叢", a["叢"]) == wr.View("叢", "present", "迎", "005-1a")
    assert wr.views_at(p, p + 1, "庫", a["庫"]) == wr.View("庫", "present", "", "005-3a")
    q = next(i for i, b in enumerate(base) if b.char == "南")
    assert wr.views_at(q, q + 1, "楊", a["楊"]).state == "lacuna"


def test_gaiji_resolved_through_the_normalised_copy():
    view = wr.View("叢", "present", "乗&KR0001;", "005-1a")
    helper = wr.View("叢新", "present", "乗天", "005-1a")
    assert wr.resolve_gaiji(view, helper).text == "乗天"
    assert wr.resolve_gaiji(view, None) == view


def test_main_exits_2_without_witnesses(tmp_path: Path):
    assert wr.main(["--witnesses", str(tmp_path / "none")]) == 2


def test_cong_left_out_where_it_has_no_untranscribed_page():
    # The composed notes say 「叢本此處闕頁」 for every entry without 叢: only true on a lacuna.
    e = entry([("迎", "底庫")], {"庫": "005-3a"})
    views = {"叢": wr.View("叢", "absent"), "庫": wr.View("庫", "present", "迎", "005-3a")}
    assert [f.kind for f in wr.audit_entry(e, views, "迎", lambda c: c)] == ["absence"]
    views["叢"] = wr.View("叢", "lacuna")
    assert wr.audit_entry(e, views, "迎", lambda c: c) == []


def test_a_reading_gives_the_form_of_a_place_pair_as_the_witness_writes_it():
    """个 and 個 are two characters (variants.tsv ``place``): an entry crediting 個 to a witness
    that writes 个 is false (its note would say 「作個」); 賔 and 賓 are one character in two
    shapes (``count``): 賓 credited to a witness that writes 賔 is true."""
    shapes = load_variants(record="count")

    def same(c: str) -> str:
        return shapes.get(c, c)

    e = entry([("個", "底叢")], {"叢": "005-1a"}, context="一[個]", lemma="個")
    views = {"叢": wr.View("叢", "present", "个", "005-1a")}
    assert [(f.kind, f.siglum) for f in wr.audit_entry(e, views, "個", same)] == [
        ("unsupported", "叢")
    ]
    true = entry([("個", "底"), ("个", "叢")], {"叢": "005-1a"}, context="一[個]", lemma="個")
    assert wr.audit_entry(true, views, "個", same) == []
    guest = entry([("賓", "底叢")], {"叢": "005-1a"}, context="[賓]", lemma="賓")
    views = {"叢": wr.View("叢", "present", "賔", "005-1a")}
    assert wr.audit_entry(guest, views, "賓", same) == []


def test_a_change_of_punctuation_lists_no_witness_but_hides_no_variant(sample):
    """A 破句 corrected (kind punctuation) credits the base alone: the witnesses, unpunctuated,
    are not listed, but each that has the passage must read its characters."""

    def punctuation(lemma: str, base: str, context: str) -> Entry:
        return Entry(
            id="app-001",
            seed_line=3,
            step="xs-0001",
            lemma=lemma,
            base=base,
            context=context,
            decision="emend",
            kind="punctuation",
            readings=(Reading(base, ("底",)),),
        )

    assert findings(sample, punctuation("戒賓。賓", "戒賓，賓", "主人[戒賓。賓]出迎")) == []
    # 庫 lacks 迎: a change of punctuation over it would hide the variant
    assert findings(sample, punctuation("賓。賓出迎", "賓，賓出迎", "戒[賓。賓出迎]")) == [
        ("omitted", "庫")
    ]
