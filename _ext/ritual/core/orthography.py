"""The edition's normalisations as data: the folding table and the per-place record.

Why: the base text writes standard forms (於, 個, 旃 …) where the witnesses write other forms
(于, 个, 旜 …).  Mostly the edition keeps the base's form: a policy, not a fact about the
witnesses, so it is declared with the facts.  The edition's ``variants.tsv`` lists every folded
pair with what the witnesses write (column ``witnesses``), and its ``orthography.tsv`` records,
for the pairs recorded place by place, every place where the base writes the standard form,
what the edition prints there and what each witness writes.  Two pairs are the base web copy's
conversion from simplified characters (``record`` = ``converted``: 于 → 於, 个 → 個): where no
witness that has the passage writes the base's form, the edition prints the witnesses' form
(:func:`printed_form`), as a class of corrections declared once in the 凡例 rather than a 校記
at each place.  The build applies the record to the page's text (which stays the base text, as
the step registry fingerprints it); from the edition's text and the record the base's form and
each witness's form at every place are recovered.  Both files are made by
``python -m tools.orthography`` from the witnesses; this module only reads them, decides and
counts (pure Python, no Sphinx), for the build, the 凡例's table (``xs:orthography``) and the
tests.
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
FIXED = ("step", "offset", "context", "base", "edition")


@dataclass(frozen=True)
class Pair:
    """One row of variants.tsv: a variant form folded to a standard one."""

    variant: str
    standard: str
    record: str  # "place" | "converted" (recorded place by place) | "count"
    witnesses: str  # 「叢155 庫156 … /181」: made by the tool
    note: str


@dataclass(frozen=True)
class Place:
    """One row of orthography.tsv."""

    step: str
    offset: int
    context: str
    base: str  # the base text's form (the page's, the apparatus applied)
    edition: str  # the form the edition prints: the base's, or the witnesses' (printed_form)
    forms: dict[str, str]  # siglum → the form written there, LACKING or NOTHING
    line: int = 0  # the row's line in orthography.tsv (for warnings)

    @property
    def corrected(self) -> bool:
        """The edition prints another form than the base's here."""
        return self.edition != self.base


#: How a pair of variants.tsv is recorded: place by place (orthography.tsv; ``converted``: the
#: base's form is its conversion from simplified characters, corrected by :func:`printed_form`)
#: or counted only.
PLACE, CONVERTED, COUNT = "place", "converted", "count"
RECORDS = (PLACE, CONVERTED, COUNT)
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
        if p.record in (PLACE, CONVERTED):
            out[p.standard] = (*out.get(p.standard, ()), p.variant)
    return out


def places_from(table: Table) -> list[Place]:
    """The per-place record of an orthography.tsv read by :func:`.datafile.read_tsv`."""
    sigla = witnesses_of(table)
    return [
        Place(
            row["step"],
            row["offset"],
            row["context"],
            row["base"],
            row["edition"],
            {s: row[s] for s in sigla},
            row.line,
        )
        for row in table.rows
    ]


def load_places(path: Path) -> list[Place]:
    """The per-place record (the rows that can be read)."""
    return places_from(read_tsv(path, FORM))


def converted(pairs: list[Pair]) -> dict[str, str]:
    """standard → the variant the edition prints for it, for the pairs of the base's conversion
    from simplified characters (``record`` = ``converted``)."""
    return {p.standard: p.variant for p in pairs if p.record == CONVERTED}


def printed_form(base: str, forms: dict[str, str], converted_pairs: dict[str, str]) -> str:
    """The form the edition prints where the base writes ``base`` and the witnesses ``forms``.

    The base's form, unless it is the conversion of a simplified form (``converted_pairs``)
    and no witness that has the passage writes it while one writes the simplified form: then
    the witnesses' form (于, 个).  A witness's slip (楊's 人 for 个) is no witness to 個.
    """
    variant = converted_pairs.get(base)
    written = [f for f in forms.values() if f not in (LACKING, NOTHING)]
    if variant is None or base in written or variant not in written:
        return base
    return variant


def _swap(text: str, places: list[Place], reads: str, prints: str) -> str:
    """``text`` with each place's ``prints`` form (a field of :class:`Place`) where it
    ``reads`` its other one; ValueError if the text does not (the record is stale)."""
    chars = list(text)
    for p in places:
        if text[p.offset : p.offset + 1] != getattr(p, reads):
            raise ValueError(f"{p.step}:{p.offset}: the text does not read {getattr(p, reads)}")
        chars[p.offset] = getattr(p, prints)
    return "".join(chars)


def apply(text: str, places: list[Place]) -> str:
    """A step's text (the base's forms at ``places``) with the edition's forms printed."""
    return _swap(text, places, "base", "edition")


def restore(text: str, places: list[Place]) -> str:
    """The inverse of :func:`apply`: the edition's text with the base's forms put back."""
    return _swap(text, places, "edition", "base")


def counts(places: list[Place]) -> dict[str, dict[str, Counter]]:
    """base form → siglum → Counter of the cells written at its places."""
    out: dict[str, dict[str, Counter]] = {}
    for p in places:
        per = out.setdefault(p.base, {s: Counter() for s in p.forms})
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


def variant_pairs(rows: Table) -> dict[str, str]:
    """The edition's ``variants.tsv`` (the witnesses' variant forms and the standard forms the
    edition prints: 衆 → 眾, 賔 → 賓) as variant → standard; one character each; none when the
    edition has no such file."""
    return {
        p.variant: p.standard
        for p in pairs_from(rows)
        if len(p.variant) == 1 and len(p.standard) == 1
    }
