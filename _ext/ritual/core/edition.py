"""An edition as data: the folder that holds one text's facts, and its ``edition.toml``.

The engine knows no fact of any one text. Everything that differs between one rite and its sibling
rites — the step-id prefix, the text's name, the kinds of marked term and their index titles,
the plan's notes and spacing, the data files themselves — is read from an edition folder. This
module finds the folder's files and reads ``edition.toml`` into an :class:`Edition`; the
modules that use a file (vocabularies, apparatus, setting …) load it themselves.

A file may also be taken from *another* edition, by reference rather than by copy: in
``[files]``, ``setting = "@other"`` names the edition ``other`` of the build's
``xs_editions`` (name → folder), whose own file of that name is then used.

No Sphinx import: tools and tests read editions with it alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import (
    apparatus,
    commentary_errata,
    orthography,
    registry,
    tei,
    translation_apparatus,
    vocab,
    xrefs,
)
from .apparatus_notes import LACKING_DEFAULT
from .concordance import NEGATION_GLOSS, NEGATION_PINYIN, NEGATION_PREFIX, Negation
from .datafile import (
    DUPLICATE_KEY,
    Document,
    Folder,
    Form,
    Problem,
    Toml,
    Tsv,
    integer,
    read_toml,
)
from .diagram import model, positions
from .manifest import (
    BOOLEAN,
    STRING,
    STRING_TABLE,
    TEXT,
    WORD,
    ManifestError,
    PlanTable,
    ReferencesTable,
    TableReader,
    TranslationApparatusTable,
    Type,
    keys_of,
    read_plan,
    read_references,
    read_translation_apparatus,
)


@dataclass(frozen=True)
class DataFile:
    """A role the engine reads: the file's conventional name in the edition folder, and its
    form (what the strict reader :mod:`.datafile` checks every line of the file against)."""

    name: str
    form: Form


#: commentary.tsv: the 注, one note a row on its lemma (written by ``tools/commentary.py``).
COMMENTARY_FORM = Tsv(
    ("id", "step", "start", "end", "from", "lemma", "witness", "pages", "supplied", "text"),
    key=("id",),
    types={"start": integer, "end": integer},
    required=("id", "step", "text"),
)


#: The data files of an edition, by role: one line declares a role (its name and its form, see
#: HACKING.md); an edition declares the ones it has in ``edition.toml`` ``[files]``.
ROLES: Mapping[str, DataFile] = MappingProxyType(
    {
        "registry": DataFile("step-registry.tsv", registry.FORM),
        "apparatus": DataFile("apparatus.toml", apparatus.FORM),
        "sigla": DataFile("sigla.tsv", apparatus.SIGLA_FORM),
        "variants": DataFile("variants.tsv", orthography.VARIANTS_FORM),
        "orthography": DataFile("orthography.tsv", orthography.FORM),
        "vocab": DataFile("vocab", Folder(vocab.FORM)),
        "setting": DataFile("setting.toml", model.FORM),
        "facings": DataFile("facings.tsv", model.FACINGS_FORM),
        "figures": DataFile("figures.tsv", positions.FIGURES_FORM),
        "furnishings": DataFile("furnishings.tsv", positions.FURNISHINGS_FORM),
        "positions": DataFile("positions.tsv", positions.FORM),
        "pinyin_overrides": DataFile(
            "pinyin-overrides.tsv",
            Tsv(
                ("char", "pinyin", "step", "note"),
                header=False,
                optional=1,
                key=("char",),
                types={"pinyin": vocab.char_reading},
            ),
        ),
        "pinyin_readings": DataFile(
            "pinyin-readings.tsv",
            Tsv(
                ("char", "pinyin"),
                header=False,
                key=("char",),
                types={"pinyin": vocab.char_reading},
            ),
        ),
        "commentary": DataFile("commentary.tsv", COMMENTARY_FORM),
        "commentary_errata": DataFile("commentary-errata.tsv", commentary_errata.FORM),
        "translation_apparatus": DataFile("translation-apparatus.toml", translation_apparatus.FORM),
        "translation_review": DataFile("translation-review.tsv", translation_apparatus.REVIEW_FORM),
        "references": DataFile("references.tsv", xrefs.FORM),
        "ties": DataFile("ties.tsv", xrefs.TIE_FORM),
    }
)
#: The conventional names, by role.
FILES = {role: f.name for role, f in ROLES.items()}
EDITION_FILE = "edition.toml"
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
#: The tables and keys of edition.toml (a key not listed is reported at its line).
FORM = Toml(
    {
        "": (
            "edition",
            "terms",
            "apparatus",
            "translation_apparatus",
            "plan",
            "search",
            "references",
            "tei",
            "files",
        ),
        "edition": ("id", "label", "id_prefix", "id_digits", "lang"),
        "terms": (
            "kinds",
            "persons",
            "negated_prefix",
            "negated_pinyin",
            "negated_gloss",
            "renamed",
        ),
        "apparatus": ("kinds", "lacking", "lacking_default", "class_note", "class_label"),
        "plan": keys_of(PlanTable),
        "search": ("placeholder",),
        "references": keys_of(ReferencesTable),
        "translation_apparatus": keys_of(TranslationApparatusTable),
        "tei": (
            "resp",
            "main",
            "record",
            "collection",
            "translation_lang",
            "commentary",
            "project",
            "editorial",
        ),
        "files": tuple(ROLES),
    }
)


#: The fields of an entry of ``[terms] kinds``, of ``[apparatus] kinds`` and of ``[terms]
#: renamed``; of ``[tei]`` (its values, and the fields of its inline tables).
TERM_KIND = {"name": WORD, "title": TEXT, "title_en": STRING, "negated": BOOLEAN}
APPARATUS_KIND = {"name": WORD, "label": TEXT}
RENAMED = {"kind": WORD, "from": TEXT, "to": TEXT}
TEI_WORDS = ("resp", "main", "record", "translation_lang", "project")
TEI_TABLES: Mapping[str, tuple[Mapping[str, Type], tuple[str, ...]]] = {
    "collection": ({"id": WORD, "title": STRING, "description": STRING}, ()),
    "commentary": (
        {"author": TEXT, "id": WORD, "source": STRING, "licence": STRING, "licence_url": STRING},
        ("author",),
    ),
    "editorial": ({part: STRING for part in tei.EDITORIAL_PARTS}, ()),
}


class EditionError(ValueError):
    """``edition.toml`` is missing or inconsistent; ``line`` locates it when known."""

    def __init__(self, message: str, path: Path, line: int = 0) -> None:
        super().__init__(message)
        self.path = path
        self.line = line

    @property
    def location(self) -> str:
        """``file:line``; the file alone when no line is known (the file as a whole)."""
        return f"{self.path}:{self.line}" if self.line else str(self.path)


@dataclass(frozen=True)
class TermKind:
    """A kind of marked term: its role name, index title and English title."""

    name: str
    title: str
    title_en: str
    #: whether the kind's terms may be negated (``{action}`!拜``` → 不拜); a negation in a kind
    #: without it is a slip (「不賓」 would enter the index), warned ``bad_term``
    negated: bool = False


@dataclass(frozen=True)
class Edition:
    """One text's edition: where its data lie and the facts the engine reads from them."""

    folder: Path
    id: str
    label: str
    id_prefix: str
    id_digits: int
    lang: str
    kinds: tuple[TermKind, ...]
    #: how the sub-entry of a headword's negated occurrences is named (``[terms] negated_*``)
    negation: Negation = field(default_factory=Negation)
    apparatus_kinds: Mapping[str, str] = field(default_factory=dict)
    #: how a note says a collated witness lacks the passage: by siglum, else the default
    apparatus_lacking: Mapping[str, str] = field(default_factory=dict)
    apparatus_lacking_default: str = LACKING_DEFAULT
    #: the editors' words on a form corrected as a class (orthography.tsv) where the data
    #: (edition.json, the TEI) lists it as an apparatus entry; {base}: the base's form
    apparatus_class_note: str = ""
    #: what such a form is called as a kind of entry (the TEI's category of its ``<app>``s)
    apparatus_class_label: str = ""
    #: ``[plan]``, ``[references]``, ``[translation_apparatus]``: typed, checked (manifest.py)
    plan: PlanTable = field(default_factory=PlanTable)
    search_placeholder: str = ""
    references: ReferencesTable = field(default_factory=ReferencesTable)
    translation_apparatus: TranslationApparatusTable = field(
        default_factory=TranslationApparatusTable
    )
    #: the kind of term whose terms are persons (``[terms] persons``): each gets an itinerary,
    #: the steps it acts in ('' : no kind does)
    persons: str = ""
    #: headwords renamed since a release (``[terms] renamed``): (kind, old headword) → the new
    #: one; the old headword's page stays, sending its reader on (a cited URL must not break)
    renamed: Mapping[tuple[str, str], str] = field(default_factory=dict)
    renamed_line: int = 0
    #: the line of each view's notes (``[plan] view_notes``), to say one of no view there
    view_notes_lines: Mapping[str, int] = field(default_factory=dict)
    #: ``[tei]``: what the TEI file and the DTS API say that the engine cannot know (export/tei.py)
    tei: Mapping[str, Any] = field(default_factory=dict)
    files: Mapping[str, Path] = field(default_factory=dict)
    #: the roles edition.toml declares in ``[files]`` (a declared file must exist)
    declared: frozenset[str] = frozenset()
    #: what is wrong with edition.toml but does not stop the build (a BOM, an unknown key …)
    problems: tuple[Problem, ...] = ()
    #: the line of each role's declaration in edition.toml (for messages)
    declared_at: Mapping[str, int] = field(default_factory=dict)
    #: the line of edition.toml's ``[files]`` table (0: there is none)
    files_line: int = 0

    @property
    def step_id_regex(self) -> str:
        """The step-id form as a regular expression without anchors (``xs-\\d{4}``), for the
        tools that find ids inside text (cross-references, notes, a page's step lines)."""
        return rf"{re.escape(self.id_prefix)}-\d{{{self.id_digits}}}"

    @property
    def step_id_pattern(self) -> re.Pattern[str]:
        """The form of this edition's step ids (prefix, hyphen, digits: ``ab-0001``)."""
        return re.compile(rf"^{self.step_id_regex}$")

    @property
    def step_id_form(self) -> str:
        """How the form is named in messages: ``xs-NNNN``."""
        return f"{self.id_prefix}-{'N' * self.id_digits}"

    @property
    def translation_kinds(self) -> Mapping[str, str]:
        """The kinds of correction of the base translation (name → label)."""
        return self.translation_apparatus.kinds

    @property
    def translation_id_prefix(self) -> str:
        return self.translation_apparatus.id_prefix

    @property
    def translation_id_digits(self) -> int:
        return self.translation_apparatus.id_digits

    @property
    def translation_id_pattern(self) -> re.Pattern[str]:
        """The form of the translation apparatus's ids (``tr-001``)."""
        return re.compile(
            rf"{re.escape(self.translation_id_prefix)}-\d{{{self.translation_id_digits}}}"
        )

    @property
    def translation_id_form(self) -> str:
        """How that form is named in messages: ``tr-NNN``."""
        return f"{self.translation_id_prefix}-{'N' * self.translation_id_digits}"

    def step_id(self, number: int) -> str:
        return f"{self.id_prefix}-{number:0{self.id_digits}d}"

    @property
    def kind_names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.kinds)

    def kind(self, name: str) -> TermKind:
        return next(k for k in self.kinds if k.name == name)

    def path(self, role: str) -> Path:
        """The file (or folder) of ``role`` (a key of :data:`FILES`); it need not exist."""
        return self.files[role]

    def has(self, role: str) -> bool:
        """Whether the edition has the file of ``role`` (declared or not): a file, or for a
        folder role (the vocabularies) a folder; a folder where a file is read is none."""
        path = self.files[role]
        return path.is_dir() if self.is_folder(role) else path.is_file()

    @staticmethod
    def is_folder(role: str) -> bool:
        """Whether ``role`` is a folder of files (``vocab``), not one file."""
        return isinstance(ROLES[role].form, Folder)

    def undeclared(self) -> list[str]:
        """The roles edition.toml does not declare whose file lies in the edition folder under
        its conventional name (an edition that declares what it has must declare these too)."""
        return [
            role
            for role in ROLES
            if role not in self.declared
            and self.files[role] == self.folder / FILES[role]
            and self.has(role)
        ]

    def missing(self) -> list[str]:
        """The roles edition.toml declares whose file (or folder) does not exist, or is not a
        file (a folder)."""
        return [role for role in ROLES if role in self.declared and not self.has(role)]


_KIND_NAMES = {str: "a non-empty string", int: "a whole number", list: "a list"}


def load_edition(folder: Path | str, others: Mapping[str, Path | str] | None = None) -> Edition:
    """Read ``folder/edition.toml``; raise :class:`EditionError` where it cannot be used (no
    file, nothing of it TOML, a required value missing: lost with a table that did not parse,
    the value is named with the parse error's line). What can be passed over (a byte-order mark, an
    unknown key, a bad optional value) is kept in :attr:`Edition.problems` for the build to
    report.

    ``others`` names the editions a ``"@name"`` file reference may point at.
    """
    folder = Path(folder).resolve()
    path = folder / EDITION_FILE
    if not path.is_file():
        raise EditionError(f"no {EDITION_FILE} in the edition folder {folder}", path)
    doc = read_toml(path, FORM)
    broken = [p for p in doc.problems if p.kind == "bad_toml"]
    if broken and not doc.data:
        raise EditionError(broken[0].message, path, broken[0].line)
    unread = [p for p in doc.problems if p.kind == "missing_file"]
    if unread:  # (a file that cannot be read: its permissions …)
        raise EditionError(unread[0].message, path)
    if not doc.data and not broken:
        raise EditionError(
            f"{EDITION_FILE} is empty: it declares nothing of the edition ([edition], [terms] …)",
            path,
            1,
        )
    # A table that did not parse is left out and said (bad_toml, in ``problems``); the build
    # goes on with the rest, unless what is lost is required (then ``need`` below names it).
    data = doc.data
    problems = list(doc.problems)

    for table in FORM.keys:
        if table and not isinstance(data.get(table, {}), dict):
            raise EditionError(f"{table} must be a table ([{table}])", path, doc.line_of(table))

    def need(table: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
        value = table.get(key)
        if (
            not isinstance(value, kind)
            or (kind is int and isinstance(value, bool))  # true is no number
            or (kind is str and not value)
        ):
            # its own line, or its table's (a key left out); never a like-named key elsewhere
            line = doc.line_of(where, key) or doc.line_of(where)
            why = ""
            if not line and broken:  # lost with a table that did not parse
                line, why = broken[0].line, f" ({broken[0].message})"
            raise EditionError(
                f"{where}.{key} must be {_KIND_NAMES.get(kind, kind.__name__)}, not {value!r}{why}",
                path,
                line or 1,
            )
        return value

    meta = data.get("edition", {})
    ident = need(meta, "id", str, "edition")
    if not _NAME.match(ident):
        raise EditionError(
            f"edition.id {ident!r}: lower-case letters, digits, - and _",
            path,
            doc.line_of("edition", "id"),
        )
    prefix = need(meta, "id_prefix", str, "edition")
    if not _NAME.match(prefix):
        raise EditionError(
            f"edition.id_prefix {prefix!r}: lower-case letters and digits",
            path,
            doc.line_of("edition", "id_prefix"),
        )
    digits = need(meta, "id_digits", int, "edition")

    terms = data.get("terms", {})
    term_table = TableReader(doc, "terms")
    kinds: list[TermKind] = []
    kind_lines = doc.item_lines("terms", "kinds")
    for i, raw in enumerate(need(terms, "kinds", list, "terms")):
        line = kind_lines[i] if i < len(kind_lines) else doc.line_of("terms", "kinds")
        if not isinstance(raw, dict) or not _NAME.match(str(raw.get("name", ""))):
            raise EditionError(f"terms.kinds: {raw!r} needs a name", path, line)
        # (its name is good: the rest of it is checked, a bad or unknown field said, not used)
        kind: dict[str, Any] = (
            term_table.fields("kinds", raw, TERM_KIND, ("name",), line, raw["name"], entry=True)
            or {}
        )
        name = str(raw["name"])
        if name in {k.name for k in kinds}:
            raise EditionError(f"terms.kinds: {name!r} is declared twice", path, line)
        kinds.append(
            TermKind(
                name,
                kind.get("title", name),
                kind.get("title_en", ""),
                kind.get("negated", False),
            )
        )

    app_table = TableReader(doc, "apparatus")
    app_kinds: dict[str, str] = {}
    for k in app_table.entries("kinds", APPARATUS_KIND):
        if k["name"] in app_kinds:
            app_table.bad(
                "kinds",
                f"apparatus.kinds: {k['name']!r} is declared twice; the first is used",
                DUPLICATE_KEY,
            )
        app_kinds.setdefault(k["name"], k.get("label", k["name"]))
    try:
        translation, found = read_translation_apparatus(doc)
    except ManifestError as exc:
        raise EditionError(str(exc), path, exc.line) from None
    problems += found
    plan, found = read_plan(doc)
    problems += found
    references, found = read_references(doc)
    problems += found
    persons = term_table.typed("persons", STRING, "")
    if persons and persons not in {k.name for k in kinds}:
        term_table.bad(
            "persons",
            f"terms.persons {persons!r} is not a declared kind ({', '.join(k.name for k in kinds)})"
            "; no kind's terms get itineraries",
        )
        persons = ""
    renamed: dict[tuple[str, str], str] = {}
    for entry in term_table.entries("renamed", RENAMED, tuple(RENAMED)):
        of, old, new = str(entry["kind"]), str(entry["from"]), str(entry["to"])
        if of not in {k.name for k in kinds}:
            term_table.bad("renamed", f"terms.renamed: {of!r} is not a declared kind")
        else:
            renamed[(of, old)] = new
    negation = Negation(
        term_table.typed("negated_prefix", STRING, NEGATION_PREFIX),
        term_table.typed("negated_pinyin", STRING, NEGATION_PINYIN),
        term_table.typed("negated_gloss", STRING, NEGATION_GLOSS),
    )
    lacking = app_table.typed("lacking", STRING_TABLE, {})
    lacking_default = app_table.typed("lacking_default", STRING, LACKING_DEFAULT)
    class_note = app_table.typed("class_note", STRING, "")
    class_label = app_table.typed("class_label", STRING, "")
    placeholder = TableReader(doc, "search")
    search_placeholder = placeholder.typed("placeholder", STRING, "")
    tei_settings, found = _read_tei(doc)
    problems += term_table.problems + app_table.problems + placeholder.problems + found
    files = {role: folder / name for role, name in FILES.items()}
    declared_at: dict[str, int] = {}
    for role, value in data.get("files", {}).items():
        line = doc.line_of("files", role)
        if role not in FILES:
            raise EditionError(
                f"files.{role}: not a file the engine reads ({', '.join(FILES)})", path, line
            )
        if not isinstance(value, str) or not value:
            raise EditionError(
                f"files.{role} must be a file name (or '@edition'), not {value!r}", path, line
            )
        declared_at[role] = line
        if value.startswith("@"):
            other = (others or {}).get(value[1:])
            if other is None:
                raise EditionError(
                    f"files.{role} = {value!r}: no edition {value[1:]!r} in xs_editions",
                    path,
                    line,
                )
            files[role] = Path(other).resolve() / FILES[role]
        else:
            files[role] = (folder / value).resolve()
    lang = meta.get("lang", "zh-Hant")
    if not isinstance(lang, str) or not re.fullmatch(r"[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*", lang):
        edition_table = TableReader(doc, "edition")
        edition_table.bad("lang", f"edition.lang {lang!r} is not a BCP 47 tag; zh-Hant is used")
        problems += edition_table.problems
        lang = "zh-Hant"
    if not 1 <= digits <= 9:
        raise EditionError(
            f"edition.id_digits must be 1 to 9, not {digits}",
            path,
            doc.line_of("edition", "id_digits"),
        )
    return Edition(
        folder=folder,
        id=ident,
        label=need(meta, "label", str, "edition"),
        id_prefix=prefix,
        id_digits=digits,
        lang=lang,
        kinds=tuple(kinds),
        negation=negation,
        apparatus_kinds=MappingProxyType(app_kinds),
        apparatus_lacking=MappingProxyType(dict(lacking)),
        apparatus_lacking_default=lacking_default,
        apparatus_class_note=class_note,
        apparatus_class_label=class_label,
        plan=plan,
        search_placeholder=search_placeholder,
        references=references,
        translation_apparatus=translation,
        persons=persons,
        renamed=MappingProxyType(renamed),
        renamed_line=doc.line_of("terms", "renamed"),
        view_notes_lines=MappingProxyType(
            {
                view: doc.line_of("plan", "view_notes", view)
                or doc.line_of("plan", "view_notes")
                or 1
                for view in plan.view_notes
            }
        ),
        tei=MappingProxyType(tei_settings),
        files=MappingProxyType(files),
        declared=frozenset(declared_at),
        problems=tuple(problems),
        declared_at=MappingProxyType(declared_at),
        files_line=doc.line_of("files"),
    )


def _read_tei(doc: Document) -> tuple[dict[str, Any], list[Problem]]:
    """``[tei]``, checked: its words strings, its inline tables (``collection``,
    ``commentary``, ``editorial``) of their fields; what is not of its type is said and left
    out (the TEI's default is used: export/tei.py)."""
    table = TableReader(doc, "tei")
    out: dict[str, Any] = {}
    for key in table.data:  # (in the file's order; an unknown key is the strict reader's)
        if key in TEI_WORDS:
            value = table.typed(key, STRING, None)
        elif key in TEI_TABLES:
            value = table.table(key, *TEI_TABLES[key])
        else:
            continue
        if value is not None:
            out[key] = value
    return out, table.problems
