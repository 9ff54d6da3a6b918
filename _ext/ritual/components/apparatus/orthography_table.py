"""``xs:orthography``: the edition's silent normalisations, counted from their record.

Why: the 凡例 says where the base writes 於, 個, 旃 … and the witnesses 于, 个, 旜 …, and what
the edition prints there; the numbers that make that statement true are counted here from the
edition's ``orthography.tsv`` (made from the witnesses by ``python -m tools.orthography``), so
the page cannot drift from the data.  One row per form of the base for a pair recorded place by
place; how often the edition prints each form there (「于137 於44」: the correction of the
base's conversion from simplified characters); one cell per witness: how often it writes each
form at those places (「于155 於21 闕5」).
"""

from __future__ import annotations

from collections import Counter

from docutils import nodes
from sphinx.util.docutils import SphinxDirective, SphinxRole

from ... import nodes as xsnodes
from ...core import orthography
from ...datafiles import table
from ...i18n import _
from ...state import edition_of
from ...warnings import XsWarning, warn
from .sigla import table as table_node

#: How the markers of the record are printed (msgids of the catalog).
MARKS = {orthography.LACKING: "lacking", orthography.NOTHING: "nothing"}


def cell(counter, edition: str, variants: tuple[str, ...]) -> str:
    """「于155 於21 闕5」: the variant forms first, then the edition's, then the rest."""
    order = [*variants, edition]
    keys = sorted(counter, key=lambda k: (order.index(k) if k in order else len(order), k))
    return " ".join(f"{_(MARKS[k]) if k in MARKS else k}{counter[k]}" for k in keys if counter[k])


def rows(pairs, places, sigla: tuple[str, ...]) -> list[list[str]]:
    """The table's rows: the base's form, number of places, the forms the edition prints
    there, one cell per witness."""
    counted = orthography.counts(places)
    out = []
    for standard, variants in orthography.recorded(pairs).items():
        per = counted.get(standard)
        if not per or not sigla:
            continue
        total = sum(per[sigla[0]].values())
        label = f"{standard}（{'、'.join(variants)}）"
        printed = Counter(p.edition for p in places if p.base == standard)
        out.append(
            [label, str(total), cell(printed, standard, variants)]
            + [cell(per[s], standard, variants) for s in sigla]
        )
    return out


def keep_forms(node: nodes.Element, forms: set[str]) -> None:
    """Each character of ``forms`` in the text under ``node`` as a :class:`~.nodes.kept_form`:
    a copy of the page in another script prints it as written (converted, the row 「於（于）」
    would read 「于（于）」, and the 凡例's distinctions would vanish)."""
    for text in list(node.findall(nodes.Text)):
        if not any(ch in forms for ch in text):
            continue
        pieces: list[nodes.Node] = []
        run = ""
        for ch in str(text):
            if ch in forms:
                if run:
                    pieces.append(nodes.Text(run))
                    run = ""
                pieces.append(xsnodes.kept_form(ch, ch))
            else:
                run += ch
        if run:
            pieces.append(nodes.Text(run))
        text.parent.replace(text, pieces)


def _unbroken(cell: str) -> list[nodes.Node]:
    """A cell's counts (「于155 於21 闕5」), each a form with its number that a line never
    parts (``xs-nowrap``): a narrow column broke 「於 / 21」 in print. In print each stands on
    a line of its own, as the narrow columns set most of them: left to break where it would,
    TeX set 「閒6 間3」 on one line 5.9pt wider than its column."""
    out: list[nodes.Node] = []
    for i, token in enumerate(cell.split(" ")):
        if i:
            out.append(nodes.inline(" ", " ", classes=["xs-cellbreak"]))  # a space on the site
        out.append(nodes.inline(token, token, classes=["xs-nowrap"]))
    return out


class FormRole(SphinxRole):
    """``{xs:form}`衆``` in the prose: a form quoted as a form (the 凡例's 「衆」作「眾」, the
    search page's 「賔」), which a copy in another script must print as written: converted,
    「衆」作「眾」 would read 「众」作「众」."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        return [xsnodes.kept_form(self.rawtext, self.text)], []


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
        headers = [_("Base text (the witnesses’ forms)"), _("Count"), _("This edition"), *sigla]

        node = table_node(headers, body, [14, 4, 10] + [12] * len(sigla))
        forms = {ch for p in pairs for ch in (p.standard + p.variant)}
        for tbody in node.findall(nodes.tbody):
            for row in tbody.findall(nodes.row):
                for entry in row.children[2:]:  # the counts (the forms' label may break)
                    para = entry[0]
                    cell = para.astext()
                    para.children = []
                    para.extend(_unbroken(cell))
            keep_forms(tbody, forms)
        return [node]
