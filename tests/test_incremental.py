"""Incremental = clean (issue 20): after an edit, rebuilding on the last build's environment
writes the same site as building from nothing.

A page that shows what every page holds (the indexes' counts, the lists of formulas, the stage)
must be written again when any page changes (``domain.note_derived``); a page that reads a data
file depends on it. Each case edits a copy of ``roots/test-steps``, rebuilds incrementally,
builds the same sources clean, and compares every file of the two outputs.
"""

from __future__ import annotations

import filecmp
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).parent / "roots" / "test-steps"
EXT = Path(__file__).parents[1] / "_ext"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _edit(name: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(src: Path) -> None:
        path = src / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}: the case is stale"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


EDITS = {
    # a term no longer marked: its headword's count drops on the indexes page
    "a term removed from a page": _edit("part.md", "{role}`賓`出迎", "賓出迎"),
    # a step deleted: the numbers and counts after it change
    "a step deleted": _edit("part.md", "::::{xs:step} xs-0002\n無一介。\n::::\n", ""),
    # the data: who stands where
    "a data file edited": _edit("_edition/positions.tsv", "\t西面\t", "\t東面\t"),
    # the manifest: a kind of correction of the 譯文 now kept in another script (every page
    # depends on edition.toml: its lemma's span is marked so)
    "the manifest edited": _edit(
        "_edition/edition.toml",
        "[plan]\n",
        '[translation_apparatus]\nkinds = [{ name = "filter-artifact", label = "網頁過濾衍文", '
        "kept = true }]\n\n[plan]\n",
    ),
}


def differing(a: Path, b: Path) -> list[str]:
    """The files that differ between two output trees (doctrees and build info left out)."""
    out: list[str] = []

    def walk(cmp: filecmp.dircmp, here: str) -> None:
        out.extend(f"{here}{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files)
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{here}{name}/")

    walk(filecmp.dircmp(a, b, ignore=[".doctrees", ".buildinfo", "_sources"]), "")
    return sorted(out)


@pytest.mark.parametrize("name", sorted(EDITS))
def test_incremental_build_equals_clean_build(name: str, make_app, tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT, src)
    inc = tmp_path / "incremental"
    make_app("html", srcdir=src, builddir=inc).build()
    EDITS[name](src)
    again = make_app("html", srcdir=src, builddir=inc)
    again.build()
    clean = tmp_path / "clean"
    fresh = make_app("html", srcdir=src, builddir=clean)
    fresh.build()
    assert differing(inc / "html", clean / "html") == []
    if name == "a step deleted":
        # a published step deleted is said at its registry row, by the rebuild as by a clean
        # build (the later numbers shift: never without a word)
        said = "_edition/step-registry.tsv:2: WARNING: published step xs-0002 is declared by no"
        for app in (again, fresh):
            text = ANSI.sub("", app.warning.getvalue()).replace(f"{src}/", "")
            assert said in text and "[xs.missing_step]" in text, text


def test_a_rebuild_that_changes_no_record_keeps_the_tei_and_dts_files(
    make_app, tmp_path: Path
) -> None:
    """The TEI file and the DTS API are made again only when what they are made from changed
    (``export.tei.files_key``) or a file of theirs is gone; a record changed makes them anew."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src)
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    out = tmp_path / "b" / "html"
    tei_file = next((out / "tei").glob("*.xml"))
    api = sorted(p for p in (out / "api" / "dts").rglob("*") if p.is_file())
    assert api, "the root publishes a DTS API"
    stamps = {p: p.stat().st_mtime_ns for p in [tei_file, *api]}

    (src / "part.md").touch()  # read again, nothing changed
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps

    api[0].unlink()  # a file of theirs gone: all made again
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    assert api[0].is_file() and tei_file.stat().st_mtime_ns > stamps[tei_file]

    before = tei_file.read_text(encoding="utf-8")
    _edit("part.md", "{role}`賓`出迎", "賓出迎")(src)  # a record changed
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    assert tei_file.read_text(encoding="utf-8") != before


def test_a_style_sheet_edited_reaches_every_page(tmp_path: Path) -> None:
    """A page links a style sheet with its checksum (``?v=…``), written when the page is: after
    an edit to a static file, every page is written again (``xs_assets_digest``), so none keeps
    the old checksum and with it, in a browser's cache, the old file. Each build is a process
    of its own, as on the command line: Sphinx keeps an asset's checksum for the life of the
    process (``_file_checksum_inner`` is cached by path)."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src)
    (src / "_static").mkdir()
    (src / "_static" / "root.css").write_text("p { color: black; }\n", encoding="utf-8")
    with (src / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write('\nhtml_static_path = ["_static"]\nhtml_css_files = ["root.css"]\n')

    def build(out: Path) -> None:
        cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-q", str(src), str(out)]
        env = {**os.environ, "PYTHONPATH": str(EXT)}
        subprocess.run([*cmd, "-d", str(out / ".doctrees")], check=True, env=env)

    inc, clean = tmp_path / "incremental", tmp_path / "clean"
    build(inc)
    (src / "_static" / "root.css").write_text("p { color: navy; }\n", encoding="utf-8")
    build(inc)
    build(clean)
    # (Sphinx keeps the old .buildinfo as .buildinfo.bak when the configuration changed)
    assert [f for f in differing(inc, clean) if f != ".buildinfo.bak"] == []
    pages = [p.read_text(encoding="utf-8") for p in inc.rglob("*.html")]
    checksums = {m for page in pages for m in re.findall(r"root\.css\?v=(\w+)", page)}
    assert len(checksums) == 1 and len(pages) > 10


def test_a_changed_converter_remakes_every_simplified_copy(make_app, tmp_path: Path) -> None:
    """A build converts again only the pages it wrote; but when the converter itself changed
    (its code, the phrase table, OpenCC: ``simplified.converter_digest``), every copy of a page
    and of a data script is made again, or the copies of an untouched page would keep the old
    conversion (a note's 「並，併也」 read 「并，并也」 in the stage after the fix)."""
    src = tmp_path / "src"
    shutil.copytree(Path(__file__).parent / "roots" / "test-reader", src)
    app = make_app("html", srcdir=src, builddir=tmp_path / "b")
    app.build()
    out, stamp = Path(app.outdir), Path(app.doctreedir) / "xs-simplified.digest"
    copies = sorted(p for p in (out / "zh-Hans").rglob("*") if p.suffix in (".html", ".js"))
    assert copies and stamp.is_file()
    times = {p: p.stat().st_mtime_ns for p in copies}

    make_app("html", srcdir=src, builddir=tmp_path / "b").build()  # nothing changed
    # most copies stay (some pages, and the search index, are written by every build)
    kept = [p for p in copies if p.stat().st_mtime_ns == times[p]]
    assert len(kept) > len(copies) // 2 and {p.suffix for p in kept} == {".html", ".js"}

    stamp.write_text("another converter", encoding="utf-8")
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    assert [p for p in kept if p.stat().st_mtime_ns == times[p]] == []


def test_a_step_keeping_other_forms_remakes_the_data_copies(make_app, tmp_path: Path) -> None:
    """The data scripts' Simplified copies keep what each step keeps on its page
    (``simplified.steps_kept``). A page of steps written again may keep other forms while the
    data's originals stay as they were (the formulas' popup holds no notes): then the copies
    are made again (a stamp beside the doctrees); while it stays the same, they stay."""
    src = tmp_path / "src"
    shutil.copytree(Path(__file__).parent / "roots" / "test-diagram", src)
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    out, doctrees = tmp_path / "b" / "html", tmp_path / "b" / "doctrees"
    stamp = doctrees / "xs-simplified-steps.digest"
    copy = out / "zh-Hans" / "_diagrams" / "stage-data.js"
    assert stamp.is_file() and copy.is_file()
    before = copy.stat().st_mtime_ns

    (src / "rite.md").touch()  # the page of steps written again, keeping the same
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    assert copy.stat().st_mtime_ns == before

    stamp.write_text("what the steps kept before", encoding="utf-8")
    (src / "rite.md").touch()
    make_app("html", srcdir=src, builddir=tmp_path / "b").build()
    assert copy.stat().st_mtime_ns > before
    assert stamp.read_text(encoding="utf-8") != "what the steps kept before"
