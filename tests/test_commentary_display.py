"""The commentary printed with the text (commentary.tsv → the steps): each note after its
lemma in the doctree, the HTML, the text output, the inventory and edition.json."""

from __future__ import annotations

import html as html_module
import json
import re

import pytest
from conftest import EDITION
from docutils import nodes
from ritual import nodes as xsnodes
from ritual.core import commentary
from sphinx.testing.util import SphinxTestApp


def _before(step: nodes.Element) -> list[tuple[str, str]]:
    """Each note of the step's text with the text that precedes it in the step."""
    out = []
    seen = ""
    text = next(step.findall(xsnodes.step_text))
    for node in text.findall(lambda n: isinstance(n, (nodes.Text, xsnodes.commentary_note))):
        if isinstance(node, xsnodes.commentary_note):
            out.append((node["note_id"], seen))
        elif not isinstance(node.parent, xsnodes.apparatus_ref):
            seen += str(node)
    return out


@pytest.mark.sphinx("html", testroot="commentary")
def test_notes_stand_after_their_lemmas(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    doctree = app.env.get_doctree("part")
    steps = {s["step_id"]: s for s in doctree.findall(xsnodes.step)}
    assert _before(steps["xs-0001"]) == [
        ("xs-0001-z1", "鄉射之禮。"),  # mid-step
        ("xs-0001-z2", "鄉射之禮。主人戒賓"),  # after a term: outside its link
        ("xs-0001-z3", "鄉射之禮。主人戒賓，賓出迎"),  # after the apparatus marker there
    ]
    assert _before(steps["xs-0002"]) == [("xs-0002-z1", "無介。")]
    assert _before(steps["xs-0003"]) == [("xs-0003-z1", "篚"), ("xs-0003-z2", "篚在其南，東肆。")]
    # A note is never inside a term's link, and comes after the marker of the reading there.
    z2 = next(n for n in doctree.findall(xsnodes.commentary_note) if n["note_id"] == "xs-0001-z2")
    assert not isinstance(z2.parent, xsnodes.term_ref)
    z3 = next(n for n in doctree.findall(xsnodes.commentary_note) if n["note_id"] == "xs-0001-z3")
    assert isinstance(z3.parent[z3.parent.index(z3) - 1], xsnodes.apparatus_ref)
    # The step's text (for offsets, search, the data) is the 經 alone.
    assert steps["xs-0001"][1].astext() == "鄉射之禮。主人戒賓，賓出迎，再拜。"
    domain = app.env.get_domain("xs")
    assert [n.id for n in domain.steps["xs-0003"].commentary] == ["xs-0003-z1", "xs-0003-z2"]
    objects = {name: (typ, doc, anchor) for name, _d, typ, doc, anchor, _p in domain.get_objects()}
    assert objects["xs-0002-z1"] == ("commentary", "part", "xs-0002-z1")


@pytest.mark.sphinx("html", testroot="commentary")
def test_html_marks_each_note_with_its_permalink(app: SphinxTestApp) -> None:
    app.build()
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    notes = re.findall(
        r'<span class="xs-zhu" id="(xs-\d+-z\d+)"><a class="xs-zhu-mark" href="#\1"', html
    )
    assert notes == [f"xs-000{s}-z{n}" for s, n in ((1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2))]
    assert "州長射禮</span>" in html
    # The part another witness supplies says so.
    assert '<span class="xs-zhu-sup" title="叢本闕頁，據張本補（005-2a）">〔也〕</span>' in html


@pytest.mark.sphinx("html", testroot="commentary")
def test_a_reading_the_other_witnesses_read_otherwise_is_marked_and_listed(
    app: SphinxTestApp,
) -> None:
    """The errata of the commentary (commentary-errata.tsv): the note's reading stays as its
    witness has it, marked where the note stands with the others' reading in its title
    (kept as written in a copy in another script), and listed in the table of
    ``xs:commentary-errata`` (the note's link, the words around it with each reading, the
    grounds)."""
    app.build()
    assert app.warning.getvalue() == ""
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert (
        '戒<span class="xs-zhu-sic" title="叢本如此；庫作「由」（見凡例〈鄭注〉）" '
        'data-xs-keep="">猶</span>警也' in html
    )
    # beside a supplied part: the offsets count its marks
    assert '篚<span class="xs-zhu-sic"' in html and ">竹</span>器" in html
    index = (app.outdir / "index.html").read_text(encoding="utf-8")
    table = index.split("xs-zhu-errata", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    cells = [
        re.sub(r"<[^>]+>|\s", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[1], re.S)
    ]
    assert cells == ["xs-0001-z2", "戒猶警也", "戒由警也", "庫；疏「戒由警也」"]
    assert 'href="part.html#xs-0001-z2"' in rows[1]
    assert len(rows) == 3  # the header and the two rows


@pytest.mark.sphinx("html", testroot="commentary")
def test_pages_with_notes_carry_the_reading_switch(app: SphinxTestApp) -> None:
    """The reading switch 經 / 經注 / 經注譯 (reading_switch.py): its words, its early state and
    its script on a page whose steps have notes; the state read before the first paint accepts
    only the three states. Its behaviour is tested in the browser (tests/browser/reading.mjs)."""
    app.build()
    html = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert (
        '<template id="xs-reading-words"><span data-say="label">閱讀內容</span>'
        '<span data-state="jing">經</span><span data-state="jingzhu">經注</span>'
        '<span data-state="jingzhuyi">經注譯</span></template>'
    ) in html
    assert "localStorage.getItem('xs-reading')" in html
    assert "['jing','jingzhu','jingzhuyi'].indexOf(r)>=0" in html
    assert re.search(r'<script defer="defer" src="_static/xs-reading-switch\.js[^"]*"', html)
    # Without the attribute the page is in 經注: it is not written into the page.
    assert "data-xs-reading=" not in html
    index = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "xs-reading-words" not in index and "xs-reading-switch" not in index  # no steps
    assert (app.outdir / "_static/xs-reading-switch.js").exists()


@pytest.mark.sphinx("html", testroot="commentary")
def test_edition_json_gives_each_steps_notes(app: SphinxTestApp) -> None:
    app.build()
    data = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    steps = {s["id"]: s for s in data["steps"]}
    z = steps["xs-0002"]["commentary"]
    assert z == [
        {
            "id": "xs-0002-z1",
            "start": 0,
            "end": 3,
            "text": "雖先飲酒主於射也",
            "source": "鄭注",
            "witness": "叢",
            "pages": ["005-1a", "005-1b"],
            "spans_steps": ["xs-0001", "xs-0002"],
            "spans_start": 13,  # the lemma begins in xs-0001 at 13 (commentary.tsv from)
        }
    ]
    first = steps["xs-0001"]
    for note in first["commentary"]:
        assert "spans_steps" not in note
    assert [first["text"][n["start"] : n["end"]] for n in first["commentary"]] == [
        "鄉射之禮。",
        "主人戒賓",
        "，賓出迎",
    ]
    supplied = steps["xs-0003"]["commentary"][0]
    assert supplied["text"] == "篚竹器也"  # the marks left out, and said where they stood
    assert supplied["supplied"] == [{"start": 3, "end": 4, "witness": "張", "pages": ["005-2a"]}]


@pytest.mark.sphinx("text", testroot="commentary")
def test_text_output_gives_the_notes_in_place(app: SphinxTestApp) -> None:
    app.build()
    text = (app.outdir / "part.txt").read_text(encoding="utf-8")
    assert "鄉射之禮。（注：州長射禮）主人戒賓（注：戒猶警也）" in text


@pytest.mark.sphinx("latex", testroot="commentary")
def test_the_book_underlines_a_reading_the_others_read_otherwise(app: SphinxTestApp) -> None:
    """The book marks the commentary's errata as the site does (``\\xszhusic``: a wavy line
    drawn under the reading, no text added to the note's words); a supplied part keeps its
    marks beside it."""
    app.build()
    tex = next(app.outdir.glob("*.tex")).read_text(encoding="utf-8")
    assert "\\xszhu{戒\\xszhusic{猶}警也}" in tex
    assert "\\xszhu{篚\\xszhusic{竹}器〔也〕}" in tex


def test_the_api_gives_each_steps_lemmas_and_notes(rootdir) -> None:  # type: ignore[no-untyped-def]
    notes, problems = commentary.read(rootdir / "test-commentary" / "_edition" / "commentary.tsv")
    assert problems == []
    steps = commentary.by_step(notes)
    assert [(n.start, n.end, n.plain) for n in steps["xs-0003"]] == [
        (0, 1, "篚竹器也"),
        (1, 8, "肆陳也"),
    ]


# -- the real edition ------------------------------------------------------------------------


def _zhu_of_pages(html_dir) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each note shown on the rite's pages: its id → its words (the mark 注 left out)."""
    return {nid: re.sub(r"<[^>]+>", "", body) for nid, body in _zhu_markup(html_dir).items()}


def _zhu_markup(html_dir) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each note shown on the rite's pages: its id → its words' markup (the mark 注 left out)."""
    out: dict[str, str] = {}
    for page in sorted((html_dir / "rite").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        for m in re.finditer(r'<span class="xs-zhu" id="([^"]+)">', html):
            end = html.index("</a>", m.end()) + 4
            depth, i = 1, end
            while depth:
                o, c = html.find("<span", i), html.find("</span>", i)
                if o != -1 and o < c:
                    depth, i = depth + 1, o + 5
                else:
                    depth, i = depth - 1, c + 7
            out[m.group(1)] = html[end : i - 7]
    return out


def _sic_of(body: str) -> list[tuple[int, int, str]]:
    """The errata marked in a note's markup: (start, end) in its words, and the mark's title
    (a mark holds the reading as text, no element)."""
    out, at, opened = [], 0, None
    for piece in re.split(r"(<[^>]+>)", body):
        if m := re.match(r'<span class="(?:xs-kept )?xs-zhu-sic" title="([^"]*)"', piece):
            opened = (at, html_module.unescape(m.group(1)))
        elif piece == "</span>" and opened is not None:
            out.append((opened[0], at, opened[1]))
            opened = None
        elif not piece.startswith("<"):
            at += len(html_module.unescape(piece))
    return out


def test_every_note_of_the_data_is_on_the_site_after_its_lemma(edition_html, edition) -> None:  # type: ignore[no-untyped-def]
    notes, problems = commentary.read(EDITION / "commentary.tsv")
    assert problems == []
    shown = _zhu_of_pages(edition_html)
    # Every character of every note, in its order, on the page: nothing lost, nothing added.
    assert shown == {n.id: n.text for n in notes}
    assert sum(len(n.plain) for n in notes) == sum(
        len(commentary.SUPPLIED.sub(r"\1", t)) for t in shown.values()
    )
    exported = {z["id"]: (s, z) for s in edition["steps"] for z in s.get("commentary", [])}
    assert set(exported) == {n.id for n in notes}
    for note in notes:
        step, z = exported[note.id]
        assert z["text"] == note.plain
        assert step["text"][z["start"] : z["end"]] == note.lemma, note.id


@pytest.mark.edition
def test_the_stage_marks_a_notes_errata_as_its_page_does(edition_html) -> None:  # type: ignore[no-untyped-def]
    """The stage view shows a step's notes under its text (``D.zhu``); a note's errata come
    with it (where, the others' reading, their sigla, the note's witness), and the title the
    stage script makes of them with the page's message is the title of the note's page's mark,
    at the same words, in both scripts (tests/browser/reader.mjs looks at one on the stage)."""
    unmark = str.maketrans("", "", "\ue000\ue001\ue002")
    for site in (edition_html, edition_html / "zh-Hans"):
        on_pages = {
            nid: [
                (at, end, re.sub(r"<[^>]+>", "", body)[at:end], title) for at, end, title in marks
            ]
            for nid, body in _zhu_markup(site).items()
            if (marks := _sic_of(body))
        }
        data = (site / "_diagrams" / "stage-data.js").read_text(encoding="utf-8")
        stage = json.loads(data.split("\n", 1)[1].strip()[len("window.XS_STAGE=") : -1])
        say = re.search(r'data-say="sic">([^<]*)<', (site / "stage.html").read_text("utf-8"))
        assert say is not None
        on_stage = {}
        for notes in stage["zhu"].values():
            for nid, words, *errata in notes:
                if errata:
                    words = words.translate(unmark)
                    on_stage[nid] = [
                        (
                            at,
                            end,
                            words[at:end],
                            html_module.unescape(say.group(1)).format(
                                witness=witness, witnesses=sigla, reading=reading
                            ),
                        )
                        for at, end, reading, sigla, witness in errata[0]
                    ]
        assert len(on_stage) == 22 and sum(map(len, on_stage.values())) == 25
        assert on_stage == on_pages, site.name


@pytest.mark.edition
def test_a_basis_in_the_zhu_links_to_the_note_that_holds_its_words(edition_html, edition) -> None:  # type: ignore[no-untyped-def]
    """Issue 21: a formula whose basis is 注 (references.tsv, quoting the witness) links, in the
    list of formulas, to the note that holds the quoted words, on its step or a step beside it
    (the quotation as 叢 writes it: 爼, 靣, 賔 fold to the edition's forms)."""
    html = (edition_html / "xrefs.html").read_text(encoding="utf-8")
    links = re.findall(
        r'<a class="xs-reflist-zhu" href="rite/[a-z-]+\.html#([^"]+)">([^<]*)</a>', html
    )
    notes = {z["id"]: z["text"] for s in edition["steps"] for z in s["commentary"]}
    quoted = [
        (s["id"], r["quote"])
        for s in edition["steps"]
        for r in s["references"]
        if r["basis"] == "注"
    ]
    assert len(links) == len(quoted) == 5
    assert [nid for nid, _ in links] == [
        "xs-0066-z1", "xs-0289-z3", "xs-0349-z1", "xs-0377-z1", "xs-0540-z1"
    ]  # fmt: skip
    fold = str.maketrans("爼靣賔飮", "俎面賓飲")
    for (nid, label), (_sid, quote) in zip(links, quoted, strict=True):
        assert f"「{quote}」" in label
        assert quote.translate(fold) in notes[nid].translate(fold), nid
    # a basis in 疏 or 張 is not linked
    assert html.count("xs-reflist-zhu") == 5


@pytest.mark.sphinx("html", testroot="commentary")
def test_a_position_resting_on_the_zhu_links_to_it(make_app, rootdir, tmp_path) -> None:
    """Issue 21: a place or facing whose basis is 注 links, in the plan's key and in the stage
    view's data, to the note of 注 that holds the words the row quotes (an aside in （…） is
    not the basis); the basis stays with the figure until it moves."""
    import shutil

    src = tmp_path / "src"
    shutil.copytree(rootdir / "test-commentary", src)
    positions = src / "_edition" / "positions.tsv"
    head = "".join(line for line in positions.read_text(encoding="utf-8").splitlines(True)[:-1])
    positions.write_text(
        head
        + "xs-0001\t主人\t阼階上\t西面\t注\tinferred\t注「戒猶警也」；面如前\n"
        + "xs-0003\t主人\t阼階上\t西面\tinferred\t注\t"
        + "如前（注「州長射禮」）；xs-0003 注「肆陳也」\n",
        encoding="utf-8",
    )
    with (src / "part.md").open("a", encoding="utf-8") as fh:
        for fig, step in (("fig-a", "xs-0002"), ("fig-b", "xs-0003")):
            fh.write(f"\n:::{{xs:diagram}} {fig}\n:step: {step}\n:title: 位\n:::\n")
    (src / "stage.md").write_text("# 位次演示\n\n:::{xs:stage}\n:::\n", encoding="utf-8")
    (src / "index.md").write_text("# Test\n\n```{toctree}\npart\nstage\n```\n", encoding="utf-8")
    app = make_app("html", srcdir=src, builddir=tmp_path / "build")
    app.build()
    assert app.warning.getvalue() == ""
    html = (app.outdir / "part.html").read_text(encoding="utf-8")

    def key(fig: str) -> list[tuple[str, str]]:
        ul = html[html.index(f'id="{fig}-key"') :]
        return re.findall(r"<li><b>(.*?)</b>(.*?)</li>", ul[: ul.index("</ul>")])

    def mark(note: str) -> str:
        return f'<a class="xs-zhu-mark" href="#{note}" title="位次依鄭注 {note}">注</a>'

    # the place rests on xs-0001's note until the figure's next row, whose facing rests on
    # the note its main quotation names (the one in （…） is an aside)
    assert key("fig-a") == [("主人", "阼階上，西面" + mark("xs-0001-z2"))]
    assert key("fig-b") == [("主人", "阼階上，西面" + mark("xs-0003-z2"))]
    data = (app.outdir / "_diagrams" / "stage-data.js").read_text(encoding="utf-8")
    stage = json.loads(data.split("\n", 1)[1].strip()[len("window.XS_STAGE=") : -1])
    assert [[e[11:] for e in s.get("fig", [])] for s in stage["steps"]] == [
        [[["xs-0001-z2"]]],
        [],
        [[["xs-0003-z2"]]],
    ]
    page = (app.outdir / "stage.html").read_text(encoding="utf-8")
    assert '<span data-say="basis">位次依鄭注 {id}</span>' in page
