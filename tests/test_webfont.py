"""The site's web font (``tools/webfont.py``): the committed subset covers every character of the
edition that the Noto CJK TC faces lack, and the built site declares and ships it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from conftest import ROOT, tool_missing
from fontTools.ttLib import TTFont
from ritual.core.diagram.canvas import FONT_STACK

from tools import webfont
from tools.cli import open_edition

STATIC = ROOT / "_static"
FONT = STATIC / webfont.FONT
#: The names the OFL reserves for the original fonts (Debian's copyright file of the package).
RESERVED = ("Hanazono Font", "HanaMinA", "HanaMinB", "花園フォント", "花園明朝")
#: The name IDs that name the font to a user (family, full name, PostScript name, typographic
#: and WWS families).
FONT_NAMES = (1, 4, 6, 16, 17, 21, 22)
TAG = re.compile(r"<[^>]*>")
CSS_LINK = re.compile(r'<link rel="stylesheet"[^>]*href="([^"?]+)')
RANGE = re.compile(r"unicode-range:\s*([^;]+);")


def committed_cmap() -> set[int]:
    return set(TTFont(FONT).getBestCmap())


def noto() -> list[frozenset[int]]:
    """The Noto CJK TC faces' code points: skip without fonts-noto-cjk, fail under CI."""
    try:
        return webfont.noto_cmaps()
    except FileNotFoundError as err:
        tool_missing(f"the Noto CJK TC faces the site's stacks name are not installed: {err}")
        raise


def edition_chars(html: Path, data: dict) -> set[str]:
    """Every character of the built edition a reader reads: each step's text, translation, notes
    of 注, apparatus lemmas, readings and notes (edition.json), and the same in the Simplified
    copy: the text of its pages of the rite, and its stage data (the interface's own words and
    symbols are not the edition's: the tool reports the symbols and leaves them to the
    system's fonts)."""
    parts: list[str] = []
    for step in data["steps"]:
        parts += [step["text"], step.get("translation") or ""]
        parts += [note["text"] for note in step["commentary"]]
        for entry in step["apparatus"] + step["translation_apparatus"]:
            parts += [entry["lemma"], entry.get("note") or ""]
            parts += [reading["text"] for reading in entry.get("readings", [])]
    for page in sorted((html / "zh-Hans/rite").glob("*.html")):
        parts.append(TAG.sub("", page.read_text(encoding="utf-8")))
    stage = (html / "zh-Hans/_diagrams/stage-data.js").read_text(encoding="utf-8")
    for step in json.loads(stage.split("=", 1)[1].rstrip().rstrip(";"))["steps"]:
        parts.append(step.get("text", ""))
    return set("".join(parts))


# -- the tool's parts --------------------------------------------------------------------------


def test_unicode_range_runs_and_back() -> None:
    cps = [0x21D68, 0x25609, 0x2922, 0x21E4, 0x21E5]
    assert webfont.unicode_range(cps) == "U+21E4-21E5, U+2922, U+21D68, U+25609"
    assert webfont.parse_unicode_range(webfont.unicode_range(cps)) == set(cps)
    assert webfont.parse_unicode_range(RANGE.search(webfont.css_rule(cps))[1]) == set(cps)


def test_needed_keeps_the_han_characters_a_face_lacks() -> None:
    serif = frozenset(map(ord, "主人賓⇤"))
    sans = frozenset(map(ord, "主人賓"))
    chars = "主人賓𡵨⇤\ue000\u200b"
    # 𡵨: in neither face; ⇤: in one only (a symbol: reported, left to the system's fonts);
    # the private-use mark and the zero-width space are not drawn
    assert webfont.lacking(chars, [serif, sans]) == ["⇤", "𡵨"]
    assert webfont.needed(chars, [serif, sans]) == ["𡵨"]
    assert webfont.needed("主人", [serif, sans]) == []
    # a character newer than Python's Unicode tables (Extension H: Unicode 15) is still asked for
    assert webfont.needed("\U00031350", [serif, sans]) == ["\U00031350"]


def test_the_site_must_be_a_build_of_the_edition(tmp_path: Path) -> None:
    edition = open_edition()
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    data = tmp_path / "edition.json"
    data.write_text(json.dumps({"steps": [{"id": "xs-0001"}]}), encoding="utf-8")
    webfont.require_build(tmp_path, edition)
    data.write_text(json.dumps({"steps": [{"id": "xyj-0001"}]}), encoding="utf-8")
    with pytest.raises(SystemExit, match="not a build of"):
        webfont.require_build(tmp_path, edition)


def test_stale_names_what_the_static_folder_lacks(tmp_path: Path) -> None:
    """``--check``'s judgement: a font, note or rule for other characters is reported."""
    (tmp_path / "fonts").mkdir()
    (tmp_path / webfont.FONT).write_bytes(FONT.read_bytes())
    (tmp_path / webfont.NOTE).write_text((STATIC / webfont.NOTE).read_text("utf-8"), "utf-8")
    (tmp_path / webfont.CSS).write_text((STATIC / webfont.CSS).read_text("utf-8"), "utf-8")
    chars = [chr(cp) for cp in sorted(committed_cmap())]
    assert webfont.stale(tmp_path, chars) == []
    problems = webfont.stale(tmp_path, [*chars, "𠋣"])
    assert len(problems) == 3 and "lacks U+202E3" in problems[0]
    assert webfont.stale(tmp_path, chars[1:])[0].endswith(f"not needed, U+{ord(chars[0]):04X}")


# -- the committed files -----------------------------------------------------------------------


def test_the_committed_font_its_rule_and_its_note_agree() -> None:
    font = TTFont(FONT)
    cps = set(font.getBestCmap())
    assert font.flavor == "woff2" and cps and FONT.stat().st_size < 20_000
    assert all(webfont.han(chr(cp)) for cp in cps)
    names = {(n.nameID, n.toUnicode()) for n in font["name"].names}
    assert (1, webfont.FAMILY) in names
    assert not [t for i, t in names if i in FONT_NAMES and any(r in t for r in RESERVED)]
    css = (STATIC / webfont.CSS).read_text(encoding="utf-8")
    rule = webfont.css_block(css)
    assert rule == webfont.css_rule(cps)
    assert webfont.parse_unicode_range(RANGE.search(rule)[1]) == cps
    # the family ends both stacks of the site and the plans' (after the generic family)
    for stack in ("--xs-font-serif", "--xs-font-sans"):
        value = re.search(rf"{stack}:\s*([^;]+);", css)[1]
        assert value.split(",")[-1].strip() == f'"{webfont.FAMILY}"', stack
    assert FONT_STACK.split(",")[-1].strip() == f"'{webfont.FAMILY}'"
    note = (STATIC / webfont.NOTE).read_text(encoding="utf-8")
    assert {int(h, 16) for h in webfont.NOTE_LINE.findall(note)} == cps
    for words in ("Hanazono Font License", "SIL OPEN FONT LICENSE Version 1.1", "GlyphWiki"):
        assert words in note


def test_the_tool_makes_the_committed_glyphs() -> None:
    """Made again from the system's HanaMin (fonts-hanazono), the font has the committed
    font's glyphs; with a character only HanaMinA has, the two subsets merge into one font."""
    if not all(path.is_file() for path in webfont.SOURCES):
        tool_missing(f"fonts-hanazono is not installed ({webfont.HANAZONO})")
    cps = sorted(committed_cmap())
    taken = webfont.sources_of(chr(cp) for cp in cps)
    again = TTFont(io.BytesIO(webfont.make_font(taken)))
    old = TTFont(FONT)
    assert again.getBestCmap() == old.getBestCmap()
    for name in old.getBestCmap().values():
        assert (
            again["glyf"][name].getCoordinates(again["glyf"])[0]
            == old["glyf"][name].getCoordinates(old["glyf"])[0]
        ), name
    # 山 is in HanaMinA only: the font merges both sources, and is the same each time
    taken = webfont.sources_of(["山", chr(cps[0])])
    assert [p.name for p in taken] == ["HanaMinB.ttf", "HanaMinA.ttf"]
    data = webfont.make_font(taken)
    assert data == webfont.make_font(taken)
    merged = TTFont(io.BytesIO(data))
    assert set(merged.getBestCmap()) == {ord("山"), cps[0]}
    assert merged["name"].getDebugName(1) == webfont.FAMILY
    with pytest.raises(ValueError, match="U\\+E000"):
        webfont.sources_of(["\ue000"])


# -- the built edition -------------------------------------------------------------------------


@pytest.mark.edition
def test_the_font_has_every_character_of_the_edition_noto_lacks(
    edition_html: Path, edition: dict
) -> None:
    cps = committed_cmap()
    chars = edition_chars(edition_html, edition)
    # every glyph of the font is read somewhere in the edition (none is left from an old text)
    assert {chr(cp) for cp in cps} <= chars
    faces = noto()
    lacking = webfont.lacking(chars, faces)
    # the Extension B characters of the 注, and the one OpenCC writes in the Simplified copy
    assert {"𡵨", "𥘉", "𩔖", "𫎆"} <= set(lacking)
    assert [ch for ch in lacking if ord(ch) not in cps] == []
    # and the committed font, note and rule are those of this build (``--check``)
    site = webfont.needed(webfont.site_chars(edition_html), faces)
    assert webfont.stale(STATIC, site) == [], "run: python -m tools.webfont"


@pytest.mark.edition
def test_the_built_site_declares_and_ships_the_font(edition_html: Path) -> None:
    static = edition_html / "_static"
    css = (static / webfont.CSS).read_text(encoding="utf-8")
    rule = webfont.css_block(css)
    assert rule is not None and "@font-face" in rule and f'"{webfont.FAMILY}"' in rule
    assert webfont.parse_unicode_range(RANGE.search(rule)[1]) == committed_cmap()
    url = re.search(r'url\("([^"]+)"\)', rule)[1]
    assert (static / url).read_bytes() == FONT.read_bytes()
    assert (static / webfont.NOTE).is_file()  # the provenance and the licences beside it
    # a page of each script with such a character links that style sheet
    for page, ch in (("rite/drinking.html", "𡵨"), ("zh-Hans/rite/third-round.html", "𫎆")):
        html = (edition_html / page).read_text(encoding="utf-8")
        assert ch in html
        sheets = {
            (edition_html / page).parent.joinpath(href).resolve() for href in CSS_LINK.findall(html)
        }
        assert (static / webfont.CSS).resolve() in sheets, page
