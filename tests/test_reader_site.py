"""What a reader of the site and of the book runs into (issue 15, items 1, 5, 6, 11, 13), built
on a small root (tests/roots/test-reader) and, where only the edition shows it, on the edition.

Each test failed before its fix: negated acts counted 0 on their headword pages and in the
indexes; the apparatus entry gave no position for an addition; phase anchors were ``#id4``;
index and tool pages had the wrong citation tags; the interface spoke English; the index's step
numbers were plain text under toggle squares.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from urllib.parse import unquote

import pytest


def _page(app, name: str) -> str:
    return (Path(app.outdir) / name).read_text(encoding="utf-8")


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_negated_acts_are_counted_on_every_page(app) -> None:
    app.build()
    assert not app._warning.getvalue(), app._warning.getvalue()
    bu_bai = _page(app, "terms/action/不拜.html")
    assert "<dt>次數</dt><dd>1 次，見於 1 節</dd>" in bu_bai
    assert bu_bai.count('<td class="xs-kwic-n">') == 1
    # the negated sub-entry's keyword is the negated word, 不 included
    # (its 拜 an apparatus lemma: kept, as in the step)
    assert '<td class="xs-kwic-k" lang="zh-Hant">不<span data-xs-keep="">拜</span></td>' in bu_bai
    bu = _page(app, "terms/action/不拜既爵.html")
    assert "<dt>次數</dt><dd>1 次，見於 1 節</dd>" in bu
    assert "<dt>上位詞</dt>" in bu  # a sub-entry's sub-entry knows its parent
    # A word the text has only negated says where its occurrences are, not an empty table.
    jian = _page(app, "terms/action/見.html")
    assert "<dt>次數</dt><dd>0 次，見於 0 節</dd>" in jian
    assert "xs-kwic" not in jian and "經文唯見其否定：" in jian and "不見" in jian
    assert "<dt>否定</dt>" in _page(app, "terms/action/拜.html")


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_domain_index_links_steps_and_lists_every_sub_entry(app) -> None:
    app.build()
    index = _page(app, "xs-action.html")
    # 不拜既爵 (a negated sub-entry of 拜既爵, itself under 拜) is listed, with its count
    row = re.search(r"不拜既爵</code></a>.*?</tr>", index, re.S)
    assert row and "1 次：" in row[0]
    assert '<a href="part.html#xs-0001" title="xs-0001">1</a>' in row[0]
    # a word the text has only negated is not 「0 次」: its line says where it is
    row = re.search(r">見</code></a>.*?</tr>", index, re.S)
    assert row and "0 次" not in row[0] and "經文唯見其否定（不見 1 次）" in row[0], row
    row = re.search(r">不拜</code></a>.*?</tr>", index, re.S)
    assert row and '<a href="part.html#xs-0002" title="xs-0002">2</a>' in row[0]
    assert 'class="toggler"' not in index
    assert "COLLAPSE_INDEX = true" not in index


@pytest.mark.sphinx("latex", testroot="reader", freshenv=True)
def test_printed_index_lists_negated_sub_entries(app) -> None:
    app.build()
    tex = next(Path(app.outdir).glob("*.tex")).read_text(encoding="utf-8")
    assert "\\xsindexsub{拜既爵}{bài jì jué}{飲畢而拜}{0}{}" in tex
    sub = r"\\xsindexsub\{%s\}\{[^}]*\}\{[^}]*\}\{1\}\{\\xsloc\{part:%s\}"
    assert re.search(sub % ("不拜既爵", "xs-0001"), tex)
    assert re.search(sub % ("不拜", "xs-0002"), tex)


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_apparatus_entry_on_the_site(app) -> None:
    app.build()
    page = _page(app, "part.html")
    # the second 拜 of its step, an addition placed after the word before it, an omission
    assert 'data-entry="拜² ] 拜 底叢；答拜 庫"' in page
    assert 'data-entry="賓下 ] 〔無〕 底叢；皆 庫"' in page
    assert 'data-entry="外 ] 外 叢庫；〔無〕 底"' in page
    # in the phase's 校記: the note after the readings' full stop
    assert (
        "<!--xs:noconvert-->拜<!--/xs:noconvert-->² ] <!--xs:noconvert-->拜<!--/xs:noconvert-->"
        " 底叢；<!--xs:noconvert-->答拜<!--/xs:noconvert--> 庫。"
        '<span class="xs-app-note">叢作<!--xs:noconvert-->拜<!--/xs:noconvert-->，'
        "庫作<!--xs:noconvert-->答拜<!--/xs:noconvert-->。從底本。</span>"
    ) in page


@pytest.mark.sphinx("latex", testroot="reader", freshenv=True)
def test_apparatus_entry_in_print(app) -> None:
    app.build()
    tex = next(Path(app.outdir).glob("*.tex")).read_text(encoding="utf-8")
    assert (
        "\\xsappnote{拜\\textsuperscript{2}}{\\xsrdg{拜}{底叢}\\xsrdgsep{}\\xsrdg{答拜}{庫}"
        "\\xsappnotesep{}叢作拜，庫作答拜。從底本。}"
    ) in tex
    assert "\\xsappnote{賓下}{\\xsrdg{〔無〕}{底叢}\\xsrdgsep{}\\xsrdg{皆}{庫}" in tex
    assert "\\xsappnote{外}{\\xsrdg{外}{叢庫}\\xsrdgsep{}\\xsrdg{〔無〕}{底}" in tex


def _inventory(app):
    from sphinx.util.inventory import InventoryFile

    with open(Path(app.outdir) / "objects.inv", "rb") as f:
        return InventoryFile.load(f, "", lambda base, uri: uri)


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_phases_are_anchored_by_their_ids(app) -> None:
    app.build()
    inventory = _inventory(app)
    assert inventory["xs:phase"]["xian-gong-sheng"].uri == "part.html#xian-gong-sheng"
    page = _page(app, "part.html")
    assert '<section id="xian-gong-sheng">' in page
    assert re.search(r'<span id="id\d+"></span>', page)  # the old numbered id still lands
    assert '<a class="reference internal" href="#xian-gong-sheng">' in page  # the phase ref
    # every page the inventory names exists (no py-modindex.html, no genindex.html)
    for objects in inventory.values():
        for item in objects.values():
            assert (Path(app.outdir) / unquote(item.uri.split("#")[0])).is_file(), item.uri


@pytest.mark.sphinx(
    "html",
    testroot="reader",
    freshenv=True,
    confoverrides={"xs_base_url": "https://example.org/reader/"},
)
def test_citation_tags_by_kind_of_page(app) -> None:
    app.build()
    index = _page(app, "xs-action.html")
    assert '<meta name="citation_title" content="動作索引" />' in index
    search = _page(app, "search.html")
    assert "citation_" not in search and '<meta name="DC.title" content="檢索" />' in search
    root = _page(app, "index.html")
    pdf = '<meta name="citation_pdf_url" content="https://example.org/reader/'
    assert pdf in root and ".pdf" in root
    assert "citation_pdf_url" not in _page(app, "part.html")


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_no_pdf_url_without_an_address(app) -> None:
    app.build()
    assert "citation_pdf_url" not in _page(app, "index.html")


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_the_interface_speaks_chinese(app) -> None:
    app.build()
    page = _page(app, "part.html")
    for english in ("Skip to content", "Back to top", "Made with", "On this page", "Toggle "):
        assert english not in page, english
    assert ">跳至正文</a>" in page and "回到頁首" in page and "本站以" in page
    assert 'aria-label="切換淺色／深色／自動配色"' in page and "<title>淺色模式</title>" in page
    # the Simplified copy converts them with the rest
    simplified = _page(app, "zh-Hans/part.html")
    assert "回到页首" in simplified and 'aria-label="切换浅色／深色／自动配色"' in simplified
    # but not the apparatus's lemmas and readings, which are the witnesses' (issue 15.2): the
    # marker's data keeps the entry as written, the 校記 converts its sigla only
    assert 'data-entry="外 ] 外 叢庫；〔無〕 底"' in simplified
    assert "外 ] 外 丛库；〔无〕 底" in simplified  # (the copy leaves the marks out)
    assert "xs:noconvert" not in simplified


def test_the_catalog_has_every_word_of_the_theme() -> None:
    """Every word furo's templates give to gettext (marked, or marked by the site) is in the
    site's catalog: a theme upgrade that adds or changes one fails here, not on the site."""
    import furo
    from babel.messages.pofile import read_po
    from jinja2.ext import babel_extract
    from ritual_site import chrome

    theme = Path(furo.__file__).parent / "theme" / "furo"
    words: set[str] = set()
    for template in theme.rglob("*.html"):
        source = chrome.mark_theme_words(template.read_text("utf-8"))
        for _, _, message, _ in babel_extract(io.BytesIO(source.encode()), ("_",), [], {}):
            words.add(message)
    po = chrome.LOCALE_DIR / "zh_TW" / "LC_MESSAGES" / "sphinx.po"
    with po.open(encoding="utf-8") as f:
        catalog = {m.id: m.string for m in read_po(f) if m.id}
    # Sphinx's own zh_TW catalog gives these (Sphinx's words come first)
    sphinx_words = {"Search", "Index", "Copyright", "About these documents", "Contents"}
    assert words - sphinx_words - set(catalog) == set()
    assert all(catalog[w] for w in words & set(catalog))


#: Names of the repository's data files, which a reader of the site or the book need not know.
INTERNAL = re.compile(r"[\w./-]*(?:\.tsv|\.toml|_ext/|data/vocab|collation\.json)\b")


@pytest.mark.edition
def test_public_pages_say_what_the_data_is_not_its_file(edition_html: Path) -> None:
    """The data files are named once, in the sources page's note for those who want the
    repository (資料檔案); every other page says what the data is (位次表, 編號登記表 …)."""
    named = {}
    for page in sorted(edition_html.glob("*.html")):
        html = page.read_text("utf-8")
        if page.name == "sources.html":  # up to the heading of the note
            html = html.split(">資料檔案<", 1)[0]
        text = re.sub(r"<script\b.*?</script>|<[^>]+>", " ", html, flags=re.S)
        found = INTERNAL.findall(text)
        if found:
            named[page.name] = found
    assert named == {}


def _citation_rows(page: str, step: bool) -> list[str]:
    """The forms of the page's step example (``step``) or of its whole-book citation."""
    for classes, block in re.findall(r'<dl class="([^"]*)">(.*?)</dl>', page, re.S):
        if "xs-citation" in classes.split() and step == ("xs-citation-step" in classes):
            return [
                re.sub(r"<[^>]+>", "", d).strip()
                for d in re.findall(r"<dd>(.*?)</dd>", block, re.S)
            ]
    raise AssertionError("no citation list")


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_downloads_and_citations_without_an_address(app) -> None:
    """Issue 25 (3, 6): the PDFs, edition.json, the TEI and the records linked from the page;
    the citations have no empty address slot («. .», a bare 網址) when the site has none."""
    from tools.check_site import check_site

    app.build()
    assert not app._warning.getvalue(), app._warning.getvalue()
    page = _page(app, "cite.html")
    hrefs = re.findall(
        r'<a class="reference download" href="([^"]+)"( data-xs-published="")?', page
    )
    assert ("edition.json", "") in hrefs and ("tei/test-reader.xml", "") in hrefs
    assert ("test-reader.bib", "") in hrefs and ("test-reader.csl.json", "") in hrefs
    pdfs = [h for h, published in hrefs if published]
    assert pdfs and all(h.endswith(".pdf") for h in pdfs)
    step = _citation_rows(page, step=True)
    assert len(step) == 3 and all("xs-0001" in row for row in step)
    book = _citation_rows(page, step=False)
    assert len(book) == 3 and not any("xs-0001" in row for row in book)
    for row in step + book:
        assert ". ." not in row and not row.endswith("網址") and not row.endswith(". "), row
        assert row.endswith(("。", ".")), row
    # the PDFs are put beside the pages by `make edition`: the bare build lacks only them
    out = Path(app.outdir)
    assert check_site(out) == []
    missing = check_site(out, published=True)
    assert missing and all(".pdf (no such file)" in line for line in missing), missing
    # the Simplified copy links the same files at the site's root
    simplified = _page(app, "zh-Hans/cite.html")
    assert 'href="../edition.json"' in simplified and 'href="../tei/test-reader.xml"' in simplified


@pytest.mark.sphinx(
    "html",
    testroot="reader",
    freshenv=True,
    confoverrides={"xs_base_url": "https://example.org/reader/"},
)
def test_step_citation_example_with_an_address(app) -> None:
    app.build()
    page = _page(app, "cite.html")
    step = _citation_rows(page, step=True)
    assert all(row.endswith("https://example.org/reader/part.html#xs-0001.") for row in step[1:])
    assert step[0].endswith("。https://example.org/reader/part.html#xs-0001")
    root = _page(app, "index.html")
    assert '<link rel="canonical" href="https://example.org/reader/" />' in root


@pytest.mark.sphinx("html", testroot="reader", freshenv=True)
def test_concordance_lines_keep_the_steps_kept_forms(app) -> None:
    """A headword page's lines quote the step: its kept forms (a lemma, a recorded form) are
    kept there too, as in the step, so that a copy in another script prints them as the text
    does (the Simplified concordance read 「于左物之南」 where the step keeps 於)."""
    app.build()
    bai = _page(app, "terms/action/拜.html")
    assert (
        '<td class="xs-kwic-k" lang="zh-Hant">拜</td>'
        '<td class="xs-kwic-r" lang="zh-Hant">，賓不<span data-xs-keep="">拜</span>。</td>'
    ) in bai
    # the emendation 外 (app-003), in the context before a word and in a person's itinerary
    assert '於門<span data-xs-keep="">外</span>，主人</td><td class="xs-kwic-k"' in _page(
        app, "terms/action/不見.html"
    )
    host = _page(app, "terms/role/主人.html")
    assert '<td lang="zh-Hant">主人拜，賓不<span data-xs-keep="">拜</span>。</td>' in host
