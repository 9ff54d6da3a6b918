"""``xs:orthography``: the edition's silent normalisations, counted from their record.

Why: the 凡例 says that the edition prints 於, 個, 旃 … where the witnesses write 于, 个, 旜 …;
the numbers that make that statement true are counted here from the edition's
``orthography.tsv`` (made from the witnesses by ``python -m tools.orthography``), so the page
cannot drift from the data.  One row per form the edition prints for a pair recorded place by
place; one cell per witness: how often it writes each form at those places (「于155 於21 闕5」).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .. import orthography
from ..datafiles import table
from ..state import edition_of
from ..warnings import XsWarning, warn
from .sigla import table as table_node

#: How the markers of the record are printed.
MARKS = {orthography.LACKING: "闕", orthography.NOTHING: "無"}


def cell(counter, edition: str, variants: tuple[str, ...]) -> str:
    """「于155 於21 闕5」: the variant forms first, then the edition's, then the rest."""
    order = [*variants, edition]
    keys = sorted(counter, key=lambda k: (order.index(k) if k in order else len(order), k))
    return " ".join(f"{MARKS.get(k, k)}{counter[k]}" for k in keys if counter[k])


def rows(pairs, places, sigla: tuple[str, ...]) -> list[list[str]]:
    """The table's rows: edition form, number of places, one cell per witness."""
    counted = orthography.counts(places)
    out = []
    for standard, variants in orthography.recorded(pairs).items():
        per = counted.get(standard)
        if not per or not sigla:
            continue
        total = sum(per[sigla[0]].values())
        label = f"{standard}（{'、'.join(variants)}）"
        out.append([label, str(total)] + [cell(per[s], standard, variants) for s in sigla])
    return out


class OrthographyDirective(SphinxDirective):
    """The counts of the recorded normalisations, per witness (the record's columns)."""

    def run(self) -> list[nodes.Node]:
        edition = edition_of(self.env)
        for role in ("variants", "orthography"):
            path = edition.path(role)
            if not path.is_file():
                warn(
                    f"xs:orthography needs the edition's {path.name}",
                    XsWarning.MISSING_FILE,
                    self.get_location(),
                )
                return []
            self.env.note_dependency(str(path))
        record = table(self.env, "orthography")
        sigla = orthography.witnesses_of(record)
        pairs = orthography.pairs_from(table(self.env, "variants"))
        body = rows(pairs, orthography.places_from(record), sigla)
        headers = ["本書（諸本或作）", "處", *sigla]
        return [table_node(headers, body, [14, 4] + [12] * len(sigla))]
