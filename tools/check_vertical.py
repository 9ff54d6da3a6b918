"""Check the vertical book (``_build/vertical/xiangsheli-zhipai.pdf``) the way a proof-reader would.

Poppler's ``pdffonts``, ``pdftotext`` and ``pdftoppm``, and the book's own record of its pages,
``<job>.xsvpages``, which ``xsvertical.sty`` writes as each page is shipped out: the text block
and the 版框's measures, then per page every column, heading, 校記, number and 版心 it prints.
Each check prints one line; the exit status is 1 if any fails.

Checks:

* ``log``        the LuaLaTeX log has no "Missing character" (a glyph no face has is dropped
                 and only logged);
* ``overfull``   no overfull box in the log by more than :data:`MAX_OVERFULL` pt;
* ``embedded``   every font in the PDF is embedded with a ToUnicode map (``pdffonts``), and the
                 CJK faces are the Traditional Chinese ones;
* ``pages``      each page's characters as ``pdftotext`` gives them (out of order: the text of a
                 vertical page comes out scrambled) are, as a bag, the characters the record
                 says the page holds, no more and no fewer; vertical presentation forms (︒ ︐)
                 count as the marks they stand for;
* ``breaks``     no column of the text begins with a closing mark (。，」 …) or ends with an
                 opening one (「《 …): the line-breaking rules (禁則), read from the record;
                 no page begins with a blank column (the one before a part's title);
* ``colophon``   the colophon follows the 校記 of its page (it does not part them from their
                 columns), and a page with the rule before 校記 has one (the colophon alone
                 draws none); its numbers (the version's) stand upright, not on their side;
* ``fill``       the columns fill the page: a page leaves a column's place empty (before its
                 校記, read from the PDF's text, or at its end) only where the opening of the next
                 page could not have stood there (a heading stays with the column after it, a
                 part's title with the blank before it), where the column that would fill it
                 would leave a fragment at the head of the next page, or at the end of the text;
* ``fragments``  no page opens with a fragment (the record's ``f``: a column that opens with
                 the last one or two characters of a sentence or note of the column before)
                 where the page before it had room for that column;
* ``visual``     pages 1, 2, the middle one and the last are rendered (``pdftoppm``): none is
                 blank; on a framed page no ink falls outside the 版框, the 版心 strip beside it
                 and the band of step numbers above it; the text block holds ink in the column
                 places the record fills, none in a blank one, and ink beyond the last column
                 only where the page has 校記 or the colophon;
* ``outline``    the PDF's bookmarks (its only table of contents) go each to its own heading:
                 every part and phase title of the ``.tex`` has its destination
                 (``pdfinfo -dests``), on a page whose record holds that heading, in order;
* ``marks``      the sentence marks (。、，：；！？·) are upright and centred in their cells, as
                 Chinese vertical setting has them: the PDF's text holds none of LuaTeX-ja's
                 Japanese vertical forms (︒ ︑, drawn in the top right of the cell) and no mark on
                 its side, and every bracket is in its vertical form (﹁ ︽ ︵ …); on the pages
                 holding the first of each mark in each size, rendered, the centre of each mark's
                 ink is within :data:`MARK_ACROSS` em of its cell's centre across the column and,
                 in the columns of the text (whose cells are the record's grid), within
                 :data:`MARK_ALONG` em along it.

Usage: ``python tools/check_vertical.py [PDF or its directory]``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import unescape
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.check_pdf import Failure, check_embedded, read_pgm, run  # noqa: E402

DEFAULT_PDF = ROOT / "_build" / "vertical" / "xiangsheli-zhipai.pdf"
#: The largest overfull box allowed (TeX pt).
MAX_OVERFULL = 2.0
#: The rendering the visual check measures, the grey below which a pixel is ink, and the slack
#: of its measures (pt).
DPI = 100
INK_BELOW = 200
SLACK = 1.5
#: How far above the 版框 the step numbers may stand (pt).
HEADS_BAND = 48.0
#: A TeX point in PostScript points (the PDF's unit).
TEX_PT = 72 / 72.27

#: Marks a column may not begin with (they close or end something), and marks it may not end
#: with: the proof-reader's own list, not the layout's (vertical/layout.py), which it checks.
NOT_AT_HEAD = frozenset("。，、；：！？」』》〉）〕】﹂﹄…·︒︐︑")
NOT_AT_FOOT = frozenset("「『《〈（〔【﹁﹃")

#: Grey bytes as 1 where ink, 0 elsewhere (:meth:`Ink.extent`).
_INKED = bytes(1 if g < INK_BELOW else 0 for g in range(256))

OVERFULL = re.compile(r"^Overfull \\[hv]box \(([\d.]+)pt too (?:wide|high)\)(.*)$", re.M)
WS = re.compile(r"\s+")


@dataclass
class Page:
    """A page as the record gives it: its number in the file, its folio and its records
    ``(kind, text)`` in the order they were written."""

    number: int
    folio: str
    records: list[tuple[str, str]] = field(default_factory=list)

    @property
    def text(self) -> str:
        """What the page prints (an ``f`` record is a column's note to the checks, not print)."""
        return "".join(text for kind, text in self.records if kind != "f")

    @property
    def framed(self) -> bool:
        return any(kind == "r" for kind, _ in self.records)

    @property
    def columns(self) -> list[str]:
        """The kinds of the columns of the main text on the page, in order (c, h, b)."""
        return [kind for kind, _ in self.records if kind in "chb"]

    @property
    def beyond(self) -> bool:
        """Whether something follows the columns on the page (校記, the colophon)."""
        return any(kind in "at" for kind, _ in self.records)


@dataclass
class Record:
    """``<job>.xsvpages``: the text block (x, y from the paper's top left, width, height), the
    column pitch and the 經's cell (all TeX pt), the 版框's measures, and the pages."""

    block: tuple[float, float, float, float]
    pitch: float
    zw: float
    frame: tuple[float, float, float]  # pad, gap between its rules, width of the 版心 strip
    pages: list[Page]


def read_record(path: Path) -> Record:
    block: tuple[float, ...] = ()
    frame: tuple[float, ...] = ()
    pages: list[Page] = []
    for line in path.read_text("utf-8").splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "block":
            block = tuple(float(v) for v in rest.split())
        elif kind == "frame":
            frame = tuple(float(v) for v in rest.split())
        elif kind == "page":
            number, folio = rest.split()
            pages.append(Page(int(number), folio))
        elif pages and len(kind) == 1:
            pages[-1].records.append((kind, rest))
    if len(block) != 6 or len(frame) != 3 or not pages:
        raise Failure(
            f"{path.name} holds no text block, frame or pages (is xsvertical.sty loaded?)"
        )
    x, y, w, h, pitch, zw = block
    pad, gap, strip = frame
    return Record((x, y, w, h), pitch, zw, (pad, gap, strip), pages)


# -- the log ----------------------------------------------------------------------------------


def check_log(log: str) -> str:
    missing = [ln.strip() for ln in log.splitlines() if "Missing character" in ln]
    if missing:
        raise Failure(f"{len(missing)} missing character(s): " + "; ".join(missing[:10]))
    return "no 'Missing character' in the log"


def overfull_boxes(log: str) -> list[tuple[float, str]]:
    """Every overfull box of the log: by how much (pt) and where."""
    return [(float(m.group(1)), m.group(2).strip()) for m in OVERFULL.finditer(log)]


def check_overfull(log: str) -> str:
    boxes = overfull_boxes(log)
    bad = [(pt, where) for pt, where in boxes if pt > MAX_OVERFULL]
    if bad:
        listed = "; ".join(f"{pt}pt {where}" for pt, where in bad[:10])
        raise Failure(f"{len(bad)} overfull box(es) over {MAX_OVERFULL}pt: {listed}")
    return f"no overfull box over {MAX_OVERFULL}pt ({len(boxes)} in all)"


def check_fonts(pdf: Path) -> str:
    done = check_embedded(pdf)
    names = [row.split()[0] for row in run("pdffonts", str(pdf)).splitlines()[2:] if row.strip()]
    cjk = [n for n in names if "CJK" in n]
    wrong = [n for n in cjk if "CJKtc" not in n]
    if not cjk or wrong:
        raise Failure(f"the CJK faces are not Noto CJK TC: {wrong or names}")
    return f"{done}: " + ", ".join(n.split("+")[-1] for n in names)


# -- the outline ---------------------------------------------------------------------------------

#: A part's or a phase's title in the book's TeX, with its bookmark's name.
HEADING = re.compile(r"^\\xsv(part|phase)\{(.*)\}\{([^{}]*)\}$", re.M)
DEST = re.compile(r"^\s*(\d+)\s+\[.*\]\s+\"(.*)\"$", re.M)


def outline_faults(tex: str, dests: str, pages: Sequence[Page]) -> list[str]:
    """What is wrong with the bookmarks: a heading of ``tex`` whose destination is missing
    from ``dests`` (``pdfinfo -dests``), lies on a page that does not print that heading,
    or comes before the one above it."""
    where = {m.group(2): int(m.group(1)) for m in DEST.finditer(dests)}
    heads = {page.number: [t for k, t in page.records if k == "h"] for page in pages}
    faults, last = [], 0
    for kind, title, key in HEADING.findall(tex):
        name = f"{key}.{0 if kind == 'part' else 1}"
        page = where.get(name)
        if not key or page is None:
            faults.append(f"{title}: no destination {name!r} (bookmarks go astray)")
            continue
        if title not in heads.get(page, []):
            faults.append(f"{title}: its bookmark goes to p.{page}, which does not print it")
        if page < last:
            faults.append(f"{title}: its bookmark (p.{page}) comes before the previous one's")
        last = max(last, page)
    return faults


def check_outline(pdf: Path, record: Record) -> str:
    tex = pdf.with_suffix(".tex").read_text("utf-8")
    faults = outline_faults(tex, run("pdfinfo", "-dests", str(pdf)), record.pages)
    if faults:
        more = f" (and {len(faults) - 5} more)" if len(faults) > 5 else ""
        raise Failure("; ".join(faults[:5]) + more)
    return f"{len(HEADING.findall(tex))} bookmarks, each on the page of its heading"


# -- the characters of each page ----------------------------------------------------------------


def bag(text: str) -> Counter[str]:
    """The characters of ``text`` without whitespace, each in its compatibility form (the
    vertical presentation forms ︒ ︐ ︑ are the marks 。 ， 、 turned by the font's ``vert``)."""
    return Counter(WS.sub("", unicodedata.normalize("NFKC", text)))


def page_differences(extracted: Sequence[str], pages: Sequence[Page]) -> list[str]:
    """Where the pages' characters (``pdftotext``'s, one string a page) and the record's differ."""
    out = []
    if len(extracted) != len(pages):
        out.append(f"{len(extracted)} pages in the PDF, {len(pages)} in the record")
    for text, page in zip(extracted, pages, strict=False):
        got, want = bag(text), bag(page.text)
        if got != want:
            extra = "".join(sorted((got - want).elements()))
            lacking = "".join(sorted((want - got).elements()))
            out.append(
                f"p.{page.number} (folio {page.folio}): "
                + (f"printed but not recorded 「{extra[:40]}」 " if extra else "")
                + (f"recorded but not printed 「{lacking[:40]}」" if lacking else "")
            )
    return out


def check_pages(pdf: Path, record: Record) -> str:
    text = run("pdftotext", "-enc", "UTF-8", str(pdf), "-")
    extracted = text.split("\f")
    if extracted and not extracted[-1].strip():
        extracted = extracted[:-1]  # after the last page's form feed
    bad = page_differences(extracted, record.pages)
    if bad:
        raise Failure(f"{len(bad)} page(s) differ from the record:\n    " + "\n    ".join(bad[:20]))
    chars = sum(len(WS.sub("", p.text)) for p in record.pages)
    return f"all {len(record.pages)} pages hold what the record says ({chars} characters)"


# -- the line-breaking rules ---------------------------------------------------------------------


def break_faults(pages: Sequence[Page]) -> list[str]:
    """The columns of text that begin with a closing mark or end with an opening one, and the
    pages that begin with a blank column."""
    out = []
    for page in pages:
        columns = [(kind, WS.sub("", text)) for kind, text in page.records if kind in "chb"]
        if columns and columns[0][0] == "b":
            out.append(f"p.{page.number} begins with a blank column")
        for n, (kind, text) in enumerate(columns, 1):
            if kind != "c":
                continue  # a heading is a column of its own, set from its head
            if text and text[0] in NOT_AT_HEAD:
                out.append(f"p.{page.number} column {n} begins with 「{text[0]}」: 「{text[:8]}…」")
            if text and text[-1] in NOT_AT_FOOT:
                out.append(f"p.{page.number} column {n} ends with 「{text[-1]}」: 「…{text[-8:]}」")
    return out


def check_breaks(record: Record) -> str:
    bad = break_faults(record.pages)
    if bad:
        raise Failure(f"{len(bad)} break(s) against the rules:\n    " + "\n    ".join(bad))
    count = sum(1 for p in record.pages for kind, _ in p.records if kind == "c")
    return (
        f"no column of {count} begins with a closing mark or ends with an opening one; "
        "no page begins with a blank column"
    )


def colophon_faults(pages: Sequence[Page]) -> list[str]:
    """The pages where a 校記 comes after the colophon (or the title page's words), and those
    whose rule before the 校記 (record ``s``) has none after it: the colophon set where the
    校記 are drew it over nothing (the 白文 book's last page)."""
    out = []
    for page in pages:
        kinds = [kind for kind, _ in page.records if kind in "ats"]
        if "t" in kinds and "a" in kinds[kinds.index("t") :]:
            out.append(f"p.{page.number}: a 校記 after the colophon")
        if "s" in kinds and "a" not in kinds[kinds.index("s") :]:
            out.append(f"p.{page.number}: a rule before 校記, and no 校記")
    return out


def _on_its_side(glyph: Glyph) -> bool:
    """Whether a word of Latin is set on its side: its box across the column (the face's height)
    is more than half as wide again as a character's share of its length along the column (an
    upright digit, 縱中橫, is as wide as its advance and as long as the face is high)."""
    return glyph.x1 - glyph.x0 > 1.5 * (glyph.y1 - glyph.y0) / max(len(glyph.text), 1)


def turned_numbers(glyphs: Sequence[Glyph]) -> list[str]:
    """The words of Latin digits among ``glyphs`` set on their side, but for those that go on from
    a word of Latin letters on its side in the same column, or hold letters (a name that holds a
    number, as 「CC BY-SA 4.0」, lies on its side with its letters, as does the 「.dev0」 of a
    development version: ``ritual.vertical.tex.upright_numbers``)."""
    out = []
    before: Glyph | None = None
    for g in glyphs:
        if re.search("[0-9]", g.text) and not re.search("[A-Za-z]", g.text) and _on_its_side(g):
            named = (
                before is not None
                and re.search("[A-Za-z]", before.text) is not None
                and _on_its_side(before)
                and abs(before.x0 - g.x0) < SLACK
            )
            if not named:
                out.append(g.text)
        before = g
    return out


def colophon_words(glyphs: Sequence[Glyph], record: Record) -> list[Glyph]:
    """The words of the colophon on its page: those of the block of columns at the end of the
    page (its left), whose columns stand no further apart than a cell and a third; the 校記 and
    the columns of the text stand further off (the colophon waits a space before it)."""
    x, y, w, h = record.block
    inside = [
        g
        for g in glyphs
        if g.x0 >= x - SLACK and g.x1 <= x + w + SLACK and y - SLACK <= g.y0 <= y + h + SLACK
    ]
    centres = sorted({round((g.x0 + g.x1) / 2) for g in inside})
    edge = centres[0] if centres else 0.0
    for c in centres[1:]:
        if c - edge > 1.8 * record.zw:
            break
        edge = c
    return [g for g in inside if (g.x0 + g.x1) / 2 <= edge + 1]


def check_colophon(pdf: Path, record: Record) -> str:
    bad = colophon_faults(record.pages)
    last = [p.number for p in record.pages if p.framed and any(k == "t" for k, _ in p.records)]
    if last:
        html = run(
            "pdftotext",
            "-enc",
            "UTF-8",
            "-bbox",
            "-f",
            str(last[-1]),
            "-l",
            str(last[-1]),
            str(pdf),
            "-",
        )
        turned = turned_numbers(colophon_words(read_glyphs(html)[0], record))
        if turned:
            bad.append(f"p.{last[-1]}: numbers of the colophon on their side: {', '.join(turned)}")
    if bad:
        raise Failure("; ".join(bad))
    return (
        f"the colophon (p.{last[-1] if last else '?'}) follows the 校記 of its page; "
        "its numbers stand upright"
    )


# -- the pages filled ------------------------------------------------------------------------------

#: The space between the last column of a full page and the ink of its 校記 (TeX pt: the
#: \skip\footins of xsvertical.sty, its rule and the head of the first 校記, as a page whose
#: columns fill it measures): what is wider by a column's pitch is a column's place left empty.
NOTES_SEP = 22.5


def lines_of(record: Record) -> int:
    """The columns a page holds (the class's number of lines), from the text block and pitch."""
    return round((record.block[2] + record.pitch - record.zw) / record.pitch)


def empty_places(record: Record, page: Page, glyphs: Sequence[Glyph]) -> int:
    """The column places ``page`` leaves empty: between its last column and what follows the
    columns (the 校記, the colophon: the PDF's text left of the last column, in the text block),
    or at its end where nothing follows them."""
    n = len(page.columns)
    x, y, w, h = record.block
    if not page.beyond or not n:
        return lines_of(record) - n
    foot = x + w - (n - 1) * record.pitch - record.zw  # the left edge of the last column
    after = [
        g.x1
        for g in glyphs
        if g.x1 < foot - SLACK and g.x0 > x - SLACK and g.y0 >= y - SLACK and g.y1 <= y + h + SLACK
    ]
    if not after:
        return lines_of(record) - n
    return max(0, int((foot - max(after) - NOTES_SEP) / record.pitch + 0.05))


def opening_need(page: Page, parts: set[str]) -> int:
    """The column places the opening of ``page`` needs together: a column; or its headings, the
    column after them (a heading stays with it) and, before a part's title, the blank column."""
    kinds = [(kind, text) for kind, text in page.records if kind in "chb"]
    heads = 0
    while heads < len(kinds) and kinds[heads][0] == "h":
        heads += 1
    if not heads:
        return 1
    return heads + 1 + (1 if kinds[0][1] in parts else 0)


def opens_with_fragment(page: Page, column: int = 0) -> bool:
    """Whether the ``column``-th column of ``page`` (from 0) opens with a fragment (its record
    ``c`` is followed by an ``f``)."""
    kinds = [kind for kind, _ in page.records if kind in "chbf"]
    at = [i for i, kind in enumerate(kinds) if kind in "chb"]
    if column >= len(at):
        return False
    i = at[column]
    return kinds[i] == "c" and i + 1 < len(kinds) and kinds[i + 1] == "f"


def fill_faults(
    record: Record, glyphs: Sequence[Sequence[Glyph]], parts: set[str]
) -> tuple[list[str], list[str]]:
    """The pages left emptier than the rules allow (``fill``), and the pages that open with a
    fragment the page before had room for (``fragments``)."""
    empty, fragments = [], []
    pages = record.pages
    for i, (page, nxt) in enumerate(pairwise(pages)):
        if not page.framed or not page.columns or not nxt.columns:
            continue  # not the text, or its last page
        places = empty_places(record, page, glyphs[i])
        if not places:
            continue
        need = opening_need(nxt, parts)
        widow = places == 1 and need == 1 and opens_with_fragment(nxt, 1)
        if places >= need and not widow:
            empty.append(
                f"p.{page.number} leaves {places} column place(s) empty, and p.{nxt.number} "
                f"opens with what needs {need}"
            )
        if opens_with_fragment(nxt) and places >= 1:
            fragments.append(
                f"p.{nxt.number} opens with a fragment, though p.{page.number} had room for "
                "its column"
            )
    return empty, fragments


def _fill(pdf: Path, record: Record) -> tuple[list[str], list[str]]:
    glyphs = read_glyphs(run("pdftotext", "-enc", "UTF-8", "-bbox", str(pdf), "-"))
    tex = pdf.with_suffix(".tex").read_text("utf-8")
    parts = {title for kind, title, _ in HEADING.findall(tex) if kind == "part"}
    return fill_faults(record, glyphs, parts)


def check_fill(pdf: Path, record: Record) -> str:
    bad, _ = _fill(pdf, record)
    if bad:
        raise Failure(f"{len(bad)} page(s) not filled:\n    " + "\n    ".join(bad))
    return "every page of the text is filled but where the next page's opening needs more room"


def check_fragments(pdf: Path, record: Record) -> str:
    _, bad = _fill(pdf, record)
    if bad:
        raise Failure(f"{len(bad)} avoidable fragment(s):\n    " + "\n    ".join(bad))
    opening = [p.number for p in record.pages if opens_with_fragment(p)]
    return (
        f"{len(opening)} page(s) open with a fragment of one or two characters, none that the "
        "page before had room for"
    )


# -- the look of sample pages ---------------------------------------------------------------------


@dataclass
class Ink:
    """A rendered page (at ``dpi``): where its ink is, in TeX pt from the paper's top left."""

    width: int
    height: int
    pixels: bytes
    dpi: float = DPI

    @property
    def scale(self) -> float:
        return self.dpi / 72.0 * TEX_PT  # pixels per TeX pt

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        s = self.scale
        return (
            max(0, int(x0 * s)),
            max(0, int(y0 * s)),
            min(self.width, int(x1 * s) + 1),
            min(self.height, int(y1 * s) + 1),
        )

    def is_ink(self, c: int, r: int) -> bool:
        return self.pixels[r * self.width + c] < INK_BELOW

    def count(self) -> int:
        return sum(1 for g in self.pixels if g < INK_BELOW)

    def outside(
        self, allowed: Sequence[tuple[float, float, float, float]]
    ) -> list[tuple[int, int]]:
        """The ink pixels in none of the ``allowed`` rectangles (x0, y0, x1, y1 in pt)."""
        boxes = [self._box(*a) for a in allowed]
        out = []
        for r in range(self.height):
            row = self.pixels[r * self.width : (r + 1) * self.width]
            if min(row) >= INK_BELOW:
                continue
            for c, g in enumerate(row):
                if g < INK_BELOW and not any(
                    x0 <= c < x1 and y0 <= r < y1 for x0, y0, x1, y1 in boxes
                ):
                    out.append((c, r))
        return out

    def extent(
        self, x0: float, y0: float, x1: float, y1: float
    ) -> tuple[float, float, float, float] | None:
        """The box of the ink between ``x0`` and ``x1``, rows ``y0``–``y1`` (pt), or None."""
        c0, r0, c1, r1 = self._box(x0, y0, x1, y1)
        rows: list[int] = []
        left, right = c1, c0
        for r in range(r0, r1):
            row = self.pixels[r * self.width + c0 : r * self.width + c1].translate(_INKED)
            first = row.find(1)
            if first >= 0:
                rows.append(r)
                left, right = min(left, c0 + first), max(right, c0 + row.rfind(1) + 1)
        if not rows:
            return None
        s = self.scale
        return left / s, rows[0] / s, right / s, (rows[-1] + 1) / s

    def bands(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
        """The runs of pixel columns with ink between ``x0`` and ``x1`` (rows ``y0``–``y1``),
        as (left, right) in pt."""
        c0, r0, c1, r1 = self._box(x0, y0, x1, y1)
        inked = [any(self.is_ink(c, r) for r in range(r0, r1)) for c in range(c0, c1)]
        out, start = [], None
        for i, v in enumerate([*inked, False]):
            if v and start is None:
                start = i
            elif not v and start is not None:
                out.append(((c0 + start) / self.scale, (c0 + i) / self.scale))
                start = None
        return out


def frame_boxes(record: Record, page: Page) -> list[tuple[float, float, float, float]]:
    """Where a framed page may have ink: the 版框 (its outer rule included), the 版心 strip at the
    fore-edge (left on a page whose folio is odd: the text's folios count from its 卷端, not from
    the title page), the band of step numbers over the text block."""
    x, y, w, h = record.block
    pad, gap, strip = record.frame
    out = pad + gap + 1.1  # the outer rule's outside, from the text block
    x0, y0, x1, y1 = x - out, y - out, x + w + out, y + h + out
    sx0, sx1 = (x0 - strip, x0) if int(page.folio) % 2 else (x1, x1 + strip)
    s = SLACK
    return [
        (x0 - s, y0 - s, x1 + s, y1 + s),
        (sx0 - s, y0 - s, sx1 + s, y1 + s),
        (x - s, y0 - HEADS_BAND, x + w + s, y0 + s),
    ]


def look(ink: Ink, record: Record, page: Page) -> str:
    """The visual checks of one rendered page; what they found, or :class:`Failure`."""
    x, y, w, h = record.block
    if ink.count() < 200:
        raise Failure(f"p.{page.number} is blank")
    if not page.framed:
        stray = ink.outside([(x - SLACK, y - SLACK, x + w + SLACK, y + h + SLACK)])
        if stray:
            raise Failure(f"p.{page.number}: {len(stray)} ink pixels outside the text block")
        return f"p.{page.number} unframed, ink within the text block"
    stray = ink.outside(frame_boxes(record, page))
    if stray:
        c, r = stray[0]
        raise Failure(
            f"p.{page.number}: {len(stray)} ink pixels outside the 版框 "
            f"(first at {c / ink.scale:.0f}, {r / ink.scale:.0f} pt)"
        )
    # the columns: slot j (from the right) is centred half a cell in from the block's right
    # edge, then one pitch further left each; a band belongs to the slot nearest its centre
    right = x + w
    kinds = page.columns
    centres = [right - record.zw / 2 - j * record.pitch for j in range(len(kinds))]
    inked: set[int] = set()
    beyond = False
    for left, rt in ink.bands(x, y + 1, right, y + h - 1):
        mid = (left + rt) / 2
        j = round((right - record.zw / 2 - mid) / record.pitch)
        if j < len(kinds) and abs(mid - centres[j]) <= record.pitch / 2:
            inked.add(j)
        else:
            beyond = True
    want = {j for j, kind in enumerate(kinds) if kind != "b"}
    if inked != want:
        raise Failure(
            f"p.{page.number}: ink in the column places {sorted(inked)}, "
            f"the record fills {sorted(want)}"
        )
    if beyond != page.beyond:
        raise Failure(
            f"p.{page.number}: " + ("ink" if beyond else "no ink") + " beyond its columns, "
            "where the record has " + ("none" if not page.beyond else "校記 or the colophon")
        )
    return f"p.{page.number} {len(want)} columns" + (" + 校記/colophon" if beyond else "")


def sample_pages(count: int) -> list[int]:
    """Pages 1, 2, the middle one and the last."""
    return sorted({1, min(2, count), (count + 1) // 2, count})


def page_ink(pdf: Path, n: int, dpi: int, tmp: str) -> Ink:
    """Page ``n`` of ``pdf`` rendered in grey at ``dpi`` (through a file in ``tmp``)."""
    run("pdftoppm", "-r", str(dpi), "-gray", "-f", str(n), "-l", str(n), str(pdf), f"{tmp}/p")
    (file,) = Path(tmp).glob("p-*.pgm")
    ink = Ink(*read_pgm(file), dpi=dpi)
    file.unlink()
    return ink


def check_visual(pdf: Path, record: Record, samples: Path | None = None) -> str:
    found = []
    numbers = sample_pages(len(record.pages))
    with tempfile.TemporaryDirectory() as tmp:
        for n in numbers:
            ink = page_ink(pdf, n, DPI, tmp)
            found.append(look(ink, record, record.pages[n - 1]))
            if samples is not None:
                samples.mkdir(parents=True, exist_ok=True)
                run(
                    "pdftoppm",
                    "-r",
                    "80",
                    "-png",
                    "-singlefile",
                    "-f",
                    str(n),
                    "-l",
                    str(n),
                    str(pdf),
                    str(samples / f"{pdf.stem}-p{n:03d}"),
                )
    return "; ".join(found)


# -- the marks --------------------------------------------------------------------------------

#: The marks of a sentence (句讀) and the middle dot (間隔號): each upright in a cell of its own,
#: centred, as Chinese vertical setting has them (jfm-xszhv.lua; the 凡例, 直排經注本 3).
SENTENCE_MARKS = frozenset("。、，：；！？·")
#: What the PDF's text holds where a mark is set otherwise: LuaTeX-ja's Japanese vertical forms
#: (︒ ︑, drawn in the top right of the cell; copied from the PDF as themselves), and the brackets
#: upright, not in the face's vertical forms (﹁ ︽ ︵ …, whose text is that form).
JAPANESE_FORMS = frozenset("︐︑︒︓︔︕︖")
UPRIGHT_BRACKETS = frozenset("「」『』《》〈〉（）〔〕【】")
#: How far the centre of a mark's ink may stand from the centre of its cell (em of its size):
#: across the column, and along it (the semicolon's tail hangs below its dot and comma head,
#: which are centred, as the colon's dots are); the resolution the marks are measured at.
MARK_ACROSS = 0.06
MARK_ALONG = 0.08
MARK_DPI = 300
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


@dataclass(frozen=True)
class Glyph:
    """A word of ``pdftotext -bbox`` (in a vertical book mostly one character): its text and box
    in TeX pt from the paper's top left. The box of a CJK glyph set upright is its advance across
    the column and the face's ascent and descent along it, whatever its ink."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def turned(self) -> bool:
        """Whether the glyph is set on its side (its box's long side across the column)."""
        return self.x1 - self.x0 > self.y1 - self.y0


def read_glyphs(html: str) -> list[list[Glyph]]:
    """The words of each page of ``pdftotext -bbox``'s output."""
    return [
        [
            Glyph(unescape(t), *(float(v) / TEX_PT for v in (x0, y0, x1, y1)))
            for x0, y0, x1, y1, t in WORD.findall(page)
        ]
        for page in html.split("<page ")[1:]
    ]


def _full_cell(glyph: Glyph, zw: float) -> bool:
    """A CJK ideograph of the 經's size, upright."""
    return (
        len(glyph.text) == 1
        and unicodedata.name(glyph.text, "").startswith("CJK UNIFIED IDEOGRAPH")
        and abs(glyph.x1 - glyph.x0 - zw) < 0.02 * zw
        and not glyph.turned
    )


def face_box(pages: Sequence[Sequence[Glyph]], record: Record) -> tuple[float, float]:
    """The box of an upright CJK glyph in ems of its size: its length along the column, and how
    far below the box's top its cell begins; from the 經 characters at the heads of the columns,
    whose cells begin at the head of the text block."""
    zw, top = record.zw, record.block[1]
    lengths, heads = [], []
    for page in pages:
        for g in page:
            if _full_cell(g, zw):
                lengths.append((g.y1 - g.y0) / zw)
                if top - zw / 2 < g.y0 <= top:
                    heads.append((top - g.y0) / zw)
    if not lengths or not heads:
        raise Failure("no 經 character at the head of a column to measure the cells by")
    return statistics.median(lengths), statistics.median(heads)


@dataclass(frozen=True)
class MarkOffset:
    """Where a mark's ink stands: the offset of its centre from its cell's centre, in ems of its
    size, across the column (+: to the right) and along it (+: toward the foot); ``along`` is
    None where the cell is not on the grid (the 校記, the 凡例: measured across its box only)."""

    page: int
    char: str
    size: float  # pt
    across: float
    along: float | None

    @property
    def off(self) -> bool:
        return abs(self.across) > MARK_ACROSS or (
            self.along is not None and abs(self.along) > MARK_ALONG
        )

    def __str__(self) -> str:
        along = "" if self.along is None else f", {self.along:+.2f} along"
        return (
            f"p.{self.page} 「{self.char}」 ({self.size:.1f} pt) {self.across:+.2f} across{along}"
        )


def mark_offsets(
    ink: Ink, glyphs: Sequence[Glyph], box: tuple[float, float], record: Record, page: Page
) -> list[MarkOffset]:
    """Each sentence mark of a page set upright (a word of one character) and where its ink
    stands in its cell. In a column of the text (the 經, its 夾注, a heading) the cell is the
    record's: the column's place (a 夾注's half of it), and a half-cell of the grid from the
    head of the text block, the nearest to the mark's box; elsewhere it is the mark's box, which
    moves with the glyph. The ink is read a little inside the cell, clear of its neighbours'."""
    length, head = box
    x, y, w, h = record.block
    zw, right = record.zw, x + w
    out = []
    for g in glyphs:
        if g.text not in SENTENCE_MARKS or g.turned:
            continue
        em = (g.y1 - g.y0) / length
        mid, top = (g.x0 + g.x1) / 2, g.y0 + head * em
        j = round((right - zw / 2 - mid) / record.pitch)
        centre = right - zw / 2 - j * record.pitch
        on_grid = 0 <= j < len(page.columns) and abs(mid - centre) <= zw / 2 and y <= top < y + h
        if on_grid:
            if em < 0.75 * zw:  # a 夾注: the half of the column it stands in
                centre += zw / 4 if mid > centre else -zw / 4
            mid, top = centre, y + round((top - y) / (zw / 2)) * zw / 2
        inset = 0.04 * em
        found = ink.extent(
            mid - em / 2 + inset, top + inset, mid + em / 2 - inset, top + em - inset
        )
        if found is None:
            out.append(MarkOffset(page.number, g.text, em, 1.0, 1.0))
            continue
        x0, y0, x1, y1 = found
        along = ((y0 + y1) / 2 - top) / em - 0.5
        out.append(
            MarkOffset(
                page.number, g.text, em, ((x0 + x1) / 2 - mid) / em, along if on_grid else None
            )
        )
    return out


def form_faults(pages: Sequence[Sequence[Glyph]]) -> list[str]:
    """The marks the PDF's text gives in a Japanese vertical form or set on their side, and the
    brackets left upright."""
    out = []
    for n, page in enumerate(pages, 1):
        text = "".join(g.text for g in page)
        forms = "".join(sorted(set(text) & JAPANESE_FORMS))
        if forms:
            out.append(f"p.{n}: marks in the Japanese vertical forms 「{forms}」")
        upright = "".join(sorted(set(text) & UPRIGHT_BRACKETS))
        if upright:
            out.append(f"p.{n}: brackets upright, not in their vertical forms 「{upright}」")
        turned = "".join(sorted({g.text for g in page if g.text in SENTENCE_MARKS and g.turned}))
        if turned:
            out.append(f"p.{n}: marks set on their side 「{turned}」")
    return out


def mark_pages(pages: Sequence[Sequence[Glyph]]) -> list[int]:
    """The pages (from 1) that hold the first of each sentence mark in each size."""
    first: dict[tuple[str, float], int] = {}
    for n, page in enumerate(pages, 1):
        for g in page:
            if g.text in SENTENCE_MARKS and not g.turned:
                first.setdefault((g.text, round(g.y1 - g.y0)), n)
    return sorted(set(first.values()))


def check_marks(pdf: Path, record: Record) -> str:
    pages = read_glyphs(run("pdftotext", "-enc", "UTF-8", "-bbox", str(pdf), "-"))
    bad = form_faults(pages)
    if bad:
        raise Failure(f"{len(bad)} fault(s) of the marks' forms:\n    " + "\n    ".join(bad[:20]))
    box = face_box(pages, record)
    numbers = mark_pages(pages)
    offsets: list[MarkOffset] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in numbers:
            ink = page_ink(pdf, n, MARK_DPI, tmp)
            offsets += mark_offsets(ink, pages[n - 1], box, record, record.pages[n - 1])
    off = [str(o) for o in offsets if o.off]
    if off:
        raise Failure(
            f"{len(off)} mark(s) off the centre of their cells (em; at most {MARK_ACROSS} "
            f"across, {MARK_ALONG} along):\n    " + "\n    ".join(off[:20])
        )
    kinds = "".join(sorted({o.char for o in offsets}))
    gridded = [o.along for o in offsets if o.along is not None]
    across = max((abs(o.across) for o in offsets), default=0.0)
    along = max((abs(a) for a in gridded), default=0.0)
    grid = f", {along:.2f} along; {len(gridded)} on the grid of the columns" if gridded else ""
    return (
        f"{len(offsets)} marks 「{kinds}」 on pp. {', '.join(map(str, numbers))} upright and "
        f"centred in their cells (at most {across:.2f} em across{grid}); no Japanese vertical "
        "form, every bracket turned"
    )


# -- driver ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("where", nargs="?", type=Path, default=DEFAULT_PDF)
    parser.add_argument(
        "--samples", type=Path, help="also write the sample pages as PNG (80 dpi) to this folder"
    )
    args = parser.parse_args(argv)
    pdf = args.where / DEFAULT_PDF.name if args.where.is_dir() else args.where
    if not pdf.is_file():
        print(f"check_vertical: no PDF at {pdf} (build it with `make vertical`)", file=sys.stderr)
        return 2
    log_file, pages_file = pdf.with_suffix(".log"), pdf.with_suffix(".xsvpages")
    if not log_file.is_file() or not pages_file.is_file():
        print(
            f"check_vertical: no {log_file.name} or {pages_file.name} beside the PDF",
            file=sys.stderr,
        )
        return 2
    log = log_file.read_text("utf-8", "replace")
    failed = 0
    record: Record | None = None
    try:
        record = read_record(pages_file)
    except Failure as exc:
        print(f"FAIL  record     {exc}")
        failed += 1
    checks: list[tuple[str, Callable[[], str]]] = [
        ("log", lambda: check_log(log)),
        ("overfull", lambda: check_overfull(log)),
        ("embedded", lambda: check_fonts(pdf)),
    ]
    if record is not None:
        rec = record
        checks += [
            ("pages", lambda: check_pages(pdf, rec)),
            ("breaks", lambda: check_breaks(rec)),
            ("colophon", lambda: check_colophon(pdf, rec)),
            ("fill", lambda: check_fill(pdf, rec)),
            ("fragments", lambda: check_fragments(pdf, rec)),
            ("outline", lambda: check_outline(pdf, rec)),
            ("visual", lambda: check_visual(pdf, rec, args.samples)),
            ("marks", lambda: check_marks(pdf, rec)),
        ]
    for name, check in checks:
        try:
            print(f"ok    {name:10} {check()}")
        except Failure as exc:
            failed += 1
            print(f"FAIL  {name:10} {exc}")
    count = len(record.pages) if record else "?"
    print(f"{pdf}: {count} pages; {failed} check(s) failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
