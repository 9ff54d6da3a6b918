"""Wrap every term of the 鄉射禮 text in its MyST role: ``annotate(text) -> text``.

The vocabularies (``source/_edition/vocab/*.tsv``) say *what* the terms are; the decision
table (``tools/work/decisions.tsv``) says *which* reading an ambiguous surface has in a given
context (洗 the basin or the verb, 中 the tally-holder or 'middle' …). Both are data, so an
editor who disagrees with a reading edits a row, not this file.

Design choices, and why:

* Roles cannot nest and each character belongs to at most one role, so the tagger is a single
  left-to-right scan: longest surface first (再拜 before 拜, 西楹 before 楹, 上篚 before 篚),
  with context rules from the decision table allowed to override it.
* Roles already in the text are kept byte for byte and their characters are never re-tagged,
  but their *surfaces* still count as context (so 奠爵於{vessel}`薦`西 behaves like 奠爵於薦西).
  That makes ``annotate`` idempotent and safe on pages an editor has half-marked by hand.
* Book titles (《…》) are never tagged: 《采蘋》 is a song, not a term.
* A negator (不, 未, 無) directly before an action marks it negated: 不拜 -> 不{action}`!拜`.

The CLI rewrites MyST files in place, only inside ``{xs:step}`` directive bodies: never in the
directive's options, never inside nested directives such as ``{translation}``.

    python tools/annotate.py source/*.md          # rewrite in place
    python -m tools.annotate --edition DIR        # every page of another edition, in place
                                                  # (its vocab, kinds; --decisions TABLE)
    python tools/annotate.py --check source/*.md  # exit 1 if anything would change
    python tools/annotate.py --diff source/x.md   # show what would change, write nothing
    python tools/annotate.py --text FILE          # annotate every line of a plain text file
    echo 主人坐取爵於上篚 | python tools/annotate.py -   # annotate stdin
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import re
import sys
import types
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):  # run as a script (python tools/annotate.py): the repository too
    sys.path.insert(0, str(ROOT))

from tools.cli import (  # noqa: E402
    DEFAULT_EDITION,
    add_edition_argument,
    edition_from,
    pages,
    vocab_others,
)

VOCAB_DIR = DEFAULT_EDITION / "vocab"
#: The annotation decisions for ambiguous surfaces: a tool's data, not the build's.
DECISIONS = ROOT / "tools" / "work" / "decisions.tsv"
#: The kinds of term of the project's own edition (another edition's come from its edition.toml).
TERM_KINDS = ("role", "vessel", "action", "place")

# Any MyST role, ours or not: its characters are locked. Inline code is locked too.
ROLE_RE = re.compile(r"\{(?P<name>[A-Za-z][\w:.-]*)\}`(?P<body>[^`]*)`|(?P<ticks>`+).*?(?P=ticks)")
TITLE_RE = re.compile(r"《[^》]*》")
EXPLICIT_RE = re.compile(r"^(?P<surface>.+?)\s*<(?P<headword>[^<>]+)>$", re.S)


def _load_vocab_module():
    """Import ``core/vocab.py`` (and the strict reader it uses) without the engine's
    ``__init__``, which would import Sphinx: under a bare package of the engine's pure core."""
    if "ritual_pure" not in sys.modules:
        package = types.ModuleType("ritual_pure")
        package.__path__ = [str(ROOT / "_ext" / "ritual" / "core")]
        sys.modules["ritual_pure"] = package
    return importlib.import_module("ritual_pure.vocab")


vocab = _load_vocab_module()


class Decision(NamedTuple):
    """What one occurrence becomes: a term role, ``plain``, or ``none`` (left untagged).

    ``negated`` forces the ``!`` mark for the rare act negated from a distance (不宿戒).
    """

    kind: str
    headword: str
    negated: bool = False


class Rule(NamedTuple):
    """One row of the decision table; ``line`` locates it for error messages."""

    surface: str
    before: re.Pattern[str] | None
    after: re.Pattern[str] | None
    decision: Decision
    line: int


class Tagger(NamedTuple):
    """Everything ``annotate`` needs, built once from the data files."""

    lexicon: dict[str, Decision]  # surface -> default decision
    rules: tuple[Rule, ...]  # context rules, in file order
    negators: frozenset[str]
    ambiguous: frozenset[str]  # surfaces whose every occurrence must end up in a role
    problems: tuple[str, ...]  # data problems found while building
    max_len: int  # longest surface in the lexicon


def _parse_decision(
    text: str, surface: str, kinds: tuple[str, ...] = TERM_KINDS
) -> Decision | None:
    parts = text.split()
    if not parts or len(parts) > 2:
        return None
    kind = parts[0].removeprefix("!")
    negated = kind != parts[0]
    if kind not in (*kinds, "plain", "none") or (negated and kind != "action"):
        return None
    return Decision(kind, parts[1] if len(parts) == 2 else surface, negated)


def build_tagger(
    vocab_dir: Path = VOCAB_DIR,
    decisions: Path | None = DECISIONS,
    kinds: tuple[str, ...] = TERM_KINDS,
    others: dict[str, Path] | None = None,
) -> Tagger:
    """Merge vocabularies and decision table into a lexicon plus ordered context rules.

    ``kinds`` are the edition's kinds of term, ``others`` the vocabulary folders its
    ``shared.tsv`` takes terms from; an edition without a decision table (``None``) is tagged
    from its vocabularies alone, every surface of several kinds reported as a problem."""
    terms = vocab.load(vocab_dir, kinds, others)
    known = {kind: {t.term for t in terms[kind]} for kind in kinds}
    readings: dict[str, set[Decision]] = {}
    for kind in kinds:
        for term in known[kind]:
            readings.setdefault(term, set()).add(Decision(kind, term))

    problems: list[str] = []
    defaults: dict[str, Decision] = {}
    rules: list[Rule] = []
    negators: set[str] = set()
    outcomes: dict[str, set[Decision]] = {}
    header_seen = False
    table = decisions.read_text(encoding="utf-8") if decisions else ""
    for lineno, raw in enumerate(table.splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if not header_seen:
            header_seen = True
            continue
        where = f"{decisions.name if decisions else ''}:{lineno}"
        if len(cells) != 5:
            problems.append(f"{where}: {len(cells)} cells, expected 5")
            continue
        surface, before, after, decision_text, _note = cells
        if decision_text == "negator":
            negators.add(surface)
            continue
        decision = _parse_decision(decision_text, surface, kinds)
        if decision is None:
            problems.append(f"{where}: bad decision {decision_text!r}")
            continue
        if decision.kind in kinds and decision.headword not in known[decision.kind]:
            problems.append(f"{where}: {decision.headword!r} is not a {decision.kind} headword")
        outcomes.setdefault(surface, set()).add(decision._replace(negated=False))
        if not before and not after:
            if surface in defaults:
                problems.append(f"{where}: second default row for {surface!r}")
            defaults[surface] = decision
            continue
        try:
            rules.append(
                Rule(
                    surface,
                    re.compile(f"(?:{before})$") if before else None,
                    re.compile(after) if after else None,
                    decision,
                    lineno,
                )
            )
        except re.error as exc:
            problems.append(f"{where}: bad regex: {exc}")

    lexicon = {surface: next(iter(r)) for surface, r in readings.items() if len(r) == 1}
    for surface, r in readings.items():
        if len(r) > 1 and surface not in defaults:
            kinds = ", ".join(sorted(d.kind for d in r))
            problems.append(
                f"{surface!r} is a headword of several kinds ({kinds}) but has no default row"
            )
    lexicon.update(defaults)
    ambiguous = {
        s
        for s, outs in outcomes.items()
        if len(outs | readings.get(s, set())) > 1 or any(d.kind == "plain" for d in outs)
    }
    return Tagger(
        lexicon,
        tuple(rules),
        frozenset(negators),
        frozenset(ambiguous),
        tuple(problems),
        max(map(len, lexicon), default=1),
    )


@lru_cache(maxsize=1)
def default_tagger() -> Tagger:
    """The tagger built from the edition's own data (cached: the data does not change)."""
    return build_tagger()


def tagger_for(args: argparse.Namespace) -> Tagger:
    """The tagger of the edition the arguments name: the project's own (cached), or another
    edition's from its vocabularies, kinds and ``--decisions``."""
    if args.decisions is None and Path(args.edition).resolve() == DEFAULT_EDITION.resolve():
        return default_tagger()
    edition = edition_from(args)
    decisions = args.decisions
    if decisions is None and edition.folder == DEFAULT_EDITION.resolve():
        decisions = DECISIONS
    return build_tagger(edition.path("vocab"), decisions, edition.kind_names, vocab_others(args))


def role_surface(body: str) -> str:
    """The printed text of a role body: ``'!答一拜 <答拜>'`` -> ``'答一拜'``."""
    body = body[1:] if body.startswith("!") else body
    match = EXPLICIT_RE.match(body)
    return match["surface"].strip() if match else body


def _segments(text: str) -> list[tuple[bool, str, str]]:
    """Split into ``(locked, source, surface)`` pieces; roles and code are locked."""
    out: list[tuple[bool, str, str]] = []
    pos = 0
    for match in ROLE_RE.finditer(text):
        if match.start() > pos:
            out.append((False, text[pos : match.start()], text[pos : match.start()]))
        surface = role_surface(match["body"]) if match["name"] else ""
        out.append((True, match.group(0), surface))
        pos = match.end()
    if pos < len(text):
        out.append((False, text[pos:], text[pos:]))
    return out


def _markup(decision: Decision, surface: str, negated: bool) -> str:
    if decision.kind == "plain":
        return f"{{plain}}`{surface}`"
    body = ("!" if negated else "") + surface
    if decision.headword != surface:
        body += f" <{decision.headword}>"
    return f"{{{decision.kind}}}`{body}`"


def _choose(flat: str, i: int, free: list[bool], tagger: Tagger) -> tuple[str, Decision] | None:
    """The surface starting at ``flat[i]`` and its decision, or ``None``."""

    def fits(surface: str) -> bool:
        end = i + len(surface)
        return flat.startswith(surface, i) and all(free[i:end])

    for rule in tagger.rules:
        if not fits(rule.surface):
            continue
        if rule.before and not rule.before.search(flat, 0, i):
            continue
        if rule.after and not rule.after.match(flat, i + len(rule.surface)):
            continue
        return rule.surface, rule.decision
    for length in range(min(tagger.max_len, len(flat) - i), 0, -1):
        surface = flat[i : i + length]
        if surface in tagger.lexicon and all(free[i : i + length]):
            return surface, tagger.lexicon[surface]
    return None


def annotate(text: str, tagger: Tagger | None = None) -> str:
    """Return ``text`` with every term occurrence wrapped in its role.

    Existing roles are left exactly as they are, so ``annotate(annotate(t)) == annotate(t)``.
    """
    tagger = tagger or default_tagger()
    segments = _segments(text)
    flat = "".join(surface for _, _, surface in segments)
    free: list[bool] = []
    for locked, _, surface in segments:
        free.extend([not locked] * len(surface))
    for match in TITLE_RE.finditer(flat):
        free[match.start() : match.end()] = [False] * (match.end() - match.start())

    tags: dict[int, tuple[int, str]] = {}  # start -> (end, markup)
    i = 0
    while i < len(flat):
        found = _choose(flat, i, free, tagger) if free[i] else None
        if found is None:
            i += 1
            continue
        surface, decision = found
        end = i + len(surface)
        if decision.kind != "none":
            negated = decision.negated or (
                decision.kind == "action" and i > 0 and flat[i - 1] in tagger.negators
            )
            tags[i] = (end, _markup(decision, surface, negated))
        i = end

    out: list[str] = []
    pos = 0
    for locked, source, surface in segments:
        if locked:
            out.append(source)
            pos += len(surface)
            continue
        end_of_segment = pos + len(surface)
        while pos < end_of_segment:
            if pos in tags:
                tag_end, markup = tags[pos]
                out.append(markup)
                pos = tag_end
            else:
                out.append(flat[pos])
                pos += 1
    return "".join(out)


# --- statistics (used by the CLI and the corpus tests) -----------------------------------------


def seed_original(seed: Path) -> list[str]:
    """The seed's 原文 lines (between 【原文】 and 【譯文】), 記 included: the tagger's corpus."""
    lines = seed.read_text(encoding="utf-8").splitlines()
    start, end = lines.index("【原文】"), lines.index("【譯文】")
    return [line for line in lines[start + 1 : end] if line.strip()]


TAG_RE = re.compile(r"\{(?P<kind>role|vessel|action|place|plain)\}`(?P<body>[^`]*)`")


def count_tags(text: str) -> Counter[str]:
    """Occurrences per kind (``plain`` included; ``negated`` counts negated actions)."""
    counts: Counter[str] = Counter()
    for match in TAG_RE.finditer(text):
        counts[match["kind"]] += 1
        if match["body"].startswith("!"):
            counts["negated"] += 1
    return counts


def untagged(text: str) -> str:
    """The text outside any role, roles replaced by a separator (for coverage checks)."""
    return ROLE_RE.sub("\u3000", text)


# --- MyST files ----------------------------------------------------------------------------------

FENCE_OPEN = re.compile(r"^\s*(?P<fence>:{3,}|`{3,}|~{3,})\s*(?:\{(?P<name>[^}]+)\})?")
OPTION_LINE = re.compile(r"^\s*:[\w-]+:")


def annotate_myst(source: str, tagger: Tagger | None = None) -> str:
    """Annotate the body text of every ``{xs:step}`` directive in a MyST page, nothing else."""
    lines = source.splitlines(keepends=True)
    stack: list[tuple[str, str]] = []  # (fence, directive name)
    in_options = False
    in_yaml = False
    out: list[str] = []
    for line in lines:
        stripped = line.strip()
        top = stack[-1] if stack else None
        # a closing fence: same character, at least as long, nothing else on the line
        if top and stripped and set(stripped) == {top[0][0]} and len(stripped) >= len(top[0]):
            stack.pop()
            in_options = in_yaml = False
            out.append(line)
            continue
        opening = FENCE_OPEN.match(line)
        if opening and not (top and top[0][0] in "`~"):
            stack.append((opening["fence"], (opening["name"] or "").strip()))
            in_options = True
            in_yaml = False
            out.append(line)
            continue
        if top and in_options:
            if stripped == "---" and not in_yaml:
                in_yaml = True
                out.append(line)
                continue
            if in_yaml:
                in_yaml = stripped != "---"
                out.append(line)
                continue
            if OPTION_LINE.match(line):
                out.append(line)
                continue
            in_options = False
        if top and top[1] in ("step", "xs:step") and stripped and not stripped.startswith("%"):
            ending = line[len(line.rstrip("\r\n")) :]
            out.append(annotate(line.rstrip("\r\n"), tagger) + ending)
        else:
            out.append(line)
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    """CLI entry point; see the module docstring for usage."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="MyST files ('-' reads stdin)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if a file would change")
    mode.add_argument("--diff", action="store_true", help="print a diff, write nothing")
    parser.add_argument("--text", type=Path, help="annotate every line of a plain text file")
    parser.add_argument("--stats", action="store_true", help="print tag counts per kind")
    parser.add_argument(
        "--decisions",
        type=Path,
        default=None,
        help="the decision table (default: tools/work/decisions.tsv for source/_edition only)",
    )
    add_edition_argument(parser)
    args = parser.parse_args(argv)

    tagger = tagger_for(args)
    if tagger.problems:
        for problem in tagger.problems:
            print(f"annotate: {problem}", file=sys.stderr)
        return 2
    if args.text:
        result = "".join(
            annotate(line, tagger)
            for line in args.text.read_text(encoding="utf-8").splitlines(keepends=True)
        )
        if args.stats:
            print(dict(count_tags(result)), file=sys.stderr)
        sys.stdout.write(result)
        return 0
    changed = 0
    totals: Counter[str] = Counter()
    for path in args.files or pages(edition_from(args)):
        if str(path) == "-":
            sys.stdout.write(annotate(sys.stdin.read(), tagger))
            continue
        before = path.read_text(encoding="utf-8")
        after = annotate_myst(before, tagger)
        totals += count_tags(after)
        if after == before:
            continue
        changed += 1
        if args.diff:
            sys.stdout.writelines(
                difflib.unified_diff(
                    before.splitlines(keepends=True),
                    after.splitlines(keepends=True),
                    str(path),
                    str(path),
                )
            )
        elif args.check:
            print(f"would annotate {path}", file=sys.stderr)
        else:
            path.write_text(after, encoding="utf-8")
    if args.stats:
        print(dict(totals), file=sys.stderr)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
