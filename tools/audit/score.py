"""Score the edition's vessel/action markup against the hand-made gold sample.

    python tools/audit/score.py [--edition _build/html/edition.json]
                                [--gold tools/audit/gold-sample.tsv]
                                [--diff] [--types vessel,action]

Precision/recall/F1 per type on the sampled steps, two ways:
  exact  — same step, type, start, end and headword;
  span   — same step, type, start and end (headword ignored).
Negation agreement (the ``negated`` flag) is reported for exact matches.
``--diff`` lists every disagreement (missing = in gold only, spurious = in edition only).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_gold(path: Path) -> tuple[list[str], set[tuple]]:
    sample: list[str] = []
    gold: set[tuple] = set()
    header = True
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# sample:"):
            sample = line.split(":", 1)[1].split()
            continue
        if not line.strip() or line.startswith("#"):
            continue
        if header:
            header = False
            continue
        step, kind, start, end, term, _surface, negated = (line.split("\t") + [""] * 7)[:7]
        gold.add((step, kind, int(start), int(end), term, negated == "1"))
    return sample, gold


def load_edition(path: Path, sample: list[str], types: set[str]) -> tuple[set[tuple], dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    steps = {s["id"]: s for s in data["steps"]}
    out: set[tuple] = set()
    for sid in sample:
        for a in steps[sid]["annotations"]:
            if a["type"] in types:
                out.add((sid, a["type"], a["start"], a["end"], a["term"], bool(a.get("negated"))))
    return out, steps


def prf(gold: set, pred: set) -> tuple[float, float, float, int, int, int]:
    tp = len(gold & pred)
    p = tp / len(pred) if pred else 1.0
    r = tp / len(gold) if gold else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f, tp, len(pred), len(gold)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", type=Path, default=ROOT / "_build/html/edition.json")
    ap.add_argument("--gold", type=Path, default=ROOT / "tools/audit/gold-sample.tsv")
    ap.add_argument("--types", default="vessel,action")
    ap.add_argument("--diff", action="store_true")
    args = ap.parse_args(argv)
    types = set(args.types.split(","))

    sample, gold = load_gold(args.gold)
    gold = {g for g in gold if g[1] in types}
    pred, steps = load_edition(args.edition, sample, types)
    print(f"sample: {len(sample)} steps; gold items: {len(gold)}; edition items: {len(pred)}")
    print(f"{'type':8} {'match':6} {'P':>6} {'R':>6} {'F1':>6}  tp/pred/gold")
    for kind in sorted(types, reverse=True):
        g = {x for x in gold if x[1] == kind}
        e = {x for x in pred if x[1] == kind}
        for label, key in (("exact", lambda x: x[:5]), ("span", lambda x: x[:4])):
            p, r, f, tp, np_, ng = prf({key(x) for x in g}, {key(x) for x in e})
            print(f"{kind:8} {label:6} {p:6.3f} {r:6.3f} {f:6.3f}  {tp}/{np_}/{ng}")
        both = {x[:5] for x in g} & {x[:5] for x in e}
        gneg = {x[:5]: x[5] for x in g}
        eneg = {x[:5]: x[5] for x in e}
        agree = sum(gneg[k] == eneg[k] for k in both)
        print(f"{kind:8} negation agreement on exact matches: {agree}/{len(both)}")
    if args.diff:
        gk = {x[:5]: x for x in gold}
        ek = {x[:5]: x for x in pred}
        for k in sorted(set(gk) ^ set(ek) | {k for k in set(gk) & set(ek) if gk[k][5] != ek[k][5]}):
            text = steps[k[0]]["text"]
            before, after = text[max(0, k[2] - 6) : k[2]], text[k[3] : k[3] + 6]
            ctx = before + "[" + text[k[2] : k[3]] + "]" + after
            if k in gk and k in ek:
                tag = f"NEGATION gold={gk[k][5]} ed={ek[k][5]}"
            else:
                tag = "MISSING " if k in gk else "SPURIOUS"
            print(f"{tag} {k[0]} {k[1]:6} {k[4]:4} {ctx}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
