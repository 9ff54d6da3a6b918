"""Front matter built from data (sigla, apparatus summary) and Chinese line joining."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import EDITION
from ritual.apparatus import load_entries, load_sigla
from ritual.cjk import join_cjk_lines
from ritual.directives.sigla import short_commits


def test_cjk_lines_join_without_a_space() -> None:
    assert join_cjk_lines("底本用\n通行繁體字形") == "底本用通行繁體字形"
    assert join_cjk_lines("（以下稱「底本」）。\n本書") == "（以下稱「底本」）。本書"
    # Latin text keeps its space; so does a break between Latin and Chinese.
    assert join_cjk_lines("Kanseki\nRepository") == "Kanseki\nRepository"
    assert join_cjk_lines("CC BY-SA\n授權") == "CC BY-SA\n授權"


def test_built_pages_have_no_stray_spaces_between_han(edition_html: Path) -> None:
    for page in ("preface.html", "conventions.html", "sources.html", "indexes.html"):
        html = (edition_html / page).read_text(encoding="utf-8")
        article = html[html.index("<article") : html.index("</article>")]
        for para in re.findall(r"<(?:p|li)>(.*?)</(?:p|li)>", article, re.S):
            text = re.sub(r"<[^>]+>", "", para)
            assert not re.search(r"[\u4e00-\u9fff]\n\s*[\u4e00-\u9fff]", text), (page, text)


def test_sources_page_lists_every_siglum(edition_html: Path) -> None:
    html = (edition_html / "sources.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", html)
    for siglum, row in load_sigla(EDITION / "sigla.tsv").items():
        assert f"<strong>{siglum}</strong>" in html
        assert short_commits(row["source"]) in text
    assert "Kanseki Repository" in html and "CC BY-SA 4.0" in html


def test_apparatus_summary_counts_the_data(edition_html: Path) -> None:
    html = (edition_html / "sources.html").read_text(encoding="utf-8")
    entries = load_entries(EDITION / "apparatus.toml")
    emend = sum(e.decision == "emend" for e in entries)
    retain = sum(e.decision == "retain" for e in entries)
    assert re.search(rf"<p>共計</p></td>\s*<td><p>{emend}</p></td>\s*<td><p>{retain}</p>", html)
