"""What counts as a Han character (pure): the CJK Unified Ideographs with Extension A, the
compatibility ideographs, and Extensions B and after (the planes from U+20000).

One pattern for the parts that count or convert Han text as such: the Simplified copy converts
a text only where it holds one, the vertical book's 尾題 counts them. (The pinyin aid keeps
its own ranges: it asks which characters are rare, and the compatibility ideographs are not.)
"""

from __future__ import annotations

import re

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")


#: Han and kana, which xeCJK sets apart from Latin letters and digits (``LATIN``) by a space
#: of its own (「第 17 節」), as it does not set them apart from CJK punctuation.
CJK_LETTER = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
LATIN = re.compile(r"[0-9A-Za-z]")


def needs_cjk_latin_space(left: str, right: str) -> bool:
    """Whether xeCJK's space between Han and Latin belongs between the last character of
    ``left`` and the first of ``right``. Where markup stands between them (a link's macro)
    xeCJK cannot see both characters and puts none, so the writer puts it in by hand."""
    a, b = left[-1:], right[:1]
    if not a or not b:
        return False
    return bool(
        (CJK_LETTER.match(a) and LATIN.match(b)) or (LATIN.match(a) and CJK_LETTER.match(b))
    )


def count_han(text: str) -> int:
    """How many Han characters ``text`` holds (marks of punctuation and the rest apart)."""
    return len(HAN.findall(text))
