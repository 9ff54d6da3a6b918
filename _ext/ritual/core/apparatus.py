"""The critical apparatus as data: load, locate, apply, undo, format.  Pure Python, no Sphinx.

The pages hold the base text as transmitted (with its markup); the apparatus is the one place
where the editors' departures from it are recorded, and the build applies them
(:func:`locate_base`, :func:`edit_ops`). Nothing copies an emendation into a page. Why pure:
the apparatus must be checked without a Sphinx build (tests, the witness audit), and the
build only needs these few functions to place an entry in a step and to print it.

Data, in the edition folder: ``apparatus.toml`` (one ``[[entry]]`` per editorial decision)
and ``sigla.tsv``.  An entry's ``context`` is a short string of the EDITED, punctuated text
with the lemma between square brackets, e.g. ``居侯[黨]之一``; an empty lemma (the
emendation deletes) is ``主人[]大夫``.  The brackets never occur in the text itself.  A
context is unique in the whole edited 原文, hence in its step; so is the same context with
the base reading in the brackets (:attr:`Entry.base_context`), which is how the build finds
the place in the page.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any, TypeVar

from .datafile import (
    DUPLICATE_KEY,
    UNKNOWN_KEY,
    Document,
    Problem,
    Table,
    Toml,
    Tsv,
    is_string_table,
    is_strings,
    read_toml,
    read_tsv,
)

OPEN, CLOSE = "[", "]"
#: How an empty reading is printed in an entry (a witness without the words: the 凡例's 〔無〕).
EMPTY = "〔無〕"
#: Between the readings of an entry, in every output.
READING_SEP = "；"
#: After the readings, before the note: a full stop ends the list of readings, so the note
#: (which may hold a ；) is set off by more than the separator between two readings.
NOTE_SEP = "。"
#: An empty lemma (the edited text has nothing where a witness has words) is placed by the
#: word before it and 下 ("after"), or at the start of a clause by the word after it and 上.
AFTER, BEFORE = "下", "上"
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
DECISIONS = ("emend", "retain")
#: The role of the base text's siglum in sigla.tsv.
BASE_ROLE = "base"


@dataclass(frozen=True)
class Reading:
    """One reading and the sigla that have it."""

    text: str
    witnesses: tuple[str, ...]


@dataclass(frozen=True)
class Slip:
    """A slip of a witness's digital copy (not a reading of the edition it transcribes): what
    the transcription has at the place, '' if it drops the words."""

    witness: str
    text: str


#: The kind of entry that records only a slip of a digital copy (the base retained).
SLIP_KIND = "slip"
#: The kind of entry that changes only the base's punctuation (a 破句 the commentary refutes).
#: The witnesses are unpunctuated copies, so none can be cited for the lemma: its one reading
#: is the base's, and the note gives the editors' grounds. edition.json leaves it out (its
#: text is compared with the base punctuation aside); the 校記 and the TEI record it.
PUNCTUATION_KIND = "punctuation"


def unpunctuated(text: str) -> str:
    """``text`` without its marks of punctuation and spaces (Unicode categories P and Z)."""
    return "".join(c for c in text if not _is_mark(c))


@dataclass(frozen=True)
class Entry:
    """One editorial decision (see the header of apparatus.toml)."""

    id: str
    seed_line: int
    step: str
    lemma: str
    base: str
    context: str
    decision: str
    kind: str
    readings: tuple[Reading, ...]
    pages: dict[str, str] = field(default_factory=dict)
    note: str = ""  # the editors' reasoning (the witness statement is composed: apparatus_notes)
    slips: tuple[Slip, ...] = ()

    @property
    def before(self) -> str:
        """Edited text before the lemma in the context."""
        return split_context(self.context)[0]

    @property
    def after(self) -> str:
        """Edited text after the lemma in the context."""
        return split_context(self.context)[2]

    @property
    def base_context(self) -> str:
        """The context as it reads in the base text (lemma replaced by the base reading)."""
        b, _, a = split_context(self.context)
        return b + (self.base if self.decision == "emend" else self.lemma) + a


def split_context(context: str) -> tuple[str, str, str]:
    """Split ``居侯[黨]之一`` into (before, lemma, after); ValueError if not exactly one pair."""
    if context.count(OPEN) != 1 or context.count(CLOSE) != 1:
        raise ValueError(f"context {context!r} must hold exactly one {OPEN}…{CLOSE}")
    before, rest = context.split(OPEN)
    lemma, after = rest.split(CLOSE)
    return before, lemma, after


def load_entries(path: Path, base: str = "", kinds: Sequence[str] = ()) -> list[Entry]:
    """Read and validate apparatus.toml (ValueError on a malformed entry)."""
    return load_entry_file(path, lambda doc: entries_from(doc, base, kinds))


#: The fields of an entry of apparatus.toml.
ENTRY_FIELDS = (
    "id",
    "seed_line",
    "step",
    "lemma",
    "base",
    "context",
    "decision",
    "kind",
    "readings",
    "pages",
    "note",
    "slips",
)
#: The form of apparatus.toml: its entries, and the ids it retires (never to be used again).
FORM = Toml({"": ("entry", "retired")})
#: The warning subtypes of the entries' problems (values of ``warnings.XsWarning``).
BAD_APPARATUS, REUSED_ID = "bad_apparatus", "reused_id"


def read_entries(
    path: Path, base: str = "", kinds: Sequence[str] = ()
) -> tuple[list[Entry], list[Problem]]:
    """Read apparatus.toml without raising: the valid entries, and a located
    :class:`~.datafile.Problem` for the file and each entry that cannot be used."""
    return read_entry_file(path, lambda doc: entries_from(doc, base, kinds))


#: An entry of an apparatus file (the 原文's :class:`Entry`, the translation's own).
E = TypeVar("E")
#: The entries of a file read by :func:`.datafile.read_toml`, and the problems of the others.
EntriesFrom = Callable[[Document], tuple[list[E], list[Problem]]]


def read_entry_file(path: Path, entries_from: EntriesFrom[E]) -> tuple[list[E], list[Problem]]:
    """The one reader of an apparatus file (``[[entry]]`` tables and the ids it retires: the
    原文's and the translation's alike): the valid entries, and a located problem for the file
    and each entry that cannot be used, so a build can warn about each at its line."""
    doc = read_toml(path, FORM)
    entries, problems = entries_from(doc)
    return entries, doc.problems + problems


def load_entry_file(path: Path, entries_from: EntriesFrom[E]) -> list[E]:
    """:func:`read_entry_file` for the tools and tests: ValueError on the first problem."""
    entries, problems = read_entry_file(path, entries_from)
    if problems:
        raise ValueError(str(problems[0]))
    return entries


def entry_tables(
    doc: Document, fields: Sequence[str], id_pattern: str = r"[a-z]+-\d+"
) -> tuple[list[tuple[int, dict[str, Any]]], list[Problem]]:
    """The ``[[entry]]`` tables of an apparatus file with their lines, and the problems they
    share: an entry that is not a table, a field no entry has (it would be lost without a
    word), an id used twice or one that the file's ``retired`` list retires (ids are
    published: never reused), a field not of its TOML type (:func:`shape_problem`). An entry
    with such a problem is left out. An entry's line is where it begins, however the file
    writes it (:meth:`.datafile.Document.item_lines`: a ``[[entry]]`` or an inline array)."""
    src = str(doc.path)
    starts = doc.item_lines("entry")
    problems: list[Problem] = []
    retired_raw = doc.data.get("retired", [])
    if not isinstance(retired_raw, list) or not all(isinstance(r, str) for r in retired_raw):
        problems.append(
            Problem(src, doc.line_of("retired"), "retired must be a list of ids", BAD_APPARATUS)
        )
        retired_raw = []
    retired = set(retired_raw)
    raw = doc.data.get("entry", [])
    if not isinstance(raw, list):
        return [], [
            *problems,
            Problem(src, doc.line_of("entry"), "entry must be [[entry]] tables", BAD_APPARATUS),
        ]
    out = []
    seen: dict[str, int] = {}
    for i, e in enumerate(raw):
        line = starts[i] if i < len(starts) else 0
        if not isinstance(e, dict):
            problems.append(Problem(src, line, f"entry {i + 1} is not a table", BAD_APPARATUS))
            continue
        ident = e.get("id")
        unknown = sorted(set(e) - set(fields))
        if unknown:
            problems.append(
                Problem(
                    src,
                    line,
                    f"entry {ident or i + 1}: unknown field {', '.join(map(repr, unknown))} "
                    f"(fields: {', '.join(fields)}); the entry is left out",
                    UNKNOWN_KEY,
                )
            )
            continue
        if not isinstance(ident, str) or not re.fullmatch(id_pattern, ident):
            problems.append(
                Problem(
                    src,
                    line,
                    f"entry {i + 1}: id {ident!r} is not of the form {id_pattern}; the entry is "
                    "left out",
                    BAD_APPARATUS,
                )
            )
            continue
        if ident in retired:
            problems.append(
                Problem(
                    src,
                    line,
                    f"entry {ident}: the id is retired (the file's retired list); a published "
                    "id is never used again: give the entry a new id",
                    REUSED_ID,
                )
            )
            continue
        if ident in seen:
            problems.append(
                Problem(
                    src,
                    line,
                    f"entry {ident}: the id is used twice (first on line {seen[ident]}); the "
                    "second entry is left out",
                    DUPLICATE_KEY,
                )
            )
            continue
        seen[ident] = line
        shape = shape_problem(e, fields)
        if shape is not None:
            message, kind = shape
            problems.append(
                Problem(src, line, f"entry {ident}: {message}; the entry is left out", kind)
            )
            continue
        out.append((line, e))
    return out, problems


def entry_lines(doc: Document) -> dict[str, int]:
    """id → the line of an entry of an apparatus file, for warnings about it: the line of its
    ``id`` key (however quoted and spaced), else where the entry begins (its ``[[entry]]``
    header, or its place in an array written inline). The first entry of an id is its."""
    raw = doc.data.get("entry", [])
    if not isinstance(raw, list):
        return {}
    starts = doc.item_lines("entry")
    ids = [n for path, n in doc.key_lines() if path == ("entry", "id")]
    out: dict[str, int] = {}
    for i, e in enumerate(raw):
        if not isinstance(e, dict) or not isinstance(e.get("id"), str):
            continue
        start = starts[i] if i < len(starts) else 0
        end = starts[i + 1] if i + 1 < len(starts) else None
        own = [n for n in ids if start < n and (end is None or n < end)]
        out.setdefault(e["id"], own[0] if own else start)
    return out


#: The fields of a reading and of a slip (tables in an entry's ``readings`` and ``slips``).
READING_FIELDS, SLIP_FIELDS = ("text", "witnesses"), ("witness", "text")


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


#: What each field of a reading or a slip must be, and how a problem names it.
_PART_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "text": (_is_text, "a string"),
    "witness": (_is_text, "a siglum (a string)"),
    "witnesses": (is_strings, "a list of sigla (strings)"),
}


def _parts_problem(value: Any, name: str, fields: Sequence[str]) -> tuple[str, str] | None:
    """What is wrong with an entry's ``readings`` or ``slips``: a list of tables, each with
    exactly ``fields``, each of its type."""
    if not isinstance(value, list):
        return f"{name} {value!r} is not a list of tables", BAD_APPARATUS
    for n, part in enumerate(value, 1):
        if not isinstance(part, dict):
            return f"{name} {n} ({part!r}) is not a table", BAD_APPARATUS
        unknown = sorted(set(part) - set(fields))
        if unknown:
            return (
                f"{name} {n}: unknown field {', '.join(map(repr, unknown))} (fields: "
                f"{', '.join(fields)})",
                UNKNOWN_KEY,
            )
        for field_name in fields:
            if field_name not in part:
                return f"{name} {n} lacks the field {field_name!r}", BAD_APPARATUS
            check, what = _PART_TYPES[field_name]
            if not check(part[field_name]):
                return f"{name} {n}: {field_name} {part[field_name]!r} is not {what}", BAD_APPARATUS
    return None


def shape_problem(e: dict[str, Any], fields: Sequence[str]) -> tuple[str, str] | None:
    """What is wrong with the TOML types of an entry's ``fields`` (those it has), as a message
    and its warning subtype, or None: ``seed_line`` a whole number of 1 or more (not a float,
    a boolean or a string), ``readings`` and ``slips`` lists of tables of exactly their fields
    (an unknown one would be lost without a word), ``pages`` a table of strings, every other
    field a string. Why: a value of another type passed on would be coerced (``int(1.7)``) or
    break the build where it is used (a number for a note, a list for a step)."""
    for name in fields:
        if name not in e:
            continue
        value = e[name]
        if name == "seed_line":
            if type(value) is not int or value < 1:
                return (
                    f"seed_line {value!r} is not a line of the seed (a whole number, 1 or more)",
                    BAD_APPARATUS,
                )
        elif name == "readings":
            found = _parts_problem(value, name, READING_FIELDS)
            if found:
                return found
        elif name == "slips":
            found = _parts_problem(value, name, SLIP_FIELDS)
            if found:
                return found
        elif name == "pages":
            if not is_string_table(value):
                return f"pages {value!r} is not a table of sigla and pages (strings)", BAD_APPARATUS
        elif not isinstance(value, str):
            return f"{name} {value!r} is not a string", BAD_APPARATUS
    return None


def entries_from(
    doc: Document, base: str = "", kinds: Sequence[str] = ()
) -> tuple[list[Entry], list[Problem]]:
    """The valid entries of apparatus.toml as read by :func:`.datafile.read_toml`, and what
    is wrong with the others — what the Sphinx build warns about. ``base`` is the base text's
    siglum, which every entry must cite; ``kinds`` the kinds of decision the edition declares
    (any kind if empty)."""
    src = str(doc.path)
    tables, problems = entry_tables(doc, ENTRY_FIELDS, r"app-\d+")
    entries: list[Entry] = []
    for line, e in tables:
        try:
            entry = Entry(
                id=e["id"],
                seed_line=e["seed_line"],
                step=e.get("step", ""),
                lemma=e["lemma"],
                base=e["base"],
                context=e["context"],
                decision=e["decision"],
                kind=e["kind"],
                readings=tuple(Reading(r["text"], tuple(r["witnesses"])) for r in e["readings"]),
                pages=dict(e.get("pages", {})),
                note=e.get("note", ""),
                slips=tuple(Slip(x["witness"], x["text"]) for x in e.get("slips", [])),
            )
            check_entry(entry, base, kinds)
        except KeyError as exc:
            problems.append(
                Problem(src, line, f"entry {e['id']} lacks the field {exc}", BAD_APPARATUS)
            )
            continue
        except (TypeError, ValueError, AttributeError) as exc:
            problems.append(Problem(src, line, f"entry {e['id']}: {exc}", BAD_APPARATUS))
            continue
        entries.append(entry)
    return entries, problems


def base_siglum(sigla: dict[str, dict[str, str]]) -> str:
    """The siglum of the base text (the row of sigla.tsv whose role is ``base``)."""
    return next((s for s, row in sigla.items() if row.get("role") == BASE_ROLE), "")


def _repeated(sigla: Iterable[str]) -> str | None:
    """The first siglum that comes a second time, or None."""
    seen: set[str] = set()
    for s in sigla:
        if s in seen:
            return s
        seen.add(s)
    return None


def check_entry(entry: Entry, base: str = "", kinds: Sequence[str] = ()) -> None:
    """Raise ValueError if an entry contradicts itself (``base``: the base text's siglum;
    ``kinds``: the kinds of decision allowed, any if empty)."""
    if entry.decision not in DECISIONS:
        raise ValueError(f"{entry.id}: decision {entry.decision!r}")
    if kinds and entry.kind not in kinds:
        raise ValueError(f"{entry.id}: kind {entry.kind!r}")
    _, lemma, _ = split_context(entry.context)
    if lemma != entry.lemma:
        raise ValueError(f"{entry.id}: context lemma {lemma!r} is not the lemma {entry.lemma!r}")
    if entry.decision == "retain" and entry.lemma != entry.base:
        raise ValueError(f"{entry.id}: a retained reading must equal the base")
    if entry.decision == "emend" and entry.lemma == entry.base:
        raise ValueError(f"{entry.id}: an emendation must change the text")
    if base and not any(base in r.witnesses for r in entry.readings):
        raise ValueError(f"{entry.id}: no reading carries the base siglum {base}")
    cited = [s for r in entry.readings for s in r.witnesses]
    if (twice := _repeated(cited)) is not None:
        raise ValueError(f"{entry.id}: {twice} is cited more than once (a witness has one reading)")
    if (twice := _repeated(s.witness for s in entry.slips)) is not None:
        raise ValueError(f"{entry.id}: two slips of {twice}")
    credited = set(cited)
    for slip in entry.slips:
        if slip.witness == base or slip.witness in credited:
            raise ValueError(f"{entry.id}: slip of {slip.witness}, which has a reading")
    if entry.slips and not any(r.text == entry.lemma for r in entry.readings):
        raise ValueError(f"{entry.id}: a slip stands where no witness reads the lemma")
    if entry.kind == SLIP_KIND and not (entry.slips and entry.decision == "retain"):
        raise ValueError(f"{entry.id}: an entry of kind slip retains the base and names a slip")
    if entry.kind == PUNCTUATION_KIND:
        check_punctuation(entry, base)


def check_punctuation(entry: Entry, base: str = "") -> None:
    """An entry of kind punctuation emends, changes nothing but punctuation, and cites no
    witness (the witnesses are unpunctuated: its one reading is the base's)."""
    if entry.decision != "emend":
        raise ValueError(f"{entry.id}: an entry of kind punctuation emends the base")
    if unpunctuated(entry.lemma) != unpunctuated(entry.base):
        raise ValueError(
            f"{entry.id}: an entry of kind punctuation changes only punctuation, but "
            f"{entry.base!r} and {entry.lemma!r} differ in their characters"
        )
    if len(entry.readings) != 1 or entry.readings[0].text != entry.base:
        raise ValueError(
            f"{entry.id}: an entry of kind punctuation has one reading, the base's "
            "(no witness is punctuated)"
        )
    if base and entry.readings[0].witnesses != (base,):
        raise ValueError(f"{entry.id}: the one reading of a punctuation entry is {base}'s")
    if entry.pages or entry.slips:
        raise ValueError(f"{entry.id}: a punctuation entry cites no witness's page or slip")


#: The roles of a siglum (sigla.tsv): the base text, a witness counted in the apparatus, an
#: auxiliary one (a check of another's transcription, never counted), one consulted only.
SIGLUM_ROLES = (BASE_ROLE, "witness", "auxiliary", "not-collated")
SIGLA_FORM = Tsv(
    ("siglum", "name", "description", "source", "licence", "role"),
    key=("siglum",),
    enums={"role": SIGLUM_ROLES},
    required=("siglum", "name"),
)


def load_sigla(path: Path) -> dict[str, dict[str, str]]:
    """siglum → row (name, description, source, licence, role), in file order."""
    rows, problems = read_sigla(path)
    if problems:
        raise ValueError(str(problems[0]))
    return rows


def read_sigla(path: Path) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """Read sigla.tsv without raising: the rows, and a problem for each bad row."""
    table = read_tsv(path, SIGLA_FORM)
    rows, problems = sigla_from(table)
    return rows, table.problems + problems


def sigla_from(table: Table) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """The sigla of a table read by :func:`.datafile.read_tsv` (siglum → row), and whether
    exactly one names the base text."""
    rows = {row["siglum"]: dict(row.values) for row in table.rows}
    bases = [row for row in table.rows if row["role"] == BASE_ROLE]
    problems = []
    if len(bases) > 1:
        problems.append(
            Problem(
                str(table.path),
                bases[1].line,
                f"a second base text ({bases[1]['siglum']}; first {bases[0]['siglum']} on line "
                f"{bases[0].line})",
                BAD_APPARATUS,
            )
        )
    elif not bases and table.rows:
        problems.append(
            Problem(str(table.path), table.rows[0].line, "no siglum is the base", BAD_APPARATUS)
        )
    return rows, problems


def _find_all(text: str, sub: str) -> list[int]:
    out, i = [], text.find(sub)
    while i >= 0:
        out.append(i)
        i = text.find(sub, i + 1)
    return out


def locate(step_text: str, entry: Entry) -> tuple[int, int]:
    """Code-point offsets (start, end) of the lemma in the step's edited, punctuated text.

    For an empty lemma start == end (the place of the deletion).  ValueError if the context
    does not occur in the step, or occurs more than once.
    """
    before, lemma, after = split_context(entry.context)
    hits = _find_all(step_text, before + lemma + after)
    if not hits:
        raise ValueError(f"{entry.id}: context {entry.context!r} not found in the step")
    if len(hits) > 1:
        raise ValueError(f"{entry.id}: context {entry.context!r} is ambiguous ({len(hits)}×)")
    start = hits[0] + len(before)
    return start, start + len(lemma)


def locate_base(base_text: str, entry: Entry) -> tuple[int, int]:
    """Offsets (start, end) of an entry's place in the step's *base* text, as the page has it:
    where its context reads with the base reading in the brackets.  For an addition of the
    editors (an empty base) start == end.  ValueError if the context is not found or is
    ambiguous."""
    before, _, after = split_context(entry.context)
    reading = entry.base if entry.decision == "emend" else entry.lemma
    hits = _find_all(base_text, before + reading + after)
    wanted = f"(the base text reading {before + reading + after!r})"
    if not hits:
        raise ValueError(f"{entry.id}: context {entry.context!r} not found in the step {wanted}")
    if len(hits) > 1:
        raise ValueError(
            f"{entry.id}: context {entry.context!r} is ambiguous ({len(hits)}×) {wanted}"
        )
    start = hits[0] + len(before)
    return start, start + len(reading)


def edit_ops(base: str, lemma: str) -> list[tuple[Any, int, int, int, int]]:
    """How a base reading becomes the lemma, character by character (difflib opcodes), so that
    the build can edit a span that crosses markup piece by piece: ``一黨一 `` → ``黨`` deletes
    the wrapper and keeps 黨 (inside its term) as it was. Two readings with the same
    characters differ in their punctuation alone, and are aligned character by character
    (:func:`punctuation_ops`): difflib would match 「。不」 across 「辯有脯醢。不祭，不洗」 →
    「辯有脯醢，不祭。不洗」 and delete the term 祭 to write it again as plain text."""
    if base != lemma and unpunctuated(base) == unpunctuated(lemma):
        return punctuation_ops(base, lemma)
    return SequenceMatcher(None, base, lemma, autojunk=False).get_opcodes()


def _is_mark(c: str) -> bool:
    return unicodedata.category(c).startswith(("P", "Z"))


def punctuation_ops(base: str, lemma: str) -> list[tuple[Any, int, int, int, int]]:
    """Opcodes (as difflib's) from ``base`` to ``lemma``, which have the same characters
    (:func:`unpunctuated`): each character kept, each run of marks between two characters
    kept, replaced, deleted or inserted. ValueError if their characters differ."""
    if unpunctuated(base) != unpunctuated(lemma):
        raise ValueError(f"{base!r} and {lemma!r} differ in more than their punctuation")
    ops: list[tuple[Any, int, int, int, int]] = []

    def put(tag: str, i1: int, i2: int, j1: int, j2: int) -> None:
        if tag == "equal" and ops and ops[-1][0] == "equal":
            _, a1, _, b1, _ = ops[-1]
            ops[-1] = ("equal", a1, i2, b1, j2)
        else:
            ops.append((tag, i1, i2, j1, j2))

    i = j = 0
    while i < len(base) or j < len(lemma):
        i2, j2 = i, j
        while i2 < len(base) and _is_mark(base[i2]):
            i2 += 1
        while j2 < len(lemma) and _is_mark(lemma[j2]):
            j2 += 1
        if base[i:i2] == lemma[j:j2]:
            if i2 > i:
                put("equal", i, i2, j, j2)
        else:
            put("replace" if i2 > i and j2 > j else "delete" if i2 > i else "insert", i, i2, j, j2)
        i, j = i2, j2
        if i < len(base) and j < len(lemma):  # a character, the same in both
            put("equal", i, i + 1, j, j + 1)
            i, j = i + 1, j + 1
    return ops


def apply_order(
    text: str, entries: list[Entry], apply: Callable[[Entry, int, int], str] | None = None
) -> tuple[str, list[Entry]]:
    """Apply entries to a step's base text one at a time, each where its context reads in the
    text as edited so far: a context may hold a neighbouring emendation's lemma (the contexts
    are of the edited text), which reads so only once that neighbour is applied.

    ``apply(entry, start, end)`` does the applying and returns the new text (by default the
    text with the lemma put in). Returns the final text and the entries that could not be
    placed, in their order; raises nothing.
    """
    pending = list(entries)
    while pending:
        for entry in pending:
            try:
                start, end = locate_base(text, entry)
            except ValueError:
                continue
            if apply is None:
                lemma = entry.lemma if entry.decision == "emend" else entry.base
                text = text[:start] + lemma + text[end:]
            else:
                text = apply(entry, start, end)
            pending.remove(entry)
            break
        else:
            break
    return text, pending


def edited_text(base_text: str, entries: list[Entry]) -> str:
    """Apply every emendation of a step to its base text: the edited text, as printed.
    ValueError if an entry cannot be placed."""
    text, left = apply_order(base_text, [e for e in entries if e.decision == "emend"])
    if left:
        locate_base(text, left[0])  # raises, saying why
    return text


def base_text(step_text: str, entries: list[Entry]) -> str:
    """Undo every emendation of a step: the step's text as the base text has it.

    All lemmas are located in the edited text first, then replaced from right to left, so
    entries whose contexts overlap do not disturb each other.
    """
    spans = []
    for e in entries:
        if e.decision == "emend":
            start, end = locate(step_text, e)
            spans.append((start, end, e.base))
    spans.sort(reverse=True)
    out = step_text
    for start, end, base in spans:
        out = out[:start] + base + out[end:]
    return out


def witnessed_readings(entry: Entry, order: list[str] | None = None) -> tuple[Reading, ...]:
    """The entry's readings with the witness of each slip counted among the lemma's: a slip is
    of the digital copy, and the edition it transcribes reads the lemma (:func:`check_entry`
    requires a reading of it). What the data give as each witness's reading (edition.json, the
    TEI); the 校記 print ``readings`` and say the slip apart. ``order``: the sigla's order."""
    slipped = tuple(s.witness for s in entry.slips)
    if not slipped:
        return entry.readings
    out = []
    for r in entry.readings:
        sigla = r.witnesses + slipped if r.text == entry.lemma else r.witnesses
        out.append(Reading(r.text, order_sigla(sigla, order) if order is not None else sigla))
    return tuple(out)


def order_sigla(sigla: tuple[str, ...], order: list[str]) -> tuple[str, ...]:
    """Sigla in the order of sigla.tsv (unknown ones last, as given)."""
    rank = {s: n for n, s in enumerate(order)}
    return tuple(sorted(sigla, key=lambda s: rank.get(s, len(rank))))


@dataclass(frozen=True)
class Formatted:
    """An entry as every output prints it (site, book, the marker's data): the lemma, placed,
    then the readings with their sigla, then the note. The writers only lay these parts out.

    ``word`` is the lemma, or for an empty lemma the word that places it, with ``where`` 下 or
    上 (``主人下``: after 主人); ``ordinal`` tells which occurrence of ``word`` in the step is
    meant when it occurs more than once (``唯²``), else 0.
    """

    word: str
    ordinal: int
    where: str
    readings: tuple[tuple[str, str], ...]  # (text, or 〔無〕; sigla)
    note: str

    @property
    def lemma(self) -> str:
        """``唯²``, ``主人下``."""
        return self.word + superscript(self.ordinal) + self.where

    @property
    def text(self) -> str:
        """``lemma ] reading sigla；reading sigla`` (the note apart)."""
        return f"{self.lemma} ] " + READING_SEP.join(f"{t} {s}" for t, s in self.readings)


#: A form a note quotes: 「…」 (the brackets kept with it).
QUOTED = re.compile(r"「[^「」]*」")


def note_segments(note: str, forms: Sequence[str]) -> list[tuple[str, bool]]:
    """The note cut into ``(text, is_form)`` pieces: a quoted 「…」 and any of ``forms`` (the
    entry's lemma, base and readings) written as a witness writes it, the rest prose. Why:
    a rendering that converts the prose (the Simplified copy) must leave the forms alone, or
    「後 庫；后 底。庫作後」 would say that 庫 reads what it does not."""
    words = sorted({f for f in forms if f.strip()}, key=len, reverse=True)
    pattern = "|".join([QUOTED.pattern] + [re.escape(w) for w in words])
    out: list[tuple[str, bool]] = []
    at = 0
    for m in re.finditer(pattern, note):
        if m.start() > at:
            out.append((note[at : m.start()], False))
        out.append((m.group(0), True))
        at = m.end()
    if at < len(note):
        out.append((note[at:], False))
    return out


def superscript(n: int) -> str:
    """``2`` → ``²`` ('' for 0)."""
    return str(n).translate(_SUPERSCRIPT) if n else ""


def _is_word_char(char: str) -> bool:
    return char.isalnum()  # ideographs are alphanumeric; punctuation and spaces are not


def _ordinal(text: str, word: str, at: int) -> int:
    """Which occurrence of ``word`` in ``text`` the one at ``at`` is, if there are several."""
    hits = _find_all(text, word) if word else []
    return hits.index(at) + 1 if len(hits) > 1 and at in hits else 0


def _placing_word(
    text: str, at: int, words: Sequence[tuple[int, int]]
) -> tuple[str, int, str] | None:
    """The word that places an empty lemma at ``at``: the marked term (or the character) just
    before it, with 下; at the start of a clause the one just after it, with 上."""
    if at > 0 and _is_word_char(text[at - 1]):
        start = next((a for a, b in words if b == at and a < b), at - 1)
        return text[start:at], start, AFTER
    if at < len(text) and _is_word_char(text[at]):
        end = next((b for a, b in words if a == at and a < b), at + 1)
        return text[at:end], at, BEFORE
    return None


def format_parts(
    entry: Entry,
    order: list[str] | None = None,
    text: str = "",
    start: int = -1,
    words: Sequence[tuple[int, int]] = (),
) -> Formatted:
    """The parts of an entry as printed, the lemma's reading first.

    ``text`` is the step's edited text and ``start`` the lemma's offset in it (``words``: the
    spans of its marked terms), from which the lemma gets its ordinal and an empty lemma its
    place; without them an empty lemma prints as 〔無〕. For an emendation the base text's
    reading (底) is among the variants; for a retained reading 底 supports the lemma. An empty
    reading prints as 〔無〕.
    """
    readings = []
    for r in sorted(entry.readings, key=lambda r: r.text != entry.lemma):
        sig = order_sigla(r.witnesses, order) if order else r.witnesses
        readings.append((r.text or EMPTY, "".join(sig)))
    word, ordinal, where = entry.lemma or EMPTY, 0, ""
    if text and 0 <= start <= len(text):
        if entry.lemma:
            ordinal = _ordinal(text, entry.lemma, start)
        else:
            placed = _placing_word(text, start, words)
            if placed is not None:
                word, at, where = placed
                ordinal = _ordinal(text, word, at)
    return Formatted(word, ordinal, where, tuple(readings), entry.note)


def format_entry(
    entry: Entry,
    order: list[str] | None = None,
    text: str = "",
    start: int = -1,
    words: Sequence[tuple[int, int]] = (),
) -> str:
    """``lemma ] reading sigla；variant sigla`` (see :func:`format_parts`)."""
    return format_parts(entry, order, text, start, words).text
