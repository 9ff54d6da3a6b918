"""Write the 記's ties into its page: each step's ``:explains:`` from ``ties.tsv``.

    python -m tools.ji_ties [--check] [--edition DIR]

``source/_edition/ties.tsv`` is the record of which moments of the 經 each step of the 記
explains, and why (issue 24 item 5); the page ``source/rite/ji.md`` carries the same ties as
the ``:explains:`` option of each step, which the build reads (and checks against the record:
``xrefs.references.check_ties``). This tool rewrites only those option lines; ``--check`` changes
nothing and exits 1 if the page and the record differ.
"""

from __future__ import annotations

import argparse
import re
import sys

from tools import xrefs
from tools.cli import Edition, add_edition_argument, edition_from, open_edition, pages


def rewrite(
    page: str, ties: dict[str, str], edition: Edition | None = None
) -> tuple[str, list[str]]:
    """The page with each step's ``:explains:`` set to ``ties[step]``, and the steps changed
    (the steps' ids of the form of ``edition``, by default the project's)."""
    step_id = (edition or open_edition()).step_id_regex
    option = re.compile(rf"^(:{{3,}}\{{xs:step\}} ({step_id})\n):explains: [^\n]*$", re.M)
    changed: list[str] = []

    def put(m: re.Match[str]) -> str:
        sid = m.group(2)
        line = f":explains: {ties[sid]}"
        if m.group(0) != m.group(1) + line:
            changed.append(sid)
        return m.group(1) + line

    return option.sub(put, page), changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    add_edition_argument(parser)
    args = parser.parse_args(argv)
    edition = edition_from(args)
    rows = xrefs.read_tsv(edition.path("ties"), xrefs.JI_COLUMNS)
    ties = {r["step"]: r["explains"] for r in rows}
    path = next(p for p in pages(edition) if p.name == xrefs.JI_PAGE)
    page = path.read_text(encoding="utf-8")
    new, changed = rewrite(page, ties, edition)
    print(
        f"{len(changed)} of {len(ties)} steps' :explains: {'differ' if args.check else 'rewritten'}"
    )
    if args.check:
        return 1 if changed else 0
    path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
