"""Read the seed document: the base 原文 lines and the 譯文 lines, with their seed line numbers.

The seed (``../shared/seed/xiangsheli.txt``) is a web copy: a title block, ``【原文】``, one
sentence a line, ``【譯文】``, the translation one sentence a line, and a trailing category line
added by the web site. The web copy split sentences at 。 even inside quotations, so a closing
」 begins the next line; :func:`original_lines` rejoins it to the line it closes. Pure Python, no
Sphinx: the bootstrap and the corpus tests both use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Where the seed lies relative to the repository root (present beside the checkout in CI).
SEED = Path(__file__).resolve().parents[2].parent / "shared" / "seed" / "xiangsheli.txt"

ORIGINAL_HEADER = "【原文】"
TRANSLATION_HEADER = "【譯文】"
#: The web site's category footer, not part of the text.
WEB_FOOTER_PREFIX = "分類："


@dataclass(frozen=True)
class SeedLine:
    """One line of the seed: its 1-based line number(s) in the file and its text."""

    lines: tuple[int, ...]
    text: str


def _read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def original_lines(path: Path = SEED) -> list[SeedLine]:
    """The 原文 lines, with a leading 」 moved back to the line whose quotation it closes."""
    raw = _read(path)
    start = raw.index(ORIGINAL_HEADER) + 1
    end = raw.index(TRANSLATION_HEADER)
    out: list[SeedLine] = []
    for number, text in enumerate(raw[start:end], start=start + 1):
        if not text.strip():
            continue
        if text.startswith("」") and out:
            prev = out[-1]
            rest = text[1:]
            out[-1] = SeedLine(prev.lines, prev.text + "」")
            if not rest.strip():
                # A line holding only 」: its number belongs to the line it closes.
                out[-1] = SeedLine((*prev.lines, number), out[-1].text)
                continue
            text = rest
        out.append(SeedLine((number,), text))
    return out


def translation_lines(path: Path = SEED) -> list[SeedLine]:
    """The 譯文 lines as they stand (the web footer left out)."""
    raw = _read(path)
    start = raw.index(TRANSLATION_HEADER) + 1
    out = []
    for number, text in enumerate(raw[start:], start=start + 1):
        if not text.strip() or text.startswith(WEB_FOOTER_PREFIX):
            continue
        out.append(SeedLine((number,), text))
    return out
