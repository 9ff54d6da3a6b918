"""Quality gates on the built site: valid HTML, no broken internal link, no serious a11y fault.

- Each page's head has one ``<meta name="viewport">`` (the theme's).
- The Nu HTML Checker (``node_modules/vnu-jar``, run on the system Java) reports no error on any
  page (``--errors-only --skip-non-html``).
- ``tools/check_site.py``: every local ``href``/``src`` names a file of the site, every
  ``#fragment`` an id in its target page.
- axe-core in headless Chromium (``tests/browser/axe.mjs``) finds no "serious" or "critical"
  violation on the main pages (index, preface, conventions, a rite page, the search page with
  a query), in the light and the dark colour scheme; and those pages raise no script error.

Each tool-dependent test skips, naming what is missing, when its tool is absent; ``make test``
installs them (``tools/system-packages.txt``: default-jre-headless, chromium; ``npm ci``:
vnu-jar, axe-core, playwright-core).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import tool_missing

ROOT = Path(__file__).resolve().parents[1]
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE = ROOT / "tests" / "browser" / "axe.mjs"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
sys.path.insert(0, str(ROOT))

from tools.check_site import check_site  # noqa: E402

pytestmark = pytest.mark.edition


def test_html_is_valid(edition_html: Path) -> None:
    if shutil.which("java") is None:
        tool_missing("no java (apt-get install default-jre-headless)")
    if not VNU.is_file():
        tool_missing("node_modules/vnu-jar is missing (run `npm ci`)")
    result = subprocess.run(
        ["java", "-jar", str(VNU), "--errors-only", "--skip-non-html", str(edition_html)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    errors = [line.replace(f"file:{edition_html}/", "") for line in result.stderr.splitlines()]
    assert result.returncode == 0 and not errors, "\n".join(errors[:60])


def test_every_page_says_its_viewport_once(edition_html: Path) -> None:
    """The theme's ``<meta name="viewport">``, and not docutils' beside it (the translator drops
    that one: sphinx-doc/sphinx#11699), in each page of both scripts."""
    heads = {
        str(page.relative_to(edition_html)): text.split("</head>", 1)[0]
        for page in sorted(edition_html.rglob("*.html"))
        if "</head>" in (text := page.read_text(encoding="utf-8"))
    }
    assert len(heads) > 200 and any(name.startswith("zh-Hans/") for name in heads)
    counts = {name: head.count('name="viewport"') for name, head in heads.items()}
    assert set(counts.values()) == {1}, {name: n for name, n in counts.items() if n != 1}


def test_the_english_subtitles_say_they_are_english(edition_html: Path) -> None:
    """A page's English subtitle (``{.xs-part-en .language-en}``, docutils' class for a
    language) is ``lang="en"``, so that a screen reader reads it as English (WCAG 3.1.2), in
    both scripts."""
    subtitles = {
        str(page.relative_to(edition_html)): re.findall(
            r'<p class="([^"]*\bxs-part-en\b[^"]*)"([^>]*)>', page.read_text(encoding="utf-8")
        )
        for page in sorted(edition_html.rglob("*.html"))
    }
    found = [(name, tag) for name, tags in subtitles.items() for tag in tags]
    assert len(found) >= 30 and any(name.startswith("zh-Hans/") for name, _ in found)
    assert [name for name, (_, attrs) in found if 'lang="en"' not in attrs] == []


def test_a_headings_middle_dot_is_set_full_width(edition_html: Path) -> None:
    """The 間隔號 of 「儀禮·鄉射禮」 in the heading takes the CJK font's full-width form: the dot
    alone, so that a heading's Latin letters keep theirs (「TEI P5 檔」); the text is unchanged."""
    for name, title in (("index.html", "儀禮 鄉射禮"), ("zh-Hans/index.html", "仪礼 乡射礼")):
        page = (edition_html / name).read_text(encoding="utf-8")
        h1 = re.search(r"<h1>(.*?)<a ", page).group(1)
        assert h1 == title.replace(" ", '<span class="xs-jgh">·</span>'), name
    css = (edition_html / "_static/edition.css").read_text(encoding="utf-8")
    assert re.search(r'\.xs-jgh \{\s*font-feature-settings: "fwid";', css)
    data = (edition_html / "data.html").read_text(encoding="utf-8")
    assert "xs-jgh" not in data and re.search(r"<h[12][^>]*>TEI P5", data)


def test_internal_links_and_anchors_resolve(edition_html: Path) -> None:
    assert check_site(edition_html) == []


def _browser_missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    for package in ("playwright-core", "axe-core"):
        if not (ROOT / "node_modules" / package).is_dir():
            return f"node_modules/{package} is missing (run `npm ci`)"
    return None


@pytest.fixture(scope="module")
def axe_report(edition_html: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    reason = _browser_missing()
    if reason:
        tool_missing(reason)
    report = tmp_path_factory.mktemp("axe") / "axe.json"
    result = subprocess.run(
        ["node", str(AXE), str(edition_html), "--json", str(report)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "CHROMIUM": CHROMIUM},
    )
    assert report.is_file(), result.stdout + result.stderr
    return json.loads(report.read_text(encoding="utf-8"))


@pytest.mark.browser
def test_no_serious_accessibility_violations(axe_report: list[dict]) -> None:
    assert {(v["page"], v["colorScheme"]) for v in axe_report} >= {
        ("index.html", "light"),
        ("rite/drinking.html", "dark"),
    }
    serious = [
        f"{view['colorScheme']} {view['page']}: {v['impact']} {v['id']} ({v['nodes']}×) "
        f"{v['help']} — {', '.join(v['targets'])}"
        for view in axe_report
        for v in view["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []


@pytest.mark.browser
def test_main_pages_raise_no_script_error(axe_report: list[dict]) -> None:
    errors = [
        f"{view['colorScheme']} {view['page']}: {e}" for view in axe_report for e in view["errors"]
    ]
    assert errors == []
