"""Parallel reading: the domain merges its data, so ``-j`` gives the same edition as serial."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp


def outputs(outdir: Path) -> dict[str, bytes]:
    """The built files that carry content (pages and their Simplified copies, edition.json,
    the diagrams and the stage data, which ``-j`` computes in a process of its own)."""
    return {
        str(p.relative_to(outdir)): p.read_bytes()
        for p in sorted(outdir.rglob("*"))
        if p.suffix in (".html", ".json") or (p.parent.name == "_diagrams" and p.is_file())
    }


def build_warnings(app: SphinxTestApp) -> list[str]:
    """Warnings of the build itself: a second app in one process re-registers Sphinx's own
    nodes and directives at set-up, which says nothing about the build."""
    return [
        line
        for line in app.warning.getvalue().splitlines()
        if line.strip() and "while setting up extension" not in line
    ]


def test_parallel_build_equals_serial_and_survives_a_touch(
    make_app, rootdir: Path, tmp_path: Path
) -> None:
    import shutil

    src = tmp_path / "src"
    shutil.copytree(rootdir / "test-parallel", src)
    serial: SphinxTestApp = make_app("html", srcdir=src, builddir=tmp_path / "serial")
    serial.build()
    assert build_warnings(serial) == []
    parallel: SphinxTestApp = make_app(
        "html", srcdir=src, builddir=tmp_path / "parallel", parallel=4
    )
    parallel.build()
    assert build_warnings(parallel) == []
    assert parallel.parallel == 4
    assert outputs(parallel.outdir) == outputs(serial.outdir)
    stage = parallel.outdir / "_diagrams" / "stage-data.js"
    assert stage.read_text(encoding="utf-8").count('"id":"xs-') == 16  # every step on the stage
    domain = parallel.env.get_domain("xs")
    assert len(domain.steps) == 16
    assert {rec.docname for rec in domain.steps.values()} == {f"p{i}" for i in range(1, 9)}

    # Touch two documents and rebuild in parallel: no warnings, same output.
    later = time.time() + 5
    for name in ("p2.md", "p7.md"):
        os.utime(src / name, (later, later))
    again: SphinxTestApp = make_app("html", srcdir=src, builddir=tmp_path / "parallel", parallel=4)
    again.build()
    assert build_warnings(again) == []
    assert outputs(again.outdir) == outputs(serial.outdir)


@pytest.mark.sphinx("html", testroot="parallel")
def test_extension_declares_parallel_safety(app: SphinxTestApp) -> None:
    meta = app.extensions["ritual"]
    assert meta.parallel_read_safe is True
    assert meta.parallel_write_safe is True
