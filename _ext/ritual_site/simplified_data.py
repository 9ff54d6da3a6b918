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

A step's strings keep what the step keeps on its page (:class:`StepForms`), or the stage would
show 「上射揖，并行」 under the note 「並併也」 that glosses the page's kept 並, and the note
「征召也」 beside the 經's kept 徵 (the reading the apparatus rejects). The data's strings carry
no step id of their own, so where each file holds a step's 原文, translation and notes is
written here (:func:`step_strings`), beside the list of the files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ritual.core import kept

#: The data scripts that carry text to be shown, relative to the output folder (a pattern
#: names a set of files: the search index is written in parts, ``ritual.components.search``).
CONVERTED = ("_diagrams/stage-data.js", "_xrefs/xrefs-data.js", "_static/xs-search-*.js")

ASSIGNMENT = re.compile(
    r"^(?P<head>(?:/\*.*?\*/\n)?window\.[A-Za-z_$][\w$]*=)(?P<json>.*);\n?$", re.S
)


@dataclass(frozen=True)
class StepForms:
    """The characters a step's strings keep in the copy, as its page keeps them: those of its
    原文, of its notes of 注 and of its translation (marked, as the page marks them: the
    scripts that show a step read the marks in each)."""

    text: frozenset[str] = frozenset()
    notes: frozenset[str] = frozenset()
    translation: frozenset[str] = frozenset()


#: Where a step's string lies in a file's data: its container, the key in it, the step's id
#: and which of :class:`StepForms`' fields applies.
Slot = tuple[Any, Any, str, str]
SEARCH_TEXTS = re.compile(r"_static/xs-search-d(\d+)\.js")
SEARCH_HEAD = "_static/xs-search-index.js"


def step_strings(rel: str, data: Any, head: Callable[[], Any]) -> Iterator[Slot]:
    """The step strings of ``rel``'s data (``head``: the search index's head, whose rows name
    the steps of its chunks of texts, ``ritual.core.search_index.split_index``)."""
    if rel == "_diagrams/stage-data.js":  # steps [{id, text, tr}], zhu {place: [[id, words]]}
        for i, step in enumerate(data.get("steps", ())):
            yield step, "text", step["id"], "text"
            if isinstance(step.get("tr"), str):
                yield step, "tr", step["id"], "translation"
            for note in data.get("zhu", {}).get(str(i), ()):
                yield note, 1, step["id"], "notes"
    elif rel == "_xrefs/xrefs-data.js":  # steps {id: [number, text, page]}
        for step_id, row in data.get("steps", {}).items():
            yield row, 1, step_id, "text"
    elif (m := SEARCH_TEXTS.fullmatch(rel)) is not None:  # [[text, translation, base, notes]]
        index = head()
        first = int(m.group(1)) * index["chunk"]
        for i, row in enumerate(data):
            step_id = index["steps"][first + i][0]
            yield row, 0, step_id, "text"
            if isinstance(row[1], str):
                yield row, 1, step_id, "translation"
            for note in row[3] or ():
                yield note, 1, step_id, "notes"


class _Converted(str):
    """A string of the data already converted (a step's, keeping what the step keeps)."""


def keep_step_forms(
    rel: str,
    data: Any,
    forms: Mapping[str, StepForms],
    convert: Callable[[str], str],
    head: Callable[[], Any],
) -> None:
    """Convert in place each step string of ``data`` by ``convert`` (a converter of step
    strings: it keeps their marked spans, marks those it would have changed, and marks what
    else it keeps), the characters its step keeps marked first
    (:func:`ritual.core.kept.keep_characters`)."""
    for container, key, step_id, field in step_strings(rel, data, head):
        chars = getattr(forms.get(step_id, StepForms()), field)
        container[key] = _Converted(convert(kept.keep_characters(container[key], chars)))


def _load(text: str) -> tuple[re.Match[str], Any]:
    m = ASSIGNMENT.match(text)
    if m is None:
        raise ValueError("not a data script of the form window.NAME=<JSON>;")
    return m, json.loads(m.group("json"))


def convert_strings(value: Any, convert: Callable[[str], str]) -> Any:
    """``value`` with every string in it (keys apart) passed through ``convert`` (but those
    :func:`keep_step_forms` converted already)."""
    if isinstance(value, _Converted):
        return str(value)
    if isinstance(value, str):
        return convert(value)
    if isinstance(value, list):
        return [convert_strings(v, convert) for v in value]
    if isinstance(value, dict):
        return {k: convert_strings(v, convert) for k, v in value.items()}
    return value


def convert_script(
    text: str,
    convert: Callable[[str], str],
    rel: str = "",
    forms: Mapping[str, StepForms] | None = None,
    head: Callable[[], Any] = dict,
    convert_step: Callable[[str], str] | None = None,
) -> str:
    """A ``window.NAME=<JSON>;`` script with the strings of its data converted; with ``forms``
    (what each step keeps), the step strings of ``rel``'s data keep them, converted by
    ``convert_step`` (by default ``convert``)."""
    m, data = _load(text)
    if forms is not None:
        keep_step_forms(rel, data, forms, convert_step or convert, head)
    data = convert_strings(data, convert)
    return f"{m.group('head')}{json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def write_copies(
    outdir: Path,
    prefix: str,
    convert: Callable[[str], str],
    again: bool = False,
    forms: Callable[[], Mapping[str, StepForms]] | None = None,
    convert_step: Callable[[str], str] | None = None,
) -> frozenset[str]:
    """Write ``<prefix>/<file>`` for each of :data:`CONVERTED` present in ``outdir`` (again only
    when the original is newer, or ``again``: the converter, or what the steps keep, has
    changed); return the files that have a copy, to which the Simplified pages' links then
    point. A copy whose original is gone is removed. ``forms`` gives what each step keeps
    (asked for only when a copy is written); ``convert_step`` converts the steps' strings."""
    step_forms = cache(forms) if forms is not None else None
    head = cache(lambda: _load((outdir / SEARCH_HEAD).read_text(encoding="utf-8"))[1])
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
            text = src.read_text(encoding="utf-8")
            keeping = step_forms() if step_forms is not None else None
            converted = convert_script(text, convert, rel, keeping, head, convert_step)
            dest.write_text(converted, "utf-8")
        done.add(rel)
    return frozenset(done)
