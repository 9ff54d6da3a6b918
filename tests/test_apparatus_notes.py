"""Apparatus notes: the witness statement is composed from the readings, never written by hand."""

from __future__ import annotations

import re

from conftest import EDITION
from ritual import apparatus, apparatus_notes
from ritual.apparatus import Entry, Reading, Slip
from ritual.edition import load_edition

ORDER = ["底", "叢", "叢新", "庫", "張", "李", "敖", "楊"]
WITNESSES = ["叢", "庫", "張", "李", "敖", "楊"]
#: How this edition says a witness lacks the passage (edition.toml [apparatus]).
ED = load_edition(EDITION)


def statement(e, order, witnesses):
    return apparatus_notes.statement(
        e, order, witnesses, "底", ED.apparatus_lacking, ED.apparatus_lacking_default
    )


def compose(e, order, witnesses):
    return apparatus_notes.compose(
        e, order, witnesses, "底", ED.apparatus_lacking, ED.apparatus_lacking_default
    )


def entry(readings, *, lemma="扑", base="撲", decision="emend", note="", slips=()):
    return Entry(
        id="app-900",
        seed_line=1,
        step="xs-0001",
        lemma=lemma,
        base=base,
        context=f"[{lemma}]",
        decision=decision,
        kind="conversion",
        readings=tuple(Reading(t, tuple(w)) for t, w in readings),
        note=note,
        slips=tuple(Slip(w, t) for w, t in slips),
    )


def test_all_agree():
    e = entry([("扑", "叢庫張李敖楊"), ("撲", "底")], note="撲由簡體誤轉")
    assert compose(e, ORDER, WITNESSES) == "諸本皆作扑。撲由簡體誤轉。"


def test_one_dissenting_witness_is_named_not_hidden_in_zhu_ben():
    # xs-0533: 庫 reads 朴; 「諸本皆作扑」 would be false.
    e = entry([("扑", "叢張李敖楊"), ("撲", "底"), ("朴", "庫")])
    assert statement(e, ORDER, WITNESSES) == "叢張李敖楊作扑，庫作朴"


def test_a_witness_sharing_the_base_reading_is_named():
    e = entry([("后", "叢庫張李楊"), ("後", "底敖")], lemma="后", base="後")
    assert statement(e, ORDER, WITNESSES) == "叢庫張李楊作后，敖作後"


def test_empty_readings_and_insertions():
    e = entry([("退", "底張李敖"), ("", "叢庫楊")], lemma="退", base="退", decision="retain")
    assert statement(e, ORDER, WITNESSES) == "張李敖作退，叢庫楊無退字"
    two = entry([("以耦", "底叢張李敖楊"), ("", "庫")], lemma="以耦", base="以耦")
    assert statement(two, ORDER, WITNESSES) == "叢張李敖楊作以耦，庫無以耦二字"
    ins = entry([("", "底叢庫張李敖"), ("豆", "楊")], lemma="", base="", decision="retain")
    assert statement(ins, ORDER, WITNESSES) == "叢庫張李敖無豆字，楊有豆字"
    deletion = entry([("", "庫張李敖楊"), ("一", "底")], lemma="", base="一")
    assert statement(deletion, ORDER, WITNESSES) == "諸本皆無一字；叢本此處闕頁"


def test_slips_and_lacking_witnesses():
    e = entry([("矢", "底庫張李敖楊")], lemma="矢", base="矢", slips=[("叢", "天")])
    assert statement(e, ORDER, WITNESSES) == "諸本皆作矢；叢本數字化本誤作天"
    e = entry([("奠", "叢庫張李敖"), ("尊", "底")], lemma="奠", base="尊", note="形近而誤。")
    assert compose(e, ORDER, WITNESSES) == "諸本皆作奠；楊本不載此文。形近而誤。"


def test_a_single_witness_is_not_zhu_ben():
    e = entry([("篚", "叢"), ("匪", "底")], lemma="篚", base="匪")
    assert statement(e, ORDER, ["叢"]) == "叢作篚"


# --------------------------------------------------------------------------- the real data

ENTRIES = apparatus.load_entries(EDITION / "apparatus.toml", "底")
SIGLA = apparatus.load_sigla(EDITION / "sigla.tsv")
COLLATED = [s for s, row in SIGLA.items() if row["role"] == "witness"]
#: A witness statement in a hand-written note: 「諸本」, or sigla followed by 作/無/有/同.
HAND_STATEMENT = re.compile(r"諸本|[底叢庫張李敖楊]+(作|無|有|同)")


def test_the_note_fields_hold_only_reasoning():
    for e in ENTRIES:
        assert not HAND_STATEMENT.search(e.note), (e.id, e.note)


def test_no_composed_note_contradicts_its_readings():
    """Every 「X作Y」 of a composed note is true of the entry's readings, and 「諸本皆作Y」 only
    where every listed witness reads Y."""
    for e in ENTRIES:
        note = compose(e, list(SIGLA), COLLATED)
        reading_of = {s: r.text for r in e.readings for s in r.witnesses}
        listed = [s for s in reading_of if s != "底"]
        for m in re.finditer(r"([叢庫張李敖楊]+)作([^，；。]+)", note.split("。")[0]):
            for s in m[1]:
                assert reading_of.get(s) == m[2], (e.id, note)
        all_read = re.search(r"諸本皆作([^，；。]+)", note)
        if all_read:
            assert len(listed) > 1 and {reading_of[s] for s in listed} == {all_read[1]}, e.id
        for slip in e.slips:
            assert f"{slip.witness}本數字化本誤作{slip.text}" in note, e.id


def test_the_known_false_statements_are_gone():
    by_id = {e.id: e for e in ENTRIES}
    order = list(SIGLA)
    assert compose(by_id["app-092"], order, COLLATED).startswith("叢張李敖楊作扑，庫作朴。")
    for i in ("app-056", "app-093"):
        assert "敖作後" in compose(by_id[i], order, COLLATED)
    assert "楊作後" in compose(by_id["app-087"], order, COLLATED)
