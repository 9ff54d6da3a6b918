"""The declared normalisations: variants.tsv and orthography.tsv are true and recoverable.

The base writes standard forms (於, 個, 旃 …); orthography.tsv records, for the pairs
variants.tsv records place by place, what the edition prints and what each witness writes at
every such place; the edition prints the witnesses' 于 and 个 where no witness writes the base's
於 or 個 (its conversion from simplified characters, issue 24). From the edition's text and
that record the base text and each witness's form there are recovered.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import EDITION
from ritual.components.apparatus.orthography_table import cell, rows
from ritual.core import orthography as ortho

from tools import orthography as tool
from tools.audit import witness_readings as wr
from tools.collate.core import load_variants, read_base
from tools.collate.witnesses import read_all

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ortho.load_pairs(EDITION / "variants.tsv")
PLACES = ortho.load_places(EDITION / "orthography.tsv")
SIGLA = ortho.witnesses(EDITION / "orthography.tsv")
#: The base texts with the apparatus applied (what the record is applied to).
TEXTS = dict(tool.edition_steps())
BY_STEP: dict[str, list[ortho.Place]] = {}
for _place in PLACES:
    BY_STEP.setdefault(_place.step, []).append(_place)
#: The texts as the edition prints them.
PRINTED = {step: ortho.apply(text, BY_STEP.get(step, [])) for step, text in TEXTS.items()}


def test_files_have_provenance_and_the_record_covers_the_required_pairs():
    for path in ((EDITION / "variants.tsv"), (EDITION / "orthography.tsv")):
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# ") and "Provenance" in text
    recorded = ortho.recorded(PAIRS)
    assert recorded["於"] == ("于",) and "个" in recorded["個"] and recorded["旃"] == ("旜",)
    assert recorded["挩"] == ("捝",)  # one character in two forms (app-004)
    assert {p.base for p in PLACES} == set(recorded)
    assert ortho.converted(PAIRS) == {"於": "于", "個": "个"}
    for pair in PAIRS:
        assert pair.record in ortho.RECORDS, pair
        assert re.fullmatch(r"(\S+\d+ ){6}/\d+", pair.witnesses), pair


def test_each_witness_form_is_recovered_from_the_edition_and_the_record():
    markers = {ortho.LACKING, ortho.NOTHING}
    recorded = ortho.recorded(PAIRS)
    for place in PLACES:
        text = PRINTED[place.step]
        before, _, after = place.context.partition(f"[{place.edition}]")
        assert text[place.offset - len(before) : place.offset] == before, place
        assert text[place.offset + 1 :].startswith(after), place
        for siglum in SIGLA:
            form = ortho.witness_form(text, place, siglum)
            assert len(form) == 1 or form in markers, place
            recovered = text[: place.offset] + form + text[place.offset + 1 :]
            if form not in markers:
                assert recovered[place.offset] == form
        # A recorded place is one of a recorded pair's standard form, wherever the base has it.
        assert place.base in recorded
    for standard in ortho.recorded(PAIRS):
        in_base = sum(text.count(standard) for text in TEXTS.values())
        assert in_base == sum(p.base == standard for p in PLACES), standard


def test_the_edition_prints_the_policy_and_nothing_else():
    """The edition column is the policy applied to the witnesses' columns (one rule, no hand
    edits): 于/个 where no witness that has the passage writes 於/個, the base's form elsewhere."""
    converted = ortho.converted(PAIRS)
    for place in PLACES:
        assert place.edition == ortho.printed_form(place.base, place.forms, converted), place
        if place.corrected:
            assert converted[place.base] == place.edition
            assert place.base not in place.forms.values()
    assert ortho.printed_form("於", {"叢": "于", "楊": "-"}, converted) == "于"
    assert ortho.printed_form("於", {"叢": "于", "楊": "於"}, converted) == "於"
    assert ortho.printed_form("於", {"叢": "-", "楊": "∅"}, converted) == "於"  # none has it
    assert ortho.printed_form("旃", {"叢": "旜"}, converted) == "旃"  # not a conversion


def test_the_base_text_is_recovered_from_the_edition_and_the_record(seed_path):
    """Every character of the seed's base text: the edition's text with the record's base
    forms put back, then the apparatus undone, is the page's text, which is the seed's."""
    from ritual.core import apparatus, registry

    from tools.bootstrap.seed import original_lines
    from tools.cli import open_edition
    from tools.pages import edition_texts

    pages = edition_texts(open_edition())
    entries = apparatus.load_entries(EDITION / "apparatus.toml")
    by_step: dict[str, list] = {}
    for entry in entries:
        by_step.setdefault(entry.step, []).append(entry)
    changed = 0
    for step, printed in PRINTED.items():
        places = BY_STEP.get(step, [])
        restored = ortho.restore(printed, places)
        assert restored == TEXTS[step], step
        assert apparatus.base_text(restored, by_step.get(step, [])) == pages[step], step
        # changed only where the record says: the same length, differing at its places alone
        diff = [k for k, (a, b) in enumerate(zip(printed, restored, strict=True)) if a != b]
        assert diff == [p.offset for p in places if p.corrected], step
        changed += len(diff)
    assert changed == sum(p.corrected for p in PLACES) == 157
    # and each page holds the seed's lines of its step, character for character
    by_line = {n: line.text for line in original_lines(seed_path) for n in line.lines}
    steps = registry.load(EDITION / "step-registry.tsv")
    for step, page in pages.items():
        seed = "".join(dict.fromkeys(by_line[n] for n in steps[step].seed_lines))
        assert registry.bare(page) == registry.bare(seed), step


def test_a_stale_record_is_refused():
    place = PLACES[0]
    with pytest.raises(ValueError, match="does not print"):
        ortho.witness_form("無此文" * 20, place, "叢")


def test_the_counts_of_variants_tsv_agree_with_the_record():
    counted = ortho.counts(PLACES)
    for pair in PAIRS:
        if pair.record != "place":
            continue
        per = counted[pair.standard]
        *cells, total = pair.witnesses.split()
        assert int(total.lstrip("/")) == sum(per["叢"].values())
        for siglum, c in zip(SIGLA, cells, strict=True):
            assert c == f"{siglum}{per[siglum][pair.variant]}", pair


def test_the_table_of_the_conventions_and_its_numbers(edition_words):
    table = {r[0]: r for r in rows(PAIRS, PLACES, SIGLA)}
    yu = table["於（于）"]
    assert yu[1] == "181" and yu[2] == "于137 於44" and yu[3:] == [
        "于155 於21 闕5", "于156 於25", "于160 於21", "于181", "于156 於25", "于139 於18 闕24"
    ]  # fmt: skip
    assert table["個（个、箇）"][1:3] == ["20", "个20"]
    assert cell(Counter({"於": 2, "于": 3, "-": 1}), "於", ("于",)) == "于3 於2 闕1"
    text = (ROOT / "source" / "conventions.md").read_text(encoding="utf-8")
    assert "{xs:orthography}" in text


def test_each_rule_of_the_conventions_is_counted_from_the_data():
    """The 凡例's 〈字形〉 4, number by number, from the record and the apparatus."""
    text = (ROOT / "source" / "conventions.md").read_text(encoding="utf-8")
    text = re.sub(r"\{xs:form\}`([^`]*)`", r"\1", text)  # the forms, as they read
    rule = " ".join(text[text.index("4. 如底本作「於」") : text.index("5. 「捝」")].split())
    rule = rule.replace(" ", "")
    yu = [p for p in PLACES if p.base == "於"]
    five = sum(all(p.forms[s] == "于" for s in "叢庫張李敖") for p in yu)
    every = [p for p in yu if p.edition == "于"]
    kept_yu = [p for p in yu if "於" in p.forms.values()]
    li = sum(p.forms["李"] == "于" for p in yu)
    assert (len(yu), five, len(every), len(kept_yu), li) == (181, 135, 137, 44, 181)
    assert len(every) + len(kept_yu) == len(yu) and all(p.edition == "於" for p in kept_yu)
    assert f"如底本作「於」凡{len(yu)}處：叢、庫、張、李、敖五本同作「于」者{five}處" in rule
    assert f"皆作「于」者{len(every)}處，本書印「于」；有一本作「於」者{len(kept_yu)}處" in rule
    assert f"李本{li}處皆作「于」" in rule
    # 個: 20 places corrected as a class, 2 by entries of the apparatus (楊's slip 人)
    ge = [p for p in PLACES if p.base == "個"]
    assert all(p.edition == "个" for p in ge)
    assert all(f in ("个", "-") for p in ge for f in p.forms.values())
    from ritual.core import apparatus

    slips = [
        e
        for e in apparatus.load_entries(EDITION / "apparatus.toml")
        if e.base == "個" and e.lemma == "个"
    ]
    assert all(
        e.decision == "emend" and [(x.witness, x.text) for x in e.slips] == [("楊", "人")]
        for e in slips
    )
    labels = "、".join(str(int(e.id.removeprefix("app-"))) for e in slips)
    assert f"底本作「個」凡{len(ge) + len(slips)}處" in rule
    assert f"其{len(ge)}處以類校正" in rule and f"其{len(slips)}處楊本誤作「人」" in rule
    assert f"出校記{labels}" in rule
    # no 個 is printed anywhere; 旃 is kept, every witness that has it writing 旜
    assert not any("個" in t for t in PRINTED.values())
    zhan = [p for p in PLACES if p.base == "旃"]
    assert f"「旃」{len(zhan)}處" in rule
    assert all(p.edition == "旃" and set(p.forms.values()) <= {"旜", "-"} for p in zhan)
    assert "{xs:orthography}" in text


def test_the_record_and_the_counts_regenerate_identically(witnesses_dir: Path):
    assert tool.main(["--check", "--witnesses", str(witnesses_dir)]) == 0


def test_recovered_forms_are_what_the_witnesses_write(seed_path, witnesses_dir: Path):
    """Checked again through the audit's own view of each place (not the tool's)."""
    table = load_variants()

    def fold(c: str) -> str:
        return table.get(c, c)

    base = read_base(seed_path)
    aligned = {w.siglum: wr.align_witness(base, w, fold) for w in read_all(witnesses_dir)}
    emap = {(s, k): p for p, (s, k, _) in tool.edition_map(tool.edition_steps(), base).items()}
    for place in PLACES[::7]:
        p = emap[(place.step, place.offset)]
        for siglum in SIGLA:
            view = wr.views_at(p, p + 1, siglum, aligned[siglum])
            form = ortho.witness_form(PRINTED[place.step], place, siglum)
            if view.state != "present":
                assert form == ortho.LACKING, (place, siglum)
            elif "&" not in view.text and form != ortho.NOTHING:
                assert form in view.text, (place, siglum, view)


@pytest.mark.edition
def test_the_conventions_page_prints_the_table_from_the_data(edition_html: Path, edition_words):
    html = (edition_html / "conventions.html").read_text(encoding="utf-8")
    # each cell's text, its forms kept as written (a span each: the Simplified copy keeps them)
    cells = {re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td><p>(.*?)</p></td>", html)}
    for row in rows(PAIRS, PLACES, SIGLA):
        for value in row:
            assert value in cells, value
