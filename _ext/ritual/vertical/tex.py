"""The vertical book as LaTeX (pure): the columns of :mod:`.layout` in xsvertical.sty's macros.

The document is LuaLaTeX with the ``jlreq`` class in ``tate``; the page design is the style
file's, the measures the book's (:class:`Design`, from the edition's configuration). Every
column is written whole (the engine has laid it out), each 校記 right after the column its
marker stands in, so that it is printed on that column's page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..core.apparatus_notes import FOLIO, STEP_REF, STEP_REF_SEP, step_runs
from ..core.numerals import classical_number
from .layout import Char, Column, Jiazhu, Mark, tails

_SPECIAL = re.compile(r"[\\{}$&#^_%~]")
_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\^{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\textasciitilde{}",
}


def escape(text: str) -> str:
    """``text`` safe in a TeX argument."""
    return _SPECIAL.sub(lambda m: _ESCAPES[m.group(0)], text)


#: Between the readings of a 校記, and before its note (the marks are the record's too).
READING_SEP = "；"
NOTE_SEP = "。"
#: What a 校記 prints for its readings and note where an earlier 校記 of the book has the same
#: (the lemma apart from its occurrence number): 「同第20條。」, as a 校勘記 refers to the
#: entry where it first says a thing instead of saying it again (the 凡例 says so).
SAME_AS = ("同第", "條。")


def step_refs(text: str, labels: Mapping[str, str], id_regex: str) -> str:
    """``text`` with each run of step ids (``ab-0034、ab-0038``) written as the book's step
    numbers (「第34、38節」), printed over its columns, for the book does not print the ids that
    the site's 校記 give; a run with an id the book does not hold is left as it is."""
    return "".join(
        piece
        if isinstance(piece, str)
        else STEP_REF[0] + STEP_REF_SEP.join(labels[i] for i in piece) + STEP_REF[1]
        for piece in step_runs(text, labels, id_regex)
    )


#: A witness's page (``FOLIO``: 「005-31b」) as the vertical book writes it out, as its 凡例
#: reads it, 「卷五第三十一葉下」, for Latin digits and letters would stand on their side in
#: the column.
FOLIO_FORM = "卷{}第{}葉{}"
FOLIO_SIDES = {"a": "上", "b": "下"}


def folio_refs(text: str) -> str:
    """``text`` with each witness page (``李 005-31b``) written out (「李卷五第三十一葉下」)."""

    def words(m: re.Match[str]) -> str:
        juan, leaf, side = int(m["juan"]), int(m["leaf"]), m["side"]
        return FOLIO_FORM.format(classical_number(juan), classical_number(leaf), FOLIO_SIDES[side])

    return FOLIO.sub(words, text)


@dataclass(frozen=True)
class Note:
    """A 校記 as printed: its number, the lemma, the readings (text, sigla), a note; or, with
    ``same``, the number of the earlier 校記 whose readings and note it shares."""

    number: int
    lemma: str
    readings: tuple[tuple[str, str], ...]
    note: str = ""
    same: int = 0

    @property
    def text(self) -> str:
        """The characters the 校記 prints (the record the checks read)."""
        if self.same:
            return self.lemma + SAME_AS[0] + str(self.same) + SAME_AS[1]
        readings = READING_SEP.join(t + s for t, s in self.readings)
        return self.lemma + readings + (NOTE_SEP + self.note if self.note else "")


def referring_repeats(notes: dict[int, Note]) -> dict[int, Note]:
    """``notes`` with each 校記 that repeats an earlier one (the same lemma but for its
    occurrence number, the same readings, the same note) turned into a reference to the first
    of them (:data:`SAME_AS`): the book's page is small, and a word emended alike at every
    place it stands would fill pages of it with one sentence."""
    first: dict[tuple[object, ...], int] = {}
    out: dict[int, Note] = {}
    for number in sorted(notes):
        note = notes[number]
        key = (_SUPERSCRIPTS.sub("", note.lemma), note.readings, note.note)
        if key in first:
            note = Note(note.number, note.lemma, (), "", same=first[key])
        else:
            first[key] = number
        out[number] = note
    return out


@dataclass(frozen=True)
class Design:
    """The measures of the book: paper (jlreq's ``paper``), the size of the 經, the cells
    of a column and the columns of a page, the pitch of the columns in 經 cells."""

    paper: str = "a5"
    size: float = 14.0
    cells: int = 22
    lines: int = 10
    pitch: float = 1.75
    #: the faces (luaotfload names or files; the index of the face in a collection)
    font: str = "NotoSerifCJK-Regular.ttc"
    bold_font: str = "NotoSerifCJK-Bold.ttc"
    font_index: int = 3
    #: the face for the planes beyond the main one's (CJK Extension B and after: U+20000–)
    fallback_font: str = "HanaMinB.ttf"


@dataclass(frozen=True)
class Book:
    """What the document prints besides its columns."""

    title: str  # the 版心's book title (書名)
    chapter: str  # the 篇名: the title page's large title, and the 版心's
    right: str = ""  # the title page's right column (who made it)
    left: str = ""  # the title page's left column (the edition, the date)
    colophon: tuple[tuple[str, str], ...] = ()  # 牌記: (label, text)
    #: the 凡例 after the title page (its title; its items, (label, text)): what the 校記's
    #: words mean and where they say 見凡例
    conventions_title: str = ""
    conventions: tuple[tuple[str, str], ...] = ()
    kind: str = ""  # what the book is (標點本, 無標點本): under the title on the title page
    pdf_title: str = ""
    pdf_author: str = ""
    pdf_subject: str = ""
    lang: str = "zh-Hant"
    ids: dict[str, str] = field(default_factory=dict)  # step label → step id (anchors)


def _column(col: Column, book: Book, key: str = "") -> str:
    """One column of the text as TeX (``key``: a heading's PDF bookmark, ASCII: a destination
    named with the title's Han characters loses them in the PDF, and every bookmark then goes
    to one place)."""
    if col.kind == "blank":
        return "\\xsvblank\n"
    if col.kind == "title":
        words = "\\hfill ".join(escape(seg) for seg in col.segments)
        return f"\\xsvtitle{{{words}}}{{{escape(col.text)}}}\n"
    if col.kind in ("part", "phase"):
        return f"\\xsv{col.kind}{{{escape(col.title)}}}{{{key}}}\n"
    heads = "".join(f"\\xsvhead{{{escape(h)}}}" for h in col.heads)
    body: list[str] = []
    for piece in col.pieces:
        if piece.start and piece.start in book.ids:
            body.append(f"\\xsvanchor{{{book.ids[piece.start]}}}")
        if isinstance(piece, Char):
            body.append(escape(piece.char))
        elif isinstance(piece, Jiazhu):
            body.append(
                f"\\xsvjz{{{escape(piece.right)}}}{{{escape(piece.left)}}}{{{piece.units}}}"
            )
        elif isinstance(piece, Mark):
            body.append(f"\\xsvmark{{{piece.number}}}")
    return f"\\xsvcol{{{heads}}}{{{''.join(body)}}}{{{escape(col.text)}}}\n"


#: The superscript digits of an occurrence (the lemma 「適¹下」: the first 適 of the step).
SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_SUPERSCRIPTS = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


#: A number of one to three digits standing alone (a step's number, a year: 「（837）」), set
#: upright across the column (``\\xsvnum``, 縱中橫) as the 校記's own numbers are; longer runs
#: and those joined to letters or a hyphen (a folio the builder has not written out with
#: :func:`folio_refs`) stay on their side, as Latin does.
_UPRIGHT_NUMBER = re.compile(r"(?<![0-9A-Za-z-])[0-9]{1,3}(?![0-9A-Za-z-])")


def _tied(text: str) -> str:
    """A 校記's words escaped, a space in them (a witness's own, as 底's 「一黨一 」) tied: a
    break there would set the closing mark after it alone at the head of a column; an
    occurrence's superscript digits set upright across the column (``\\xsvsup``), which the
    face's superscripts, turned with the line, are not, and so are short numbers."""
    tied = _UPRIGHT_NUMBER.sub(
        lambda m: f"\\xsvnum{{{m.group(0)}}}", escape(text).replace(" ", "~")
    )
    return _SUPERSCRIPTS.sub(
        lambda m: f"\\xsvsup{{{m.group(0).translate(SUPERSCRIPT_DIGITS)}}}", tied
    )


#: A number in the words of the book's own pages (the colophon's version, 「0.1.0」): one to three
#: Latin digits, or such numbers joined by points, not joined to a Latin word (a name that holds
#: a number, 「CC BY-SA 4.0」, lies on its side with its letters, as Latin does).
_NUMBER = re.compile(r"(?<![0-9A-Za-z.\-])[0-9]{1,3}(?:\.[0-9]{1,3})*(?![0-9A-Za-z\-]|\.[0-9])")
_LATIN_BEFORE = re.compile(r"[A-Za-z][\s\-]*$")
#: What stands between the numbers of a version in the column: the middle dot (間隔號), which
#: the book sets upright and centred in its cell, where a Latin point would lie on its side.
NUMBER_POINT = "·"


def upright_numbers(text: str) -> tuple[str, str]:
    """``text`` escaped with each number in Chinese words set upright across the column
    (``\\xsvnum``, 縱中橫, as the step numbers and the 校記's numbers are), the numbers of a
    version (0.1.0) each so, a middle dot between them; and the characters it prints (the
    record)."""
    tex: list[str] = []
    printed: list[str] = []
    at = 0
    for m in _NUMBER.finditer(text):
        if _LATIN_BEFORE.search(text[: m.start()]):
            continue
        tex.append(escape(text[at : m.start()]))
        printed.append(text[at : m.start()])
        parts = m.group(0).split(".")
        tex.append(NUMBER_POINT.join(f"\\xsvnum{{{n}}}" for n in parts))
        printed.append(NUMBER_POINT.join(parts))
        at = m.end()
    tex.append(escape(text[at:]))
    printed.append(text[at:])
    return "".join(tex), "".join(printed)


def _colophon_item(label: str, text: str) -> str:
    words, printed = upright_numbers(text)
    return f"\\xsvcolophonitem{{{escape(label)}}}{{{words}}}{{{escape(printed)}}}"


def _note(note: Note) -> str:
    if note.same:
        readings, rest = f"{SAME_AS[0]}\\xsvnum{{{note.same}}}{SAME_AS[1]}", ""
    else:
        readings = READING_SEP.join(
            f"\\xsvrdg{{{_tied(t)}}}{{{escape(s)}}}" for t, s in note.readings
        )
        rest = NOTE_SEP + _tied(note.note) if note.note else ""
    return (
        f"\\xsvnote{{{note.number}}}{{{_tied(note.lemma)}}}{{{readings}}}"
        f"{{{rest}}}{{{escape(note.text)}}}\n"
    )


#: The marks of a sentence (句讀) and the middle dot (間隔號), which the vertical book sets with
#: the face's own forms: upright, drawn centred in the em box, so centred in the cell
#: (jfm-xszhv.lua), as Chinese vertical setting has them.
SENTENCE_MARKS = "。、，：；！？·"


def _marks_range(marks: str) -> str:
    """``marks`` as a LuaTeX-ja range of characters (``"3001,"3002,…``)."""
    return ",".join(f'"{ord(c):X}' for c in sorted(set(marks)))


#: The vertical face's features, and those of its sentence marks. LuaTeX-ja, in a vertical font
#: where neither ``-vert`` nor ``-vrt2`` is given (its manual, 縦組用字形の取得), puts its own
#: vertical forms where the face's ``vert`` has none (— → ︱), and for the marks these are the
#: Japanese ones: 。→︒ and 、→︑, drawn in the top right of the cell (and copied from the PDF as
#: ︒ ︑); it also turns on their side the characters UAX #50 turns, ：； among them, which
#: Chinese vertical setting keeps upright. So the marks are set by the same face as an alternate
#: font (luatexja-fontspec's AltFont, by range) with ``-vrt2``: the face's ``vert`` alone, which
#: leaves the Traditional Chinese face's marks as they are drawn (its ``vrt2`` holds nothing
#: more); the rest, the brackets turned by ``vert`` (﹁﹂︽︾︵︶) and a dash by LuaTeX-ja (︱),
#: is set as before. Checked by tests/test_vertical.py and tools/check_vertical.py (marks).
TATE_FEATURES = "JFM=xszhv,RawFeature=+vert;+vrt2"
MARK_FEATURES = "JFM=xszhv,RawFeature=+vert;-vrt2"


def preamble(design: Design, book: Book) -> str:
    d = design
    font = (
        f"\\setmainjfont{{{d.font}}}[FontIndex={d.font_index},"
        f"BoldFont={d.bold_font},BoldFeatures={{FontIndex={d.font_index}}},"
        f"TateFeatures={{{TATE_FEATURES}}},YokoFeatures={{JFM=jlreq}},AltFont={{"
        + (f'{{Range="20000-"3FFFF,Font={d.fallback_font}}},' if d.fallback_font else "")
        + f"{{Range={{{_marks_range(SENTENCE_MARKS)}}},TateFeatures={{{MARK_FEATURES}}}}}}}]"
    )
    gap = round((d.pitch - 1) * d.size, 3)
    return "\n".join(
        [
            "% The vertical book: written by the ritual engine (vertical/tex.py); do not edit.",
            f"\\documentclass[tate,oneside,paper={d.paper},fontsize={d.size}pt,"
            f"line_length={d.cells}zw,number_of_lines={d.lines},"
            f"line_gap={gap}pt,jafont=noto-otc]{{jlreq}}",
            "\\usepackage{luatexja-fontspec}",
            "\\setmainfont{lmroman10}[Extension=.otf,UprightFont=*-regular,BoldFont=*-bold]",
            font,
            "\\usepackage{xsvertical}",
            f"\\usepackage[unicode,hidelinks,pdflang={{{book.lang}}},"
            "bookmarksopen=true]{hyperref}",
            # the outline in one run (hyperref alone takes it from the previous run's .out)
            "\\usepackage{bookmark}",
            "\\hypersetup{"
            + ",".join(
                f"{key}={{{escape(value)}}}"
                for key, value in (
                    ("pdftitle", book.pdf_title or book.title),
                    ("pdfauthor", book.pdf_author),
                    ("pdfsubject", book.pdf_subject),
                )
                if value
            )
            + "}",
            f"\\xsvsetup{{book={{{escape(book.title)}}},chapter={{{escape(book.chapter)}}},"
            f"cells={d.cells}}}",
        ]
    )


#: The longest tail of a sentence or a note (:func:`.layout.tails`) that is a fragment at the head
#: of a page: the writer puts ``\\xsvtail`` before a column that opens with one, and the page is
#: not broken there where it can be helped (xsvertical.sty).
FRAGMENT = 2


def document(columns: Sequence[Column], notes: dict[int, Note], design: Design, book: Book) -> str:
    """The whole ``.tex`` file: title page, 凡例, the columns with their 校記, the colophon."""
    out = [preamble(design, book), "\\begin{document}"]
    kind = f"[{escape(book.kind)}]" if book.kind else ""
    out.append(
        f"\\xsvtitlepage{kind}{{{escape(book.chapter)}}}{{{escape(book.right)}}}"
        f"{{{escape(book.left)}}}"
    )
    if book.conventions:
        out.append(f"\\begin{{xsvconventions}}{{{escape(book.conventions_title)}}}")
        out += [f"\\xsvconventionsitem{{{escape(k)}}}{{{escape(v)}}}" for k, v in book.conventions]
        out.append("\\end{xsvconventions}")
    out.append("\\xsvbegin")
    notes = referring_repeats(notes)
    body: list[str] = []
    headings = 0
    for col, tail in zip(columns, tails(columns), strict=True):
        if col.kind in ("part", "phase"):
            headings += 1
        if 0 < tail <= FRAGMENT:
            body.append(f"\\xsvtail{{{tail}}}\n")
        body.append(_column(col, book, f"xsv-{col.kind}-{headings}"))
        for number in col.markers:
            if number in notes:
                body.append(_note(notes[number]))
    out.append("".join(body).rstrip("\n"))
    if book.colophon:
        out.append("\\begin{xsvcolophon}")
        out += [_colophon_item(k, v) for k, v in book.colophon]
        out.append("\\end{xsvcolophon}")
    out.append("\\end{document}")
    return "\n".join(out) + "\n"
