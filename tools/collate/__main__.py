"""Command line: ``python -m tools.collate [WITNESS_DIR] [--seed SEED] [--out JSON]``
(``--edition DIR``: another edition's folding table and seed, see tools/cli.py).

The witness directory defaults to ../shared/witnesses relative to the repository root (the
build itself never reads ../shared; only this offline tool does).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tools.cli import add_edition_argument, edition_from

from .core import ROOT, WORK, run
from .witnesses import witness_problem


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, collate, print a one-line summary."""
    ap = argparse.ArgumentParser(prog="python -m tools.collate", description=__doc__)
    ap.add_argument("witness_dir", nargs="?", type=Path, default=None)
    ap.add_argument("--witnesses", type=Path, default=None, help="same as WITNESS_DIR")
    ap.add_argument(
        "--seed",
        type=Path,
        default=None,
        help="seed text (default: WITNESS_DIR/../seed/<edition id>.txt)",
    )
    add_edition_argument(ap)
    ap.add_argument("--out", type=Path, default=WORK / "collation.json")
    args = ap.parse_args(argv)
    args.witness_dir = args.witnesses or args.witness_dir or ROOT.parent / "shared" / "witnesses"
    problem = witness_problem(args.witness_dir)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    result = run(args.witness_dir, args.seed, args.out, edition_from(args))
    print(
        f"{len(result['units'])} units, {len(result['additions'])} long additions "
        f"-> {args.out} ({time.perf_counter() - t0:.1f}s)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
