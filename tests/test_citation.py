"""Citing the edition: the formats, CITATION.cff, the meta tags and cite controls of the built
site, the inventory, the Simplified rendering, the sitemap, pinyin, and no external assets."""

from __future__ import annotations

import json
import re
import tomllib
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
import yaml
from conftest import EDITION, PUBLISHED_BASE
from ritual.components import citation, pinyin
from ritual.core.datafile import read_tsv
from ritual.core.edition import ROLES
from ritual_site import simplified
from sphinx.util.inventory import InventoryFile

ROOT = Path(__file__).resolve().parents[1]
BASE = PUBLISHED_BASE
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
READINGS = pinyin.Readings(
    *(
        read_tsv(EDITION / ROLES[r].name, ROLES[r].form)
        for r in ("pinyin_overrides", "pinyin_readings")
    )  # type: ignore[arg-type]
)

META = citation.EditionMeta(
    id="xiangsheli",
    title="儀禮·鄉射禮：彙校譯注本",
    title_en="The Village Archery Rite: a critical edition",
    editor="鄉射禮校注本編輯組",
    version="0.1.0",
    date="2026-12-02",
    base_url=BASE,
    license="CC BY-SA 4.0",
    license_url="https://creativecommons.org/licenses/by-sa/4.0/",
    language="zh-Hant",
)
STEP_URL = BASE + "rite/before.html#xs-0017"


# -- the formats (pure) -------------------------------------------------------------------------


def test_split_title():
    assert citation.split_title(
        "儀禮·鄉射禮：彙校譯注本 (The Village Archery Rite: a critical edition)"
    ) == (
        "儀禮·鄉射禮：彙校譯注本",
        "The Village Archery Rite: a critical edition",
    )
    assert citation.split_title("儀禮·鄉射禮") == ("儀禮·鄉射禮", "")


def test_step_citations_name_edition_version_step_and_url():
    assert (
        citation.cite_short(META, 17, "xs-0017")
        == "《儀禮·鄉射禮》彙校譯注本，0.1.0 版，第 17 節（xs-0017）"
    )
    gbt = citation.cite_gbt(META, STEP_URL, 17, "xs-0017", accessed="2027-01-05")
    assert gbt == (
        "鄉射禮校注本編輯組. 儀禮·鄉射禮：彙校譯注本[EB/OL]. 0.1.0版. "
        "2026: 第17節（xs-0017）(2026-12-02)[2027-01-05]. " + STEP_URL + "."
    )
    chicago = citation.cite_chicago(META, STEP_URL, 17, "xs-0017")
    assert chicago == (
        "鄉射禮校注本編輯組, ed., 儀禮·鄉射禮：彙校譯注本 (The Village Archery Rite: A Critical "
        "Edition), version 0.1.0 (2026), step 17 (xs-0017), " + STEP_URL + "."
    )


def parse_bibtex(text: str) -> list[tuple[str, str, dict[str, str]]]:
    """A small BibTeX reader: ``@type{key, name = {value}, …}`` with balanced braces."""
    entries = []
    pos = 0
    while (at := text.find("@", pos)) != -1:
        m = re.compile(r"@(\w+)\s*\{\s*([^,\s]+)\s*,").match(text, at)
        assert m, text[at : at + 40]
        i, depth, fields = m.end(), 1, {}
        while depth:
            fm = re.compile(r"\s*(\w+)\s*=\s*\{").match(text, i)
            if not fm:
                rest = text[i:].lstrip()
                assert rest.startswith("}"), rest[:40]
                i = len(text) - len(rest) + 1
                break
            j, d = fm.end(), 1
            while d:
                d += {"{": 1, "}": -1}.get(text[j], 0) if text[j - 1] != "\\" else 0
                j += 1
            fields[fm.group(1).lower()] = text[fm.end() : j - 1]
            i = j
            rest = text[i:].lstrip()
            if rest.startswith(","):
                i = len(text) - len(rest) + 1
        entries.append((m.group(1).lower(), m.group(2), fields))
        pos = i
    return entries


def test_bibtex_parses_to_one_book():
    [(kind, key, fields)] = parse_bibtex(citation.bibtex(META))
    assert (kind, key) == ("book", "xiangsheli-0-1-0")
    assert fields["title"] == "儀禮·鄉射禮：彙校譯注本"
    assert fields["editor"] == "{鄉射禮校注本編輯組}"  # a corporate name, not split
    assert fields["year"] == "2026"
    assert fields["version"] == "0.1.0"
    assert fields["url"] == BASE


def test_ris_tags():
    lines = citation.ris(META).splitlines()
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  -( .*)?", line) for line in lines), lines
    tags = dict(line.split("  - ", 1) if "  - " in line else (line[:2], "") for line in lines)
    assert lines[0] == "TY  - EDBOOK"
    assert lines[-1].rstrip() == "ER  -"
    assert tags["TI"] == META.title
    assert tags["A3"] == META.editor and "A2" not in tags
    assert tags["PY"] == "2026"
    assert tags["ET"] == "0.1.0"
    assert tags["UR"] == BASE


def test_csl_json_fields():
    [item] = citation.csl_json(META)
    assert item["type"] == "book"
    assert item["title"] == META.title
    assert item["editor"] == [{"literal": META.editor}]
    assert item["issued"] == {"date-parts": [[2026, 12, 2]]}
    assert item["version"] == "0.1.0"
    assert item["URL"] == BASE
    # CSL 1.0.2: original-title is the untranslated title of a translation; this book is
    # Chinese, its English title a translation of it (no CSL variable: a note)
    assert "original-title" not in item
    assert item["note"] == "English title: " + META.title_en
    json.dumps(item)


def test_translated_title_in_bibtex_and_ris():
    [(_, _, fields)] = parse_bibtex(citation.bibtex(META))
    assert fields["titleaddon"] == META.title_en and "origtitle" not in fields
    assert "TT  - " + META.title_en in citation.ris(META).splitlines()  # TT: translated title


def test_meta_tags_by_kind_of_page():
    pdf = BASE + "xiangsheli.pdf"
    root = citation.meta_tags(META, "", BASE, citation.ROOT, pdf)
    assert f'<meta name="citation_pdf_url" content="{pdf}" />' in root
    assert "citation_inbook_title" not in root
    # the group is the book's editor, as in the citation files (EDBOOK, A3; CSL editor)
    assert '<meta name="citation_editor" content="鄉射禮校注本編輯組" />' in root
    assert "citation_author" not in root
    assert '<meta name="prism.edition" content="0.1.0" />' in root
    assert '<meta property="og:type" content="book" />' in root
    part = citation.meta_tags(META, "器物索引", BASE + "xs-vessel.html", citation.PART, pdf)
    assert '<meta name="citation_title" content="器物索引" />' in part
    assert "citation_inbook_title" in part and "citation_pdf_url" not in part
    assert "prism.edition" in part and "og:type" not in part
    tool = citation.meta_tags(META, "檢索", BASE + "search.html", citation.TOOL, pdf)
    assert "citation_" not in tool and "isPartOf" not in tool and 'name="DC.title"' in tool
    # without an address, no URL at all (the PDF's neither)
    assert "citation_pdf_url" not in citation.meta_tags(META, "", "index.html", "root", pdf)


def test_citation_cff_is_valid_1_2_0():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors"):  # required by the 1.2.0 schema
        assert cff[key]
    allowed = {
        "abstract", "authors", "cff-version", "commit", "contact", "date-released", "doi",
        "identifiers", "keywords", "license", "license-url", "message", "preferred-citation",
        "references", "repository", "repository-artifact", "repository-code", "title", "type",
        "url", "version",
    }  # fmt: skip
    assert set(cff) <= allowed
    assert cff["type"] in ("dataset", "software")
    for author in cff["authors"]:
        assert "name" in author or "family-names" in author
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(cff["date-released"]))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert str(cff["version"]) == pyproject["project"]["version"]  # the one version: conf.py's

    assert cff["license"] == "CC-BY-SA-4.0"  # an SPDX id


def test_changelog_starts_with_the_first_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[?(\d+\.\d+\.\d+)", text, re.M)
    assert versions and versions[-1] == "0.1.0"


def test_the_build_is_the_version_it_says_it_is():
    """A citation names a version and a step id: the site, the books and the data must be the
    version they name. So the version (pyproject.toml) and its date (conf.py, CITATION.cff) are
    the newest release's in CHANGELOG.md, and changes to the text since then (an
    「Unreleased」 section with entries) only ever stand in a development version (PEP 440
    ``.devN``), never in one that names a release whose text they are not."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    conf = (ROOT / "conf.py").read_text(encoding="utf-8")
    date = re.search(r'^xs_release_date = "([\d-]+)"', conf, re.M).group(1)
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    released = re.findall(r"^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$", text, re.M)
    unreleased = re.search(r"^## Unreleased\n(.*?)(?=^## )", text, re.M | re.S)
    if unreleased and re.search(r"^- ", unreleased.group(1), re.M):
        assert ".dev" in version, "the text has changed since the last release: a .devN version"
    else:
        assert (version, date) == released[0], "the version and date of the newest release"
    assert str(cff["version"]) == version and str(cff["date-released"]) == date


# -- the built site -----------------------------------------------------------------------------


class Tags(HTMLParser):
    """Start tags of a page, as (tag, attrs) pairs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def tags_of(path: Path) -> list[tuple[str, dict[str, str]]]:
    parser = Tags()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tags


def all_pages(out: Path) -> list[Path]:
    return [p for p in sorted(out.rglob("*.html")) if "_static" not in p.parts]


REQUIRED_META = (
    "citation_title",
    "citation_editor",
    "citation_publication_date",
    "citation_public_url",
    "citation_language",
    "DC.title",
    "DC.creator",
    "DC.date",
    "DC.language",
    "DC.rights",
)


@pytest.mark.edition
def test_a_site_without_an_address_invents_no_host(edition_html: Path):
    """No xs_base_url: no canonical link, no URL meta tags, no sitemap, relative permalinks,
    and no example.org anywhere (citation records included)."""
    assert not (edition_html / "sitemap.xml").exists()
    for page in all_pages(edition_html):
        text = page.read_text(encoding="utf-8")
        assert "example.org" not in text, page
        assert 'rel="canonical"' not in text and "citation_public_url" not in text, page
    for name in citation.citation_files("xiangsheli").values():
        record = (edition_html / name).read_text(encoding="utf-8")
        assert "example.org" not in record and "http" not in record.replace(
            "https://creativecommons.org", ""
        ), name
    forms = _cite_forms((edition_html / "rite/before.html").read_text(encoding="utf-8"))
    assert forms["page"] == "rite/before.html"


@pytest.mark.edition
def test_every_page_has_citation_and_dublin_core_meta(published_html: Path):
    edition_html = published_html
    pages = all_pages(edition_html)
    assert len(pages) > 20
    for page in pages:
        metas = {a["name"]: a["content"] for t, a in tags_of(page) if t == "meta" and "name" in a}
        if page.stem in ("search", "stage"):  # the site's tools are no chapters of the book
            assert not [n for n in metas if n.startswith("citation_")], page
            assert metas["DC.title"] and "DC.relation.isPartOf" not in metas, page
            continue
        missing = [name for name in REQUIRED_META if not metas.get(name)]
        assert not missing, (page, missing)
        assert metas["citation_editor"] == "鄉射禮校注本編輯組" and "citation_author" not in metas
        assert metas["prism.edition"] == VERSION
        assert re.fullmatch(r"\d{4}/\d{2}/\d{2}", metas["citation_publication_date"])
        assert metas["citation_public_url"].startswith(BASE)
        assert metas["DC.rights"].startswith("CC BY-SA 4.0")
    index = {
        a["name"]: a["content"]
        for t, a in tags_of(edition_html / "index.html")
        if t == "meta" and "name" in a
    }
    assert index["citation_title"] == "儀禮·鄉射禮：彙校譯注本"
    assert index["citation_public_url"] == BASE
    assert index["citation_pdf_url"] == BASE + "xiangsheli.pdf"
    assert index["DC.language"] == "zh-Hant"
    # the root is the book (Zotero: og:type before the citation_title's guess of an article)
    og = [a for t, a in tags_of(edition_html / "index.html") if t == "meta" and "property" in a]
    assert og == [{"property": "og:type", "content": "book"}]
    chapter = tags_of(edition_html / "rite/before.html")
    assert not [a for t, a in chapter if t == "meta" and "property" in a]


def _cite_forms(page_html: str) -> dict:
    m = re.search(r'<script type="application/json" id="xs-cite-forms">(.*?)</script>', page_html)
    assert m, "no citation templates on a page with steps"
    return json.loads(m.group(1))


def test_cite_templates_fill_in_to_the_formatters_output():
    """What cite.js writes from the page's templates is what the formatters give."""
    templates = citation.cite_form_templates(META)
    fill = citation.fill_cite_form
    args = (17, "xs-0017", STEP_URL, "2027-01-05")
    assert fill(templates["short"], *args) == citation.cite_short(META, 17, "xs-0017") + "。" + (
        STEP_URL
    )
    assert fill(templates["gbt"], *args) == citation.cite_gbt(
        META, STEP_URL, 17, "xs-0017", accessed="2027-01-05"
    )
    assert fill(templates["chicago"], *args) == citation.cite_chicago(META, STEP_URL, 17, "xs-0017")
    # a template without its slots would cite the same step everywhere
    for name, template in templates.items():
        assert "{n}" in template and "{id}" in template and "{url}" in template, name
    assert "{date}" in templates["gbt"]


@pytest.mark.edition
def test_every_step_has_a_permalink_and_a_cite_control(edition: dict, edition_html: Path):
    by_page: dict[str, str] = {}
    version = edition["edition"]["version"]
    for step in edition["steps"]:
        page = step["url"].split("#")[0]
        text = by_page.setdefault(page, (edition_html / page).read_text(encoding="utf-8"))
        sid, number = step["id"], step["number"]
        assert f'<a class="xs-num" href="#{sid}"' in text
        m = re.search(
            rf'<details class="xs-cite" data-step="{sid}" data-n="{number}">(.*?)</details>',
            text,
            re.S,
        )
        assert m, sid
        # the permanent link; the names come from the page's words (cite.js: issue 25, weight)
        assert (
            f'<summary>引</summary><div class="xs-cite-panel"><p><a href="#{sid}">永久連結</a>'
            in m.group(1)
        )
        assert '<template id="xs-cite-words"><span data-say="label">引用第 {n} 節</span>' in text
        # the page's templates, filled in as cite.js does, cite this step at its URL
        forms = {f["format"]: f["template"] for f in _cite_forms(text)["forms"]}
        page_url = _cite_forms(text)["page"]
        assert page_url == page  # relative: the site has no address yet
        url = f"{page_url}#{sid}"
        filled = {
            k: citation.fill_cite_form(t, number, sid, url, "2027-01-05") for k, t in forms.items()
        }
        assert (
            f"{version} 版，第 {number} 節（{sid}）" in filled["short"] and url in filled["short"]
        )
        assert f"{version}版. " in filled["gbt"] and f"第{number}節（{sid}）" in filled["gbt"]
        assert (
            f"version {version}" in filled["chicago"]
            and f"step {number} ({sid})" in filled["chicago"]
        )
        assert url in filled["gbt"] and url in filled["chicago"]


@pytest.mark.edition
def test_cite_templates_are_not_converted_to_simplified(edition_html: Path):
    hant = (edition_html / "rite/drinking.html").read_text(encoding="utf-8")
    hans = (edition_html / "zh-Hans/rite/drinking.html").read_text(encoding="utf-8")
    assert _cite_forms(hans) == _cite_forms(hant)  # the title is cited as published


@pytest.mark.edition
def test_the_cite_pages_examples_are_the_forms_the_cite_control_gives(edition_html: Path):
    """The worked examples of 引用本書 read as the 引 control copies them, in every copy:
    the Simplified page printed 《仪礼·乡射礼》… while its control gave 《儀禮·鄉射禮》…"""

    def examples(page: str) -> list[str]:
        dls = re.findall(r'<dl class="[^"]*xs-citation[^"]*">(.*?)</dl>', page, re.S)
        return [
            re.sub(r"<[^>]+>", "", dd)
            for dl in dls
            for dd in re.findall(r"<dd>(.*?)</dd>", dl, re.S)
        ]

    hant = examples((edition_html / "cite.html").read_text(encoding="utf-8"))
    hans = examples((edition_html / "zh-Hans/cite.html").read_text(encoding="utf-8"))
    assert len(hant) == 6 and hans == hant  # three forms, for step 17 and for the book
    assert any("《儀禮·鄉射禮》" in text and "第 17 節" in text for text in hans)


@pytest.mark.edition
def test_citation_files_are_linked_from_the_cite_page(published_html: Path):
    edition_html = published_html
    cite = (edition_html / "cite.html").read_text(encoding="utf-8")
    for name in citation.citation_files("xiangsheli").values():
        assert (edition_html / name).is_file()
        assert f'href="{name}"' in cite
    [(kind, _key, fields)] = parse_bibtex((edition_html / "xiangsheli.bib").read_text("utf-8"))
    assert kind == "book" and fields["url"] == BASE
    assert json.loads((edition_html / "xiangsheli.csl.json").read_text("utf-8"))[0]["URL"] == BASE


@pytest.mark.edition
def test_inventory_lists_every_step_and_phase(edition: dict, edition_html: Path):
    inv = InventoryFile.loads((edition_html / "objects.inv").read_bytes(), uri=BASE)
    steps = inv.data["xs:step"]
    for step in edition["steps"]:
        item = steps[step["id"]]
        assert item.uri == BASE + step["url"], step["id"]
        label = inv.data["std:label"][step["id"]]
        assert label.uri == BASE + step["url"]
        assert label.display_name == f"第 {step['number']} 節（{step['id']}）"
    phases = inv.data["xs:phase"]
    assert {s["id"] for s in edition["sections"]} <= set(phases)
    # Every note of the 注 is an object of its own, at its anchor on its step's page.
    notes = inv.data["xs:commentary"]
    shown = {z["id"]: s for s in edition["steps"] for z in s["commentary"]}
    assert set(notes) == set(shown) and len(notes) == 382
    for nid, step in shown.items():
        assert notes[nid].uri == BASE + step["url"].split("#")[0] + "#" + nid, nid
        assert notes[nid].display_name == f"第 {step['number']} 節注（{nid}）"
    # what another project's link reads: the step as a citation names it
    assert all(
        item.display_name == inv.data["std:label"][sid].display_name
        for sid, item in steps.items()
        if sid in inv.data["std:label"]
    )


class Assets(HTMLParser):
    """URLs a browser fetches by itself: stylesheets, icons, scripts, images, frames, media."""

    FETCHED_LINKS = {"stylesheet", "icon", "preload", "prefetch", "modulepreload", "manifest",
                     "apple-touch-icon", "shortcut"}  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "link" and set(a.get("rel", "").lower().split()) & self.FETCHED_LINKS:
            self.urls.append(a.get("href", ""))
        elif tag in ("script", "img", "iframe", "audio", "video", "source", "embed"):
            self.urls.append(a.get("src", ""))


@pytest.mark.edition
def test_no_asset_is_fetched_from_outside_the_site(edition_html: Path):
    for page in all_pages(edition_html):
        parser = Assets()
        parser.feed(page.read_text(encoding="utf-8"))
        external = [u for u in parser.urls if re.match(r"^(https?:)?//", u)]
        assert not external, (page, external)
        # <link rel=canonical/alternate> name the page's public address; never fetched.
    for css in edition_html.joinpath("_static").rglob("*.css"):
        imports = re.findall(r"@import\s+(?:url\()?['\"]?(https?:)?//", css.read_text("utf-8"))
        remote = re.findall(r"url\(\s*['\"]?(?:https?:)?//", css.read_text("utf-8"))
        assert not imports and not remote, css


@pytest.mark.edition
def test_simplified_copies_convert_text_and_keep_every_link_working(published_html: Path):
    edition_html = published_html
    trad = [p for p in all_pages(edition_html) if simplified.PREFIX not in p.parts]
    for page in trad:
        rel = page.relative_to(edition_html).as_posix()
        copy = edition_html / simplified.PREFIX / rel
        assert copy.is_file(), rel
        for _tag, attrs in tags_of(copy):
            for name in ("href", "src"):
                url = attrs.get(name, "")
                if not url or re.match(r"^([a-z][a-z0-9+.-]*:|#|/)", url, re.I):
                    continue
                if "data-xs-published" in attrs:  # a PDF that `make edition` puts beside
                    assert url.startswith("../") and url.endswith(".pdf"), (copy, url)
                    continue
                target = (copy.parent / unquote(url.split("#")[0].split("?")[0])).resolve()
                assert target.exists(), (copy, url)
                assert edition_html.resolve() in target.parents, (copy, url)
    page = (edition_html / simplified.PREFIX / "rite/before.html").read_text(encoding="utf-8")
    assert '<html class="no-js" lang="zh-Hans"' in page
    assert "乡射之礼" in re.sub(r"<[^>]+>", "", page)
    assert 'aria-current="page">简</a>' in page
    assert f'<link rel="canonical" href="{BASE}{simplified.PREFIX}/rite/before.html"' in page
    # A headword's page (its address percent-encoded) is the copy's own too.
    term = quote("terms/role/主人.html")
    headword = edition_html / simplified.PREFIX / "terms/role/主人.html"
    assert f'<link rel="canonical" href="{BASE}{simplified.PREFIX}/{term}"' in headword.read_text(
        encoding="utf-8"
    )
    # The copy's citation tags name the Traditional page, the one to cite (cite.md).
    for tag in ('name="citation_public_url" content="', 'name="DC.identifier" content="'):
        assert f"{tag}{BASE}rite/before.html" in page, tag
    assert 'name="DC.language" content="zh-Hant"' in page
    # A page left where a renamed headword was (左個 → 左个) names the new page: its canonical
    # link in its own script, its citation tags the Traditional one, its alternates both.
    new = quote("terms/place/左个.html")
    for script in ("", f"{simplified.PREFIX}/"):
        stub = (edition_html / script / "terms/place/左個.html").read_text(encoding="utf-8")
        assert f'<link rel="canonical" href="{BASE}{script}{new}"' in stub, script
        assert f'name="citation_public_url" content="{BASE}{new}"' in stub, script
        assert f'hreflang="zh-Hans" href="{BASE}{simplified.PREFIX}/{new}"' in stub, script
    # The citations quote the edition as published: not converted.
    assert "《儀禮·鄉射禮》彙校譯注本" in page
    trad_page = (edition_html / "rite/before.html").read_text(encoding="utf-8")
    assert 'href="../zh-Hans/rite/before.html"' in trad_page
    assert 'aria-current="page">繁</a>' in trad_page


@pytest.mark.edition
def test_sitemap_lists_every_page_in_both_scripts(published_html: Path):
    """Every page but the redirects (the pages left by renamed headwords), in both scripts, each
    at the address its own canonical link gives (percent-encoded)."""
    edition_html = published_html
    tree = ET.parse(edition_html / "sitemap.xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = [e.text for e in tree.getroot().findall("s:url/s:loc", ns)]
    canonical = re.compile(r'<link rel="canonical" href="([^"]+)"')
    pages, redirects = [], []
    for page in all_pages(edition_html):
        text = page.read_text(encoding="utf-8")
        (redirects if 'http-equiv="refresh"' in text else pages).append(canonical.findall(text))
    assert len(redirects) == 4  # 左個, 右個, in both scripts
    assert all(len(links) == 1 for links in pages)
    assert locs[0] == BASE
    assert sorted(locs) == sorted(links[0] for links in pages)
    assert all(loc.isascii() for loc in locs)


# -- pinyin -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "reading"),
    [("觶", "zhì"), ("阼", "zuò"), ("楅", "bī"), ("笴", "gǎn"), ("翿", "dào"), ("亨", "pēng"),
     ("俟", "sì"), ("酢", "zuò"), ("覃", "tán"), ("騶", "zōu")],
)  # fmt: skip
def test_rare_characters_and_their_readings(char: str, reading: str):
    assert pinyin.is_rare(char)
    assert READINGS.reading(char) == reading


def test_common_characters_have_no_pinyin():
    for char in "主人賓拜射禮之於階西東南北":
        assert not pinyin.is_rare(char), char
    assert READINGS.split_text("主人坐取觶") == [("主人坐取", ""), ("觶", "zhì")]


def test_common_character_list_is_level_one_of_the_2013_table():
    assert len(pinyin.common_chars()) == 3500


@pytest.mark.edition
def test_pinyin_overrides_are_read_in_context(edition: dict):
    text = {s["id"]: s["text"] for s in edition["steps"]}
    corpus = "".join(text.values())
    for char, reading in READINGS.overrides.items():
        assert char in corpus, f"{char} ({reading}) is not in the text"
        assert pinyin.is_rare(char), f"{char} is common: it gets no pinyin"
    for line in (EDITION / "pinyin-overrides.tsv").read_text("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        char, _reading, step, *_ = [*line.split("\t"), "", ""][:4]
        if step:
            assert char in text[step], (char, step)


def test_written_down_readings_are_pypinyins_and_cover_the_text():
    """The edition's pinyin-readings.tsv is pypinyin's reading of every rare character of the
    pages, so that the build never loads pypinyin; it is regenerated, not edited."""
    from pypinyin import Style
    from pypinyin import pinyin as propose

    from tools import pinyin_readings

    assert pinyin_readings.main(["--check"]) == 0, "run python -m tools.pinyin_readings"
    for char, reading in READINGS.proposed.items():
        assert propose(char, style=Style.TONE)[0][0] == reading, char
    for char in pinyin_readings.rare_characters():
        assert char in READINGS.proposed or char in READINGS.overrides, char


@pytest.mark.edition
def test_rare_characters_carry_their_pinyin_in_html(edition_html: Path):
    page = (edition_html / "rite/drinking.html").read_text(encoding="utf-8")
    assert '<span class="xs-py" title="zhì">觶</span>' in page
    assert '<span class="xs-py" title="zuò">阼</span>' in page


def test_citations_without_an_address_have_no_empty_slot():
    """Issue 25 (6): the whole-book GB/T 7714 and Chicago lines ended in «. .»."""
    gbt = citation.cite_gbt(META, "")
    assert gbt.endswith("[引用日期].") and ". ." not in gbt
    chicago = citation.cite_chicago(META, "")
    assert chicago.endswith("Version 0.1.0. 2026.") and ". ." not in chicago
    assert citation.cite_chicago(META, "", 17, "xs-0017").endswith("step 17 (xs-0017).")
    assert citation.cite_short_full(META, "", 17, "xs-0017").endswith("（xs-0017）。")
    assert citation.cite_gbt(META, BASE).endswith(f"[引用日期]. {BASE}.")
