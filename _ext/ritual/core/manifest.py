"""The typed tables of ``edition.toml``: ``[plan]``, ``[references]``, ``[translation_apparatus]``.

Why typed: these tables hold the words and measures the site and the books print (the stage
view's title, the notes under every plan, how a back-reference reads, the kinds of correction of
the 譯文). Read as loose mappings, a value of the wrong type or a misspelt key was used as it
came, or dropped without a word, somewhere far from the file. Here each table becomes a frozen
dataclass when the edition is read: every value is checked against its field's type, and one
that is not is said at its line of edition.toml (``bad_edition``) and the field's default used;
a key the table does not know is said at its line (``unknown_key``) by the strict reader, whose
form lists each table's keys from these dataclasses' fields (one place declares them); a key of
an entry in a list of tables (``bases``, ``kinds``) is checked here.

:class:`TableReader` is the one way a table of edition.toml is read (here, and in
:func:`.edition.load_edition` for ``[terms]``, ``[apparatus]``, ``[search]``, ``[tei]``): a
value against its :class:`Type` (a bool is no number, a number no string), an inline table or
each entry of a list of them against its fields (known, each of its type), every problem at its
line (an entry's own line, :meth:`~.datafile.Document.item_lines`).

The text of the edition, not the engine, says what a plan on which nobody stands reads
(``[plan] empty``), and what the stage view's key says then (``stage_empty``).

No Sphinx import: tools and tests read editions with it alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, NamedTuple

from . import translation_apparatus
from .datafile import (
    DUPLICATE_KEY,
    UNKNOWN_KEY,
    Document,
    Problem,
    closest,
    is_positive,
    is_string_table,
    is_strings,
)
from .xrefs import THROUGH

#: The subtype of a value of edition.toml that cannot be used (``warnings.XsWarning``).
BAD_EDITION = "bad_edition"
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")


class ManifestError(ValueError):
    """A value of a table that the edition cannot go without (its ids' form), at its line."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class PlanTable:
    """``[plan]``: the stage view's title and description, the spacing of a row of figures
    at one place (尺), what a plan on which nobody stands says (``empty``, its description) and
    what the stage view's key says at such a step (``stage_empty``), and the notes printed
    under every plan and under the plans of one view."""

    title: str = ""
    description: str = ""
    spacing: float = 3.0
    empty: str = ""
    stage_empty: str = ""
    notes: tuple[str, ...] = ()
    view_notes: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))


#: The words of ``[references]`` when ``edition.toml`` gives none: the site's and the books'
#: Classical-Chinese wording of the cross-references (``{steps}``, ``{text}``, ``{n}`` kept).
REFERENCE_WORDS = {
    "see": "見第{steps}節",
    "see_external": "見《{text}》",
    "through": THROUGH,
    "separator": "、",
    "explained_by": "記",
    "explained_by_title": "記文釋此節",
    "explains": "經",
    "explains_title": "此節所釋之經",
    "general": "通論",
    "go": "前往第{n}節",
    "close": "關閉",
}


@dataclass(frozen=True)
class ReferencesTable:
    """``[references]``: how the site and the books name the cross-references (the formulas'
    expansions, the 記's ties), the bases of a decision (name → label; ``own``: the bases that
    are the editors' own reading) and the kinds of decision on a plain 如 (name → label)."""

    see: str = REFERENCE_WORDS["see"]
    see_external: str = REFERENCE_WORDS["see_external"]
    through: str = REFERENCE_WORDS["through"]
    separator: str = REFERENCE_WORDS["separator"]
    explained_by: str = REFERENCE_WORDS["explained_by"]
    explained_by_title: str = REFERENCE_WORDS["explained_by_title"]
    explains: str = REFERENCE_WORDS["explains"]
    explains_title: str = REFERENCE_WORDS["explains_title"]
    general: str = REFERENCE_WORDS["general"]
    go: str = REFERENCE_WORDS["go"]
    close: str = REFERENCE_WORDS["close"]
    bases: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    own: tuple[str, ...] = ()
    kinds: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def see_steps(self, labels: list[str]) -> str:
        return self.see.format(steps=self.separator.join(labels))


#: The placeholders a words' value must keep (the numbers would be lost without them).
_PLACEHOLDERS = {"see": "{steps}", "see_external": "{text}", "go": "{n}"}


@dataclass(frozen=True)
class TranslationApparatusTable:
    """``[translation_apparatus]``: the form of the ids of the corrections of the base 譯文 (a
    prefix, a hyphen and ``id_digits`` digits: tr-001; never reused) and their kinds, each a
    name and the label the 凡例 gives it; ``kept_kinds``, the kinds declared ``kept = true``:
    corrections of a character's form, whose lemma a copy in another script keeps."""

    id_prefix: str = translation_apparatus.DEFAULT_ID_PREFIX
    id_digits: int = translation_apparatus.DEFAULT_ID_DIGITS
    kinds: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType(dict(translation_apparatus.DEFAULT_KINDS))
    )
    kept_kinds: frozenset[str] = translation_apparatus.DEFAULT_KEPT_KINDS


def keys_of(table: type) -> tuple[str, ...]:
    """The keys a table may hold in edition.toml (its dataclass's fields; ``own`` is a flag of
    an entry of ``bases``, not a key of the table)."""
    return tuple(f.name for f in fields(table) if f.name != "own")


class Type(NamedTuple):
    """What a value of edition.toml must be: how a message names it, and the check."""

    what: str
    check: Callable[[Any], bool]


#: The types of edition.toml's values (a bool is not a number, a number is not a string).
STRING = Type("a string", lambda v: isinstance(v, str))
TEXT = Type("a non-empty string", lambda v: isinstance(v, str) and bool(v.strip()))
WORD = Type("a word (no blank)", lambda v: isinstance(v, str) and bool(re.fullmatch(r"\S+", v)))
BOOLEAN = Type("true or false", lambda v: isinstance(v, bool))
STRINGS = Type("a list of strings", is_strings)
STRING_TABLE = Type("a table of strings", is_string_table)


class TableReader:
    """Reads one table of a :class:`~.datafile.Document` into problems and checked values:
    each value of the wrong type, each unknown field of an inline table and each entry of a
    list that cannot be used is said at its line (``bad_edition``, ``unknown_key``), and the
    default used or the entry left out: nothing is coerced or dropped without a word."""

    def __init__(self, doc: Document, name: str) -> None:
        self.doc = doc
        self.name = name
        raw = doc.data.get(name, {})
        self.data: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
        self.problems: list[Problem] = []

    def line(self, *key: str) -> int:
        return self.doc.line_of(self.name, *key) or self.doc.line_of(self.name) or 1

    def bad(self, key: str, message: str, kind: str = BAD_EDITION, line: int = 0) -> None:
        self.problems.append(Problem(str(self.doc.path), line or self.line(key), message, kind))

    def typed(self, key: str, kind: Type, default: Any) -> Any:
        """The table's ``key`` if it is of ``kind``; else said, and ``default``."""
        return self.value(key, kind.check, kind.what, default)

    def fields(
        self,
        key: str,
        value: Any,
        spec: Mapping[str, Type],
        required: tuple[str, ...] = (),
        line: int = 0,
        name: str = "",
        entry: bool = False,
    ) -> dict[str, Any] | None:
        """An inline table (``key``'s value, or one entry of its list, at ``line``) checked
        against ``spec`` (field → type): its unknown fields and its fields of the wrong type
        are said and left out; None (said) if it is not a table or lacks a ``required`` field
        (or has one of the wrong type)."""
        where = f"{self.name}.{key}"
        line = line or self.line(key)
        if not isinstance(value, dict):
            self.bad(
                key,
                f"{where}: {value!r} must be a table {{ {', '.join(spec)} }}; it is not used",
                line=line,
            )
            return None
        own = f" of {name!r}" if name else ""
        out: dict[str, Any] = {}
        for field_name, field_value in value.items():
            kind = spec.get(field_name)
            # a field of a sub-table ([tei.editorial]) is on a line of its own
            at = line if entry else (self.doc.line_of(self.name, key, field_name) or line)
            if kind is None:
                self.bad(
                    key,
                    f"{where}: unknown field {field_name!r}{own} (known: {', '.join(spec)})"
                    f"{closest(field_name, tuple(spec))}; it is not used",
                    UNKNOWN_KEY,
                    at,
                )
            elif not kind.check(field_value):
                self.bad(
                    key,
                    f"{where}: {field_name}{own} must be {kind.what}, not {field_value!r}; "
                    f"{'the entry' if field_name in required else 'it'} is not used",
                    line=at,
                )
            else:
                out[field_name] = field_value
        lacking = [f for f in required if f not in value]
        if lacking:
            # (an entry of a list is shown, to tell it from the others on its line)
            shown = f": {value!r}" if entry else ""
            self.bad(
                key,
                f"{where}{shown} needs {' and '.join(lacking)}; it is not used",
                line=line,
            )
        if any(f not in out for f in required):
            return None
        return out

    def table(
        self, key: str, spec: Mapping[str, Type], required: tuple[str, ...] = ()
    ) -> dict[str, Any] | None:
        """The table's ``key``, an inline table (or a sub-table), checked (:meth:`fields`);
        None if absent or unusable."""
        if key not in self.data:
            return None
        return self.fields(key, self.data[key], spec, required)

    def value(self, key: str, check: Callable[[Any], bool], what: str, default: Any) -> Any:
        """The table's ``key`` if ``check`` accepts it; else said, and ``default``."""
        if key not in self.data:
            return default
        value = self.data[key]
        if check(value):
            return value
        self.bad(key, f"{self.name}.{key} must be {what}, not {value!r}; the default is used")
        return default

    def string(self, key: str, default: str) -> str:
        return str(self.typed(key, STRING, default))

    def strings(self, key: str) -> tuple[str, ...]:
        return tuple(self.typed(key, STRINGS, []))

    def entries(
        self, key: str, spec: Mapping[str, Type], required: tuple[str, ...] = ("name",)
    ) -> list[dict[str, Any]]:
        """A list of inline tables, each checked against ``spec`` at its own line
        (:meth:`fields`; by default each needs a ``name``); the entries that can be used."""
        shape = "a list of { " + ", ".join([*required, *(f for f in spec if f not in required)][:3])
        raw = self.value(key, lambda v: isinstance(v, list), shape + ", … }", [])
        lines = self.doc.item_lines(self.name, key)
        out = []
        for i, entry in enumerate(raw):
            name = entry.get("name") if isinstance(entry, dict) else None
            checked = self.fields(
                key,
                entry,
                spec,
                required,
                lines[i] if i < len(lines) else 0,
                name if isinstance(name, str) else "",
                entry=True,
            )
            if checked is not None:
                out.append(checked)
        return out


def read_plan(doc: Document) -> tuple[PlanTable, list[Problem]]:
    """``[plan]`` of edition.toml, checked (a bad value said at its line, the default used)."""
    r = TableReader(doc, "plan")
    default = PlanTable()
    spacing = r.value(
        "spacing",
        is_positive,
        "a positive number",
        default.spacing,
    )
    views = r.value(
        "view_notes",
        lambda v: isinstance(v, dict) and all(is_strings(n) for n in v.values()),
        "a table of view → list of strings",
        {},
    )
    return (
        PlanTable(
            title=r.string("title", default.title),
            description=r.string("description", default.description),
            spacing=float(spacing),
            empty=r.string("empty", default.empty),
            stage_empty=r.string("stage_empty", default.stage_empty),
            notes=r.strings("notes"),
            view_notes=MappingProxyType({str(k): tuple(v) for k, v in views.items()}),
        ),
        r.problems,
    )


def read_references(doc: Document) -> tuple[ReferencesTable, list[Problem]]:
    """``[references]`` of edition.toml, checked: each of the words a string (a placeholder
    such as ``{steps}`` kept), the bases and kinds named and labelled."""
    r = TableReader(doc, "references")
    default = ReferencesTable()
    words: dict[str, str] = {}
    for f in fields(ReferencesTable):
        if f.type != "str":
            continue
        text = r.string(f.name, getattr(default, f.name))
        mark = _PLACEHOLDERS.get(f.name)
        if mark and mark not in text:
            r.bad(
                f.name,
                f"references.{f.name} {text!r} lacks {mark} (what it stands for would be lost); "
                "the default is used",
            )
            text = getattr(default, f.name)
        words[f.name] = text
    bases: dict[str, str] = {}
    own: list[str] = []
    for basis in r.entries("bases", {"name": WORD, "label": STRING, "own": BOOLEAN}):
        if str(basis["name"]) in bases:  # (the second had silently won)
            r.bad(
                "bases",
                f"references.bases: {basis['name']!r} is declared twice; the first is used",
                DUPLICATE_KEY,
            )
            continue
        bases[str(basis["name"])] = str(basis.get("label", basis["name"]))
        if basis.get("own") is True:
            own.append(str(basis["name"]))
    kinds = r.value("kinds", STRING_TABLE.check, "a table of kind → label", {})
    table = ReferencesTable(
        **words,
        bases=MappingProxyType(bases),
        own=tuple(own),
        kinds=MappingProxyType({str(k): v for k, v in kinds.items()}),
    )
    return table, r.problems


def read_translation_apparatus(doc: Document) -> tuple[TranslationApparatusTable, list[Problem]]:
    """``[translation_apparatus]`` of edition.toml; absent, the engine's defaults. The id form
    and the kinds are what every entry is checked against, so a bad one stops the build
    (:class:`ManifestError`, at its line); an unknown field of a kind is said."""
    r = TableReader(doc, "translation_apparatus")
    default = TranslationApparatusTable()
    if "translation_apparatus" not in doc.data:
        return default, []
    if not isinstance(doc.data["translation_apparatus"], dict):
        raise ManifestError("translation_apparatus must be a table", r.line())

    def fail(message: str, key: str, line: int = 0) -> ManifestError:
        return ManifestError(f"translation_apparatus.{message}", line or r.line(key))

    prefix = r.data.get("id_prefix", default.id_prefix)
    if not isinstance(prefix, str) or not re.fullmatch(r"[a-z][a-z0-9]*", prefix):
        raise fail(f"id_prefix {prefix!r}: lower-case letters and digits", "id_prefix")
    digits = r.data.get("id_digits", default.id_digits)
    if not isinstance(digits, int) or isinstance(digits, bool) or not 1 <= digits <= 6:
        raise fail(f"id_digits {digits!r}: a whole number from 1 to 6", "id_digits")
    raw = r.data.get(
        "kinds",
        [
            {"name": k, "label": v, "kept": k in default.kept_kinds}
            for k, v in default.kinds.items()
        ],
    )
    if not isinstance(raw, list) or not raw:
        raise fail("kinds must be a non-empty list of { name, label }", "kinds")
    kinds: dict[str, str] = {}
    kept: set[str] = set()
    lines = doc.item_lines("translation_apparatus", "kinds")  # each kind said at its own line
    for i, kind in enumerate(raw):
        at = lines[i] if i < len(lines) else 0
        name = kind.get("name") if isinstance(kind, dict) else None
        label = kind.get("label") if isinstance(kind, dict) else None
        if not isinstance(name, str) or not _NAME.match(name):
            raise fail(f"kinds: {kind!r} needs a name (lower-case letters, digits, -)", "kinds", at)
        if not isinstance(label, str) or not label:
            raise fail(f"kinds: {name!r} needs a label (how the conventions name it)", "kinds", at)
        if name in kinds:
            raise fail(f"kinds: {name!r} is declared twice", "kinds", at)
        known = ("name", "label", "kept")
        for extra in sorted(set(kind) - set(known)):
            r.bad(
                "kinds",
                f"translation_apparatus.kinds: unknown field {extra!r} of {name!r} (known: "
                f"{', '.join(known)}){closest(extra, known)}; it is not used",
                UNKNOWN_KEY,
                at,
            )
        if not isinstance(kind.get("kept", False), bool):
            raise fail(f"kinds: {name!r}: kept must be true or false", "kinds", at)
        kinds[name] = label
        if kind.get("kept", False):
            kept.add(name)
    table = TranslationApparatusTable(prefix, digits, MappingProxyType(kinds), frozenset(kept))
    return table, r.problems
