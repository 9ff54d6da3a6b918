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

from .datafile import Problem, Table, Tsv, integers, read_tsv

#: The warning subtype of a registry whose rows contradict each other.
BAD_REGISTRY = "bad_registry"
STATUSES = ("live", "retired")


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


#: The registry's form: no column row (the columns are named in its header comment).
FORM = Tsv(
    ("id", "seed_lines", "fingerprint", "status", "replaced_by"),
    header=False,
    optional=1,
    key=("id",),
    enums={"status": STATUSES},
    types={"seed_lines": integers},
    required=("id", "fingerprint"),
    patterns={"fingerprint": "[0-9a-f]{12}"},
)


def from_table(table: Table) -> tuple[dict[str, RegistryEntry], list[Problem]]:
    """The entries of a registry read by :func:`.datafile.read_tsv`, and what the rows say
    wrongly of each other: a retired id without a ``replaced_by``, or one naming no id of the
    registry, and a live id with one. Such a row is kept (its id stays published) and said."""
    src = str(table.path)
    out: dict[str, RegistryEntry] = {}
    for row in table.rows:
        out[row["id"]] = RegistryEntry(
            row["id"], row["seed_lines"], row["fingerprint"], row["status"], row["replaced_by"]
        )
    problems = []
    lines = {row["id"]: row.line for row in table.rows}
    for entry in out.values():
        line = lines[entry.step_id]
        if entry.status == "retired":
            if not entry.replaced_by:
                problems.append(
                    Problem(
                        src,
                        line,
                        f"retired id {entry.step_id} names no replaced_by (the id that carries "
                        "its text now)",
                        BAD_REGISTRY,
                    )
                )
            elif entry.replaced_by not in out:
                problems.append(
                    Problem(
                        src,
                        line,
                        f"retired id {entry.step_id} is replaced by {entry.replaced_by!r}, which "
                        "the registry does not list",
                        BAD_REGISTRY,
                    )
                )
        elif entry.replaced_by:
            problems.append(
                Problem(
                    src,
                    line,
                    f"live id {entry.step_id} names a replaced_by ({entry.replaced_by}); only a "
                    "retired id is replaced",
                    BAD_REGISTRY,
                )
            )
    return out, problems


def load(path: Path, problems: list[Problem] | None = None) -> dict[str, RegistryEntry]:
    """Read the registry; ``#`` lines are comments (the provenance header).

    A malformed row is left out, and its :class:`~.datafile.Problem` appended to ``problems``
    if given."""
    table = read_tsv(path, FORM)
    entries, more = from_table(table)
    if problems is not None:
        problems.extend(table.problems + more)
    return entries
