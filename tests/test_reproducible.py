"""Reproducible builds: the same sources give the same bytes — twice, in parallel, and in print.

- Two clean HTML builds, in directories of different names and with different hash seeds
  (``PYTHONHASHSEED``: set and dict order must not leak into the output), give byte-identical
  site trees: every file, pages, ``searchindex.js``, ``edition.json``, the theme's assets.
- ``sphinx-build -j 4`` gives the same tree as a serial build (nothing is excluded).
- Two PDF builds with ``SOURCE_DATE_EPOCH`` (the Makefile exports it) give the same PDF.

Only the environment pickles (``.doctrees``) are left out: they are the build's cache, hold
absolute paths, and are not published.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import build_edition, tool_missing

from tools.release import release_epoch

ROOT = Path(__file__).resolve().parents[1]
EPOCH = os.environ.get("SOURCE_DATE_EPOCH") or release_epoch()  # the Makefile's default
BUILT_PDF = ROOT / "_build" / "latex" / "xiangsheli.pdf"

pytestmark = pytest.mark.edition


def sphinx(builder_args: list[str], seed: str, *extra: str) -> None:
    """One ``sphinx-build`` of the edition, as the Makefile runs it (``-W --keep-going -n``)."""
    env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": EPOCH}
    options = ["-W", "--keep-going", "-n", "-q", "-c", str(ROOT)]
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", *builder_args, *options, *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]


def build_html(out: Path, seed: str, *extra: str) -> Path:
    doctrees = out.parent / f"{out.name}.doctrees"
    sphinx(["-b", "html", "-d", str(doctrees)], seed, *extra, str(ROOT / "source"), str(out))
    return out


def tree(root: Path) -> dict[str, bytes]:
    """Every published file under ``root`` (the ``.doctrees`` cache left out) → its bytes."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".doctrees" not in p.relative_to(root).parts
    }


def differences(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    out = [f"only in the first: {k}" for k in sorted(a.keys() - b.keys())]
    out += [f"only in the second: {k}" for k in sorted(b.keys() - a.keys())]
    out += [f"differs: {k}" for k in sorted(a.keys() & b.keys()) if a[k] != b[k]]
    return out


@pytest.fixture(scope="module")
def serial_site(edition_html: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A serial build: the session's edition when it was built with SOURCE_DATE_EPOCH set (as
    under ``make test``), else a build of our own with it set."""
    if os.environ.get("SOURCE_DATE_EPOCH") == EPOCH:
        return edition_html
    return build_html(tmp_path_factory.mktemp("serial") / "html", "1")


def test_two_clean_builds_are_byte_identical(
    serial_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    again = build_html(tmp_path_factory.mktemp("again-in-another-place") / "site", "2")
    first, second = tree(serial_site), tree(again)
    assert len(first) > 100
    assert differences(first, second) == []


def test_parallel_build_equals_serial(
    serial_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    parallel = build_html(tmp_path_factory.mktemp("parallel") / "html", "3", "-j", "4")
    assert differences(tree(serial_site), tree(parallel)) == []


def _copy_project(dest: Path) -> Path:
    """The edition's sources and extension, copied (a build must not touch the checkout)."""
    dest.mkdir(parents=True)
    for name in ("conf.py", "pyproject.toml", "source", "_ext", "_static", "_templates"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.is_file():
            shutil.copy2(src, dest / name)
    return dest


def _build_copy(project: Path, out: Path, doctrees: Path) -> None:
    env = {**os.environ, "PYTHONHASHSEED": "4", "SOURCE_DATE_EPOCH": EPOCH}
    build_edition(out, "-d", str(doctrees), project=project, env=env)


def test_rebuild_after_an_edit_equals_a_clean_build(tmp_path: Path) -> None:
    """The rebuild skips work (headword pages, Simplified copies, stage data whose inputs did
    not change): what it leaves must be exactly what a clean build of the edited text writes.

    The edit moves a figure (the 相's facing: his itinerary page, the diagrams, the stage data)
    and changes a translation (the stage data, the search index, edition.json). Then a page's
    title changes: every headword page shows it in its navigation. (Other documents' sidebars
    keep the old title until they are rewritten: that is Sphinx's own rule for documents.)
    """
    project = _copy_project(tmp_path / "project")
    out, doctrees = tmp_path / "site", tmp_path / "doctrees"
    _build_copy(project, out, doctrees)
    before = tree(out)
    positions = project / "source" / "_edition" / "positions.tsv"
    rows = positions.read_text(encoding="utf-8")
    old = "xs-0021\t相\t門外東\t西面\t"
    assert old in rows
    positions.write_text(rows.replace(old, "xs-0021\t相\t門外東\t北面\t", 1), encoding="utf-8")
    page = project / "source" / "rite" / "drinking.md"
    edited = page.read_text(encoding="utf-8")
    first_translation = edited.index(":::{xs:translation}\n") + len(":::{xs:translation}\n")
    edited = edited[:first_translation] + "（改）" + edited[first_translation:]
    page.write_text(edited, encoding="utf-8")
    _build_copy(project, out, doctrees)
    clean = tmp_path / "clean"
    _build_copy(project, clean, tmp_path / "clean-doctrees")
    rebuilt = tree(out)
    assert rebuilt["terms/role/相.html"] != before["terms/role/相.html"]
    assert rebuilt["_diagrams/stage-data.js"] != before["_diagrams/stage-data.js"]
    assert differences(rebuilt, tree(clean)) == []

    title = project / "source" / "rite" / "before.md"
    text = title.read_text(encoding="utf-8")
    assert "\n# 射前：戒賓、陳設、速賓\n" in text  # (after the page's label)
    title.write_text(text.replace("# 射前：", "# 射前之禮：", 1), encoding="utf-8")
    _build_copy(project, out, doctrees)
    assert "射前之禮" in (out / "terms/role/主人.html").read_text(encoding="utf-8")
    assert "射前之礼" in (out / "zh-Hans/terms/role/主人.html").read_text(encoding="utf-8")


def _pdf_toolchain_missing() -> str | None:
    for tool in ("xelatex", "latexmk"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (tools/system-packages.txt)"
    return None


def _fresh(pdf: Path) -> bool:
    """Whether ``pdf`` is newer than everything it is built from (so it can stand as a build)."""
    if not pdf.is_file():
        return False
    inputs = [
        ROOT / "conf.py",
        ROOT / "pyproject.toml",
        *(ROOT / "source").rglob("*"),
        *(ROOT / "_ext").rglob("*"),
    ]
    newest = max(p.stat().st_mtime for p in inputs if p.is_file() and "__pycache__" not in p.parts)
    return pdf.stat().st_mtime > newest


def build_pdf(where: Path, seed: str) -> Path:
    sphinx(["-M", "latexpdf", str(ROOT / "source"), str(where)], seed)
    return where / "latex" / "xiangsheli.pdf"


def test_two_pdf_builds_are_byte_identical(tmp_path: Path) -> None:
    """With SOURCE_DATE_EPOCH, the PDF's dates and /ID are fixed. Reuses ``make pdf``'s PDF
    when it is newer than its sources and was built with the same epoch (``make test``)."""
    reason = _pdf_toolchain_missing()
    if reason:
        tool_missing(reason)
    reuse = os.environ.get("SOURCE_DATE_EPOCH") == EPOCH and _fresh(BUILT_PDF)
    first = BUILT_PDF if reuse else build_pdf(tmp_path / "first", "1")
    second = build_pdf(tmp_path / "second-build", "2")
    assert first.read_bytes() == second.read_bytes(), f"{first} and {second} differ"
