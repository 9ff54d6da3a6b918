"""Bad input in ``edition.toml`` (and the edition folder it declares): said at its line, typed.

Each case copies the valid edition of ``roots/test-bad-input`` to a temporary directory, spoils
its ``edition.toml`` (or its folder) in one way and builds. A value of the wrong type, an
unknown field of an inline table, an entry of a list that cannot be used, a declared file that
is no file: each is warned at its line of edition.toml under its own subtype and the build goes
on (with the default, or without the entry). What leaves nothing to build (the step ids' form,
an empty file …) is said as one error at its line, and the build stops with status 2 — never a
traceback nor Sphinx's crash report (``ritual.config._stop``).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import stopped_build
from sphinx.testing.util import SphinxTestApp

ANSI = re.compile(r"\x1b\[[0-9;]*m")
MANIFEST = "_edition/edition.toml"


@dataclass
class Case:
    """Replacements in edition.toml (old → new, each found once) and text appended to it; what
    the build must warn: (file, the text of the line it names, or '' for the file as a whole,
    subtype, a fragment of the message)."""

    replace: dict[str, str]
    expected: list[tuple[str, str, str, str]]
    append: str = ""
    confoverrides: dict[str, object] = field(default_factory=dict)
    #: files of the edition folder to write (path → text) or, with None, to delete
    files: dict[str, str | None] = field(default_factory=dict)
    #: the subtypes of the further warnings the loss brings about (the terms of a vocabulary
    #: that is not read: unknown where the pages mark them)
    consequences: tuple[str, ...] = ()


def spoil(src: Path, case: Case) -> str:
    """Copy the base root to ``src`` and spoil it; the new edition.toml's text."""
    shutil.copytree(Path(__file__).parent / "roots" / "test-bad-input", src)
    path = src / MANIFEST
    text = path.read_text(encoding="utf-8")
    for old, new in case.replace.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    text += case.append
    path.write_text(text, encoding="utf-8")
    for name, content in case.files.items():
        if content is None:
            (src / name).unlink()
        else:
            (src / name).write_text(content, encoding="utf-8")
    return text


def line_of(text: str, fragment: str) -> int:
    """The line of ``text`` that holds ``fragment`` (once)."""
    lines = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(lines) == 1, (fragment, lines)
    return lines[0]


def warnings_of(app: SphinxTestApp) -> list[str]:
    text = ANSI.sub("", app.warning.getvalue())
    return [
        line.replace(f"{app.srcdir}/", "")
        for line in text.splitlines()
        if "WARNING" in line and "while setting up extension" not in line
    ]


def where(case_file: str, fragment: str, text: str, src: Path) -> str:
    """How a warning names its place: ``file:line``, or ``file:`` for the file as a whole."""
    if not fragment:
        return f"{case_file}:"
    content = text if case_file == MANIFEST else (src / case_file).read_text(encoding="utf-8")
    return f"{case_file}:{line_of(content, fragment)}"


CASES: dict[str, Case] = {
    # -- values of the wrong type: said, the default used (never str() of them) ----------------
    "apparatus.lacking a string (was: ExtensionError at config-inited)": Case(
        {
            '  { name = "variant", label = "諸本異文" },\n]\n': (
                '  { name = "variant", label = "諸本異文" },\n]\nlacking = "x"\n'
            )
        },
        [(MANIFEST, 'lacking = "x"', "bad_edition", "apparatus.lacking must be a table")],
    ),
    "apparatus.lacking with a number": Case(
        {
            '  { name = "variant", label = "諸本異文" },\n]\n': (
                '  { name = "variant", label = "諸本異文" },\n]\nlacking = { "叢" = 5 }\n'
            )
        },
        [(MANIFEST, "lacking = {", "bad_edition", "apparatus.lacking must be a table of strings")],
    ),
    "apparatus.lacking_default a number": Case(
        {
            '  { name = "variant", label = "諸本異文" },\n]\n': (
                '  { name = "variant", label = "諸本異文" },\n]\nlacking_default = 7\n'
            )
        },
        [(MANIFEST, "lacking_default = 7", "bad_edition", "must be a string, not 7")],
    ),
    "search.placeholder a list": Case(
        {},
        [(MANIFEST, "placeholder", "bad_edition", "search.placeholder must be a string")],
        append='\n[search]\nplaceholder = ["a", "b"]\n',
    ),
    "terms.negated_prefix a number": Case(
        {'persons = "role"': 'persons = "role"\nnegated_prefix = 5'},
        [(MANIFEST, "negated_prefix = 5", "bad_edition", "terms.negated_prefix must be a string")],
    ),
    # -- the entries of the lists of inline tables: each field known and of its type -----------
    "terms.kinds: a misspelt field": Case(
        {'{ name = "vessel", title = "器物索引"': '{ name = "vessel", titel = "器物索引"'},
        [(MANIFEST, 'name = "vessel"', "unknown_key", "unknown field 'titel' of 'vessel'")],
    ),
    "terms.kinds: negated not a boolean": Case(
        {"negated = true": 'negated = "yes"'},
        [(MANIFEST, 'name = "action"', "bad_edition", "negated of 'action' must be true or false")],
    ),
    "terms.kinds: a title of the wrong type": Case(
        {'title = "器物索引"': "title = 5"},
        [(MANIFEST, 'name = "vessel"', "bad_edition", "title of 'vessel' must be a non-empty")],
    ),
    "apparatus.kinds: an entry without a name": Case(
        {'{ name = "variant", label': "{ label"},
        [(MANIFEST, 'label = "諸本異文"', "bad_edition", "needs name; it is not used")],
    ),
    "apparatus.kinds: a bare string": Case(
        {'{ name = "variant", label = "諸本異文" }': '"variant"'},
        [(MANIFEST, '  "variant",', "bad_edition", "'variant' must be a table { name, label }")],
    ),
    "apparatus.kinds: a misspelt field": Case(
        {'{ name = "variant", label = "諸本異文" }': '{ name = "variant", lable = "諸本異文" }'},
        [(MANIFEST, 'lable = "諸本異文"', "unknown_key", "unknown field 'lable' of 'variant'")],
    ),
    "terms.renamed: a bare string": Case(
        {'persons = "role"': 'persons = "role"\nrenamed = ["篚"]'},
        [(MANIFEST, "renamed =", "bad_edition", "terms.renamed: '篚' must be a table")],
    ),
    # -- [plan] view_notes of no view ------------------------------------------------------------
    "plan.spacing infinite": Case(  # inf > 0 was taken: the rows' slots at infinity
        {"spacing = 2.5": "spacing = inf"},
        [(MANIFEST, "spacing = inf", "bad_edition", "plan.spacing must be a positive number")],
    ),
    "plan.view_notes: a misspelt view": Case(
        {"view_notes = { range =": "view_notes = { rnage ="},
        [(MANIFEST, "view_notes", "bad_edition", "'rnage' is not a view of the setting")],
    ),
    # -- [tei] ------------------------------------------------------------------------------------
    "tei.collection a string (was: ValueError at build-finished)": Case(
        {},
        [(MANIFEST, "collection =", "bad_edition", "tei.collection: 'x' must be a table")],
        append='\n[tei]\ncollection = "x"\n',
        confoverrides={"xs_tei": True, "xs_dts": True},
    ),
    "references.bases: a basis twice (the second had silently won)": Case(
        {},
        [(MANIFEST, "bases = [", "duplicate_key", "'注' is declared twice; the first is used")],
        append=(
            '\n[references]\nbases = [\n  { name = "注", label = "鄭注" },\n'
            '  { name = "注", label = "注文" },\n]\n'
        ),
    ),
    "translation_apparatus.kinds: a misspelt field, said at its kind's line": Case(
        {},
        [(MANIFEST, "kep = true", "unknown_key", "unknown field 'kep' of 'conversion'")],
        append=(
            '\n[translation_apparatus]\nkinds = [\n  { name = "typo", label = "誤字" },\n'
            '  { name = "conversion", label = "轉換", kep = true },\n]\n'
        ),
    ),
    "tei.commentary: a misspelt author": Case(
        {},
        [
            (MANIFEST, "commentary = { autor", "unknown_key", "unknown field 'autor'"),
            (MANIFEST, "commentary = { autor", "bad_edition", "tei.commentary needs author"),
        ],
        append='\n[tei]\ncommentary = { autor = "鄭玄" }\n',
    ),
    "tei.editorial: a misspelt part": Case(
        {},
        [(MANIFEST, "correctoin =", "unknown_key", "unknown field 'correctoin'")],
        append='\n[tei.editorial]\ncorrectoin = "改正"\n',
    ),
    "tei: a word of the wrong type": Case(
        {},
        [(MANIFEST, "resp = 5", "bad_edition", "tei.resp must be a string, not 5")],
        append="\n[tei]\nresp = 5\n",
    ),
    # -- a declared file that is no file ---------------------------------------------------------
    "files: sigla names a folder": Case(
        {'sigla = "sigla.tsv"': 'sigla = "vocab"'},
        [(MANIFEST, 'sigla = "vocab"', "missing_file", "vocab is not a file")],
    ),
    "files: commentary names a folder": Case(
        {'commentary = "commentary.tsv"': 'commentary = "vocab"'},
        [(MANIFEST, 'commentary = "vocab"', "missing_file", "vocab is not a file")],
    ),
    "files: the vocabularies name a file": Case(
        {'vocab = "vocab"': 'vocab = "sigla.tsv"'},
        [(MANIFEST, 'vocab = "sigla.tsv"', "missing_file", "sigla.tsv is not a folder")],
        consequences=("unknown_term",),
    ),
    # -- the vocabularies' folder ----------------------------------------------------------------
    "vocab: a file of no declared kind": Case(
        {},
        [("_edition/vocab/animal.tsv", "", "undeclared_file", "'animal' is not a kind of term")],
        files={"_edition/vocab/animal.tsv": "# kind: animal\nterm\tparent\n"},
    ),
    "vocab: a kind's file missing (said at the file, not at <file>.rst)": Case(
        {},
        [("_edition/vocab/vessel.tsv", "", "missing_file", "missing vocabulary file")],
        files={"_edition/vocab/vessel.tsv": None},
        consequences=("unknown_term",),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_bad_manifest_value_is_said_at_its_line(name: str, make_app, tmp_path: Path) -> None:
    case = CASES[name]
    src = tmp_path / "src"
    text = spoil(src, case)
    app = make_app("html", srcdir=src, confoverrides=case.confoverrides)
    app.build()  # must not raise
    lines = warnings_of(app)
    expected = [
        (where(file, fragment, text, src), subtype, message)
        for file, fragment, subtype, message in case.expected
    ]
    for location, subtype, message in expected:
        found = [
            line
            for line in lines
            if line.startswith(f"{location}: WARNING: ")
            and line.endswith(f"[xs.{subtype}]")
            and message in line
        ]
        assert len(found) == 1, (location, subtype, message, lines)
    unexpected = [
        line
        for line in lines
        if not any(line.endswith(f"[xs.{s}]") and m in line for _, s, m in expected)
        and not any(line.endswith(f"[xs.{s}]") for s in case.consequences)
    ]
    assert not unexpected, "\n".join(lines)
    assert not any(".rst" in line for line in lines), lines


@pytest.mark.parametrize(
    ("replace", "fragment", "message"),
    [
        # a bool is no number (it was taken for 1: every step then warned, and not here)
        ({"id_digits = 4": "id_digits = true"}, "id_digits", "must be a whole number, not True"),
        ({'label = "鄉射禮"': "label = 5"}, "label = 5", "edition.label must be a non-empty"),
        (
            {'ties = "ties.tsv"': 'ties = "ties.tsv"\nwhatever = "x.tsv"'},
            "whatever",
            "files.whatever: not a file the engine reads",
        ),
        (
            {"[plan]": "[translation_apparatus]\nid_digits = 0\n\n[plan]"},
            "id_digits = 0",
            "translation_apparatus.id_digits 0",
        ),
        (None, "", "edition.toml is empty"),
        (  # a key left out is said at its table, not at a like-named key of another table
            {
                'id_prefix = "xs"\n': "",
                "[plan]": '[translation_apparatus]\nid_prefix = "tr"\n\n[plan]',
            },
            "[edition]",
            "edition.id_prefix must be a non-empty string",
        ),
    ],
)
def test_an_unusable_manifest_stops_the_build_with_one_located_error(
    make_app, tmp_path: Path, replace: dict[str, str] | None, fragment: str, message: str
) -> None:
    src = tmp_path / "src"
    text = spoil(src, Case(replace or {}, []))
    if replace is None:
        (src / MANIFEST).write_text("", encoding="utf-8")
        line = 1
    else:
        line = line_of(text, fragment)
    code, said = stopped_build(make_app, src)
    assert code == 2
    errors = [x for x in said.splitlines() if "ERROR" in x]
    assert len(errors) == 1, said
    assert errors[0].startswith(f"{MANIFEST}:{line}: ERROR: "), errors
    assert message in errors[0] and errors[0].endswith("[xs.bad_edition]"), errors
    assert "Traceback" not in said and "report" not in said
