"""The positions data (data/positions.tsv, figures.tsv, furnishings.tsv), the tool that writes
it into the pages, and the diagrams of the built edition (issue 6)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from xiangsheli.diagram import default_setting
from xiangsheli.diagram.positions import (
    BASES,
    by_step,
    check_rows,
    chinese_number,
    format_positions,
    load_figures,
    load_rows,
    load_spans,
    role_headwords,
)

from tools.apply_positions import apply_text
from tools.apply_positions import main as apply_main

ROOT = Path(__file__).resolve().parents[1]
NS = "{http://www.w3.org/2000/svg}"


# -- the data -------------------------------------------------------------------------------------


def test_positions_data_is_valid(edition: dict) -> None:
    order = [s["id"] for s in edition["steps"]]
    rows = load_rows()
    assert check_rows(rows, default_setting(), load_figures(), order) == []
    assert {r.basis for r in rows} <= set(BASES)
    assert {r.facing_basis for r in rows if r.facing} <= set(BASES)
    assert {r.facing_basis for r in rows if not r.facing} == {""}
    # the narrative of the rite is covered: from the arrival at the gate to 賓出
    steps = {r.step for r in rows}
    assert {"xs-0021", "xs-0027", "xs-0206", "xs-0318", "xs-0438"} <= steps
    assert len(steps) >= 250


def test_figures_are_vocabulary_roles() -> None:
    headwords = role_headwords()
    if not headwords:
        pytest.skip("no role vocabulary")
    for fig in load_figures().values():
        assert not fig.headword or fig.headword in headwords, fig


def test_furnishing_timeline_names_furnishings(edition: dict) -> None:
    setting = default_setting()
    ids = {s["id"] for s in edition["steps"]}
    for span in load_spans():
        assert span.furnishing in setting.furnishings
        assert span.start in ids and (not span.end or span.end in ids)


def test_every_place_used_is_warranted() -> None:
    setting = default_setting()
    for row in load_rows():
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


# -- the tool ------------------------------------------------------------------------------

FIXTURE = """\
## 拜至

::::{xs:step} xs-0027
:actors: 舊
:positions: 舊 舊位 北面
:class: keep

{role}`主人`阼階上當楣北面再拜，{role}`賓`西階上當楣北面答再拜，{role}`眾賓 <眾賓>`立。

:::{xs:translation}
{role}`不算`
:::
::::

::::{xs:step} xs-0028
無位。
::::
"""


def rows_fixture(tmp_path: Path) -> Path:
    path = tmp_path / "positions.tsv"
    path.write_text(
        "# test\nstep\trole\tplace\tfacing\tbasis\tfacing_basis\tnote\n"
        "xs-0027\t主人\t阼階上當楣\t北面\ttext\ttext\t「主人阼階上當楣北面再拜」\n"
        "xs-0027\t上耦上射\t堂西\t\tinferred\t\tnot really\n",
        encoding="utf-8",
    )
    return path


def test_apply_positions_rewrites_only_our_options(tmp_path: Path) -> None:
    steps = by_step(load_rows(rows_fixture(tmp_path)))
    out = apply_text(FIXTURE, steps, load_figures())
    assert out.splitlines()[2:6] == [
        "::::{xs:step} xs-0027",
        ":actors: 主人 上耦上射 賓 眾賓",
        ":positions: 主人 阼階上當楣 北面; 上耦上射 堂西",
        ":class: keep",
    ]
    # a step with no rows and no roles gets no lines; the rest is untouched
    assert out.endswith("::::{xs:step} xs-0028\n無位。\n::::\n")
    assert "舊" not in out
    # idempotent
    assert apply_text(out, steps, load_figures()) == out


def test_apply_positions_cli_check(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(FIXTURE, encoding="utf-8")
    positions = rows_fixture(tmp_path)
    args = ["--positions", str(positions), str(page)]
    assert apply_main(["--check", *args]) == 1
    assert page.read_text(encoding="utf-8") == FIXTURE
    assert apply_main(args) == 0
    assert apply_main(["--check", *args]) == 0


def test_pages_carry_the_positions_data() -> None:
    """The pages agree with positions.tsv (run tools/apply_positions.py after editing it)."""
    assert apply_main(["--check"]) == 0


def test_format_positions() -> None:
    rows = load_rows()
    by = by_step(rows)
    assert format_positions(by["xs-0027"]) == "主人 阼階上當楣 北面; 賓 西階上當楣 北面"


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
    for step in data["steps"]:
        acting = set()
        for r in step.get("gone", []):
            del state[r]
            order = [x for x in order if x != r]
        for e in step.get("fig", []):
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
    from xiangsheli.diagrams import _figure_changes

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
    """A page's plans draw a shared background once and ``<use>`` it; each style rule comes once
    and before the first plan that needs it; every plan on the page still draws its figures."""
    shared = 0
    for page in sorted((edition_html / "rite").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r'<use href="#([\w-]+)"/>', text):
            assert text.find(f'<g id="{m.group(1)}">') in range(0, m.start()), (page.name, m[1])
            shared += 1
        rules = re.findall(r"\.(xsd-s[0-9a-f]{5})\{", text)
        assert len(rules) == len(set(rules)), page.name  # each rule once per page
        for name in set(re.findall(r'class="(xsd-s[0-9a-f]{5})"', text)):
            assert text.index(f".{name}{{") < text.index(f'class="{name}"'), (page.name, name)
        for figure in re.findall(r'<figure class="xs-diagram".*?</figure>', text, re.S):
            assert '<g clip-path="url(#' in figure
    assert shared >= 10  # most plans of a page share the hall as drawn at 陳設
