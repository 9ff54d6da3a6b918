"""Script data of the ``zh-Hans/`` copy: data files that pages load and show as text.

:mod:`.simplified` converts the written pages, but a page can also show text that comes from a
data script beside the pages: the stage view reads its steps, translations and the names of the
figures and places from ``_diagrams/stage-data.js``, the formulas' popup the texts of the steps
they repeat from ``_xrefs/xrefs-data.js``, the search page its steps from
``_static/xs-search-*.js`` (the index in parts). Shared by both copies, the Simplified stage
would show Traditional text; so each such file gets a converted copy under ``zh-Hans/`` (the
same path below it), and the Simplified pages load that copy instead of the shared one.

Only the *strings* of the data are converted (the file is ``window.NAME=<JSON>;``, after an
optional comment line, which is kept): keys, numbers and URLs (which have no Han characters) stay
as they are. Pure apart from the file system: the converter is passed in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The data scripts that carry text to be shown, relative to the output folder (a pattern
#: names a set of files: the search index is written in parts, ``ritual.components.search``).
CONVERTED = ("_diagrams/stage-data.js", "_xrefs/xrefs-data.js", "_static/xs-search-*.js")

ASSIGNMENT = re.compile(
    r"^(?P<head>(?:/\*.*?\*/\n)?window\.[A-Za-z_$][\w$]*=)(?P<json>.*);\n?$", re.S
)


def convert_strings(value: Any, convert: Callable[[str], str]) -> Any:
    """``value`` with every string in it (keys apart) passed through ``convert``."""
    if isinstance(value, str):
        return convert(value)
    if isinstance(value, list):
        return [convert_strings(v, convert) for v in value]
    if isinstance(value, dict):
        return {k: convert_strings(v, convert) for k, v in value.items()}
    return value


def convert_script(text: str, convert: Callable[[str], str]) -> str:
    """A ``window.NAME=<JSON>;`` script with the strings of its data converted."""
    m = ASSIGNMENT.match(text)
    if m is None:
        raise ValueError("not a data script of the form window.NAME=<JSON>;")
    data = convert_strings(json.loads(m.group("json")), convert)
    return f"{m.group('head')}{json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def write_copies(
    outdir: Path, prefix: str, convert: Callable[[str], str], again: bool = False
) -> frozenset[str]:
    """Write ``<prefix>/<file>`` for each of :data:`CONVERTED` present in ``outdir`` (again only
    when the original is newer, or ``again``: the converter has changed); return the files that
    have a copy, to which the Simplified pages' links then point. A copy whose original is gone
    is removed."""
    done = set()
    wanted = [
        rel
        for pattern in CONVERTED
        for rel in (
            sorted(p.relative_to(outdir).as_posix() for p in outdir.glob(pattern))
            if "*" in pattern
            else [pattern]
        )
    ]
    for pattern in (p for p in CONVERTED if "*" in p):  # copies of parts no longer written
        for copy in (outdir / prefix).glob(pattern):
            if copy.relative_to(outdir / prefix).as_posix() not in wanted:
                copy.unlink()
    for rel in wanted:
        src, dest = outdir / rel, outdir / prefix / rel
        if not src.is_file():
            dest.unlink(missing_ok=True)
            continue
        if again or not dest.is_file() or dest.stat().st_mtime_ns < src.stat().st_mtime_ns:
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(convert_script(src.read_text(encoding="utf-8"), convert), "utf-8")
        done.add(rel)
    return frozenset(done)
