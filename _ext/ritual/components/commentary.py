"""Sphinx side of the commentary printed with the text (鄭注): each note after its lemma.

The data and its checks live in :mod:`.commentary` (pure). Here the edition's
``commentary.tsv`` is read once per build; while a step is read, each of its notes is checked
against the step's edited text and put into the text as a :class:`~.nodes.commentary_note`
right after its lemma (after any apparatus marker there, and outside a term's link), and the
notes go into the step's record (:attr:`~.domain.StepRecord.commentary`), from which the
inventory (object type ``commentary``) and ``edition.json`` are made.

The errata of the commentary (``commentary-errata.tsv``, :mod:`.commentary_errata`): the
places where the note's witness reads against the others are marked in the note's node (the
writers mark them) and listed by the directive ``xs:commentary-errata``.

Warnings, each at its row of the file: a row whose cells say no note (``builder-inited``; a
short row, a duplicate id … are the strict reader's, :mod:`.datafiles`);
a note whose witness (or the witness that supplies a part of it) is not a siglum of the
edition (``builder-inited``); a note outside its step, or whose lemma the step no longer reads
(while the step is read); a note naming a step that no page declares, or a lemma across steps
whose ``from`` is not an earlier step or lies outside it (``env-check-consistency``); a row of
the errata that cannot stand, or that overlaps an earlier one (``builder-inited``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from .. import nodes as xsnodes
from ..core import commentary, commentary_errata
from ..core.orthography import variant_pairs
from ..datafiles import table
from ..domain import xs_domain
from ..events import STAGE_EXTRAS
from ..i18n import _
from ..node_edits import index_of, spans_of
from ..state import build_state, edition_of
from ..warnings import XsWarning, warn


@dataclass
class CommentaryData:
    """The build's commentary: its notes by step, the problems of its rows, its file."""

    path: Path
    notes: list[commentary.Note] = field(default_factory=list)
    problems: list[commentary.Problem] = field(default_factory=list)
    fold: dict[str, str] = field(default_factory=dict)
    #: the rows of commentary-errata.tsv, and its path (checked: :func:`check_rows`)
    errata: list[commentary_errata.Erratum] = field(default_factory=list)
    errata_path: Path | None = None
    bad_errata: list[tuple[commentary_errata.Erratum, str]] = field(default_factory=list)
    errata_of: dict[str, list[commentary_errata.Erratum]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_step = commentary.by_step(self.notes)
        self.by_id = {note.id: note for note in self.notes}

    def location(self, line: int) -> str:
        return f"{self.path}:{line}"


def commentary_for(env: BuildEnvironment) -> CommentaryData:
    """The edition's commentary (none when it has no ``commentary.tsv``), read once per build."""
    edition = edition_of(env)

    def read() -> CommentaryData:
        path = edition.path("commentary")
        if not path.is_file():
            return CommentaryData(path)
        # The strict reader says what is wrong with the file and its rows (a short row, an id
        # given twice …, see datafiles.check_data_files); what a whole row says wrong is said here.
        rows = table(env, "commentary")
        notes, problems = commentary.notes_from((r.line, r.values) for r in rows)
        data = CommentaryData(path, notes, problems, variant_pairs(table(env, "variants")))
        if edition.has("commentary_errata"):
            data.errata_path = edition.path("commentary_errata")
            rows = table(env, "commentary_errata")
            errata = commentary_errata.errata_from((r.line, r.values) for r in rows)
            sigla = [str(r.values["siglum"]) for r in table(env, "sigla")]
            data.errata, data.bad_errata = commentary_errata.checked(errata, data.by_id, sigla)
            data.errata_of = commentary_errata.by_note(data.errata)
        return data

    return build_state(env).file("commentary", read)


def place_notes(
    env: BuildEnvironment, step_id: str, body: nodes.Element, text: str
) -> tuple[commentary.Note, ...]:
    """Put the step's notes into ``body`` (its edited text, ``text``) after their lemmas;
    return the notes placed. A note that cannot stand in the step is said, and left out."""
    data = commentary_for(env)
    notes = data.by_step.get(step_id, [])
    if data.path.is_file():
        env.note_dependency(str(data.path))
    if data.errata_path is not None:
        env.note_dependency(str(data.errata_path))
    if not notes:
        return ()

    def fold(s: str) -> str:
        return "".join(data.fold.get(c, c) for c in s)

    readings = _readings(body)
    placed = []
    for note in notes:
        why = commentary.misplaced(note, text, fold) or _inside_a_reading(note, readings)
        if why:
            warn(why, XsWarning.COMMENTARY_ANCHOR, data.location(note.line))
            continue
        placed.append(note)
    # From the last to the first, so that each insertion leaves the offsets before it alone
    # (a note has no text of the step's: the offsets after it would not move either).
    for note in reversed(placed):
        _insert_after(body, note.end, _node(note, data))
    return tuple(placed)


def _readings(body: nodes.Element) -> dict[str, tuple[int, int]]:
    """Each apparatus entry's reading in the step's text: entry id → (start, end)."""
    out: dict[str, tuple[int, int]] = {}
    for node, a, b in spans_of(body, xsnodes.apparatus_lemma, xsnodes.apparatus_ref):
        start, end = out.get(node["entry_id"], (a, b))
        out[node["entry_id"]] = (min(start, a), max(end, b))
    return out


def _inside_a_reading(note: commentary.Note, readings: dict[str, tuple[int, int]]) -> str:
    """Why a note cannot stand where its lemma ends, if that is within an apparatus entry's
    reading: the reading would be underlined through the note, and a copy in another script
    that keeps the reading would keep the note's forms too. A 校記's lemma ends at a break
    of the 注, not across one."""
    for entry_id, (start, end) in readings.items():
        if start < note.end < end:
            return (
                f"the note {note.id} stands within the reading of {entry_id} "
                f"({note.step}:{start}-{end}); let the entry's lemma end at the note, or "
                "before it"
            )
    return ""


def _node(note: commentary.Note, data: CommentaryData) -> xsnodes.commentary_note:
    """The note as a node; its errata (where its witness reads against the others) as
    ``[start, end, their reading, their sigla]`` in its text, for the writers to mark."""
    return xsnodes.commentary_note(
        "",
        note_id=note.id,
        text=note.text,
        witness=note.witness,
        pages=" ".join(note.pages),
        supplied=note.supplied,
        errata=[
            list(mark) for mark in commentary_errata.marks(data.errata_of.get(note.id, []), note)
        ],
    )


#: Inline nodes a note goes after rather than into, when the lemma ends where they end: links
#: (a term, a back-reference formula), an apparatus reading and a kept form (a copy in
#: another script must convert the note: it keeps only the form).
_WRAPPERS = (
    xsnodes.term_ref,
    xsnodes.back_ref,
    xsnodes.apparatus_lemma,
    xsnodes.kept_form,
    xsnodes.plain_term,
    xsnodes.pinyin_char,
)


def _insert_after(body: nodes.Element, offset: int, new: nodes.Node) -> None:
    """Insert ``new`` right after the character before ``offset`` of the body's text: after
    the inline markup that ends there, and after the apparatus markers that follow it."""
    anchor: nodes.Text | None = None
    position = 0
    for text_node in _texts(body):
        end = position + len(text_node)
        if position < offset < end:  # inside a Text node: split it
            left = nodes.Text(str(text_node)[: offset - position])
            right = nodes.Text(str(text_node)[offset - position :])
            parent, i = text_node.parent, index_of(text_node)
            parent[i] = left
            parent.insert(i + 1, right)
            anchor = left
            break
        if end == offset and len(text_node):
            anchor = text_node  # the last one ending here: later ones are empty
        position = end
    if anchor is None:
        body.append(new)
        return
    after: nodes.Node = anchor
    while (
        isinstance(after.parent, _WRAPPERS)
        and after.parent is not body
        and index_of(after) == len(after.parent) - 1
    ):
        after = after.parent
    parent = after.parent
    i = index_of(after) + 1
    while i < len(parent) and isinstance(parent[i], _MARKS):
        i += 1
    parent.insert(i, new)


#: What follows a lemma's last character before its note: the apparatus markers, and a note.
_MARKS = (xsnodes.apparatus_ref, xsnodes.commentary_note)


def _texts(body: nodes.Element) -> list[nodes.Text]:
    """The Text nodes of the step's text, in order (an apparatus marker's number is not text)."""
    out: list[nodes.Text] = []

    def walk(node: nodes.Node) -> None:
        if isinstance(node, nodes.Text):
            out.append(node)
        elif not isinstance(node, _MARKS):
            for child in node.children:
                walk(child)

    walk(body)
    return out


def check_rows(app: Sphinx) -> None:
    """``builder-inited``: the rows of commentary.tsv are well-formed and their ids unique,
    the witnesses they name the edition's sigla; the rows of the errata stand."""
    data = commentary_for(app.env)
    for problem in data.problems:
        warn(problem.message, XsWarning.BAD_COMMENTARY, data.location(problem.line))
    if data.notes:
        sigla = [str(r.values["siglum"]) for r in table(app.env, "sigla")]
        for note in data.notes:
            why = commentary.witness_problem(note, sigla)
            if why:
                warn(why, XsWarning.UNKNOWN_SIGLUM, data.location(note.line))
    for erratum, why in data.bad_errata:
        warn(why, XsWarning.COMMENTARY_ERRATUM, f"{data.errata_path}:{erratum.line}")


def check_steps(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every note names a step that a page declares, and a lemma
    across steps begins before its note's step, within the first step's text."""
    data = commentary_for(env)
    domain = xs_domain(env)
    steps = domain.steps
    order = [sid for sid, _ in domain.ordered_steps()]
    lengths = {sid: len(rec.text) for sid, rec in steps.items()}
    for note in data.notes:
        for step_id in (note.step, note.first):
            if step_id and step_id not in steps:
                warn(
                    f"note {note.id} names step {step_id!r}, which no page declares",
                    XsWarning.COMMENTARY_STEP,
                    data.location(note.line),
                )
        why = commentary.span_problem(note, order, lengths)
        if why:
            warn(why, XsWarning.COMMENTARY_STEP, data.location(note.line))


def export_commentary(app: Sphinx) -> dict[str, list[dict[str, Any]]]:
    """edition.json: each step's notes, with their lemmas' offsets in its text."""
    domain = xs_domain(app.env)
    order = [sid for sid, _ in domain.ordered_steps()]
    return {
        sid: [commentary.exported(note, order) for note in rec.commentary]
        for sid, rec in domain.steps.items()
    }


def stage_commentary(app: Sphinx, ids: list[str]) -> tuple[str, dict[str, list[list[Any]]]]:
    """The stage view's notes (``D.zhu``): by the step's place in the timeline, its notes of
    注 in order, each ``[note id, its words]`` (the marks of a supplied part kept, as on the
    page), then, for a note with errata, their marks ``[[start, end, the others' reading,
    their sigla, the note's witness]]`` (in its words); the stage script shows the notes under
    the step's text, each linked to its note, its errata marked as the page marks them."""
    domain = xs_domain(app.env)
    data = commentary_for(app.env)

    def encoded(note: commentary.Note) -> list[Any]:
        marked = commentary_errata.marks(data.errata_of.get(note.id, []), note)
        errata = [
            [at, end, read, "、".join(sigla), note.witness] for at, end, read, sigla in marked
        ]
        return [note.id, note.text, *([errata] if errata else [])]

    return "zhu", {
        str(i): [encoded(note) for note in domain.steps[sid].commentary]
        for i, sid in enumerate(ids)
        if sid in domain.steps and domain.steps[sid].commentary
    }


#: the characters of a note shown on each side of an erratum in the 凡例's list
CONTEXT = 4


class CommentaryErrataDirective(SphinxDirective):
    """``xs:commentary-errata``: the places where the note's witness reads against the others
    (``commentary-errata.tsv``), as a table: the note (its link), the note's words around the
    place with its reading, the same words with the others' reading, and the grounds (their
    sigla, then the editors' words). The words are kept as the witnesses write them in a copy
    in another script (a conversion made 叢's 「拾袷斂」 「拾夹敛」)."""

    def run(self) -> list[nodes.Node]:
        data = commentary_for(self.env)
        if data.errata_path is None:
            warn(
                "xs:commentary-errata needs the edition's commentary-errata.tsv",
                XsWarning.MISSING_FILE,
                self.get_location(),
            )
            return []
        self.env.note_dependency(str(data.errata_path))
        headers = [_("Note"), _("As printed"), _("The other witnesses"), _("Grounds")]
        # a longtable in print: it runs over a page (a tabulary cannot break)
        tbl = nodes.table(
            classes=["xs-data-table", "xs-zhu-errata", "longtable", "colwidths-given"]
        )
        group = nodes.tgroup(cols=len(headers))
        tbl += group
        group += [nodes.colspec(colwidth=w) for w in (13, 17, 17, 28)]
        head = nodes.thead()
        group += head
        row = nodes.row()
        for text in headers:
            row += nodes.entry("", nodes.paragraph(text=text))
        head += row
        body = nodes.tbody()
        group += body
        ordered = sorted(data.errata, key=lambda e: (data.by_id[e.note].line, e.at))
        for e in ordered:
            note = data.by_id[e.note]
            before = note.text[max(0, e.at - CONTEXT) : e.at]
            after = note.text[e.end : e.end + CONTEXT]
            ref = addnodes.pending_xref(
                "", refdomain="xs", reftype="commentary", reftarget=e.note, refexplicit=False
            )
            ref += nodes.literal(e.note, e.note, classes=["xs-nowrap"])
            grounds = "、".join(e.witnesses)
            grounds += "；" + e.evidence if e.evidence else ""
            row = nodes.row()
            row += nodes.entry("", nodes.paragraph("", "", ref))
            for reading in (e.reads, e.read):
                para = nodes.paragraph()
                para += xsnodes.kept_form(before, before)
                para += nodes.strong("", "", xsnodes.kept_form(reading, reading))
                para += xsnodes.kept_form(after, after)
                row += nodes.entry("", para)
            row += nodes.entry("", nodes.paragraph(text=grounds))
            body += row
        return [tbl]


def setup_commentary(app: Sphinx) -> None:
    """The commentary in the build: its rows checked, its notes' steps checked, its notes in
    ``edition.json`` (the notes are placed by the step directive, :func:`place_notes`)."""
    app.add_directive_to_domain("xs", "commentary-errata", CommentaryErrataDirective)
    app.connect("builder-inited", check_rows)
    app.connect("env-check-consistency", check_steps)
    app.connect(STAGE_EXTRAS, stage_commentary)
