"""Write the edition's rite pages (``source/rite/*.md``) and the step registry from the seed.

This is how the sources were first made, kept for the record and for review: it reads the seed
(``../shared/seed``), the reviewed alignment (``alignment.tsv``) and the division into phases
(``phases.tsv``), numbers the steps ``xs-0001 …`` in order, and writes one MyST page per part
of the rite. Once written, the pages are the master: later markup (terms, emendations) is added
to them in place, so this script refuses to overwrite existing pages unless ``--force``.
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import dataclass
from pathlib import Path

from .seed import original_lines, translation_lines

HERE = Path(__file__).parent
ROOT = HERE.parents[1]

#: Pages of the rite: part key -> (file stem, Chinese title, English subtitle).
PARTS = {
    "before": ("before", "射前：戒賓、陳設、速賓", "Before the archery: invitation and setting"),
    "drinking": ("drinking", "飲酒之禮", "The drinking rite before the archery"),
    "first": ("first-round", "第一番射", "The first round of archery"),
    "second": ("second-round", "第二番射", "The second round of archery"),
    "third": ("third-round", "第三番射", "The third round: archery to music"),
    "after": ("after", "射後：旅酬、坐燕、賓出", "After the archery: pledging, feast, departure"),
    "ji": ("ji", "記", "The Record (記): notes on the rite"),
}


@dataclass
class Phase:
    part: str
    phase_id: str
    first_line: int
    title_zh: str
    title_en: str


def read_tsv(path: Path) -> list[list[str]]:
    rows = []
    with path.open(encoding="utf-8") as f:
        for row in csv.reader(f, delimiter="\t"):
            if row and not row[0].startswith("#") and row[0] != "part":
                rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--force", action="store_true", help="overwrite existing pages")
    args = parser.parse_args()

    originals = {line.lines[0]: line for line in original_lines()}
    by_number = {n: line for line in originals.values() for n in line.lines}
    translations = {line.lines[0]: line.text for line in translation_lines()}
    phases = [Phase(r[0], r[1], int(r[2]), r[3], r[4]) for r in read_tsv(HERE / "phases.tsv")]
    starts = {p.first_line: p for p in phases}

    pages: dict[str, list[str]] = {}
    registry_rows = []
    number = 0
    current: Phase | None = None
    for row in read_tsv(HERE / "alignment.tsv"):
        o_nums = [int(n) for n in row[0].split(",")]
        t_nums = [int(n) for n in row[1].split(",") if n]
        if o_nums[0] in starts:
            current = starts[o_nums[0]]
            lines = pages.setdefault(current.part, [])
            lines += [
                f"## {current.title_zh}",
                "",
                f":::{{xs:phase}} {current.phase_id}",
                f":en: {current.title_en}",
                ":::",
                "",
            ]
        assert current is not None
        seen: list[int] = []
        text = ""
        for n in o_nums:
            line = by_number[n]
            if line.lines[0] in seen:
                continue
            seen.append(line.lines[0])
            text += line.text
        number += 1
        step_id = f"xs-{number:04d}"
        body = [f"::::{{xs:step}} {step_id}", text]
        if t_nums:
            body += ["", ":::{xs:translation}", "".join(translations[n] for n in t_nums), ":::"]
        body += ["::::", ""]
        pages[current.part] += body
        registry_rows.append((step_id, o_nums, text))

    out_dir = ROOT / "source" / "rite"
    out_dir.mkdir(parents=True, exist_ok=True)
    for part, lines in pages.items():
        stem, title, subtitle = PARTS[part]
        path = out_dir / f"{stem}.md"
        if path.exists() and not args.force:
            raise SystemExit(f"{path} exists; the pages are the master now (use --force)")
        head = [f"# {title}", "", "{.xs-part-en}", subtitle, ""]
        path.write_text("\n".join(head + lines).rstrip() + "\n", encoding="utf-8")
    write_registry(registry_rows)


def write_registry(rows: list[tuple[str, list[int], str]]) -> None:
    """The step registry: every id with its seed lines and the fingerprint of its base text."""
    sys.path.insert(0, str(ROOT / "_ext"))
    from ritual.core.registry import REGISTRY, fingerprint

    if REGISTRY.exists():
        raise SystemExit(f"{REGISTRY} exists: published ids are never renumbered")
    header = [
        "# Registry of published step ids of the 鄉射禮 edition. Never renumber or reuse an id.",
        "# Columns: id, seed 原文 line numbers (../shared/seed/xiangsheli.txt), fingerprint",
        "# (sha256 of the base text without punctuation, 12 hex digits), status (live|retired),",
        "# replaced_by (for a retired id: the id that carries its text now).",
        "# Made by tools/bootstrap/make_source.py on 2026-12-02 from the reviewed alignment.",
    ]
    lines = [
        f"{sid}\t{','.join(map(str, nums))}\t{fingerprint(text)}\tlive\t"
        for sid, nums, text in rows
    ]
    REGISTRY.write_text("\n".join(header + lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
