"""The 記 tied to the moments of the 經 it explains (issue 24 item 5): ``source/_edition/ties.tsv``.

Every step of the 記 is tied to the steps of the 經 it concerns, or says why nothing in this
rite answers to it; a tie as wide as a phase needs a reason; every quotation that grounds a
tie stands in its source: a 注 in ``commentary.tsv`` (at the cited page), 疏, 張 and 敖 in the
witnesses (tests/test_xrefs_data.py, which skips without ../shared and fails under CI=1).

WIDE = 6: the widest single moment of this rite that one 記 sentence explains is about six steps
(the 賓 and 主人's shooting with its ushering, xs-0261 … xs-0266; the 旅 and the 無算爵 where
the cup goes unwashed). A tie wider than that spans a phase, and names its reason.
"""

from __future__ import annotations

import statistics

from conftest import EDITION

from tools import xrefs

WIDE = 6
GENERAL = "general"
ROWS = xrefs.read_tsv(xrefs.JI_EXPLAINS, xrefs.JI_COLUMNS)
ORDER = list(xrefs.step_texts())
JI = xrefs.ji_steps()


def _commentary() -> list[dict[str, str]]:
    lines = (EDITION / "commentary.tsv").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")]
    head = rows[0]
    return [dict(zip(head, r, strict=False)) for r in rows[1:]]


def _ties(row: dict[str, str]) -> tuple[bool, list[str]]:
    items = row["explains"].split()
    general = bool(items) and items[0] == GENERAL
    rest = [i for i in items if i != GENERAL]
    return general, xrefs.expand(" ".join(rest), ORDER) if rest else []


def test_every_ji_step_is_tied_or_says_why_not() -> None:
    assert [r["step"] for r in ROWS] == JI
    for r in ROWS:
        general, ids = _ties(r)
        assert ids or (general and r["reason"].strip()), f"{r['step']}: no tie and no reason"
        assert r["note"].strip(), r["step"]


def test_no_wide_tie_without_a_reason() -> None:
    for r in ROWS:
        _, ids = _ties(r)
        if len(ids) > WIDE:
            assert r["reason"].strip(), f"{r['step']}: {len(ids)} steps, no reason"


def test_a_reason_is_given_only_where_one_is_needed() -> None:
    for r in ROWS:
        _, ids = _ties(r)
        if r["reason"]:
            assert not ids or len(ids) > WIDE, f"{r['step']}: a reason for an ordinary tie"


def test_the_ties_are_moments_not_phases() -> None:
    """What the re-tying measured: most 記 steps tied, few ties wide, the median small."""
    sizes = [len(_ties(r)[1]) for r in ROWS if _ties(r)[1]]
    untied = sum(1 for r in ROWS if not _ties(r)[1])
    assert untied <= 3
    assert statistics.median(sizes) <= 3
    assert sum(1 for n in sizes if n > WIDE) <= 1


def test_a_general_rule_is_labelled_general() -> None:
    """A 凡-rule keeps its label, with the steps where this rite applies it."""
    for r in ROWS:
        step_text = xrefs.step_texts()[r["step"]]
        if step_text.startswith("凡"):
            assert _ties(r)[0], f"{r['step']} {step_text}: a 凡-rule not labelled general"


def test_zhu_quotations_stand_in_the_commentary_at_their_page() -> None:
    notes = _commentary()
    quoted = [r for r in ROWS if r["basis"] == "注"]
    assert len(quoted) >= 50
    for r in quoted:
        siglum, page = r["page"].split()
        where = [
            n
            for n in notes
            if r["quote"] in n["text"]
            and (
                (n["witness"] == siglum and page in n["pages"].split())
                or n["supplied"] == r["page"]
            )
        ]
        assert where, f"{r['step']}: 注「{r['quote']}」 not in commentary.tsv at {r['page']}"


def test_a_commentator_basis_has_its_words() -> None:
    for r in ROWS:
        if r["basis"] in ("注", "疏", "張"):
            assert r["quote"] and r["page"], r["step"]
