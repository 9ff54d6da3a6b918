"""What counts as a Han character (pure): the CJK Unified Ideographs with Extension A, the
compatibility ideographs, and Extensions B and after (the planes from U+20000).

One pattern for the parts that count or convert Han text as such: the Simplified copy converts
a text only where it holds one, the vertical book's 尾題 counts them. (The pinyin aid keeps
its own ranges: it asks which characters are rare, and the compatibility ideographs are not.)
"""

from __future__ import annotations

import re

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")


def count_han(text: str) -> int:
    """How many Han characters ``text`` holds (marks of punctuation and the rest apart)."""
    return len(HAN.findall(text))
