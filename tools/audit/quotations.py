"""Quotations in an editor's note, and the check that each stands where the note says.

Two audits hold notes to their quotations: the bases of the positions
(:mod:`tools.audit.positions_basis`) and the corrections of the 譯文
(:mod:`tools.audit.translation_review`). They read the same forms and compare in the same way,
so the forms, the folding and the check are here, once:

- ``「…」`` or ``經「…」``     the step's own words (經, or the 記 clause that is the step);
- ``xs-0033「…」``         the words of another step;
- ``注「…」``              鄭注 on this step or an adjacent one (``注：「…」`` also);
- ``xs-0164 注「…」``      鄭注 on the named step or one adjacent to it;
- ``記「…」``              a clause of the 記;
- ``張「…」``, ``疏「…」``, ``敖「…」``, ``鄉飲酒「…」``   a commentary's or another chapter's
  witness file, anywhere in it (which files an audit reads is its own: ``COMMENTARY_FILES``);
- ``《篇名》注「…」``        the 注 of another chapter that no witness here holds: cited, not
  checked.

Inside a quotation `` … `` marks an omission; punctuation and 異體字 (``variants.tsv``) are
ignored. A quotation of a text the audit has not read (no witnesses) is not checked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tools.cli import quote_pattern
from tools.collate.core import load_variants
from tools.collate.witnesses import is_text_char
from tools.xrefs import ji_steps

#: A quotation: ``{ref}`` stands for the edition's step-id form (:func:`tools.cli.quote_pattern`).
QUOTE_FORM = (
    r"(?:(?P<ref>{ref})\s*)?"
    r"(?P<src>經|注|記|張|疏|敖|鄉飲酒|《[^》]+》注)?\s*[：:]?\s*「(?P<words>[^」]*)」"
)
#: … with the project's own step ids (an audit of another edition compiles its own).
QUOTE = quote_pattern(QUOTE_FORM)
ELISION = re.compile(r"\s*(?:…|\.\.\.)\s*")
#: The first step of the 記 of the project's edition (the steps of its page, tools.xrefs).
FIRST_JI = ji_steps()[0]


@dataclass(frozen=True)
class Quote:
    """One quotation of a note: ``src`` is '' or 經 (the words of ``ref`` or of the note's own
    step), 注, 記, a commentary (張, 疏, 敖, 鄉飲酒) or 《篇名》注; ``ref`` a step id or ''."""

    src: str
    ref: str
    words: str


def quotations(note: str, pattern: re.Pattern[str] = QUOTE) -> list[Quote]:
    """The quotations of a note, in order (``pattern``: of another edition's ids)."""
    return [Quote(m["src"] or "", m["ref"] or "", m["words"]) for m in pattern.finditer(note)]


class Folder:
    """Fold text for comparison: 異體字 to the standard form, only ideographs kept."""

    def __init__(self, table: Mapping[str, str] | None = None) -> None:
        self.table = dict(load_variants() if table is None else table)

    def __call__(self, s: str) -> str:
        return "".join(self.table.get(c, c) for c in s if is_text_char(c))


def contains(haystack: str, words: str, fold: Folder) -> bool:
    """True when every part of ``words`` (split at ``…``) occurs, folded, in ``haystack``."""
    parts = [fold(p) for p in ELISION.split(words)]
    parts = [p for p in parts if p]
    if not parts:
        return False
    hay = fold(haystack)
    return all(p in hay for p in parts)


@dataclass
class Sources:
    """What quotations are checked against: the step texts in reading order, and (optional)
    the 注 of each step and the commentaries' texts."""

    steps: dict[str, str]
    zhu: dict[str, list[str]] | None = None
    commentary: dict[str, str] | None = None
    #: the first step of the 記, and the quotation form with the edition's step ids
    first_ji: str = FIRST_JI
    quote: re.Pattern[str] = QUOTE

    def __post_init__(self) -> None:
        self.order = list(self.steps)
        self.index = {sid: n for n, sid in enumerate(self.order)}
        self.ji = "".join(t for sid, t in self.steps.items() if sid >= self.first_ji)

    def zhu_near(self, step: str) -> str:
        """The 注 of ``step`` and its two neighbours, joined."""
        n = self.index[step]
        near = self.order[max(0, n - 1) : n + 2]
        return "｜".join("".join((self.zhu or {}).get(s, [])) for s in near)


def check_quote(q: Quote, step: str, src: Sources, fold: Folder) -> str | None:
    """Why the quotation ``q`` in a note of ``step`` is not found (None if it is, or if what it
    quotes is not available to check)."""
    ref = q.ref or step
    if ref not in src.steps:
        return f"unknown step {ref}"
    if q.src in ("", "經"):
        where, hay = f"the text of {ref}", src.steps[ref]
    elif q.src == "記":
        where, hay = "the 記", src.ji
    elif q.src == "注":
        if src.zhu is None:
            return None
        where, hay = f"the 注 of {ref} or its neighbours", src.zhu_near(ref)
    elif q.src.startswith("《"):
        return None
    else:
        if src.commentary is None or q.src not in src.commentary:
            return None
        where, hay = f"the {q.src} witness", src.commentary[q.src]
    return None if contains(hay, q.words, fold) else f"「{q.words}」 is not in {where}"
