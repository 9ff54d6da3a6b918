"""The ``xsvertical`` builder: the vertical book's LaTeX from the domain's records.

It reads the edition like every builder, then writes one file, ``<edition id>-zhipai.tex``
(``xs_vertical_name``), with the style file, its Lua helpers and the metric beside it;
``make vertical`` runs LuaLaTeX on it. Nothing here knows a fact of one text: the book's words
and measures are the edition's configuration (``xs_vertical_*``) and its ``edition.toml``.
"""

from __future__ import annotations

import shutil
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.environment import BuildEnvironment

from ..components.apparatus.placement import apparatus_for
from ..core.apparatus import BASE_ROLE
from ..core.numerals import classical_number
from ..domain import xs_domain
from ..state import edition_of
from . import layout, records, tex

LATEX = Path(__file__).parent.parent / "latex"
#: The files the document needs beside it.
SUPPORT = ("xsvertical.sty", "xsvertical.lua", "jfm-xszhv.lua")
#: What the book is, under its title on the title page: with modern punctuation (標點), or
#: without (``xs_vertical_baiwen``; not 白文本: 白文 is the text without its 注, and this book
#: prints them), so that the two books are told apart by their title pages.
KIND_PUNCTUATED = "標點本"
KIND_BAIWEN = "無標點本"
#: The title of the 凡例 after the title page (``xs_vertical_conventions``), and the label of
#: its item of the sigla, made from the sigla table: the 校記 cite the witnesses by them.
CONVENTIONS_TITLE = "凡例"
SIGLA_LABEL = "校本"
#: The count of the characters after the 尾題, in 雙行夾注 as the 經注本 print it (the 四部叢刊本
#: of the 儀禮: 「經三千六百四十五字　注六千九百一十五字」): the 經's, the 注's.
COUNT_FORMS = ("經{}字", "注{}字")
#: The roles of the sigla a 校記 cites (the base text and the collated witnesses).
CITED_ROLES = (BASE_ROLE, "witness")


def sigla_item(env: BuildEnvironment) -> tuple[str, str] | None:
    """The 凡例's item of the sigla: each siglum a 校記 may cite with its witness's name, in
    the table's order (底（底本）、叢（四部叢刊本）……), or None without a sigla table."""
    sigla = apparatus_for(env).sigla
    named = [
        f"{siglum}（{row.get('name') or siglum}）"
        for siglum, row in sigla.items()
        if row.get("role") in CITED_ROLES
    ]
    return (SIGLA_LABEL, "、".join(named) + "。") if named else None


def count_columns(columns: list[layout.Column]) -> list[layout.Column]:
    """The column after the 尾題 that counts the characters of the text's 經 and 注, in
    雙行夾注 (the 注's count left out where the book prints no 注; no column for no text)."""
    words = [
        form.format(classical_number(n))
        for form, n in zip(COUNT_FORMS, layout.counts(columns), strict=True)
        if n
    ]
    if not words:
        return []
    return [layout.Column("text", [layout.Jiazhu(words[0], "".join(words[1:]))])]


def design_of(config: Any) -> tex.Design:
    return tex.Design(
        paper=config.xs_vertical_paper,
        size=float(config.xs_vertical_size),
        cells=config.xs_vertical_cells,
        lines=config.xs_vertical_lines,
    )


def book_records(
    env: BuildEnvironment, config: Any
) -> tuple[list[layout.Part], dict[int, tex.Note], dict[str, str]]:
    """The parts of the book (one per document holding phases), the 校記 by number, and the
    step ids by printed label."""
    domain = xs_domain(env)
    numbers = domain.data["numbers"]
    steps = domain.ordered_steps()
    # The notes the steps hold: read and checked once, by the engine's commentary glue
    # (components/commentary.py), which says where a row cannot be placed.
    notes: dict[str, tuple[layout.Note, ...]] = {}
    if config.xs_vertical_commentary:
        notes = {sid: records.notes(rec.commentary) for sid, rec in steps if rec.commentary}
    by_phase: dict[str, list[layout.Step]] = {}
    apparatus: dict[int, tex.Note] = {}
    ids: dict[str, str] = {}
    labels = {sid: str(numbers[sid][0]) for sid, _ in steps}
    id_regex = edition_of(env).step_id_regex
    # The book without punctuation prints no 校記 of punctuation: it has nothing to show.
    unprinted = apparatus_for(env).of_punctuation if config.xs_vertical_baiwen else frozenset()
    for sid, rec in steps:
        label = labels[sid]
        ids[label] = sid
        printed = [p for p in rec.apparatus if p.entry_id not in unprinted]
        places = [(p.end, p.label) for p in printed]
        for p in printed:
            if p.label.isdigit() and p.parts is not None:
                note = tex.folio_refs(tex.step_refs(p.parts.note, labels, id_regex))
                apparatus[int(p.label)] = tex.Note(
                    int(p.label), p.parts.lemma, tuple(p.parts.readings), note
                )
        by_phase.setdefault(rec.section, []).append(
            layout.Step(sid, label, rec.text, notes.get(sid, ()), records.markers(places))
        )
    parts: list[layout.Part] = []
    current = ""
    phases: list[layout.Phase] = []
    for phase_id, phase in domain.ordered_phases():
        if phase.docname != current:
            if phases:
                parts.append(layout.Part(_title(env, current), tuple(phases)))
            current, phases = phase.docname, []
        phases.append(layout.Phase(phase.title, tuple(by_phase.get(phase_id, []))))
    if phases:
        parts.append(layout.Part(_title(env, current), tuple(phases)))
    return parts, apparatus, ids


def _title(env: BuildEnvironment, docname: str) -> str:
    title = env.titles.get(docname)
    return title.astext() if title is not None else docname


class VerticalBuilder(Builder):
    """Writes the vertical book's ``.tex`` (the LaTeX run is ``make vertical``'s)."""

    name = "xsvertical"
    format = "xsvertical"
    epilog = "The vertical book's LaTeX is in %(outdir)s."
    allow_parallel = True

    def get_outdated_docs(self) -> str:
        return "the vertical book"

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        return ""

    def prepare_writing(self, docnames: AbstractSet[str]) -> None:
        pass

    def write_doc(self, docname: str, doctree: Any) -> None:
        pass

    def write_documents(self, docnames: AbstractSet[str]) -> None:
        """No page is written: the book is one file, from the domain's data (:meth:`finish`)."""

    def finish(self) -> None:
        config = self.config
        edition = edition_of(self.env)
        parts, notes, ids = book_records(self.env, config)
        design = design_of(config)
        columns = layout.layout(parts, design.cells, baiwen=config.xs_vertical_baiwen)
        columns = [
            *map(layout.title_column, config.xs_vertical_head),
            *columns,
            *map(layout.title_column, config.xs_vertical_tail),
            *(count_columns(columns) if config.xs_vertical_counts else []),
        ]
        book = tex.Book(
            title=config.xs_vertical_title or edition.label,
            chapter=edition.label,
            right=config.xs_vertical_title_right,
            left=config.xs_vertical_title_left,
            colophon=tuple(tuple(item) for item in config.xs_vertical_colophon),
            conventions_title=CONVENTIONS_TITLE,
            conventions=tuple(
                item
                for item in (sigla_item(self.env), *map(tuple, config.xs_vertical_conventions))
                if item is not None
            ),
            kind=KIND_BAIWEN if config.xs_vertical_baiwen else KIND_PUNCTUATED,
            pdf_title=config.xs_vertical_pdf_title or config.xs_edition_title,
            pdf_author=config.author or "",
            pdf_subject=config.xs_vertical_pdf_subject,
            lang=edition.lang,
            ids=ids,
        )
        out = Path(self.outdir)
        out.mkdir(parents=True, exist_ok=True)
        name = config.xs_vertical_name or f"{edition.id}-zhipai"
        target = out / f"{name}.tex"
        text = tex.document(columns, notes, design, book)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
        for support in SUPPORT:
            shutil.copyfile(LATEX / support, out / support)


def setup_vertical(app: Sphinx) -> None:
    app.add_builder(VerticalBuilder)
