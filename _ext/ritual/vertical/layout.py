"""The vertical book's columns: the 經 on a grid, the 注 as 雙行夾注, laid out by the engine (pure).

A column (行) holds ``cells`` characters of the 經; its length is counted in half-cells, the
unit of the 注. A 經 character, and a mark of punctuation (set full-width and centred, as
Traditional Chinese is set), takes two half-cells. The 注 is set at half size in two
sub-columns inside the column of the 經 (雙行夾注), the right one read first: a half-cell of
length holds one small character in each sub-column, two in all. A note that reaches the end
of a column is split there, and goes on at the head of the next column, so every segment fills
the space it is given and no automatic break of the TeX engine is needed (jlreq's ``\\warichu``
guesses its breaks from the position of the previous run; here they are counted).

Line-breaking rules (禁則), for the 經:

* a closing mark (。，、；：！？」』》〉）〕 …) never begins a column: the last character of
  the column goes with it to the next column (推出, 追い出し), together with the closing marks
  that follow that character (「子。」, 「虞》，」) and an opening mark before it, leaving the
  column a cell or two short; where a note ends the column, its last two small characters go;
* an opening mark (「『《〈（〔 …) never ends a column: it goes to the next one, with the
  opening marks before it.

A mark is not hung below the column's foot (ぶら下げ): the 版框 leaves no room for a cell there.

A 校記 marker has no length and travels with the character it follows; the label of a step
travels with its first character, and is printed at the head of the column it ends up in.

A column that opens with the last few characters of a sentence or of a note begun in the
column before it (「拜。」, a note's 「至也」) says how many (:func:`tails`): at the head of a
page, such a fragment stands cut off from the rest of its sentence, as a widow does, and the
page-maker avoids breaking a page there (xsvertical.sty, ``\\xsvtail``). The layout itself is
the same wherever the pages fall.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from ..core.han import count_han

#: Marks that may not begin a column (they close or end something).
CLOSING = frozenset("。，、；：！？」』》〉）〕】﹂﹄…·")
#: Marks that may not end a column.
OPENING = frozenset("「『《〈（〔【﹁﹃")
#: The marks that end a sentence (a column that opens with the end of a sentence begun in the
#: column before it holds a fragment of that sentence at its head: :func:`tails`).
SENTENCE_END = frozenset("。！？")
#: The editors' marks, which the book without punctuation (``baiwen``) keeps: 〔…〕 around the
#: words of a 注 that another witness supplies where the note's own has lost a page (the 凡例
#: says so of both books).
EDITORIAL = frozenset("〔〕")
#: Everything the 白文 leaves out: the modern punctuation (句讀 and quotation marks).
PUNCTUATION = (CLOSING | OPENING | frozenset("—–－")) - EDITORIAL


#: The marks of a heading that part its words (「射前：戒賓、陳設、速賓」): in the 白文 a space
#: stands for them, and the rest of the punctuation (quotation marks, brackets) is left out.
PARTING = frozenset("：、，；。！？·…—–－")
#: The space that parts the words of a heading in the 白文 (「射前　戒賓　陳設　速賓」).
SPACE = "\u3000"


def strip_punctuation(text: str) -> str:
    """The text as 白文: without modern punctuation."""
    return "".join(ch for ch in text if ch not in PUNCTUATION)


def baiwen_title(title: str) -> str:
    """A heading as the 白文 prints it: a space for each run of marks that part its words,
    no other mark (「射前：戒賓、陳設、速賓」 → 「射前　戒賓　陳設　速賓」)."""
    words = "".join(SPACE if ch in PARTING else ch for ch in title)
    return SPACE.join(w for w in strip_punctuation(words).split(SPACE) if w)


# -- input: the book as records ---------------------------------------------------------------


@dataclass(frozen=True)
class Note:
    """A note of the 注 that stands after character ``end`` of its step's text."""

    end: int
    text: str


@dataclass(frozen=True)
class Marker:
    """A 校記: its number in the book, after character ``end`` of the step's text."""

    end: int
    number: int


@dataclass(frozen=True)
class Step:
    id: str
    label: str  # the number printed at the column head
    text: str  # the 經 as printed (edited, punctuated)
    notes: tuple[Note, ...] = ()
    markers: tuple[Marker, ...] = ()


@dataclass(frozen=True)
class Phase:
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Part:
    title: str
    phases: tuple[Phase, ...]


# -- output: columns --------------------------------------------------------------------------


@dataclass(frozen=True)
class Char:
    """A 經 character (or a mark of punctuation): two half-cells. ``start`` is the label of the
    step it begins, if it does."""

    char: str
    start: str = ""
    #: whether a sentence ends with the character (a mark of :data:`SENTENCE_END` follows it in
    #: the punctuated text, printed or not, or the step's text ends with it)
    ends: bool = field(default=False, compare=False)

    @property
    def units(self) -> int:
        return 2


@dataclass(frozen=True)
class Jiazhu:
    """A segment of a note in one column: the right sub-column, then the left one."""

    right: str
    left: str
    start: str = ""
    #: whether the segment goes on with a note begun in an earlier column
    cont: bool = field(default=False, compare=False)

    @property
    def units(self) -> int:
        return max(len(self.right), len(self.left))

    @property
    def text(self) -> str:
        return self.right + self.left


@dataclass(frozen=True)
class Mark:
    """A 校記 marker, beside the character before it (no length)."""

    number: int
    start: str = ""

    @property
    def units(self) -> int:
        return 0


Piece = Char | Jiazhu | Mark


@dataclass
class Column:
    """One column (行) of the page: a column of text, a heading, or a blank column."""

    kind: str  # "text" | "phase" | "part" | "blank" | "title"
    pieces: list[Piece] = field(default_factory=list)
    title: str = ""  # of a heading
    #: of a 首題 or 尾題 ("title"): its words, spread along the column (the first at its head)
    segments: tuple[str, ...] = ()

    @property
    def units(self) -> int:
        return sum(p.units for p in self.pieces)

    @property
    def heads(self) -> list[str]:
        """The labels of the steps that begin in the column."""
        return [p.start for p in self.pieces if p.start]

    @property
    def text(self) -> str:
        """The characters of the 經 and the 注 in it, in reading order."""
        if self.kind in ("phase", "part"):
            return self.title
        if self.kind == "title":
            return "".join(self.segments)
        return "".join(
            p.char if isinstance(p, Char) else p.text if isinstance(p, Jiazhu) else ""
            for p in self.pieces
        )

    @property
    def markers(self) -> list[int]:
        return [p.number for p in self.pieces if isinstance(p, Mark)]


# -- the stream of a step: atoms, each with what travels with it --------------------------------


@dataclass
class _Atom:
    """A 經 character or a whole note, with the 校記 markers after it."""

    char: str = ""
    note: str = ""
    start: str = ""
    marks: list[int] = field(default_factory=list)
    ends: bool = False  # a sentence ends with the character (:attr:`Char.ends`)


def _atoms(step: Step, baiwen: bool) -> list[_Atom]:
    """The step's characters and notes in reading order (a note after character ``end``; at
    one place the 校記 markers first, then the note). A marker after a character that the
    白文 leaves out goes with the character before it."""
    notes: dict[int, list[str]] = {}
    for n in step.notes:
        notes.setdefault(n.end, []).append(n.text)
    marks: dict[int, list[int]] = {}
    for m in step.markers:
        marks.setdefault(m.end, []).append(m.number)
    atoms: list[_Atom] = []
    pending: list[int] = []  # markers waiting for a character to stand beside

    def after(offset: int) -> None:
        pending.extend(marks.get(offset, []))
        if atoms and pending:
            atoms[-1].marks.extend(pending)
            pending.clear()
        for text in notes.get(offset, []):
            text = strip_punctuation(text) if baiwen else text
            if text:
                atoms.append(_Atom(note=text))

    def sentence_ends() -> None:
        for atom in reversed(atoms):
            if atom.char and atom.char not in PUNCTUATION:
                atom.ends = True
                return

    after(0)
    for i, ch in enumerate(step.text):
        if ch in SENTENCE_END:
            sentence_ends()
        if not (baiwen and ch in PUNCTUATION):
            atoms.append(_Atom(char=ch, marks=pending[:]))
            pending.clear()
        after(i + 1)
    sentence_ends()
    if atoms:
        atoms[0].start = step.label
    return atoms


# -- laying out -------------------------------------------------------------------------------


class _Columns:
    """The columns so far; the last one open while text runs on."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity  # in half-cells
        self.columns: list[Column] = []
        self.current: Column | None = None

    def open(self) -> Column:
        self.current = Column("text")
        self.columns.append(self.current)
        return self.current

    def col(self) -> Column:
        return self.current if self.current is not None else self.open()

    def close(self) -> None:
        self.current = None

    def heading(self, kind: str, title: str) -> None:
        self.close()
        self.columns.append(Column(kind, title=title))

    def add(self, atom: _Atom) -> None:
        if atom.note:
            self._add_note(atom)
            return
        col = self.col()
        free = self.capacity - col.units
        carried: list[Piece] = []
        if free < 2:
            if atom.char in CLOSING:
                carried = self._carry_back(col)
            col = self.open()
        elif free < 4 and atom.char in OPENING and col.pieces:
            # the mark would end the column: it begins the next one, with the opening marks
            # that would otherwise end this one in its place (「《)
            carried = self._take_tail(col, _trailing_openings(col.pieces))
            col = self.open()
        col.pieces.extend(carried)
        col.pieces.append(Char(atom.char, atom.start, ends=atom.ends))
        col.pieces.extend(Mark(n) for n in atom.marks)

    @staticmethod
    def _take_tail(col: Column, at: int) -> list[Piece]:
        """The column's pieces from ``at`` on, taken off it; nothing where that would empty
        the column (or ``at`` is past its end)."""
        if at <= 0 or at >= len(col.pieces):
            return []
        moved = col.pieces[at:]
        del col.pieces[at:]
        return moved

    @classmethod
    def _carry_back(cls, col: Column) -> list[Piece]:
        """What goes from the end of the full column ``col`` to the next one with a closing
        mark, so that the mark does not begin that column: the last 經 character with the
        closing marks after it (and their markers), and the opening marks before it (which
        may not end the column either); or, where a note ends the column, its last two small
        characters (a segment of two or three, the whole segment). Nothing where the column
        would be left empty: then the mark begins the next column after all."""
        pieces = col.pieces
        at = len(pieces) - 1
        while at >= 0 and _is(pieces[at], CLOSING):
            at -= 1
        if at <= 0:
            return []
        last = pieces[at]
        if isinstance(last, Jiazhu):
            return cls._split_note(col, at)
        if not isinstance(last, Char) or last.char in PUNCTUATION:
            return []
        return cls._take_tail(col, _trailing_openings(pieces[:at]))

    @classmethod
    def _split_note(cls, col: Column, at: int) -> list[Piece]:
        """The note segment at ``at`` (and what follows it) taken off the column, but for the
        segment's first characters where it holds four or more: its last two go."""
        seg = col.pieces[at]
        assert isinstance(seg, Jiazhu)
        if len(seg.text) < 4:
            return cls._take_tail(col, at)
        keep, tail = seg.text[:-2], seg.text[-2:]
        half = (len(keep) + 1) // 2
        moved = [Jiazhu(tail[0], tail[1], cont=True), *col.pieces[at + 1 :]]
        del col.pieces[at:]
        col.pieces.append(Jiazhu(keep[:half], keep[half:], seg.start, cont=seg.cont))
        return moved

    def _add_note(self, atom: _Atom) -> None:
        """The note in segments, each filling what is left of its column; no segment is a
        single small character (a lone 夾注 character in a column) unless the note is one."""
        text, start, cont = atom.note, atom.start, False
        while text:
            col = self.col()
            free = self.capacity - col.units
            if free <= 0:
                col = self.open()
                free = self.capacity
            n = _note_take(len(text), free)
            if n == 0:  # the column's foot would hold a lone character: begin the next one
                col = self.open()
                n = _note_take(len(text), self.capacity)
            take = text[:n]
            text = text[n:]
            half = (len(take) + 1) // 2
            col.pieces.append(Jiazhu(take[:half], take[half:], start, cont=cont))
            start, cont = "", True
        self.col().pieces.extend(Mark(n) for n in atom.marks)


def _is(piece: Piece, marks: frozenset[str]) -> bool:
    """Whether ``piece`` is one of ``marks`` or a 校記 marker (which goes with the mark)."""
    return isinstance(piece, Mark) or (isinstance(piece, Char) and piece.char in marks)


def _trailing_openings(pieces: Sequence[Piece]) -> int:
    """Where the opening marks that end ``pieces`` begin, with their markers (``len(pieces)``
    where none does)."""
    at = len(pieces)
    while at > 0 and _is(pieces[at - 1], OPENING):
        at -= 1
    while at < len(pieces) and isinstance(pieces[at], Mark):
        at += 1  # a marker stays with the character before it
    return at


def _note_take(length: int, free: int) -> int:
    """How many of a note's ``length`` remaining characters go into a column with ``free``
    half-cells left: as many as fit (two a half-cell), but one fewer where that would leave a
    single character for the next column, so that the rest stands as a pair (the segment here
    ends with its left sub-column one short, as the prints set it); 0 where what fits here
    would itself be one character of a longer note, or where the column holds only two
    characters of a note of three (either way a lone character: the note begins the next)."""
    take = min(length, 2 * free)
    if take == length:
        return take
    if length - take == 1:
        take -= 1
    return take if take >= 2 else 0


def _jing(piece: Piece) -> bool:
    """Whether ``piece`` is a character of the 經 (not a mark of punctuation)."""
    return isinstance(piece, Char) and piece.char not in PUNCTUATION


def _tail(before: Column, col: Column) -> int:
    """How many characters at the head of ``col`` end a sentence or a note begun in the column
    ``before`` it: the 經 characters up to the first that ends a sentence, or the length of the
    segment of a note that goes on from ``before``; 0 where ``col`` begins a sentence or a
    note, where a note comes between (the tail is then more than a fragment), and after a
    heading."""
    if before.kind != "text" or col.kind != "text":
        return 0
    head = [p for p in col.pieces if not isinstance(p, Mark)]
    if not head:
        return 0
    if isinstance(head[0], Jiazhu):
        return len(head[0].text) if head[0].cont else 0
    last = next((p for p in reversed(before.pieces) if _jing(p)), None)
    if not isinstance(last, Char) or last.ends:
        return 0
    count = 0
    for piece in head:
        if isinstance(piece, Jiazhu):
            return 0
        if isinstance(piece, Char) and _jing(piece):
            count += 1
            if piece.ends:
                return count
    return 0


def tails(columns: Sequence[Column]) -> list[int]:
    """For each column, the length of the fragment it opens with (:func:`_tail`; 0 for none)."""
    return [0, *(_tail(a, b) for a, b in pairwise(columns))] if columns else []


def layout(parts: Sequence[Part], cells: int, baiwen: bool = False) -> list[Column]:
    """Every column of the book's text, in order: a part's title (after a blank column, but
    for the first), then each phase's title and its steps, which run on from one to the next.
    In the 白文 (``baiwen``) the titles too are without punctuation (:func:`baiwen_title`)."""
    if cells < 4:
        raise ValueError(f"a column of {cells} cells is too short")
    out = _Columns(2 * cells)
    title = baiwen_title if baiwen else str
    for part in parts:
        if out.columns:
            out.close()
            out.columns.append(Column("blank"))
        out.heading("part", title(part.title))
        for phase in part.phases:
            out.heading("phase", title(phase.title))
            for step in phase.steps:
                for atom in _atoms(step, baiwen):
                    out.add(atom)
    return out.columns


def stream(parts: Iterable[Part], baiwen: bool = False) -> Iterator[str]:
    """The characters the text columns must hold, step by step, in reading order: the
    record that :func:`layout`'s columns are checked against."""
    for part in parts:
        for phase in part.phases:
            for step in phase.steps:
                yield "".join(a.char or a.note for a in _atoms(step, baiwen))


# -- the 首題 and 尾題 ---------------------------------------------------------------------------


def title_column(segments: Sequence[str]) -> Column:
    """A 首題 or 尾題: a column of the book's own words (「士冠禮第一」「儀禮」「鄭氏注」), the
    first at its head, the last at its foot, the others between."""
    return Column("title", segments=tuple(segments))


def counts(columns: Iterable[Column]) -> tuple[int, int]:
    """The Han characters of the 經 and of the 注 in the text columns, as the 尾題 of a 卷
    counts them (「經三千六百四十五字　注六千九百一十五字」): marks of punctuation are not
    characters of the text."""
    jing = zhu = 0
    for col in columns:
        if col.kind != "text":
            continue
        for piece in col.pieces:
            if isinstance(piece, Char):
                jing += count_han(piece.char)
            elif isinstance(piece, Jiazhu):
                zhu += count_han(piece.text)
    return jing, zhu
