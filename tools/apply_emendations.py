"""Apply the apparatus's emendations to the MyST source pages, idempotently.

Why: the source pages are bootstrapped from the base text; the edition prints the edited
text, so each ``decision = "emend"`` entry of ``data/apparatus.toml`` must replace its base
reading by its lemma inside its step.  An entry already applied (its edited context is in the
step) is skipped, so the tool can be run any number of times.

Steps are ``::::{step} xs-NNNN`` (or ``{xs:step}``) blocks; their body may hold inline roles
(``{role}`主人```, ``{action}`拜 <拜>```), which are matched by their displayed surface.

Usage: ``python tools/apply_emendations.py [--check] PAGE.md …`` (``--check`` writes nothing
and exits 1 if some emendation is still to apply or cannot be placed).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STEP_RE = re.compile(r"^(:{3,})\{(?:xs:)?step\}\s+(xs-\d{4})\s*$")
ROLE_RE = re.compile(r"\{[\w:-]+\}`!?([^`<]*?)\s*(?:<[^`]*>)?`")


def _apparatus():
    """Load _ext/ritual/apparatus.py by path (it is pure; no Sphinx import needed)."""
    name = "xiangsheli_apparatus"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "_ext" / "ritual" / "apparatus.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def plain_with_map(body: str) -> tuple[str, list[int]]:
    """The displayed text of a step body and, per character, its offset in the body."""
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for m in ROLE_RE.finditer(body):
        for k in range(pos, m.start()):
            out.append(body[k])
            where.append(k)
        for k in range(m.start(1), m.end(1)):
            out.append(body[k])
            where.append(k)
        pos = m.end()
    for k in range(pos, len(body)):
        out.append(body[k])
        where.append(k)
    return "".join(out), where


def step_bodies(lines: list[str]) -> dict[str, tuple[int, int]]:
    """step id → (first, last+1) line indexes of its text body (options and children excluded)."""
    out: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(lines):
        m = STEP_RE.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and re.match(r"^:[\w-]+:", lines[j]):
            j += 1
        k = j
        while k < len(lines) and not lines[k].startswith(":::"):
            k += 1
        out[m.group(2)] = (j, k)
        i = k
    return out


def apply_to_body(body: str, entries: list) -> tuple[str, list[str], list[str]]:
    """Apply the emendations to one step body; return (body, applied ids, failed ids)."""
    ap = _apparatus()
    todo = [e for e in entries if e.decision == "emend"]
    applied: list[str] = []
    progress = True
    while todo and progress:
        progress = False
        for e in list(todo):
            plain, where = plain_with_map(body)
            before, lemma, after = ap.split_context(e.context)
            if plain.count(before + lemma + after) == 1:
                todo.remove(e)  # already applied
                progress = True
                continue
            hits = plain.count(e.base_context)
            if hits != 1:
                continue
            start = plain.index(e.base_context) + len(before)
            end = start + len(e.base)
            if e.base:
                src = where[start:end]
                if src != list(range(src[0], src[0] + len(src))):
                    continue  # the base reading spans markup: leave it to the editors
                body = body[: src[0]] + e.lemma + body[src[-1] + 1 :]
            else:
                at = where[start] if start < len(where) else len(body)
                body = body[:at] + e.lemma + body[at:]
            todo.remove(e)
            applied.append(e.id)
            progress = True
    return body, applied, [e.id for e in todo]


def apply_to_page(text: str, entries: list) -> tuple[str, list[str], list[str]]:
    """Apply every emendation whose step is on this page."""
    lines = text.split("\n")
    applied: list[str] = []
    failed: list[str] = []
    bodies = step_bodies(lines)
    for step, (a, b) in sorted(bodies.items(), key=lambda kv: -kv[1][0]):
        mine = [e for e in entries if e.step == step]
        if not mine:
            continue
        body, ok, bad = apply_to_body("\n".join(lines[a:b]), mine)
        lines[a:b] = body.split("\n")
        applied += ok
        failed += bad
    return "\n".join(lines), applied, failed


def main(argv: list[str] | None = None) -> int:
    """Apply to the given pages; print what was applied and what could not be placed."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pages", nargs="+", type=Path)
    ap.add_argument(
        "--apparatus", type=Path, default=ROOT / "_ext" / "ritual" / "data" / "apparatus.toml"
    )
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if work remains")
    args = ap.parse_args(argv)
    entries = _apparatus().load_entries(args.apparatus)
    placed: set[str] = set()
    failed: list[str] = []
    pending = False
    for page in args.pages:
        text = page.read_text(encoding="utf-8")
        steps = set(step_bodies(text.split("\n")))
        new, ok, bad = apply_to_page(text, entries)
        placed |= {e.id for e in entries if e.step in steps}
        failed += bad
        if ok:
            pending = True
            print(f"{page}: {'would apply' if args.check else 'applied'} {', '.join(ok)}")
            if not args.check:
                page.write_text(new, encoding="utf-8")
    missing = [e.id for e in entries if e.decision == "emend" and e.id not in placed]
    for what, ids in (
        ("not placed (context not found)", failed),
        ("step not on these pages", missing),
    ):
        if ids:
            print(f"{what}: {', '.join(ids)}", file=sys.stderr)
    return 1 if failed or (args.check and pending) else 0


if __name__ == "__main__":
    sys.exit(main())
