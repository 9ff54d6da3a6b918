"""The declared normalisations: variants.tsv and orthography.tsv are true and recoverable.

The edition prints the base's standard forms (於, 個, 旃 …); orthography.tsv records, for the
pairs variants.tsv marks ``place``, what each witness writes at every such place; from the
edition's text and that record each witness's form there is recovered.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import EDITION
from ritual import orthography as ortho
from ritual.directives.orthography import cell, rows

from tools import orthography as tool
from tools.audit import witness_readings as wr
from tools.collate.core import load_variants, read_base
from tools.collate.witnesses import read_all

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ortho.load_pairs(EDITION / "variants.tsv")
PLACES = ortho.load_places(EDITION / "orthography.tsv")
SIGLA = ortho.witnesses(EDITION / "orthography.tsv")
TEXTS = dict(tool.edition_steps())


def test_files_have_provenance_and_the_record_covers_the_required_pairs():
    for path in ((EDITION / "variants.tsv"), (EDITION / "orthography.tsv")):
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# ") and "Provenance" in text
    recorded = ortho.recorded(PAIRS)
    assert recorded["於"] == ("于",) and "个" in recorded["個"] and recorded["旃"] == ("旜",)
    assert recorded["挩"] == ("捝",)  # one character in two forms (app-004)
    assert {p.edition for p in PLACES} == set(recorded)
    for pair in PAIRS:
        assert pair.record in ("place", "count"), pair
        assert re.fullmatch(r"(\S+\d+ ){6}/\d+", pair.witnesses), pair


def test_each_witness_form_is_recovered_from_the_edition_and_the_record():
    markers = {ortho.LACKING, ortho.NOTHING}
    recorded = ortho.recorded(PAIRS)
    for place in PLACES:
        text = TEXTS[place.step]
        before, _, after = place.context.partition(f"[{place.edition}]")
        assert text[place.offset - len(before) : place.offset] == before, place
        assert text[place.offset + 1 :].startswith(after), place
        for siglum in SIGLA:
            form = ortho.witness_form(text, place, siglum)
            assert len(form) == 1 or form in markers, place
            recovered = text[: place.offset] + form + text[place.offset + 1 :]
            if form not in markers:
                assert recovered[place.offset] == form
        # A recorded place is one of a recorded pair's standard form, wherever it is printed.
        assert place.edition in recorded
    for standard in ortho.recorded(PAIRS):
        printed = sum(text.count(standard) for text in TEXTS.values())
        assert printed == sum(p.edition == standard for p in PLACES), standard


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


def test_the_table_of_the_conventions_and_its_numbers():
    table = {r[0]: r for r in rows(PAIRS, PLACES, SIGLA)}
    yu = table["於（于）"]
    assert yu[1] == "181" and yu[2:] == [
        "于155 於21 闕5", "于156 於25", "于160 於21", "于181", "于156 於25", "于139 於17 闕25"
    ]  # fmt: skip
    assert cell(Counter({"於": 2, "于": 3, "-": 1}), "於", ("于",)) == "于3 於2 闕1"
    # The prose of the 凡例 states the same numbers as the record.
    text = (ROOT / "source" / "conventions.md").read_text(encoding="utf-8")
    yu_rows = [p for p in PLACES if p.edition == "於"]
    five = sum(all(p.forms[s] == "于" for s in "叢庫張李敖") for p in yu_rows)
    li = sum(p.forms["李"] == "于" for p in yu_rows)
    ge = [p for p in PLACES if p.edition == "個"]
    zhan = [p for p in PLACES if p.edition == "旃"]
    assert f"本書印「於」凡 {len(yu_rows)} 處，叢、庫、張、李、敖五本同作「于」者 {five} 處" in text
    assert f"李本 {li} 處皆作「于」" in text
    assert f"「個」凡 {len(ge)} 處、「旃」{len(zhan)} 處" in text
    # 「凡有其文之本皆作个、旜」, except 楊's two 人 (variants in the apparatus).
    assert all(f in ("个", "-", "人") for p in ge for f in p.forms.values())
    assert sum(f == "人" for p in ge for f in p.forms.values()) == 2
    assert all(f in ("旜", "-") for p in zhan for f in p.forms.values())
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
            form = ortho.witness_form(TEXTS[place.step], place, siglum)
            if view.state != "present":
                assert form == ortho.LACKING, (place, siglum)
            elif "&" not in view.text and form != ortho.NOTHING:
                assert form in view.text, (place, siglum, view)


@pytest.mark.edition
def test_the_conventions_page_prints_the_table_from_the_data(edition_html: Path):
    html = (edition_html / "conventions.html").read_text(encoding="utf-8")
    for row in rows(PAIRS, PLACES, SIGLA):
        for value in row:
            assert f">{value}<" in html, value
