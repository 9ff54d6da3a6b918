"""Propose an alignment of the seed's 譯文 lines to its 原文 lines.

The seed splits its translation differently from its text: one 原文 line may be translated by
several 譯文 lines, one 譯文 line may translate two 原文 lines, and some lines (``無介``, most
of the 記) have no translation at all. This module proposes a monotone many-to-many alignment
(Gale–Church style dynamic programming) scored by the characters the classical and the modern
sentence share (names, places and vessels survive translation); an editor then reviews the
proposal by hand (``tools/bootstrap/alignment.tsv``) before the source pages are written.
"""

from __future__ import annotations

import math

from .seed import SeedLine

#: Characters too common in both registers to count as evidence.
STOP = set("，。、；：「」『』《》（）！？之而以於于其者也則為乃皆不一人")

#: Alignment moves: (原文 lines taken, 譯文 lines taken) and their prior cost.
MOVES = {
    (1, 1): 0.0,
    (1, 2): 0.6,
    (1, 3): 1.4,
    (1, 4): 2.4,
    (2, 1): 0.8,
    (3, 1): 1.8,
    (2, 2): 1.4,
    (2, 3): 2.2,
    (3, 2): 2.4,
    (1, 0): 2.2,
    (0, 1): 3.5,
}


def _content(text: str) -> set[str]:
    return {c for c in text if c not in STOP and not c.isspace()}


def score(original: str, translation: str) -> float:
    """Cost of pairing an original span with a translation span (lower is better)."""
    if not translation:
        return 0.0
    a, b = _content(original), _content(translation)
    if not a:
        return 1.0
    shared = len(a & b)
    dice = 2 * shared / (len(a) + len(_content(translation)) or 1)
    # Modern Chinese runs about twice as long as the classical sentence it renders.
    ratio = len(translation) / max(len(original), 1)
    length_penalty = abs(math.log(max(ratio, 0.2) / 2.0))
    return -4.0 * dice - 1.5 * (shared / len(a)) + 0.6 * length_penalty


def align(
    originals: list[SeedLine], translations: list[SeedLine]
) -> list[tuple[list[int], list[int]]]:
    """Monotone alignment: a list of (original indices, translation indices) groups."""
    n, m = len(originals), len(translations)
    inf = float("inf")
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            here = cost[i][j]
            if here == inf:
                continue
            for (di, dj), prior in MOVES.items():
                ni, nj = i + di, j + dj
                if ni > n or nj > m:
                    continue
                o = "".join(x.text for x in originals[i:ni])
                t = "".join(x.text for x in translations[j:nj])
                c = here + prior + (score(o, t) if di and dj else 0.0)
                if c < cost[ni][nj]:
                    cost[ni][nj] = c
                    back[ni][nj] = (di, dj)
    groups = []
    i, j = n, m
    while i or j:
        di, dj = back[i][j]
        groups.append((list(range(i - di, i)), list(range(j - dj, j))))
        i, j = i - di, j - dj
    return groups[::-1]
