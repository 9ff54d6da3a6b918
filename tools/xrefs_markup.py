"""One-off: put the cross-reference decisions into the pages and the edition folder (issue 14).

    python -m tools.xrefs_markup [--check]

Reads the research record (``tools/work/references.tsv``, ``source/_edition/ties.tsv``) and

- wraps each formula of kind internal in ``{ref-as}`… <ids>``` and each external one in
  ``{ref-ext}`… <text>``` (the text named first in the row's note, 《…》), in the page's base
  text: the row's offsets are into the printed text (the apparatus applied), so they are mapped
  back through the step's emendations; a formula whose words carry term markup keeps it, inside
  a longer backtick fence (````{ref-as}``{action}`揖`如初 <xs-0034>``````);
- gives each step of the 記 its ``:explains:`` (the row's ids and ranges, or ``general``);
- writes ``source/_edition/references.tsv``: for every row its step, formula, kind, basis,
  quotation, page and note — the basis of each formula, and the decision on each 如 that stays
  plain text (measures, other senses). The referents themselves are the pages' (the role).

A formula whose span begins or ends inside a term's surface cannot be wrapped without cutting
the term: it is reported and left unmarked. ``--check`` changes nothing and reports what it
would do. Afterwards the pages and the edition folder are the source of truth; the research
record stays in tools/work (tests/test_xrefs_data.py keeps checking it).
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path

from tools import xrefs
from tools.cli import add_edition_argument, edition_from, pages
from tools.pages import ROLE, plain, printed_texts, step_bodies

EXTERNAL_TEXT = re.compile(r"《([^》]+)》")

HEADER = """\
# references.tsv — why each back-reference formula of 鄉射禮 means what it does (issue 14), and
#   the decision on every 如 that is not one; read by the build (_ext/ritual/components/xrefs).
# The pages mark each formula and name its referents: {ref-as}`揖讓如初 <xs-0034>`, or
#   {ref-ext}`如燕 <燕禮>` for one that points to another rite; 如 of a measure (長如笴) or in
#   another sense stays plain text and is recorded here only. The build checks that the rows
#   and the pages agree (each formula one row, in text order within its step; no row left over;
#   a plain row's words in its step's text).
# Provenance: the edition's editors (helper `xrefs`, 2026), research record
#   tools/work/references.tsv (offsets, referents and the witnesses read); written from it by
#   tools/xrefs_markup.py; quotations and pages checked against /work/shared/witnesses by
#   tests/test_xrefs_data.py.
# Columns:
#   step     the step holding the formula
#   formula  the formula as printed (the apparatus applied), as the page's role has it
#   kind     internal | external (marked in the page) | measure | other (plain text)
#   basis    注 | 疏 | 張: that commentator names the referent; 編者: the editors' reading
#   quote    the commentator's words as written in the witness (賔, 荅 …); with 編者, support
#   page     siglum and page where the quotation begins (叢 005-4b, 疏 011-5b, 張 005-6a, 敖 …)
#   note     what is repeated, and why: the editors' 按語, in Chinese (shown to readers)
"""


def base_offset(base: str, printed: str, offset: int, end: bool) -> int:
    """The offset in the base text of ``offset`` in the printed text (an emended stretch maps
    to its ends)."""
    matcher = difflib.SequenceMatcher(None, base, printed, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" and j1 <= offset <= j2:
            if end and offset == j1 and j1 > 0:
                continue  # an end at a block's start: take the previous block's end
            return i1 + (offset - j1)
        if op != "equal" and j1 <= offset <= j2:
            return i2 if (end and offset > j1) or offset == j2 else i1
    return len(base)


def segments(line: str) -> list[tuple[int, int, int, int]]:
    """(source start, source end, plain start, plain end) of each role and each character
    outside roles, in a body line."""
    out = []
    pos = 0
    text_at = 0
    for m in ROLE.finditer(line):
        for k in range(pos, m.start()):
            out.append((k, k + 1, text_at, text_at + 1))
            text_at += 1
        surface = plain(m.group(0))
        out.append((m.start(), m.end(), text_at, text_at + len(surface)))
        text_at += len(surface)
        pos = m.end()
    for k in range(pos, len(line)):
        out.append((k, k + 1, text_at, text_at + 1))
        text_at += 1
    return out


def source_span(line: str, start: int, end: int) -> tuple[int, int] | None:
    """The stretch of ``line`` whose plain text is ``[start, end)``; None if an end falls
    inside a role's surface."""
    segs = segments(line)
    a = next((s for s, _, p, q in segs if p == start and q > p), None)
    b = next((e for _, e, p, q in reversed(segs) if q == end and q > p), None)
    if a is None or b is None or a >= b:
        return None
    return a, b


def role_markup(inner: str, target: str, name: str) -> str:
    fence = "``" if "`" in inner else "`"
    return f"{{{name}}}{fence}{inner} <{target}>{fence}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    parser.add_argument(
        "--references", type=Path, default=xrefs.REFERENCES, help="the research record"
    )
    add_edition_argument(parser)
    args = parser.parse_args(argv)
    edition = edition_from(args)
    refs = xrefs.read_tsv(args.references, xrefs.REF_COLUMNS)
    ties = edition.path("ties")
    ji = {r["step"]: r for r in xrefs.read_tsv(ties, xrefs.JI_COLUMNS)} if ties.is_file() else {}
    by_step: dict[str, list[dict[str, str]]] = {}
    for row in refs:
        by_step.setdefault(row["step"], []).append(row)
    unplaced: list[str] = []
    marked = explained = 0
    for path in pages(edition):
        lines = path.read_text(encoding="utf-8").splitlines()
        bodies = step_bodies(lines)
        inserts: list[tuple[int, str]] = []  # (line index, option line) after the opener
        for sid, (first, last) in bodies.items():
            rows = [r for r in by_step.get(sid, []) if r["kind"] in ("internal", "external")]
            body = [i for i in range(first, last) if lines[i].strip()]
            if rows and len(body) != 1:
                unplaced += [f"{sid} {r['formula']}: body of {len(body)} lines" for r in rows]
                rows = []
            if rows:
                i = body[0]
                line = lines[i]
                lead = len(line) - len(line.lstrip())
                src = line.strip()
                base_text = plain(src)
                printed = printed_texts(
                    {sid: base_text}, edition.path("apparatus"), edition.path("orthography")
                )[sid]
                for row in sorted(rows, key=lambda r: -int(r["start"])):
                    start, end = int(row["start"]), int(row["end"])
                    assert printed[start:end] == row["formula"], (sid, row["formula"])
                    a = base_offset(base_text, printed, start, end=False)
                    b = base_offset(base_text, printed, end, end=True)
                    span = source_span(src, a, b)
                    if span is None:
                        unplaced.append(f"{sid} {row['formula']}: an end inside a term")
                        continue
                    s, e = span
                    if row["kind"] == "internal":
                        target, role = row["steps"], "ref-as"
                    else:
                        found = EXTERNAL_TEXT.search(row["note"])
                        if not found:
                            unplaced.append(f"{sid} {row['formula']}: no 《text》 in the note")
                            continue
                        target, role = found.group(1), "ref-ext"
                    src = src[:s] + role_markup(src[s:e], target, role) + src[e:]
                    marked += 1
                lines[i] = " " * lead + src
            if sid in ji and not any(
                lines[k].startswith(":explains:") for k in range(first - 3, first)
            ):
                inserts.append((first, f":explains: {ji[sid]['explains']}"))
                explained += 1
        for at, option in sorted(inserts, reverse=True):
            opener = max(k for k in range(at) if lines[k].startswith("::::{xs:step}"))
            lines.insert(opener + 1, option)
        if not args.check:
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if not args.check:
        out = [HEADER, "\t".join(("step", "formula", "kind", "basis", "quote", "page", "note"))]
        for r in refs:
            out.append(
                "\t".join(
                    (
                        r["step"],
                        r["formula"],
                        r["kind"],
                        r["basis"],
                        r["quote"],
                        r["page"],
                        r["note"],
                    )
                )
            )
        edition.path("references").write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"formulas marked {marked}, 記 steps given :explains: {explained}")
    for problem in unplaced:
        print(f"  not placed: {problem}")
    return 1 if unplaced else 0


if __name__ == "__main__":
    sys.exit(main())
