"""Reading aid: the pinyin of rare characters, shown on hover, in the HTML of the steps.

A character is *rare* when neither it nor its Simplified form (OpenCC t2s) is in level 1 of
通用规范汉字表 (the engine's ``data/common-chars.txt``, 3500 characters: a fact of the
language, not of a text). Its reading comes from the edition's ``pinyin-overrides.tsv``
(readings checked in context: polyphones, and characters whose first pypinyin reading is not
the one meant in this text), else from pypinyin (its readings of the text's rare characters
written down in the edition's ``pinyin-readings.tsv``, so that a build need not load it).
HTML only: the LaTeX and text outputs are unchanged.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from ..core.datafile import Table
from ..datafiles import table
from ..domain import xs_domain
from ..node_edits import replace
from ..nodes import pinyin_char, step_text, translation
from ..state import build_state, edition_of
from ..warnings import XsWarning, warn

DATA = Path(__file__).parents[1] / "data"


def _data_lines(path: Path) -> list[str]:
    return [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


@cache
def common_chars() -> frozenset[str]:
    return frozenset("".join(_data_lines(DATA / "common-chars.txt")))


@cache
def _t2s():
    from opencc import OpenCC

    return OpenCC("t2s")


#: Han characters: CJK Unified Ideographs with Extension A (the first and last), and
#: Extensions B to H.
HAN_LOW, HAN_HIGH = "\u3400", "\u9fff"
HAN_SUPPLEMENT_LOW, HAN_SUPPLEMENT_HIGH = "\U00020000", "\U0003134f"


def is_han(char: str) -> bool:
    return HAN_LOW <= char <= HAN_HIGH or HAN_SUPPLEMENT_LOW <= char <= HAN_SUPPLEMENT_HIGH


@cache
def is_rare(char: str) -> bool:
    if not is_han(char):
        return False
    common = common_chars()
    return char not in common and _t2s().convert(char) not in common


def _table(rows: Table) -> dict[str, str]:
    """A ``char → reading`` table of a pinyin file read by the strict reader ({} if absent)."""
    return {row["char"]: row["pinyin"] for row in rows}


class Readings:
    """The readings of an edition's rare characters: the editors' checked ones
    (``pinyin-overrides.tsv``), then pypinyin's as written down for the text
    (``pinyin-readings.tsv``, by ``tools/pinyin_readings.py``, so that the build need not load
    pypinyin: half a second), then pypinyin itself (a character new to the text)."""

    def __init__(self, overrides: Table, proposed: Table) -> None:
        self.overrides = _table(overrides)
        self.proposed = _table(proposed)
        self._memo: dict[str, str] = {}

    def reading(self, char: str) -> str:
        """The pinyin (tone marks) of ``char`` as read in this text; '' if unknown."""
        if char in self.overrides:
            return self.overrides[char]
        if char in self.proposed:
            return self.proposed[char]
        if char not in self._memo:
            from pypinyin import Style, pinyin

            result = pinyin(char, style=Style.TONE, errors="ignore")
            self._memo[char] = result[0][0] if result and result[0] else ""
        return self._memo[char]

    def split_text(self, text: str) -> list[tuple[str, str]]:
        """``text`` as runs ``(chunk, reading)``: reading '' for ordinary text."""
        out: list[tuple[str, str]] = []
        buf: list[str] = []
        for c in text:
            r = self.reading(c) if is_rare(c) else ""
            if r:
                if buf:
                    out.append(("".join(buf), ""))
                    buf = []
                out.append((c, r))
            else:
                buf.append(c)
        if buf:
            out.append(("".join(buf), ""))
        return out


def readings_for(env: Any) -> Readings:
    """The edition's readings, read once per build."""
    return build_state(env).file(
        "readings",
        lambda: Readings(table(env, "pinyin_overrides"), table(env, "pinyin_readings")),
    )


class RarePinyin(SphinxPostTransform):
    """Wrap rare characters of step texts and translations in :class:`pinyin_char`."""

    default_priority = 220
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        if not self.config.xs_pinyin:
            return
        readings = readings_for(self.env)
        for container in list(self.document.findall(step_text)) + list(
            self.document.findall(translation)
        ):
            for text in list(container.findall(nodes.Text)):
                if isinstance(text.parent, pinyin_char):
                    continue
                parts = readings.split_text(str(text))
                if len(parts) == 1 and not parts[0][1]:
                    continue
                new: list[nodes.Node] = []
                for chunk, r in parts:
                    if r:
                        new.append(pinyin_char(chunk, chunk, reading=r))
                    else:
                        new.append(nodes.Text(chunk))
                replace(text, new)


def check_overrides(app: Sphinx, env: Any) -> None:
    """``env-check-consistency``: each row of ``pinyin-overrides.tsv`` reads a character of the
    text, in the step its third column names (the context its reading was checked in): a row
    for a character the text lacks, or for a step that no page declares or whose text lacks the
    character, is said at its line. (A reading not in tone-mark pinyin is the strict reader's:
    that row is not read.)"""
    rows = table(env, "pinyin_overrides")
    domain = xs_domain(env)
    steps = domain.steps
    if not rows.rows or not steps:
        return
    path = edition_of(env).path("pinyin_overrides")

    def words(rec: Any) -> str:
        return rec.text + (rec.translation or "")

    text = set("".join(words(rec) for rec in steps.values()))
    for row in rows:
        char, sid, where = row["char"], row["step"], f"{path}:{row.line}"
        live = domain.resolve_step_id(sid) if sid else None  # (a retired id leads on)
        if char not in text:
            warn(
                f"a reading for {char!r}, which the edition's text does not contain",
                XsWarning.BAD_EDITION,
                where,
            )
        elif sid and live is None:
            warn(
                f"the reading of {char!r} names step {sid!r}, which no step declares",
                XsWarning.UNKNOWN_STEP,
                where,
            )
        elif live is not None and char not in words(steps[live]):
            warn(
                f"the reading of {char!r} names step {sid!r}, whose text does not contain it",
                XsWarning.BAD_EDITION,
                where,
            )


def setup_pinyin(app: Sphinx) -> None:
    app.add_post_transform(RarePinyin)
    app.connect("env-check-consistency", check_overrides)
