"""The rite's cross-references (issue 14): every 如 decided, every 記 step tied to the 經.

The data are ``tools/work/references.tsv`` (one row per occurrence found by ``tools/xrefs.py``)
and ``source/_edition/ties.tsv`` (one row per step of the 記).  These tests hold the data to
the text: spans, ids, order, and the commentators' words at the cited witness page.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import xrefs
from tools.xrefs_quotes import parse_page, quote_pages, stream

TEXTS = xrefs.step_texts()
ORDER = list(TEXTS)
INDEX = {s: n for n, s in enumerate(ORDER)}
JI = xrefs.ji_steps()
REGISTRY = set(xrefs.registry_ids())
REFS = xrefs.read_tsv(xrefs.REFERENCES, xrefs.REF_COLUMNS)
JI_ROWS = xrefs.read_tsv(xrefs.JI_EXPLAINS, xrefs.JI_COLUMNS)
COMMENTATORS = ("注", "疏", "張")


def _where(row: dict) -> str:
    return f"{row['step']} {row.get('formula', '')}"


# -- the scanner ----------------------------------------------------------------------------


def test_scanner_finds_ru_and_a_chu_outside_ru() -> None:
    assert xrefs.occurrences_in("賓卒洗，揖讓如初，升。") == [(6, "如")]
    assert xrefs.occurrences_in("賓及眾賓皆降，復初位。") == [(8, "初")]
    assert xrefs.occurrences_in("初如初") == [(0, "初"), (1, "如")]
    assert xrefs.occurrences_in("主人反位。") == []


def test_scanner_reads_roles_as_their_surface() -> None:
    page = "::::{xs:step} xs-0001\n:actors: 賓\n{role}`賓`降，{action}`辭 <辭>`如初。\n::::\n"
    assert xrefs.page_texts(page) == {"xs-0001": "賓降，辭如初。"}


def test_expand_resolves_ranges_and_rejects_bad_items() -> None:
    order = ["xs-0001", "xs-0002", "xs-0003", "xs-0004"]
    assert xrefs.expand("xs-0001..xs-0003 xs-0004", order) == order
    for bad in ("xs-0003..xs-0001", "xs-0009", "xs-1", "xs-0001-xs-0002"):
        with pytest.raises(ValueError):
            xrefs.expand(bad, order)


@pytest.mark.edition
def test_scanner_texts_are_the_edition_texts(edition: dict) -> None:
    """The offsets are into edition.json's text: the scanner must read the same text."""
    assert {s["id"]: s["text"] for s in edition["steps"]} == TEXTS


# -- references.tsv -------------------------------------------------------------------------


def test_every_occurrence_has_exactly_one_row() -> None:
    found = xrefs.scan(TEXTS)
    assert len(found) >= 60  # 61 如 and one 初 (復初位) in the edition as it stands
    for occ in found:
        rows = [
            r
            for r in REFS
            if r["step"] == occ.step and int(r["start"]) <= occ.offset < int(r["end"])
        ]
        assert len(rows) == 1, f"{occ}: {len(rows)} rows"
    assert len(REFS) == len(found), "a row that holds no occurrence of the scanner"


def test_rows_hold_their_formula() -> None:
    for r in REFS:
        text = TEXTS[r["step"]]
        start, end = int(r["start"]), int(r["end"])
        assert text[start:end] == r["formula"], _where(r)
        anchors = xrefs.occurrences_in(r["formula"])
        assert len(anchors) == 1, _where(r)
        assert "如" in r["formula"] or r["formula"] == "復初位", _where(r)


def test_rows_are_well_formed() -> None:
    for r in REFS:
        assert r["kind"] in xrefs.KINDS, _where(r)
        assert r["basis"] in xrefs.BASES, _where(r)
        assert r["note"].strip(), _where(r)
        if r["kind"] == "internal":
            assert r["steps"], _where(r)
        else:
            assert not r["steps"], _where(r)
        if r["basis"] in COMMENTATORS:
            assert r["quote"] and r["page"], _where(r)
        assert bool(r["quote"]) == bool(r["page"]), _where(r)


def test_referenced_steps_exist() -> None:
    for r in REFS:
        ids = xrefs.expand(r["steps"], ORDER)
        assert set(ids) <= REGISTRY, _where(r)


def test_internal_referents_precede_their_formula_outside_the_ji() -> None:
    for r in REFS:
        if r["kind"] != "internal" or r["step"] in JI:
            continue
        for ref in xrefs.expand(r["steps"], ORDER):
            assert INDEX[ref] <= INDEX[r["step"]], f"{_where(r)}: {ref} comes later"
            assert ref not in JI, f"{_where(r)}: points into the 記"


# -- ji-explains.tsv ------------------------------------------------------------------------


def test_every_ji_step_has_one_row() -> None:
    assert JI[0] == "xs-0451" and JI[-1] == "xs-0545"
    assert [r["step"] for r in JI_ROWS] == JI


def test_ji_rows_point_into_the_jing() -> None:
    for r in JI_ROWS:
        assert r["basis"] in xrefs.BASES, r["step"]
        assert r["note"].strip(), r["step"]
        if r["basis"] in COMMENTATORS:
            assert r["quote"] and r["page"], r["step"]
        assert bool(r["quote"]) == bool(r["page"]), r["step"]
        items = [i for i in r["explains"].split() if i != "general"]
        if not items:
            continue
        ids = xrefs.expand(" ".join(items), ORDER)
        assert ids and set(ids) <= REGISTRY, r["step"]
        assert not set(ids) & set(JI), f"{r['step']} explains a step of the 記"


# -- the commentators' words ----------------------------------------------------------------


def test_stream_drops_layout_and_keeps_commentary() -> None:
    raw = "<pb:X_Y_005-3a>¶\n主人(反位/從降)¶\n<pb:X_Y_005-3b>¶\n(之位也)賓\n"
    text, pages = stream(raw, commentary_only=True)
    assert text == "反位從降之位也"
    assert pages[0] == "005-3a" and pages[-1] == "005-3b"
    assert stream(raw, commentary_only=False)[0] == "主人反位從降之位也賓"


def test_parse_page() -> None:
    assert parse_page("叢 005-3b") == ("叢", "005-3b")
    for bad in ("叢005-3b", "某 005-3b", "疏 11-5b"):
        with pytest.raises(ValueError):
            parse_page(bad)


@pytest.mark.parametrize("name", ["references", "ji-explains"])
def test_quotes_stand_in_the_witness_at_the_page(name: str, witnesses_dir: Path) -> None:
    # a tie's 注 is quoted as commentary.tsv gives it (tests/test_ji_ties.py checks it there)
    rows = REFS if name == "references" else [r for r in JI_ROWS if r["basis"] != "注"]
    quoted = [r for r in rows if r["quote"]]
    assert quoted
    for r in quoted:
        siglum, page = parse_page(r["page"])
        pages = quote_pages(siglum, r["quote"], witnesses_dir)
        assert page in pages, f"{_where(r)}: {r['quote']} not at {r['page']} ({pages})"
