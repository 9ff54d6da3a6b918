"""The note of an apparatus entry, its witness statement composed from the entry's readings.

Why: a note written by hand said 「諸本皆作扑」 where 庫 reads 朴, and 「諸本作后」 where 敖
and 楊 read 後.  Here the statement of who reads what is made from the entry's readings,
slips and the list of collated witnesses, so it cannot contradict them; the entry's ``note``
field holds only the editors' reasoning, which follows the statement.

- 「諸本皆作X」 only when every listed witness (底 apart) reads X, and there are two or more;
  otherwise each group is named: 「叢張敖作席之，庫李作之席」; an empty reading is
  「庫無相字」, a reading where the lemma is empty 「楊有豆字」.
- a slip of a digital copy (``slips``): 「叢本數字化本誤作天」.
- a collated witness the entry does not list lacks the passage: the edition says how, by
  siglum where it knows why (``lacking`` in edition.toml: 「叢本此處闕頁」, 叢's only gaps
  being its untranscribed pages, which the audit checks), else 「楊本不載此文」.
- an entry that changes only punctuation (kind ``punctuation``) has nothing to say of the
  witnesses, which are unpunctuated copies: its note is the editors' grounds alone.

Pure Python, no imports from the package: tools load it by path, and the build calls
:func:`compose` when it reads the apparatus (``components.apparatus.placement.ApparatusData``).
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence

from .numerals import classical_number

#: A run of step ids in a note (「上文（ab-0034、ab-0038）亦作壹」) as a printed book gives it,
#: in the step numbers it prints (「第34、38節」): the words around the numbers, and between.
STEP_REF = ("第", "節")
STEP_REF_SEP = "、"

#: A witness's page as the 校記 cite it after a siglum and a space (「叢 005-31b」: 卷 5, leaf
#: 31, its second half). The vertical book writes it out in words; the horizontal book keeps
#: it on one line with its siglum.
FOLIO = re.compile(
    r"(?P<space>\s?)(?<![0-9A-Za-z-])(?P<juan>[0-9]{3})-(?P<leaf>[0-9]{1,3})(?P<side>[ab])"
    r"(?![0-9A-Za-z-])"
)


def step_runs(text: str, known: Container[str], id_regex: str) -> list[str | tuple[str, ...]]:
    """``text`` cut at each run of step ids (``ab-0034、ab-0038``): the words between as
    strings, each run as the tuple of its ids. A run with an id not ``known`` stays words (a
    book that does not hold the step cannot number it). The space that parts an id from the
    Chinese after it (「ab-0026 注」) goes: 「第26節注」."""
    run = re.compile(rf"{id_regex}(?:{STEP_REF_SEP}{id_regex})*")
    out: list[str | tuple[str, ...]] = []
    pos = 0
    for m in run.finditer(text):
        ids = tuple(m.group(0).split(STEP_REF_SEP))
        if not all(i in known for i in ids):
            continue
        if m.start() > pos:
            out.append(text[pos : m.start()])
        out.append(ids)
        pos = m.end()
        if text[pos : pos + 1] == " " and not text[pos + 1 : pos + 2].isascii():
            pos += 1
    if pos < len(text):
        out.append(text[pos:])
    return out


#: How a collated witness that lacks the passage is described, unless the edition says.
LACKING_DEFAULT = "{}本不載此文"
#: The kind of an entry that changes only punctuation (``apparatus.PUNCTUATION_KIND``; this
#: module imports nothing from the package).
PUNCTUATION = "punctuation"
#: The formulae of the notes, as the 校勘記 tradition words them (``{who}``: sigla run
#: together, ``{text}``: a reading, ``{count}``: characters counted, :func:`_count`).
FORMULAE = {
    "count_one": "{text}字",  # 退字
    "count": "{text}{n}字",  # 以耦二字
    "all_read": "諸本皆作{text}",
    "all_lack": "諸本皆無{count}",
    "reads": "{who}作{text}",
    "lacks": "{who}無{count}",
    "adds": "{who}有{count}",
    "slip": "{who}本數字化本誤作{text}",
    "slip_omits": "{who}本數字化本誤脫{count}",
}


def _sorted(sigla, order: Sequence[str]) -> list[str]:
    rank = {s: n for n, s in enumerate(order)}
    return sorted(sigla, key=lambda s: rank.get(s, len(rank)))


def _count(text: str) -> str:
    """``退`` → 退字, ``以耦`` → 以耦二字 (a character count as the notes write it)."""
    n = len(text)
    if n == 1:
        return FORMULAE["count_one"].format(text=text)
    return FORMULAE["count"].format(text=text, n=classical_number(n) if n <= 10 else n)


def statement(
    entry,
    order: Sequence[str] = (),
    witnesses: Sequence[str] = (),
    base: str = "",
    lacking: Mapping[str, str] | None = None,
    lacking_default: str = LACKING_DEFAULT,
) -> str:
    """Who reads what, from ``entry.readings`` and ``entry.slips``; '' if nothing to say.

    ``order`` is the order of the sigla table; ``witnesses`` the collated witnesses (a
    witness among them that the entry neither credits nor names in a slip lacks the passage,
    said as ``lacking[siglum]`` or ``lacking_default``); ``base`` the base text's siglum.
    """
    if getattr(entry, "kind", "") == PUNCTUATION:
        return ""
    groups = []
    for r in entry.readings:
        sigla = [s for s in r.witnesses if s != base]
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
        parts.append(
            FORMULAE["all_lack"].format(count=_count(longest))
            if not text
            else FORMULAE["all_read"].format(text=text)
        )
    else:
        said = []
        for text, sigla in groups:
            who = "".join(sigla)
            if not text:
                said.append(FORMULAE["lacks"].format(who=who, count=_count(longest)))
            elif not entry.lemma:
                said.append(FORMULAE["adds"].format(who=who, count=_count(text)))
            else:
                said.append(FORMULAE["reads"].format(who=who, text=text))
        if said:
            parts.append("，".join(said))
    slips = getattr(entry, "slips", ())
    for slip in slips:
        if slip.text:
            parts.append(FORMULAE["slip"].format(who=slip.witness, text=slip.text))
        else:
            parts.append(FORMULAE["slip_omits"].format(who=slip.witness, count=_count(entry.lemma)))
    listed = {s for r in entry.readings for s in r.witnesses} | {s.witness for s in slips}
    absent = absent_witnesses(listed, order, witnesses, base)
    if absent:
        phrases = lacking or {}
        parts.append("，".join(phrases.get(s, lacking_default).format(s) for s in absent))
    return "；".join(parts)


def absent_witnesses(
    listed: Container[str], order: Sequence[str], witnesses: Sequence[str], base: str
) -> list[str]:
    """The collated witnesses that an entry names neither for a reading nor for a slip
    (``listed``), the base apart, in the sigla's order: those that do not have the passage,
    which its note says (:func:`statement`) and the TEI states (``witDetail type="lacking"``)."""
    return [s for s in _sorted(witnesses, order) if s not in listed and s != base]


def compose(
    entry,
    order: Sequence[str] = (),
    witnesses: Sequence[str] = (),
    base: str = "",
    lacking: Mapping[str, str] | None = None,
    lacking_default: str = LACKING_DEFAULT,
) -> str:
    """The note as printed: the witness statement, then the editors' reasoning."""
    out = []
    said = statement(entry, order, witnesses, base, lacking, lacking_default)
    if said:
        out.append(said + "。")
    reasoning = entry.note.strip()
    if reasoning:
        out.append(reasoning if reasoning.endswith("。") else reasoning + "。")
    return "".join(out)
