"""Kept forms: the spans of a step's text that a change of script must leave as printed (pure).

The apparatus and the orthography record speak of single characters: 「繫 ] … 系 底」 says that
the base's 系 is a slip for 繫, the record of 於 says which witnesses write 于 at each place.
Converted to Simplified Chinese, 繫 would print as 系 and 於 as 于, the very forms the note
sets aside; the reader would see the rejected reading beside the note that rejects it. So every
span the apparatus (a lemma) or the orthography record (a place) refers to is *kept*: a copy of
the edition in another script prints it as the edited text does, and marks it.

The spans reach a converter in two ways, both defined here:

- in the page, as an element with the attribute :data:`ATTRIBUTE` (``data-xs-keep``): its text
  is kept (``nodes.kept_form``, and every ``apparatus_lemma``);
- in a string of data (the stage's steps, the formulas' popup, the search index), between
  :data:`OPEN` and :data:`CLOSE`, two characters of Unicode's private use area that no text of
  the edition contains. A converter that keeps a span whose form it would have changed opens it
  with :data:`OPEN_CHANGED` instead, so that the reader's script marks it; the scripts strip the
  marks before they search or measure the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

ATTRIBUTE = "data-xs-keep"
#: Around a region of a page that a copy in another script leaves wholly as it is, unmarked
#: (a witness's forms, a citation, an English gloss that names a form): HTML comments, which
#: the copy drops.
NOCONVERT_OPEN, NOCONVERT_CLOSE = "<!--xs:noconvert-->", "<!--/xs:noconvert-->"
OPEN, CLOSE, OPEN_CHANGED = "\ue000", "\ue001", "\ue002"
MARKS = OPEN + CLOSE + OPEN_CHANGED
#: What a marked kept form says to the reader (converted with the page): a msgid of the
#: engine's catalog, translated where it is written (:mod:`.i18n`).
TITLE = "The edited text’s own character, not converted to Simplified"


def merged(spans: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Non-empty spans (start, end) in order, overlapping or touching ones joined."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(s for s in spans if s[1] > s[0]):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return tuple(out)


def mark(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` with each kept span (code-point offsets) between :data:`OPEN` and :data:`CLOSE`."""
    out, at = [], 0
    for start, end in merged(spans):
        out += [text[at:start], OPEN, text[start:end], CLOSE]
        at = end
    out.append(text[at:])
    return "".join(out)


def plain(text: str) -> str:
    """``text`` without its marks."""
    return text.translate({ord(c): None for c in MARKS}) if any(c in text for c in MARKS) else text


def keep_characters(text: str, chars: Collection[str]) -> str:
    """``text`` with each run of ``chars`` that stands outside a kept span marked as a span of
    its own (``text`` may carry marks already: they are left as they are)."""
    if not any(ch in text for ch in chars):
        return text
    run = re.compile("[" + "".join(re.escape(ch) for ch in sorted(chars)) + "]+")
    parts = re.split(f"([{OPEN}{OPEN_CHANGED}][^{CLOSE}]*{CLOSE})", text)
    return "".join(
        part if i % 2 else run.sub(lambda m: f"{OPEN}{m.group()}{CLOSE}", part)
        for i, part in enumerate(parts)
    )


def convert(text: str, converter: Callable[[str], str]) -> str:
    """``text`` converted by ``converter`` outside its kept spans; a kept span whose conversion
    would differ is opened with :data:`OPEN_CHANGED`. Marks that do not pair are left as they
    are (and their text converted)."""
    if OPEN not in text and OPEN_CHANGED not in text:
        return converter(text)
    out, at = [], 0
    while True:
        start = min(
            (i for i in (text.find(OPEN, at), text.find(OPEN_CHANGED, at)) if i >= 0), default=-1
        )
        end = text.find(CLOSE, start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            out.append(converter(text[at:]))
            return "".join(out)
        out.append(converter(text[at:start]))
        kept = text[start + 1 : end]
        out += [OPEN_CHANGED if converter(kept) != kept else OPEN, kept, CLOSE]
        at = end + 1
