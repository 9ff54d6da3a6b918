"""Write ``:actors:`` and ``:positions:`` into the step directives from data/positions.tsv.

    python tools/apply_positions.py [--check] [--positions FILE] [PAGE.md …]

``data/positions.tsv`` is where the editors record who stands where; this script copies it into
the pages so that a step's markup says it too (and the Sphinx build reads it from there). It
touches only the option lines right after ``::::{xs:step} xs-NNNN``: it removes the step's
``:actors:`` and ``:positions:`` lines and writes fresh ones (other options stay, in their
order), so running it twice changes nothing. ``:positions:`` is the step's rows joined as
``role place [facing]`` with ``; ``; ``:actors:`` is the roles the rows move, then the role
headwords the step's own markup ({role}`…`) names, each once. A step with neither gets no lines.
``--check`` writes nothing and exits 1 if a page would change (for CI).

Pure Python; reads the data through the extension's pure ``diagram.positions`` module.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))

from ritual.diagram.positions import (  # noqa: E402
    FIGURES_PATH,
    POSITIONS_PATH,
    FigureInfo,
    Row,
    by_step,
    format_positions,
    load_figures,
    load_rows,
)

STEP_OPEN = re.compile(r"^(?P<fence>:{3,})\{xs:step\}\s+(?P<id>\S+)\s*$")
OPTION = re.compile(r"^:(?P<key>[A-Za-z][\w-]*):(?:\s|$)")
ROLE = re.compile(r"\{role\}`(?P<surface>[^`<]+?)(?:\s*<(?P<headword>[^>`]+)>)?`")
NESTED_OPEN = re.compile(r"^:{3,}\{")
OURS = ("actors", "positions")


def actors_of(rows: Sequence[Row], body: Sequence[str], figures: Mapping[str, FigureInfo]) -> list:
    """Roles moved by the rows, then role headwords of the body not already covered."""
    actors: list[str] = []
    covered: set[str] = set()
    for row in rows:
        if row.role not in actors:
            actors.append(row.role)
        covered.add(row.role)
        info = figures.get(row.role)
        if info is not None and info.headword:
            covered.add(info.headword)
    for line in body:
        for m in ROLE.finditer(line):
            headword = (m.group("headword") or m.group("surface")).strip()
            if headword and headword not in covered:
                covered.add(headword)
                actors.append(headword)
    return actors


def apply_text(
    text: str, steps: Mapping[str, Sequence[Row]], figures: Mapping[str, FigureInfo]
) -> str:
    """The page with every step's ``:actors:``/``:positions:`` lines rewritten."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        m = STEP_OPEN.match(line)
        if not m:
            continue
        fence, step_id = m.group("fence"), m.group("id")
        options: list[str] = []
        while i < len(lines) and OPTION.match(lines[i]):
            if OPTION.match(lines[i]).group("key") not in OURS:  # type: ignore[union-attr]
                options.append(lines[i])
            i += 1
        # the body: up to the step's closing fence, leaving out nested directives
        body: list[str] = []
        j, depth = i, 0
        while j < len(lines) and lines[j] != fence:
            if NESTED_OPEN.match(lines[j]):
                depth += 1
            elif depth and re.fullmatch(r":{3,}", lines[j]):
                depth -= 1
            elif not depth:
                body.append(lines[j])
            j += 1
        rows = steps.get(step_id, [])
        actors = actors_of(rows, body, figures)
        if actors:
            out.append(":actors: " + " ".join(actors))
        if rows:
            out.append(":positions: " + format_positions(rows))
        out.extend(options)
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", type=Path, help="default: source/rite/*.md")
    parser.add_argument("--positions", type=Path, default=POSITIONS_PATH)
    parser.add_argument("--figures", type=Path, default=FIGURES_PATH)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 on changes")
    args = parser.parse_args(argv)
    pages = args.pages or sorted((ROOT / "source" / "rite").glob("*.md"))
    steps = by_step(load_rows(args.positions))
    figures = load_figures(args.figures)
    seen: set[str] = set()
    changed = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        seen.update(m.group("id") for m in map(STEP_OPEN.match, text.split("\n")) if m)
        new = apply_text(text, steps, figures)
        if new != text:
            changed.append(page)
            if not args.check:
                page.write_text(new, encoding="utf-8")
    missing = sorted(set(steps) - seen)
    if missing and not args.pages:
        print(f"positions.tsv names steps no page declares: {', '.join(missing)}", file=sys.stderr)
        return 2
    verb = "would change" if args.check else "changed"
    for page in changed:
        print(f"{verb}: {page}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
