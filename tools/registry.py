"""Write an edition's step-registry rows: ``python -m tools.registry add [--edition DIR] [ID …]``.

A step id is published when its row is in ``step-registry.tsv`` (``_ext/ritual/core/registry.py``):
the id, the seed lines it came from, the fingerprint of its base text, ``live``, and no
``replaced_by``. The build warns about a step without a row (``unregistered_step``) and about
one whose text no longer matches its row (``changed_step``), so an edition's steps are
registered once, when first published, and never again: that is what ``add`` does. It reads the
steps from the edition's pages (the text as transmitted, the same that the build fingerprints),
and appends a row for each step the registry does not list yet, in page order; with ids named,
only those. A step's seed lines are given with ``--lines``; without, they are its number in
the pages (its place in the text, as the 鄉飲酒禮 edition counts them). A new edition's registry
is made with a provenance header.

It refuses what would break the registry's promise: a registry with a row it cannot read
(fix that first), an id already listed, live or retired (an id
is never reused), an id no page holds, and a registry taken from another edition by reference.
Retiring an id is an editor's decision with a reason, made by hand in the file.

    python -m tools.registry add --edition tests/roots/test-xiangyinjiuli/_edition
    python -m tools.registry add --lines xyj-0024=24 xyj-0024     # with its seed lines
    python -m tools.registry add --dry-run                        # print the rows, write nothing
"""

from __future__ import annotations

import argparse
import datetime
import sys

from ritual.core import registry  # the engine, on the path cli puts it on
from ritual.core.datafile import Problem

from tools.cli import Edition, add_edition_argument, edition_from
from tools.pages import edition_texts

HEADER = """\
# Registry of published step ids of the {label} edition. Never renumber or reuse an id.
# Columns: id, seed line numbers (the step's number in the pages unless given), fingerprint
# (sha256 of the base text without punctuation, 12 hex digits), status (live|retired),
# replaced_by (for a retired id: the id that carries its text now).
# Made by tools/registry.py on {date} from the edition's pages.
"""


class RegistryRefused(ValueError):
    """A row that must not be written (the message says why)."""


def step_texts(edition: Edition) -> dict[str, str]:
    """step id → its base text, for every step of the edition's pages (page order)."""
    texts = edition_texts(edition)
    return {sid: text for sid, text in texts.items() if edition.step_id_pattern.match(sid)}


def new_rows(
    edition: Edition, ids: list[str] | None = None, lines: dict[str, str] | None = None
) -> list[str]:
    """The registry rows ``add`` writes: for ``ids`` (default: every step not yet listed)."""
    path = edition.path("registry")
    problems: list[Problem] = []
    listed = registry.load(path, problems) if path.is_file() else {}
    if problems:
        first = problems[0]
        raise RegistryRefused(f"{first.file}:{first.line}: {first.message}")
    texts = step_texts(edition)
    number = {sid: str(n) for n, sid in enumerate(texts, start=1)}
    if ids is None:
        ids = [sid for sid in texts if sid not in listed]
    rows = []
    for sid in ids:
        if not edition.step_id_pattern.match(sid):
            raise RegistryRefused(f"{sid}: not a step id of this edition ({edition.step_id_form})")
        if sid in listed:
            raise RegistryRefused(
                f"{sid} is already in {path.name} ({listed[sid].status}): an id is never reused"
            )
        if sid not in texts:
            raise RegistryRefused(f"{sid}: no page of the edition holds this step")
        seed = (lines or {}).get(sid, number[sid])
        rows.append(f"{sid}\t{seed}\t{registry.fingerprint(texts[sid])}\tlive\t\n")
    return rows


def add(
    edition: Edition,
    ids: list[str] | None = None,
    lines: dict[str, str] | None = None,
    today: datetime.date | None = None,
) -> list[str]:
    """Append the new rows to the edition's registry (made with its header if absent)."""
    path = edition.path("registry")
    if not path.resolve().is_relative_to(edition.folder):
        raise RegistryRefused(f"the registry {path} is another edition's: add rows there")
    rows = new_rows(edition, ids, lines)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):
            text += "\n"
    else:
        date = (today or datetime.date.today()).isoformat()
        text = HEADER.format(label=edition.label, date=date)
    path.write_text(text + "".join(rows), encoding="utf-8")
    return rows


def _lines(specs: list[str]) -> dict[str, str]:
    out = {}
    for spec in specs:
        sid, sep, numbers = spec.partition("=")
        if not sep or not all(n.isdigit() for n in numbers.split(",")):
            raise SystemExit(f"--lines {spec!r}: ID=N[,N…]")
        out[sid] = numbers
    return out


def main(argv: list[str] | None = None) -> int:
    """CLI entry point; see the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m tools.registry", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    adding = commands.add_parser("add", help="register the steps the registry lacks")
    add_edition_argument(adding)
    adding.add_argument("ids", nargs="*", help="only these step ids (default: every new step)")
    adding.add_argument(
        "--lines", action="append", default=[], metavar="ID=N[,N…]", help="a step's seed lines"
    )
    adding.add_argument("--dry-run", action="store_true", help="print the rows, write nothing")
    args = parser.parse_args(argv)
    edition = edition_from(args)
    try:
        if args.dry_run:
            rows = new_rows(edition, args.ids or None, _lines(args.lines))
            sys.stdout.writelines(rows)
        else:
            rows = add(edition, args.ids or None, _lines(args.lines))
    except RegistryRefused as err:
        print(f"registry: {err}", file=sys.stderr)
        return 1
    print(f"{len(rows)} rows -> {edition.path('registry')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
