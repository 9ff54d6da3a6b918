"""Check the reviewed 原文/譯文 alignment (``tools/bootstrap/alignment.tsv``) against the seed.

Invariants checked:

* the header line is present and every row has four tab-separated columns;
* the groups are contiguous and in order: read row by row, the 原文 seed lines are exactly the
  seed's 原文 lines in order, each once, and a 原文 entry that carries two seed line numbers
  (a rejoined closing 」) is never split between groups;
* likewise every 譯文 line appears exactly once, in order (empty column = no translation);
* a group without translation holds a single 原文 entry (no untranslated line is lumped with a
  neighbour), and no group is empty on the 原文 side;
* the text columns are true to the seed (regenerated from the line numbers);
* the 〔記〕 heading of the translation goes with the 原文 ``記。``;
* if ``tools/bootstrap/phases.tsv`` exists, every phase begins at the first line of a group.

Usage: ``PYTHONPATH=. python -m tools.bootstrap.check_alignment``; prints the group count and
exits non-zero on the first batch of failures.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .seed import SeedLine, original_lines, translation_lines

HERE = Path(__file__).resolve().parent
ALIGNMENT = HERE / "alignment.tsv"
PHASES = HERE / "phases.tsv"
HEADER = "# original_lines\ttranslation_lines\toriginal\ttranslation"


def _numbers(cell: str) -> list[int]:
    return [int(x) for x in cell.split(",")] if cell.strip() else []


def check(path: Path = ALIGNMENT) -> tuple[list[str], int, int]:
    """Return (errors, number of groups, number of groups without translation)."""
    errors: list[str] = []
    originals, translations = original_lines(), translation_lines()
    entry_of: dict[int, SeedLine] = {n: e for e in originals for n in e.lines}
    text_of = {t.lines[0]: t.text for t in translations}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0] != HEADER:
        errors.append("header line missing or changed")
    rows = lines[1:]
    seen_o: list[int] = []
    seen_t: list[int] = []
    untranslated = 0
    group_starts: set[int] = set()
    ji_ok = False
    for k, row in enumerate(rows, start=2):
        cols = row.split("\t")
        if len(cols) != 4:
            errors.append(f"line {k}: {len(cols)} columns, expected 4")
            continue
        o_nums, t_nums = _numbers(cols[0]), _numbers(cols[1])
        if not o_nums:
            errors.append(f"line {k}: group without 原文")
            continue
        group_starts.add(o_nums[0])
        entries: list[SeedLine] = []
        for n in o_nums:
            entry = entry_of.get(n)
            if entry is None:
                errors.append(f"line {k}: {n} is not a 原文 seed line")
                continue
            if not entries or entries[-1] is not entry:
                entries.append(entry)
        for entry in entries:
            if not set(entry.lines) <= set(o_nums):
                errors.append(f"line {k}: 原文 entry {entry.lines} split between groups")
        if not t_nums:
            untranslated += 1
            if len(entries) != 1:
                errors.append(f"line {k}: untranslated group holds {len(entries)} 原文 entries")
        bad_t = [n for n in t_nums if n not in text_of]
        if bad_t:
            errors.append(f"line {k}: {bad_t} are not 譯文 seed lines")
        if cols[2] != "".join(e.text for e in entries):
            errors.append(f"line {k}: 原文 text does not match the seed")
        if cols[3] != "".join(text_of.get(n, "") for n in t_nums):
            errors.append(f"line {k}: 譯文 text does not match the seed")
        if any(e.text == "記。" for e in entries) and any(
            text_of.get(n) == "〔記〕" for n in t_nums
        ):
            ji_ok = True
        seen_o.extend(o_nums)
        seen_t.extend(t_nums)
    expected_o = [n for e in originals for n in e.lines]
    expected_t = [t.lines[0] for t in translations]
    if seen_o != expected_o:
        first = next(
            (i for i, (a, b) in enumerate(zip(seen_o, expected_o, strict=False)) if a != b), None
        )
        errors.append(f"原文 lines not each once in order (first divergence at index {first})")
    if seen_t != expected_t:
        first = next(
            (i for i, (a, b) in enumerate(zip(seen_t, expected_t, strict=False)) if a != b), None
        )
        errors.append(f"譯文 lines not each once in order (first divergence at index {first})")
    if not ji_ok:
        errors.append("〔記〕 is not aligned with 記。")
    if PHASES.exists():
        for row in PHASES.read_text(encoding="utf-8").splitlines():
            if not row or row.startswith(("#", "part\t")):
                continue
            cols = row.split("\t")
            first_line = int(cols[2])
            if first_line not in group_starts:
                errors.append(f"phase {cols[1]} begins at {first_line}, inside a group")
    return errors, len(rows), untranslated


def main() -> int:
    """Run the checks and report."""
    errors, groups, untranslated = check()
    for error in errors:
        print(f"ERROR: {error}", file=sys.stderr)
    print(f"{groups} groups ({untranslated} without translation)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
