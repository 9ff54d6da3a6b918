"""Compile the engine's message catalogs (``python tools/catalog.py [--check]``; ``make catalog``).

Each ``_ext/ritual/locale/<language>/LC_MESSAGES/ritual.po`` is compiled to the ``ritual.mo``
beside it with babel (installed with Sphinx), the way Sphinx compiles catalogs. The ``.mo`` is
committed, since Sphinx compiles only a project's ``locale_dirs``, not an extension's; with
``--check`` nothing is written and the exit status is 1 when a committed ``.mo`` is not its
compiled ``.po`` (tests/test_i18n.py runs the same check).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "_ext" / "ritual" / "locale"


def catalogs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """The ``.po`` files of the engine, one per language."""
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def compiled(po: Path) -> bytes:
    """The ``.mo`` of a ``.po``: its translated messages (fuzzy ones left out, as Sphinx does)."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parents[1].name)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for po in catalogs():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if mo.is_file() and mo.read_bytes() == data:
            continue
        if args.check:
            stale.append(mo)
        else:
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(ROOT)}")
    for mo in stale:
        print(f"{mo.relative_to(ROOT)} is not its compiled .po: run make catalog", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
