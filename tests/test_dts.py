"""The static DTS 1.0 API (issue 23): walked from its entry point as a client walks it.

Each walk starts at ``api/dts/index.jsonld`` and knows nothing else: it expands the templates
the answers give (``uritemplate``), checks every JSON answer against the DTS validator's
schemas (``../shared/dts/schemas``, read from there: they are the validator's, not ours) and
finds every phase and step in the navigation and every step's text in its Document answer.
One walk goes over HTTP, to a plain static server, and checks the media types.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dts_walk as dw
import pytest
import tei_read as tr
from conftest import PUBLISHED_BASE, SHARED, serve, tool_missing
from ritual.core import dts, tei
from sphinx.testing.util import SphinxTestApp

SCHEMAS = SHARED / "dts" / "schemas"
#: where a client is told the API stands, on a site without an address (any origin will do)
ORIGIN = "http://site.invalid/"


@pytest.fixture(scope="module")
def schemas() -> dict[str, Any]:
    if not SCHEMAS.is_dir():
        tool_missing("../shared/dts/schemas (the DTS validator's JSON Schemas) is not present")
    pytest.importorskip("jsonschema")
    return dw.validators(SCHEMAS)


def walk(walker: dw.Walker, edition: dict) -> dict[str, Any]:
    """The whole walk: entry, collections, navigation (down=-1, down=1, each phase), documents
    (the whole, each phase, each step); asserts as it goes, returns what it found."""
    entry = walker.entry()
    assert entry["@type"] == "EntryPoint" and entry["dtsVersion"] == "1.0"
    for name in ("collection", "navigation", "document"):
        assert "start" not in entry[name] and "end" not in entry[name]  # Level 0
    root = walker.collection(entry["collection"])
    assert root["@type"] == "Collection" and root["totalParents"] == 0
    (member,) = root["member"]
    assert member["@type"] == "Resource" and root["totalChildren"] == 1
    by_id = walker.collection(entry["collection"], id=root["@id"])
    assert by_id == root
    resource = walker.collection(entry["collection"], id=member["@id"])
    assert resource == {"@context": dts.CONTEXT, "dtsVersion": "1.0", **member}
    for key in ("citationTrees", "dublinCore"):
        assert resource[key], key
    # the editors are its creator (as the pages' DC.creator); the version, for which Dublin
    # Core has no term (dct:hasVersion names a resource), is schema.org's, in extensions
    dc = resource["dublinCore"]
    assert dc["creator"][0]["value"] and not {"publisher", "hasVersion"} & set(dc)
    assert resource["extensions"] == {dts.VERSION_TERM: edition["edition"]["version"]}
    # the templates have no mediaType: the Resource names none (the spec makes mediaTypes the
    # values of that parameter)
    assert "mediaTypes" not in resource
    parents = walker.collection(resource["collection"], nav="parents")
    assert [p["@id"] for p in parents["member"]] == [root["@id"]]
    ident = resource["@id"]

    # navigation: the resource's own template and the entry's give the same answers
    whole = walker.navigation(resource["navigation"], down=-1)
    assert whole == walker.navigation(entry["navigation"], resource=ident, down=-1)
    phases = [(u["identifier"], u["parent"], u["level"]) for u in whole["member"]]
    expected = []
    for section in edition["sections"]:
        expected.append((section["id"], None, 1))
        expected += [(sid, section["id"], 2) for sid in section["steps"]]
    assert phases == expected
    top = walker.navigation(resource["navigation"], down=1)
    assert [u["identifier"] for u in top["member"]] == [s["id"] for s in edition["sections"]]
    titles = [u["dublinCore"]["title"][0]["value"] for u in top["member"]]
    assert titles == [s["title"] for s in edition["sections"]]
    for section in edition["sections"]:
        answer = walker.navigation(resource["navigation"], ref=section["id"], down=1)
        assert answer["ref"]["identifier"] == section["id"]
        assert [u["identifier"] for u in answer["member"]] == [section["id"], *section["steps"]]
    step = edition["steps"][0]
    alone = walker.navigation(resource["navigation"], ref=step["id"])
    assert alone["ref"]["parent"] == step["section"] and "member" not in alone
    # a step's siblings (down=0: its phase's steps, itself among them) and, below it, nothing
    # but itself (down > 0 or -1: "must not raise an error", the spec's level 0 included)
    sections = {s["id"]: s for s in edition["sections"]}
    for step in edition["steps"]:
        sid, phase = step["id"], step["section"]
        siblings = walker.navigation(resource["navigation"], ref=sid, down="0")
        assert siblings["ref"]["identifier"] == sid
        assert [u["identifier"] for u in siblings["member"]] == sections[phase]["steps"]
        for down in ("1", "2", "-1"):
            below = walker.navigation(resource["navigation"], ref=sid, down=down)
            assert [u["identifier"] for u in below["member"]] == [sid], (sid, down)

    # documents: the whole is the TEI file; each phase and each step in dts:wrapper
    whole_doc = walker.document(resource["document"])
    assert [ab.get(tr.XML_ID) for ab in tr.steps(whole_doc)] == [s["id"] for s in edition["steps"]]
    steps = {s["id"]: s for s in edition["steps"]}
    for section in edition["sections"]:
        (div,) = dw.wrapped(walker.document(resource["document"], ref=section["id"]))
        assert div.get(tr.XML_ID) == section["id"]
        got = [ab.get(tr.XML_ID) for ab in div.iter(tr.q("ab"))]
        assert got == section["steps"]
    found_notes = 0
    for sid, data in steps.items():
        document = walker.document(entry["document"], resource=ident, ref=sid)
        (ab,) = dw.wrapped(document)
        assert ab.get(tr.XML_ID) == sid
        assert tr.edited(ab) == data["text"], sid
        # the step's 注 travel with it: each note, its text and its end anchor
        notes = [n for n in ab.iter(tr.q("note")) if n.get("type") == "commentary"]
        assert [(n.get(tr.XML_ID), tr.printed(n)) for n in notes] == [
            (c["id"], c["text"]) for c in data.get("commentary", [])
        ], sid
        ends = {a.get(tr.XML_ID) for a in ab.iter(tr.q("anchor"))}
        assert {n.get("targetEnd").removeprefix("#") for n in notes} <= ends, sid
        found_notes += len(notes)
    return {"entry": entry, "root": root, "resource": resource, "notes": found_notes}


@pytest.mark.edition
def test_the_walk_finds_every_phase_step_and_text(
    edition_html: Path, edition: dict, schemas: dict
) -> None:
    walker = dw.Walker(ORIGIN + dts.API + dts.ENTRY, dw.file_fetch(edition_html, ORIGIN), schemas)
    found = walk(walker, edition)
    # no address: the ids and templates are paths from the host's root
    assert found["entry"]["@id"] == "/api/dts/index.jsonld"
    assert found["entry"]["navigation"].startswith("/api/dts/")
    assert found["resource"]["download"] == "/tei/xiangsheli.xml"
    assert found["root"]["title"] == "儀禮"
    assert found["notes"] == 382  # every 注 in its step's fragment
    assert len(walker.seen) > len(edition["steps"]) + len(edition["sections"])


@pytest.mark.edition
def test_the_published_api_names_absolute_addresses(published_html: Path, schemas: dict) -> None:
    edition = json.loads((published_html / "edition.json").read_text(encoding="utf-8"))
    walker = dw.Walker(
        PUBLISHED_BASE + dts.API + dts.ENTRY, dw.file_fetch(published_html, PUBLISHED_BASE), schemas
    )
    found = walk(walker, edition)
    assert found["entry"]["@id"] == PUBLISHED_BASE + "api/dts/index.jsonld"
    for name in ("collection", "navigation", "document"):
        assert found["resource"][name].startswith(PUBLISHED_BASE + "api/dts/")
    assert found["resource"]["download"] == PUBLISHED_BASE + "tei/xiangsheli.xml"
    assert all(url.startswith(PUBLISHED_BASE) for url in walker.seen)


@pytest.fixture(scope="module")
def served(edition_html: Path) -> Iterator[str]:
    """The built site on a plain static server (Python's http.server), at 127.0.0.1."""
    with serve(edition_html) as url:
        yield url


@pytest.mark.edition
def test_the_walk_over_http_gets_the_right_media_types(
    served: str, edition: dict, schemas: dict
) -> None:
    walker = dw.Walker(served + dts.API + dts.ENTRY, dw.http_fetch, schemas)
    walk(walker, edition)
    kinds = {url.rsplit(".", 1)[-1]: set() for url in walker.seen}
    for url, media_type in walker.seen.items():
        kinds[url.rsplit(".", 1)[-1]].add(media_type)
    assert kinds == {"jsonld": {"application/ld+json"}, "xml": {"application/xml"}}


POINTERS = ("ref", "target", "targetEnd", "corresp", "wit", "ana", "resp", "source")


@pytest.mark.edition
def test_every_pointer_of_every_answer_resolves(edition_html: Path) -> None:
    """A Document answer holds a passage, not the vocabularies, sigla, taxonomy or other steps
    it points to: each pointer resolves from the answer's own URL, in the answer or in the
    whole document beside it; the whole document is the TEI file, byte for byte."""
    from urllib.parse import unquote, urljoin

    folder = edition_html / dts.API / "document"
    whole = folder / "xiangsheli.xml"
    assert whole.read_bytes() == (edition_html / "tei" / "xiangsheli.xml").read_bytes()
    held: dict[Path, set[str]] = {}

    def ids(path: Path) -> set[str]:
        if path not in held:
            held[path] = {n.get(tr.XML_ID) for n in tr.parse(path).iter() if n.get(tr.XML_ID)}
        return held[path]

    answers = sorted((folder / "xiangsheli").glob("*.xml"))
    counted = 0
    for answer in answers:
        url = ORIGIN + answer.relative_to(edition_html).as_posix()
        for node in tr.parse(answer).iter():
            for name in POINTERS:
                for value in (node.get(name) or "").split():
                    if value.startswith(("https:", "http:")):
                        continue  # a licence's address
                    page, _, fragment = urljoin(url, value).partition("#")
                    target = edition_html / unquote(page.removeprefix(ORIGIN))
                    if fragment:
                        assert fragment in ids(target), (answer.name, name, value)
                    else:  # the whole, which the extract's header names
                        assert target == whole, (answer.name, name, value)
                    counted += 1
    assert len(answers) > 600 and counted > 10000
    # each extract names the whole it is taken from (in English, said so), from where it is
    source = tr.parse(answers[0]).find(f".//{tr.q('sourceDesc')}/{tr.q('p')}")
    assert source.get(f"{{{tei.XML_NS}}}lang") == "en"
    assert source.find(tr.q("ref")).get("target") == "../xiangsheli.xml"


@pytest.mark.edition
def test_a_retired_step_id_answers_as_its_step(edition_html: Path, schemas: dict) -> None:
    """The retired ids (step registry) answer Navigation and Document as the step that carries
    their text now (as their links do on the site)."""
    walker = dw.Walker(ORIGIN + dts.API + dts.ENTRY, dw.file_fetch(edition_html, ORIGIN), schemas)
    entry = walker.entry()
    for old in ("xs-0300", "xs-0301"):
        answer = walker.navigation(entry["navigation"], resource="xiangsheli", ref=old)
        assert answer["ref"]["identifier"] == "xs-0546" and answer["ref"]["level"] == 2
        for down in ("0", "1", "-1"):
            below = walker.navigation(
                entry["navigation"], resource="xiangsheli", ref=old, down=down
            )
            assert below["ref"]["identifier"] == "xs-0546" and "xs-0546" in [
                u["identifier"] for u in below["member"]
            ]
        (ab,) = dw.wrapped(walker.document(entry["document"], resource="xiangsheli", ref=old))
        assert ab.get(tr.XML_ID) == "xs-0546"


@pytest.mark.edition
def test_the_data_page_states_level_0(edition_html: Path) -> None:
    """The entry's documentation says what a Level 0 API does not do, and how to call it."""
    page = (edition_html / "data.html").read_text(encoding="utf-8")
    for words in ("Level 0", "start", "end", "curl", "api/dts/index.jsonld", "tei/xiangsheli.xml"):
        assert words in page, words


@pytest.mark.sphinx("html", testroot="xiangyinjiuli")
def test_a_second_edition_gets_its_own_api(app: SphinxTestApp, schemas: dict) -> None:
    """No [tei] collection of its own: the root collection is named after the edition."""
    app.build()
    edition = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    site = app.config.xs_base_url  # its conf.py gives it an address
    walker = dw.Walker(site + dts.API + dts.ENTRY, dw.file_fetch(app.outdir, site), schemas)
    found = walk(walker, edition)
    assert found["entry"]["@id"] == site + "api/dts/index.jsonld"
    assert found["root"]["@id"] == "xiangyinjiuli-collection"
    assert found["resource"]["@id"] == "xiangyinjiuli"


@pytest.mark.sphinx("html", testroot="xiangyinjiuli", confoverrides={"xs_dts": False})
def test_xs_dts_off_writes_the_tei_alone(app: SphinxTestApp) -> None:
    shutil.rmtree(app.outdir, ignore_errors=True)  # the test root's output is shared
    app.build()
    assert (app.outdir / "tei" / "xiangyinjiuli.xml").is_file()
    assert not (app.outdir / "api").exists()


# -- the module alone ---------------------------------------------------------------------


def test_paths_are_what_the_templates_expand_to() -> None:
    """The files are written where RFC 6570 puts the values (as uritemplate expands them)."""
    from uritemplate import URITemplate

    def expand(name: str, **values: Any) -> str:
        return URITemplate(dts.TEMPLATES[name]).expand(**values)

    assert dts.collection_path() == expand("collection") == "collection.jsonld"
    assert dts.collection_path("a b", "parents") == expand("collection", id="a b", nav="parents")
    for down, ref in ((None, "x-1"), (-1, None), (0, "戒"), (2, "y")):
        # a value as a string: uritemplate drops the integer 0 (``;down``, not ``;down=0``)
        values = {k: str(v) for k, v in (("down", down), ("ref", ref)) if v is not None}
        assert dts.navigation_path("r", down, ref) == expand("navigation", resource="r", **values)
    assert dts.document_path("r", "x-1") == expand("document", resource="r", ref="x-1")
    assert dts.document_path("r") == "document/r.xml"


def test_an_answer_points_into_the_whole_for_what_it_does_not_hold() -> None:
    """Only the pointers to what the answer lacks change; the rest is as the document has it."""
    from ritual.core import tei

    root = tei.el("TEI", {"xmlns": tei.TEI_NS})
    head = tei.sub(root, "teiHeader")
    title = tei.sub(tei.sub(head, "fileDesc"), "titleStmt")
    tei.sub(tei.sub(title, "respStmt"), "orgName", {tei.XML_ID: "editors"}, "E")
    ab = tei.el("ab", {tei.XML_ID: "s-1", "corresp": "#s-0 #s-1", "resp": "#editors"}, "a")
    tei.sub(ab, "rs", {"ref": "#vessel-爵"}, "爵")
    tei.sub(ab, "anchor", {tei.XML_ID: "s-1-z1-start"})
    tei.sub(ab, "note", {"target": "#s-1-z1-start", "source": "#叢"}, "注")
    plain = tei.Fragments(root)(ab).decode()
    pointed = tei.Fragments(root, "../r.xml")(ab).decode()
    assert 'ref="../r.xml#vessel-爵"' in pointed and 'source="../r.xml#叢"' in pointed
    assert 'corresp="../r.xml#s-0 #s-1"' in pointed and 'resp="#editors"' in pointed
    assert 'target="#s-1-z1-start"' in pointed
    # the header names the whole (where it can: a Fragments without it says "the edition")
    assert '<ref target="../r.xml">../r.xml</ref>' in pointed and "of the edition" in plain
    whole = '<ref target="../r.xml">../r.xml</ref>'
    assert pointed.replace("../r.xml#", "#").replace(whole, "the edition") == plain
