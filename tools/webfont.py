"""The site's web font: the Han characters of the built site that its CJK fonts lack, subset
from HanaMinB (and HanaMinA) (``python -m tools.webfont``; ``make webfont``).

The site names its CJK fonts and ships none (``_static/edition.css``: Noto Serif CJK TC and
Noto Sans CJK TC first). A few characters of the built site lie beyond those fonts: characters
of CJK Extension B and after in the 注, and one that OpenCC writes in the Simplified copy. A
reader whose fonts lack them sees boxes. This tool reads every page, data script, style sheet
and plan of the built site (``--site``, default ``_build/html``: the Traditional pages and the
``zh-Hans/`` copy), keeps each Han character (:data:`HAN`) that a Noto CJK TC face (Debian
``fonts-noto-cjk``, the serif or the sans) lacks, and subsets the fonts of Debian's
``fonts-hanazono`` that have them (HanaMinB, then HanaMinA) with fontTools, into one WOFF2
under a name of its own (:data:`FAMILY`: the OFL, one of the font's two licences, keeps the
names HanaMinA and HanaMinB for the original). It writes, in the site's static folder
(``--out``, default ``_static``):

- ``fonts/xs-han-supplement.woff2``, the font (committed: the build needs no system font);
- ``fonts/xs-han-supplement.txt`` beside it: what it is made from, by what, its characters,
  and the font's licences as Debian's copyright file of the package gives them;
- the ``@font-face`` rule in ``edition.css``, between :data:`BEGIN` and :data:`END`: the file,
  and a ``unicode-range`` of exactly those code points, so that a browser fetches the file
  only for a page that shows one of them, and only where no font earlier in the stack has it.
  The stacks of ``edition.css`` (and the plans', ``ritual.core.diagram.canvas.FONT_STACK``)
  name the family last, after the generic family.

Characters that are not drawn are not asked for: controls, format characters and the private
use area (the marks of the kept forms, U+E000 … U+E002, which the scripts strip before they
show a text). The symbols the CJK fonts lack (the arrows of the stage's and the plans'
buttons) are reported and left to the reader's system fonts (:data:`HAN`). A Han character
that no source font has is an error.

``--check`` writes nothing and exits 1 when the committed font, its note or the rule does not
cover exactly the characters the site needs (it needs the Noto faces and the built site, not
HanaMin); ``tests/test_webfont.py`` runs the same check. ``--edition`` names the edition the
site was built from (default ``source/_edition``): the site's steps must be its steps, and the
note names it.

    make html && python -m tools.webfont [--site _build/html] [--out _static] [--check]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import textwrap
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

from tools.cli import ROOT, Edition, add_edition_argument, edition_from

#: The faces the site's stacks name first (Debian ``fonts-noto-cjk``): a character either
#: lacks goes into the web font. Each is (file, index of the TC face in the collection, its name).
NOTO_FACES = (
    (Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"), 3, "Noto Serif CJK TC"),
    (Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"), 3, "Noto Sans CJK TC"),
)
#: The fonts the subset is taken from, in order of preference (Debian ``fonts-hanazono``).
HANAZONO = Path("/usr/share/fonts/truetype/hanazono")
SOURCES = (HANAZONO / "HanaMinB.ttf", HANAZONO / "HanaMinA.ttf")
#: Debian's copyright file of ``fonts-hanazono``: the licences, quoted into the note.
COPYRIGHT = Path("/usr/share/doc/fonts-hanazono/copyright")
PACKAGE = "fonts-hanazono"

#: The subset's family, in its name table and in the style sheets (not a name the OFL
#: reserves: Hanazono Font, HanaMinA, HanaMinB, 花園フォント, 花園明朝A, 花園明朝B).
FAMILY = "XS Han Supplement"
POSTSCRIPT = "XSHanSupplement-Regular"
#: The files, under the static folder (the note beside the font).
FONT = "fonts/xs-han-supplement.woff2"
NOTE = "fonts/xs-han-supplement.txt"
#: The style sheet that carries the rule (the site's own, ``html_css_files``), and its marks.
CSS = "edition.css"
BEGIN = "/* xs-webfont: written by tools/webfont.py from the built site; do not edit */"
END = "/* /xs-webfont */"
BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)

#: The files of the site a reader sees through its style sheets: pages, data scripts, style
#: sheets, plans. (edition.json, the TEI and the citation files are read by programs.)
SCANNED = {".html", ".js", ".css", ".svg"}
#: General categories of characters that are not drawn: controls, format characters, the
#: private use area (the kept forms' marks, ``ritual.core.kept``), surrogates. (Not the
#: unassigned: a character newer than Python's Unicode tables is drawn all the same.)
UNDRAWN = {"Cc", "Cf", "Co", "Cs"}
#: What the font is for: the Han characters (radicals and strokes, the unified ideographs of
#: the BMP and their Extension A, the compatibility ideographs, and planes 2 and 3: Extension
#: B and after). A symbol the CJK fonts lack (the arrows of the controls) is left to the
#: reader's system fonts, which draw it on every common system (DejaVu, Segoe UI Symbol, Apple
#: Symbols): it is reported, not put in a font that every page with a plan would then fetch.
HAN = (
    (0x2E80, 0x2FDF),
    (0x31C0, 0x31EF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0x20000, 0x3FFFF),
)
#: The note's line of a character: ``U+21D68  𡵨  HanaMinB``.
NOTE_LINE = re.compile(r"^U\+([0-9A-F]{4,6})\s", re.M)


@cache
def cmap(path: Path, index: int | None = None) -> frozenset[int]:
    """The code points a font (a face of a collection: ``index``) maps."""
    font = TTFont(path, fontNumber=-1 if index is None else index, lazy=True)
    return frozenset(font.getBestCmap())


def noto_cmaps() -> list[frozenset[int]]:
    """The code points of each Noto face; FileNotFoundError when a file is missing, ValueError
    when its face at the index is not the one the stacks name."""
    out = []
    for path, index, name in NOTO_FACES:
        if not path.is_file():
            raise FileNotFoundError(f"{path} (Debian fonts-noto-cjk)")
        family = TTFont(path, fontNumber=index, lazy=True)["name"].getDebugName(1)
        if family != name:
            raise ValueError(f"{path} face {index} is {family!r}, not {name!r}")
        out.append(cmap(path, index))
    return out


def site_chars(site: Path) -> dict[str, set[str]]:
    """Each character of the site's scanned files, with the files (relative) it stands in."""
    where: dict[str, set[str]] = {}
    for path in sorted(site.rglob("*")):
        if path.suffix not in SCANNED or not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        for ch in set(path.read_text(encoding="utf-8")):
            if ord(ch) >= 0x80:
                where.setdefault(ch, set()).add(rel)
    return where


def drawn(ch: str) -> bool:
    return unicodedata.category(ch) not in UNDRAWN


def han(ch: str) -> bool:
    return any(first <= ord(ch) <= last for first, last in HAN)


def lacking(chars: Iterable[str], faces: Iterable[frozenset[int]]) -> list[str]:
    """The drawn characters of ``chars`` that one of ``faces`` lacks, in code point order."""
    covered = frozenset.intersection(*faces)
    return sorted({ch for ch in chars if drawn(ch) and ord(ch) not in covered})


def needed(chars: Iterable[str], faces: Iterable[frozenset[int]]) -> list[str]:
    """The characters the font must have: the Han characters of ``chars`` one face lacks."""
    return [ch for ch in lacking(chars, faces) if han(ch)]


def sources_of(chars: Iterable[str], sources: Iterable[Path] = SOURCES) -> dict[Path, list[int]]:
    """Each source font → the code points taken from it (the first font that has one); a
    character none has raises ValueError."""
    named_sources = tuple(sources)
    fonts = [f for f in named_sources if f.is_file()]
    found: dict[Path, list[int]] = {}
    missing = []
    for ch in chars:
        font = next((f for f in fonts if ord(ch) in cmap(f)), None)
        if font is None:
            missing.append(ch)
        else:
            found.setdefault(font, []).append(ord(ch))
    if missing:
        named = ", ".join(f"{code(ord(ch))} {ch}" for ch in missing)
        raise ValueError(f"no source font has {named} ({', '.join(map(str, named_sources))})")
    return {f: found[f] for f in fonts if f in found}  # in the order of preference


def code(cp: int) -> str:
    return f"U+{cp:04X}"


def unicode_range(codepoints: Iterable[int]) -> str:
    """The CSS ``unicode-range`` of the code points: runs as ``U+21E4-21E5``."""
    cps = sorted(set(codepoints))
    runs: list[list[int]] = []
    for cp in cps:
        if runs and cp == runs[-1][1] + 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return ", ".join(code(a) if a == b else f"{code(a)}-{b:04X}" for a, b in runs)


def parse_unicode_range(text: str) -> set[int]:
    """The code points of a ``unicode-range`` value (single points and ``a-b`` runs)."""
    out: set[int] = set()
    for part in text.split(","):
        first, _, last = part.strip().removeprefix("U+").removeprefix("u+").partition("-")
        out.update(range(int(first, 16), int(last or first, 16) + 1))
    return out


def css_rule(codepoints: Iterable[int]) -> str:
    """The ``@font-face`` block of ``edition.css``, with its marks."""
    return (
        f"{BEGIN}\n"
        "@font-face {\n"
        f'  font-family: "{FAMILY}";\n'
        f'  src: url("{FONT}") format("woff2");\n'
        "  font-display: swap;\n"
        f"  unicode-range: {unicode_range(codepoints)};\n"
        "}\n"
        f"{END}"
    )


def css_block(css: str) -> str | None:
    """The rule between the marks of a style sheet's text, or None."""
    m = BLOCK.search(css)
    return m[0] if m else None


def _subset(path: Path, codepoints: list[int]) -> TTFont:
    font = TTFont(path, recalcTimestamp=False)
    options = subset.Options()
    options.notdef_outline = True  # a box, were a character ever asked of it that it lacks
    options.name_IDs = []  # the names are the subset's own (:func:`_rename`)
    options.drop_tables += ["FFTM", "prop"]  # FontForge's stamp; AAT properties
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    return font


def _rename(font: TTFont, sources: str) -> None:
    """The subset's names: its family (not the original's), the copyright and the licences."""
    names = {
        0: "Copyright 2008, 2009, 2010, 2011 GlyphWiki Project.",
        1: FAMILY,
        2: "Regular",
        3: f"{POSTSCRIPT} 1.0",
        4: f"{FAMILY} Regular",
        5: f"Version 1.0; a subset of the Hanazono fonts ({sources})",
        6: POSTSCRIPT,
        13: (
            "Hanazono Font License, or SIL Open Font License 1.1, at your choice, as the font "
            "it is made from (GlyphWiki Project's Hanazono fonts, HanaMinA and HanaMinB)."
        ),
    }
    table = font["name"]
    table.names = []
    for ident, text in names.items():
        table.setName(text, ident, 3, 1, 0x409)


def make_font(taken: dict[Path, list[int]]) -> bytes:
    """The WOFF2 of the code points, each glyph from its source font, merged into one font."""
    parts = [(path, _subset(path, cps)) for path, cps in taken.items()]
    if len(parts) == 1:
        font = parts[0][1]
    else:
        with tempfile.TemporaryDirectory() as tmp:
            files = []
            for n, (_, part) in enumerate(parts):
                files.append(Path(tmp) / f"{n}.ttf")
                part.save(files[-1])
            font = Merger().merge([str(f) for f in files])
    first = parts[0][1]["head"]
    font.recalcTimestamp = False  # the source's dates: the same file from the same fonts
    font["head"].created, font["head"].modified = first.created, first.modified
    font["post"].formatType = 3.0  # no glyph names
    _rename(font, " and ".join(p.stem for p, _ in parts))
    font.flavor = "woff2"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "font.woff2"
        font.save(out)
        return out.read_bytes()


def licences(copyright_file: Path = COPYRIGHT) -> str:
    """The licence texts of a Debian (DEP-5) copyright file, as plain text: each stanza that
    opens with ``License: NAME`` (not a ``Files`` stanza's ``A or B``), its lines unindented."""
    out: list[str] = []
    stanza: list[str] | None = None
    for line in [*copyright_file.read_text(encoding="utf-8").splitlines(), ""]:
        if stanza is None:
            head = line.removeprefix("License:").strip()
            if line.startswith("License:") and head and " or " not in head:
                stanza = [f"== {head} =="]
            continue
        if not line.strip():
            out.append("\n".join(stanza).rstrip())
            stanza = None
        elif line.startswith(" "):
            stanza.append("" if line.strip() == "." else line.removeprefix("  "))
    return "\n\n".join(out)


def package_version(package: str = PACKAGE) -> str:
    """The installed version of a Debian package (``dpkg``'s status file), or ``?``."""
    status = Path("/var/lib/dpkg/status")
    if status.is_file():
        for block in status.read_text(encoding="utf-8", errors="replace").split("\n\n"):
            if block.startswith(f"Package: {package}\n"):
                m = re.search(r"^Version: (\S+)", block, re.M)
                if m:
                    return m[1]
    return "?"


def note(edition: Edition, taken: dict[Path, list[int]], size: int) -> str:
    """The provenance note beside the font: what it is, from what, by what, and its licences."""
    rows = sorted((cp, path) for path, cps in taken.items() for cp in cps)
    faces = " and ".join(name for _, _, name in NOTO_FACES)
    about = [
        f"The web font of {edition.label} ({edition.id}): the {len(rows)} Han characters of "
        "the built site (its pages in both scripts, data scripts, style sheets and plans) that "
        f"the CJK fonts its style sheets name first, {faces}, do not have (the symbols they "
        "lack are left to the reader's system fonts). It is a subset of the "
        "Hanazono fonts of the GlyphWiki Project, made by tools/webfont.py with fontTools "
        f"{version('fonttools')} and brotli {version('brotli')}: the glyphs as they are, in one "
        f"file, under a name of its own ({FAMILY}), since the SIL Open Font License reserves "
        "the names of the original (see below). The style sheet (edition.css) declares it with "
        "a unicode-range of exactly these code points, last in its font stacks, so that a "
        "browser fetches it only for a page that shows one of them, and only when no font "
        "before it has the character.",
        f"Made from (Debian package {PACKAGE} {package_version()}):",
    ]
    sources = [f"  {p} ({TTFont(p, lazy=True)['name'].getDebugName(5)})" for p in taken]
    chars = [
        f"{code(cp)}  {chr(cp)}  {path.stem}  {unicodedata.name(chr(cp), '')}" for cp, path in rows
    ]
    licence = (
        "The Hanazono fonts are free software: anyone may use, copy, modify and redistribute "
        "them, commercially or not. Copyright 2008, 2009, 2010, 2011 GlyphWiki Project. Their "
        "authors license them under the Hanazono Font License or the SIL Open Font License 1.1, "
        "at the recipient's choice; this subset is distributed under the same two licences. "
        f"Their texts follow, as Debian's copyright file of {PACKAGE} ({COPYRIGHT}) gives them."
    )
    return "\n".join(
        [
            f"{FAMILY} ({Path(FONT).name}, {size} bytes)",
            "",
            textwrap.fill(about[0], 92, break_on_hyphens=False),
            "",
            about[1],
            *sources,
            "",
            "Characters:",
            *chars,
            "",
            "Licence",
            "-------",
            textwrap.fill(licence, 92, break_on_hyphens=False),
            "",
            licences(),
            "",
        ]
    )


@dataclass
class State:
    """What the static folder holds now: the font's code points, the note's, the rule."""

    font: set[int] | None
    note: set[int] | None
    rule: str | None


def committed(out: Path) -> State:
    font = out / FONT
    text = (out / NOTE).read_text(encoding="utf-8") if (out / NOTE).is_file() else None
    css = (out / CSS).read_text(encoding="utf-8") if (out / CSS).is_file() else ""
    return State(
        font=set(TTFont(font).getBestCmap()) if font.is_file() else None,
        note={int(h, 16) for h in NOTE_LINE.findall(text)} if text is not None else None,
        rule=css_block(css),
    )


def stale(out: Path, chars: list[str]) -> list[str]:
    """What in ``out`` does not cover exactly the characters ``chars`` (empty: all current)."""
    want = {ord(ch) for ch in chars}
    now = committed(out)
    problems = []
    for name, got in ((FONT, now.font), (NOTE, now.note)):
        if got is None:
            problems.append(f"{out / name}: missing")
        elif got != want:
            problems.append(f"{out / name}: {differs(got, want)}")
    if now.rule is None:
        problems.append(f"{out / CSS}: no rule between the marks {BEGIN!r} … {END!r}")
    elif now.rule != css_rule(want):
        problems.append(f"{out / CSS}: the @font-face is not the one for {unicode_range(want)}")
    return problems


def differs(got: set[int], want: set[int]) -> str:
    parts = []
    if want - got:
        parts.append("lacks " + " ".join(f"{code(c)} {chr(c)}" for c in sorted(want - got)))
    if got - want:
        parts.append("has, not needed, " + " ".join(code(c) for c in sorted(got - want)))
    return "; ".join(parts)


def require_build(site: Path, edition: Edition) -> None:
    """Exit unless ``site`` is a build of ``edition`` (its edition.json's steps are the
    edition's)."""
    data = site / "edition.json"
    if not (site / "index.html").is_file() or not data.is_file():
        raise SystemExit(f"{site}: no built site (build it first: make html)")
    steps = json.loads(data.read_text(encoding="utf-8")).get("steps") or [{}]
    first = str(steps[0].get("id", ""))
    if not re.fullmatch(edition.step_id_regex, first):
        raise SystemExit(f"{site}: not a build of {edition.folder} (its first step is {first!r})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_edition_argument(parser)
    parser.add_argument(
        "--site", type=Path, default=ROOT / "_build" / "html", help="the built site (make html)"
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "_static", help="the site's static folder (_static)"
    )
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    parser.add_argument("-v", "--verbose", action="store_true", help="where each character is")
    args = parser.parse_args(argv)
    edition = edition_from(args)
    require_build(args.site, edition)
    try:
        faces = noto_cmaps()
    except (FileNotFoundError, ValueError) as err:
        print(f"webfont: {err}", file=sys.stderr)
        return 2
    where = site_chars(args.site)
    gaps = lacking(where, faces)
    chars = needed(where, faces)
    for ch in gaps if args.verbose else ():
        files = sorted(where[ch])
        print(f"{code(ord(ch))} {ch}: {len(files)} files, e.g. {', '.join(files[:3])}")
    left = [ch for ch in gaps if ch not in chars]
    if left:
        print(
            "not Han, left to the system's fonts: " + " ".join(f"{code(ord(c))} {c}" for c in left)
        )
    undrawn = sorted(ch for ch in where if not drawn(ch))
    if undrawn:
        print("not drawn, left out: " + " ".join(code(ord(ch)) for ch in undrawn))
    if args.check:
        problems = stale(args.out, chars)
        for line in problems:
            print(line, file=sys.stderr)
        print(f"webfont: {len(chars)} characters needed; " + ("stale" if problems else "current"))
        return 1 if problems else 0
    try:
        taken = sources_of(chars)
    except ValueError as err:
        print(f"webfont: {err}", file=sys.stderr)
        return 1
    data = make_font(taken)
    font = args.out / FONT
    font.parent.mkdir(parents=True, exist_ok=True)
    font.write_bytes(data)
    (args.out / NOTE).write_text(note(edition, taken, len(data)), encoding="utf-8")
    css = args.out / CSS
    text = css.read_text(encoding="utf-8")
    rule = css_rule(ord(ch) for ch in chars)
    css.write_text(
        BLOCK.sub(lambda _: rule, text) if css_block(text) else f"{text.rstrip()}\n{rule}\n",
        encoding="utf-8",
    )
    print(
        f"{font}: {len(data)} bytes, {len(chars)} characters "
        + " ".join(f"{code(ord(ch))} {ch}" for ch in chars)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
