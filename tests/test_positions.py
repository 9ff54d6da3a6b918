"""The positions data (the edition's positions.tsv, figures.tsv, furnishings.tsv), read by the
build directly, and the diagrams of the built edition (issue 6)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import EDITION
from ritual.core.diagram import load_setting
from ritual.core.diagram.positions import (
    BASES,
    Row,
    check_rows,
    chinese_number,
    load_figures,
    load_rows,
    load_spans,
    role_headwords,
)

ROOT = Path(__file__).resolve().parents[1]
NS = "{http://www.w3.org/2000/svg}"
SETTING = load_setting(EDITION / "setting.toml", EDITION / "facings.tsv")
FIGURES = load_figures(EDITION / "figures.tsv")


def default_setting():
    return SETTING


def load_data_rows():
    return load_rows(EDITION / "positions.tsv")


# -- the data -------------------------------------------------------------------------------------


def test_positions_data_is_valid(edition: dict) -> None:
    order = [s["id"] for s in edition["steps"]]
    rows = load_data_rows()
    assert check_rows(rows, default_setting(), FIGURES, order) == []
    assert {r.basis for r in rows} <= set(BASES)
    assert {r.facing_basis for r in rows if r.facing} <= set(BASES)
    assert {r.facing_basis for r in rows if not r.facing} == {""}
    # the narrative of the rite is covered: from the arrival at the gate to 賓出
    steps = {r.step for r in rows}
    assert {"xs-0021", "xs-0027", "xs-0206", "xs-0318", "xs-0438"} <= steps
    assert len(steps) >= 250


def test_figures_are_vocabulary_roles() -> None:
    headwords = role_headwords(EDITION / "vocab" / "role.tsv")
    assert headwords
    for fig in FIGURES.values():
        assert not fig.headword or fig.headword in headwords, fig


def test_furnishing_timeline_names_furnishings(edition: dict) -> None:
    setting = default_setting()
    ids = {s["id"] for s in edition["steps"]}
    for span in load_spans(EDITION / "furnishings.tsv"):
        assert span.furnishing in setting.furnishings
        assert span.start in ids and (not span.end or span.end in ids)


def test_every_place_used_is_warranted() -> None:
    setting = default_setting()
    for row in load_data_rows():
        if row.place != "-":
            assert setting.places[row.place].warrant


def test_chinese_numbers() -> None:
    assert [chinese_number(n) for n in (1, 10, 12, 20, 33)] == [
        "一",
        "十",
        "十二",
        "二十",
        "三十三",
    ]


# -- one source of truth --------------------------------------------------------------------


def test_pages_carry_no_positions() -> None:
    """positions.tsv is the one record: no page repeats it (no :positions: or :actors:)."""
    for page in (ROOT / "source").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"^:(positions|actors):", text, re.M), page


def test_a_bad_row_does_not_put_its_role_on_the_plan() -> None:
    """A row with a problem is reported and left out, and does not count as placing its role:
    the next row of that role without a facing is reported too, not drawn half-placed."""

    def row(line, step, role, place, facing):
        return Row(step, role, place, facing, "inferred", "inferred" if facing else "", "n", line)

    rows = [row(2, "a", "主人", "天上", "西面"), row(3, "b", "主人", "西階上", "")]
    problems = check_rows(rows, SETTING, FIGURES, ["a", "b"])
    assert [line for line, _ in problems] == [2, 3]
    assert "first time without a facing" in problems[1][1]


# -- the built edition ---------------------------------------------------------------------


def test_edition_diagrams(edition: dict, edition_html: Path) -> None:
    diagrams = edition["diagrams"]
    assert len(diagrams) >= 20
    assert len({d["section"] for d in diagrams}) >= 12
    steps = {s["id"] for s in edition["steps"]}
    sections = {s["id"] for s in edition["sections"]}
    setting = default_setting()
    for d in diagrams:
        assert d["section"] in sections
        assert set(d["steps"]) <= steps
        root = ET.fromstring((edition_html / d["svg"]).read_bytes())
        assert root.tag == f"{NS}svg" and root.find(f"{NS}title").text
        assert root.find(f"{NS}desc").text
        for f in d["figures"]:
            assert f["place"] in setting.places and f["facing"] in setting.facings


def decode_stage(data: dict) -> list[list[list]]:
    """The Python twin of the decoding in ``static/xs-stage.js``: every figure at every step."""
    figures, state, order = [], {}, []
    for j, step in enumerate(data["steps"]):
        # the number, phase and page where they are not the count, the previous step's
        step.setdefault("n", str(j + 1))
        for key in ("p", "u"):
            if j and key not in step and key in data["steps"][j - 1]:
                step[key] = data["steps"][j - 1][key]
        acting = set()
        for r in step.get("gone", []):
            del state[r]
            order = [x for x in order if x != r]
        for e in step.get("fig", []):
            if "labels" in data:
                e = [*e[:9], data["labels"][e[9]], data["labels"][e[10]], *e[11:]]
            if e[0] not in state:
                order.append(e[0])
            state[e[0]] = e
            acting.add(e[0])
        if "order" in step:
            order = list(step["order"])
        figures.append(
            [state[r] if r in acting else [*state[r][:4], 0, *state[r][5:]] for r in order]
        )
    return figures


def test_stage_changes_decode_to_the_full_state() -> None:
    """What a step sends (:func:`_figure_changes`) rebuilds every figure, in order, with only
    the step's own actors marked."""
    from ritual.core.diagram.stage import figure_changes as _figure_changes

    def entry(role, place, moved=0):
        return [role, place, 0, 0, moved, place * 10, 0, 0, 0, [], []]

    full = [
        [entry(0, 1, 1), entry(1, 2, 1)],
        [entry(0, 1), entry(1, 2)],  # nothing changed: nothing sent
        [entry(0, 3, 1), entry(1, 2), entry(2, 4, 1)],  # one moves, one comes
        [entry(2, 4), entry(0, 3)],  # one leaves, the order changes
        [entry(2, 4), entry(0, 3, 1)],  # one acts in place
    ]
    state, order, steps = {}, [], []
    for encoded in full:
        steps.append(_figure_changes(state, order, encoded))
    assert steps[1] == {}
    assert steps[2]["fig"] == [entry(0, 3, 1), entry(2, 4, 1)]
    assert steps[3] == {"gone": [1], "order": [2, 0]}
    assert steps[4] == {"fig": [entry(0, 3, 1)]}
    assert decode_stage({"steps": steps}) == full


def test_stage_shows_at_each_diagram_what_the_diagram_shows(edition: dict, edition_html: Path):
    text = (edition_html / "_diagrams" / "stage-data.js").read_text(encoding="utf-8")
    data = json.loads(text.split("\n", 1)[1].strip()[len("window.XS_STAGE=") : -1])
    figures = decode_stage(data)
    at = {s["id"]: i for i, s in enumerate(data["steps"])}
    for d in edition["diagrams"]:
        shown = sorted(
            (data["roles"][e[0]], data["places"][e[1]], data["facings"][e[2]])
            for e in figures[at[d["steps"][0]]]
        )
        assert shown == sorted((f["role"], f["place"], f["facing"]) for f in d["figures"]), d["id"]
    # every step links to its page
    for step, record in zip(data["steps"], edition["steps"], strict=True):
        assert f"{data['pages'][step['u']]}#{step['id']}" == record["url"]


def test_stage_says_who_stands_off_the_plan_shown(edition_html: Path) -> None:
    """The key marks a figure beyond the plan shown, as a static plan lists it (圖外): the
    places outside each view, by index; the gate lies beyond the hall, within the overview."""
    text = (edition_html / "_diagrams" / "stage-data.js").read_text(encoding="utf-8")
    data = json.loads(text.split("\n", 1)[1].strip()[len("window.XS_STAGE=") : -1])
    hall, overview = ({data["places"][i] for i in view} for view in data["outside"])
    assert {"門內東", "門內西"} <= hall and not overview & {"門內東", "門內西", "堂西"}
    assert "堂西" not in hall
    page = (edition_html / "stage.html").read_text(encoding="utf-8")
    assert '<span data-say="offView">（圖外）</span>' in page


def test_stage_covers_every_step(edition: dict, edition_html: Path) -> None:
    text = (edition_html / "_diagrams" / "stage-data.js").read_text(encoding="utf-8")
    text = text.split("\n", 1)[1].strip()  # after the line with the inputs' digest
    data = json.loads(text[len("window.XS_STAGE=") : -1])
    assert [s["id"] for s in data["steps"]] == [s["id"] for s in edition["steps"]]
    # every step's state is known: the first step with figures carries them forward
    first = next(i for i, s in enumerate(data["steps"]) if s.get("fig"))
    assert data["steps"][first]["id"] == "xs-0021"
    html = (edition_html / "stage.html").read_text(encoding="utf-8")
    assert "xs-stage-controls" in html and "<svg" in html


def test_plans_share_backgrounds_and_style_rules_within_a_page(edition_html: Path) -> None:
    """A page's plans draw a shared background (and a figure drawn alike) once and ``<use>``
    it; each style rule comes once and before the first plan that needs it; every plan on the
    page still draws its figures."""
    shared = 0
    for page in sorted((edition_html / "rite").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r'<use href="#([\w-]+)"/>', text):
            drawn = re.search(rf'<g (?:class="xs-figure" )?id="{m.group(1)}">', text)
            assert drawn and drawn.start() < m.start(), (page.name, m[1])
            shared += 1
        rules = re.findall(r"\.(xsd-s[0-9a-f]{5})\{", text)
        assert len(rules) == len(set(rules)), page.name  # each rule once per page
        for name in set(re.findall(r'class="(xsd-s[0-9a-f]{5})"', text)):
            assert text.index(f".{name}{{") < text.index(f'class="{name}"'), (page.name, name)
        for figure in re.findall(r'<figure class="xs-diagram".*?</figure>', text, re.S):
            assert '<g clip-path="url(#' in figure
    assert shared >= 10  # most plans of a page share the hall as drawn at 陳設


def test_the_zhu_a_position_rests_on() -> None:
    """Issue 21: the quotation of the 注 a 注 basis rests on: the first outside （…） (an aside
    glosses the step's words on the way), with the step it names; for the facing, the first
    that states it (北面 or 北鄉); none where the basis is another."""
    from ritual.core.diagram.positions import Row, zhu_basis, zhu_quotes

    note = "「賓降」（注「從主人也」）：至其降位：xs-0033 注「反從降之位也 … 當西序東面」"
    quotes = zhu_quotes(note, r"xs-\d{4}")
    assert [(q.ref, q.aside) for q in quotes] == [("", True), ("xs-0033", False)]
    assert quotes[1].parts() == ["反從降之位也", "當西序東面"]
    row = Row("xs-0029", "賓", "西階西", "東面", "注", "注", note, 7)
    place, facing = zhu_basis(row, r"xs-\d{4}")
    assert place == facing == quotes[1]
    two = "注「迎大夫於門內也」；xs-0023 注「入門右，西鄉」"
    place, facing = zhu_basis(
        Row("xs-0109", "主人", "門內東", "西面", "注", "注", two, 8), r"xs-\d{4}"
    )
    assert (place.words, facing.words, facing.ref) == ("迎大夫於門內也", "入門右，西鄉", "xs-0023")
    other = Row("xs-0109", "主人", "門內東", "西面", "text", "inferred", "「降」；注「不出門」", 9)
    assert zhu_basis(other, r"xs-\d{4}") == (None, None)
    aside_only = Row(
        "xs-0340", "大夫", "射位", "", "注", "", "「就其耦」（注「就其耦於射位」）", 10
    )
    assert zhu_basis(aside_only, r"xs-\d{4}")[0].words == "就其耦於射位"
