"""The diagram and stage directives: drawing at resolve time, the key, numbering, the
SVG files, the stage timeline, the export and the located warnings (issue 6)."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
from conftest import EDITION
from ritual import nodes as xsnodes
from sphinx.testing.util import SphinxTestApp

NS = "{http://www.w3.org/2000/svg}"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def warnings_of(app: SphinxTestApp) -> list[str]:
    text = ANSI.sub("", app.warning.getvalue())
    return [line.replace(f"{app.srcdir}/", "") for line in text.splitlines() if line.strip()]


def stage_json(outdir) -> dict:
    key, text = (outdir / "_diagrams" / "stage-data.js").read_text(encoding="utf-8").split("\n", 1)
    assert re.fullmatch(r"/\* xs-stage [0-9a-f]{20} \*/", key)
    assert text.startswith("window.XS_STAGE=") and text.rstrip().endswith(";")
    return json.loads(text.strip()[len("window.XS_STAGE=") : -1])


@pytest.mark.sphinx("html", testroot="diagram")
def test_diagrams_drawn_from_positions_carried_forward(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    doctree = app.env.get_doctree("rite")
    diagrams = {d["fig_id"]: d for d in doctree.findall(xsnodes.diagram)}
    assert set(diagrams) == {"fig-bai-zhi", "fig-bi", "fig-men"}
    # xs-0004 names nobody: the state is carried forward from xs-0001 … xs-0003
    html = (app.outdir / "rite.html").read_text(encoding="utf-8")
    assert '<figure class="xs-diagram" id="fig-bi">' in html
    figure = html[html.index('id="fig-bi"') :]
    figure = figure[: figure.index("</figure>")]
    assert "<svg" in figure and "<?xml" not in figure
    # titled; described by its key (the list under it says what a <desc> would)
    assert "<title" in figure and "<desc" not in figure
    assert 'aria-describedby="fig-bi-key"' in figure
    assert '<ul class="xs-diagram-key" aria-label="位次" id="fig-bi-key">' in figure
    key = re.findall(r"<li><b>(.*?)</b>(.*?)，(.*?)</li>", figure)
    assert key == [
        ("主人", "阼階上當楣", "北面"),
        ("賓", "西階上當楣", "北面"),
        ("司馬", "楅南", "北面"),
    ]
    # numbered in reading order, captioned with the step
    assert '<span class="xs-diagram-label">圖二</span>' in figure
    assert "第4節（xs-0004）之後" in figure
    # the caption runs inline: no line break (a space on the page) after its paragraphs
    assert "司馬當楅南。</p><ul " in figure
    assert ">楅<" in figure  # :extra:


@pytest.mark.sphinx("html", testroot="diagram")
def test_svg_files_export_and_stage(app: SphinxTestApp) -> None:
    app.build()
    edition = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    diagrams = edition["diagrams"]
    assert [d["id"] for d in diagrams] == ["fig-bai-zhi", "fig-bi", "fig-men"]
    first = diagrams[0]
    assert set(first) >= {"id", "title", "section", "steps", "svg", "figures"}
    assert first["section"] == "ying-bin" and first["steps"] == ["xs-0002"]
    assert first["title"] == "拜至"
    assert first["figures"] == [
        {"role": "主人", "place": "阼階上當楣", "facing": "北面"},
        {"role": "賓", "place": "西階上當楣", "facing": "北面"},
    ]
    for d in diagrams:
        path = app.outdir / d["svg"]
        root = ET.fromstring(path.read_bytes())
        assert root.tag == f"{NS}svg"
        assert root.find(f"{NS}title").text
    # the range view of the gate: both outside the 門
    assert diagrams[2]["figures"][0]["place"] == "門外東"
    stage = stage_json(app.outdir)
    assert [s["id"] for s in stage["steps"]] == [s["id"] for s in edition["steps"]]
    assert "fig" in stage["steps"][0]  # the first step places people
    html = (app.outdir / "stage.html").read_text(encoding="utf-8")
    assert 'src="_diagrams/stage-data.js"' in html and 'src="_static/xs-stage.js"' in html
    # the script the stage's script shares with the others (xs-load.js) is not deferred, and the
    # stage's is: wherever the theme puts the page's scripts, it has run when the stage calls it
    shared = re.search(r'<script([^>]*) src="_static/xs-load\.js', html)
    assert shared and "defer" not in shared[1]
    assert re.search(r'<script src="_static/xs-stage\.js" defer>', html)
    assert 'id="xs-stage-hall-furn-' in html
    # the number, phase and page only where they are not the count, the previous step's
    assert all("n" not in s for s in stage["steps"])
    assert [("p" in s, "u" in s) for s in stage["steps"]] == [
        (True, True),
        (False, False),
        (True, False),
        (False, False),
    ]


@pytest.mark.sphinx("html", testroot="diagram")
def test_stage_fragments_land_on_a_list_of_steps(app: SphinxTestApp) -> None:
    """Issue 25: stage.html#xs-0003 names an element, the step's item in a list of the steps
    that is there without scripts (in <noscript>; with them the script shows the step):
    number, id and the text's opening."""
    app.build()
    assert app.warning.getvalue() == ""
    html = (app.outdir / "stage.html").read_text(encoding="utf-8")
    listed = html.index('<ol class="xs-stage-steps"')
    assert "</noscript>" not in html[html.rindex("<noscript>", 0, listed) : listed]
    assert listed < html.index("</noscript>", listed) < html.index('src="_static/xs-stage.js"')
    items = re.findall(r'<li id="(xs-\d{4})">(.*?)</li>', html[listed:])
    assert items == [
        ("xs-0001", "及門，主人出迎於…"),
        ("xs-0002", "主人阼階上當楣北…"),
        ("xs-0003", "司馬北面立於所設…"),
        ("xs-0004", "無位可言。"),
    ]
    # the script reads only #n=…; the step ids are elements now (tools/check_site.py)
    assert 'data-fragments="n=\\d+"' in html


def test_stage_list_numbers_kept_forms_and_retired_ids() -> None:
    from ritual.components.plans.diagrams import StageListItem
    from ritual.writers.diagram_html import _step_list

    html = _step_list(
        [
            StageListItem("xs-0001", "1", "主人答再拜…", ((2, 3),), ()),
            StageListItem("xs-0003", "3", "賓<降>。", (), ("xs-0002",)),
        ]
    )
    assert html == (
        '<ol class="xs-stage-steps" aria-label="The steps" lang="zh-Hant">'
        '<li id="xs-0001">主人<span data-xs-keep>答</span>再拜…</li>'
        '<li id="xs-0003" value="3">賓&lt;降&gt;。<span id="xs-0002"></span></li></ol>'
    )
    assert _step_list([]) == ""


@pytest.mark.sphinx("html", testroot="diagram")
def test_the_list_of_plans_links_every_plan_in_reading_order(app: SphinxTestApp) -> None:
    """``xs:plans`` (圖目): each plan by its number and title, linked to it on its page, as
    the book's list of plans after the contents gives them with their pages."""
    app.build()
    assert app.warning.getvalue() == ""
    html = (app.outdir / "plans.html").read_text(encoding="utf-8")
    items = re.findall(
        r'<a class="reference internal" href="([^"]+)"><strong>(圖\S+)</strong>', html
    )
    data = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))["diagrams"]
    assert [href for href, _ in items] == [f"rite.html#{d['id']}" for d in data]
    assert [label for _, label in items] == ["圖一", "圖二", "圖三"]
    rite = (app.outdir / "rite.html").read_text(encoding="utf-8")
    assert all(f'id="{d["id"]}"' in rite for d in data)


@pytest.mark.sphinx("latex", testroot="diagram")
def test_the_book_leaves_the_list_of_plans_to_latex(app: SphinxTestApp) -> None:
    app.build()
    tex = next(app.outdir.glob("*.tex")).read_text(encoding="utf-8")
    # the plans are there, and not their list: its labels would be strong (\sphinxstylestrong)
    assert "fig-bai-zhi" in tex and "\\sphinxstylestrong{圖一}" not in tex


@pytest.mark.sphinx("text", testroot="diagram")
def test_text_builder(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    text = (app.outdir / "rite.txt").read_text(encoding="utf-8")
    assert "[圖一 拜至（第2節（xs-0002）之後）]" in text
    assert "位次：主人：阼階上當楣，北面；賓：西階上當楣，北面。" in text


@pytest.mark.sphinx("latex", testroot="diagram")
def test_latex_figures_are_vector_pdfs(app: SphinxTestApp) -> None:
    if not shutil.which("rsvg-convert"):
        pytest.importorskip("cairosvg")
    app.build()
    assert app.warning.getvalue() == ""
    tex = next(app.outdir.glob("*.tex")).read_text(encoding="utf-8")
    # the book's own drawing, printed at the width it was drawn for (within the print box)
    width = float(
        re.search(r"\\includegraphics\[width=([\d.]+)pt\]\{_diagrams/fig-bai-zhi", tex)[1]
    )
    assert 0 < width <= app.config.xs_plan_print_box[0]
    assert "\\begin{xsplancaption}{圖一}{拜至}{第2節（xs\\sphinxhyphen{}0002）之後}" in tex
    svg = (app.outdir / "_diagrams" / "fig-bai-zhi.svg").read_text(encoding="utf-8")
    assert f'width="{width:g}"' in svg and "<tspan" not in svg.split("<g clip-path")[0]
    assert (
        "圖一" not in svg.split("</desc>")[1]
    )  # no title over the printed plan: the caption has it
    pdf = app.outdir / "_diagrams" / "fig-bai-zhi.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.sphinx("html", testroot="diagram-warnings")
def test_bad_diagrams_and_positions_are_located(app: SphinxTestApp) -> None:
    app.build()
    assert sorted(warnings_of(app)) == sorted(
        [
            "index.md:24: WARNING: diagram 'fig-two': unknown view 'sky' (known: hall, range) "
            "[xs.bad_diagram]",
            "index.md:24: WARNING: diagram 'fig-two': unknown furnishing '鼎' [xs.bad_diagram]",
            "index.md:31: WARNING: duplicate diagram id 'fig-two', also declared at index:24 "
            "[xs.bad_diagram]",
            # positions are data: each bad row warns at its line of positions.tsv
            "_edition/positions.tsv:4: WARNING: xs-0001: unknown role '仙人' (not in "
            "figures.tsv) [xs.bad_position]",
            "_edition/positions.tsv:5: WARNING: xs-0002: unknown place '天上' (not in "
            "setting.toml) [xs.bad_position]",
            "_edition/positions.tsv:6: WARNING: xs-0002: unknown facing '上面' (not in "
            "facings.tsv) [xs.bad_position]",
            "_edition/positions.tsv:7: WARNING: xs-0002: 司射 is placed for the first time "
            "without a facing [xs.bad_position]",
            "index.md:19: WARNING: diagram 'fig-ok': unknown step 'xs-0099' [xs.bad_diagram]",
        ]
    )
    # the good entries are still drawn
    edition = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    assert [d["id"] for d in edition["diagrams"]] == ["fig-two"]
    assert edition["diagrams"][0]["figures"] == [
        {"role": "主人", "place": "阼階上", "facing": "西面"}
    ]


@pytest.mark.parametrize("box", ["[364]", "[0, 440]", "['wide', 440]"])
def test_a_bad_print_box_is_said_and_the_default_used(make_app, tmp_path, box: str) -> None:
    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser", "ritual"]\n'
        f"xs_edition = {str(EDITION)!r}\nxs_plan_print_box = {box}\n",
        encoding="utf-8",
    )
    (tmp_path / "index.md").write_text("# t\n", encoding="utf-8")
    app = make_app("html", srcdir=tmp_path)
    assert "xs_plan_print_box must be" in app.warning.getvalue()
    assert "[xs.bad_config]" in app.warning.getvalue()
    assert app.config.xs_plan_print_box == [364.0, 440.0]
