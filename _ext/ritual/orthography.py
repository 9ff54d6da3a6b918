"""The edition's silent normalisations as data: the folding table and the per-place record.

Why: the edition prints the base text's standard forms (於, 個, 旃 …) where the witnesses
write other forms (于, 个, 旜 …).  That is a policy, not a fact about the witnesses, so it
must be declared with the facts: the edition's ``variants.tsv`` lists every folded pair with
what the witnesses write (column ``witnesses``), and its ``orthography.tsv`` records, for the pairs
marked ``place`` there, every place where the edition prints the standard form and what each
witness writes at it.  From the edition's text and that record each witness's form at those
places can be recovered.  Both files are made by ``python -m tools.orthography`` from the
witnesses; this module only reads them and counts (pure Python, no Sphinx), for the 凡例's
table (``xs:orthography``) and the tests.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .datafile import Table, Tsv, integer, read_tsv

#: Cell of a witness that lacks the passage (叢's untranscribed pages, 楊's omissions).
LACKING = "-"
#: Cell of a witness that has the passage but no character at this place.
NOTHING = "∅"
#: The columns of orthography.tsv before the witnesses' (whose sigla the header names).
FIXED = ("step", "offset", "context", "edition")


@dataclass(frozen=True)
class Pair:
    """One row of variants.tsv: a variant form folded to a standard one."""

    variant: str
    standard: str
    record: str  # "place" (recorded place by place) | "count"
    witnesses: str  # 「叢155 庫156 … /181」: made by the tool
    note: str


@dataclass(frozen=True)
class Place:
    """One row of orthography.tsv."""

    step: str
    offset: int
    context: str
    edition: str
    forms: dict[str, str]  # siglum → the form written there, LACKING or NOTHING


#: How a pair of variants.tsv is recorded: place by place (orthography.tsv) or counted only.
RECORDS = ("place", "count")
VARIANTS_FORM = Tsv(
    ("variant", "standard", "record", "witnesses", "note"),
    key=("variant",),
    enums={"record": RECORDS},
    required=("variant", "standard"),
)
#: orthography.tsv: the fixed columns, then one per witness (the column row names them).
FORM = Tsv(FIXED, more=True, key=("step", "offset"), types={"offset": integer})


def pairs_from(table: Table) -> list[Pair]:
    """The folding table of a variants.tsv read by :func:`.datafile.read_tsv`, in file order."""
    return [Pair(*(row[c] for c in VARIANTS_FORM.columns)) for row in table.rows]


def load_pairs(path: Path) -> list[Pair]:
    """The folding table, in file order (the rows that can be read)."""
    return pairs_from(read_tsv(path, VARIANTS_FORM))


def witnesses_of(table: Table) -> tuple[str, ...]:
    """The sigla of the witnesses the record has a column for, in its order."""
    return tuple(table.columns[len(FIXED) :])


def witnesses(path: Path) -> tuple[str, ...]:
    """The sigla of the witnesses the record has a column for, in its order."""
    return witnesses_of(read_tsv(path, FORM))


def recorded(pairs: list[Pair]) -> dict[str, tuple[str, ...]]:
    """standard → its variants, for the pairs recorded place by place (file order)."""
    out: dict[str, tuple[str, ...]] = {}
    for p in pairs:
        if p.record == "place":
            out[p.standard] = (*out.get(p.standard, ()), p.variant)
    return out


def places_from(table: Table) -> list[Place]:
    """The per-place record of an orthography.tsv read by :func:`.datafile.read_tsv`."""
    sigla = witnesses_of(table)
    return [
        Place(
            row["step"], row["offset"], row["context"], row["edition"], {s: row[s] for s in sigla}
        )
        for row in table.rows
    ]


def load_places(path: Path) -> list[Place]:
    """The per-place record (the rows that can be read)."""
    return places_from(read_tsv(path, FORM))


def counts(places: list[Place]) -> dict[str, dict[str, Counter]]:
    """edition form → siglum → Counter of the cells written at its places."""
    out: dict[str, dict[str, Counter]] = {}
    for p in places:
        per = out.setdefault(p.edition, {s: Counter() for s in p.forms})
        for s, form in p.forms.items():
            per[s][form] += 1
    return out


def witness_form(step_text: str, place: Place, siglum: str) -> str:
    """The character witness ``siglum`` writes at ``place`` of a step's edited text.

    ValueError if the edition does not print the recorded form there (the record is stale).
    """
    if step_text[place.offset : place.offset + len(place.edition)] != place.edition:
        raise ValueError(f"{place.step}:{place.offset}: the edition does not print {place.edition}")
    return place.forms[siglum]
