"""The release's date as a ``SOURCE_DATE_EPOCH``: the dates a build writes into its files.

A reproducible build needs a fixed date, and the right one is the release's: the PDFs'
CreationDate then agrees with the date their title pages print (``xs_release_date`` in
``conf.py``, which CHANGELOG.md and CITATION.cff give too). The Makefile exports it; the
benchmark and the reproducibility tests use it when nothing set the variable. Standard library
only: the Makefile runs it with the machine's Python, before the virtual environment exists.

``python3 tools/release.py`` prints the epoch.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

CONF = Path(__file__).resolve().parents[1] / "conf.py"
_DATE = re.compile(r'^xs_release_date = "(\d{4}-\d{2}-\d{2})"', re.MULTILINE)


def release_date(conf: Path = CONF) -> str:
    """``xs_release_date`` of ``conf.py`` (ISO)."""
    m = _DATE.search(conf.read_text(encoding="utf-8"))
    if m is None:
        raise ValueError(f'{conf}: no xs_release_date = "YYYY-MM-DD" line')
    return m.group(1)


def release_epoch(conf: Path = CONF) -> str:
    """Midnight UTC of the release date, in seconds since the epoch (a string, as the
    environment holds it)."""
    day = datetime.strptime(release_date(conf), "%Y-%m-%d").replace(tzinfo=UTC)
    return str(int(day.timestamp()))


if __name__ == "__main__":
    print(release_epoch())
