"""The apparatus data: declared sigla, valid entries, round trips, nothing lost."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from ritual.core import apparatus as ap
from ritual.core import apparatus_notes

ROOT = Path(__file__).resolve().parents[1]
EDITION = ROOT / "source" / "_edition"
SIGLA = ap.load_sigla(EDITION / "sigla.tsv")
ENTRIES = ap.load_entries(EDITION / "apparatus.toml", ap.base_siglum(SIGLA))
#: Correct text containing 一 that no emendation may touch.
REGISTRY = {
    cells[0]: [int(n) for n in cells[1].split(",")]
    for cells in (
        row.split("\t") for row in (EDITION / "step-registry.tsv").read_text("utf-8").splitlines()
    )
    if not cells[0].startswith("#") and len(cells) >= 4 and cells[3] != "retired"
}
CORRECT_YI = ("一相", "一純", "一算", "一和", "一人", "一等", "一個", "一耦", "一笴")


def yi(text: str) -> str:
    """The text with 个 read as the base's 個: app-043 and app-062 correct the base's
    conversion 個 to 个 (issue 24); the 一 of 一個 is what these tests keep."""
    return text.replace("个", "個")


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
            assert phrase not in e.base_context or phrase in yi(
                e.context.replace("[", "").replace("]", "")
            ), (
                e.id,
                phrase,
            )


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
    assert ap.format_entry(e, order) == "觶 ] 觶 叢庫張李敖楊；斛 底"


def _entry(lemma: str, base: str, readings, note: str = "") -> ap.Entry:
    decision = "retain" if lemma == base else "emend"
    return ap.Entry(
        "app-900", 1, "xs-0001", lemma, base, f"[{lemma}]", decision, "variant",
        tuple(ap.Reading(t, tuple(w)) for t, w in readings), {}, note,
    )  # fmt: skip


def test_a_lemma_repeated_in_its_step_gets_an_ordinal():
    e = _entry("唯", "唯", [("唯", ["底"]), ("惟", ["李"])])
    text = "羞唯所有。鄉樂唯欲。"
    assert ap.format_entry(e, None, text, 1) == "唯¹ ] 唯 底；惟 李"
    assert ap.format_entry(e, None, text, 7) == "唯² ] 唯 底；惟 李"
    assert ap.format_entry(e, None, "羞唯所有。", 1) == "唯 ] 唯 底；惟 李"


def test_an_empty_lemma_is_placed_by_the_word_before_it():
    deleted = _entry("", "一", [("", ["庫", "張"]), ("一", ["底"])])
    text = "主人大夫之右拜送。"
    # after a marked term: the term; else the character; at a clause's start: the word after
    assert ap.format_entry(deleted, None, text, 2, [(0, 2)]) == "主人下 ] 〔無〕 庫張；一 底"
    assert ap.format_entry(deleted, None, text, 2) == "人下 ] 〔無〕 庫張；一 底"
    added = _entry("", "", [("", ["底"]), ("飲", ["庫"])])
    assert ap.format_entry(added, None, "卒洗，揖讓升。", 0) == "卒上 ] 〔無〕 底；飲 庫"
    assert ap.format_entry(added, None, "司射適階西，適洗", 3, [(2, 3)]) == (
        "適¹下 ] 〔無〕 底；飲 庫"
    )
    # without its step's text the place is unknown: the lemma prints as 〔無〕
    assert ap.format_entry(added, None) == "〔無〕 ] 〔無〕 底；飲 庫"


def test_an_omission_prints_as_the_conventions_say():
    e = _entry("侯", "", [("侯", ["叢"]), ("", ["底"])], note="底本脫侯字。")
    parts = ap.format_parts(e, None, "以為侯中", 2)
    assert parts.readings == (("侯", "叢"), (ap.EMPTY, "底"))
    conventions = (ROOT / "source" / "conventions.md").read_text(encoding="utf-8")
    assert f"「{ap.EMPTY}」" in conventions
    assert f"「{ap.READING_SEP}」" in conventions and f"「{ap.NOTE_SEP}」" in conventions
    assert ap.NOTE_SEP != ap.READING_SEP  # the note is set off by more than a reading is


def test_nothing_lost_on_the_seed(seed_path: Path):
    lines = seed_path.read_text(encoding="utf-8").splitlines()
    start, end = lines.index("【原文】") + 1, lines.index("【譯文】")
    # the lines of one step run on, as the step reads them (a change of punctuation may stand
    # where the base broke its line: app-095)
    step_of = {n: sid for sid, ns in REGISTRY.items() for n in ns}
    base = lines[start]
    for n in range(start + 2, end + 1):  # 1-based line numbers after the first
        same = step_of.get(n) is not None and step_of.get(n) == step_of.get(n - 1)
        base += ("" if same else "\n") + lines[n - 1]
    edited = base
    for e in ENTRIES:
        if e.decision == "emend":
            assert edited.count(e.base_context) == 1, e.id
            edited = edited.replace(e.base_context, e.context.replace("[", "").replace("]", ""))
    for e in ENTRIES:
        assert ap.locate(edited, e)  # unique in the whole edited 原文
    assert ap.base_text(edited, ENTRIES) == base
    for phrase in CORRECT_YI:
        assert yi(edited).count(phrase) == base.count(phrase), phrase


def test_steps_match_the_registry():
    reg = EDITION / "step-registry.tsv"
    lines_of = {}
    for row in reg.read_text(encoding="utf-8").splitlines():
        cells = row.split("\t")
        if not row.startswith("#") and len(cells) >= 2:
            lines_of[cells[0]] = {int(n) for n in cells[1].split(",")}
    for e in ENTRIES:
        assert e.seed_line in lines_of[e.step], e.id


def test_base_context_is_found_in_the_base_text_and_edited():
    """The page holds the base text: each entry is found there by its context with the base
    reading in the brackets, and applying it prints the lemma."""
    for e in ENTRIES:
        base = e.base_context
        start, end = ap.locate_base("序。" + base + "。", e)
        assert ("序。" + base)[start:end] == (e.base if e.decision == "emend" else e.lemma)
        assert ap.edited_text(base, [e]) == e.context.replace("[", "").replace("]", "")


def test_neighbouring_emendations_apply_in_turn():
    """Contexts are of the edited text, so an entry whose context holds its neighbour's lemma
    reads in the base text only once the neighbour is applied (app-035 撲→扑, then app-036,
    whose context begins with that 扑)."""
    first = ap.Entry("t-1", 1, "s", "扑", "撲", "去[扑]，與", "emend", "typo", ())
    second = ap.Entry("t-2", 1, "s", "交", "一交一 ", "扑，與司馬[交]於", "emend", "typo", ())
    base = "去撲，與司馬一交一 於階前"
    assert ap.edited_text(base, [second, first]) == "去扑，與司馬交於階前"
    text, left = ap.apply_order(base, [second])
    assert text == base and left == [second]
    with pytest.raises(ValueError, match="not found"):
        ap.edited_text(base, [second])


def test_edit_ops_keep_what_the_lemma_shares_with_the_base():
    """A filter artifact 「一黨一 」 → 黨: the wrapper goes, 黨 stays (in its term's markup)."""
    assert [op for op in ap.edit_ops("一黨一 ", "黨") if op[0] != "equal"] == [
        ("delete", 0, 1, 0, 0),
        ("delete", 2, 4, 1, 1),
    ]


def test_plain_text_of_the_pages_is_the_base_text(seed_path):
    """Nothing lost: the pages hold the base text as transmitted (the apparatus is applied by
    the build), so the pages' plain text is the seed's 原文, punctuation aside."""
    from tools.pages import base_texts

    seed = seed_path.read_text(encoding="utf-8").splitlines()
    start, end = seed.index("【原文】") + 1, seed.index("【譯文】")
    bare = "".join(c for c in "".join(seed[start:end]) if "\u3400" <= c <= "\u9fff")
    texts = base_texts(ROOT / "source" / "rite")
    order = sorted(texts, key=lambda sid: min(REGISTRY[sid]))
    pages = "".join(texts[sid] for sid in order)
    assert "".join(c for c in pages if "\u3400" <= c <= "\u9fff") == bare


def test_note_segments_set_the_witnesses_forms_apart():
    """What the Simplified copy must not convert: quoted forms, and the entry's readings where
    the note names them (「庫作後」 would otherwise read 「庫作后」, which 庫 does not have)."""
    segments = ap.note_segments("庫作後，底作「后」；從庫。", ["後", "后"])
    assert segments == [
        ("庫作", False),
        ("後", True),
        ("，底作", False),
        ("「后」", True),
        ("；從庫。", False),
    ]
    assert "".join(t for t, _ in segments) == "庫作後，底作「后」；從庫。"
    assert ap.note_segments("從底本。", ["", " "]) == [("從底本。", False)]


def test_both_conventions_name_the_retired_numbers_as_gaps():
    """The numbers of the 校記 removed in issue 12 (the file's ``retired`` ids, which the loader
    refuses to see used again) are named as gaps in the site's 凡例 and in the vertical books'
    (conf.py), in the forms each writes: a reader who finds 5 followed by 7 is told why."""
    import tomllib

    from ritual.core.numerals import classical_number

    retired = tomllib.loads((EDITION / "apparatus.toml").read_text(encoding="utf-8"))["retired"]
    numbers = sorted(int(r.removeprefix("app-")) for r in retired)
    assert numbers and not {e.id for e in ENTRIES} & set(retired)
    conventions = (ROOT / "source" / "conventions.md").read_text(encoding="utf-8")
    assert f"缺 {'、'.join(map(str, numbers))}，" in conventions
    conf = (ROOT / "conf.py").read_text(encoding="utf-8")
    assert f"（{'、'.join(classical_number(n) for n in numbers)}）" in conf


def test_a_punctuation_entry_changes_only_punctuation_and_cites_only_the_base():
    """A 破句 corrected (kind punctuation): the witnesses are unpunctuated, so the entry's one
    reading is the base's; it may not change a character, cite a witness or a page, and its
    note is the editors' grounds alone (no witness statement, no 「某本不載此文」)."""
    entry = next(e for e in ENTRIES if e.kind == ap.PUNCTUATION_KIND)
    assert entry.lemma != entry.base
    assert ap.unpunctuated(entry.lemma) == ap.unpunctuated(entry.base)
    witnesses = [s for s, row in SIGLA.items() if row["role"] == "witness"]
    note = apparatus_notes.compose(entry, list(SIGLA), witnesses, "底")
    assert note == entry.note + "。"

    def refused(changed: ap.Entry, why: str) -> None:
        with pytest.raises(ValueError, match=why):
            ap.check_entry(changed, "底", ())

    first = entry.lemma[0]
    lemma, context = entry.lemma.replace(first, "甲", 1), entry.context.replace(first, "甲", 1)
    refused(replace(entry, lemma=lemma, context=context), "characters")
    witnessed = (ap.Reading(entry.base, ("底", "叢")),)
    refused(replace(entry, readings=witnessed), "底's")
    both = (*entry.readings, ap.Reading(entry.lemma, ("叢",)))
    refused(replace(entry, readings=both), "one reading")
    refused(replace(entry, pages={"叢": "005-8a"}), "page")
    ap.check_entry(entry, "底", ())  # as it stands, it passes


def test_a_change_of_punctuation_is_edited_mark_by_mark():
    """A reading with the base's characters is edited at its marks alone, each character
    kept where it stands (in its term): difflib alone matched 「。不」 across the marks of
    「辯有脯醢。不祭，不洗」 and wrote the term 祭 again as plain text."""
    base, lemma = "辯有脯醢。不祭，不洗", "辯有脯醢，不祭。不洗"
    ops = ap.edit_ops(base, lemma)
    assert [op for op in ops if op[0] != "equal"] == [
        ("replace", 4, 5, 4, 5),
        ("replace", 7, 8, 7, 8),
    ]
    assert ap.edit_ops("不拜；既爵", "不拜既爵") == [
        ("equal", 0, 2, 0, 2),
        ("delete", 2, 3, 2, 2),
        ("equal", 3, 5, 2, 4),
    ]
    with pytest.raises(ValueError, match="more than their punctuation"):
        ap.punctuation_ops("甲，乙", "甲。丙")
    for old, new in ((base, lemma), ("。甲乙", "甲，乙。"), ("一黨一 ", "黨")):
        ops = ap.edit_ops(old, new)
        edited = "".join(new[j1:j2] if t != "equal" else old[i1:i2] for t, i1, i2, j1, j2 in ops)
        assert edited == new
