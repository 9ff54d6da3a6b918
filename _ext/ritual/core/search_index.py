"""A character-level search index of the steps (pure: no Sphinx import).

Sphinx's Chinese search segments words and indexes no single characters, so 觶, 阼 or 笴 cannot
be found with it. This index keeps, for every character and every pair of adjacent characters
(bigram) of a step's text and translation, the list of steps where it occurs. ``static/search.js``
looks up the n-grams of a query, intersects their lists, then checks each candidate by substring,
so any character or phrase is found, and nothing else.

Matching is script-blind: text and query are *folded* character by character (``fold`` maps a
Traditional character to its Simplified form, made with OpenCC by the Sphinx glue, and a
witness's variant form — 衆, 賔 — to the fold of the standard form, from ``variants.tsv``), so
阼階, 阼阶, 衆賓 and 眾賓 find the same steps. Folding is one character to one character, so an
offset in the folded text is an offset in the printed text: hits are highlighted as printed.

A query of several words separated by spaces finds the steps that hold every word (each in
the text, the translation or the base text); a step's *base text* (the text as transmitted, before
the apparatus's emendations) is searched with the rest, so a reading the edition emended away
is still found (the page labels such a hit 底本). A query that is a step number (``300``,
``第300節``) or id (``<prefix>-0300``) names that step (:func:`step_for`): the page goes there.

A step's text carries the marks of its kept forms (:mod:`.kept`), for the Simplified copy of the
index; it is searched without them, here and in the page's script.

The index is a JSON-ready dict (see :func:`build_index`). It is published in parts
(:func:`split_index`), so that the search page weighs what a reader's queries need and not the
whole index (issue 25: every page ≤ 400 kB with what it loads): the *head*, which the page loads
(the fold table and each step's id, number, URL and phase), the postings in shards by the first
character of the n-gram, and the steps' texts in chunks of rows; the page's script fetches the
shards of a query's n-grams, then the chunks of the steps they name. :func:`join_index` puts
the parts together again (the reference search and the tests read the whole). Each part is a
script that sets one ``window.NAME`` (:func:`dumps_js`; a script, not a fetched JSON file, so the
search page works from ``file://`` too).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, NotRequired, TypedDict

from . import kept

FORMAT_VERSION = 5

#: The parts of the published index: postings in this many shards (by the code point of an
#: n-gram's first character), the steps' texts in chunks of this many rows.
GRAM_SHARDS = 16
DOC_CHUNK = 32
#: The columns of a step that the head keeps (the rest go into the chunks).
HEAD_FIELDS = 4

#: A query naming a step by its number (300, 第300節) or its id (a prefix, a hyphen, digits:
#: the edition's form; the hyphen and the leading zeros may be left out: the prefix is the
#: shortest, so that 「xs300」 is xs and 300, not xs30 and 0).
STEP_QUERY = re.compile(
    r"^\s*(?:第\s*(\d{1,4})\s*[節节]?|(\d{1,4})|([a-z][a-z0-9]*?)-?(\d{1,6}))\s*$", re.I
)

#: Characters that make n-grams: CJK ideographs (with extensions), letters and digits.
#: Punctuation and spaces break n-grams (a query's punctuation is checked by substring only).
WORD_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f0-9A-Za-z]")


#: The columns of a row of ``docs``. ``commentary`` is the step's notes of 注, in order, each
#: ``[note id, its words]`` (issue 21): a hit in one is labelled 注 and links to the note.
FIELDS = ["id", "number", "url", "section", "text", "translation", "base", "commentary"]


class StepEntry(TypedDict):
    id: str
    number: int
    url: str  # relative to the site root, with the anchor
    section: str  # title of the phase
    text: str
    translation: str | None
    base: NotRequired[str]  # the text as transmitted, when the edited text differs
    commentary: NotRequired[list[tuple[str, str]]]  # the notes of 注: (id, words), in order


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
    steps: Iterable[StepEntry],
    fold: Mapping[str, str] | None = None,
    max_n: int = 2,
    retired: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The index: the steps (as rows), the fold table, the n-gram postings and the retired ids
    (``retired``: each to the live id that holds its text now, so that a query naming a retired
    id finds its step, as its links do).

    ``docs`` rows are ``[id, number, url, section, text, translation or "", base or "",
    [[note id, words], …]]`` (``base`` only where it differs from ``text``); ``grams`` maps an
    n-gram of the folded text, translation, base text or a note to the ascending list of row
    numbers holding it (an n-gram does not run from one note into the next).
    """
    fold = safe_fold(fold or {})
    docs: list[list[Any]] = []
    postings: dict[str, list[int]] = {}
    for row, step in enumerate(steps):
        translation = step["translation"] or ""
        base = step.get("base") or ""
        text = kept.plain(step["text"])
        base = "" if base == text else base
        row_of = [step["id"], step["number"], step["url"], step["section"], step["text"]]
        notes = [[nid, words] for nid, words in step.get("commentary") or ()]
        docs.append([*row_of, translation, base, notes])
        grams = set()
        for value in (text, translation, base, *(words for _, words in notes)):
            grams |= ngrams(fold_text(value, fold), max_n)
        for gram in grams:
            postings.setdefault(gram, []).append(row)
    return {
        "version": FORMAT_VERSION,
        "max_n": max_n,
        "fields": FIELDS,
        "fold": fold,
        "docs": docs,
        "grams": dict(sorted(postings.items())),
        "retired": dict(sorted((retired or {}).items())),
    }


def terms(query: str) -> list[str]:
    """The words of a query: separated by spaces (any width), each searched for on its own."""
    return query.split()


def search(index: Mapping[str, Any], query: str) -> list[tuple[int, list[tuple[str, int]]]]:
    """Reference implementation of the page's search (the JS does the same).

    Returns ``[(row, [(field, offset), …]), …]`` for the rows that contain every word of the
    folded query in their text, translation, base text or notes, with the offsets of every hit
    (in the base text, of the words the edited text lacks); a hit in a note has the field
    ``commentary:<note id>``.
    """
    fold = index["fold"]
    words = [fold_text(w, fold) for w in terms(query)]
    if not words:
        return []
    candidates: set[int] | None = None
    for gram in {g for w in words for g in query_grams(w, index["max_n"])}:
        rows = set(index["grams"].get(gram, ()))
        candidates = rows if candidates is None else candidates & rows
        if not candidates:
            return []
    if candidates is None:  # a query of punctuation only: scan everything
        candidates = set(range(len(index["docs"])))
    out = []
    for row in sorted(candidates):
        doc = index["docs"][row]
        hits, found = [], set()
        text = fold_text(kept.plain(doc[4]), fold)
        notes = doc[7] if len(doc) > 7 else []
        fields = [("text", doc[4]), ("translation", doc[5]), ("base", doc[6])]
        fields += [(f"commentary:{nid}", words) for nid, words in notes]
        order = {name: i for i, (name, _) in enumerate(fields)}
        for field, value in fields:
            hay = fold_text(kept.plain(value), fold)
            # the base text counts only for what the edited text lacks (a reading emended away)
            for w in words if field != "base" else [w for w in words if w not in text]:
                start = hay.find(w)
                while start != -1:
                    hits.append((field, start))
                    found.add(w)
                    start = hay.find(w, start + 1)
        if found == set(words):
            out.append((row, sorted(hits, key=lambda h: (order[h[0]], h[1]))))
    return out


def step_for(index: Mapping[str, Any], query: str) -> int | None:
    """The row of the step a query names by number or id (``300``, ``第300節``, or the id:
    ``<prefix>-0300``, ``<prefix>300``); a retired id names the step that holds its text now."""
    m = STEP_QUERY.match(query)
    if m is None:
        return None
    number, plain, prefix, digits = m.groups()

    def same(step_id: str) -> bool:
        head, _, tail = step_id.rpartition("-")
        return head.lower() == prefix.lower() and tail.isdigit() and int(tail) == int(digits)

    for row, doc in enumerate(index["docs"]):
        if prefix is not None:
            if same(doc[0]):
                return row
        elif doc[1] == int(number or plain):
            return row
    if prefix is not None:
        for old, new in index.get("retired", {}).items():
            if same(old):
                return next((row for row, doc in enumerate(index["docs"]) if doc[0] == new), None)
    return None


def shard_of(gram: str, shards: int) -> int:
    """The shard of an n-gram's postings (the page's script computes the same)."""
    return ord(gram[0]) % shards


def split_index(
    index: Mapping[str, Any], shards: int = GRAM_SHARDS, chunk: int = DOC_CHUNK
) -> tuple[dict[str, Any], list[dict[str, list[int]]], list[list[list[Any]]]]:
    """The index in its published parts: the head, the postings' shards, the texts' chunks.

    The head holds ``version``, ``max_n``, ``fields``, ``fold``, ``steps`` (each row's first
    :data:`HEAD_FIELDS` columns: id, number, URL, phase), ``shards`` and ``chunk``; shard ``k``
    the postings of the n-grams with :func:`shard_of` ``k``; chunk ``c`` the other columns of
    rows ``c × chunk`` to ``(c + 1) × chunk - 1``.
    """
    docs = index["docs"]
    head = {
        "version": index["version"],
        "max_n": index["max_n"],
        "fields": index["fields"],
        "fold": index["fold"],
        "steps": [row[:HEAD_FIELDS] for row in docs],
        "retired": index.get("retired", {}),
        "shards": shards,
        "chunk": chunk,
    }
    grams: list[dict[str, list[int]]] = [{} for _ in range(shards)]
    for gram, rows in index["grams"].items():
        grams[shard_of(gram, shards)][gram] = rows
    texts = [[row[HEAD_FIELDS:] for row in docs[i : i + chunk]] for i in range(0, len(docs), chunk)]
    return head, grams, texts


def join_index(
    head: Mapping[str, Any], grams: Iterable[Mapping[str, list[int]]], texts: Iterable[list[Any]]
) -> dict[str, Any]:
    """The whole index again, from the parts of :func:`split_index`."""
    rest = [row for part in texts for row in part]
    postings = {gram: rows for part in grams for gram, rows in part.items()}
    return {
        "version": head["version"],
        "max_n": head["max_n"],
        "fields": head["fields"],
        "fold": head["fold"],
        "docs": [[*step, *more] for step, more in zip(head["steps"], rest, strict=True)],
        "grams": dict(sorted(postings.items())),
        "retired": head.get("retired", {}),
    }


def dumps_js(data: Any, name: str = "XS_SEARCH_INDEX") -> str:
    """A part of the index as a compact script: ``window.NAME={…};``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"window.{name}={text};\n"
