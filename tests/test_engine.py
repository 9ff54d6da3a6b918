"""The engine apart from any one edition: it holds no fact of this chapter, reads everything
from the edition folder, and registers every feature one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import EDITION
from ritual.core.edition import EditionError, load_edition

ROOT = Path(__file__).resolve().parents[1]
ENGINE = [ROOT / "_ext" / "ritual", ROOT / "_ext" / "ritual_site"]
#: What only 鄉射禮 says: its name, its hall and range, its officers, its id form, its files.
CHAPTER = re.compile(
    r"鄉射|州序|侯道|五十弓|司射|司馬|獲者|三耦|射位|鄉飲|州長|楅|乏|xiangsheli|xs-\d{4}"
)


def engine_files() -> list[Path]:
    return [
        path
        for folder in ENGINE
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        and path.suffix in {".py", ".js", ".css", ".sty"}
        and "__pycache__" not in path.parts
    ]


#: Spacing between characters, which would hide a name from the search (鄉\hspace{0.3em}射).
SPACING = re.compile(r"\\hspace\*?\{[^}]*\}|\s")


def test_the_engine_holds_no_fact_of_this_chapter() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for path in engine_files()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if CHAPTER.search(SPACING.sub("", line))
    ]
    assert hits == []


#: A Han character: a word of the language (its punctuation is typography, not words).
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]")


def _statements(node: ast.AST) -> list[ast.stmt]:
    body = getattr(node, "body", None)
    return body if isinstance(body, list) else []


def _declares_constants(statement: ast.stmt) -> bool:
    """A module-level assignment to UPPER_CASE names (``NAME = …``, ``A, B = …``): a declared
    constant of the module, documented where it stands."""
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, ast.AnnAssign):
        targets = [statement.target]
    else:
        return False
    names = [
        n
        for t in targets
        for n in (t.elts if isinstance(t, ast.Tuple) else [t])
        if isinstance(n, ast.Name)
    ]
    count = sum(len(t.elts) if isinstance(t, ast.Tuple) else 1 for t in targets)
    return bool(names) and len(names) == count and all(n.id.lstrip("_").isupper() for n in names)


def han_literals(path: Path) -> list[tuple[int, str]]:
    """String literals of a module with a Han character (line, text), neither docstrings nor
    in a declared constant (:func:`_declares_constants`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {
        id(statement.value)
        for node in ast.walk(tree)
        for statement in _statements(node)
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    }
    for statement in tree.body:
        if _declares_constants(statement):
            allowed |= {id(node) for node in ast.walk(statement)}
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in allowed
        and HAN.search(node.value)
    ]


def test_the_engines_words_are_in_its_catalog_or_declared() -> None:
    """Interface words are catalog entries (English msgids, ``_()``; ritual/i18n.py); the rest
    of the language the engine reads and writes (the apparatus's formulae, 不 of a negated
    term, 北上, 尺, the 注 a position rests on, the Chinese citation forms, the 繁/简 switch)
    is declared: module-level constants, each said what it is where it stands, which an
    edition in another tradition reads to see what it would change. No Han word is written
    inline in the engine's code."""
    inline = {
        f"{path.relative_to(ROOT / '_ext').as_posix()}:{line}": text[:40]
        for path in engine_files()
        if path.suffix == ".py"
        for line, text in han_literals(path)
    }
    assert inline == {}
    assert han_literals(ROOT / "_ext" / "ritual" / "i18n.py") == []


def test_the_check_finds_an_inline_word(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Doc 經."""\nWORD = "注"\nA, B = "上", "下"\n\ndef f():\n    return "校記"\n',
        encoding="utf-8",
    )
    assert han_literals(module) == [(6, "校記")]


def test_the_engine_ships_no_edition_data() -> None:
    """Its only data is of the language (通用规范汉字表 level 1, for the pinyin aid)."""
    data = ROOT / "_ext" / "ritual" / "data"
    assert sorted(p.name for p in data.iterdir()) == ["common-chars.txt"]


def test_the_edition_reads_its_facts_from_edition_toml() -> None:
    edition = load_edition(EDITION)
    assert (edition.id, edition.label, edition.id_prefix, edition.id_digits) == (
        "xiangsheli",
        "鄉射禮",
        "xs",
        4,
    )
    assert edition.step_id_pattern.match("xs-0017") and not edition.step_id_pattern.match("xs-17")
    assert [k.name for k in edition.kinds] == ["vessel", "action", "role", "place"]
    assert edition.kind("vessel").title == "器物索引"
    assert edition.plan.title == "州序鄉射位次" and edition.plan.spacing == 2.5
    assert edition.plan.empty == "堂上庭中無人" and edition.persons == "role"
    assert edition.path("registry") == EDITION / "step-registry.tsv"


def test_a_file_of_another_edition_is_taken_by_reference(tmp_path: Path) -> None:
    (tmp_path / "edition.toml").write_text(
        '[edition]\nid = "other"\nlabel = "他"\nid_prefix = "ot"\nid_digits = 3\n'
        '[terms]\nkinds = [{ name = "role", title = "人物索引" }]\n'
        '[files]\nsetting = "@xiangsheli"\nfigures = "my-figures.tsv"\n',
        encoding="utf-8",
    )
    edition = load_edition(tmp_path, {"xiangsheli": EDITION})
    assert edition.path("setting") == EDITION / "setting.toml"
    assert edition.path("figures") == tmp_path / "my-figures.tsv"
    assert edition.step_id(7) == "ot-007"
    with pytest.raises(EditionError, match="no edition 'xiangsheli'") as err:
        load_edition(tmp_path)
    assert err.value.line == 9  # the line of `setting = "@xiangsheli"`


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[edition]\nid = "a"\nid_prefix = "a"\nid_digits = 4\n[terms]\nkinds = []\n', "label"),
        ('[edition]\nid = "A b"\nlabel = "x"\nid_prefix = "a"\nid_digits = 4\n', "edition.id"),
        (
            '[edition]\nid = "a"\nlabel = "x"\nid_prefix = "a"\nid_digits = 4\n[terms]\n'
            'kinds = [{ name = "role" }, { name = "role" }]\n',
            "declared twice",
        ),
        (
            '[edition]\nid = "a"\nlabel = "x"\nid_prefix = "a"\nid_digits = 4\n[terms]\n'
            'kinds = []\n[files]\nwhatever = "x"\n',
            "not a file the engine reads",
        ),
        ("[edition\n", "not valid TOML"),
    ],
)
def test_a_bad_edition_toml_is_refused_with_its_line(tmp_path: Path, toml: str, message) -> None:
    (tmp_path / "edition.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(EditionError, match=message):
        load_edition(tmp_path)


MINIMAL = '[edition]\nid = "a"\nlabel = "x"\nid_prefix = "a"\nid_digits = 4\n[terms]\nkinds = []\n'


def test_the_translation_apparatus_is_declared_by_the_edition(tmp_path: Path) -> None:
    """Its kinds (name and label) and id form come from ``[translation_apparatus]``; without
    it, the engine's defaults."""
    (tmp_path / "edition.toml").write_text(MINIMAL, encoding="utf-8")
    default = load_edition(tmp_path)
    assert list(default.translation_kinds) == ["filter-artifact", "typo", "conversion"]
    assert default.translation_id_form == "tr-NNN"
    (tmp_path / "edition.toml").write_text(
        MINIMAL + '[translation_apparatus]\nid_prefix = "yw"\nid_digits = 4\nkinds = ['
        '{ name = "typo", label = "錯字" }, { name = "mistranslation", label = "誤譯" }]\n',
        encoding="utf-8",
    )
    edition = load_edition(tmp_path)
    assert dict(edition.translation_kinds) == {"typo": "錯字", "mistranslation": "誤譯"}
    assert edition.translation_id_pattern.fullmatch("yw-0001")
    assert not edition.translation_id_pattern.fullmatch("tr-001")
    assert edition.translation_id_form == "yw-NNNN"
    # which kinds correct a form (kept in another script): none declared here; the engine's
    # default, and this edition, keep the corrections of the conversion to Traditional
    assert edition.translation_apparatus.kept_kinds == frozenset()
    assert default.translation_apparatus.kept_kinds == {"conversion"}
    # a table that declares the id form alone keeps the default kinds, and which are kept
    (tmp_path / "edition.toml").write_text(
        MINIMAL + '[translation_apparatus]\nid_prefix = "yw"\n', encoding="utf-8"
    )
    assert load_edition(tmp_path).translation_apparatus.kept_kinds == {"conversion"}
    own = load_edition(EDITION)
    assert own.translation_kinds["mistranslation"] == "誤譯"
    assert own.translation_apparatus.kept_kinds == {"conversion"}


@pytest.mark.parametrize(
    ("table", "message", "line"),
    [
        ('id_prefix = "T R"\n', "id_prefix 'T R'", 9),
        ("id_digits = 0\n", "id_digits 0", 9),
        ('kinds = [{ label = "誤譯" }]\n', "needs a name", 9),
        ('id_digits = 3\nkinds = [{ name = "typo" }]\n', "'typo' needs a label", 10),
        (
            'kinds = [{ name = "typo", label = "a" }, { name = "typo", label = "b" }]\n',
            "declared twice",
            9,
        ),
        ("kinds = []\n", "non-empty list", 9),
        ('kinds = [{ name = "typo", label = "a", kept = "yes" }]\n', "kept must be true", 9),
    ],
)
def test_a_bad_translation_apparatus_table_is_refused_with_its_line(
    tmp_path: Path, table: str, message: str, line: int
) -> None:
    (tmp_path / "edition.toml").write_text(
        MINIMAL + "[translation_apparatus]\n" + table, encoding="utf-8"
    )
    with pytest.raises(EditionError, match=message) as err:
        load_edition(tmp_path)
    assert err.value.line == line


def test_a_missing_edition_folder_stops_the_build_at_config_time(make_app, tmp_path) -> None:
    """Said as an error at the file (no crash report: config.py's _stop), status 2."""
    from conftest import stopped_build

    (tmp_path / "conf.py").write_text(
        'extensions = ["myst_parser", "ritual"]\nxs_edition = "nowhere"\n', encoding="utf-8"
    )
    (tmp_path / "index.md").write_text("# t\n", encoding="utf-8")
    code, said = stopped_build(make_app, tmp_path)
    assert code == 2
    assert re.search(r"nowhere/edition\.toml:: ERROR: no edition\.toml", said)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("xs_release_date", "2026-13-45", r"xs_release_date must be a real date"),
        ("xs_release_date", "2026-02-30", r"xs_release_date must be a real date"),
        ("xs_release_date", "2 Dec 2026", r"xs_release_date must be a real date"),
        ("xs_base_url", "htp:/example.org", r"xs_base_url must be an absolute http\(s\) URL"),
        ("xs_base_url", "example.org/", r"xs_base_url must be an absolute http\(s\) URL"),
    ],
)
def test_config_values_are_checked(make_app, tmp_path, name: str, value: str, message: str) -> None:
    """A date citations publish is a real date; an address is an absolute http(s) URL. A bad
    one is said at its line of conf.py and not used (the build goes on to report the rest)."""
    src = ROOT / "tests" / "roots" / "test-bad-input"
    app = make_app("html", srcdir=src, builddir=tmp_path, confoverrides={name: value})
    said = [line for line in app.warning.getvalue().splitlines() if "[xs.bad_config]" in line]
    assert len(said) == 1 and re.search(message, said[0]), said
    assert app.config[name] == ""  # the default: no date, no base URL


def test_the_books_date_is_the_release_date(make_app, tmp_path) -> None:
    """The title page's date (Sphinx's ``today``, LaTeX's ``\\date``) is xs_release_date,
    not the day of the build."""
    src = ROOT / "tests" / "roots" / "test-bad-input"
    app = make_app(
        "latex", srcdir=src, builddir=tmp_path, confoverrides={"xs_release_date": "2026-12-02"}
    )
    assert app.config.today == "2026-12-02"
    app.build()
    tex = next((tmp_path / "latex").glob("*.tex")).read_text(encoding="utf-8")
    assert "\\date{2026-12-02}" in tex


def test_setup_is_a_registration_table() -> None:
    """``setup()`` calls one ``setup_<feature>(app)`` per module, and nothing else."""
    source = (ROOT / "_ext" / "ritual" / "__init__.py").read_text(encoding="utf-8")
    body = source.split("def setup(app: Sphinx) -> dict[str, Any]:", 1)[1]
    calls = re.findall(r"^    (\w+)\(app\)$", body, re.M)
    statements = [line for line in body.splitlines() if line.startswith("    ") and line.strip()]
    assert calls and all(name.startswith("setup_") for name in calls)
    assert statements[: len(calls)] == [f"    {name}(app)" for name in calls]
    assert statements[len(calls)].strip() == "return {"
