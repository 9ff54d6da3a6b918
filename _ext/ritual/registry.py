"""The registry of published step ids (``step-registry.tsv`` of the edition folder).

An id, once published, must keep resolving to the same text. The registry lists every id with
the seed lines it came from and a fingerprint of its base text (punctuation and apparatus
aside); a retired id names the id that replaced it. The build warns about a step whose id is
not registered or whose text no longer matches its fingerprint.
"""

from __future__ import annotations

import hashlib
import unicodedata
from pathlib import Path
from typing import NamedTuple


class RegistryEntry(NamedTuple):
    step_id: str
    seed_lines: tuple[int, ...]
    fingerprint: str
    status: str  # "live" | "retired"
    replaced_by: str


def bare(text: str) -> str:
    """The text without punctuation, symbols or spaces: what a fingerprint is taken of."""
    return "".join(c for c in text if unicodedata.category(c)[0] not in "PZSC")


def fingerprint(base_text: str) -> str:
    """A short, stable digest of a step's base text (without punctuation)."""
    return hashlib.sha256(bare(base_text).encode("utf-8")).hexdigest()[:12]


def load(path: Path, problems: list[tuple[int, str]] | None = None) -> dict[str, RegistryEntry]:
    """Read the registry; ``#`` lines are comments (the provenance header).

    A malformed row is left out, and ``(line, message)`` appended to ``problems`` if given.
    """
    out = {}
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        step_id, lines, digest, status, replaced_by = (line.split("\t") + [""] * 5)[:5]
        try:
            seed = tuple(int(n) for n in lines.split(",") if n)
        except ValueError:
            if problems is not None:
                problems.append((lineno, f"{step_id}: seed lines {lines!r} are not numbers"))
            continue
        if status not in ("", "live", "retired") or not digest:
            if problems is not None:
                problems.append(
                    (lineno, f"{step_id}: expected id, seed lines, fingerprint, live|retired")
                )
            continue
        out[step_id] = RegistryEntry(step_id, seed, digest, status or "live", replaced_by)
    return out
