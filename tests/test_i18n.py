"""The engine's interface words: a message catalog of its own (ritual/i18n.py), committed
compiled, with a word for every msgid the code asks for; a build in another language has the
English of the code."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from ritual.i18n import CATALOG, LOCALE_DIR, catalog_digest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import catalog as catalog_tool  # noqa: E402

PO = LOCALE_DIR / "zh_TW" / "LC_MESSAGES" / f"{CATALOG}.po"


def messages() -> dict[str, str]:
    with PO.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id}


def asked_for() -> set[str]:
    """The msgids the engine's code passes to ``_()`` as literals."""
    found = set()
    for path in (ROOT / "_ext" / "ritual").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def test_the_committed_mo_is_the_compiled_po() -> None:
    """``make catalog`` compiles it; a .po edited without it fails here."""
    assert catalog_tool.catalogs() == [PO]
    assert PO.with_suffix(".mo").read_bytes() == catalog_tool.compiled(PO)
    assert catalog_tool.main(["--check"]) == 0


def test_every_word_the_code_asks_for_is_translated() -> None:
    words = messages()
    asked = asked_for()
    assert len(asked) > 40
    assert sorted(asked - set(words)) == []
    assert [m for m, text in words.items() if not text] == []
    # and no entry is left that the code no longer asks for
    assert sorted(set(words) - asked - tabled()) == []


def tabled() -> set[str]:
    """The msgids the code keeps in tables and translates where it uses them."""
    from ritual.components import citation, reading_switch
    from ritual.components import reading_scripts as reader
    from ritual.components.apparatus import orthography_table as orthography
    from ritual.components.apparatus import placement as apparatus_sphinx
    from ritual.components.apparatus import sigla
    from ritual.core import commentary_errata, kept
    from ritual.core.diagram.svg import PlanWords
    from ritual.export import tei as tei_sphinx
    from ritual.latex import book
    from ritual.writers import diagram_html, html

    words = PlanWords()
    return {
        *sigla.ROLE_LABELS.values(),
        *apparatus_sphinx.SWITCH_WORDS.values(),
        *apparatus_sphinx.RUBRIC.values(),
        *(p for p in apparatus_sphinx.LABEL_PREFIX.values() if p),
        *(text for _key, text in citation.CITE_WORDS),
        *(label for _fmt, label, _lang in citation.CITE_FORMS),
        *(text for _key, text in reader.TOGGLE_WORDS),
        *(label for _value, label in reading_switch.STATES),
        reading_switch.GROUP_LABEL,
        tei_sphinx.DEFAULT_RESP,
        book.CONTENTS_NAME,
        book.PLANS_NAME,
        book.INDEX_NAME,
        *orthography.MARKS.values(),
        *(head for heads in html._LIST_HEADS.values() for head in heads),
        words.moved,
        words.off_view,
        words.figure,
        words.north,
        kept.TITLE,
        commentary_errata.TITLE,
        diagram_html.ZHU_TITLE,
    }


def test_every_word_of_the_codes_tables_is_translated() -> None:
    words = messages()
    missing = sorted(tabled() - set(words) - {"GB/T 7714", "Chicago"})
    assert missing == []


def test_the_catalog_holds_no_word_twice_over() -> None:
    """Two msgids with one translation are one word spelled two ways in the code."""
    words = messages()
    texts = list(words.values())
    assert sorted({t for t in texts if texts.count(t) > 1}) == []


def test_the_digest_names_the_languages_catalog() -> None:
    assert len(catalog_digest("zh_TW")) == 64
    assert catalog_digest("en") == catalog_digest(None) == ""


@pytest.mark.sphinx("html", testroot="steps")
def test_the_editions_language_has_the_catalogs_words(app) -> None:
    app.build()
    page = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert '<span class="xs-trans-gap" title="底本無譯文">譯文闕</span>' in page
    assert ">永久連結</a>" in page
    assert app.config.xs_catalog_digest == catalog_digest("zh_TW")


@pytest.mark.sphinx("html", testroot="steps", confoverrides={"language": "en"})
def test_another_language_has_the_english_of_the_code(app) -> None:
    app.build()
    page = (app.outdir / "part.html").read_text(encoding="utf-8")
    assert 'title="The base text has no translation">No translation</span>' in page
    assert ">Permanent link</a>" in page
    assert "譯文闕" not in page and "永久連結" not in page


def test_a_changed_catalog_reads_and_writes_every_page_again(
    make_app, rootdir, tmp_path, monkeypatch
) -> None:
    """Its words are in the doctrees and on every page: a new catalog (another digest) makes
    Sphinx re-read the sources, as after a change of the configuration; the same catalog, not."""
    import shutil

    from ritual import i18n

    src = tmp_path / "src"
    shutil.copytree(rootdir / "test-steps", src)
    make_app("html", srcdir=src).build()
    again = make_app("html", srcdir=src)
    again.build()
    assert "0 changed" in again._status.getvalue()
    monkeypatch.setattr(i18n, "catalog_digest", lambda language: "another catalog")
    changed = make_app("html", srcdir=src)
    changed.build()
    said = changed._status.getvalue()
    assert "[config changed ('xs_catalog_digest')] 3 added" in said  # every source read again
