"""Bad markup and data the probe found passing without a word: each is now a located, typed
warning (file:line, ``xs.<subtype>``), never a traceback, a lost word or a wrong output.

The cases are built as ``test_bad_input``'s are (a copy of ``roots/test-bad-input``, one file
spoilt); each test also checks what became of the input (the phase not opened, the text kept,
the bad reading not printed).
"""

from __future__ import annotations

from pathlib import Path

from ritual.domain import xs_domain
from sphinx.testing.util import SphinxTestApp
from test_bad_input import HEAD, Case, base_bytes, build_case, refs, step, xs_warnings

OVERRIDES = "_edition/pinyin-overrides.tsv"


def built(make_app, rootdir: Path, tmp_path: Path, case: Case) -> SphinxTestApp:
    return build_case(make_app, rootdir, tmp_path, case, [])


def assert_warned(app: SphinxTestApp, expected: list[tuple[str, str, str]]) -> None:
    """Exactly ``expected`` (location, subtype, fragment): located, typed, no traceback."""
    lines = xs_warnings(app)
    assert not any("Traceback" in line or "[docutils]" in line for line in lines), lines
    assert len(lines) == len(expected), "\n".join(lines)
    for location, subtype, fragment in expected:
        assert any(
            line.startswith(f"{location}: WARNING: ")
            and line.endswith(f"[xs.{subtype}]")
            and fragment in line
            for line in lines
        ), (location, subtype, fragment, lines)


def overrides_with(row: str) -> dict[str, str]:
    """The root's overrides (no row) with ``row`` at line 4, for the base page's 篚 (xs-0002)."""
    return {OVERRIDES: base_bytes(OVERRIDES).decode() + row + "\n"}


# -- 1. pinyin-overrides.tsv ----------------------------------------------------------------------


def test_override_for_a_character_the_text_lacks(make_app, rootdir, tmp_path) -> None:
    case = Case(overrides_with("龘\tlóng\txs-0001\t"), [])
    app = built(make_app, rootdir, tmp_path, case)
    assert_warned(app, [(f"{OVERRIDES}:4", "bad_edition", "'龘', which the edition's text")])


def test_override_step_unknown_or_without_the_character(make_app, rootdir, tmp_path) -> None:
    case = Case(overrides_with("篚\tfěi\txs-9999\t竹器"), [])
    app = built(make_app, rootdir, tmp_path / "unknown", case)
    assert_warned(app, [(f"{OVERRIDES}:4", "unknown_step", "names step 'xs-9999'")])

    case = Case(overrides_with("篚\tfěi\txs-0001\t竹器"), [])
    app = built(make_app, rootdir, tmp_path / "other", case)
    assert_warned(app, [(f"{OVERRIDES}:4", "bad_edition", "'xs-0001', whose text does not")])


def test_override_not_in_tone_mark_pinyin_is_not_used(make_app, rootdir, tmp_path) -> None:
    case = Case(overrides_with("篚\tfei3\txs-0002\t竹器"), [])
    app = built(make_app, rootdir, tmp_path, case)
    assert_warned(app, [(f"{OVERRIDES}:4", "bad_value", "'fei3' is not lower-case tone-marked")])
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "fei3" not in html


# -- 2. a formula that names its own step ---------------------------------------------------------


def test_formula_naming_its_own_step(make_app, rootdir, tmp_path) -> None:
    page = HEAD + step("xs-0001", "主人戒賓。") + step("xs-0002", "{ref-as}`如初 <xs-0002>`。")
    case = Case({"index.md": page, "_edition/references.tsv": refs("xs-0002\t如初")}, [])
    app = built(make_app, rootdir, tmp_path, case)
    assert_warned(app, [("index.md:14", "bad_reference", "refers to its own step")])


# -- 3. a phase directive inside a step -----------------------------------------------------------


def test_phase_inside_a_step_opens_no_phase(make_app, rootdir, tmp_path) -> None:
    body = "主人戒賓。\n\n:::{xs:phase} inner\n:en: Inner\n:::\n"
    page = HEAD + step("xs-0001", body) + step("xs-0002", "賓出迎。")
    app = built(make_app, rootdir, tmp_path, Case({"index.md": page}, []))
    assert_warned(app, [("index.md:12", "bad_markup", "phase 'inner' stands inside step")])
    domain = xs_domain(app.env)
    assert "inner" not in domain.phases
    assert {domain.steps[s].section for s in ("xs-0001", "xs-0002")} == {"jie-bin"}


# -- 4. the doubt role outside a translation ------------------------------------------------------


def test_doubt_outside_a_translation_keeps_its_text(make_app, rootdir, tmp_path) -> None:
    page = HEAD + step("xs-0001", "{doubt}`主人`戒賓。")
    app = built(make_app, rootdir, tmp_path, Case({"index.md": page}, []))
    assert_warned(app, [("index.md:10", "bad_translation", "outside a translation")])
    assert xs_domain(app.env).steps["xs-0001"].text == "主人戒賓。"
    assert "xs-doubt" not in (app.outdir / "index.html").read_text(encoding="utf-8")


# -- 5. a phase without its English subtitle ------------------------------------------------------


def test_phase_without_english_subtitle(make_app, rootdir, tmp_path) -> None:
    page = HEAD.replace(":en: Inviting the guest\n", "") + step("xs-0001", "主人戒賓。")
    app = built(make_app, rootdir, tmp_path, Case({"index.md": page}, []))
    assert_warned(app, [("index.md:5", "phase_without_heading", "no English subtitle")])
    assert xs_domain(app.env).steps["xs-0001"].section == "jie-bin"
