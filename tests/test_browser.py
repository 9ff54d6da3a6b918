"""Browser tests: the character search, the cite control and the stage view, in headless Chromium;
and what a new reader meets on a desktop and on a phone (issue 15).

Runs ``node tests/browser/search-and-cite.mjs`` and ``node tests/browser/reader.mjs`` against the
built edition served by Python's http.server on 127.0.0.1. Needs node, the system Chromium
(/usr/bin/chromium, or $CHROMIUM) and ``node_modules/playwright-core`` (``npm ci`` at the
repository root installs it from package-lock.json; no browser is downloaded). Skipped, with
the reason, when one is missing.
Set XS_SCREENSHOTS=DIR to keep screenshots (desktop and 390 px phone).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import serve, tool_missing

ROOT = Path(__file__).resolve().parents[1]
BROWSER = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

pytestmark = [pytest.mark.edition, pytest.mark.browser]


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if not (ROOT / "node_modules" / "playwright-core").is_dir():
        return "node_modules/playwright-core is missing (run `npm ci`)"
    return None


@pytest.fixture(scope="module")
def site(edition_html: Path) -> Iterator[str]:
    with serve(edition_html) as url:
        yield url


def _run(script: str, site: str) -> None:
    reason = _missing()
    if reason:
        tool_missing(reason)
    cmd = ["node", str(BROWSER / script), site]
    if os.environ.get("XS_SCREENSHOTS"):
        cmd += ["--screenshots", os.environ["XS_SCREENSHOTS"]]
    result = subprocess.run(
        cmd,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "CHROMIUM": CHROMIUM},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 failed" in result.stdout


def test_search_and_cite_in_chromium(site: str) -> None:
    _run("search-and-cite.mjs", site)


def test_reader_on_desktop_and_phone(site: str) -> None:
    """Issue 15: the Simplified stage and the remembered script, the stage view, the apparatus
    entry on a phone, copying, the search, the tab order, the index tables, the plans' zoom.
    Issue 25: terms are links only when the reader turns on 「索引連結」 (a tap stays on the
    page; the choice is kept; the keyboard reaches it), and the touch targets (引, apparatus
    markers, 放大, the reading bar) take a 24 px disc at 390 px, in both scripts."""
    _run("reader.mjs", site)


def test_both_scripts_in_chromium(site: str) -> None:
    """Issue 25: formulas, apparatus entries, stage jumps, the base/edited switch and the search
    in the Traditional pages and their Simplified copies, desktop and phone; no script or
    console error, no failed request (the favicon included)."""
    _run("scripts.mjs", site)


def test_the_reading_switch_in_chromium(site: str) -> None:
    """Issue 21: the reading switch 經 / 經注 / 經注譯: the default 經注 with and without scripts,
    real buttons (aria-pressed, 24x24 px at least), the choice kept across pages and visits,
    the keyboard, a phone and the Simplified copy."""
    _run("reading.mjs", site)
