"""Whether two built trees are byte-identical (``python tools/same_build.py OLD NEW``).

The check for a change that must not change the outputs (a speed-up, a restructuring): build
the site before and after it (``make html``, then copy ``_build/html`` aside) and compare. Every
file is compared, ``edition.json``, the pages and their Simplified copies, the SVG files, the
stage data, the TEI file and the DTS API; Sphinx's build-info stamp (``.buildinfo``, which
records the configuration's hash, not an output) is left out, and so is the stamp on the first
line of the stage data (``/* xs-stage <digest> */``: a digest of its inputs, the drawing code
among them, that lets a rebuild keep the file; it changes with any edit of that code). Exit
status 1 and a list of the files that differ, or that only one tree has.
"""

from __future__ import annotations

import argparse
import filecmp
import re
import sys
from pathlib import Path

#: Files that are not outputs: Sphinx's own record of the build's configuration.
SKIP = {".buildinfo", ".buildinfo.bak"}
#: The stage data's first line: the digest of what it was computed from, not data.
STAMP = re.compile(rb"\A/\* xs-stage [0-9a-f]+ \*/\n")


def files(root: Path) -> set[str]:
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and p.name not in SKIP
    }


def same(a: Path, b: Path) -> bool:
    """Whether two files hold the same bytes, a stage data stamp apart."""
    if filecmp.cmp(a, b, shallow=False):
        return True
    x, y = a.read_bytes(), b.read_bytes()
    return bool(STAMP.match(x) and STAMP.match(y)) and STAMP.sub(b"", x) == STAMP.sub(b"", y)


def compare(old: Path, new: Path) -> list[str]:
    """The differences between the two trees, one line each (none if identical)."""
    a, b = files(old), files(new)
    out = [f"only in {old}: {name}" for name in sorted(a - b)]
    out += [f"only in {new}: {name}" for name in sorted(b - a)]
    out += [f"differs: {name}" for name in sorted(a & b) if not same(old / name, new / name)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    args = parser.parse_args(argv)
    diffs = compare(args.old, args.new)
    for line in diffs:
        print(line)
    count = len(files(args.new))
    print(f"{count} files compared: " + ("identical" if not diffs else f"{len(diffs)} differ"))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
