"""The rite's cross-references as built (issue 14): in edition.json every 如 of the text (and
every 初 outside one) is decided — inside a formula the pages mark, or a plain occurrence
(a measure, another sense) recorded in ``source/_edition/references.tsv`` — every referent
precedes its formula except in the 記, and every step of the 記 is tied to the 經 or marked as a
general rule."""

from __future__ import annotations

import re

import pytest
from conftest import EDITION

from tools import xrefs

pytestmark = pytest.mark.edition

ROWS = [
    line.split("\t")
    for line in (EDITION / "references.tsv").read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#") and not line.startswith("step\t")
]
PLAIN = [(r[0], r[1]) for r in ROWS if r[2] not in ("internal", "external")]
JI = xrefs.ji_steps()


def test_no_formula_is_left_undecided(edition: dict) -> None:
    texts = {s["id"]: s["text"] for s in edition["steps"]}
    spans = {s["id"]: [(r["start"], r["end"]) for r in s["references"]] for s in edition["steps"]}
    undecided = []
    for occ in xrefs.scan(texts):
        if any(a <= occ.offset < b for a, b in spans[occ.step]):
            continue
        plain = [f for sid, f in PLAIN if sid == occ.step and f in texts[occ.step]]
        if not any(
            m.start() <= occ.offset < m.end()
            for f in plain
            for m in re.finditer(re.escape(f), texts[occ.step])
        ):
            undecided.append(f"{occ.step} {occ.char}@{occ.offset}")
    assert not undecided, undecided
    formulas = [r for s in edition["steps"] for r in s["references"]]
    assert len(formulas) == sum(1 for r in ROWS if r[2] in ("internal", "external"))


def test_every_formula_has_a_referent_or_is_external(edition: dict) -> None:
    for s in edition["steps"]:
        for r in s["references"]:
            assert set(r) >= {"formula", "start", "end", "steps", "basis", "external"}
            assert s["text"][r["start"] : r["end"]] == r["formula"]
            assert r["basis"], (s["id"], r["formula"])
            assert bool(r["steps"]) != r["external"], (s["id"], r["formula"])


def test_referents_precede_their_formulas_outside_the_ji(edition: dict) -> None:
    index = {s["id"]: n for n, s in enumerate(edition["steps"])}
    for s in edition["steps"]:
        if s["id"] in JI:
            continue
        for r in s["references"]:
            for target in r["steps"]:
                assert index[target] <= index[s["id"]], (s["id"], r["formula"], target)


def test_every_ji_step_is_tied_or_general(edition: dict) -> None:
    page = (EDITION.parent / "rite" / xrefs.JI_PAGE).read_text(encoding="utf-8")
    options = re.findall(r"^::::\{xs:step\} (xs-\d{4})\n:explains: (.+)$", page, re.M)
    assert [sid for sid, _ in options] == JI
    steps = {s["id"]: s for s in edition["steps"]}
    for sid, value in options:
        if value.strip() == "general":  # a general rule that nothing in the rite answers to
            assert steps[sid]["explains"] == []
            continue
        assert steps[sid]["explains"], sid
        for target in steps[sid]["explains"]:
            assert target not in JI
            assert sid in steps[target]["explained_by"]
