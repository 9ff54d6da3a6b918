"""The note of an apparatus entry, its witness statement composed from the entry's readings.

Why: a note written by hand said 「諸本皆作扑」 where 庫 reads 朴, and 「諸本作后」 where 敖
and 楊 read 後.  Here the statement of who reads what is made from the entry's readings,
slips and the list of collated witnesses, so it cannot contradict them; the entry's ``note``
field holds only the editors' reasoning, which follows the statement.

- 「諸本皆作X」 only when every listed witness (底 apart) reads X, and there are two or more;
  otherwise each group is named: 「叢張敖作席之，庫李作之席」; an empty reading is
  「庫無相字」, a reading where the lemma is empty 「楊有豆字」.
- a slip of a digital copy (``slips``): 「叢本數字化本誤作天」.
- a collated witness the entry does not list lacks the passage: 「叢本此處闕頁」 (叢's only
  gaps are its untranscribed pages; the audit checks that), 「楊本不載此文」 for the others.

Pure Python, no imports from the package: tools load it by path, and the build calls
:func:`compose` from ``apparatus_sphinx.place_entries``.
"""

from __future__ import annotations

from collections.abc import Sequence

BASE = "底"
#: How a collated witness that lacks the passage is described.
LACKING = {"叢": "叢本此處闕頁"}
LACKING_DEFAULT = "{}本不載此文"
NUMERALS = "〇一二三四五六七八九十"


def _sorted(sigla, order: Sequence[str]) -> list[str]:
    rank = {s: n for n, s in enumerate(order)}
    return sorted(sigla, key=lambda s: rank.get(s, len(rank)))


def _count(text: str) -> str:
    """``退`` → 退字, ``以耦`` → 以耦二字 (a character count as the notes write it)."""
    n = len(text)
    return f"{text}字" if n == 1 else f"{text}{NUMERALS[n] if n <= 10 else n}字"


def statement(entry, order: Sequence[str] = (), witnesses: Sequence[str] = ()) -> str:
    """Who reads what, from ``entry.readings`` and ``entry.slips``; '' if nothing to say.

    ``order`` is the order of the sigla table; ``witnesses`` the collated witnesses (a
    witness among them that the entry neither credits nor names in a slip lacks the passage).
    """
    groups = []
    for r in entry.readings:
        sigla = [s for s in r.witnesses if s != BASE]
        if sigla:
            groups.append((r.text, _sorted(sigla, order)))
    groups.sort(
        key=lambda g: (g[0] != entry.lemma, [order.index(s) if s in order else 99 for s in g[1]])
    )
    texts = [r.text for r in entry.readings if r.text]
    longest = max(texts, key=len) if texts else ""
    parts = []
    if len(groups) == 1 and len(groups[0][1]) > 1:
        text = groups[0][0]
        parts.append(f"諸本皆無{_count(longest)}" if not text else f"諸本皆作{text}")
    else:
        said = []
        for text, sigla in groups:
            who = "".join(sigla)
            if not text:
                said.append(f"{who}無{_count(longest)}")
            elif not entry.lemma:
                said.append(f"{who}有{_count(text)}")
            else:
                said.append(f"{who}作{text}")
        if said:
            parts.append("，".join(said))
    slips = getattr(entry, "slips", ())
    for slip in slips:
        if slip.text:
            parts.append(f"{slip.witness}本數字化本誤作{slip.text}")
        else:
            parts.append(f"{slip.witness}本數字化本誤脫{_count(entry.lemma)}")
    listed = {s for r in entry.readings for s in r.witnesses} | {s.witness for s in slips}
    lacking = [s for s in _sorted(witnesses, order) if s not in listed and s != BASE]
    if lacking:
        parts.append("，".join(LACKING.get(s, LACKING_DEFAULT.format(s)) for s in lacking))
    return "；".join(parts)


def compose(entry, order: Sequence[str] = (), witnesses: Sequence[str] = ()) -> str:
    """The note as printed: the witness statement, then the editors' reasoning."""
    out = []
    said = statement(entry, order, witnesses)
    if said:
        out.append(said + "。")
    reasoning = entry.note.strip()
    if reasoning:
        out.append(reasoning if reasoning.endswith("。") else reasoning + "。")
    return "".join(out)
