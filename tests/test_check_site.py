"""tools/check_site.py on small sites: fragments must be ids, or match the page's declared
``data-fragments`` pattern (a page whose script reads its fragment, as the stage view does)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.check_site import check_site  # noqa: E402


def _site(tmp_path: Path, stage: str) -> Path:
    (tmp_path / "index.html").write_text(
        '<a href="stage.html#xs-0300">s</a> <a href="stage.html#n=3">n</a> '
        '<a href="stage.html#nowhere">x</a> <a href="#top">t</a><p id="top"></p>',
        encoding="utf-8",
    )
    (tmp_path / "stage.html").write_text(stage, encoding="utf-8")
    return tmp_path


def test_a_fragment_must_name_an_id(tmp_path: Path) -> None:
    problems = check_site(_site(tmp_path, "<section></section>"))
    assert len(problems) == 3 and all("stage.html#" in p for p in problems)


def test_a_page_may_declare_the_fragments_its_script_reads(tmp_path: Path) -> None:
    site = _site(tmp_path, r'<section data-fragments="xs-\d{4}|n=\d+"></section>')
    assert check_site(site) == ["index.html: stage.html#nowhere (no id 'nowhere' in stage.html)"]
