"""Front matter built from data (sigla, apparatus summary) and Chinese line joining."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import EDITION
from docutils import nodes
from ritual.components.apparatus.sigla import short_commits
from ritual.components.cjk import join_cjk_lines, join_document
from ritual.core.apparatus import load_entries, load_sigla


def test_cjk_lines_join_without_a_space() -> None:
    assert join_cjk_lines("底本用\n通行繁體字形") == "底本用通行繁體字形"
    assert join_cjk_lines("（以下稱「底本」）。\n本書") == "（以下稱「底本」）。本書"
    # kana and Han beyond the BMP are wide too (「漢籍リポジトリ 諸君」 printed a space)
    assert join_cjk_lines("漢籍リポジトリ\n諸君所錄") == "漢籍リポジトリ諸君所錄"
    assert join_cjk_lines("\U0002a6a5\n之") == "\U0002a6a5之"
    # Latin text keeps its space; so does a break between Latin and Chinese.
    assert join_cjk_lines("Kanseki\nRepository") == "Kanseki\nRepository"
    assert join_cjk_lines("CC BY-SA\n授權") == "CC BY-SA\n授權"


def test_a_break_at_a_text_nodes_edge_joins_the_next_node() -> None:
    """A source line that ends 「…保留其空格。」 before a line that begins **存異** leaves its
    break at the end of one text node and the next wide character in the next node: the
    site printed 「空格。 存異」."""
    para = nodes.paragraph(
        "",
        "",
        nodes.Text("原文保留其空格。"),
        nodes.Text("\n"),
        nodes.Text(""),  # as MyST leaves before markup
        nodes.strong("存異", "存異"),
        nodes.Text("：諸本之間\n"),
        nodes.emphasis("", "", nodes.Text("異文")),
        nodes.Text("\n，見\nKanseki"),
    )
    join_document(para)
    assert para.astext() == "原文保留其空格。存異：諸本之間異文，見\nKanseki"
    latin = nodes.paragraph("", "", nodes.Text("CC BY-SA\n"), nodes.strong("授權", "授權"))
    join_document(latin)
    assert latin.astext() == "CC BY-SA\n授權"


def test_built_pages_have_no_stray_spaces_between_han(edition_html: Path) -> None:
    # Han, CJK marks and the full-width forms (not kana: a Japanese name may space its words)
    wide = r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"
    pages = ("preface.html", "conventions.html", "sources.html", "indexes.html", "data.html")
    for page in pages:
        html = (edition_html / page).read_text(encoding="utf-8")
        article = html[html.index("<article") : html.index("</article>")]
        for para in re.findall(r"<(?:p|li)>(.*?)</(?:p|li)>", article, re.S):
            text = re.sub(r"<[^>]+>", "", para)
            assert not re.search(rf"{wide}[ \t\n]+{wide}", text), (page, text)  # not the nbsp
            # and no line break joined with a space beside kana (「漢籍リポジトリ 諸君」)
            kana_or_han = r"[\u3040-\u30ff\u4e00-\u9fff]"
            assert not re.search(rf"{kana_or_han}\n\s*{kana_or_han}", text), (page, text)


def test_no_markdown_is_left_unread_in_the_pages(edition_html: Path) -> None:
    """CommonMark closes ``**`` only where the run is right-flanking: 「**媒體類型。**靜態」 (a
    full stop before, a Han character after) printed its asterisks on the data page. No page's
    text, its code apart, holds a delimiter run of emphasis or a backtick."""
    left = []
    for path in sorted(edition_html.glob("*.html")) + sorted(edition_html.glob("rite/*.html")):
        html = path.read_text(encoding="utf-8")
        article = html[html.index("<article") : html.index("</article>")]
        article = re.sub(r"<(pre|code|script)\b.*?</\1>", "", article, flags=re.S)
        text = re.sub(r"<[^>]+>", "", article)
        left += [(path.name, m.group()) for m in re.finditer(r".{0,12}(?:\*\*|__|`).{0,12}", text)]
    assert left == []


def test_sources_page_lists_every_siglum(edition_html: Path) -> None:
    html = (edition_html / "sources.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", html)
    for siglum, row in load_sigla(EDITION / "sigla.tsv").items():
        assert f"<strong>{siglum}</strong>" in html
        source = short_commits(row["source"])
        assert source in text
        # a repository's coordinates are set as code, a description in prose (in a code face
        # the base text's description of its web copy was set apart from the page's prose)
        coded = re.search(rf"<code[^>]*>(?:<[^>]+>|\s)*{re.escape(source.split()[0])}", html)
        assert bool(coded) == source.isascii(), (siglum, source)
    # The credit of the witnesses' texts and their licence stand in the page's own text (the
    # footer of every page names the edition's licence, which would pass any page).
    article = html.split('<article role="main"', 1)[1].split("</article>", 1)[0]
    credit = [p for p in re.findall(r"<p>(.*?)</p>", article, re.S) if "Kanseki Repository" in p]
    assert any("CC BY-SA 4.0" in p for p in credit), credit


def test_no_siglum_heading_nests_parentheses(edition_html: Path) -> None:
    """A siglum's heading is 「name（role）」; a role label with brackets of its own printed
    「（參校（不計））」, brackets in brackets of one kind, which Chinese typesetting avoids."""
    html = (edition_html / "sources.html").read_text(encoding="utf-8")
    terms = [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<dt>(.*?)</dt>", html, re.S)]
    sigla = load_sigla(EDITION / "sigla.tsv")
    headings = [t for t in terms if t.split("\u3000")[0] in sigla]
    assert len(headings) == len(sigla)
    for heading in headings:
        assert not re.search(r"（[^）]*（", heading), heading


def test_apparatus_summary_counts_the_data(edition_html: Path) -> None:
    html = (edition_html / "sources.html").read_text(encoding="utf-8")
    entries = load_entries(EDITION / "apparatus.toml")
    emend = sum(e.decision == "emend" for e in entries)
    retain = sum(e.decision == "retain" for e in entries)
    assert re.search(rf"<p>共計</p></td>\s*<td><p>{emend}</p></td>\s*<td><p>{retain}</p>", html)


def test_every_section_has_a_named_anchor(edition_html: Path) -> None:
    """Issue 25: a section's anchor is its label (``conventions.html#apparatus``), not a number
    that shifts when a section is inserted before it; the numbered id stays inside it as an
    alias (the links published before still land); no link of the site uses a numbered id."""
    pages = sorted(
        p
        for p in edition_html.rglob("*.html")
        if "_static" not in p.parts and "_sources" not in p.parts
    )
    numbered = re.compile(r'<section id="id\d+"')
    assert not [p.name for p in pages if numbered.search(p.read_text(encoding="utf-8"))]
    links = re.compile(r'href="[^"]*#id\d+"')
    assert not [p.name for p in pages if links.search(p.read_text(encoding="utf-8"))]
    for page in ("conventions.html", "zh-Hans/conventions.html"):
        html = (edition_html / page).read_text(encoding="utf-8")
        # 校勘 under its label, the numbered id kept inside as an alias
        assert re.search(r'<section id="apparatus">\s*<span id="id\d+"></span><h2>校勘', html)
        assert 'href="#apparatus"' in html
    sources = (edition_html / "sources.html").read_text(encoding="utf-8")
    assert re.search(r'<section id="witnesses">\s*<span id="id\d+"></span><h2>校本', sources)


def test_the_indexes_page_lists_every_plan(edition_html: Path) -> None:
    """The site's 圖目 (indexes.md, ``xs:plans``): every plan of edition.json, in order, linked
    to its anchor, in both scripts."""
    diagrams = json.loads((edition_html / "edition.json").read_text(encoding="utf-8"))["diagrams"]
    for page in ("indexes.html", "zh-Hans/indexes.html"):
        html = (edition_html / page).read_text(encoding="utf-8")
        hrefs = re.findall(
            r'<a class="reference internal" href="rite/[^"#]+#([^"]+)"><strong>', html
        )
        assert hrefs == [d["id"] for d in diagrams], page
