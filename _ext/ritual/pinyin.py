"""Reading aid: the pinyin of rare characters, shown on hover, in the HTML of the steps.

A character is *rare* when neither it nor its Simplified form (OpenCC t2s) is in level 1 of
通用规范汉字表 (``data/common-chars.txt``, 3500 characters). Its reading comes from
``data/pinyin-overrides.tsv`` (readings checked in context: polyphones, and characters whose
first pypinyin reading is not the one meant here), else from pypinyin (its readings of the
text's rare characters written down in ``data/pinyin-readings.tsv``, so that a build need not
load it). HTML only: the LaTeX and text outputs are unchanged.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from .nodes import step_text, translation

DATA = Path(__file__).parent / "data"


class pinyin_char(nodes.inline):
    """A rare character with its reading (``reading``)."""


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
def overrides() -> dict[str, str]:
    out = {}
    for line in _data_lines(DATA / "pinyin-overrides.tsv"):
        char, reading = line.split("\t")[:2]
        out[char] = reading.strip()
    return out


@cache
def _t2s():
    from opencc import OpenCC

    return OpenCC("t2s")


def is_han(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or "\U00020000" <= char <= "\U0003134f"


@cache
def is_rare(char: str) -> bool:
    if not is_han(char):
        return False
    common = common_chars()
    return char not in common and _t2s().convert(char) not in common


@cache
def proposed() -> dict[str, str]:
    """pypinyin's readings of the text's rare characters, written down by
    ``tools/pinyin_readings.py`` so that the build need not load pypinyin (half a second)."""
    out = {}
    path = DATA / "pinyin-readings.tsv"
    if path.exists():
        for line in _data_lines(path):
            char, reading = line.split("\t")[:2]
            out[char] = reading.strip()
    return out


@cache
def reading(char: str) -> str:
    """The pinyin (tone marks) of ``char`` as read in this text; '' if unknown.

    The editors' checked reading, else pypinyin's: from the written-down table when the
    character is in it, from pypinyin itself otherwise (a character new to the text).
    """
    if char in overrides():
        return overrides()[char]
    if char in proposed():
        return proposed()[char]
    from pypinyin import Style, pinyin

    result = pinyin(char, style=Style.TONE, errors="ignore")
    return result[0][0] if result and result[0] else ""


def split_text(text: str) -> list[tuple[str, str]]:
    """``text`` as runs ``(chunk, reading)``: reading '' for ordinary text."""
    out: list[tuple[str, str]] = []
    buf = []
    for c in text:
        r = reading(c) if is_rare(c) else ""
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


class RarePinyin(SphinxPostTransform):
    """Wrap rare characters of step texts and translations in :class:`pinyin_char`."""

    default_priority = 220
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        if not self.config.xs_pinyin:
            return
        for container in list(self.document.findall(step_text)) + list(
            self.document.findall(translation)
        ):
            for text in list(container.findall(nodes.Text)):
                if isinstance(text.parent, pinyin_char):
                    continue
                parts = split_text(str(text))
                if len(parts) == 1 and not parts[0][1]:
                    continue
                new: list[nodes.Node] = []
                for chunk, r in parts:
                    if r:
                        new.append(pinyin_char(chunk, chunk, reading=r))
                    else:
                        new.append(nodes.Text(chunk))
                text.parent.replace(text, new)


def visit_pinyin_html(self: Any, node: pinyin_char) -> None:
    r = self.attval(node["reading"])
    self.body.append(f'<span class="xs-py" title="{r}">')


def depart_pinyin_html(self: Any, node: pinyin_char) -> None:
    self.body.append("</span>")


def _pass(self: Any, node: nodes.Node) -> None:
    pass


def setup_pinyin(app: Sphinx) -> None:
    app.add_config_value("xs_pinyin", True, "html", bool)
    app.add_node(
        pinyin_char,
        html=(visit_pinyin_html, depart_pinyin_html),
        latex=(_pass, _pass),
        text=(_pass, _pass),
    )
    app.add_post_transform(RarePinyin)
