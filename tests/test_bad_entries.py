"""Bad entries of the apparatus, the 注 and the review: each said at its file and line, typed,
the build going on.

The values of an apparatus entry that are not of their TOML type (a number for a note, a list
for a step, a float for a seed line), the fields a reading or a slip does not have, a witness
cited twice, entries written in a form the build did not locate (``id='…'``, an inline array);
a note of the 注 whose lemma across steps does not run from an earlier step, or whose witness
is not a siglum; a row of the 注's errata at a negative place or over an earlier row's; a row
of the review of the base translation that names what the edition does not hold. Each case
copies a small valid root to a temporary directory, spoils one file, builds, and requires
exactly the warnings given (``file:line``, subtype, a fragment of the message).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from ritual.core.datafile import read_toml
from sphinx.testing.util import SphinxTestApp

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROOTS = Path(__file__).parent / "roots"

A, T = "_edition/apparatus.toml", "_edition/translation-apparatus.toml"
Z, E = "_edition/commentary.tsv", "_edition/commentary-errata.tsv"
R = "_edition/translation-review.tsv"

#: An entry of apparatus.toml on xs-0002 of the bad-input root (篚在阼階。), lines 1–12:
#: ``id`` on line 2, ``note`` on line 12.
ENTRY = """[[entry]]
id = "app-001"
seed_line = 1
step = "xs-0002"
lemma = "筐"
base = "篚"
context = "[筐]在"
decision = "emend"
kind = "typo"
readings = [{ text = "筐", witnesses = ["叢"] }, { text = "篚", witnesses = ["底", "庫"] }]
pages = { "叢" = "005-1a" }
note = "從叢本"
"""

#: A correction of the bad-input root's translation of xs-0001 (…對主人兩拜。), lines 1–9.
TR_ENTRY = """[[entry]]
id = "tr-001"
step = "xs-0001"
seed_line = 1
lemma = "再拜"
base = "兩拜"
context = "對主人[再拜]。"
kind = "typo"
note = "傳寫之誤"
"""

REVIEW_HEAD = "step\tstatus\tentries\tnote\n"


def spoiled(text: str, old: str, new: str) -> str:
    assert old in text, f"{old!r} not in the entry: the case is stale"
    return text.replace(old, new, 1)


def build(
    make_app, tmp_path: Path, root: str, files: dict[str, str]
) -> tuple[SphinxTestApp, list[str]]:
    """Build a copy of ``roots/test-<root>`` with ``files`` written over it; the build must not
    raise. Its warning lines, the source folder cut."""
    src = tmp_path / "src"
    shutil.copytree(ROOTS / f"test-{root}", src)
    for name, text in files.items():
        (src / name).write_text(text, encoding="utf-8")
    app = make_app("html", srcdir=src, builddir=tmp_path / "build")
    app.build()  # must not raise
    text = ANSI.sub("", app.warning.getvalue())
    lines = [
        line.replace(f"{src}/", "")
        for line in text.splitlines()
        if line.strip() and "while setting up extension" not in line
    ]
    return app, lines


def check(lines: list[str], expected: list[tuple[str, str, str]]) -> None:
    """The warnings are exactly the expected ones: each at its place, of its subtype, saying
    its fragment."""
    assert len(lines) == len(expected), "\n".join(lines)
    for (location, subtype, fragment), line in zip(sorted(expected), sorted(lines), strict=True):
        assert line.startswith(f"{location}: WARNING: "), line
        assert line.endswith(f"[xs.{subtype}]"), line
        assert fragment in line, line


# -- apparatus.toml and translation-apparatus.toml: fields of the wrong type -----------------

APPARATUS_CASES: dict[str, tuple[str, str, list[tuple[str, str, str]]]] = {
    # a field of the wrong TOML type: the entry is left out, said at its [[entry]]
    "note a number": (
        'note = "從叢本"',
        "note = 5",
        [(f"{A}:1", "bad_apparatus", "note 5 is not a string")],
    ),
    "base a number": (
        'base = "篚"',
        "base = 5",
        [(f"{A}:1", "bad_apparatus", "base 5 is not a string")],
    ),
    "step a list": (
        'step = "xs-0002"',
        'step = ["xs-0002"]',
        [(f"{A}:1", "bad_apparatus", "step ['xs-0002'] is not a string")],
    ),
    "reading text a number": (
        '{ text = "筐", witnesses',
        "{ text = 5, witnesses",
        [(f"{A}:1", "bad_apparatus", "readings 1: text 5 is not a string")],
    ),
    "witness a number": (
        'witnesses = ["叢"]',
        "witnesses = [5]",
        [(f"{A}:1", "bad_apparatus", "readings 1: witnesses [5] is not a list of sigla")],
    ),
    "seed line a float": (
        "seed_line = 1",
        "seed_line = 1.7",
        [(f"{A}:1", "bad_apparatus", "seed_line 1.7 is not a line of the seed")],
    ),
    "seed line a boolean": (
        "seed_line = 1",
        "seed_line = true",
        [(f"{A}:1", "bad_apparatus", "seed_line True is not a line of the seed")],
    ),
    "seed line negative": (
        "seed_line = 1",
        "seed_line = -3",
        [(f"{A}:1", "bad_apparatus", "seed_line -3 is not a line of the seed")],
    ),
    "pages a number": (
        '"叢" = "005-1a"',
        '"叢" = 5',
        [(f"{A}:1", "bad_apparatus", "is not a table of sigla and pages")],
    ),
    # a field a reading or a slip does not have would be lost without a word
    "a reading's unknown field": (
        'witnesses = ["叢"] }',
        'witnesses = ["叢"], page = "3a" }',
        [(f"{A}:1", "unknown_key", "readings 1: unknown field 'page'")],
    ),
    "a slip's unknown field": (
        'note = "從叢本"',
        'note = "從叢本"\nslips = [{ witness = "庫", text = "匡", page = "3" }]',
        [(f"{A}:1", "unknown_key", "slips 1: unknown field 'page'")],
    ),
    # one witness has one reading at a place
    "a witness cited for two readings": (
        'witnesses = ["叢"]',
        'witnesses = ["叢", "庫"]',
        [(f"{A}:1", "bad_apparatus", "庫 is cited more than once")],
    ),
    # the sigla of a slip are checked as a reading's are (at the entry's id)
    "a slip's witness not a siglum": (
        '{ text = "篚", witnesses = ["底", "庫"] }',
        '{ text = "篚", witnesses = ["底"] }',
        [(f"{A}:2", "unknown_siglum", "cites undeclared siglum '魯'")],
    ),
}
#: the slip case adds its slip too (of a witness the sigla table lacks)
SLIP_OF = {"a slip's witness not a siglum": '\nslips = [{ witness = "魯", text = "匡" }]\n'}


@pytest.mark.parametrize("name", sorted(APPARATUS_CASES))
def test_a_bad_apparatus_entry_is_said_at_its_line(name: str, make_app, tmp_path: Path) -> None:
    old, new, expected = APPARATUS_CASES[name]
    text = spoiled(ENTRY, old, new) + SLIP_OF.get(name, "")
    _, lines = build(make_app, tmp_path, "bad-input", {A: text})
    check(lines, expected)


def test_the_valid_entry_gives_no_warning(make_app, tmp_path: Path) -> None:
    app, lines = build(make_app, tmp_path, "bad-input", {A: ENTRY, T: TR_ENTRY})
    assert lines == []
    data = json.loads((app.outdir / "edition.json").read_text(encoding="utf-8"))
    steps = {s["id"]: s for s in data["steps"]}
    assert [e["lemma"] for e in steps["xs-0002"]["apparatus"]] == ["筐"]
    assert [e["lemma"] for e in steps["xs-0001"]["translation_apparatus"]] == ["再拜"]


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ('note = "傳寫之誤"', "note = 5", "note 5 is not a string"),
        ('base = "兩拜"', "base = 5", "base 5 is not a string"),
        ('step = "xs-0001"', 'step = ["xs-0001"]', "step ['xs-0001'] is not a string"),
        ("seed_line = 1", "seed_line = 1.7", "seed_line 1.7 is not a line of the seed"),
    ],
)
def test_a_bad_translation_entry_is_said_at_its_line(
    old: str, new: str, fragment: str, make_app, tmp_path: Path
) -> None:
    _, lines = build(make_app, tmp_path, "bad-input", {T: spoiled(TR_ENTRY, old, new)})
    check(lines, [(f"{T}:1", "bad_apparatus", fragment)])


# -- where an entry is: its id's line, however the TOML writes it ----------------------------

#: An entry on a step no page declares, written in other valid forms of TOML, and the line its
#: warning names: the line of its ``id``.
LOCATED = {
    "single quotes, no spaces": (
        A,
        "# the apparatus\n" + spoiled(ENTRY, 'id = "app-001"', "id='app-001'"),
        3,
    ),
    "an inline array": (
        A,
        "# the apparatus\n\nentry = [\n  { id = 'app-001', seed_line = 1, step = \"xs-0404\", "
        'lemma = "筐", base = "篚", context = "[筐]在", decision = "emend", kind = "typo", '
        'readings = [{ text = "筐", witnesses = ["叢"] }, { text = "篚", witnesses = ["底"] }] },\n'
        "]\n",
        4,
    ),
    "translation, quoted key": (
        T,
        "\n" + spoiled(TR_ENTRY, 'id = "tr-001"', '"id"  =  "tr-001"'),
        3,
    ),
    "translation, an inline array": (
        T,
        'entry = [\n  { id = "tr-001", step = "xs-0404", seed_line = 1, lemma = "再拜", '
        'base = "兩拜", context = "對主人[再拜]。", kind = "typo", note = "傳寫之誤" },\n]\n',
        2,
    ),
}


@pytest.mark.parametrize("name", sorted(LOCATED))
def test_an_entry_is_located_however_it_is_written(name: str, make_app, tmp_path: Path) -> None:
    file, text, line = LOCATED[name]
    text = text.replace('step = "xs-0002"', 'step = "xs-0404"').replace(
        'step = "xs-0001"', 'step = "xs-0404"'
    )
    _, lines = build(make_app, tmp_path, "bad-input", {file: text})
    check(lines, [(f"{file}:{line}", "bad_apparatus", "names step 'xs-0404'")])


def test_an_inline_array_s_entries_have_their_lines(tmp_path: Path) -> None:
    """A problem the reader finds in an entry of an inline array is said at its line too."""
    path = tmp_path / "apparatus.toml"
    path.write_text(
        "retired = ['app-009']\nentry = [  # the entries\n"
        '  { id = "app-001", note = "a ] , {" },\n'
        "  { id = 'app-002', note = '''x'''},\n\n"
        '  { id = "app-003" }, { id = "app-004" }\n]\n',
        encoding="utf-8",
    )
    doc = read_toml(path)
    assert doc.item_lines("entry") == [3, 4, 6, 6]
    assert doc.item_lines("retired") == [1]


# -- commentary.tsv: a lemma across steps, the witnesses -------------------------------------

#: The test-commentary root's note across steps: xs-0002-z1 from xs-0001:13 (line 6).
ACROSS = "xs-0002-z1\txs-0002\t0\t3\txs-0001:13\t無介。"


@pytest.mark.parametrize(
    ("new", "fragment"),
    [
        ("xs-0003:0", "xs-0003 is not one"),  # a later step: it would span nothing
        ("xs-0002:0", "xs-0002 is not one"),  # its own step
        ("xs-0001:999", "the offset lies outside xs-0001 (17 characters)"),
        ("xs-0001:17", "the offset lies outside xs-0001 (17 characters)"),
    ],
)
def test_a_lemma_across_steps_runs_from_an_earlier_step(
    new: str, fragment: str, make_app, tmp_path: Path
) -> None:
    zhu = (ROOTS / "test-commentary" / Z).read_text(encoding="utf-8")
    text = spoiled(zhu, ACROSS, ACROSS.replace("xs-0001:13", new))
    _, lines = build(make_app, tmp_path, "commentary", {Z: text})
    check(lines, [(f"{Z}:6", "commentary_step", fragment)])


@pytest.mark.parametrize(
    ("old", "new", "line", "fragment"),
    [
        ("禮。\t叢\t005-1a\t\t州長", "禮。\t魯\t005-1a\t\t州長", 3, "its witness '魯'"),
        ("張 005-2a", "魯 005-2a", 7, "the witness that supplies its 〔…〕, '魯'"),
    ],
)
def test_a_note_s_witnesses_are_sigla(
    old: str, new: str, line: int, fragment: str, make_app, tmp_path: Path
) -> None:
    zhu = (ROOTS / "test-commentary" / Z).read_text(encoding="utf-8")
    _, lines = build(make_app, tmp_path, "commentary", {Z: spoiled(zhu, old, new)})
    check(lines, [(f"{Z}:{line}", "unknown_siglum", fragment)])


# -- commentary-errata.tsv: a place before the note, a place over an earlier one --------------


def test_an_erratum_at_a_negative_place_is_left_out(make_app, tmp_path: Path) -> None:
    errata = (ROOTS / "test-commentary" / E).read_text(encoding="utf-8")
    text = spoiled(errata, "xs-0001-z2\t1\t", "xs-0001-z2\t-3\t")
    app, lines = build(make_app, tmp_path, "commentary", {E: text})
    check(lines, [(f"{E}:3", "commentary_erratum", "at is an offset in the note's text")])
    page = re.sub(r"<[^>]+>", "", (app.outdir / "index.html").read_text(encoding="utf-8"))
    assert "由警" not in page  # no line of the list for it (nor a truncated context)


def test_an_erratum_over_an_earlier_one_is_left_out(make_app, tmp_path: Path) -> None:
    """叢's 「戒猶警也」 with a row at 0 「戒猶」 and one at 1 「猶」: the second is said and
    left out, and the note prints its words once."""
    errata = (ROOTS / "test-commentary" / E).read_text(encoding="utf-8")
    text = spoiled(errata, "xs-0001-z2\t1\t猶\t由\t", "xs-0001-z2\t0\t戒猶\t戒由\t")
    text += "xs-0001-z2\t1\t猶\t游\t庫\t重疊\n"
    app, lines = build(make_app, tmp_path, "commentary", {E: text})
    check(lines, [(f"{E}:5", "commentary_erratum", "overlaps the erratum of line 3")])
    page = re.sub(r"<[^>]+>", "", (app.outdir / "part.html").read_text(encoding="utf-8"))
    assert "戒猶警也" in page
    assert "戒猶猶" not in page
    listed = re.sub(r"<[^>]+>", "", (app.outdir / "index.html").read_text(encoding="utf-8"))
    assert "游" not in listed


# -- translation-review.tsv: held to the edition in the build ---------------------------------


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        ("xs-0099\treviewed\t\t", "names step 'xs-0099', which no page declares"),
        ("xs-0001\tchanged\t\t誤譯", "a changed step names its entries"),
        ("xs-0001\treviewed\ttr-001\t", "a changed step names its entries"),
        ("xs-0001\tleft\t\t", "a left step needs a reason"),
        (
            "xs-0001\tchanged\ttr-999\t誤譯",
            "names tr-999, which the translation apparatus does not hold",
        ),
        ("xs-0002\tchanged\ttr-001\t誤譯", "names tr-001, an entry of xs-0001"),
    ],
)
def test_a_review_row_is_held_to_the_edition(
    row: str, fragment: str, make_app, tmp_path: Path
) -> None:
    _, lines = build(make_app, tmp_path, "bad-input", {T: TR_ENTRY, R: REVIEW_HEAD + row + "\n"})
    check(lines, [(f"{R}:2", "bad_apparatus", fragment)])


def test_a_sound_review_gives_no_warning(make_app, tmp_path: Path) -> None:
    rows = "xs-0001\tchanged\ttr-001\t誤譯\nxs-0002\treviewed\t\t\n"
    _, lines = build(make_app, tmp_path, "bad-input", {T: TR_ENTRY, R: REVIEW_HEAD + rows})
    assert lines == []
