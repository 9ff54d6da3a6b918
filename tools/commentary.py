"""鄭玄's 注 from the witnesses, each note on its lemma: ``source/_edition/commentary.tsv``.

    python -m tools.commentary [--witnesses ../shared/witnesses] [--edition source/_edition]
                               [--check] [--list]

Why: the edition prints the 注 with the 經, each note right after the 經 phrase it comments on.
The note's text comes from the witnesses (the project commits only this derived file, never a
witness file); where it stands is a fact of the witness, which prints the 注 in small characters
right after that phrase.  This tool reads both from the witnesses and writes the data file the
build reads.

How:

- **The text.** 叢 (KR1d0026, 四部叢刊, SBCK branch) writes the 注 in parentheses, two columns
  to a run, ``(right column/left column)``: a run is read right column first, then left.  A long
  note runs over several lines and pages as separate runs; runs with no 經 between them are one
  note.  The end-of-juan count ``(經…字/注…字)`` is not a note.  A gaiji reference (``&KR0003;``)
  is read from the same place of Kanripo's normalised transcription of the same print (叢新,
  master branch), whose runs correspond one to one; what that leaves unresolved is read from
  :data:`GAIJI` (each with its reason).
- **The lacunae.** 叢 lacks three pages.  For the 經 that 叢 lacks, the notes are 張's
  (KR1d0038, 張爾岐《句讀》, which prints the whole 鄭注), with his own notes after ``○`` cut
  off; a note of 叢 cut by a lost page is completed from 張, and the part 張 supplies is kept in
  ``〔…〕`` in the text column (the build prints the mark and keeps it out of the data's text).
- **The anchor.** The 經 of each witness is aligned with the edition's edited step texts (the
  step bodies of the pages, the apparatus applied, as the build prints them), both folded by
  ``variants.tsv``; a note is anchored right after the edition character that stands for the
  witness's 經 character it follows, and then after the punctuation that closes that phrase
  (``，。；：、」》！``), so that the lemmas of a step tile its text.  Where the edition's text
  differs from the witness there (an emendation of the apparatus), the anchor follows the
  edition's text.  The lemma of a note runs from the previous note's anchor up to its own: a
  note whose lemma begins in an earlier step (a unit of the text across steps) records the
  steps it spans.
- **The forms.** The text keeps the witness's characters, except that the pairs that
  ``variants.tsv`` folds silently (``record`` = count: 賔/賓, 爲/為 …) are printed in their
  standard form, as the 經 is; the pairs recorded place by place there (于/於, 个/個 …) are kept as
  the witness writes them: the edition's record of them concerns the 經.

``--check`` writes nothing and exits 1 if the file is not what the witnesses give; ``--list``
prints each note with its lemma.  The functions taking strings are pure and unit-tested on
small samples (tests/test_commentary.py).
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from tools.cli import DEFAULT_EDITION, ROOT, add_edition_argument, edition_from, open_edition
from tools.collate.witnesses import (
    FULLWIDTH_SPACE,
    PB_RE,
    TITLE_RE,
    half_leaf_labels,
    is_text_char,
    split_chars,
    witness_problem,
)

EDITION = DEFAULT_EDITION
WITNESSES = ROOT.parent / "shared" / "witnesses"
FILE = "commentary.tsv"

#: The witness of the 注, the transcription that resolves its gaiji, and the supplier of its
#: lacunae (siglum, file).
BASE = ("叢", "kanripo-KR1d0026-SBCK-yili-zhengzhu-juan05.txt")
HELPER = ("叢新", "kanripo-KR1d0026-master-yili-zhengzhu-juan05-normalized.txt")
SUPPLY = ("張", "kanripo-KR1d0038-WYG-zhang-erqi-zhengzhu-judou-juan05.txt")

#: Gaiji that 叢新 leaves unresolved too: the character, and why.
GAIJI = {
    "&KR0238;": ("漆", "髤赤黑漆也: 庫 李 敖 張 楊 write 漆 there (a form of 漆 in 叢)"),
}
#: The end-of-juan count of characters, parenthesised like a note: not 注.
COUNT_NOTE = re.compile(r"^經[〇一二三四五六七八九十百千萬]+字注[〇一二三四五六七八九十百千萬]+字$")
#: Punctuation that closes a phrase: a note stands after it.
CLOSING = "，。；：、」》！？』）"
#: 張's own matter in a run begins at ○ (his notes, sound glosses, 疏 quotations).
OWN = "○"
SUPPLIED = re.compile(r"〔([^〔〕]*)〕")

COLUMNS = ("id", "step", "start", "end", "from", "witness", "pages", "text")


# --------------------------------------------------------------------------- reading a witness


@dataclass
class Run:
    """One parenthesised run of small characters: its text (right column, then left), the page
    it is printed on, its line in the file, and how many 經 characters precede it."""

    text: str
    page: str
    line: int
    at: int
    index: int = -1  # its number among the witness's runs (reading order)


@dataclass
class Reading:
    """A 經注本 read as its 經 (one item per character, with its page) and its runs."""

    main: list[tuple[str, str]] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    #: the untranscribed pages: (number of 經 characters before, line of the file).
    lacunae: list[tuple[int, int]] = field(default_factory=list)
    #: runs on heading and title lines (張's 鄭目録 note, 右… headings): not notes of the 經.
    set_aside: list[Run] = field(default_factory=list)


def read(raw: str, heading: Callable[[str], bool] | None = None) -> Reading:
    """Cut a Mandoku 經注本 into 經 characters and parenthesised runs, in reading order.

    ``heading(line)`` says whether a line is a title or heading (its 經 and its runs are set
    aside); by default a line whose main text matches the juan's titles (儀禮卷第五 …).  The
    column mark ``/`` is dropped (the right column is written first); ``¶`` and page markers
    are not text; ``# page missing`` marks a lacuna.
    """
    is_heading = heading or (lambda line: bool(TITLE_RE.match(_main_of(line))))
    out = Reading()
    page = ""
    for lineno, line in enumerate(raw.splitlines(), start=1):
        if line.startswith("#"):
            if "page missing" in line:
                out.lacunae.append((len(out.main), lineno))
            continue
        line = line.replace("¶", "")
        skip = is_heading(PB_RE.sub("", line))
        pos = 0
        while pos < len(line):
            m = PB_RE.match(line, pos)
            if m:
                page = m.group(1)
                pos = m.end()
                continue
            if line[pos] == "(":
                close = line.index(")", pos)
                into = out.set_aside if skip else out.runs
                text = line[pos + 1 : close].replace("/", "")
                into.append(Run(text, page, lineno, len(out.main), len(into)))
                pos = close + 1
                continue
            if not skip:
                out.main.extend((c, page) for c in split_chars(_one(line, pos)) if is_text_char(c))
            pos += len(_one(line, pos))
    return out


def _one(line: str, pos: int) -> str:
    """The item at ``pos``: a gaiji reference whole, else one character."""
    if line[pos] == "&":
        end = line.find(";", pos)
        if end > 0:
            return line[pos : end + 1]
    return line[pos]


def _main_of(line: str) -> str:
    return re.sub(r"\([^)]*\)", "", line)


def zhang_heading(line: str) -> bool:
    """張's titles and section headings (``　右戒賔``): indented full-size lines."""
    main = _main_of(line)
    return main.startswith(FULLWIDTH_SPACE) or bool(TITLE_RE.match(main))


def resolve_gaiji(runs: Sequence[Run], helper: Sequence[Run]) -> tuple[list[Run], list[str]]:
    """Each gaiji reference of ``runs`` read from the same place of the ``helper`` runs (the
    normalised transcription of the same print, run for run), or from :data:`GAIJI`.

    Returns the runs and one report per reference read from :data:`GAIJI`.  A reference neither
    resolves is an error: the text would carry an entity.
    """
    if len(runs) != len(helper):
        raise ValueError(f"{len(runs)} runs, but the helper transcription has {len(helper)}")
    out, reports = [], []
    for run, other in zip(runs, helper, strict=True):
        if "&" not in run.text:
            out.append(run)
            continue
        a, b = split_chars(run.text), split_chars(other.text)
        sm = SequenceMatcher(None, a, b, autojunk=False)
        chars = list(a)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag == "replace" and i2 - i1 == j2 - j1:
                for k in range(i2 - i1):
                    if a[i1 + k].startswith("&") and not b[j1 + k].startswith("&"):
                        chars[i1 + k] = b[j1 + k]
        for k, c in enumerate(chars):
            if c.startswith("&"):
                if c not in GAIJI:
                    raise ValueError(f"gaiji {c} of the run at line {run.line} is not resolved")
                chars[k] = GAIJI[c][0]
                reports.append(f"{c} at line {run.line} read as {GAIJI[c][0]}: {GAIJI[c][1]}")
        out.append(Run("".join(chars), run.page, run.line, run.at, run.index))
    return out, reports


# --------------------------------------------------------------------------- notes


@dataclass
class Note:
    """A note of the witness: its runs joined, the 經 position it follows, its pages."""

    runs: list[Run]
    at: int
    witness: str

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)

    @property
    def pages(self) -> list[str]:
        return list(dict.fromkeys(r.page for r in self.runs))


def join_runs(reading: Reading, witness: str) -> tuple[list[Note], list[Run]]:
    """Runs with no 經 between them (only line and page ends) are one note; a lacuna parts
    them.  Returns the notes and the runs that are not 注 (the end-of-juan count)."""
    notes: list[Note] = []
    excluded: list[Run] = []
    for run in reading.runs:
        if COUNT_NOTE.match(run.text):
            excluded.append(run)
            continue
        last = notes[-1] if notes else None
        parted = last is not None and any(
            last.runs[-1].line < line < run.line for _, line in reading.lacunae
        )
        if last is not None and last.at == run.at and not parted:
            last.runs.append(run)
        else:
            notes.append(Note([run], run.at, witness))
    return notes, excluded


def cut_own(text: str) -> str:
    """張's run without his own matter (from the first ○ on)."""
    return text.split(OWN, 1)[0]


# --------------------------------------------------------------------------- the edition


@dataclass(frozen=True)
class Char:
    """A character of the edition's 經: its step, its offset in the step's edited text."""

    char: str
    step: str
    offset: int


def edition_chars(steps: Sequence[tuple[str, str]]) -> list[Char]:
    """The ideographs of the steps' edited texts, in reading order."""
    return [Char(c, sid, k) for sid, text in steps for k, c in enumerate(text) if is_text_char(c)]


def align(wit: Sequence[str], ed: Sequence[str], fold: Callable[[str], str]) -> list[int | None]:
    """For each witness character, the index of the edition character standing for it.

    Equal blocks and equal-length replacements (an emended character) map one to one; a
    character of an unequal replacement or an insertion of the witness maps to nothing.
    """
    sm = SequenceMatcher(None, [fold(c) for c in wit], [fold(c) for c in ed], autojunk=False)
    out: list[int | None] = [None] * len(wit)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                out[i1 + k] = j1 + k
    return out


# --------------------------------------------------------------------------- placing the notes


@dataclass
class Anchored:
    """A note of a witness with the edition character it follows (``e``, an index of
    :func:`edition_chars`); ``text`` may hold 〔…〕 around what another witness supplies."""

    e: int
    text: str
    witness: str
    pages: list[str]
    #: the runs of 叢 the note is made of (their indexes): every run is used once
    runs: list[int] = field(default_factory=list)
    supplied: str = ""  # "張 005-8b": who supplies the bracketed part, and where


def anchor_of(at: int, aligned: Sequence[int | None], reports: list[str], where: str) -> int:
    """The edition character a note after ``at`` witness characters follows.

    The witness character before the note stands for an edition character (the usual case), or
    it has none (the witness has a character the edition lacks): then the note follows the
    last edition character that has a counterpart before it, and this is reported.
    """
    k = at - 1
    while k >= 0 and aligned[k] is None:
        k -= 1
    if k < 0:
        raise ValueError(f"{where}: no 經 before the note")
    if k != at - 1:
        reports.append(
            f"{where}: {at - 1 - k} character(s) of the witness before the note are not in "
            "the edition: anchored after the edition's counterpart of the one before them"
        )
    e = aligned[k]
    assert e is not None
    return e


def supply_span(part: str, whole: str, fold: Callable[[str], str], head: bool) -> int:
    """Where ``part`` (叢's piece of a note cut by a lost page) ends in ``whole`` (張's note)
    when it is the note's beginning (``head``), or where it begins when it is its end.

    The piece must match ``whole`` (folded) for the most part; the cut is placed after the
    occurrence of the piece's last characters nearest to where its length puts it (before the
    occurrence of its first characters, for an end), trying 4, 3, 2, then 1 characters: the
    witnesses differ in a character now and then (叢 「勇力之取也今」, 張 「勇力之取今之取也」).
    """
    a, b = "".join(fold(c) for c in part), "".join(fold(c) for c in whole)
    sm = SequenceMatcher(None, a, b, autojunk=False)
    if sum(m.size for m in sm.get_matching_blocks()) < 0.8 * len(part):
        raise ValueError(f"叢's piece {part} is not in 張's note {whole}")
    guess = len(a) if head else len(b) - len(a)
    for k in (4, 3, 2, 1):
        probe = a[-k:] if head else a[:k]
        found = [m.start() for m in re.finditer(re.escape(probe), b)]
        found = [f + k for f in found] if head else found
        near = [f for f in found if abs(f - guess) <= 15]
        if near:
            return min(near, key=lambda f: abs(f - guess))
    raise ValueError(f"叢's piece {part} has no edge in 張's note {whole}")


def pages_of(note: Note, start: int, end: int) -> list[str]:
    """The pages of the characters [start, end) of the note's text."""
    out: list[str] = []
    pos = 0
    for run in note.runs:
        n = len(run.text)
        if pos < end and pos + n > start and run.page not in out:
            out.append(run.page)
        pos += n
    return out


def anchored_notes(
    base: Reading, supply: Reading, ed: Sequence[Char], fold: Callable[[str], str]
) -> tuple[list[Anchored], list[Run], list[str]]:
    """Every note of the 注 with the edition character it follows, in reading order.

    ``base`` is 叢 (gaiji resolved), ``supply`` is 張.  The notes of the 經 that 叢's lost
    pages held are 張's; a note of 叢 that a lost page cuts (its end, or its beginning with
    its 經) is completed from 張's note at the same place, the supplied part in 〔…〕.
    Returns the notes, the runs that are not 注 (the count) and the reports.
    """
    reports: list[str] = []
    eds = [c.char for c in ed]
    a = align([c for c, _ in base.main], eds, fold)
    z = align([c for c, _ in supply.main], eds, fold)
    notes, excluded = join_runs(base, BASE[0])
    zhang: dict[int, Note] = {}
    for zn in join_runs(supply, SUPPLY[0])[0]:
        if cut_own(zn.text):
            zhang[anchor_of(zn.at, z, reports, f"張 line {zn.runs[0].line}")] = zn
    # each lacuna: the edition characters it lost, (lo, hi) exclusive, and its file line
    lost: list[tuple[int, int, int, int]] = []
    for at, line in base.lacunae:
        lo, hi = a[at - 1], a[at]
        if lo is None or hi is None:
            raise ValueError(f"叢's lacuna at line {line}: its edges are not in the edition")
        lost.append((at, line, lo, hi))

    def completed(n: Note, e: int, whole: Note, head: bool) -> Anchored:
        text = cut_own(whole.text)
        cut = supply_span(n.text, text, fold, head)
        own = f"{n.text}〔{text[cut:]}〕" if head else f"〔{text[:cut]}〕{n.text}"
        where = " ".join(pages_of(whole, cut, len(text)) if head else pages_of(whole, 0, cut))
        reports.append(
            f"叢's note at line {n.runs[0].line} is cut by a lost page: "
            f"{'its end' if head else 'its beginning'} from 張 {where}"
        )
        return Anchored(e, own, BASE[0], n.pages, [r.index for r in n.runs], f"張 {where}")

    out: list[Anchored] = []
    for n in notes:
        lines = [r.line for r in n.runs]
        indexes = [r.index for r in n.runs]
        after = [x for x in lost if x[0] == n.at and lines[0] > x[1]]
        if after:  # its 經 is on the lost page: the last of 張's notes there
            _, _, lo, hi = after[0]
            e = max(k for k in zhang if lo < k < hi)
            out.append(completed(n, e, zhang[e], head=False))
            continue
        e = anchor_of(n.at, a, reports, f"叢 line {lines[0]}")
        before = [x for x in lost if x[0] == n.at and lines[-1] < x[1]]
        if before and e in zhang and len(cut_own(zhang[e].text)) > len(n.text):
            out.append(completed(n, e, zhang[e], head=True))
            continue
        out.append(Anchored(e, n.text, BASE[0], n.pages, indexes))
    taken = {x.e for x in out}
    for _, _, lo, hi in lost:
        for e in sorted(k for k in zhang if lo < k < hi and k not in taken):
            out.append(Anchored(e, cut_own(zhang[e].text), SUPPLY[0], zhang[e].pages))
    out.sort(key=lambda x: x.e)
    for prev, cur in itertools.pairwise(out):
        if prev.e == cur.e:
            raise ValueError(f"two notes after one character of the edition ({ed[cur.e]})")
    return out, excluded, reports


@dataclass(frozen=True)
class Placed:
    """A note on its lemma: the step it stands in, the lemma [start, end) in the step's edited
    text (the note stands after ``end``), and where the lemma begins when that is in an earlier
    step (``first``: step id and offset)."""

    id: str
    step: str
    start: int
    end: int
    first: tuple[str, int] | None
    witness: str
    pages: tuple[str, ...]
    text: str
    supplied: str = ""
    runs: tuple[int, ...] = ()  # the indexes of 叢's runs it is made of


@dataclass(frozen=True)
class Span:
    """The editors' reading that a note comments on a unit across steps
    (``tools/work/commentary-spans.tsv``): its lemma begins in ``first``; ``words`` are the
    words of the earlier steps it comments on."""

    note: str
    first: str
    words: tuple[str, ...]
    line: int


def load_spans(path: Path) -> dict[str, Span]:
    """The rows of the spans file, by note id."""
    out: dict[str, Span] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line or line.startswith("#") or line.startswith("note\t"):
            continue
        cells = line.split("\t")
        if len(cells) < 3 or cells[0] in out:
            raise ValueError(f"{path.name}:{n}: a row needs note, from and words, once per note")
        out[cells[0]] = Span(cells[0], cells[1], tuple(cells[2].split()), n)
    return out


def place(
    notes: Sequence[Anchored],
    ed: Sequence[Char],
    steps: Sequence[tuple[str, str]],
    spans_of: Mapping[str, Span],
    fold: Callable[[str], str],
) -> list[Placed]:
    """Each anchored note on its lemma (see the module's docstring).

    A lemma runs from the previous note's anchor, or from its step's start when that anchor
    lies in an earlier step; a note the editors read as commenting on a unit across steps
    (``spans_of``) begins its lemma in the step they name, at the previous anchor if that lies
    there.  Each of their words must stand in the note and in that earlier part of the lemma.
    """
    text_of = dict(steps)
    order = [sid for sid, _ in steps]
    index = {sid: n for n, sid in enumerate(order)}
    out: list[Placed] = []
    begin = (order[0], 0)  # where the next lemma may begin: after the previous anchor
    count: dict[str, int] = {}
    seen: set[str] = set()
    for note in notes:
        c = ed[note.e]
        text = text_of[c.step]
        end = c.offset + 1
        while end < len(text) and text[end] in CLOSING:
            end += 1
        count[c.step] = count.get(c.step, 0) + 1
        ident = f"{c.step}-z{count[c.step]}"
        first: tuple[str, int] | None = None
        start = begin[1] if begin[0] == c.step else 0
        span = spans_of.get(ident)
        if span is not None:
            seen.add(ident)
            where = f"commentary-spans.tsv:{span.line} ({ident})"
            if span.first not in index or not index[begin[0]] <= index[span.first] < index[c.step]:
                raise ValueError(f"{where}: {span.first} is not between the previous note and it")
            first = (span.first, begin[1] if begin[0] == span.first else 0)
            before = text_of[span.first][first[1] :] + "".join(
                text_of[s] for s in order[index[span.first] + 1 : index[c.step]]
            )
            folded, earlier = _folded(note.text, fold), _folded(before, fold)
            for word in span.words:
                w = _folded(word, fold)
                if w not in folded or w not in earlier:
                    raise ValueError(f"{where}: {word} is not in both the note and its lemma")
            start = 0
        out.append(
            Placed(
                ident,
                c.step,
                start,
                end,
                first,
                note.witness,
                tuple(note.pages),
                note.text,
                note.supplied,
                tuple(note.runs),
            )
        )
        last = end == len(text) and index[c.step] + 1 < len(order)
        begin = (order[index[c.step] + 1], 0) if last else (c.step, end)
    unknown = sorted(set(spans_of) - seen)
    if unknown:
        raise ValueError(f"commentary-spans.tsv names notes not there: {', '.join(unknown)}")
    return out


def _folded(text: str, fold: Callable[[str], str]) -> str:
    return "".join(fold(c) for c in text if is_text_char(c))


def spans(p: Placed, order: Sequence[str]) -> list[str]:
    """The steps a lemma spans (from its first step to its own), or [] within one step."""
    if p.first is None:
        return []
    return list(order[order.index(p.first[0]) : order.index(p.step) + 1])


# --------------------------------------------------------------------------- the data file

HEADER = """\
# commentary.tsv — 鄭玄's 注 on 鄉射禮, every note on its lemma (issue 21).
#
# Provenance: made by `python -m tools.commentary` (`make commentary`, also run by `make collate`)
#   from the Kanseki Repository transcriptions (CC BY-SA 4.0): 叢 = KR1d0026 儀禮鄭注 四部叢刊本
#   (branch SBCK, file KR1d0026_005.txt, commit a1e937a7a133eac356c381437ee862a4e82ba4dc), its
#   gaiji read from the same print's normalised transcription (叢新, branch master, commit
#   02e56def7356f6bba1ed17b319818923df906491) or, the one 叢新 leaves unresolved too (漆 in
#   xs-0501-z1), from the other witnesses (the tool's GAIJI); for the three pages 叢 lacks, 張 =
#   KR1d0038 張爾岐《儀禮鄭註句讀》 文淵閣四庫全書本 (branch WYG, commit
#   0181e78731965a514509e20f2c9bac4e395cd085), his own notes after ○ cut off.  The anchors are
#   aligned with the edition's edited step texts (source/rite/*.md, the apparatus applied); which
#   notes comment on a unit across steps is the editors' reading (tools/work/commentary-spans.tsv).
#   Do not edit by hand: re-run the tool.
# Meaning: one row per note, in reading order.  The note stands after `end` in its step's edited
#   text; its lemma is text[start:end] of its step, and where `from` is set, begins in that
#   earlier step (step:offset) and runs through the steps between.  The text is the witness's,
#   gaiji resolved; the pairs variants.tsv folds silently (record = count: 賔/賓, 爲/為 …) in the
#   standard form, as in the 經; everything else (于/於, 荅, 个 …) as the witness writes it.  A
#   note that 叢 has only in part (a lost page cuts it) is completed from 張: the part 張
#   supplies is in 〔…〕, and `supplied` names 張 and its page.  The end-of-juan count
#   (經三千六百四十五字/注六千九百一十五字) is not a note.
# Columns:
#   id        the note's permanent id: its step and its number in the step (xs-0031-z1 …)
#   step      the step it stands in
#   start     lemma start in the step's edited text (code points)
#   end       lemma end: the note stands after it
#   from      where the lemma begins when it begins in an earlier step (xs-0001:0), else empty
#   lemma     text[start:end] of the step, for the reader of this file (checked by the build)
#   witness   the witness the note is taken from (a siglum of sigla.tsv)
#   pages     the witness's pages the note is printed on (叢's counted one half-leaf per marker)
#   supplied  for a note completed from 張: "張" and the page of the part in 〔…〕
#   text      the note
"""
COLUMNS = ("id", "step", "start", "end", "from", "lemma", "witness", "pages", "supplied", "text")


def render(placed: Sequence[Placed], text_of: Mapping[str, str]) -> str:
    """The text of commentary.tsv."""
    rows = [HEADER + "\t".join(COLUMNS)]
    for p in placed:
        first = f"{p.first[0]}:{p.first[1]}" if p.first else ""
        rows.append(
            "\t".join(
                [
                    p.id,
                    p.step,
                    str(p.start),
                    str(p.end),
                    first,
                    text_of[p.step][p.start : p.end],
                    p.witness,
                    " ".join(p.pages),
                    p.supplied,
                    p.text,
                ]
            )
        )
    return "\n".join(rows) + "\n"


def standard_forms(variants: Path) -> dict[str, str]:
    """The pairs of ``variants.tsv`` folded silently (``record`` = count): variant → standard."""
    out = {}
    for line in variants.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if not line.startswith(("#", "variant\t")) and len(cells) > 2 and cells[2] == "count":
            out[cells[0]] = cells[1]
    return out


@dataclass
class Result:
    """What the tool derives: the placed notes, the runs set aside, its reports, the steps."""

    placed: list[Placed]
    excluded: list[Run]
    reports: list[str]
    steps: list[tuple[str, str]]
    base: Reading


def derive(witnesses: Path, edition: Path, spans_path: Path | None = None) -> Result:
    """Read the witnesses and the edition; place every note."""
    from tools.collate.core import load_variants
    from tools.orthography import printed_steps

    table = load_variants(edition / "variants.tsv")

    def fold(c: str) -> str:
        return table.get(c, c)

    raw, _ = half_leaf_labels((witnesses / BASE[1]).read_text(encoding="utf-8"))
    base = read(raw)
    helper = read((witnesses / HELPER[1]).read_text(encoding="utf-8"))
    base.runs, reports = resolve_gaiji(base.runs, helper.runs)
    supply = read((witnesses / SUPPLY[1]).read_text(encoding="utf-8"), zhang_heading)
    steps = printed_steps(open_edition(edition))
    ed = edition_chars(steps)
    notes, excluded, more = anchored_notes(base, supply, ed, fold)
    forms = standard_forms(edition / "variants.tsv")
    for n in notes:
        n.text = "".join(forms.get(c, c) for c in n.text)
    spans_of = load_spans(spans_path or ROOT / "tools" / "work" / "commentary-spans.tsv")
    placed = place(notes, ed, steps, spans_of, fold)
    return Result(placed, excluded, reports + more, steps, base)


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare; with --list, print) commentary.tsv."""
    ap = argparse.ArgumentParser(
        prog="python -m tools.commentary", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--witnesses", type=Path, default=WITNESSES)
    add_edition_argument(ap)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    ap.add_argument("--list", action="store_true", help="print each note on its lemma")
    args = ap.parse_args(argv)
    problem = witness_problem(args.witnesses, (BASE[1], HELPER[1], SUPPLY[1]))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    edition = edition_from(args)
    result = derive(args.witnesses, edition.folder)
    text_of = dict(result.steps)
    if args.list:
        for p in result.placed:
            lemma = text_of[p.step][p.start : p.end]
            if p.first:
                order = [s for s, _ in result.steps]
                lemma = (
                    "".join(text_of[s] for s in spans(p, order)[:-1])[p.first[1] :] + "‖" + lemma
                )
            print(f"{p.id}\t{lemma}\t注 {p.text}")
        return 0
    new = render(result.placed, text_of)
    path = edition.path("commentary")
    if args.check:
        stale = not path.exists() or path.read_text(encoding="utf-8") != new
        if stale:
            print(f"{FILE} is not what the witnesses give: run python -m tools.commentary")
        return 1 if stale else 0
    path.write_text(new, encoding="utf-8")
    for line in result.reports:
        print(line, file=sys.stderr)
    n = len(result.placed)
    mid = sum(p.end < len(text_of[p.step]) for p in result.placed)
    across = sum(p.first is not None for p in result.placed)
    runs = sum(len(p.runs) for p in result.placed)
    print(
        f"{n} notes ({runs} runs of 叢, {sum(p.witness == SUPPLY[0] for p in result.placed)} "
        f"notes of 張); {mid} within a step ({mid / n:.0%}), {across} across steps "
        f"({across / n:.0%}) -> {path}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
