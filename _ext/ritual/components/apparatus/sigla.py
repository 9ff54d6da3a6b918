"""``xs:sigla`` and ``xs:apparatus-summary``: the apparatus's conventions, from its data.

The sigla table and the count of editorial decisions are printed from ``sigla.tsv`` and
``apparatus.toml`` themselves (``:series: translation``: the corrections of the base
translation, ``translation-apparatus.toml``, by the kinds ``edition.toml`` declares), so the
front matter cannot drift from the data it describes.
Both produce plain docutils tables, which every builder renders.
"""

from __future__ import annotations

import re
from collections import Counter

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from ...i18n import _
from ...state import edition_of
from .placement import apparatus_for, translation_apparatus_for

#: A witness's role (sigla.tsv) → its words in the catalog.
ROLE_LABELS = {
    "base": "base text",
    "witness": "collated witness",
    "auxiliary": "consulted, not counted",
    "not-collated": "not collated",
}


def table(headers: list[str], rows: list[list[str]], widths: list[int]) -> nodes.table:
    """A simple table node (header row + body rows of text)."""
    tbl = nodes.table(classes=["xs-data-table"])
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    group += [nodes.colspec(colwidth=w) for w in widths]
    head = nodes.thead()
    group += head
    for cells, parent in [(headers, head)] + [(r, None) for r in rows]:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=cell)
            row += entry
        if parent is not None:
            parent += row
        else:
            if len(group.children) == len(widths) + 1:
                group += nodes.tbody()
            group[-1] += row
    return tbl


def short_commits(text: str) -> str:
    """Abbreviate 40-digit commit hashes to 12 (as git does); the data keeps them whole."""
    return re.sub(r"\b([0-9a-f]{12})[0-9a-f]{28}\b", r"\1", text)


class SiglaDirective(SphinxDirective):
    """The sigla: siglum and name, role in the apparatus, edition, source and licence.

    A definition list rather than a table: the descriptions are long, and a five-column
    table is unreadable on a phone and in a B5 page.
    """

    def run(self) -> list[nodes.Node]:
        data = apparatus_for(self.env)
        self.env.note_dependency(str(data.sigla_path))
        dl = nodes.definition_list(classes=["xs-sigla"])
        for siglum, row in data.sigla.items():
            item = nodes.definition_list_item()
            role = _(ROLE_LABELS[row["role"]]) if row["role"] in ROLE_LABELS else row["role"]
            item += nodes.term(
                "", "", nodes.strong(text=siglum), nodes.Text(f"　{row['name']}（{role}）")
            )
            definition = nodes.definition()
            definition += nodes.paragraph(text=row["description"])
            source = nodes.paragraph(classes=["xs-siglum-source"])
            where = short_commits(row["source"])
            # a repository's coordinates are code; a description of a source (the base
            # text's: a web copy) is prose, and in a code face its CJK would be set apart
            source += nodes.literal(text=where) if where.isascii() else nodes.Text(where)
            source += nodes.Text(f"；{row['licence']}")
            definition += source
            item += definition
            dl += item
        return [dl]


class ApparatusSummaryDirective(SphinxDirective):
    """How many decisions of each kind the apparatus records (``:series: translation``: how
    many corrections of each kind the translation's apparatus makes, in how many steps)."""

    option_spec = {"series": lambda arg: directives.choice(arg, ("text", "translation"))}

    def run(self) -> list[nodes.Node]:
        if self.options.get("series") == "translation":
            return self.translation()
        data = apparatus_for(self.env)
        self.env.note_dependency(str(data.entries_path))
        counts = Counter((e.kind, e.decision) for e in data.entries)
        kinds = edition_of(self.env).apparatus_kinds or {k: k for k, _ in counts}
        rows = [
            [
                label,
                str(counts[(kind, "emend")]),
                str(counts[(kind, "retain")]),
            ]
            for kind, label in kinds.items()
        ]
        rows.append(
            [
                _("Total"),
                str(sum(v for (k, d), v in counts.items() if d == "emend")),
                str(sum(v for (k, d), v in counts.items() if d == "retain")),
            ]
        )
        heads = [_("Kind"), _("Emended (emend)"), _("Kept (retain)")]
        return [table(heads, rows, [20, 10, 10])]

    def translation(self) -> list[nodes.Node]:
        data = translation_apparatus_for(self.env)
        self.env.note_dependency(str(data.entries_path))
        places = Counter(e.kind for e in data.entries)
        steps = Counter(kind for kind, _step in {(e.kind, e.step) for e in data.entries})
        kinds = edition_of(self.env).translation_kinds
        rows = [[label, str(places[kind]), str(steps[kind])] for kind, label in kinds.items()]
        rows.append([_("Total"), str(len(data.entries)), str(len({e.step for e in data.entries}))])
        return [table([_("Kind"), _("Places"), _("Steps")], rows, [20, 10, 10])]
