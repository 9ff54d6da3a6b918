"""Record the edition's silent normalisations from the witnesses.

    python -m tools.orthography [--witnesses ../shared/witnesses] [--check]

Why: the edition prints the base text's standard forms (於, 個, 旃 …); the witnesses often
write others (于, 个, 旜 …).  The policy is only honest if it is declared with the facts, so
this tool reads the witnesses with the collation's readers, aligns them with the base with the
collation's aligner, finds the edition's printed text (the step bodies of ``source/rite/*.md``
with the apparatus applied, in the order of the step registry) at each aligned place, and writes

- ``source/_edition/orthography.tsv``: every place where the edition prints the standard
  form of a pair marked ``place`` in variants.tsv, with the form each witness writes there;
- the ``witnesses`` column of ``source/_edition/variants.tsv``: for every folded pair,
  how many of the places where the edition prints the standard form each witness writes the
  variant at (「叢155 庫156 張160 李181 敖156 楊136 /181」); the other columns are the
  editors' and are kept as they are.

``--check`` writes nothing and exits 1 if either file is not what the witnesses give.
"""

from __future__ import annotations

import argparse
import sys
from difflib import SequenceMatcher
from pathlib import Path

from ritual.core import orthography as ortho  # the engine, on the path tools.cli puts it on
from ritual.core.datafile import read_tsv

from tools.audit.witness_readings import align_witness
from tools.cli import ROOT, Edition, add_edition_argument, edition_from, open_edition
from tools.collate.core import load_variants, read_base
from tools.collate.witnesses import is_text_char, read_all, witness_problem
from tools.pages import edited_texts, edition_texts, printed_texts

WITNESSES = ("叢", "庫", "張", "李", "敖", "楊")
LACKING, NOTHING = "-", "∅"
GAIJI_HELPER = {"叢": "叢新"}
HEADER = """# Per-place record of the edition's silent normalisations of 鄉射禮 (issue 12).
#
# Provenance: made by `python -m tools.orthography` from the Kanseki Repository witnesses (see
#   sigla.tsv), read by the collation's readers (tools/collate/witnesses.py: 經 only; 楊's 記
#   clauses put back; 叢's gaiji resolved through 叢新) and aligned with the base by the
#   collation's aligner, and from the edition's printed text (the step bodies of
#   source/rite/*.md, the apparatus applied).  Do not edit by hand: re-run the tool.
# Meaning: the base text writes standard forms (於, 個, 旃 …).  For each pair that variants.tsv
#   records place by place (`place`, `converted`), every place where the base text (the
#   apparatus applied) writes the standard form is a row, with the form the edition prints
#   there and the form each witness writes, so that the base's and each witness's form can be
#   recovered from the edition and this table.  The edition prints the base's form, except for
#   the pairs of the base's conversion from simplified characters (`converted`: 於 for 于, 個
#   for 个): where no witness that has the passage writes the base's form, it prints the
#   witnesses' (ritual.core.orthography.printed_form); the build applies this column to the page's
#   text.  Rows where every witness agrees with the edition are kept, so that the counts of the
#   凡例 can be taken from this file alone.
# Columns: step (id), offset (code point of the character in the step's edited, punctuated
#   text), context (the step's text as printed around it, the character in [ ]), base (the
#   base text's form), edition (the form the edition prints), then one column per witness: the
#   form it writes there; "-" where the witness lacks the passage (叢's untranscribed pages,
#   楊's omitted sections); "∅" where it has the passage but no character at this place (a
#   variant recorded in the apparatus).
"""


def edition_steps(edition: Edition | None = None):
    """(step id, edited text) of every step of ``edition`` (default: the project's), in the
    order of the base text (the registry's seed lines)."""
    edition = edition or open_edition()
    first_line: dict[str, int] = {}
    for row in edition.path("registry").read_text(encoding="utf-8").splitlines():
        cells = row.split("\t")
        if not row.startswith("#") and len(cells) >= 4 and cells[3] == "live":
            first_line[cells[0]] = min(int(n) for n in cells[1].split(","))
    texts = edited_texts(edition_texts(edition), edition.path("apparatus"))
    return [(s, texts[s]) for s in sorted(texts, key=lambda s: first_line.get(s, 10**6))]


def printed_steps(edition: Edition | None = None):
    """(step id, text as the edition prints it) of every step, in the order of the base text:
    :func:`edition_steps` with the record's forms printed (于 for the base's 於), as the build
    prints them."""
    edition = edition or open_edition()
    order = [s for s, _ in edition_steps(edition)]
    texts = printed_texts(
        edition_texts(edition), edition.path("apparatus"), edition.path("orthography")
    )
    return [(s, texts[s]) for s in order]


def edition_map(steps, base) -> dict[int, tuple[str, int, str]]:
    """Base index → (step, offset, character) of the edition's character standing for it.

    The edition's text characters are aligned with the base's; characters of equal blocks and
    of equal-length replacements (an emended character: 梲 → 挩) are mapped.
    """
    ed = [(s, k, c) for s, text in steps for k, c in enumerate(text) if is_text_char(c)]
    sm = SequenceMatcher(None, [c for *_, c in ed], [b.char for b in base], autojunk=False)
    out = {}
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                out[j1 + k] = ed[i1 + k]
    return out


def form_at(p: int, a) -> str:
    """The form a witness writes at base index ``p``, LACKING or NOTHING."""
    if a.lac[p] or a.absent[p]:
        return LACKING
    j = a.aligned[p]
    return NOTHING if j is None else a.tokens[j].text


def collect(witness_dir: Path, seed: Path, edition: Edition | None = None):
    """(places, pair counts): the per-place rows and, per (variant, standard), the counts."""
    edition = edition or open_edition()
    table = load_variants(edition.path("variants"))

    def fold(c: str) -> str:
        return table.get(c, c)

    base = read_base(seed)
    aligned = {w.siglum: align_witness(base, w, fold) for w in read_all(witness_dir)}
    steps = edition_steps(edition)
    text_of = dict(steps)
    emap = edition_map(steps, base)
    forms: dict[int, dict[str, str]] = {}
    for p in emap:
        row = {}
        for s in WITNESSES:
            form = form_at(p, aligned[s])
            helper = GAIJI_HELPER.get(s)
            if form.startswith("&") and helper in aligned:
                form = form_at(p, aligned[helper])
            row[s] = form
        forms[p] = row
    return base, emap, forms, text_of


def render(variants_path: Path, emap, forms, text_of) -> tuple[str, str]:
    """The new orthography.tsv and variants.tsv texts."""
    lines = variants_path.read_text(encoding="utf-8").splitlines()
    pairs = ortho.pairs_from(read_tsv(variants_path, ortho.VARIANTS_FORM))
    place_std = set(ortho.recorded(pairs))
    converted = ortho.converted(pairs)
    places = [
        ortho.Place(step, k, "", c, ortho.printed_form(c, forms[p], converted), forms[p])
        for p, (step, k, c) in sorted(emap.items())
        if c in place_std
    ]
    by_step: dict[str, list[ortho.Place]] = {}
    for place in places:
        by_step.setdefault(place.step, []).append(place)
    printed = {step: ortho.apply(text_of[step], at) for step, at in by_step.items()}
    rows = [HEADER + "step\toffset\tcontext\tbase\tedition\t" + "\t".join(WITNESSES)]
    for place in places:
        text, k = printed[place.step], place.offset
        context = text[max(0, k - 3) : k] + "[" + text[k] + "]" + text[k + 1 : k + 4]
        rows.append(
            "\t".join(
                [place.step, str(k), context, place.base, place.edition]
                + [place.forms[s] for s in WITNESSES]
            )
        )
    by_std: dict[str, list[int]] = {}
    for p, (_, _, c) in emap.items():
        by_std.setdefault(c, []).append(p)
    out = []
    for ln in lines:
        cells = ln.split("\t")
        if not ln or ln.startswith(("#", "variant\t")) or len(cells) < 4:
            out.append(ln)
            continue
        variant, standard = cells[0], cells[1]
        at = by_std.get(standard, [])
        said = " ".join(f"{s}{sum(forms[p][s] == variant for p in at)}" for s in WITNESSES)
        cells[3] = f"{said} /{len(at)}"
        out.append("\t".join(cells))
    return "\n".join(rows) + "\n", "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) orthography.tsv and the counts of variants.tsv."""
    ap = argparse.ArgumentParser(prog="python -m tools.orthography", description=__doc__)
    ap.add_argument("--witnesses", type=Path, default=ROOT.parent / "shared" / "witnesses")
    ap.add_argument("--seed", type=Path, default=None)
    ap.add_argument("--check", action="store_true")
    add_edition_argument(ap)
    args = ap.parse_args(argv)
    edition = edition_from(args)
    problem = witness_problem(args.witnesses)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    seed = args.seed or args.witnesses.parent / "seed" / f"{edition.id}.txt"
    _, emap, forms, text_of = collect(args.witnesses, seed, edition)
    variants, record = edition.path("variants"), edition.path("orthography")
    new_record, new_variants = render(variants, emap, forms, text_of)
    stale = [
        path.name
        for path, new in ((record, new_record), (variants, new_variants))
        if not path.exists() or path.read_text(encoding="utf-8") != new
    ]
    if args.check:
        for name in stale:
            print(f"{name} is not what the witnesses give: run python -m tools.orthography")
        return 1 if stale else 0
    record.write_text(new_record, encoding="utf-8")
    variants.write_text(new_variants, encoding="utf-8")
    print(f"{new_record.count(chr(10)) - HEADER.count(chr(10)) - 1} places -> {record}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
