"""Every page of the site, in both scripts, weighs at most 400 kB with the CSS and JS it loads
(issue 25): the measure of ``make bench`` (``tools/bench.py``), held for each page here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import bench


def test_a_page_weighs_its_html_css_and_js(tmp_path: Path) -> None:
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "a.css").write_text("x" * 100)
    (tmp_path / "_static" / "a.js").write_text("y" * 10)
    (tmp_path / "_static" / "f.woff2").write_text("z" * 1000)
    page = (
        '<link rel="stylesheet" href="_static/a.css?v=1"><script src="_static/a.js"></script>'
        '<script src="_static/a.js"></script><link rel="stylesheet" href="_static/f.woff2">'
        '<script src="https://example.org/x.js"></script>'
    )
    (tmp_path / "p.html").write_text(page)
    # each asset once, fonts and other sites apart
    assert bench.page_weights(tmp_path) == {"p.html": len(page) + 110}


@pytest.mark.edition
def test_every_page_in_both_scripts_is_at_most_400_kB(edition_html: Path) -> None:
    weights = bench.page_weights(edition_html)
    assert any(p.startswith("zh-Hans/rite/") for p in weights)  # the Simplified copy too
    assert len(weights) > 500
    target = bench.TARGETS["largest_page"]
    heavy = {p: w for p, w in weights.items() if w > target}
    assert not heavy, f"pages over {target // 1000} kB with their CSS and JS: {heavy}"
