"""The rite's own cross-references: every 如 (and 初) a reader has to resolve, found in the steps.

Why: the 鄉射禮 abbreviates its repetitions (揖讓如初, 祭如賓禮, 亦如之 …) and the 記 glosses
moments of the 經.  The editors' decisions on what each formula repeats, and on what each 記
step explains, live in two data files (``tools/work/references.tsv``,
``source/_edition/ties.tsv``).  This module finds the occurrences those files must decide —
so that no 如 is missed — and reads the files back.  It reads the MyST pages directly (the
same displayed text as ``edition.json``'s ``text``), so it needs no build.

An occurrence is each 如, and each 初 that is not part of a 如-formula (初 always means "the
earlier moment" in this text: 復初位).  Offsets are code points into the step's text.

Pure Python, no Sphinx.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tools.cli import (
    DEFAULT_EDITION,
    ROOT,
    Edition,
    add_edition_argument,
    edition_from,
    open_edition,
    pages,
)
from tools.pages import page_steps, printed_texts

REGISTRY = DEFAULT_EDITION / "step-registry.tsv"
#: The decisions on the formulas: the tools' research record (``xrefs_markup`` writes the
#: edition's ``references.tsv`` from it).
REFERENCES = ROOT / "tools" / "work" / "references.tsv"
JI_EXPLAINS = DEFAULT_EDITION / "ties.tsv"
#: The page of the 記, by the convention of the rites' editions (an edition without one has none).
JI_PAGE = "ji.md"
KINDS = ("internal", "external", "measure", "other")
BASES = ("注", "疏", "張", "編者")
REF_COLUMNS = ("step", "start", "end", "formula", "kind", "steps", "basis", "quote", "page", "note")
JI_COLUMNS = ("step", "explains", "basis", "quote", "page", "note", "reason")


@dataclass(frozen=True)
class Occurrence:
    """One character a decision is owed for: ``char`` at ``offset`` in the text of ``step``."""

    step: str
    offset: int
    char: str


def occurrences_in(text: str) -> list[tuple[int, str]]:
    """(offset, char) of every 如, and of every 初 not right after a 如."""
    out = []
    for i, c in enumerate(text):
        if c == "如" or (c == "初" and (i == 0 or text[i - 1] != "如")):
            out.append((i, c))
    return out


def page_texts(page: str, edition: Edition | None = None) -> dict[str, str]:
    """step id → displayed text, for one MyST page: the page's base text with the apparatus
    applied, as edition.json has it (the offsets of references.tsv are into that text)."""
    edition = edition or open_edition()
    return printed_texts(page_steps(page), edition.path("apparatus"), edition.path("orthography"))


def step_texts(edition: Edition | None = None) -> dict[str, str]:
    """Every step's text, in the rite's order (the pages' reading order)."""
    edition = edition or open_edition()
    out: dict[str, str] = {}
    for page in pages(edition):
        out.update(page_texts(page.read_text(encoding="utf-8"), edition))
    return out


def ji_steps(edition: Edition | None = None) -> list[str]:
    """The ids of the 記's steps (those of its page, :data:`JI_PAGE`)."""
    edition = edition or open_edition()
    return [
        sid
        for page in pages(edition)
        if page.name == JI_PAGE
        for sid in page_texts(page.read_text(encoding="utf-8"), edition)
    ]


def scan(texts: dict[str, str]) -> list[Occurrence]:
    """Every occurrence in ``texts`` (step id → text), in order."""
    return [Occurrence(s, i, c) for s, t in texts.items() for i, c in occurrences_in(t)]


def expand(field: str, order: list[str], edition: Edition | None = None) -> list[str]:
    """``"xs-0029..xs-0033 xs-0040"`` → the ids it names, ranges resolved in ``order``; the
    ids of the form of ``edition`` (default: the project's).

    Raises ValueError for an unknown id, a malformed item or a range running backwards.
    """
    step_id = (edition or open_edition()).step_id_regex
    range_re = re.compile(rf"^({step_id})\.\.({step_id})$")
    id_re = re.compile(rf"^{step_id}$")
    index = {s: n for n, s in enumerate(order)}
    out: list[str] = []
    for item in field.split():
        m = range_re.match(item)
        if m:
            a, b = m.groups()
            if a not in index or b not in index:
                raise ValueError(f"unknown id in range {item!r}")
            if index[a] > index[b]:
                raise ValueError(f"range runs backwards: {item!r}")
            out.extend(order[index[a] : index[b] + 1])
        elif id_re.match(item):
            if item not in index:
                raise ValueError(f"unknown id {item!r}")
            out.append(item)
        else:
            raise ValueError(f"not an id or a range: {item!r}")
    return out


def read_tsv(path: Path, columns: tuple[str, ...]) -> list[dict[str, str]]:
    """Rows of a ``#``-commented TSV with a header row naming ``columns``."""
    rows = []
    header = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = tuple(cells)
            if header != columns:
                raise ValueError(f"{path.name}: header {header} is not {columns}")
            continue
        if len(cells) != len(columns):
            raise ValueError(f"{path.name}: {len(cells)} cells in {line[:40]!r}")
        rows.append(dict(zip(columns, cells, strict=True)))
    return rows


def registry_ids(edition: Edition | None = None) -> list[str]:
    """Every id of the step registry (live and retired), in registry order."""
    path = (edition or open_edition()).path("registry")
    return [
        line.split("\t")[0]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


def summary(texts: dict[str, str], refs: list[dict[str, str]], ji: list[dict[str, str]]) -> str:
    """Counts of the decisions (by kind, by basis; 記 tied or general), and what is undecided."""
    lines = []
    spans = {(r["step"], int(r["start"]), int(r["end"])) for r in refs}
    open_ = [
        o for o in scan(texts) if not any(s == o.step and a <= o.offset < b for s, a, b in spans)
    ]
    lines.append(f"occurrences {len(scan(texts))}, rows {len(refs)}, undecided {len(open_)}")
    lines += [f"  undecided: {o.step} {o.offset} {o.char}" for o in open_]
    lines.append(
        "kind  " + ", ".join(f"{k} {n}" for k, n in Counter(r["kind"] for r in refs).items())
    )
    lines.append(
        "basis " + ", ".join(f"{k} {n}" for k, n in Counter(r["basis"] for r in refs).items())
    )
    general = sum(1 for r in ji if r["explains"] == "general")
    lines.append(f"記 steps {len(ji)}: tied {len(ji) - general}, general {general}")
    lines.append(
        "記 basis " + ", ".join(f"{k} {n}" for k, n in Counter(r["basis"] for r in ji).items())
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the summary of the decisions for an edition."""
    parser = argparse.ArgumentParser(prog="python -m tools.xrefs", description=__doc__)
    parser.add_argument(
        "--references", type=Path, default=REFERENCES, help="the decisions on the formulas"
    )
    add_edition_argument(parser)
    args = parser.parse_args(argv)
    edition = edition_from(args)
    ties = edition.path("ties")
    print(
        summary(
            step_texts(edition),
            read_tsv(args.references, REF_COLUMNS) if args.references.is_file() else [],
            read_tsv(ties, JI_COLUMNS) if ties.is_file() else [],
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
