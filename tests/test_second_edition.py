"""A second edition, 鄉飲酒禮's opening, built by the same engine from its own data folder
(``roots/test-xiangyinjiuli``), with no code of its own (issue 16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import EDITION, tool_missing
from ritual.state import edition_of
from sphinx.testing.util import SphinxTestApp
from sphinx.util.inventory import InventoryFile

ROOT = Path(__file__).resolve().parent / "roots" / "test-xiangyinjiuli"


def test_the_project_has_no_code_of_its_own() -> None:
    """conf.py sets values; the edition is data; nothing extends the engine."""
    assert [p.name for p in ROOT.rglob("*.py")] == ["conf.py"]
    conf = (ROOT / "conf.py").read_text(encoding="utf-8")
    assert "def setup" not in conf and 'extensions = ["myst_parser", "ritual"]' in conf


@pytest.mark.sphinx("html", testroot="xiangyinjiuli")
def test_second_edition_builds_from_its_own_data(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    edition = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    assert list(edition) == ["edition", "sections", "steps", "indexes", "diagrams"]
    assert edition["edition"]["title"].startswith("儀禮·鄉飲酒禮")
    assert [s["title"] for s in edition["sections"]] == ["謀賓戒賓", "陳設", "速賓", "迎賓拜至"]
    steps = edition["steps"]
    assert len(steps) == 23 and steps[0]["id"] == "xyj-0001"
    assert steps[0]["text"] == "鄉飲酒之禮，主人就先生而謀賓介。"
    assert {d["id"] for d in edition["diagrams"]} == {"fig-chen-she", "fig-bai-zhi"}
    bai_zhi = next(d for d in edition["diagrams"] if d["id"] == "fig-bai-zhi")
    assert {"role": "主人", "place": "阼階上當楣", "facing": "北面"} in bai_zhi["figures"]
    svg = (app.outdir / "_diagrams" / "fig-bai-zhi.svg").read_text(encoding="utf-8")
    assert ">東房<" in svg and ">室<" in svg and "尊（斯禁兩壺）" in svg  # its own hall
    assert "侯" not in svg  # and none of 鄉射禮's range
    inventory = InventoryFile.loads((app.outdir / "objects.inv").read_bytes(), uri="")
    assert "xyj-0001" in inventory.data["xs:step"]
    assert (app.outdir / "xiangyinjiuli.bib").is_file()  # its records, named after it


@pytest.mark.sphinx("html", testroot="xiangyinjiuli")
def test_shared_terms_are_the_first_editions_records(app: SphinxTestApp) -> None:
    """主人, 賓, 爵 … are 鄉射禮's very records (file and line), not copies; 介, glossed for
    this rite (鄉射禮 has none), and its own terms (先生, 謀, 玄酒, 房戶間) are its own."""
    from ritual.components.terms.kinds import vocabulary_for

    app.build()
    vocab = vocabulary_for(app.env)
    host = vocab.headwords("role")["主人"]
    assert Path(host.source) == EDITION / "vocab" / "role.tsv"
    assert Path(vocab.headwords("role")["介"].source).parent == app.srcdir / "_edition" / "vocab"
    assert Path(vocab.headwords("action")["謀"].source).name == "action.tsv"
    own = (app.srcdir / "_edition" / "vocab" / "role.tsv").read_text(encoding="utf-8")
    assert "主人\t" not in own  # never copied
    index = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))["indexes"]
    assert {e["term"] for e in index["role"]} >= {"主人", "賓", "介", "先生"}
    # a whole file by reference too ("@xiangsheli" in edition.toml): the facing words
    assert edition_of(app.env).path("facings") == EDITION / "facings.tsv"
    assert not (app.srcdir / "_edition" / "facings.tsv").exists()


@pytest.mark.sphinx("latex", testroot="xiangyinjiuli")
def test_second_edition_prints_as_the_engines_book(app: SphinxTestApp) -> None:
    """Its conf.py sets no latex_elements: the paper, fonts, title page and metadata of the
    book are the engine's (latex/book.py), filled with this edition's own title and words."""
    app.build()
    assert app.warning.getvalue() == ""
    tex = (app.outdir / "xiangyinjiuli.tex").read_text(encoding="utf-8")
    preamble, body = tex.split("\\begin{document}")
    assert "\\def\\sphinxdocclass{book}" in preamble
    assert "paperwidth=185mm,paperheight=260mm,outer=36.07mm," in preamble
    assert "\\setCJKmainfont{NotoSerifCJK-Regular.ttc}[FontIndex=3," in preamble
    assert "\\usepackage{ritual}" in preamble and (app.outdir / "ritual.sty").is_file()
    assert "pdftitle={儀禮·鄉飲酒禮：首四節}" in preamble and "pdflang={zh-Hant}" in preamble
    assert "pdfsubject={The Village Drinking Rite (Yili, chapter 4)" in preamble
    for macro, value in (
        ("xsseries", "儀禮"),
        ("xsworktitle", "鄉飲酒禮"),
        ("xssubtitle", "首四節"),
    ):
        assert f"\\def\\{macro}{{{value}}}" in preamble
    assert "\\renewcommand{\\contentsname}{目錄}" in preamble
    assert "\\xsmaketitle" in body and "\\xstableofcontents" in body
    assert "同一擴展所建" not in body  # the root page's blurb is the site's
    assert body.index("\\xsmainmatter") < body.index("\\begin{xsstep}{xyj-0001}")
    # the site's term indices (links to its headword pages) are not printed: Sphinx would
    # give their letters alone
    assert "sphinxtheindex" not in body


def test_second_edition_book_compiles(make_app, rootdir: Path, tmp_path: Path) -> None:
    """The sibling's book through XeLaTeX: the design compiles for another title (the title
    page spaces out 鄉飲酒禮 as it does 鄉射禮) and no character is missing from the fonts."""
    import shutil
    import subprocess

    if not (shutil.which("latexmk") and shutil.which("xelatex")):
        tool_missing("latexmk and xelatex (texlive-xetex) are needed to compile the book")
    src = tmp_path / "src"
    shutil.copytree(rootdir / "test-xiangyinjiuli", src)
    app = make_app("latex", srcdir=src)
    app.build()
    out = Path(app.outdir)
    done = subprocess.run(
        ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "xiangyinjiuli.tex"],
        cwd=out,
        capture_output=True,
        text=True,
    )
    log = (out / "xiangyinjiuli.log").read_text(encoding="utf-8", errors="replace")
    assert done.returncode == 0, log[-3000:]
    assert (out / "xiangyinjiuli.pdf").read_bytes().startswith(b"%PDF")
    assert "Missing character" not in log
    assert "[NotoSerifCJK-Regular.ttc:3]" in log  # the Traditional Chinese face
