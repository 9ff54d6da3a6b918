"""tools/bench.py's report: the figures it prints are the samples' (medians and paired ratios).

The kernel's share of a build's CPU (creating files: the edition writes some 4,400, plain
Sphinx some 50) varies most between runs on a VM, so the report gives it apart, with the
pairs' ratio of the CPU outside it.
"""

from __future__ import annotations

from tools.bench import Figure, Sample, report

WEIGHT = {
    "page": "stage.html",
    "page_total": 300_000,
    "page_html": 70_000,
    "search": {"_static/xs-search-index.js": 40_000},
    "search_total": 40_000,
    "fonts": 2_000,
    "files": 4389,
    "plain_files": 48,
}


def figures(full: list[Sample], plain: list[Sample]) -> dict[str, Figure]:
    return {
        "full": Figure("full", full),
        "plain": Figure("plain", plain),
        "incremental": Figure("incremental", [Sample(1.0, 1.0, 0.1)] * len(full)),
    }


def test_the_report_gives_the_kernels_share_and_the_ratio_without_it() -> None:
    full = [Sample(12.0, 12.0, 2.0), Sample(14.0, 14.0, 4.0), Sample(11.0, 11.0, 1.0)]
    plain = [Sample(2.0, 2.0, 0.2), Sample(2.2, 2.2, 0.2), Sample(2.2, 2.2, 0.2)]
    text = report(figures(full, plain), WEIGHT, 3, "")
    # paired CPU ratios 6.0, 6.36, 5.0 → median 6.0; outside the kernel 10/1.8, 10/2.0, 10/2.0
    assert "median of the pairs' ratios 6.00× (wall), 6.00× (CPU)" in text
    assert "the edition's site has 4389, plain Sphinx's 48" in text
    assert "took 2.00 s in the edition's build and 0.20 s in plain Sphinx's" in text
    assert "the CPU outside the kernel: 5.00×." in text


def test_samples_without_the_kernels_share_leave_the_line_out() -> None:
    full, plain = [Sample(12.0, 12.0)] * 3, [Sample(2.0, 2.0)] * 3
    text = report(figures(full, plain), WEIGHT, 3, "")
    assert "median of the pairs' ratios 6.00×" in text and "outside the kernel" not in text
