"""A character-level search index of the steps (pure: no Sphinx import).

Sphinx's Chinese search segments words and indexes no single characters, so 觶, 阼 or 笴 cannot
be found with it. This index keeps, for every character and every pair of adjacent characters
(bigram) of a step's text and translation, the list of steps where it occurs. ``static/search.js``
looks up the n-grams of a query, intersects their lists, then checks each candidate by substring,
so any character or phrase is found, and nothing else.

Matching is script-blind: text and query are *folded* character by character (``fold`` maps a
Traditional character to its Simplified form, made with OpenCC by the Sphinx glue), so 阼階,
阼阶 and 阼阶 find the same steps. Folding is one character to one character, so an offset in
the folded text is an offset in the printed text: hits are highlighted in the text as printed.

The index is a JSON-ready dict (see :func:`build_index`); :func:`dumps_js` writes it as a script
that sets ``window.XS_SEARCH_INDEX`` (a script, not a fetched JSON file, so the search page works
from ``file://`` too).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

FORMAT_VERSION = 1

#: Characters that make n-grams: CJK ideographs (with extensions), letters and digits.
#: Punctuation and spaces break n-grams (a query's punctuation is checked by substring only).
WORD_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f0-9A-Za-z]")


class StepEntry(TypedDict):
    id: str
    number: int
    url: str  # relative to the site root, with the anchor
    section: str  # title of the phase
    text: str
    translation: str | None


def fold_text(text: str, fold: Mapping[str, str]) -> str:
    """Fold character by character (same length as ``text``)."""
    return "".join(fold.get(c, c) for c in text)


def runs(text: str) -> list[str]:
    """Maximal runs of word characters."""
    out, cur = [], []
    for c in text:
        if WORD_CHAR.match(c):
            cur.append(c)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def ngrams(text: str, max_n: int = 2) -> set[str]:
    """All n-grams (1 ≤ n ≤ max_n) inside the runs of word characters of ``text``."""
    grams: set[str] = set()
    for run in runs(text):
        for n in range(1, max_n + 1):
            for i in range(len(run) - n + 1):
                grams.add(run[i : i + n])
    return grams


def query_grams(query: str, max_n: int = 2) -> list[str]:
    """The n-grams a query's matches must all contain (longest available per run)."""
    out: list[str] = []
    for run in runs(query):
        n = min(max_n, len(run))
        out.extend(run[i : i + n] for i in range(len(run) - n + 1))
    return sorted(set(out))


def safe_fold(fold: Mapping[str, str]) -> dict[str, str]:
    """Keep one-character-to-one-character, non-identity pairs (offsets must not move, in code
    points nor in the UTF-16 units of the page's script)."""
    return {
        k: v
        for k, v in sorted(fold.items())
        if len(k) == 1 and len(v) == 1 and k != v and (ord(k) > 0xFFFF) == (ord(v) > 0xFFFF)
    }


def build_index(
    steps: Iterable[StepEntry], fold: Mapping[str, str] | None = None, max_n: int = 2
) -> dict[str, Any]:
    """The index: the steps (as rows), the fold table and the n-gram postings.

    ``docs`` rows are ``[id, number, url, section, text, translation or ""]``; ``grams`` maps an
    n-gram of the folded text or translation to the ascending list of row numbers holding it.
    """
    fold = safe_fold(fold or {})
    docs: list[list[Any]] = []
    postings: dict[str, list[int]] = {}
    for row, step in enumerate(steps):
        translation = step["translation"] or ""
        docs.append(
            [step["id"], step["number"], step["url"], step["section"], step["text"], translation]
        )
        grams = ngrams(fold_text(step["text"], fold), max_n) | ngrams(
            fold_text(translation, fold), max_n
        )
        for gram in grams:
            postings.setdefault(gram, []).append(row)
    return {
        "version": FORMAT_VERSION,
        "max_n": max_n,
        "fields": ["id", "number", "url", "section", "text", "translation"],
        "fold": fold,
        "docs": docs,
        "grams": dict(sorted(postings.items())),
    }


def search(index: Mapping[str, Any], query: str) -> list[tuple[int, list[tuple[str, int]]]]:
    """Reference implementation of the page's search (the JS does the same).

    Returns ``[(row, [(field, offset), …]), …]`` for rows whose text or translation contains the
    folded query, with the offsets of every hit.
    """
    fold = index["fold"]
    q = fold_text(query.strip(), fold)
    if not q:
        return []
    grams = query_grams(q, index["max_n"])
    candidates: set[int] | None = None
    for gram in grams:
        rows = set(index["grams"].get(gram, ()))
        candidates = rows if candidates is None else candidates & rows
        if not candidates:
            return []
    if candidates is None:  # a query of punctuation only: scan everything
        candidates = set(range(len(index["docs"])))
    out = []
    for row in sorted(candidates):
        doc = index["docs"][row]
        hits = []
        for field, value in (("text", doc[4]), ("translation", doc[5])):
            hay = fold_text(value, fold)
            start = hay.find(q)
            while start != -1:
                hits.append((field, start))
                start = hay.find(q, start + 1)
        if hits:
            out.append((row, hits))
    return out


def dumps_js(index: Mapping[str, Any]) -> str:
    """The index as a compact script: ``window.XS_SEARCH_INDEX = {…};``."""
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    return f"window.XS_SEARCH_INDEX={data};\n"
