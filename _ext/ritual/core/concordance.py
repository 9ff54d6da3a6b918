"""The concordance of the edition's terms: who, what, where, in which steps. Pure Python.

Built from plain records (step occurrences and vocabulary terms), it serves every index the
edition shows: the Sphinx domain indices (器物索引 …), the headword pages with their KWIC
lines, the printed indexes and ``edition.json``. One module computes it, so the site, the PDF
and the export cannot disagree.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .vocab import Term

#: The negated occurrences' sub-entry when the edition names it otherwise in none of
#: ``edition.toml``'s ``[terms] negated_*``: 不 before the headword (不拜), its pinyin, and a
#: gloss template (``{term}``: the headword's gloss).
NEGATION_PREFIX = "不"
NEGATION_PINYIN = "bù"
NEGATION_GLOSS = "不{term}"


@dataclass(frozen=True)
class Negation:
    """How the sub-entry that gathers a headword's negated occurrences is named: a prefix
    (不 → 不拜), its pinyin, and a gloss template with ``{term}`` (the edition's, in
    ``edition.toml``)."""

    prefix: str = NEGATION_PREFIX
    pinyin: str = NEGATION_PINYIN
    gloss: str = NEGATION_GLOSS


@dataclass(frozen=True)
class Occurrence:
    """One marked term in one step: the step's id, number and text, and the span."""

    step_id: str
    number: int
    text: str
    start: int
    end: int
    negated: bool

    def kwic_bounds(self, width: int = 12, lead: str = "") -> tuple[int, int, int, int]:
        """Where the left context, the keyword and the right context lie in the step's text:
        (left's start, keyword's start, keyword's end, right's end). ``lead`` (the negation,
        不, of a negated sub-entry's line) belongs to the keyword where the text has it just
        before the term: the line of 不拜 shows 不拜 as its word, not 拜."""
        start = self.start
        if lead and self.text[max(0, start - len(lead)) : start] == lead:
            start -= len(lead)
        return max(0, start - width), start, self.end, min(len(self.text), self.end + width)

    def kwic(self, width: int = 12, lead: str = "") -> tuple[str, str, str]:
        """Left context, keyword, right context (within the step): :meth:`kwic_bounds`."""
        left, start, end, right = self.kwic_bounds(width, lead)
        return self.text[left:start], self.text[start:end], self.text[end:right]


@dataclass
class Entry:
    """A headword (or sub-term, or the negated sub-entry) with its occurrences."""

    kind: str
    term: str
    pinyin: str
    gloss_en: str
    gloss_zh: str
    category: str
    parent: str = ""
    occurrences: list[Occurrence] = field(default_factory=list)
    sub: list[Entry] = field(default_factory=list)
    negated: bool = False

    @property
    def all_occurrences(self) -> list[Occurrence]:
        """What the entry counts and lists, in step order: for a negated sub-entry (不拜) its
        own occurrences, which are all negated; for any other entry its positive occurrences
        and those of its positive sub-terms (a negated occurrence is not one of the word's:
        不拜 is not counted under 拜, and 不拜既爵 not under 拜既爵).

        The one computation behind every count and list of steps: the headword pages, the
        domain indices, the printed indexes and ``edition.json``."""
        if self.negated:
            return sorted(self.occurrences, key=lambda o: (o.number, o.start))
        own = [o for o in self.occurrences if not o.negated]
        for sub in self.sub:
            if not sub.negated:
                own += sub.all_occurrences
        return sorted(own, key=lambda o: (o.number, o.start))

    @property
    def count(self) -> int:
        return len(self.all_occurrences)

    @property
    def steps(self) -> list[str]:
        """Step ids, each once, in reading order."""
        return list(dict.fromkeys(o.step_id for o in self.all_occurrences))

    @property
    def step_numbers(self) -> list[int]:
        return list(dict.fromkeys(o.number for o in self.all_occurrences))


def pinyin_key(pinyin: str, term: str) -> tuple[str, str, str]:
    """Sort by toneless pinyin, then tones, then the characters (the order of 漢語拼音 indexes)."""
    decomposed = unicodedata.normalize("NFD", pinyin)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ü", "v")
    tones = "".join(
        str("\u0304\u0301\u030c\u0300".find(c) + 1)
        for c in decomposed
        if unicodedata.combining(c) and c != "\u0308"
    )
    return bare.lower(), tones, term


def letter_of(pinyin: str) -> str:
    """The index letter of a headword: the first letter of its pinyin, upper case."""
    bare = unicodedata.normalize("NFD", pinyin)[:1]
    return bare.upper() if bare.isalpha() else "#"


def build(
    kind: str,
    terms: Iterable[Term],
    occurrences: Iterable[tuple[str, Occurrence]],
    negation: Negation = Negation(),
) -> list[Entry]:
    """Entries of one kind, sorted by pinyin, sub-terms under their headwords.

    ``occurrences`` are ``(headword, occurrence)`` pairs. Negated occurrences of a headword
    are gathered in a sub-entry (``不<headword>``, see :class:`Negation`) so that the index
    lists them apart.
    """
    entries: dict[str, Entry] = {}
    for t in terms:
        entries[t.term] = Entry(
            kind, t.term, t.pinyin, t.gloss_en, t.gloss_zh, t.category, t.parent
        )
    for headword, occ in occurrences:
        entry = entries.get(headword)
        if entry is not None:
            entry.occurrences.append(occ)
    tops: list[Entry] = []
    for entry in entries.values():
        entry.occurrences.sort(key=lambda o: (o.number, o.start))
        negated = [o for o in entry.occurrences if o.negated]
        if negated:
            entry.sub.append(
                Entry(
                    kind,
                    negation.prefix + entry.term,
                    f"{negation.pinyin} {entry.pinyin}",
                    f"not {entry.gloss_en}",
                    negation.gloss.format(term=entry.term),
                    entry.category,
                    entry.term,
                    negated,
                    negated=True,
                )
            )
        parent = entries.get(entry.parent)
        if parent is not None and parent is not entry:
            parent.sub.append(entry)
        else:
            tops.append(entry)
    for entry in entries.values():
        entry.sub.sort(key=lambda e: (e.negated, pinyin_key(e.pinyin, e.term)))
    return sorted(tops, key=lambda e: pinyin_key(e.pinyin, e.term))


def grouped(entries: Sequence[Entry]) -> list[tuple[str, list[Entry]]]:
    """``(letter, entries)`` groups in order, as indices print them."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(letter_of(entry.pinyin), []).append(entry)
    return list(groups.items())


def descendants(entry: Entry) -> list[Entry]:
    """Every sub-entry of a headword at any depth, depth first (拜 → 拜既爵, 不拜既爵, 拜受 …,
    不拜): an index prints two levels, so a sub-entry's own sub-entries (the negated 不拜既爵
    of 拜既爵) stand among the headword's, right after their parent."""
    return list(walk(entry.sub))


def parents(entries: Iterable[Entry]) -> dict[str, Entry]:
    """term → the entry it is a sub-entry of, at any depth."""
    return {sub.term: entry for entry in walk(entries) for sub in entry.sub}


def walk(entries: Iterable[Entry]) -> Iterable[Entry]:
    """Every entry and sub-entry, depth first."""
    for entry in entries:
        yield entry
        yield from walk(entry.sub)
