"""Check the print edition (``_build/latex/xiangsheli.pdf``) the way a proof-reader would.

Pure Python plus poppler's ``pdfinfo``, ``pdffonts`` and ``pdftotext``; fontTools (a pinned
requirement) for the font checks. Each check prints one line; the exit status is 1 if any fails.

Checks:

* ``log``        no TeX log in the build directory says "Missing character" (XeTeX drops a
                 glyph the font lacks and only logs it);
* ``plans``      every plan of the edition (edition.json's ``diagrams``) is in the book: the
                 TeX log records each plan's drawing as used (``<use _diagrams/<id>.pdf>``);
                 a plan printed as its caption alone (no SVG converter, a failed conversion:
                 the 40 plans of a 145-page book gone, 109 pages left) fails with their ids;
* ``faces``      every CJK font loaded from an OpenType collection (.ttc) is a Traditional
                 Chinese face (fontspec logs ``[NotoSerifCJK-Regular.ttc:3]``: the face index);
* ``coverage``   every character of the steps' text and translations (edition.json) is in the
                 cmap of those faces (a rare character such as 觶 阼 楅 笴 韇 翿 䞓 …);
* ``embedded``   every font in the PDF is embedded (``pdffonts``' emb column) and has a
                 ToUnicode map (its uni column), so text copies out;
* ``metadata``   title, author and subject in the document information, and ``/Lang zh-Hant``
                 in the catalogue;
* ``bookmarks``  the outline (PDF bookmarks) holds every phase title of the edition;
* ``indexes``    the four index titles 器物索引 動作索引 人物索引 處所索引 are in the text
                 (``--skip-indexes`` until the indexes exist);
* ``pages``      no page but a part's last is more than half empty: each page is rendered
                 (``pdftoppm``, grey, 36 dpi) and the blank bands of its text block taller
                 than :data:`BLANK_BAND` pt are added up; the text block, the pages where
                 a part begins and the pages made of plans alone come from ``<job>.xspages``,
                 which ``ritual.sty`` writes (a part's last page of text, before the plans
                 LaTeX could only set after it, is its last page);
* ``text``       every step's 原文 and 譯文 from edition.json comes back from ``pdftotext`` in
                 order (whitespace removed, since CJK lines break anywhere; a step broken
                 across a page may be interrupted by running heads and footnotes); the 原文
                 with its notes of 鄭注 (``commentary``): each lemma, then 【注】 and the note,
                 in the step's order (the 〔…〕 around a part another witness supplies aside).

* ``breaks``     no line ends with an opening mark whose closing mark or ellipsis begins the
                 next (「 at a line's end, …」 at the next's head: xeCJK lets a line break
                 before its long marks; the book's preamble takes … out of them).

Usage: ``python tools/check_pdf.py [PDF or its directory] [--edition PATH] [--skip-indexes]``.
"""

from __future__ import annotations

import argparse
import bisect
import json
import re
import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PDF = ROOT / "_build" / "latex" / "xiangsheli.pdf"
DEFAULT_EDITION = ROOT / "_build" / "html" / "edition.json"
INDEX_TITLES = ("器物索引", "動作索引", "人物索引", "處所索引")
#: Longest run of other text (running head, folio, footnotes) allowed inside a step's text
#: where it crosses a page, and the number of pieces it may be cut into.
MAX_GAP = 1500
MAX_PIECES = 4
#: A page may leave at most this share of its text block blank (bands taller than
#: BLANK_BAND pt: the space between lines, steps and headings is not emptiness).
MAX_EMPTY = 0.5
BLANK_BAND = 36.0
#: Resolution of the rendering the page check measures (pt per pixel = 72 / DPI), and the
#: grey below which a pixel is ink (a plan's paper, #fdfbf6, is 251: part of the picture).
PAGE_DPI = 36
INK_BELOW = 253
#: A TeX point in PostScript points (the PDF's unit).
TEX_PT = 72 / 72.27

WS = re.compile(r"\s+")
FACE_LOAD = re.compile(r'"\[([^\]:"]+\.tt[cf]):(\d+)\]')


class Failure(Exception):
    """A check found a problem; the message says what."""


def run(*cmd: str) -> str:
    """Run a poppler tool and return its standard output."""
    if shutil.which(cmd[0]) is None:
        raise Failure(f"{cmd[0]} not found (Debian package poppler-utils)")
    done = subprocess.run(cmd, capture_output=True, check=False)
    if done.returncode != 0:
        raise Failure(f"{' '.join(cmd)}: {done.stderr.decode('utf-8', 'replace').strip()}")
    return done.stdout.decode("utf-8", "replace")


def normalise(text: str) -> str:
    """Drop all whitespace (CJK lines break anywhere; pdftotext adds spaces and newlines)."""
    return WS.sub("", text)


# -- the TeX log ---------------------------------------------------------------------------


def tex_logs(pdf: Path) -> list[Path]:
    logs = sorted(pdf.parent.glob("*.log"))
    if not logs:
        raise Failure(f"no TeX log next to {pdf}")
    return logs


def check_log(pdf: Path) -> str:
    logs = tex_logs(pdf)
    missing: list[str] = []
    # geometry ignoring a measure the design gives (Sphinx's own hmargin beside the book's
    # margins once set the text block wider than the plans drawn to its width)
    ignored: list[str] = []
    for log in logs:
        text = log.read_text("utf-8", "replace")
        lines = text.splitlines()
        missing += [f"{log.name}: {line.strip()}" for line in lines if "Missing character" in line]
        if "Package geometry Warning: Over-specification" in text:
            said = text.split("Over-specification", 1)[1].split("\n\n", 1)[0]
            ignored.append(f"{log.name}: geometry is over-specified {' '.join(said.split())}")
    if missing:
        shown = "\n    ".join(missing[:20])
        more = f"\n    … and {len(missing) - 20} more" if len(missing) > 20 else ""
        raise Failure(f"{len(missing)} missing character(s):\n    {shown}{more}")
    if ignored:
        raise Failure(ignored[0])
    return "no 'Missing character' and no page measure ignored in " + ", ".join(
        log.name for log in logs
    )


#: How XeTeX's log records an included drawing (graphicx through xdvipdfmx).
PLAN_USED = re.compile(r"<use (?:\./)?_diagrams/([^>\s]+)\.pdf>")


def check_plans(pdf: Path, diagrams: list[dict]) -> str:
    """Every diagram of edition.json printed, by the TeX log's record of its drawing."""
    used: set[str] = set()
    for log in tex_logs(pdf):
        used |= set(PLAN_USED.findall(log.read_text("utf-8", "replace")))
    wanted = [d["id"] for d in diagrams]
    missing = [i for i in wanted if i not in used]
    if missing:
        shown = ", ".join(missing[:10]) + (" …" if len(missing) > 10 else "")
        raise Failure(f"{len(missing)} of the edition's {len(wanted)} plans not printed: {shown}")
    return f"all {len(wanted)} plans of the edition printed"


def loaded_faces(pdf: Path) -> set[tuple[str, int]]:
    """(collection file, face index) pairs fontspec reports loading."""
    faces = set()
    for log in tex_logs(pdf):
        # fontspec wraps long lines in the log; join its continuation lines first.
        text = re.sub(r"\n\(fontspec\)\s*", "", log.read_text("utf-8", "replace"))
        faces |= {(f, int(i)) for f, i in FACE_LOAD.findall(text)}
    return faces


def _font_path(name: str) -> Path | None:
    if Path(name).is_file():
        return Path(name)
    if shutil.which("kpsewhich"):
        out = subprocess.run(["kpsewhich", name], capture_output=True, text=True).stdout.strip()
        if out:
            return Path(out)
    for base in (Path("/usr/share/fonts"), Path("/usr/local/share/fonts")):
        hits = list(base.rglob(name)) if base.is_dir() else []
        if hits:
            return hits[0]
    return None


def _face(path: Path, index: int):
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        return TTCollection(str(path), lazy=True).fonts[index]
    return TTFont(str(path), lazy=True)


def _face_name(font) -> str:
    name = font["name"]
    return str(name.getDebugName(16) or name.getDebugName(1) or name.getDebugName(6))


def check_faces(pdf: Path) -> str:
    faces = loaded_faces(pdf)
    cjk = {(f, i) for f, i in faces if "CJK" in f}
    if not cjk:
        raise Failure("the log names no CJK font collection face (is xeCJK set up?)")
    wrong, names = [], []
    for file, index in sorted(cjk):
        path = _font_path(file)
        if path is None:
            raise Failure(f"font file {file} not found")
        family = _face_name(_face(path, index))
        names.append(f"{file}:{index} = {family}")
        if not re.search(r"\bTC\b|Traditional", family):
            wrong.append(f"{file}:{index} is {family!r}, not a TC face")
    if wrong:
        raise Failure("; ".join(wrong))
    return "; ".join(names)


def check_coverage(pdf: Path, steps: list[dict]) -> str:
    chars = set()
    for step in steps:
        chars |= set(step.get("text") or "") | set(step.get("translation") or "")
    chars = {c for c in chars if ord(c) > 0x2E7F}  # CJK and fullwidth forms
    faces = sorted({(f, i) for f, i in loaded_faces(pdf) if "Serif" in f and "Bold" not in f})
    if not faces:
        raise Failure("no main CJK face in the log")
    for file, index in faces:
        path = _font_path(file)
        cmap = _face(path, index).getBestCmap() if path else None
        if cmap is None:
            raise Failure(f"cannot read the cmap of {file}:{index}")
        lacking = sorted(c for c in chars if ord(c) not in cmap)
        if lacking:
            listed = " ".join(f"{c} U+{ord(c):04X}" for c in lacking[:30])
            raise Failure(f"{file}:{index} lacks {len(lacking)} character(s): {listed}")
    return f"{len(chars)} distinct CJK characters, all in " + ", ".join(
        f"{f}:{i}" for f, i in faces
    )


# -- the PDF itself --------------------------------------------------------------------------


def check_embedded(pdf: Path) -> str:
    lines = run("pdffonts", str(pdf)).splitlines()
    rows = [line for line in lines[2:] if line.strip()]
    if not rows:
        raise Failure("pdffonts lists no fonts")
    bad = []
    for row in rows:
        # name type... encoding emb sub uni object ID: the flags are the 5th-3rd fields from
        # the right, whatever spaces the type column holds.
        fields = row.split()
        emb, uni = fields[-5], fields[-3]
        if emb != "yes":
            bad.append(f"{fields[0]} not embedded")
        elif uni != "yes" and "CMMI" not in fields[0] and "CMSY" not in fields[0]:
            bad.append(f"{fields[0]} has no ToUnicode map")
    if bad:
        raise Failure("; ".join(bad))
    return f"{len(rows)} fonts, all embedded"


def pdf_objects(pdf: Path) -> bytes:
    """The PDF's bytes with every Flate stream inflated (object streams hold the catalogue)."""
    raw = pdf.read_bytes()
    parts = [raw]
    for match in re.finditer(rb"stream\r?\n", raw):
        start = match.end()
        try:
            parts.append(zlib.decompressobj().decompress(raw[start : start + 4_000_000]))
        except zlib.error:
            continue
    return b"\n".join(parts)


def pdf_strings(data: bytes, key: bytes) -> list[str]:
    """The text of every ``/Key (…)`` or ``/Key <…>`` string (PDFDocEncoding or UTF-16BE)."""
    out = []
    for match in re.finditer(rb"/" + key + rb"\s*(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))", data):
        token = match.group(1)
        if token.startswith(b"<"):
            value = bytes.fromhex(token[1:-1].decode("ascii"))
        else:
            value = re.sub(
                rb"\\([0-7]{1,3}|.)",
                lambda m: (
                    bytes([int(m.group(1), 8)])
                    if m.group(1)[:1].isdigit()
                    else {b"n": b"\n", b"r": b"\r", b"t": b"\t"}.get(m.group(1), m.group(1))
                ),
                token[1:-1],
                flags=re.S,
            )
        if value.startswith(b"\xfe\xff"):
            out.append(value[2:].decode("utf-16-be", "replace"))
        else:
            out.append(value.decode("latin-1"))
    return out


def check_metadata(pdf: Path, data: bytes) -> str:
    info = {}
    for line in run("pdfinfo", str(pdf)).splitlines():
        key, _, value = line.partition(":")
        info[key.strip()] = value.strip()
    missing = [k for k in ("Title", "Author", "Subject") if not info.get(k)]
    if missing:
        raise Failure("document information lacks " + ", ".join(missing))
    langs = pdf_strings(data, b"Lang")
    if "zh-Hant" not in langs:
        raise Failure(f"catalogue /Lang is {langs or 'absent'}, not zh-Hant")
    return f"Title {info['Title']!r}, Author {info['Author']!r}, /Lang zh-Hant"


def check_bookmarks(data: bytes, titles: Iterable[str]) -> str:
    marks = {normalise(t) for t in pdf_strings(data, b"Title")}
    wanted = [t for t in titles if t]
    lacking = [t for t in wanted if normalise(t) not in marks]
    if lacking:
        raise Failure(f"{len(lacking)} title(s) not in the bookmarks: " + " ".join(lacking[:15]))
    return f"{len(marks)} bookmarks, including all {len(wanted)} phase titles"


#: An index entry's count of 0, which the style leaves out (a headword the text has only
#: negated heads its 不某 sub-entry): printed, it reads as a broken entry.
ZERO_COUNT = "（0）"


def check_indexes(text: str) -> str:
    lacking = [t for t in INDEX_TITLES if t not in text]
    if lacking:
        raise Failure("no " + " ".join(lacking) + " in the text (use --skip-indexes until built)")
    zeros = text.count(ZERO_COUNT)
    if zeros:
        raise Failure(f"{zeros} index entr{'y' if zeros == 1 else 'ies'} with a count of 0")
    return " ".join(INDEX_TITLES)


def find_pieces(haystack: str, needle: str, start: int) -> int | None:
    """Where ``needle`` ends in ``haystack`` after ``start``, allowing it to be cut into up to
    MAX_PIECES pieces separated by at most MAX_GAP characters (a page break); None if not."""
    pos = haystack.find(needle, start)
    if pos >= 0:
        return pos + len(needle)
    first = True
    rest, at = needle, start
    for _ in range(MAX_PIECES):
        # the longest prefix of the rest found within reach
        lo, hi, best = 1, len(rest), None
        while lo <= hi:
            mid = (lo + hi) // 2
            hit = haystack.find(rest[:mid], at)
            if hit >= 0 and (first or hit - at <= MAX_GAP):
                best, lo = (mid, hit), mid + 1
            else:
                hi = mid - 1
        if best is None:
            return None
        length, hit = best
        first = False
        at, rest = hit + length, rest[length:]
        if not rest:
            return at
    return None


#: What the book prints beside the words and edition.json does not carry: the mark after an
#: uncertain rendering of the editors' (\xsdoubt).
PRINTED_MARKS = ("〔？〕",)


#: What opens a note of 鄭注 in the book (ritual.sty ``\\xszhumark``).
ZHU_MARK = "【注】"
#: The marks of a part of a note another witness supplies (edition.json gives the words alone).
SUPPLIED_MARKS = ("〔", "〕")


def text_runs(step: dict) -> list[tuple[str, str]]:
    """The step's 原文 as the book prints it, in order: its lemmas, each followed by
    【注】 and its note; as (what, words) pairs, what naming the piece for a report."""
    text, notes = step.get("text") or "", step.get("commentary") or []
    runs, at = [], 0
    for note in notes:
        if note["end"] > at:
            runs.append(("text", text[at : note["end"]]))
        runs.append((note["id"], ZHU_MARK + note["text"]))
        at = note["end"]
    if at < len(text) or not notes:
        runs.append(("text", text[at:]))
    return [(what, words) for what, words in runs if words]


def check_text(text: str, steps: list[dict]) -> str:
    flat = normalise(text)
    for mark in PRINTED_MARKS:
        flat = flat.replace(mark, "")
    # The notes are sought in the text without the marks of a supplied part (the 〔…〕 of the
    # 原文 and the 譯文 stay: 〔記〕); ``kept`` maps an offset there back to one in ``flat``.
    kept = [i for i, c in enumerate(flat) if c not in SUPPLIED_MARKS]
    bare = "".join(flat[i] for i in kept)
    missing, at = [], 0
    notes = 0
    for step in steps:
        for what, words in text_runs(step):
            value = normalise(words)
            if what == "text":
                end = find_pieces(flat, value, at)
            else:
                found = find_pieces(bare, value, bisect.bisect_left(kept, at))
                end = None if found is None else kept[found - 1] + 1
            if end is None:
                missing.append(f"{step['id']} {what}: {value[:30]}")
            else:
                at = end
                notes += what != "text"
        value = normalise(step.get("translation") or "")
        if value and find_pieces(flat, value, at) is None:
            missing.append(f"{step['id']} translation: {value[:30]}")
    if missing:
        shown = "\n    ".join(missing[:20])
        raise Failure(f"{len(missing)} step text(s) not found in pdftotext output:\n    {shown}")
    return f"the 原文 and 譯文 of all {len(steps)} steps, in order, with their {notes} notes of 注"


# -- how full the pages are -----------------------------------------------------------------


def read_pages(path: Path) -> tuple[tuple[float, float], list[tuple[int, str, bool]]]:
    """``<job>.xspages``: the text block (top, height, in PostScript points as the PDF counts
    them; the file has TeX points) and per page (number in the file, folio, whether a part
    begins on it)."""
    block, pages = None, []
    for line in path.read_text("utf-8").splitlines():
        fields = line.split()
        if fields[:1] == ["textblock"]:
            block = (float(fields[1]) * TEX_PT, float(fields[2]) * TEX_PT)
        elif fields[:1] == ["page"] and len(fields) in (4, 5):
            pages.append((int(fields[1]), fields[2], fields[3] == "1"))
    if block is None or not pages:
        raise Failure(f"{path.name} holds no text block or no pages (is ritual.sty loaded?)")
    return block, pages


def float_pages(path: Path) -> set[int]:
    """The pages of ``<job>.xspages`` that LaTeX made of floats alone (plans), by number."""
    return {
        int(fields[1])
        for fields in (line.split() for line in path.read_text("utf-8").splitlines())
        if fields[:1] == ["page"] and len(fields) == 5 and fields[4] == "1"
    }


def read_pgm(path: Path) -> tuple[int, int, bytes]:
    """A binary PGM (P5, 8 bit) as width, height and the grey bytes."""
    data = path.read_bytes()
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:
        while data[at : at + 1].isspace():
            at += 1
        if data[at : at + 1] == b"#":
            at = data.index(b"\n", at) + 1
            continue
        end = at
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    if fields[0] != b"P5" or int(fields[3]) > 255:
        raise Failure(f"{path.name}: not an 8-bit binary PGM")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[at + 1 : at + 1 + width * height]


def blank_share(grey: tuple[int, int, bytes], top: float, height: float) -> float:
    """The share of the text block (``top``, ``height`` in pt) taken by blank bands taller
    than :data:`BLANK_BAND`."""
    width, rows, pixels = grey
    scale = PAGE_DPI / 72.0
    first, last = round(top * scale), min(rows, round((top + height) * scale))
    table = bytes(range(256)).translate(bytes(1 if g < INK_BELOW else 0 for g in range(256)))
    ink = [any(pixels[r * width : (r + 1) * width].translate(table)) for r in range(first, last)]
    band, blank = 0, 0
    min_band = BLANK_BAND * scale
    for row in [*ink, True]:
        if row:
            if band >= min_band:
                blank += band
            band = 0
        else:
            band += 1
    return blank / max(1, last - first)


def half_empty_pages(pdf: Path, pages_file: Path) -> list[tuple[int, str, float]]:
    """Every page whose text block is more than :data:`MAX_EMPTY` blank, but a part's last
    page (the blank versos a part may end with are not its last page, nor the pages of plans
    that LaTeX could only put after its text) and the pages before the first part: (page in
    the file, folio, blank share)."""
    import tempfile

    (top, height), pages = read_pages(pages_file)
    floats = float_pages(pages_file)
    starts = [n for n, _, start in pages if start]
    if not starts:
        raise Failure(f"{pages_file.name} marks no page where a part begins")
    with tempfile.TemporaryDirectory() as tmp:
        run("pdftoppm", "-r", str(PAGE_DPI), "-gray", str(pdf), f"{tmp}/p")
        files = sorted(Path(tmp).glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[1]))
        if len(files) != len(pages):
            raise Failure(f"{len(files)} pages in the PDF, {len(pages)} in {pages_file.name}")
        share = {
            n: blank_share(read_pgm(f), top, height)
            for (n, _, _), f in zip(pages, files, strict=True)
        }
    exempt = set(range(1, starts[0]))
    for end in [*(s - 1 for s in starts[1:]), pages[-1][0]]:
        # a blank verso before the next part, or a page of plans the part's text ran past
        while end > 1 and (share[end] >= 1.0 or end in floats):
            exempt.add(end)
            end -= 1
        exempt.add(end)
    return [(n, f, share[n]) for n, f, _ in pages if n not in exempt and share[n] > MAX_EMPTY]


#: An opening mark at a line's end, and at the next line's head what it opens: its closing mark or
#: an ellipsis (the 凡例's 注「…」; the CJK face's … comes back as ⋯). Read in the lines as
#: set (``pdftotext -layout``): ``-raw`` parts a line where xeCJK sets a mark apart.
OPENING_PARTED = re.compile(r"[「『（《〈【〔][ \t]*\n[ \t]*[」』）》〉】〕…⋯]")


def check_breaks(text: str) -> str:
    parted = [m.group(0).replace("\n", "⏎") for m in OPENING_PARTED.finditer(text)]
    if parted:
        raise Failure(f"{len(parted)} opening mark(s) parted from what they open: {parted[:5]}")
    return "no opening mark ends a line before its closing mark or an ellipsis"


def check_pages(pdf: Path) -> str:
    pages_file = pdf.with_suffix(".xspages")
    if not pages_file.is_file():
        raise Failure(f"no {pages_file.name} beside the PDF (ritual.sty writes it)")
    bad = half_empty_pages(pdf, pages_file)
    if bad:
        listed = ", ".join(f"p.{n} (folio {f}, {share:.0%} blank)" for n, f, share in bad)
        raise Failure(f"{len(bad)} page(s) more than half empty before a part's end: {listed}")
    return f"no page before a part's last is more than {MAX_EMPTY:.0%} empty"


# -- driver ----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "where", nargs="?", type=Path, help="the PDF, or the directory holding xiangsheli.pdf"
    )
    parser.add_argument("--pdf", type=Path, default=DEFAULT_PDF)
    parser.add_argument("--edition", type=Path, default=DEFAULT_EDITION, help="edition.json")
    parser.add_argument(
        "--skip-indexes", action="store_true", help="do not require the four index titles"
    )
    args = parser.parse_args(argv)
    if args.where is not None:
        args.pdf = args.where / DEFAULT_PDF.name if args.where.is_dir() else args.where
    if not args.pdf.is_file():
        print(f"check_pdf: no PDF at {args.pdf} (build it with `make pdf`)", file=sys.stderr)
        return 2
    if not args.edition.is_file():
        print(f"check_pdf: no {args.edition} (build the HTML first)", file=sys.stderr)
        return 2
    edition = json.loads(args.edition.read_text("utf-8"))
    steps = edition["steps"]
    # -raw: in the order of the content stream, so a raised mark (〔？〕) stays by its words
    text = run("pdftotext", "-raw", "-enc", "UTF-8", str(args.pdf), "-")
    data = pdf_objects(args.pdf)
    titles = [s["title"] for s in edition.get("sections", [])]

    checks: list[tuple[str, Callable[[], str]]] = [
        ("log", lambda: check_log(args.pdf)),
        ("plans", lambda: check_plans(args.pdf, edition.get("diagrams", []))),
        ("faces", lambda: check_faces(args.pdf)),
        ("coverage", lambda: check_coverage(args.pdf, steps)),
        ("embedded", lambda: check_embedded(args.pdf)),
        ("metadata", lambda: check_metadata(args.pdf, data)),
        ("bookmarks", lambda: check_bookmarks(data, titles)),
        (
            "indexes",
            (lambda: "skipped (--skip-indexes)")
            if args.skip_indexes
            else (lambda: check_indexes(text)),
        ),
        ("text", lambda: check_text(text, steps)),
        (
            "breaks",
            lambda: check_breaks(run("pdftotext", "-layout", "-enc", "UTF-8", str(args.pdf), "-")),
        ),
        ("pages", lambda: check_pages(args.pdf)),
    ]
    failed = 0
    for name, check in checks:
        try:
            print(f"ok    {name:10} {check()}")
        except Failure as exc:
            failed += 1
            print(f"FAIL  {name:10} {exc}")
    pages = re.search(r"^Pages:\s+(\d+)", run("pdfinfo", str(args.pdf)), re.M)
    print(f"{args.pdf}: {pages.group(1) if pages else '?'} pages; {failed} check(s) failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
