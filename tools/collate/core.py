"""Collate the base 原文 with each witness's 經, character by character, with CollateX.

Why chunks: CollateX aligns one token per character well but a whole juan (≈6,800 characters
× 7 witnesses) at once is slow and memory-hungry.  ``difflib.SequenceMatcher`` is used ONLY as
a pre-chunker: it maps each base line (seed line) to the stretch of the witness it
corresponds to; CollateX then aligns that stretch with the line.  The alignments are merged
into variation units over the base, one unit per run of positions where some witness
differs (after folding the orthographic pairs of ``variants.tsv``).

The output is deterministic (sorted keys, units in base order), so a re-run on the same
witnesses gives byte-identical JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

from collatex import Collation, collate

from tools.cli import DEFAULT_EDITION, Edition, open_edition

from .witnesses import SKIPPED, SOURCES, Token, Witness, is_text_char, read_all

ROOT = Path(__file__).resolve().parents[2]
#: The edition's data (the folding table, the registry) and the tools' own work files.
DATA = DEFAULT_EDITION
WORK = ROOT / "tools" / "work"
#: A witness-only stretch at least this long is material of the witness (commentary,
#: headings, the author's prose), reported under "additions", not a variant.
LONG_ADDITION = 10
#: A base stretch at least this long that a witness does not have at all is reported under
#: "omissions" (楊 leaves out whole sections "as in 鄉飲酒禮"), not as a variant.
LONG_OMISSION = 10
#: A lacuna swallows any non-matching stretch of the base at least this long.
LACUNA_MIN = 10
#: 叢新 is the same print as 叢 (Kanripo's normalised transcription): collated only to
#: check 叢's transcription and gaiji, never counted as a separate witness.
AUXILIARY = {"叢新"}


@dataclass(frozen=True)
class BaseChar:
    """A character of the base 原文 and where it stands in the seed (1-based)."""

    char: str
    line: int
    column: int


def read_base(seed: Path) -> list[BaseChar]:
    """The 原文 part of the seed, punctuation removed, each character with line/column."""
    lines = seed.read_text(encoding="utf-8").splitlines()
    start = lines.index("【原文】") + 1
    end = lines.index("【譯文】")
    out = []
    for n in range(start, end):
        for col, c in enumerate(lines[n], start=1):
            if is_text_char(c):
                out.append(BaseChar(c, n + 1, col))
    return out


def load_variants(path: Path = DATA / "variants.tsv", record: str = "") -> dict[str, str]:
    """Folding table variant → standard (comment lines and the header row skipped); only the
    pairs whose ``record`` column is ``record``, if given (``count``: the shapes of one
    character that the apparatus writes in the standard form)."""
    table: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("variant\t"):
            continue
        cells = line.split("\t")
        if record and (len(cells) < 3 or cells[2] != record):
            continue
        table[cells[0]] = cells[1]
    return table


#: A moved clause placed with a lower ratio is tried as two (or more) clauses: 楊 sometimes
#: prints two 記 clauses as one (「凡挾矢…橫之」 and 「司射之弓矢與朴…」, which the base has
#: twelve lines apart), or in another order (「東方謂之右个」 before 「獲者之俎…」).
SPLIT_BELOW = 0.95
#: The shortest piece a clause is split into.
MIN_PIECE = 4


def place_moved(base: list[BaseChar], wit: Witness, fold) -> list[Token]:
    """Put moved 記 clauses (楊) back in base order; return the witness's full 經 stream.

    Each clause is placed where its longest folded match in the base lies (within the 記,
    i.e. after the base's 記 heading); a clause that matches nowhere well is split where its
    pieces match best (:data:`SPLIT_BELOW`).  Clauses are appended after the main stream in
    that order, which is the base's order.
    """
    if not wit.moved:
        return list(wit.tokens)
    bfold = "".join(fold(b.char) for b in base)
    ji = next(i for i, b in enumerate(base) if b.char == "記" and _line_is(base, i, "記"))
    heads = {p for p in range(1, len(base)) if base[p].line != base[p - 1].line}
    placed = []
    for clause in wit.moved:
        cf = "".join(fold(t.text) if len(t.text) == 1 else "〓" for t in clause)
        for start, lo, hi in _pieces(bfold, ji, heads, cf, 0, len(cf)):
            placed.append((start, len(placed), clause[lo:hi]))
    placed.sort(key=lambda x: (x[0], x[1]))
    out = list(wit.tokens)
    for _, _, clause in placed:
        out.extend(clause)
    return out


def _best_place(bfold: str, ji: int, cf: str) -> tuple[float, int]:
    """(ratio, start) of the best match of the folded clause ``cf`` in the base's 記."""
    best = (-1.0, 0)
    for start in range(ji, len(bfold) - 1):
        if bfold[start] != cf[0] and bfold[start + 1 : start + 3] != cf[1:3]:
            continue
        window = bfold[start : start + len(cf)]
        ratio = SequenceMatcher(None, window, cf, autojunk=False).ratio()
        if ratio > best[0]:
            best = (ratio, start)
    return best


def _pieces(
    bfold: str, ji: int, heads: set[int], cf: str, lo: int, hi: int
) -> list[tuple[int, int, int]]:
    """(start in base, lo, hi) for clause characters cf[lo:hi], split where that fits better.

    On a tie the cut whose second piece starts a base line wins (a 記 clause is a line of the
    base): 「…橫之|司射之弓矢…」, not 「…橫|之司射之弓矢…」.
    """
    ratio, start = _best_place(bfold, ji, cf[lo:hi])
    if ratio >= SPLIT_BELOW or hi - lo < 2 * MIN_PIECE:
        return [(start, lo, hi)]
    best: tuple[float, int] | None = None
    for k in range(lo + MIN_PIECE, hi - MIN_PIECE + 1):
        r1, _ = _best_place(bfold, ji, cf[lo:k])
        r2, s2 = _best_place(bfold, ji, cf[k:hi])
        score = ((k - lo) * r1 + (hi - k) * r2) / (hi - lo) + (0.01 if s2 in heads else 0.0)
        if best is None or score > best[0]:
            best = (score, k)
    assert best is not None
    k = best[1]
    pieces = _pieces(bfold, ji, heads, cf, lo, k) + _pieces(bfold, ji, heads, cf, k, hi)
    score = sum((b - a) * _best_place(bfold, ji, cf[a:b])[0] for _, a, b in pieces) / (hi - lo)
    if score >= SPLIT_BELOW and score > ratio + 0.05:
        return pieces
    return [(start, lo, hi)]


def _line_is(base: list[BaseChar], i: int, text: str) -> bool:
    line = base[i].line
    return "".join(b.char for b in base if b.line == line) == text


def _wpos(opcodes, i: int, wlen: int) -> int:
    """Witness index corresponding to base index ``i`` (interpolated inside replacements)."""
    for tag, i1, i2, j1, j2 in opcodes:
        if i1 <= i < i2:
            if tag == "equal":
                return j1 + (i - i1)
            return j1 + ((i - i1) * (j2 - j1)) // (i2 - i1)
    return wlen


def align(base: list[BaseChar], toks: list[Token], wit: Witness, fold):
    """Align one witness with the base.

    Returns (aligned, ins, lac): ``aligned[p]`` is the index of the witness token standing
    for base position p (or None), ``ins[p]`` the witness token indexes inserted before p
    (p = len(base) for the end), ``lac[p]`` True where the witness has an untranscribed page.
    """
    bfold = [fold(b.char) for b in base]
    wfold = [fold(t.text) for t in toks]
    sm = SequenceMatcher(None, bfold, wfold, autojunk=False)
    ops = sm.get_opcodes()
    n = len(base)
    lac = [False] * n
    for lacuna in wit.lacunae:
        for tag, i1, i2, j1, j2 in ops:
            if tag != "equal" and j1 <= lacuna.index <= j2 and i2 - i1 >= LACUNA_MIN:
                for p in range(i1, i2):
                    lac[p] = True
    aligned: list[int | None] = [None] * n
    ins: list[list[int]] = [[] for _ in range(n + 1)]
    absent = [False] * n
    # chunk boundaries: start of every seed line
    starts = [0] + [p for p in range(1, n) if base[p].line != base[p - 1].line] + [n]
    wbounds = [_wpos(ops, s, len(toks)) if s < n else len(toks) for s in starts]
    for k in range(len(starts) - 1):
        a, b = starts[k], starts[k + 1]
        ja, jb = wbounds[k], max(wbounds[k], wbounds[k + 1])
        _collate_chunk(base, toks, bfold, wfold, a, b, ja, jb, aligned, ins)
    p = 0
    while p < n:
        q = p
        while q < n and aligned[q] is None and not lac[q]:
            q += 1
        if q - p >= LONG_OMISSION:
            for r in range(p, q):
                absent[r] = True
        p = q + 1 if q == p else q
    return aligned, ins, lac, absent


def _collate_chunk(base, toks, bfold, wfold, a, b, ja, jb, aligned, ins) -> None:
    """CollateX on base[a:b] × witness[ja:jb]; fill ``aligned`` and ``ins`` in place."""
    if ja == jb:
        return
    data = {
        "witnesses": [
            {"id": "base", "tokens": [{"t": base[p].char, "n": bfold[p]} for p in range(a, b)]},
            {"id": "wit", "tokens": [{"t": toks[j].text, "n": wfold[j]} for j in range(ja, jb)]},
        ]
    }
    table = json.loads(
        collate(Collation.create_from_dict(data), output="json", segmentation=False)
    )["table"]
    p, j = a, ja
    for bcell, wcell in zip(table[0], table[1], strict=True):
        if bcell and wcell:
            aligned[p] = j
            p += 1
            j += 1
        elif bcell:
            p += 1
        elif wcell:
            ins[p].append(j)
            j += 1


def collate_all(base: list[BaseChar], witnesses: list[Witness], fold) -> dict:
    """Collate every witness and build the JSON-ready result."""
    n = len(base)
    per: dict[str, tuple] = {}
    streams: dict[str, list[Token]] = {}
    for w in witnesses:
        toks = place_moved(base, w, fold)
        streams[w.siglum] = toks
        per[w.siglum] = align(base, toks, w, fold)
    sigla = [w.siglum for w in witnesses]
    additions = []
    omissions = []
    # flags per slot: slot 2p = gap before base p, slot 2p+1 = base char p
    flagged = [False] * (2 * n + 1)
    long_ins: dict[tuple[str, int], bool] = {}
    for s in sigla:
        aligned, ins, lac, absent = per[s]
        toks = streams[s]
        p = 0
        while p < n:
            if absent[p]:
                q = p
                while q < n and absent[q]:
                    q += 1
                omissions.append(
                    {
                        "witness": s,
                        "seed_line": base[p].line,
                        "column": base[p].column,
                        "to_seed_line": base[q - 1].line,
                        "length": q - p,
                    }
                )
                p = q
            else:
                p += 1
        for p in range(n + 1):
            if ins[p]:
                if len(ins[p]) >= LONG_ADDITION:
                    long_ins[(s, p)] = True
                    bc = base[min(p, n - 1)]
                    additions.append(
                        {
                            "witness": s,
                            "seed_line": bc.line,
                            "column": bc.column,
                            "page": toks[ins[p][0]].page,
                            "length": len(ins[p]),
                        }
                    )
                else:
                    flagged[2 * p] = True
            if p < n and not lac[p] and not absent[p]:
                j = aligned[p]
                if j is None or fold(toks[j].text) != fold(base[p].char):
                    flagged[2 * p + 1] = True
    units = []
    slot = 0
    while slot < len(flagged):
        if not flagged[slot]:
            slot += 1
            continue
        end = slot
        while True:
            if end + 1 < len(flagged) and flagged[end + 1]:
                end += 1
            elif end % 2 == 1 and end + 2 < len(flagged) and flagged[end + 2]:
                end += 2  # two differing characters with nothing inserted between
            else:
                break
        units.append(_unit(base, per, streams, sigla, slot, end, long_ins, fold))
        slot = end + 1
    folded = {}
    for s in sigla:
        counts: dict[str, int] = {}
        for t in streams[s]:
            if fold(t.text) != t.text:
                counts[t.text] = counts.get(t.text, 0) + 1
        folded[s] = counts
    return {
        "about": {
            "generator": "python -m tools.collate",
            "aligner": "collatex (one token per character) per seed line; difflib as pre-chunker",
            "auxiliary": sorted(AUXILIARY),
            "long_addition": LONG_ADDITION,
        },
        "skipped": SKIPPED,
        "witnesses": {
            w.siglum: {
                "file": next(src.filename for src in SOURCES if src.siglum == w.siglum),
                "tokens": len(streams[w.siglum]),
                "moved_clauses": len(w.moved),
                "lacunae": [{"after_page": la.page, "note": la.note} for la in w.lacunae],
                "gaiji": [{"ref": g, "page": pg} for g, pg in w.gaiji],
                "reports": w.reports,
                "folded": folded[w.siglum],
            }
            for w in witnesses
        },
        "additions": additions,
        "omissions": omissions,
        "units": units,
    }


def _unit(base, per, streams, sigla, s0, s1, long_ins, fold) -> dict:
    """One variation unit over slots s0..s1 (inclusive)."""
    first_char = s0 // 2
    chars = [p for p in range(s0 // 2, (s1 + 1) // 2) if s0 <= 2 * p + 1 <= s1]
    btext = "".join(base[p].char for p in chars)
    anchor = base[min(first_char, len(base) - 1)]
    readings: dict[str, str | None] = {}
    pages: dict[str, str] = {}
    for s in sigla:
        aligned, _ins, lac, absent = per[s]
        toks = streams[s]
        if chars and all(lac[p] or absent[p] for p in chars):
            readings[s] = None
            continue
        idx: list[int] = []
        for slot in range(s0, s1 + 1):
            p = slot // 2
            if slot % 2 == 0:
                if not long_ins.get((s, p)):
                    idx.extend(per[s][1][p])
            elif aligned[p] is not None:
                idx.append(aligned[p])
        readings[s] = "".join(toks[j].text for j in idx)
        if idx:
            pages[s] = toks[idx[0]].page
        else:  # omission: page of the nearest preceding aligned token
            q = first_char - 1
            while q >= 0 and aligned[q] is None:
                q -= 1
            pages[s] = toks[aligned[q]].page if q >= 0 else ""
    groups: dict[str, list[str]] = {}
    for s in sigla:
        if readings[s] is not None:
            groups.setdefault(readings[s], []).append(s)
    differs = sorted(
        s
        for s in sigla
        if readings[s] is not None
        and "".join(fold(c) for c in readings[s]) != "".join(fold(c) for c in btext)
    )
    return {
        "seed_line": anchor.line,
        "column": anchor.column,
        "position": "at" if chars else "before",
        "base": btext,
        "readings": [{"text": t, "witnesses": w} for t, w in groups.items()],
        "absent": sorted(s for s in sigla if readings[s] is None),
        "pages": pages,
        "differ": differs,
        "gaiji": any("&" in (readings[s] or "") for s in sigla),
    }


def _shown(path: Path) -> str:
    """A path as collation.json records it: from the repository when it lies in it."""
    path = path.resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def run(
    witness_dir: Path,
    seed: Path | None = None,
    out: Path | None = None,
    edition: Edition | None = None,
) -> dict:
    """Read, collate and write collation.json; return the result.

    ``edition`` (default: this project's) gives the folding table (its ``variants.tsv``; an
    edition without one folds nothing) and the seed's name (``seed/<edition id>.txt``)."""
    edition = edition or open_edition()
    seed = seed or witness_dir.parent / "seed" / f"{edition.id}.txt"
    base = read_base(seed)
    variants = edition.path("variants")
    table = load_variants(variants) if variants.is_file() else {}

    def fold(c: str) -> str:
        return table.get(c, c)

    result = collate_all(base, read_all(witness_dir), fold)
    result["about"]["base"] = (
        f"seed/{edition.id}.txt (原文, punctuation removed); seed_line/column are 1-based"
    )
    result["about"]["folding"] = _shown(variants) if table else ""
    out = out or WORK / "collation.json"
    out.write_text(
        json.dumps(result, ensure_ascii=False, sort_keys=True, indent=1) + "\n",
        encoding="utf-8",
    )
    return result
