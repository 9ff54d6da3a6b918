"""Bad input to the plans, one at a time: the furnishing timeline, the facings, the figures'
headwords and the plan directives. Each is said at its line under an xs subtype, the bad row or
directive left out, and the build goes on with no traceback (the plans are still drawn).

Each case spoils a copy of ``roots/test-diagram`` (given a furnishing timeline where it needs
one) and builds it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from sphinx.testing.util import SphinxTestApp

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROOT = Path(__file__).parent / "roots" / "test-diagram"
FURNISHINGS = "_edition/furnishings.tsv"
#: A timeline of the root's furnishings: the arrow rest set out at its step (line 3).
TIMELINE = "furnishing\tset\tcleared\twarrant\n洗\txs-0001\t\ttest\n"


def build(make_app, tmp_path: Path, edits: dict[str, tuple[str, str]]) -> SphinxTestApp:
    """The root with each file's ``old`` (once in it; '' appends) made ``new``, built."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src)
    manifest = src / "_edition" / "edition.toml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace(
            'positions = "positions.tsv"',
            'positions = "positions.tsv"\nfurnishings = "furnishings.tsv"',
        ),
        encoding="utf-8",
    )
    (src / FURNISHINGS).write_text(TIMELINE, encoding="utf-8")
    for file, (old, new) in edits.items():
        path = src / file
        text = path.read_text(encoding="utf-8")
        if old:
            assert text.count(old) == 1, f"{old!r} not once in {file}: the case is stale"
            text = text.replace(old, new)
        else:
            text += new
        path.write_text(text, encoding="utf-8")
    app = make_app("html", srcdir=src, builddir=tmp_path / "build")
    app.build()  # must not raise
    return app


def warnings_of(app: SphinxTestApp) -> list[str]:
    text = ANSI.sub("", app.warning.getvalue())
    assert "Traceback" not in text
    return [line.replace(f"{app.srcdir}/", "") for line in text.splitlines() if line.strip()]


def said(app: SphinxTestApp, location: str, subtype: str, fragment: str) -> None:
    """Exactly this warning, and no other; the plans drawn."""
    lines = warnings_of(app)
    assert len(lines) == 1, "\n".join(lines)
    assert lines[0].startswith(f"{location}: WARNING: "), lines[0]
    assert lines[0].endswith(f"[xs.{subtype}]"), lines[0]
    assert fragment in lines[0], lines[0]
    assert list((app.outdir / "_diagrams").glob("*.svg"))


def test_the_root_with_a_timeline_builds_clean(make_app, tmp_path: Path) -> None:
    assert warnings_of(build(make_app, tmp_path, {})) == []


def test_an_unknown_furnishing_in_the_timeline_is_left_out(make_app, tmp_path: Path) -> None:
    app = build(make_app, tmp_path, {FURNISHINGS: ("", "楅蓆\txs-0002\t\ttest\n")})
    said(app, f"{FURNISHINGS}:3", "bad_position", "unknown furnishing '楅蓆'")


def test_a_furnishing_cleared_before_it_is_set_is_said(make_app, tmp_path: Path) -> None:
    app = build(make_app, tmp_path, {FURNISHINGS: ("", "楅\txs-0003\txs-0002\ttest\n")})
    said(app, f"{FURNISHINGS}:3", "bad_position", "cleared at xs-0002, before the step")


def test_a_furnishing_cleared_where_it_is_set_is_said(make_app, tmp_path: Path) -> None:
    app = build(make_app, tmp_path, {FURNISHINGS: ("", "楅\txs-0003\txs-0003\ttest\n")})
    said(app, f"{FURNISHINGS}:3", "bad_position", "cleared at xs-0003, at the step")


def test_a_bearing_outside_the_circle_is_said(make_app, tmp_path: Path) -> None:
    app = build(make_app, tmp_path, {"_edition/facings.tsv": ("南面\t180", "南面\t540")})
    said(app, "_edition/facings.tsv:6", "bad_value", "not a bearing")


def test_a_figure_of_no_headword_is_said(make_app, tmp_path: Path) -> None:
    app = build(make_app, tmp_path, {"_edition/figures.tsv": ("司馬\t司馬", "司馬\t無此")})
    said(app, "_edition/figures.tsv:6", "unknown_term", "headword '無此' is no headword")


def test_a_stage_view_on_a_second_page_is_said_once_every_page_is_read(
    make_app, tmp_path: Path
) -> None:
    """A second page's stage view is said at its line (``plans`` comes after ``stage`` in the
    toctree), whatever order the pages are read in: the check waits until all are read."""
    app = build(make_app, tmp_path, {"plans.md": ("", "\n:::{xs:stage}\n又一演示。\n:::\n")})
    line = (app.srcdir / "plans.md").read_text(encoding="utf-8").splitlines().index(":::{xs:stage}")
    said(
        app, f"plans.md:{line + 1}", "bad_diagram", "a second stage view: the edition's is at stage"
    )


def test_a_second_stage_view_is_said_and_left_out(make_app, tmp_path: Path) -> None:
    app = build(make_app, tmp_path, {"stage.md": ("", "\n:::{xs:stage}\n又一演示。\n:::\n")})
    said(app, "stage.md:7", "bad_diagram", "a second stage view is left out")
    page = (app.outdir / "stage.html").read_text(encoding="utf-8")
    assert page.count('id="xs-stage"') == 1
    assert "又一演示" not in page


def test_a_diagram_without_its_step_is_said(make_app, tmp_path: Path) -> None:
    diagram = "\n:::{xs:diagram} fig-no-step\n:view: hall\n無節。\n:::\n"
    app = build(make_app, tmp_path, {"plans.md": ("", diagram)})
    said(app, "plans.md:6", "bad_diagram", "diagram 'fig-no-step' is left out")
