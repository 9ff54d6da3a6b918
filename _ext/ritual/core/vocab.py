"""The edition's term vocabularies: plain TSV data in, plain records out.

One file per kind of term (``vocab/<kind>.tsv`` in the edition folder; the kinds are the
edition's, declared in its ``edition.toml``), one record per headword. The files carry their own
provenance in a ``#`` header, and a ``# categories:`` line that is the closed list of
categories for that kind, so adding a category is a data change reviewed with the data, not a
code change.

A term that two editions share with the same meaning (主人, 賓, 爵, 阼階 in the rites of one
book) is shared by reference, not copied: a row of ``vocab/shared.tsv`` (``kind``, ``term``,
``edition``) takes the record from the named edition's vocabulary (``others``: edition name →
its vocabulary folder).

This module must not import Sphinx: ``tools/annotate.py`` and the unit tests use it alone, and
the Sphinx side (``terms.py``) only turns :class:`Problem` records into located warnings.
Reading never raises on bad data; :func:`load` skips rows it cannot use and :func:`validate`
says why, with file and line, so one typo does not stop a build.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from .datafile import MISSING_FILE, UNDECLARED_FILE, UNKNOWN_VALUE, Problem, Table, Tsv, read_tsv

COLUMNS = ("term", "parent", "pinyin", "category", "gloss_en", "gloss_zh")
SHARED = "shared.tsv"
SHARED_COLUMNS = ("kind", "term", "edition")

# One pinyin syllable carrying exactly one tone mark (vocabulary readings are citation forms,
# so a neutral tone is treated as an error: it usually means pypinyin's colloquial reading
# slipped through unchecked, e.g. 天子 tiān zi).
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"
_SYLLABLE = re.compile(rf"^[a-zü{_TONED}]+$")


class Term(NamedTuple):
    """One vocabulary record; ``source``/``line`` locate it for warnings."""

    kind: str
    term: str
    parent: str
    pinyin: str
    category: str
    gloss_en: str
    gloss_zh: str
    source: str
    line: int


#: The form of a vocabulary file, and of ``shared.tsv``.
FORM = Tsv(COLUMNS, key=("term",), required=("term",))
SHARED_FORM = Tsv(SHARED_COLUMNS, key=("kind", "term"), required=SHARED_COLUMNS)
#: The warning subtype of a record that is malformed or contradicts the others.
BAD_VOCABULARY = "bad_vocabulary"


def _problem(file: str, line: int, message: str) -> Problem:
    return Problem(file, line, message, BAD_VOCABULARY)


def _is_han(text: str) -> bool:
    return bool(text) and all(unicodedata.name(ch, "").startswith("CJK") for ch in text)


def read_header(path: Path) -> dict[str, str]:
    """``# key: value`` lines of the comment header (``kind``, ``categories`` …)."""
    return read_tsv(path, FORM).header_values()


def _terms(table: Table, kind: str) -> list[Term]:
    src = str(table.path)
    return [
        Term(
            kind,
            row["term"],
            row["parent"],
            row["pinyin"],
            row["category"],
            row["gloss_en"],
            row["gloss_zh"],
            src,
            row.line,
        )
        for row in table.rows
    ]


def _read(path: Path, kind: str) -> tuple[list[Term], list[Problem]]:
    table = read_tsv(path, FORM)
    return _terms(table, kind), table.problems


def _read_shared(
    directory: Path, kinds: Sequence[str], others: Mapping[str, Path]
) -> tuple[list[Term], list[Problem]]:
    """The records ``shared.tsv`` takes from other editions' vocabularies."""
    path = directory / SHARED
    if not path.exists():
        return [], []
    src = str(path)
    table = read_tsv(path, SHARED_FORM)
    terms: list[Term] = []
    problems: list[Problem] = list(table.problems)
    theirs: dict[tuple[str, str], dict[str, Term]] = {}
    for row in table.rows:
        lineno = row.line
        kind, term, edition = row["kind"], row["term"], row["edition"]
        if kind not in kinds:
            problems.append(_problem(src, lineno, f"unknown kind {kind!r}"))
            continue
        if edition not in others:
            problems.append(_problem(src, lineno, f"no edition {edition!r} in xs_editions"))
            continue
        key = (edition, kind)
        if key not in theirs:
            their_path = Path(others[edition]) / f"{kind}.tsv"
            records = _read(their_path, kind)[0] if their_path.exists() else []
            theirs[key] = {t.term: t for t in reversed(records)}
        record = theirs[key].get(term)
        if record is None:
            problems.append(_problem(src, lineno, f"{edition} has no {kind} {term!r} to share"))
            continue
        terms.append(record)
    return terms, problems


def load(
    directory: Path | str, kinds: Sequence[str], others: Mapping[str, Path] | None = None
) -> dict[str, tuple[Term, ...]]:
    """Every kind's vocabulary, kind → records in file order, then the shared ones (malformed
    rows left out)."""
    directory = Path(directory)
    shared = _read_shared(directory, kinds, others or {})[0]
    out: dict[str, tuple[Term, ...]] = {}
    for kind in kinds:
        path = directory / f"{kind}.tsv"
        own = _read(path, kind)[0] if path.exists() else []
        out[kind] = tuple(own + [t for t in shared if t.kind == kind])
    return out


def index(vocab: dict[str, tuple[Term, ...]]) -> dict[str, dict[str, Term]]:
    """kind → headword → record; the lookup the roles need (first record wins on duplicates)."""
    return {kind: {t.term: t for t in reversed(terms)} for kind, terms in vocab.items()}


def check_pinyin(term: str, pinyin: str) -> str | None:
    """Why ``pinyin`` is not a valid reading of ``term``, or ``None`` if it is."""
    syllables = pinyin.split(" ")
    if len(syllables) != len(term):
        return f"pinyin {pinyin!r} has {len(syllables)} syllables for {len(term)} characters"
    for syl in syllables:
        if not _SYLLABLE.match(syl):
            return f"pinyin syllable {syl!r} is not lower-case tone-marked pinyin"
        marks = sum(1 for ch in syl if ch in _TONED)
        if marks != 1:
            return f"pinyin syllable {syl!r} needs exactly one tone mark, has {marks}"
    return None


def char_reading(text: str) -> str:
    """The reading of one character (a cell of the pinyin files): one syllable of lower-case
    pinyin with its tone mark (``yī``, not ``yi1``); raises ``ValueError`` otherwise."""
    problem = check_pinyin("-", text)  # one character, one syllable
    if problem:
        raise ValueError(problem)
    return text


def validate(
    directory: Path | str, kinds: Sequence[str], others: Mapping[str, Path] | None = None
) -> list[Problem]:
    """Every problem in the vocabulary files; an empty list means the data is usable."""
    directory = Path(directory)
    shared, problems = _read_shared(directory, kinds, others or {})
    if directory.is_dir():
        for path in sorted(directory.glob("*.tsv")):
            if path.stem not in kinds and path.name != SHARED:
                problems.append(
                    Problem(
                        str(path),
                        0,
                        f"{path.name} is in the vocabularies' folder, but {path.stem!r} is not a "
                        f"kind of term (edition.toml [terms] kinds: {', '.join(kinds)}): it is "
                        "not read",
                        UNDECLARED_FILE,
                    )
                )
    for kind in kinds:
        path = directory / f"{kind}.tsv"
        src = str(path)
        if not path.exists():
            if not any(t.kind == kind for t in shared):
                problems.append(
                    Problem(src, 0, f"missing vocabulary file for kind {kind!r}", MISSING_FILE)
                )
            continue
        header = read_header(path)
        if not header:
            problems.append(_problem(src, 1, "no provenance header (# lines) before the data"))
        if header.get("kind", kind) != kind:
            problems.append(_problem(src, 1, f"header says kind {header['kind']!r}"))
        categories = set(header.get("categories", "").split())
        if not categories:
            problems.append(_problem(src, 1, "no '# categories:' line in the header"))
        terms, read_problems = _read(path, kind)
        problems += read_problems
        first: dict[str, Term] = {}
        for t in terms:
            if any(s.kind == kind and s.term == t.term for s in shared):
                problems.append(
                    _problem(src, t.line, f"{t.term!r} is also shared from {SHARED}: keep one")
                )
            if t.term in first:
                problems.append(
                    _problem(
                        src,
                        t.line,
                        f"duplicate headword {t.term!r} (first on line {first[t.term].line})",
                    )
                )
            else:
                first[t.term] = t
        for t in terms:
            where = (src, t.line)
            if not _is_han(t.term):
                problems.append(_problem(*where, f"term {t.term!r} is not Chinese characters"))
            elif (msg := check_pinyin(t.term, t.pinyin)) is not None:
                problems.append(_problem(*where, msg))
            if categories and t.category not in categories:
                problems.append(
                    Problem(
                        *where,
                        f"unknown category {t.category!r} (not on the '# categories:' line)",
                        UNKNOWN_VALUE,
                    )
                )
            if not t.gloss_en or not t.gloss_zh:
                problems.append(_problem(*where, f"{t.term!r} lacks a gloss"))
            if t.parent == t.term:
                problems.append(_problem(*where, f"{t.term!r} is its own parent"))
            elif t.parent:
                parent = first.get(t.parent) or next(
                    (s for s in shared if s.kind == kind and s.term == t.parent), None
                )
                if parent is None:
                    problems.append(_problem(*where, f"parent {t.parent!r} is not a headword"))
                elif parent.parent:
                    problems.append(
                        _problem(
                            *where,
                            f"parent {t.parent!r} is itself a sub-term (one level of nesting only)",
                        )
                    )
    return problems
