"""Draft apparatus.toml entries from collation.json and the editors' decision table.

Why: every difference the collation reports was reviewed by hand; the verdicts are the
``EMEND`` and ``SKIP`` tables below (keyed by seed line and column).  Everything else that
the collation reports, apart from gaiji, is a genuine variant and is RETAINED.  This module
turns those verdicts into entries with unique contexts, so the data file is reproducible.
Run ``python -m tools.collate.draft [SEED]``; it prints TOML to stdout (the editors then
keep the reviewed file in source/_edition/apparatus.toml).

Historical since issue 12: the apparatus was then revised by hand (false entries withdrawn,
witnesses and pages corrected, slips, notes reduced to the editors' reasoning), so this draft
no longer reproduces it; what checks the file now is ``python -m tools.audit.witness_readings``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from tools.cli import add_edition_argument, edition_from

from .core import ROOT, WORK, load_variants

# (line, column of the first base char or of the insertion point) -> (lemma, kind, note)
EMEND: dict[tuple[int, int], tuple[str, str, str]] = {
    (20, 2): ("繫", "conversion", "系為「繫」之簡體，繁簡轉換誤；諸本皆作繫。"),
    (196, 19): ("繫", "conversion", "系為「繫」之簡體，繁簡轉換誤；諸本皆作繫。"),
    (52, 42): ("挩", "typo", "梲（梁上短柱）形近而誤；挩手，拭手也。叢敖作挩，庫張李作捝，從叢。"),
    (52, 64): ("奠", "typo", "尊、奠形近而誤；諸本皆作奠爵。"),
    (168, 7): ("奠", "typo", "尊、奠形近而誤；諸本皆作奠。"),
    (95, 24): ("眾", "typo", "「獻從賓」不辭；諸本皆作衆賓（从、众形近）。"),
    (200, 13): ("階", "typo", "「降自西降」涉上而誤；諸本皆作西階。"),
    (207, 35): ("堂", "typo", "常、堂形近而誤；諸本皆作升堂。"),
    (235, 27): ("卒", "typo", "座、卒音近而誤；諸本皆作卒。"),
    (326, 22): ("觶", "typo", "斛、觶形近而誤；諸本皆作卒觶。"),
    (294, 2): ("賓", "typo", "家、賓形近而誤；諸本皆作賓。"),
    (381, 1): ("乃", "typo", "及、乃形近而誤；諸本皆作乃奏。"),
    (420, 1): ("舉", "typo", "興、舉形近而誤；諸本皆作舉觶者。"),
    (499, 8): ("舉", "typo", "興、舉形近而誤；諸本皆作將舉者。"),
    (502, 8): ("如", "typo", "和、如形近而誤；諸本皆作如賓禮。"),
    (558, 12): ("侯", "typo", "底本脫侯字；諸本皆作以為侯中。"),
    (489, 8): ("膱", "typo", "胑（肢）誤；脯膱字當作膱，諸本皆同。"),
    (489, 12): ("膱", "typo", "胑（肢）誤；脯膱字當作膱，諸本皆同。"),
    (491, 1): ("膱", "typo", "胑（肢）誤；脯膱字當作膱，諸本皆同。"),
    (296, 11): ("餘", "conversion", "余為「餘」之簡體，繁簡轉換誤；諸本皆作餘。"),
    (298, 9): ("餘", "conversion", "余為「餘」之簡體，繁簡轉換誤；諸本皆作餘。"),
    (384, 5): ("餘", "conversion", "余為「餘」之簡體，繁簡轉換誤；諸本皆作餘。"),
    (524, 1): ("杠", "conversion", "槓由簡體「杠」誤轉；杠，旌竿也，諸本皆作杠。"),
    (475, 1): ("徵", "conversion", "征為「徵」之簡體，繁簡轉換誤；諸本作徵（或作徴，同字）。"),
}
PU = "撲由簡體「扑」誤轉（扑、撲簡體同形）；扑，教刑之朴，諸本皆作扑。"
HOU = "後由「后」轉換而來；諸本作后（古書「而后」多作后），從諸本。"
#: Units reviewed and given no entry: 楊's rearrangement of the text (記 clauses moved,
#: sections left out, his glosses and headings), the 記 heading; gaiji-only units too.
SKIP: dict[tuple[int, int], str] = {
    (286, 1): "楊: own wording before the 大夫 shooting (楊's arrangement)",
    (307, 24): "楊: a sound gloss printed full-size (從子容反), commentary",
    (478, 1): "記 heading of the seed; 楊 distributes the 記 (not a text variant)",
    (488, 1): "楊 leaves this 記 clause out (arrangement, not a variant)",
    (529, 1): "楊 leaves this 記 clause out (arrangement, not a variant)",
    (536, 1): "楊 prints 士鹿中翿旌以獲 (line 573) before this clause (arrangement)",
    (545, 1): "楊 prints 東方謂之右个 (line 545) as a clause of its own (arrangement)",
}
#: Units re-cut by hand: (line, column) -> (column0 in the seed line, base, decision, kind,
#: readings, note).  The collation merged them with 楊's rearrangement or split one reading.
MANUAL: dict[tuple[int, int], tuple] = {
    (44, 10): None,
    (44, 11): (
        9,
        "席之",
        "retain",
        "variant",
        [("席之", ["底", "叢", "張", "敖"]), ("之席", ["庫", "李"])],
        "庫李作「實之賓之席前」；從底本與叢張敖。",
    ),
    (545, 13): (
        12,
        "臑",
        "retain",
        "variant",
        [("臑", ["底", "庫", "張", "李", "楊"]), ("", ["敖"])],
        "敖繼公據大射注刪臑（見其《集說》正誤）；從底本與諸本。",
    ),
    (539, 8): (
        7,
        "薰",
        "retain",
        "variant",
        [("薰", ["底", "叢", "李", "敖", "楊"]), ("纁", ["庫", "張"])],
        "庫張作纁襦（與鄭注「不袒纁襦」合）；底本與叢李敖楊作薰，存異。",
    ),
}
AUX = {"叢新"}
ORDER = ["底", "叢", "庫", "張", "李", "敖", "楊"]


def main(argv: list[str]) -> int:
    """Print the drafted TOML entries."""
    ap = argparse.ArgumentParser(prog="python -m tools.collate.draft", description=__doc__)
    ap.add_argument("seed", nargs="?", type=Path, default=None, help="the seed text")
    add_edition_argument(ap)
    args = ap.parse_args(argv)
    edition = edition_from(args)
    seed = args.seed or ROOT.parent / "shared" / "seed" / f"{edition.id}.txt"
    lines = seed.read_text(encoding="utf-8").splitlines()
    col = json.loads((WORK / "collation.json").read_text(encoding="utf-8"))
    table = load_variants(edition.path("variants"))

    def fold(s: str) -> str:
        return "".join(table.get(c, c) for c in s)

    start, end = lines.index("【原文】") + 1, lines.index("【譯文】")
    drafts = []  # (line, col0, base_raw, lemma, decision, kind, readings, pages, note)
    # 1. web-filter artifacts: 「一X一 」 and the stray 一 of line 123.
    for n in range(start, end):
        for m in re.finditer(r"一(.)一 ", lines[n]):
            drafts.append(
                [
                    n + 1,
                    m.start(),
                    m.group(),
                    m.group(1),
                    "emend",
                    "filter-artifact",
                    None,
                    None,
                    "網頁過濾器把「"
                    + m.group(1)
                    + "」包作「一"
                    + m.group(1)
                    + "一 」；諸本皆無一字。",
                ]
            )
    drafts.append(
        [
            123,
            2,
            "一",
            "",
            "emend",
            "filter-artifact",
            None,
            None,
            "網頁過濾器在兩詞間遺下一字；諸本皆作主人大夫之右。",
        ]
    )
    artifact_units = {(d[0], d[1] + 1) for d in drafts} | {(d[0], d[1] + 3) for d in drafts}
    # 2. units of the collation
    by_line: dict[int, list[dict]] = {}
    for u in col["units"]:
        by_line.setdefault(u["seed_line"], []).append(u)
    for u in col["units"]:
        key = (u["seed_line"], u["column"])
        if key in artifact_units or key in SKIP:
            if key in artifact_units:
                for d in drafts:
                    if d[0] == key[0] and d[1] + 1 <= key[1] <= d[1] + 3 and d[6] is None:
                        present = [w for w in ORDER[1:] if w not in u["absent"]]
                        d[6] = [
                            {"text": d[3], "witnesses": present},
                            {"text": d[2], "witnesses": ["底"]},
                        ]
                        d[7] = _pages(u)
            continue
        if key in MANUAL:
            if MANUAL[key]:
                c0, base_raw, decision, kind, rds, note = MANUAL[key]
                readings = [{"text": t, "witnesses": w} for t, w in rds]
                drafts.append(
                    [key[0], c0, base_raw, base_raw, decision, kind, readings, _pages(u), note]
                )
            continue
        differ = [s for s in u["differ"] if s not in AUX]
        if not differ:
            continue
        if all("&" in _reading_of(u, s) for s in differ):
            continue  # gaiji only: reported in collation.json, not guessed
        line = lines[u["seed_line"] - 1]
        c0 = u["column"] - 1
        if u["position"] == "before":
            base_raw = ""
        else:
            # raw span from the first to the last base character (punctuation kept)
            k, got = c0, 0
            while got < len(u["base"]):
                if line[k] == u["base"][got]:
                    got += 1
                k += 1
            base_raw = line[c0:k]
        if key in EMEND:
            lemma, kind, note = EMEND[key]
            if key == (475, 1):  # split: 征→徵 emended, 唯/惟 (李) kept as a variant
                base_raw = "征"
                drafts.append(
                    [
                        475,
                        c0 + 1,
                        "唯",
                        "唯",
                        "retain",
                        "variant",
                        [
                            {"text": "唯", "witnesses": ["底", "叢", "庫", "張", "敖", "楊"]},
                            {"text": "惟", "witnesses": ["李"]},
                        ],
                        _pages(u),
                        "唯、惟古通；從底本。",
                    ]
                )
                rd = [
                    {"text": "徵", "witnesses": ["叢", "庫", "張", "李", "敖", "楊"]},
                    {"text": "征", "witnesses": ["底"]},
                ]
                drafts.append([475, c0, base_raw, lemma, "emend", kind, rd, _pages(u), note])
                continue
        elif u["base"] == "撲":
            lemma, kind, note = "扑", "conversion", PU
        elif u["base"] == "後":
            lemma, kind, note = "后", "conversion", HOU
        else:
            lemma, kind, note = base_raw, "variant", _variant_note(u, fold)
        decision = "retain" if kind == "variant" else "emend"
        drafts.append(
            [
                u["seed_line"],
                c0,
                base_raw,
                lemma,
                decision,
                kind,
                _readings(u, fold, lemma, base_raw),
                _pages(u),
                note,
            ]
        )
    drafts.sort(key=lambda d: (d[0], d[1]))
    # 3. edited text and contexts
    edited = {n + 1: lines[n] for n in range(start, end)}
    for d in sorted(drafts, key=lambda d: (d[0], -d[1])):
        if d[4] == "emend":
            ln = edited[d[0]]
            edited[d[0]] = ln[: d[1]] + d[3] + ln[d[1] + len(d[2]) :]
    shift = {}
    for d in drafts:  # offset of each lemma in the edited line
        prior = [e for e in drafts if e[0] == d[0] and e[1] < d[1] and e[4] == "emend"]
        shift[id(d)] = d[1] + sum(len(e[3]) - len(e[2]) for e in prior)
    full = "\n".join(edited[n] for n in sorted(edited))
    steps: dict[int, str] = {}
    registry = edition.path("registry")
    if registry.exists():
        for row in registry.read_text(encoding="utf-8").splitlines():
            cells = row.split("\t")
            if row.startswith("#") or len(cells) < 4 or cells[3] != "live":
                continue
            for n in cells[1].split(","):
                steps[int(n)] = cells[0]
    for d in drafts:
        d.append(steps.get(d[0], ""))
        if not any("叢" in r["witnesses"] for r in d[6] or []):
            d[8] += "（叢本此處闕頁）"
    out = [HEADER]
    for n, d in enumerate(drafts, start=1):
        ln = edited[d[0]]
        s = shift[id(d)]
        e = s + len(d[3])
        left, right = 1, 1
        while True:
            before, after = ln[max(0, s - left) : s], ln[e : e + right]
            if full.count(before + d[3] + after) == 1 or (left > s and e + right > len(ln)):
                break
            if left <= right and left <= s:
                left += 1
            else:
                right += 1
        context = before + "[" + d[3] + "]" + after
        out.append(_toml(n, d, context))
    sys.stdout.write("\n".join(out))
    return 0


def _reading_of(u: dict, s: str) -> str:
    for r in u["readings"]:
        if s in r["witnesses"]:
            return r["text"]
    return ""


def _readings(u: dict, fold, lemma: str, base_raw: str) -> list[dict]:
    groups: dict[str, list[str]] = {}
    for r in u["readings"]:
        text = r["text"] if "&" in r["text"] else fold(r["text"])
        for s in r["witnesses"]:
            if s not in AUX:
                groups.setdefault(text, []).append(s)
    base_plain = "".join(c for c in base_raw if c.strip() and c not in "，。；：、「」")
    if base_raw.startswith("一") and base_raw.endswith(" "):
        base_plain = base_raw
    groups.setdefault(base_plain if base_raw else "", [])
    groups[base_plain if base_raw else ""].insert(0, "底")
    rank = {s: i for i, s in enumerate(ORDER)}
    out = [
        {"text": t, "witnesses": sorted(w, key=lambda s: rank.get(s, 99))}
        for t, w in groups.items()
    ]
    out.sort(key=lambda r: (r["text"] != lemma, rank.get(r["witnesses"][0], 99)))
    return out


def _pages(u: dict) -> dict[str, str]:
    return {s: p for s, p in sorted(u["pages"].items()) if s not in AUX and p}


NOTES = {
    (261, 58): "叢庫楊無退字；張李敖同底本，文義較足，從底本。",
    (325, 16): "庫張李楊無下升字；叢（經注本，最古）敖同底本，從底本。",
    (340, 36): "叢楊作皆；庫張李敖同底本，從底本。",
    (531, 7): "庫張敖楊作奉；叢（經注本）李同底本，從底本。",
    (94, 15): "叢庫張李作壹拜；敖同底本作一，一、壹通用，從底本。",
}


def _variant_note(u: dict, fold) -> str:
    key = (u["seed_line"], u["column"])
    if key in NOTES:
        return NOTES[key]
    return "異文，從底本（與多數本同）。"


HEADER = """# Critical apparatus of 儀禮·鄉射禮: the editors' decisions (issue 4).
#
# Provenance: drafted by `python -m tools.collate.draft` from collation.json (itself made by
#   `python -m tools.collate` from the Kanseki Repository witnesses, see sigla.tsv), after a
#   review by hand of every difference the collation reports; notes by the editors.
# Entry fields:
#   id          stable id, never reused
#   seed_line   1-based line of shared/seed/xiangsheli.txt the lemma stands on
#   step        step id (xs-NNNN) from step-registry.tsv; "" until the registry exists
#   lemma       the edited reading as printed ("" where the emendation deletes)
#   base        the base text's reading, exactly as in the seed ("" where the base omits)
#   context     a short string of the EDITED, punctuated text with the lemma in [ ]
#               ("主人[]大夫" for an empty lemma); unique in the whole edited 原文
#   decision    "emend" (print the witnessed reading) | "retain" (print the base)
#   kind        "filter-artifact" | "typo" | "conversion" | "variant"
#   readings    every reading with its sigla; the base text's carries 底.  Texts in standard
#               forms (orthographic forms folded by variants.tsv); gaiji kept as &KR….;
#   pages       page of each witness's reading (edition page, e.g. 005-7a)
#   note        short justification
# Witnesses absent from an entry's readings lack the passage (叢's untranscribed pages,
# 楊's omitted sections).
"""


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _toml(n: int, d: list, context: str) -> str:
    line, _c0, base, lemma, decision, kind, readings, pages, note, step = d
    rd = ", ".join(
        f"{{ text = {_q(r['text'])}, witnesses = [{', '.join(_q(w) for w in r['witnesses'])}] }}"
        for r in readings or []
    )
    pg = ", ".join(f"{_q(k)} = {_q(v)}" for k, v in (pages or {}).items())
    return (
        f'[[entry]]\nid = "app-{n:03d}"\nseed_line = {line}\nstep = {_q(step)}\n'
        f"lemma = {_q(lemma)}\nbase = {_q(base)}\ncontext = {_q(context)}\n"
        f'decision = "{decision}"\nkind = "{kind}"\nreadings = [{rd}]\n'
        f"pages = {{ {pg} }}\nnote = {_q(note)}\n"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
