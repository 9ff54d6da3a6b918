"""Audit the apparatus against the witnesses: every credited reading, every witness, every page.

    python -m tools.audit.witness_readings [--witnesses ../shared/witnesses] [--seed SEED]

Why: the apparatus (``source/_edition/apparatus.toml``) was drafted from the collation and
then edited by hand; a re-collation found readings credited to witnesses that do not have them,
witnesses left out of entries although they have the passage, and page references one
half-leaf off.  This audit re-reads every witness with the collation's own readers
(:mod:`tools.collate.witnesses`: 經 only, commentary kept apart, 楊's moved 記 clauses put
back, 叢's pages counted one half-leaf per marker) and aligns it with the base with the
collation's own aligner (:func:`tools.collate.core.align`), then, for each entry, looks at
what each witness has at the entry's place and checks:

- ``unsupported``: a reading credited to a siglum that the witness does not have there (or a
  witness credited although it lacks the passage);
- ``omitted``: a witness that has the passage but is neither credited with a reading nor
  listed among the entry's slips;
- ``page``: a page reference that is not the page the witness prints the reading on (or a
  page given for a witness the entry does not credit, or a credited witness without one);
- ``slip``: a slip of a digital copy (``slips``) that the copy does not have there;
- ``absence``: 叢 left out of an entry where it is not one of its untranscribed pages (the
  composed notes say 「叢本此處闕頁」 for every entry without 叢).

A gaiji reference of 叢 is resolved through the same place of 叢新 (Kanripo's normalised
transcription of the same print).  Witnesses are aligned with the base after the whole
folding of ``variants.tsv``, as in the collation; readings are then compared after folding only
its ``count`` pairs (two shapes of one character: 賔/賓, 衆/眾), which the apparatus writes in
the standard form.  The two forms of a ``place`` pair are different characters (于/於, 个/個,
捝/挩): a reading gives the form the witness writes, or its note would say 「作個」 of a
witness that writes 个.  The logic (:func:`views_at`,
:func:`audit_entry`) is pure and unit-tested on tiny inline samples; :func:`audit` runs it
over real data.  Exit status 1 when anything is found.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tools.cli import DEFAULT_EDITION, Edition, add_edition_argument, edition_from, open_edition
from tools.collate.core import AUXILIARY, BaseChar, align, load_variants, place_moved, read_base
from tools.collate.witnesses import Token, Witness, is_text_char, read_all, witness_problem

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "_ext"))
from ritual.core import apparatus  # noqa: E402

EDITION = DEFAULT_EDITION
#: The normalised transcription through which 叢's gaiji are resolved.
GAIJI_HELPER = {"叢": "叢新"}
#: Witnesses whose absence the composed notes explain as an untranscribed page.
LACUNA_ONLY = ("叢",)
KINDS = ("unsupported", "omitted", "page", "slip", "absence", "unlocated")
#: How far (base characters) an anchor of the witness may lie from the place.
REACH = 4
BASE = "底"


@dataclass(frozen=True)
class View:
    """What one witness has at one place of the base.

    ``state`` is ``present``, ``lacuna`` (an untranscribed page) or ``absent`` (the witness
    leaves the passage out); ``text`` the witness's 經 there (raw, gaiji as written); ``page``
    the page of its first character, or for an empty reading of the character before.
    """

    siglum: str
    state: str
    text: str = ""
    page: str = ""


@dataclass(frozen=True)
class Finding:
    """One error of the apparatus."""

    entry: str
    kind: str
    siglum: str
    message: str

    def __str__(self) -> str:
        return f"{self.entry} {self.kind} {self.siglum}: {self.message}"


@dataclass(frozen=True)
class Aligned:
    """One witness aligned with the base (as :func:`tools.collate.core.align` returns it).

    ``absent`` marks what the collation calls an omission (a long stretch the witness does
    not have) and, besides, every base line of which the witness has no character at all: a
    記 clause that 楊 leaves out (「上射於右」) is a passage it lacks, not four variants.
    """

    tokens: list[Token]
    aligned: list[int | None]
    ins: list[list[int]]
    lac: list[bool]
    absent: list[bool]


def align_witness(base: list[BaseChar], wit: Witness, fold) -> Aligned:
    """The collation's alignment of one witness (moved clauses put back first)."""
    toks = place_moved(base, wit, fold)
    aligned, ins, lac, absent = align(base, toks, wit, fold)
    lines: dict[int, list[int]] = {}
    for p, b in enumerate(base):
        lines.setdefault(b.line, []).append(p)
    absent = list(absent)
    for positions in lines.values():
        if all(aligned[p] is None and not lac[p] for p in positions):
            for p in positions:
                absent[p] = True
    return Aligned(toks, aligned, ins, lac, absent)


# --------------------------------------------------------------------------- places


def base_index(base: list[BaseChar]) -> dict[tuple[int, int], int]:
    """(seed line, column) → index of the base character there."""
    return {(b.line, b.column): i for i, b in enumerate(base)}


def locate_all(
    entries, seed_lines: dict[int, str], index: dict[tuple[int, int], int]
) -> tuple[dict[str, tuple[int, int]], dict[str, str]]:
    """Base indices [p, q) of each entry's base reading (p == q: the place of an insertion).

    The edited 原文 is rebuilt from the seed as the edition makes it: each emendation, in
    file order, replaces its base reading where its base context stands (a context may hold
    the lemma of an earlier emendation, 「扑，與司馬[交]」), every character remembering its
    place in the seed.  Then each entry's context is found in the edited text and its lemma
    traced back to the seed.  Returns the places and, for entries that cannot be placed, why.
    """
    chars: list[tuple[str, tuple[int, int] | None]] = []
    for n in sorted(seed_lines):
        chars.extend((c, (n, col)) for col, c in enumerate(seed_lines[n], start=1))
    replaced: dict[str, list[tuple[int, int] | None]] = {}
    errors: dict[str, str] = {}
    for e in entries:
        if e.decision != "emend":
            continue
        before, _, after = _split(e.context)
        hits = _find(chars, before + e.base + after)
        if len(hits) != 1:
            errors[e.id] = f"base context {before + e.base + after!r} found {len(hits)}×"
            continue
        k = hits[0] + len(before)
        replaced[e.id] = [o for _, o in chars[k : k + len(e.base)]]
        chars[k : k + len(e.base)] = [(c, None) for c in e.lemma]
    places: dict[str, tuple[int, int]] = {}
    for e in entries:
        if e.id in errors:
            continue
        before, lemma, after = _split(e.context)
        hits = _find(chars, before + lemma + after)
        if len(hits) != 1:
            errors[e.id] = f"context {e.context!r} found {len(hits)}× in the edited text"
            continue
        k = hits[0] + len(before)
        origins = replaced.get(e.id) or [o for _, o in chars[k : k + len(lemma)]]
        span = [index[o] for o in origins if o in index]
        if span:
            places[e.id] = (span[0], span[-1] + 1)
            continue
        # An insertion (or a deletion of non-text characters): before the next base character.
        nxt = k + len(lemma)
        while nxt < len(chars) and chars[nxt][1] not in index:
            nxt += 1
        p = index[chars[nxt][1]] if nxt < len(chars) else len(index)
        places[e.id] = (p, p)
    return places, errors


def _find(chars: list[tuple[str, object]], needle: str) -> list[int]:
    text = "".join(c for c, _ in chars)
    hits, k = [], text.find(needle)
    while k >= 0:
        hits.append(k)
        k = text.find(needle, k + 1)
    return hits


def _split(context: str) -> tuple[str, str, str]:
    before, rest = context.split("[", 1)
    lemma, after = rest.split("]", 1)
    return before, lemma, after


def views_at(p: int, q: int, siglum: str, a: Aligned, long_addition: int = 10) -> View:
    """What witness ``siglum`` has at base [p, q): aligned tokens and the insertions between.

    Insertions at the two edges (before p, before q) belong to the place; an insertion of
    ``long_addition`` or more characters is the witness's own material (commentary, headings),
    as in the collation, not a reading.
    """
    n = len(a.aligned)
    if q > p:  # a reading: lacking if every character of it is
        lacking = [all(flags[x] for x in range(p, q)) for flags in (a.lac, a.absent)]
    else:  # an insertion point: lacking if either neighbour is
        near = [x for x in (p - 1, p) if 0 <= x < n]
        lacking = [any(flags[x] for x in near) for flags in (a.lac, a.absent)]
    if lacking[0]:
        return View(siglum, "lacuna")
    if lacking[1]:
        return View(siglum, "absent")
    left = [x for x in range(max(0, p - REACH), p) if a.aligned[x] is not None]
    right = [x for x in range(q, min(n, q + REACH)) if a.aligned[x] is not None]
    if not left and not right:
        return View(siglum, "absent")
    idx: list[int] = []
    for x in range(p, q + 1):
        if x <= n and len(a.ins[x]) < long_addition:
            idx.extend(a.ins[x])
        if x < q and a.aligned[x] is not None:
            idx.append(a.aligned[x])
    text = "".join(a.tokens[j].text for j in idx)
    if idx:
        page = a.tokens[idx[0]].page
    else:
        x = p - 1
        while x >= 0 and a.aligned[x] is None:
            x -= 1
        page = a.tokens[a.aligned[x]].page if x >= 0 else ""
    return View(siglum, "present", text, page)


def resolve_gaiji(view: View, helper: View | None) -> View:
    """Replace the gaiji references of ``view`` by the characters of ``helper`` at that place."""
    if helper is None or "&" not in view.text or helper.state != "present":
        return view
    mine = _chars(view.text)
    theirs = _chars(helper.text)
    if len(mine) != len(theirs):
        return view
    text = "".join(t if m.startswith("&") else m for m, t in zip(mine, theirs, strict=True))
    return View(view.siglum, view.state, text, view.page)


def _chars(s: str) -> list[str]:
    out, k = [], 0
    while k < len(s):
        if s[k] == "&" and ";" in s[k:]:
            end = s.index(";", k) + 1
            out.append(s[k:end])
            k = end
        else:
            out.append(s[k])
            k += 1
    return out


# --------------------------------------------------------------------------- checks


def _reads(witness: str, text: str, fold) -> bool:
    """Whether a witness's characters are ``text``'s (under ``fold``), a gaiji reference
    (``&KR0076;``, a character not in Unicode, left unresolved by the collation) standing for
    whichever character is there."""
    have = [c for c in _chars(witness) if c.startswith("&") or is_text_char(c)]
    want = [c for c in _chars(text) if is_text_char(c)]
    return len(have) == len(want) and all(
        h.startswith("&") or fold(h) == fold(w) for h, w in zip(have, want, strict=True)
    )


def audit_entry(entry, views: dict[str, View], base_text: str, fold) -> list[Finding]:
    """Every error of one entry, given what each collated witness has at its place.

    ``views`` holds one :class:`View` per collated witness (auxiliary ones excluded);
    ``base_text`` is the base's reading there (punctuation removed); ``fold`` the folding
    under which a reading counts as the witness's (the ``count`` pairs only, in :func:`run`).
    """
    out: list[Finding] = []

    def norm(s: str) -> str:
        return "".join(fold(c) for c in _chars(s) if is_text_char(c))

    def found(kind: str, siglum: str, message: str) -> None:
        out.append(Finding(entry.id, kind, siglum, message))

    if getattr(entry, "kind", "") == apparatus.PUNCTUATION_KIND:
        # A change of punctuation alone: no witness is punctuated, so none is listed; each
        # that has the passage must read its characters, or a variant would go unrecorded.
        if norm(entry.base) != norm(base_text):
            found("unsupported", BASE, f"credited with {entry.base!r}, reads {base_text!r}")
        for s, view in views.items():
            if view.state == "present" and not _reads(view.text, entry.lemma, fold):
                found("omitted", s, f"reads {view.text!r} ({view.page}): a variant unrecorded")
        return out
    credited: dict[str, str] = {}
    for r in entry.readings:
        for s in r.witnesses:
            credited[s] = r.text
    slips = {s.witness: s.text for s in getattr(entry, "slips", ())}
    for s, text in credited.items():
        if s == BASE:
            if norm(text) != norm(base_text):
                found("unsupported", s, f"credited with {text!r}, the base reads {base_text!r}")
            continue
        view = views.get(s)
        if view is None:
            found("unsupported", s, f"credited with {text!r}: not a collated witness")
        elif view.state != "present":
            found("unsupported", s, f"credited with {text!r}, but lacks the passage ({view.state})")
        elif norm(view.text) != norm(text):
            found("unsupported", s, f"credited with {text!r}, reads {view.text!r}")
    for s, text in slips.items():
        view = views.get(s)
        if s in credited:
            found("slip", s, "listed both with a reading and with a slip")
        if view is None or view.state != "present":
            found("slip", s, f"slip {text!r}, but the copy lacks the passage")
        elif norm(view.text) != norm(text):
            found("slip", s, f"slip {text!r}, the copy reads {view.text!r}")
    for s, view in views.items():
        if view.state == "present" and s not in credited and s not in slips:
            found(
                "omitted",
                s,
                f"has the passage ({view.text or '〔無〕'!s}, {view.page}) but is not listed",
            )
        if s in LACUNA_ONLY and s not in credited and s not in slips and view.state == "absent":
            found("absence", s, "left out, but the passage is not on an untranscribed page")
    listed = {s for s in credited if s != BASE} | set(slips)
    for s in sorted(listed):
        view = views.get(s)
        if view is None or view.state != "present":
            continue
        have = entry.pages.get(s)
        if have != view.page:
            found("page", s, f"page {have or '(none)'}, the witness has it on {view.page}")
    for s in sorted(set(entry.pages) - listed):
        found("page", s, f"page {entry.pages[s]} given for a witness the entry does not list")
    return out


# --------------------------------------------------------------------------- running


@dataclass
class Report:
    """The audit's result: findings, and how many entries and credits were checked."""

    entries: int
    credits: int
    findings: list[Finding]

    def counts(self) -> Counter:
        return Counter(f.kind for f in self.findings)


def audit(
    entries,
    base: list[BaseChar],
    seed_lines: dict[int, str],
    witnesses: list[Witness],
    fold,
    same=None,
) -> Report:
    """Audit ``entries`` against ``witnesses`` (read by the collation's readers): aligned under
    ``fold``, each reading compared under ``same`` (``fold`` if not given)."""
    aligned = {w.siglum: align_witness(base, w, fold) for w in witnesses}
    collated = [w.siglum for w in witnesses if w.siglum not in AUXILIARY]
    index = base_index(base)
    places, errors = locate_all(entries, seed_lines, index)
    findings = [Finding(i, "unlocated", "", msg) for i, msg in errors.items()]
    credits = 0
    for entry in entries:
        if entry.id not in places:
            continue
        p, q = places[entry.id]
        views = {}
        for s in collated:
            view = views_at(p, q, s, aligned[s])
            helper = GAIJI_HELPER.get(s)
            if helper in aligned:
                view = resolve_gaiji(view, views_at(p, q, helper, aligned[helper]))
            views[s] = view
        base_text = "".join(b.char for b in base[p:q])
        credits += sum(len(r.witnesses) for r in entry.readings)
        findings.extend(audit_entry(entry, views, base_text, same or fold))
    return Report(len(entries), credits, findings)


def seed_original(seed: Path) -> dict[int, str]:
    """The 原文 lines of the seed, by 1-based line number."""
    lines = seed.read_text(encoding="utf-8").splitlines()
    start, end = lines.index("【原文】") + 1, lines.index("【譯文】")
    return {n + 1: lines[n] for n in range(start, end)}


def run(
    witness_dir: Path,
    seed: Path | None = None,
    entries_path: Path | None = None,
    edition: Edition | None = None,
) -> Report:
    """Audit the apparatus of ``edition`` (default: the project's) against the witnesses in
    ``witness_dir``; its seed is ``seed/<edition id>.txt`` beside them unless given."""
    edition = edition or open_edition()
    seed = seed or witness_dir.parent / "seed" / f"{edition.id}.txt"
    base = apparatus.base_siglum(apparatus.load_sigla(edition.path("sigla")))
    entries = apparatus.load_entries(entries_path or edition.path("apparatus"), base)
    variants = edition.path("variants")
    table, shapes = load_variants(variants), load_variants(variants, record="count")

    def fold(c: str) -> str:
        return table.get(c, c)

    def same(c: str) -> str:
        return shapes.get(c, c)

    return audit(entries, read_base(seed), seed_original(seed), read_all(witness_dir), fold, same)


def main(argv: list[str] | None = None) -> int:
    """Print every finding and a summary line; exit 1 if anything was found."""
    ap = argparse.ArgumentParser(prog="python -m tools.audit.witness_readings", description=__doc__)
    ap.add_argument("--witnesses", type=Path, default=ROOT.parent / "shared" / "witnesses")
    ap.add_argument("--seed", type=Path, default=None)
    ap.add_argument("--entries", type=Path, default=None, help="apparatus.toml to audit")
    add_edition_argument(ap)
    args = ap.parse_args(argv)
    problem = witness_problem(args.witnesses)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    report = run(args.witnesses, args.seed, args.entries, edition_from(args))
    for f in report.findings:
        print(f)
    counts = report.counts()
    print(
        f"{report.entries} entries, {report.credits} credited readings: "
        + ", ".join(f"{counts[k]} {k}" for k in KINDS),
        file=sys.stderr,
    )
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
