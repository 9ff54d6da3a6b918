"""Readers for the Kanseki Repository (Mandoku) witness files of 鄉射禮.

Why this module exists: the collation must compare the base text with each witness's *main text*
(經) only, and every witness mixes 經 with commentary in its own way (see the witnesses'
README.md).  Each reader turns one file into a :class:`Witness`: a list of 經 tokens (one per
character, each carrying the edition page it is printed on), the commentary kept apart, and
reports of what could not be read (gaiji, untranscribed pages, doubtful 注/經 boundaries).

Nothing here guesses a character: a gaiji reference such as ``&KR0002;`` stays one token with
that text and is reported; a ``# page missing`` note becomes a :class:`Lacuna`.

Pure Python, no Sphinx; the functions taking strings are unit-tested on tiny inline samples.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

PB_RE = re.compile(r"<pb:[^>_]+_[^>_]+_(\d{3}-\d+[a-z])>")
GAIJI_RE = re.compile(r"&[A-Z]+\d+;")
#: Lines of book/juan titles and headers that no witness counts as 經.
TITLE_RE = re.compile(
    r"^[\u3000 ]*(欽定四庫全書|儀禮[^\u3000]{0,6}卷[第]?[五六十一二三上下]+|[鄉郷鄕]射禮(第五|$))"
)
FULLWIDTH_SPACE = "\u3000"


@dataclass(frozen=True)
class Token:
    """One character of 經 (or one gaiji reference) and the page it is printed on."""

    text: str
    page: str


@dataclass(frozen=True)
class Lacuna:
    """An untranscribed page: ``index`` is the number of 經 tokens read before it."""

    index: int
    page: str
    note: str


@dataclass
class Witness:
    """What a reader extracts from one witness file."""

    siglum: str
    tokens: list[Token] = field(default_factory=list)
    #: 記 clauses printed elsewhere than in the base order (楊復 moves them): token runs.
    moved: list[list[Token]] = field(default_factory=list)
    commentary: list[tuple[str, str]] = field(default_factory=list)  # (page, text)
    lacunae: list[Lacuna] = field(default_factory=list)
    gaiji: list[tuple[str, str]] = field(default_factory=list)  # (entity, page)
    reports: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The 經 as one string (gaiji references kept as written)."""
        return "".join(t.text for t in self.tokens)


def split_chars(s: str) -> list[str]:
    """Split into characters, keeping a gaiji reference (``&KR0002;``) as one item."""
    out: list[str] = []
    pos = 0
    for m in GAIJI_RE.finditer(s):
        out.extend(s[pos : m.start()])
        out.append(m.group())
        pos = m.end()
    out.extend(s[pos:])
    return out


def is_text_char(c: str) -> bool:
    """True for a character that belongs to the text (an ideograph or a gaiji reference)."""
    if c.startswith("&"):
        return True
    o = ord(c)
    return 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3FFFF or c == "〇"


# --------------------------------------------------------------------------- line scanner


@dataclass
class _Seg:
    """A run of characters of one kind on one page: kind is 'main' or 'comm'."""

    kind: str
    page: str
    text: str
    line: int  # index of the physical line (for paragraph logic)


def scan(raw: str, siglum: str = "?", start_page: str = "") -> tuple[list[_Seg], Witness]:
    """Cut a Mandoku file into main/commentary runs, following pages and lacunae.

    Parenthesised runs are small-character commentary (they may continue over lines); the
    rest of each line is main text.  ``¶`` and line ends are dropped; ``<pb:…_005-7a>``
    sets the current page; ``# page missing`` is reported as a lacuna (its index is fixed
    later, once the 經 is known).  Returns the runs and a Witness holding the reports.
    """
    wit = Witness(siglum)
    segs: list[_Seg] = []
    page = start_page
    depth = 0
    for lineno, line in enumerate(raw.splitlines()):
        if line.startswith("#"):
            if "page missing" in line:
                segs.append(_Seg("lacuna", page, line.lstrip("# ").strip(), lineno))
            continue
        line = line.replace("¶", "")
        pos = 0
        buf = ""
        kind = "comm" if depth else "main"
        while pos < len(line):
            m = PB_RE.match(line, pos)
            if m:
                if buf:
                    segs.append(_Seg(kind, page, buf, lineno))
                    buf = ""
                page = m.group(1)
                pos = m.end()
                continue
            c = line[pos]
            if c == "(":
                if buf:
                    segs.append(_Seg(kind, page, buf, lineno))
                    buf = ""
                depth += 1
                kind = "comm"
            elif c == ")":
                if buf:
                    segs.append(_Seg(kind, page, buf, lineno))
                    buf = ""
                depth = max(0, depth - 1)
                kind = "comm" if depth else "main"
            elif c == "/" and depth:
                pass  # column divider of two-column small characters
            else:
                buf += c
            pos += 1
        if buf:
            segs.append(_Seg(kind, page, buf, lineno))
        if not line.strip(FULLWIDTH_SPACE + " "):
            segs.append(_Seg("blank", page, "", lineno))
    return segs, wit


def _finish(wit: Witness, main: list[tuple[str, str]]) -> Witness:
    """Turn (page, text) main runs into tokens; report gaiji; keep only text characters."""
    for page, text in main:
        if text == "\0lacuna":
            continue
        for c in split_chars(text):
            if not is_text_char(c):
                continue
            if c.startswith("&"):
                wit.gaiji.append((c, page))
            wit.tokens.append(Token(c, page))
    if wit.gaiji:
        wit.reports.append(f"{len(wit.gaiji)} gaiji reference(s) kept unresolved in 經")
    return wit


def _lines(segs: list[_Seg]) -> list[list[_Seg]]:
    """Group runs by physical line, in order."""
    out: list[list[_Seg]] = []
    last = None
    for s in segs:
        if s.line != last:
            out.append([])
            last = s.line
        out[-1].append(s)
    return out


def _add_lacuna(wit: Witness, main: list[tuple[str, str]], seg: _Seg) -> None:
    n = sum(len([c for c in split_chars(t) if is_text_char(c)]) for _, t in main)
    wit.lacunae.append(Lacuna(n, seg.page, seg.text))
    wit.reports.append(f"untranscribed page after {seg.page}: {seg.text}")


# --------------------------------------------------------------------------- readers


PB_FULL_RE = re.compile(r"<pb:([^>_]+_[^>_]+_)(\d{3})-(\d+)([ab])>")


def half_leaf_labels(raw: str) -> tuple[str, list[str]]:
    """Relabel the page markers of a 叢 file one half-leaf per marker; report what changed.

    Why: in KR1d0026 every ``<pb:…>`` marker stands for one scanned image, and one image
    is one half-leaf (8 columns).  The scan names the transcription notes at its untranscribed
    pages prove it: in juan 5, ``SB1_0015-128.png``, ``-160.png`` and ``-188.png`` are 32 and
    28 images apart, and 31 and 27 markers lie between them; juan 4 ends with image 115, so
    juan 5's 1a is image 116 and image 128 is 7a.  But the transcription's labels skip a
    half-leaf after the first and third missing image (7a → 8a, 37a → 38a) and repeat one at
    the second (23b, 23b), so between the first and the second, and after the third, each
    label is one half-leaf too high.  Counting markers gives every page its true label.
    Returns the relabelled text and one report per run of changed labels.
    """
    marks = list(PB_FULL_RE.finditer(raw))
    if not marks:
        return raw, []
    _, juan, leaf, side = marks[0].groups()
    first = (int(leaf) - 1) * 2 + (side == "b")  # half-leaves before the first marker
    out: list[str] = []
    runs: list[list[str]] = []  # [old first, old last, new first, new last]
    pos, last_changed = 0, -2
    for k, m in enumerate(marks):
        index = first + k
        label = f"{juan}-{index // 2 + 1}{'ab'[index % 2]}"
        have = f"{m.group(2)}-{m.group(3)}{m.group(4)}"
        out.append(raw[pos : m.start()] + f"<pb:{m.group(1)}{label}>")
        pos = m.end()
        if have != label:
            if last_changed == k - 1:
                runs[-1][1], runs[-1][3] = have, label
            else:
                runs.append([have, have, label, label])
            last_changed = k
    out.append(raw[pos:])
    reports = [
        f"page labels {a}…{b} of the transcription read as {c}…{d} (one half-leaf per marker)"
        for a, b, c, d in runs
    ]
    return "".join(out), reports


def read_inline(raw: str, siglum: str) -> Witness:
    """經注本 with commentary only in parentheses (KR1d0026 叢, both branches).

    Title lines (卷第五, 鄕射禮第五 …) are not 經.  Page labels are counted one half-leaf
    per marker (:func:`half_leaf_labels`).
    """
    if "# page missing" not in raw:
        # The normalised branch dropped the notes; an empty page (two page markers with
        # nothing between) is the same untranscribed page.
        raw = re.sub(r"(<pb:[^>]*>)¶\n(?=<pb:)", "\\1¶\n# page missing (empty page)\n", raw)
    raw, relabelled = half_leaf_labels(raw)
    segs, wit = scan(raw, siglum)
    wit.reports.extend(relabelled)
    main: list[tuple[str, str]] = []
    for line in _lines(segs):
        title = bool(TITLE_RE.match("".join(s.text for s in line if s.kind == "main")))
        for s in line:
            if s.kind == "lacuna":
                _add_lacuna(wit, main, s)
            elif s.kind == "main" and not title:
                main.append((s.page, s.text))
            elif s.text:
                wit.commentary.append((s.page, s.text))
    return _finish(wit, main)


def read_judou(raw: str, siglum: str) -> Witness:
    """張爾岐《句讀》 (KR1d0038): commentary in parentheses; ``右…`` headings on indented lines.

    Every indented line is a heading or title (張's section headings are ``　右戒賔``), so it
    is kept apart from the 經.
    """
    segs, wit = scan(raw, siglum)
    main: list[tuple[str, str]] = []
    for line in _lines(segs):
        first = next((s for s in line if s.kind == "main"), None)
        heading = first is not None and (
            first.text.startswith(FULLWIDTH_SPACE) or TITLE_RE.match(first.text)
        )
        for s in line:
            if s.kind == "lacuna":
                _add_lacuna(wit, main, s)
            elif s.kind == "main" and not heading:
                main.append((s.page, s.text))
            elif s.text.strip(FULLWIDTH_SPACE):
                wit.commentary.append((s.page, s.text))
    return _finish(wit, main)


def read_indented(raw: str, siglum: str) -> Witness:
    """李如圭《集釋》 (KR1d0030) and 敖繼公《集說》 (KR1d0035).

    Both print 經 on unindented lines and their commentary (鄭注 quotations, their own notes,
    敖's ``右…`` headings) full-size on indented lines; parentheses hold sound glosses.
    """
    cut = re.search(r"^(<pb:[^>]*>¶\n)?正誤¶?$", raw, re.M)
    if cut:
        raw = raw[: cut.start()]
        wit_note = "敖's appended 正誤 (list of his emendations) is not 經: cut off"
    else:
        wit_note = ""
    segs, wit = scan(raw, siglum)
    if wit_note:
        wit.reports.append(wit_note)
    main: list[tuple[str, str]] = []
    for line in _lines(segs):
        first = next((s for s in line if s.kind in ("main", "comm")), None)
        indented = (
            first is not None
            and first.kind == "main"
            and (first.text.startswith(FULLWIDTH_SPACE) or bool(TITLE_RE.match(first.text)))
        )
        for s in line:
            if s.kind == "lacuna":
                _add_lacuna(wit, main, s)
            elif s.kind == "main" and not indented:
                main.append((s.page, s.text))
            elif s.text.strip(FULLWIDTH_SPACE):
                wit.commentary.append((s.page, s.text))
    return _finish(wit, main)


ZHU_LABELS = ("音義", "疏")


def read_zhushu(raw: str, siglum: str, reference_notes: list[str] | None = None) -> Witness:
    """《儀禮注疏》 四庫本 (KR1d0028): 注 full-size after the label ``注``.

    ``音義(…)`` and ``疏(…)`` are parenthesised and easy.  A full-size 注 starts at ``注``
    and ends before the next ``音義(`` / ``疏(`` — but often the 經 simply resumes, with no
    mark.  There the boundary is found by matching the run against the reference 鄭注 notes
    (from the other 鄭注 witnesses, ``reference_notes``), never against the base text, so the
    witness's own 經 readings are not pulled towards the base.  Runs whose boundary cannot be
    found are reported.  The 考證 appended to the juan are cut off.
    """
    cut = raw.find("儀禮注疏卷五考證")
    if cut >= 0:
        raw = raw[: raw.rfind("\n", 0, cut) + 1]
    repaired = []
    for split, char in SPLIT_CHARACTERS.items():
        if split in raw:
            raw = raw.replace(split, char)
            repaired.append(f"{split} read as one character of 經: {char}")
    segs, wit = scan(raw, siglum)
    wit.reports.extend(repaired)
    # Flatten into a stream of (kind, page, text); drop the labels 音義/疏 before "(".
    stream: list[tuple[str, str, str]] = []
    for line in _lines(segs):
        first = line[0].text if line[0].kind == "main" else ""
        title = bool(TITLE_RE.match(first)) or "漢鄭氏注" in first
        for s in line:
            if s.kind == "lacuna":
                stream.append(("lacuna", s.page, s.text))
            elif s.kind == "main" and not title:
                stream.extend(("main", s.page, c) for c in split_chars(s.text))
            elif s.kind == "comm":
                label = ""
                for lb in ZHU_LABELS:
                    if "".join(x[2] for x in stream[-len(lb) :]) == lb:
                        del stream[-len(lb) :]
                        label = lb
                        break
                stream.append(("comm", s.page, label + s.text))
            elif s.text.strip(FULLWIDTH_SPACE):
                wit.commentary.append((s.page, s.text))
    # 疏 followed by full-size text (not by its parenthesis) is a mis-labelled 注: neither
    # 注 nor 疏 occurs in the 經 of 鄉射禮, so it is read as 注 and reported.
    for n, (kind, page, c) in enumerate(stream[:-1]):
        if kind == "main" and c == "疏" and stream[n + 1][0] == "main":
            stream[n] = ("main", page, "注")
            wit.reports.append(f"full-size text labelled 疏 at {page} read as 注")
    refs = [fold_simple(n) for n in (reference_notes or []) if len(n) >= 2]
    heads = note_heads(refs)
    main: list[tuple[str, str]] = []
    i = 0
    unresolved = 0
    while i < len(stream):
        kind, page, c = stream[i]
        if kind == "lacuna":
            _add_lacuna(wit, main, _Seg("lacuna", page, c, 0))
            i += 1
            continue
        if kind == "comm":
            wit.commentary.append((page, c))
            i += 1
            continue
        if c != "注":
            main.append((page, c))
            i += 1
            continue
        # A 注 run: collect main chars up to the next commentary/○/注.
        j = i + 1
        run: list[tuple[str, str]] = []
        while j < len(stream) and stream[j][0] == "main" and stream[j][2] not in "○注":
            run.append((stream[j][1], stream[j][2]))
            j += 1
        text = "".join(ch if len(ch) == 1 else "〓" for _, ch in run)
        labelled = j < len(stream) and stream[j][0] == "comm" and stream[j][2][:1] in "音疏"
        if labelled:
            k = len(run)
        else:
            k = zhu_boundary(text, refs)
            if k is None:
                k = zhu_boundary(text, heads)
            if k is None:
                unresolved += 1
                wit.reports.append(f"注/經 boundary not found at {page}: run taken as 注")
                k = len(run)
        wit.commentary.append((run[0][0] if run else page, "注" + text[:k]))
        main.extend(run[k:])
        i = j
    return _finish(wit, main)


#: A character of 經 that a transcription split into its two components, printed as two small
#: characters as if they were commentary.  庫 005-34a 「與升射者(目/木)左交于階前」: 木 beside 目
#: (the right column is read first) is 相, which every other witness has there.
SPLIT_CHARACTERS = {"(目/木)": "相"}
#: 今文/古文 notes, which 庫 sometimes leaves out of a 注 or moves to another one.
TEXTUAL_NOTE_RE = re.compile(r"[今古]文")


def note_heads(refs: list[str]) -> list[str]:
    """Each reference note cut before its first 今文/古文 note (heads of 4 or more characters).

    Tried only when no whole note matches a 注 run of 庫: there the note is often abridged
    (「復奠之者…主人之意也」 without its 「今文無執觶…」), and the 經 resumes after the head.
    """
    out = []
    for note in refs:
        m = TEXTUAL_NOTE_RE.search(note)
        if m and m.start() >= 4:
            out.append(note[: m.start()])
    return out


def fold_simple(s: str) -> str:
    """A rough folding for matching 注 notes across editions (not for the collation)."""
    table = str.maketrans("賔荅衆爲説絶於矦庻飮", "賓答眾為說絕于侯庶飲")
    return "".join(c for c in s.translate(table) if is_text_char(c))


def zhu_boundary(run: str, refs: list[str]) -> int | None:
    """Length of the 注 at the head of ``run`` (the rest is 經), or None if no note matches.

    The best reference note is the one whose characters cover the run's head best; the
    boundary is where the last block matching the note's tail ends in the run.
    """
    frun = fold_simple(run)
    if len(frun) != len(run):  # keep offsets simple: only fold same-length runs
        frun = run
    best: tuple[float, int] | None = None
    for note in refs:
        if note[:1] != frun[:1] and note[:2] not in frun[:6]:
            continue
        sm = SequenceMatcher(None, note, frun[: len(note) + 6], autojunk=False)
        blocks = [b for b in sm.get_matching_blocks() if b.size]
        matched = sum(b.size for b in blocks)
        if not blocks or matched < 0.8 * len(note):
            continue
        last = blocks[-1]
        if last.a + last.size < len(note) - 1:
            continue
        score = matched / len(note) + len(note) / 1000  # prefer longer notes on ties
        if best is None or score > best[0]:
            best = (score, last.b + last.size)
    return None if best is None else best[1]


#: 楊's 記 clauses printed within a section after a ○ but without the word 記, as (page, the
#: clause's first four characters). Found by reading 楊's ○-clauses that the 經 lacks against
#: the base's 記: 「○上射於右(於右物射)○」 (005-16b) is the 記's xs-0499 「上射於右」, quoted
#: after the 經 it explains (xs-0204). The 「○凡適堂西皆出入于司馬之南」 that follows it on the
#: same page is not listed: 楊 prints that clause again with its 記 at 005-26a, where it is read.
UNMARKED_JI = {("005-16b", "上射於右")}


def read_yangfu(raw: str, siglum: str) -> Witness:
    """楊復《儀禮圖》 (KR1d0032).

    Commentary is parenthesised.  Indented lines (two or more ideographic spaces) are
    diagram captions; unindented ``右…`` lines after a blank line are 楊's section headings.
    ``○記…`` (or a line beginning ``　記``, or ``記…`` at the head of a line after a line ending
    in ``○``) starts a 記 clause moved into the section: the clause runs to the end of the
    paragraph (blank line or heading); a clause of :data:`UNMARKED_JI` (no 記 mark) runs to the
    next ○ only; each ○-separated clause
    becomes one entry of ``Witness.moved`` so the collation can put it back in base order.
    楊's own full-size prose (今案…) is left in the 經 stream; the collation reports such long
    additions apart from variants.
    """
    segs, wit = scan(raw, siglum)
    main: list[tuple[str, str]] = []
    moved: list[list[tuple[str, str]]] = []
    in_ji = False
    unmarked = False  # the running 記 clause is one of UNMARKED_JI: it ends at the next ○
    prev_blank = True
    ring = False  # the last main text ended with ○
    for line in _lines(segs):
        if all(s.kind == "blank" for s in line):
            in_ji = ring = unmarked = False
            prev_blank = True
            continue
        first = next((s for s in line if s.kind in ("main", "comm")), None)
        text0 = first.text if first is not None and first.kind == "main" else ""
        caption = text0.startswith(FULLWIDTH_SPACE * 2)
        title = bool(TITLE_RE.match(text0))
        heading = prev_blank and text0.startswith("右")
        prev_blank = False
        if caption or title or heading:
            in_ji = ring = unmarked = False
            for s in line:
                if s.text.strip(FULLWIDTH_SPACE):
                    wit.commentary.append((s.page, s.text))
            continue
        for s in line:
            if s.kind == "lacuna":
                _add_lacuna(wit, main, s)
                continue
            if s.kind != "main":
                if s.text:
                    wit.commentary.append((s.page, s.text))
                continue
            text = s.text
            if text.startswith(FULLWIDTH_SPACE + "記"):
                in_ji = True
                moved.append([])
                text = text.lstrip(FULLWIDTH_SPACE)[1:]
            parts = text.split("○")
            for n, part in enumerate(parts):
                if n > 0:
                    if unmarked:
                        in_ji = unmarked = False
                    if part.startswith("記"):
                        in_ji = True
                        part = part[1:]
                    elif not in_ji and (s.page, part[:4]) in UNMARKED_JI:
                        in_ji = unmarked = True
                    if in_ji:
                        moved.append([])
                elif ring and part.startswith("記"):
                    # 「…○¶ 記若有諸公…」: the ○ ended the line before (or a page).
                    part = part[1:]
                    if not in_ji:
                        in_ji = True
                        moved.append([])
                if in_ji:
                    moved[-1].append((s.page, part))
                else:
                    main.append((s.page, part))
            if text.strip(FULLWIDTH_SPACE):
                ring = len(parts) > 1 and parts[-1] == ""
    _finish(wit, main)
    for clause in moved:
        toks = _finish(Witness(siglum), clause)
        if toks.tokens:
            wit.moved.append(toks.tokens)
            wit.gaiji.extend(toks.gaiji)
    wit.reports.append(f"{len(wit.moved)} 記 clause(s) printed within the sections")
    return wit


def reference_notes(raw: str) -> list[str]:
    """鄭注 notes of a 經注本 (parenthesised; runs split only by line/page ends are merged).

    A note of 張爾岐 (after ``○``) is cut off.  Used to find 注/經 boundaries in KR1d0028.
    """
    segs, _ = scan(raw)
    notes: list[str] = []
    cur = ""
    for s in segs:
        if s.kind == "comm":
            cur += s.text
        elif s.kind == "main" and s.text.strip(FULLWIDTH_SPACE):
            if cur:
                notes.append(cur.split("○")[0])
            cur = ""
    if cur:
        notes.append(cur.split("○")[0])
    return notes


# --------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class Source:
    """One witness file and how to read it."""

    siglum: str
    filename: str
    reader: str


SOURCES: tuple[Source, ...] = (
    Source("叢", "kanripo-KR1d0026-SBCK-yili-zhengzhu-juan05.txt", "inline"),
    Source("叢新", "kanripo-KR1d0026-master-yili-zhengzhu-juan05-normalized.txt", "inline"),
    Source("庫", "kanripo-KR1d0028-WYG-yili-zhushu-juan05.txt", "zhushu"),
    Source("張", "kanripo-KR1d0038-WYG-zhang-erqi-zhengzhu-judou-juan05.txt", "judou"),
    Source("李", "kanripo-KR1d0030-WYG-li-rugui-yili-jishi-juan05-06.txt", "indented"),
    Source("敖", "kanripo-KR1d0035-WYG-ao-jigong-yili-jishuo-juan05.txt", "indented"),
    Source("楊", "kanripo-KR1d0032-WYG-yang-fu-yili-tu-juan05.txt", "yangfu"),
)
#: KR1d0027 (賈公彥《儀禮疏》單疏本) quotes 經 only as incipit–explicit cues: not collated.
SKIPPED = {"KR1d0027": "單疏本: 經 only as 標起止 cues, no full text to collate"}


def witness_problem(witness_dir: Path, names: Iterable[str] | None = None) -> str | None:
    """What keeps the tools from reading ``witness_dir`` (the folder, or a file of ``names``,
    by default every collated witness, missing), said plainly for the command line; None if
    nothing does. The tools check this first, so that a missing file is a message, never a
    traceback halfway through the collation."""
    if not witness_dir.is_dir():
        return f"no witness directory: {witness_dir}"
    wanted = [s.filename for s in SOURCES] if names is None else list(names)
    missing = [name for name in wanted if not (witness_dir / name).is_file()]
    if missing:
        return (
            f"{len(missing)} witness file(s) missing from {witness_dir}: "
            + ", ".join(missing)
            + " (see the witnesses' README.md for where each comes from)"
        )
    return None


def read_all(witness_dir: Path) -> list[Witness]:
    """Read every collated witness in ``witness_dir`` (in SOURCES order)."""
    raws = {s.siglum: (witness_dir / s.filename).read_text(encoding="utf-8") for s in SOURCES}
    refs = reference_notes(raws["叢"]) + reference_notes(raws["張"])
    out = []
    for s in SOURCES:
        raw = raws[s.siglum]
        if s.reader == "inline":
            out.append(read_inline(raw, s.siglum))
        elif s.reader == "judou":
            out.append(read_judou(raw, s.siglum))
        elif s.reader == "indented":
            out.append(read_indented(raw, s.siglum))
        elif s.reader == "zhushu":
            out.append(read_zhushu(raw, s.siglum, refs))
        elif s.reader == "yangfu":
            out.append(read_yangfu(raw, s.siglum))
    return out
