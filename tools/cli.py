"""Which edition a tool works on: ``--edition DIR``, shared by every offline tool.

The engine knows no fact of one text, and neither do the tools: the folder they read and write
(``source/_edition`` unless ``--edition`` names another), the pages whose steps they scan, and
the form of a step id (``xs-`` and four digits here, ``xyj-`` … in 鄉飲酒禮) all come from the
edition's ``edition.toml`` through the engine's :class:`~ritual.core.edition.Edition`. A tool
adds the argument with :func:`add_edition_argument` and gets the edition with
:func:`edition_from`; its module-level defaults keep naming this project's own edition, so its
regenerate-identically tests read the same files as before.
"""

from __future__ import annotations

import argparse
import re
from functools import cache
from pathlib import Path

from ritual.core.edition import Edition, EditionError, load_edition  # on the path tools/ puts it on

ROOT = Path(__file__).resolve().parents[1]

#: The project's own edition (鄉射禮): the default of ``--edition``.
DEFAULT_EDITION = ROOT / "source" / "_edition"

__all__ = [
    "DEFAULT_EDITION",
    "Edition",
    "EditionError",
    "add_edition_argument",
    "edition_from",
    "open_edition",
    "others_from",
    "pages",
    "quote_pattern",
    "source_dir",
    "step_line",
    "toctree_order",
    "vocab_others",
]


def add_edition_argument(parser: argparse.ArgumentParser) -> None:
    """``--edition DIR`` and ``--with-edition NAME=DIR`` (an edition a ``"@NAME"`` file
    reference of ``[files]`` points at; the project's own edition is always known)."""
    parser.add_argument(
        "--edition",
        type=Path,
        default=DEFAULT_EDITION,
        metavar="DIR",
        help="the edition folder, holding edition.toml (default: source/_edition)",
    )
    parser.add_argument(
        "--with-edition",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="another edition that edition.toml's [files] names as '@NAME'",
    )


def edition_from(args: argparse.Namespace) -> Edition:
    """The edition the parsed arguments name; a bad ``edition.toml`` exits with its location."""
    try:
        return open_edition(args.edition, tuple(sorted(others_from(args).items())))
    except EditionError as err:
        raise SystemExit(f"{err.location}: {err}") from None


def others_from(args: argparse.Namespace) -> dict[str, Path]:
    """The editions ``"@name"`` references may point at: the project's own (by its id) unless
    it is the one worked on, and each ``--with-edition``."""
    known: dict[str, Path] = {}
    if Path(args.edition).resolve() != DEFAULT_EDITION.resolve():
        known[load_edition(DEFAULT_EDITION).id] = DEFAULT_EDITION
    for spec in args.with_edition:
        name, sep, folder = spec.partition("=")
        if not sep or not name or not folder:
            raise SystemExit(f"--with-edition {spec!r}: NAME=DIR")
        known[name] = Path(folder)
    return known


def vocab_others(args: argparse.Namespace) -> dict[str, Path]:
    """The vocabulary folder of each edition in :func:`others_from` (``vocab/shared.tsv``
    takes terms from them by edition name)."""
    return {name: open_edition(folder).path("vocab") for name, folder in others_from(args).items()}


@cache
def open_edition(
    folder: Path = DEFAULT_EDITION, others: tuple[tuple[str, Path], ...] = ()
) -> Edition:
    """Read the edition in ``folder``, its ``"@name"`` references resolved in ``others`` and,
    for another edition than the project's own, in that one too (by its id)."""
    known: dict[str, Path] = {}
    if Path(folder).resolve() != DEFAULT_EDITION.resolve():
        known[load_edition(DEFAULT_EDITION).id] = DEFAULT_EDITION
    return load_edition(folder, known | dict(others))


def source_dir(edition: Edition) -> Path:
    """The Sphinx source folder the edition folder stands in (``xs_edition`` is relative to it)."""
    return edition.folder.parent


def step_line(edition: Edition) -> re.Pattern[str]:
    """A page's line that opens one of the edition's steps (``::::{xs:step} xs-0001``)."""
    return re.compile(rf"^:{{3,}}\{{xs:step\}}\s+({edition.step_id_regex})\s*$", re.M)


def quote_pattern(form: str, edition: Edition | None = None) -> re.Pattern[str]:
    """``form`` compiled with ``{ref}`` standing for ``edition``'s step-id form (default: the
    project's): how the audits find ``xs-0033「…」`` in a note."""
    return re.compile(form.replace("{ref}", (edition or open_edition()).step_id_regex))


def pages(edition: Edition) -> list[Path]:
    """The pages that hold the edition's steps, in reading order: every ``*.md`` of its source
    folder (folders named ``_…`` or ``.…`` left out) with a line opening one of its steps, in
    the order the root document's toctrees name them, then any other in path order."""
    opens = step_line(edition)
    root = source_dir(edition)
    found = []
    for page in sorted(root.rglob("*.md")):
        if any(part.startswith(("_", ".")) for part in page.relative_to(root).parts[:-1]):
            continue
        if opens.search(page.read_text(encoding="utf-8")):
            found.append(page)
    named = toctree_order(root / "index.md")
    return sorted(
        found, key=lambda p: named.get(p.relative_to(root).with_suffix("").as_posix(), len(named))
    )


TOCTREE = re.compile(r"^(`{3,}|:{3,})\{toctree\}[^\n]*\n(.*?)^\1\s*$", re.M | re.S)


def toctree_order(index: Path) -> dict[str, int]:
    """document name → its place in the toctrees of ``index`` (MyST fences; options and
    titled entries ``Title <doc>`` read)."""
    if not index.is_file():
        return {}
    order: dict[str, int] = {}
    for block in TOCTREE.finditer(index.read_text(encoding="utf-8")):
        for line in block[2].splitlines():
            entry = line.strip()
            if not entry or entry.startswith(":"):
                continue
            titled = re.search(r"<([^<>]+)>$", entry)
            order.setdefault(titled[1] if titled else entry, len(order))
    return order
