"""Write the 記's ties into its page: each step's ``:explains:`` from ``ties.tsv``.

    python -m tools.ji_ties [--check]

``source/_edition/ties.tsv`` is the record of which moments of the 經 each step of the 記
explains, and why (issue 24 item 5); the page ``source/rite/ji.md`` carries the same ties as
the ``:explains:`` option of each step, which the build reads (and checks against the record:
``xrefs_sphinx.check_ties``). This tool rewrites only those option lines; ``--check`` changes
nothing and exits 1 if the page and the record differ.
"""

from __future__ import annotations

import argparse
import re
import sys

from tools import xrefs

OPTION = re.compile(r"^(::::\{xs:step\} (xs-\d+)\n):explains: [^\n]*$", re.M)


def rewrite(page: str, ties: dict[str, str]) -> tuple[str, list[str]]:
    """The page with each step's ``:explains:`` set to ``ties[step]``, and the steps changed."""
    changed: list[str] = []

    def put(m: re.Match[str]) -> str:
        sid = m.group(2)
        line = f":explains: {ties[sid]}"
        if m.group(0) != m.group(1) + line:
            changed.append(sid)
        return m.group(1) + line

    return OPTION.sub(put, page), changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    ties = {r["step"]: r["explains"] for r in xrefs.read_tsv(xrefs.JI_EXPLAINS, xrefs.JI_COLUMNS)}
    path = xrefs.PAGES / xrefs.JI_PAGE
    page = path.read_text(encoding="utf-8")
    new, changed = rewrite(page, ties)
    print(
        f"{len(changed)} of {len(ties)} steps' :explains: {'differ' if args.check else 'rewritten'}"
    )
    if args.check:
        return 1 if changed else 0
    path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
