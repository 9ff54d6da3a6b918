"""Where a commentator's words stand in the witness files: a check for the editors' quotations.

Why: ``references.tsv`` and ``ties.tsv`` quote 鄭注, 賈疏, 張爾岐 (and 敖繼公) as the basis
of a decision, with the witness page (``叢 005-3b``).  A quotation must be the commentator's
own words at that page, not a paraphrase; this module finds a quotation in the witness files
(read-only, ``../shared/witnesses``) and reports the pages it starts on.

The text is read as printed: page markers set the page, and line ends, the column divider
``/`` of two-column small characters, and ideographic spaces (indentation of 敖's and 賈's
lines) are dropped, so a quotation may run over a line or column break.  In the 經注本 (叢)
and 張爾岐's 句讀 only the commentary (the small characters in parentheses) is searched, so a
quotation of the 經 itself cannot pass as 注.  Characters are compared as written (賔, 荅 …).

Pure Python, no Sphinx.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

PB_RE = re.compile(r"<pb:[^>]*_(\d{3}-\d+[a-z])>")
DROPPED = set("¶\n/\u3000 ")

#: siglum → (witness file, only the parenthesised commentary?) for each file of that siglum.
SIGLUM_FILES: dict[str, tuple[tuple[str, bool], ...]] = {
    "叢": (
        ("kanripo-KR1d0026-SBCK-yili-zhengzhu-juan05.txt", True),
        ("kanripo-KR1d0026-SBCK-yili-zhengzhu-juan04.txt", True),
    ),
    "張": (("kanripo-KR1d0038-WYG-zhang-erqi-zhengzhu-judou-juan05.txt", True),),
    "疏": (("kanripo-KR1d0027-SBCK-yili-shu-juan11-13.txt", False),),
    "敖": (("kanripo-KR1d0035-WYG-ao-jigong-yili-jishuo-juan05.txt", False),),
}


def stream(raw: str, commentary_only: bool) -> tuple[str, list[str]]:
    """The witness text as one string, and the page of each of its characters."""
    chars: list[str] = []
    pages: list[str] = []
    page = ""
    depth = 0
    for line in raw.splitlines():
        if line.startswith("#"):
            continue  # Kanripo's notes (# page missing …)
        pos = 0
        while pos < len(line):
            m = PB_RE.match(line, pos)
            if m:
                page = m.group(1)
                pos = m.end()
                continue
            c = line[pos]
            pos += 1
            if c == "(":
                depth += 1
            elif c == ")":
                depth = max(0, depth - 1)
            elif c not in DROPPED and (depth or not commentary_only):
                chars.append(c)
                pages.append(page)
    return "".join(chars), pages


@cache
def _read(path: Path, commentary_only: bool) -> tuple[str, list[str]]:
    return stream(path.read_text(encoding="utf-8"), commentary_only)


def quote_pages(siglum: str, quote: str, witness_dir: Path) -> list[str]:
    """``juan-page`` (``005-3b``) of every place where ``quote`` begins in ``siglum``'s files."""
    out = []
    for name, commentary_only in SIGLUM_FILES[siglum]:
        text, pages = _read(witness_dir / name, commentary_only)
        start = text.find(quote)
        while start >= 0:
            out.append(pages[start])
            start = text.find(quote, start + 1)
    return out


def parse_page(cited: str) -> tuple[str, str]:
    """``"叢 005-3b"`` → ``("叢", "005-3b")``; ValueError if it is not of that form."""
    m = re.fullmatch(r"(\S+) (\d{3}-\d+[ab])", cited)
    if not m or m.group(1) not in SIGLUM_FILES:
        raise ValueError(f"not a witness page: {cited!r}")
    return m.group(1), m.group(2)
