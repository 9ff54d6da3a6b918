"""Hold ``positions.tsv`` to its rule on bases: what a row calls ``text`` or ``注`` is quoted.

    python tools/audit/positions_basis.py [--edition _build/html/edition.json]
                                          [--witnesses ../shared/witnesses] [--list]

Why: a reviewer found rows marked ``text`` whose facing the step never states, and rows that
went against 鄭注 without saying so. The file's rule is that a ``text`` basis quotes the step's
own words and a ``注`` basis quotes 鄭注; this tool checks the quotations mechanically, so the
rule cannot drift again.

A note quotes in the forms of :mod:`tools.audit.quotations` (``「…」`` the step's own words,
``xs-0033「…」`` another step's, ``注「…」`` 鄭注 on this step or one adjacent, ``記「…」``,
``疏「…」``, ``敖「…」``, ``鄉飲酒「…」`` …), where `` … `` marks an omission and punctuation and
異體字 (``variants.tsv``) are ignored. For a ``text`` facing, the facing word (or its 鄉 form)
must stand in one of the step's own quotations; for a ``注`` facing, in one of the 注
quotations. A ``text`` place needs a quotation of the step; a ``注`` place a 注 quotation.

The 注 of each step is found by aligning the 經 of the 四部叢刊 鄭注 witness (master branch,
gaiji resolved) with the edition's steps, and likewise the 注 transmitted by 張爾岐《句讀》
(his own notes after ``○`` cut off), which also covers 叢's three untranscribed pages.
Everything that reads /work/shared is optional: without it the 注 checks are skipped.

Pure Python; imports the extension's pure ``diagram.positions`` and the collation's readers.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import replace
from difflib import SequenceMatcher
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "_ext"))
sys.path.insert(0, str(ROOT))

from ritual.core.diagram.positions import Row, load_rows  # noqa: E402

from tools.audit.quotations import (  # noqa: E402
    QUOTE_FORM,
    Folder,
    Sources,
    check_quote,
    contains,
    quotations,
)
from tools.cli import DEFAULT_EDITION, add_edition_argument, edition_from, quote_pattern  # noqa: E402
from tools.collate.witnesses import scan  # noqa: E402
from tools.xrefs import ji_steps  # noqa: E402

EDITION = DEFAULT_EDITION
WITNESSES = ROOT.parent / "shared" / "witnesses"
ZHU_FILE = "kanripo-KR1d0026-master-yili-zhengzhu-juan05-normalized.txt"
JUDOU_FILE = "kanripo-KR1d0038-WYG-zhang-erqi-zhengzhu-judou-juan05.txt"
#: The witness files a note's commentary quotations are checked in (a source the shared form
#: reads but no file here holds, as 《篇名》注, is cited unchecked: tools.audit.quotations).
COMMENTARY_FILES = {
    "張": JUDOU_FILE,
    "疏": "kanripo-KR1d0027-SBCK-yili-shu-juan11-13.txt",
    "敖": "kanripo-KR1d0035-WYG-ao-jigong-yili-jishuo-juan05.txt",
    "鄉飲酒": "kanripo-KR1d0026-master-yili-zhengzhu-juan04-normalized.txt",
}
#: Facing words and the forms that state them as explicitly (鄉 read 嚮).
FACING_FORMS = {
    "北面": ("北面", "北鄉"),
    "東面": ("東面", "東鄉"),
    "南面": ("南面", "南鄉"),
    "西面": ("西面", "西鄉"),
}


def states_facing(words: str, facing: str) -> bool:
    """True when ``words`` state ``facing`` itself (北面 is not stated by 西北面)."""
    for form in FACING_FORMS.get(facing, (facing,)):
        for m in re.finditer(re.escape(form), words):
            before = words[m.start() - 1 : m.start()]
            if len(form) == 2 and before in ("東", "西") and form[0] in "南北":
                continue
            return True
    return False


# --------------------------------------------------------------------------- 注 by step


def _main_and_notes(raw: str, fold: Folder, cut_own: bool) -> tuple[str, dict[int, str]]:
    """A 經注本 as its folded 經 and its notes keyed by the number of 經 characters before them.

    Runs of commentary split only by line or page ends are one note. ``cut_own``: keep only
    what comes before the first ``○`` (張爾岐's own notes follow it).
    """
    segs, _ = scan(raw)
    main: list[str] = []
    notes: dict[int, str] = {}
    for s in segs:
        if s.kind == "main":
            main.extend(fold(s.text))
        elif s.kind == "comm":
            at = len(main)
            notes[at] = notes.get(at, "") + s.text
    if cut_own:
        notes = {k: v.split("○")[0] for k, v in notes.items()}
    return "".join(main), {k: v for k, v in notes.items() if fold(v)}


def _align_notes(
    steps: Sequence[tuple[str, str]], main: str, notes: Mapping[int, str], fold: Folder
) -> tuple[dict[str, list[str]], dict[str, float]]:
    """Notes per step (a note belongs to the step of the 經 character before it), and the
    share of each step's characters the witness matched."""
    ed_chars: list[str] = []
    owner: list[int] = []
    for n, (_, text) in enumerate(steps):
        f = fold(text)
        ed_chars.extend(f)
        owner.extend([n] * len(f))
    ed = "".join(ed_chars)
    blocks = [b for b in SequenceMatcher(None, main, ed, autojunk=False).get_matching_blocks()]
    starts = [b.a for b in blocks]
    matched = [0] * len(steps)
    for b in blocks:
        for j in range(b.b, b.b + b.size):
            matched[owner[j]] += 1
    out: dict[str, list[str]] = {sid: [] for sid, _ in steps}
    for at, note in sorted(notes.items()):
        if at == 0:
            continue
        k = bisect_right(starts, at - 1) - 1
        while k >= 0 and blocks[k].size == 0:
            k -= 1
        if k < 0:
            continue
        b = blocks[k]
        j = b.b + min(at - 1 - b.a, b.size - 1)
        out[steps[owner[j]][0]].append(note)
    lengths = [max(1, len(fold(t))) for _, t in steps]
    share = {sid: matched[n] / lengths[n] for n, (sid, _) in enumerate(steps)}
    return out, share


def zhu_by_step(
    steps: Sequence[tuple[str, str]], witness_dir: Path = WITNESSES, fold: Folder | None = None
) -> dict[str, list[str]]:
    """鄭注 notes of every step: 叢's (normalised), then 張's for the same step.

    Both are kept because each mends the other: 叢 lacks three pages and cuts a note where a
    page is lost (xs-0315), and has slips 張 has not (xs-0371 二耦 for 三耦); 張 writes
    some characters otherwise. A quotation found in either is the 注 as transmitted.
    """
    fold = fold or Folder()
    raw = (witness_dir / ZHU_FILE).read_text(encoding="utf-8")
    notes, share = _align_notes(steps, *_main_and_notes(raw, fold, cut_own=False), fold)
    raw = (witness_dir / JUDOU_FILE).read_text(encoding="utf-8")
    zhang, _ = _align_notes(steps, *_main_and_notes(raw, fold, cut_own=True), fold)
    return {sid: (notes[sid] if share[sid] >= 0.5 else []) + zhang[sid] for sid, _ in steps}


def commentary_texts(witness_dir: Path = WITNESSES) -> dict[str, str]:
    """The whole text of the commentaries' witness files (for their quotations)."""
    return {
        k: (witness_dir / name).read_text(encoding="utf-8")
        for k, name in COMMENTARY_FILES.items()
        if (witness_dir / name).exists()
    }


# --------------------------------------------------------------------------- the checks


def check_row(row: Row, src: Sources, fold: Folder) -> list[str]:
    """Problems of one row's bases: quotations not found, a ``text``/``注`` basis without a
    quotation of its kind, a ``text``/``注`` facing its quotations do not state."""
    problems = []
    quotes = quotations(row.note, src.quote)
    for q in quotes:
        why = check_quote(q, row.step, src, fold)
        if why:
            problems.append(why)
    own = [q.words for q in quotes if q.src in ("", "經") and q.ref in ("", row.step)]
    zhu = [q.words for q in quotes if q.src == "注"]
    if row.basis == "text" and not own:
        problems.append("place basis text, but the note quotes nothing of the step")
    if row.basis == "注" and not zhu:
        problems.append("place basis 注, but the note quotes no 注")
    if row.facing_basis == "text" and not any(states_facing(w, row.facing) for w in own):
        problems.append(f"facing basis text, but no quotation of the step states {row.facing}")
    if row.facing_basis == "注" and not any(states_facing(w, row.facing) for w in zhu):
        problems.append(f"facing basis 注, but no 注 quotation states {row.facing}")
    return problems


#: The words by which the 經 (or the 注) names each place (tools/work/place-words.tsv).
PLACE_WORDS = ROOT / "tools" / "work" / "place-words.tsv"


def load_place_words(path: Path = PLACE_WORDS) -> dict[str, tuple[str, ...]]:
    """place → the words that name it in the text (its own name counts without them)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(("#", "place\t")):
            place, _, words = line.partition("\t")
            out[place] = tuple(words.split())
    return out


def place_named(
    row: Row, text: str, zhu: str, words: dict[str, tuple[str, ...]], fold: Folder
) -> str | None:
    """Why a row whose place basis is ``text`` does not have its place in the step's words
    (``text``) or its 注 (``zhu``): neither the place's name nor a word that names it
    occurs; None if one does, or if the basis is not ``text`` or the role leaves."""
    if row.basis != "text" or row.place == "-":
        return None
    names = (row.place, *words.get(row.place, ()))
    if any(contains(text, w, fold) or contains(zhu, w, fold) for w in names):
        return None
    return (
        f"place basis text, but no word of {row.place} ({' '.join(names)}) is in the step or its 注"
    )


def load_sources(edition: Path, witness_dir: Path | None) -> Sources:
    """Step texts from ``edition.json``; the 注 and commentaries if ``witness_dir`` exists."""
    data = json.loads(edition.read_text(encoding="utf-8"))
    steps = {s["id"]: s["text"] for s in data["steps"]}
    if witness_dir is None or not (witness_dir / ZHU_FILE).exists():
        return Sources(steps)
    return Sources(steps, zhu_by_step(list(steps.items()), witness_dir), commentary_texts())


def audit(
    rows: Sequence[Row],
    src: Sources,
    fold: Folder | None = None,
    words: dict[str, tuple[str, ...]] | None = None,
) -> list[str]:
    """Every problem of every row, as ``line N (step role): message``; with ``words``, also
    each ``text`` place not named in its step or the step's 注 (:func:`place_named`)."""
    fold = fold or Folder()
    out = []
    for r in rows:
        problems = check_row(r, src, fold)
        if words is not None:
            zhu = "｜".join((src.zhu or {}).get(r.step, []))
            named = place_named(r, src.steps.get(r.step, ""), zhu, words, fold)
            problems += [named] if named else []
        out += [f"line {r.line} ({r.step} {r.role}): {p}" for p in problems]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--edition-json",
        type=Path,
        default=ROOT / "_build/html/edition.json",
        help="the built edition's edition.json (the steps' texts as printed)",
    )
    add_edition_argument(parser)
    parser.add_argument("--witnesses", type=Path, default=WITNESSES)
    parser.add_argument("--list", action="store_true", help="print each step's 注 and exit")
    args = parser.parse_args(argv)
    edition = edition_from(args)
    src = load_sources(args.edition_json, args.witnesses)
    ji = ji_steps(edition)
    if ji:
        src = replace(src, first_ji=ji[0])
    src.quote = quote_pattern(QUOTE_FORM, edition)
    if args.list:
        for sid, text in src.steps.items():
            print(sid, text, "注:", " ‖ ".join((src.zhu or {}).get(sid, [])))
        return 0
    rows = load_rows(edition.path("positions"))
    problems = audit(rows, src, words=load_place_words())
    for p in problems:
        print(p)
    skipped = "" if src.zhu is not None else " (注 not checked: no witnesses)"
    print(f"{len(rows)} rows, {len(problems)} problem(s){skipped}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
