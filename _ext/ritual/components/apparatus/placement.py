"""Sphinx side of the critical apparatus: place entries in steps, list them, export them.

The data and its logic (locating an entry by its context, applying and undoing emendations,
formatting an entry) live in :mod:`.apparatus`, without Sphinx. The pages hold the base text;
here each entry is applied while its step is read: the place becomes
:class:`~.nodes.apparatus_lemma` nodes holding the printed reading (the first carries the
base reading, so a reader can switch to the text as transmitted), followed by an
:class:`~.nodes.apparatus_ref` marker; each phase gets the list of its entries; the entries'
offsets in the edited text go into the domain for ``edition.json``.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable
from functools import cached_property
from typing import Any, NamedTuple

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from ... import nodes as xsnodes
from ...core import apparatus, apparatus_notes, kept, orthography, translation_apparatus
from ...core.datafile import Document, Problem, Table
from ...datafiles import document, table
from ...domain import xs_domain
from ...i18n import _
from ...node_edits import index_of, replace, spans_of
from ...state import build_state, edition_of
from ...warnings import XsWarning, report, warn


class Place(NamedTuple):
    """An apparatus entry placed in its step: offsets into the step's edited text."""

    entry_id: str
    start: int
    end: int
    lemma: str
    readings: tuple[tuple[str, tuple[str, ...]], ...]
    note: str
    label: str
    formatted: str  # ``lemma ] reading sigla；variant sigla``
    pages: tuple[tuple[str, str], ...]  # (siglum, witness page) in sigla order
    parts: apparatus.Formatted | None = None  # the entry as printed, once placed in its step


#: The two series of entries: the 原文's apparatus and the translation's (its corrections of
#: the base 譯文). Markers of the second are numbered apart, with this prefix (a msgid of the
#: catalog: T1, T2 … in English).
TEXT, TRANSLATION = "text", "translation"
LABEL_PREFIX = {TEXT: "", TRANSLATION: "T"}

#: The rubric of each series' list under a phase (msgids of the catalog).
RUBRIC = {TEXT: "Apparatus", TRANSLATION: "Apparatus of the translation"}

Reader = Callable[[Document, str], tuple[list[apparatus.Entry], list[Problem]]]


class ApparatusData:
    """One series of the apparatus of a build: entries by step, sigla in their table's order.

    ``read(document, base_siglum)`` makes the entries of the entries file (the 原文's by
    default), read by the strict reader (:mod:`.datafiles`: what is wrong with the file itself
    is warned there)."""

    def __init__(
        self,
        entries: Document,
        sigla: Table,
        kinds: tuple[str, ...] = (),
        series: str = TEXT,
        read: Reader | None = None,
        kept_kinds: frozenset[str] | None = None,
    ) -> None:
        self.entries_path = entries.path
        self.sigla_path = sigla.path
        self.series = series
        #: the kinds whose lemma a copy in another script keeps; None: every entry's (the
        #: 原文's apparatus speaks of the witnesses' forms)
        self.kept_kinds = kept_kinds
        if read is None:

            def read(doc: Document, base: str) -> tuple[list[apparatus.Entry], list[Problem]]:
                return apparatus.entries_from(doc, base, kinds)

        # Bad entries and rows are left out and kept as problems for warnings. An edition may
        # have no apparatus yet: no files, no entries.
        self.sigla, sigla_problems = apparatus.sigla_from(sigla)
        self.base_siglum = apparatus.base_siglum(self.sigla)
        self.entries, entry_problems = read(entries, self.base_siglum)
        # the sigla table is the 原文's series' to report (both series read it)
        self.problems = entry_problems + (sigla_problems if series == TEXT else [])
        self.order = list(self.sigla)
        self.set_entries(self.entries)
        self.lines = apparatus.entry_lines(entries)

    def set_entries(self, entries: list[apparatus.Entry]) -> None:
        """The entries of the series (and by step), e.g. once their notes are composed."""
        self.entries = entries
        self.by_step: dict[str, list[apparatus.Entry]] = {}
        for entry in entries:
            self.by_step.setdefault(entry.step, []).append(entry)
        #: the ids of the entries that change punctuation alone (:data:`.PUNCTUATION_KIND`),
        #: which edition.json and the book without punctuation leave out
        self.of_punctuation = frozenset(
            e.id for e in entries if e.kind == apparatus.PUNCTUATION_KIND
        )

    @cached_property
    def witnesses(self) -> list[str]:
        """The collated witnesses' sigla (role ``witness`` in sigla.tsv), in the table's order:
        the sigla a composed note may say "lacks the passage" of."""
        return [s for s, row in self.sigla.items() if row.get("role") == "witness"]

    def keeps(self, entry: apparatus.Entry) -> bool:
        """Whether a copy of the page in another script prints the entry's lemma, and the
        forms its note quotes, as the edition does (:mod:`.kept`). A change of punctuation
        alone speaks of no form: its lemma and note are converted with the text."""
        if entry.kind == apparatus.PUNCTUATION_KIND:
            return False
        return self.kept_kinds is None or entry.kind in self.kept_kinds

    def location(self, entry_id: str) -> str:
        """``file:line`` of an entry in apparatus.toml, for warnings about the data."""
        return f"{self.entries_path}:{self.lines.get(entry_id, 0)}"


def apparatus_for(env: BuildEnvironment) -> ApparatusData:
    """The build's apparatus of the 原文 (read once per build), each note composed: the
    statement of who reads what made from the readings (:mod:`.apparatus_notes`), then the
    editors' reasoning."""
    edition = edition_of(env)

    def read() -> ApparatusData:
        data = ApparatusData(
            document(env, "apparatus"), table(env, "sigla"), tuple(edition.apparatus_kinds)
        )
        data.set_entries(
            [
                dataclasses.replace(
                    e,
                    note=apparatus_notes.compose(
                        e,
                        data.order,
                        data.witnesses,
                        data.base_siglum,
                        edition.apparatus_lacking,
                        edition.apparatus_lacking_default,
                    ),
                )
                for e in data.entries
            ]
        )
        return data

    return build_state(env).file("apparatus", read)


def translation_apparatus_for(env: BuildEnvironment) -> ApparatusData:
    """The build's apparatus of the translation (read once per build; none if the edition has
    no ``translation-apparatus.toml``), its entries held to the kinds and id form the edition
    declares."""
    rules = translation_apparatus.Rules.of(edition_of(env))

    def read(doc: Document, base: str) -> tuple[list[apparatus.Entry], list[Problem]]:
        return translation_apparatus.as_entries(doc, base, rules)

    return build_state(env).file(
        "translation_apparatus",
        lambda: ApparatusData(
            document(env, "translation_apparatus"),
            table(env, "sigla"),
            series=TRANSLATION,
            read=read,
            kept_kinds=edition_of(env).translation_apparatus.kept_kinds,
        ),
    )


def all_series(env: BuildEnvironment) -> tuple[ApparatusData, ApparatusData]:
    """Both series, the 原文's first."""
    return apparatus_for(env), translation_apparatus_for(env)


def _what(data: ApparatusData) -> str:
    """How a warning names an entry of the series."""
    return "apparatus" if data.series == TEXT else "translation apparatus"


def entry_label(entry_id: str, series: str = TEXT) -> str:
    """The marker printed in the text: the entry's number (``app-012`` → ``12``; ``tr-004`` →
    ``譯4``, numbered apart from the 原文's)."""
    digits = entry_id.rsplit("-", 1)[-1]
    prefix = _(LABEL_PREFIX[series]) if LABEL_PREFIX[series] else ""
    return prefix + (str(int(digits)) if digits.isdigit() else entry_id)


# -- applying entries to a step -----------------------------------------------------------------


def _text_nodes(body: nodes.Element) -> list[tuple[nodes.Text, int]]:
    """Text nodes of the step text with their start offsets (markers excluded)."""
    out: list[tuple[nodes.Text, int]] = []
    offset = 0

    def walk(node: nodes.Node) -> None:
        nonlocal offset
        if isinstance(node, nodes.Text):
            out.append((node, offset))
            offset += len(node)
        elif not isinstance(node, xsnodes.apparatus_ref):
            for child in node.children:
                walk(child)

    walk(body)
    return out


def _split(text_node: nodes.Text, cut: int) -> tuple[nodes.Text, nodes.Text]:
    """Replace a Text node by two at ``cut``; return them."""
    parent = text_node.parent
    left, right = nodes.Text(str(text_node)[:cut]), nodes.Text(str(text_node)[cut:])
    index = index_of(text_node)
    parent[index] = left
    parent.insert(index + 1, right)
    return left, right


def _pieces(body: nodes.Element, start: int, end: int) -> list[tuple[nodes.Text, int]]:
    """The Text nodes covering ``[start, end)`` of the body's text, split at its ends, each
    with its offset relative to ``start``."""
    pieces = []
    for text_node, offset in _text_nodes(body):
        lo, hi = max(start, offset), min(end, offset + len(text_node))
        if lo >= hi:
            continue
        node = text_node
        if lo > offset:
            _, node = _split(node, lo - offset)
        if hi < offset + len(text_node):
            node, _ = _split(node, hi - lo)
        pieces.append((node, lo - start))
    return pieces


def _edited_pieces(base: str, lemma: str, spans: list[tuple[int, int]]) -> list[str]:
    """The text each piece of a base reading becomes (``spans``: the pieces' ranges in the
    base reading), following :func:`.apparatus.edit_ops`: kept characters stay in their piece,
    a replacement goes where the replaced characters began, an insertion where it stands (the
    last piece at the very end)."""
    out = ["" for _ in spans]

    def piece_at(i: int) -> int:
        for n, (lo, hi) in enumerate(spans):
            if lo <= i < hi:
                return n
        return len(spans) - 1

    for op, i1, i2, j1, j2 in apparatus.edit_ops(base, lemma):
        if op == "equal":
            for k in range(i2 - i1):
                out[piece_at(i1 + k)] += lemma[j1 + k]
        elif j2 > j1:  # replace or insert: the new characters where the old ones began
            out[piece_at(i1)] += lemma[j1:j2]
    return out


def _empty_term_at(body: nodes.Element, offset: int) -> nodes.Element | None:
    """A term with no surface (``{vessel}`<侯>```: a term the base text lacks, which the
    apparatus supplies) standing at ``offset`` of the text."""
    position = 0

    def walk(node: nodes.Node) -> nodes.Element | None:
        nonlocal position
        if isinstance(node, nodes.Text):
            position += len(node)
            return None
        if isinstance(node, xsnodes.term_ref) and not node.astext() and position == offset:
            return node
        for child in node.children:
            found = walk(child)
            if found is not None:
                return found
        return None

    return walk(body)


def apply_entry(
    body: nodes.Element,
    start: int,
    end: int,
    entry: apparatus.Entry,
    place: Place,
    series: str = TEXT,
    kept: bool = True,
) -> None:
    """Put an entry's reading into the text ``[start, end)`` of the page (the base reading)
    and its marker after it.

    The span becomes :class:`~.nodes.apparatus_lemma` nodes holding the printed reading;
    the first carries the base reading, so that a reader can switch to the text as
    transmitted. A span that crosses inline markup (a term role) is edited piece by piece.
    ``kept``: whether a copy in another script keeps the lemma as printed
    (:meth:`ApparatusData.keeps`).
    """
    emend = entry.decision == "emend"
    lemma = entry.lemma if emend else entry.base
    base = entry.base if emend else entry.lemma
    pieces = _pieces(body, start, end)
    last: nodes.Element
    if not pieces:  # the base has nothing here: the reading goes in at the place
        node = xsnodes.apparatus_lemma("", lemma, base=base, entry_id=place.entry_id, kept=kept)
        term = _empty_term_at(body, start)
        if term is not None:
            term += node
        else:
            _insert_at(body, start, node)
        last = node
    else:
        texts = (
            _edited_pieces(base, lemma, [(lo, lo + len(n)) for n, lo in pieces])
            if emend
            else [str(n) for n, _ in pieces]
        )
        for i, ((text_node, _), text) in enumerate(zip(pieces, texts, strict=True)):
            node = xsnodes.apparatus_lemma(
                "", text, base=base if i == 0 else "", entry_id=place.entry_id, kept=kept
            )
            replace(text_node, node)
            last = node
    marker = xsnodes.apparatus_ref(
        "",
        "",
        entry_id=place.entry_id,
        series=series,
        kept=kept,
        label=place.label,
        number=entry_label(place.entry_id),  # in its series, without the series' mark
        entry_text=place.formatted,
        printed=_printed(place.parts) if place.parts is not None else {},
        note=place.note,
        pages="，".join(f"{s} {p}" for s, p in place.pages),
        lemma=lemma,
        readings=[{"text": t, "witnesses": list(w)} for t, w in place.readings],
    )
    # The marker goes after the term (or the back-reference formula) the lemma ends in, not
    # inside it: both are links (<a>), and a link inside a link is invalid HTML (and a nested
    # hyperlink in LaTeX).
    after = last
    for ancestor in _ancestors(last, body):
        if isinstance(ancestor, (xsnodes.term_ref, xsnodes.back_ref)):
            after = ancestor
    after.parent.insert(index_of(after) + 1, marker)


def _insert_at(body: nodes.Element, offset: int, new: nodes.Node) -> None:
    """Insert ``new`` at ``offset`` of the body's text (splitting a Text node if needed)."""
    anchor_node, anchor_offset = _anchor_for(body, offset)
    if anchor_node is None:
        body.append(new)
        return
    cut = offset - anchor_offset
    if 0 < cut < len(anchor_node):
        _, anchor_node = _split(anchor_node, cut)
        cut = 0
    parent = anchor_node.parent
    parent.insert(index_of(anchor_node) + (0 if cut == 0 else 1), new)


def _ancestors(node: nodes.Node, stop: nodes.Element) -> list[nodes.Element]:
    """The elements above ``node`` up to (not including) ``stop``, nearest first."""
    out = []
    parent = node.parent
    while parent is not None and parent is not stop:
        out.append(parent)
        parent = parent.parent
    return out


def _anchor_for(body: nodes.Element, offset: int) -> tuple[nodes.Text | None, int]:
    """The Text node in which ``offset`` falls (the one it begins, else the one it ends)."""
    found: tuple[nodes.Text | None, int] = (None, 0)
    for text_node, start in _text_nodes(body):
        if start <= offset < start + len(text_node):
            return text_node, start
        if start + len(text_node) == offset:
            found = (text_node, start)
    return found


def lemma_spans(body: nodes.Element) -> dict[str, tuple[int, int]]:
    """entry id → (start, end) of its lemma in the body's (edited) text."""
    spans: dict[str, tuple[int, int]] = {}
    offset = 0

    def walk(node: nodes.Node, entry: str | None) -> None:
        nonlocal offset
        if isinstance(node, nodes.Text):
            offset += len(node)
            return
        if isinstance(node, xsnodes.apparatus_ref):
            return
        if isinstance(node, xsnodes.apparatus_lemma):
            entry = node["entry_id"]
            start = offset
            for child in node.children:
                walk(child, entry)
            lo, hi = spans.get(entry, (start, offset))
            spans[entry] = (min(lo, start), max(hi, offset))
            return
        for child in node.children:
            walk(child, entry)

    walk(body, None)
    return spans


def _place(data: ApparatusData, entry: apparatus.Entry) -> Place:
    """A draft of the entry's place: its parts as printed are final once every entry of the
    step is applied (:func:`place_entries`)."""
    readings = tuple(
        (r.text, apparatus.order_sigla(r.witnesses, data.order)) for r in entry.readings
    )
    parts = apparatus.format_parts(entry, data.order)
    return Place(
        entry.id,
        0,
        0,
        entry.lemma,
        readings,
        entry.note,
        entry_label(entry.id, data.series),
        parts.text,
        tuple((s, entry.pages[s]) for s in apparatus.order_sigla(tuple(entry.pages), data.order)),
        parts,
    )


def place_entries(
    env: BuildEnvironment,
    step_id: str,
    body: nodes.Element,
    location: Any,
    data: ApparatusData | None = None,
) -> tuple[tuple[Place, ...], str]:
    """Apply the step's entries of one series (the 原文's unless ``data`` says otherwise) to
    ``body`` (the page's base text, or its base translation, edited in place); return the
    places (offsets into the edited text) and the base text.

    Entries are applied one at a time (:func:`.apparatus.apply_order`), each where its context
    reads in the text as edited so far."""
    if data is None:
        data = apparatus_for(env)
    if data.entries_path.is_file():
        env.note_dependency(str(data.entries_path))
    base_text = _plain_text(body)
    drafts: dict[str, Place] = {}

    def apply(entry: apparatus.Entry, start: int, end: int) -> str:
        drafts[entry.id] = _place(data, entry)
        apply_entry(body, start, end, entry, drafts[entry.id], data.series, data.keeps(entry))
        return _plain_text(body)

    _, left = apparatus.apply_order(base_text, data.by_step.get(step_id, []), apply)
    for entry in left:
        try:
            apparatus.locate_base(_plain_text(body), entry)
        except ValueError as exc:
            warn(
                f"{_what(data)} entry cannot be placed in {step_id}: {exc}",
                XsWarning.BAD_APPARATUS,
                location,
            )
    spans = lemma_spans(body)
    edited, words = _plain_text(body), term_spans(body)
    entries = {e.id: e for e in data.by_step.get(step_id, [])}
    places = []
    for i, p in drafts.items():
        if i not in spans:
            continue
        start, end = spans[i]
        parts = apparatus.format_parts(entries[i], data.order, edited, start, words)
        places.append(p._replace(start=start, end=end, formatted=parts.text, parts=parts))
    places.sort(key=lambda p: (p.start, p.end))
    # The markers learn the entry as printed only now: an ordinal (唯²) and the place of an
    # empty lemma (主人下) are read in the step's text once every entry is applied.
    by_id = {p.entry_id: p for p in places}
    for marker in body.findall(xsnodes.apparatus_ref):
        place = by_id.get(marker["entry_id"])
        if place is not None and place.parts is not None:
            marker["entry_text"] = place.formatted
            marker["printed"] = _printed(place.parts)
    for a, b in itertools.pairwise(places):
        if b.start < a.end:
            warn(
                f"{_what(data)} entries {a.entry_id} and {b.entry_id} overlap in {step_id}",
                XsWarning.BAD_APPARATUS,
                location,
            )
    return tuple(places), base_text


def orthography_places(env: BuildEnvironment) -> dict[str, tuple[orthography.Place, ...]]:
    """step id → the orthography record's places in its edited text (read once per build;
    none without a record, or with one the 凡例's table reports as unreadable)."""
    path = edition_of(env).path("orthography")

    def read() -> dict[str, tuple[orthography.Place, ...]]:
        out: dict[str, list[orthography.Place]] = {}
        if path.is_file():
            try:
                places = orthography.load_places(path)
            except ValueError:
                return {}
            for place in places:
                out.setdefault(place.step, []).append(place)
        return {step: tuple(places) for step, places in out.items()}

    return build_state(env).file("orthography_places", read)


def keep_forms(
    env: BuildEnvironment, step_id: str, body: nodes.Element
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, str, str], ...]]:
    """Print the orthography record's forms in a step's edited text and mark its kept forms
    (:mod:`.kept`): its apparatus lemmas (but a change of punctuation's) are kept as they
    stand; each place of the record outside them becomes a :class:`~.nodes.kept_form`
    printing the record's ``edition`` form (the base's form in ``base`` where the two differ:
    於 for 于, the base's conversion from simplified characters). Returns the kept spans
    (offsets into the edited text) and the corrections printed, as (offset, base form, edition
    form).

    The substitution is one character for one, so every offset into the text (the apparatus's,
    the 注's lemmas, the terms') stands. A corrected place whose text is not the record's base
    form is said and left as it is: the record is stale (re-run ``python -m tools.orthography``)."""
    path = edition_of(env).path("orthography")
    if path.is_file():
        env.note_dependency(str(path))
    # the lemmas a copy in another script keeps (not a change of punctuation alone)
    lemmas = [
        (a, b)
        for node, a, b in spans_of(body, xsnodes.apparatus_lemma, xsnodes.apparatus_ref)
        if node.get("kept", True)
    ]
    spans = list(lemmas)
    corrections = []
    for place in orthography_places(env).get(step_id, ()):
        offset = place.offset
        if any(a <= offset < b for a, b in lemmas):
            continue
        for text_node, _span in _pieces(body, offset, offset + 1):
            if place.corrected and str(text_node) != place.base:
                warn(
                    f"the orthography record has {place.base} at {step_id}:{offset}, but the "
                    f"text reads {str(text_node)!r} there (re-run python -m tools.orthography)",
                    XsWarning.BAD_ORTHOGRAPHY,
                    f"{path}:{place.line}",
                )
                continue
            # a place printed as the base has it keeps the text's own character (a record made
            # for another text, or a stale one, never writes into the 原文)
            form = xsnodes.kept_form("", place.edition if place.corrected else str(text_node))
            if place.corrected:
                form["base"] = place.base
                corrections.append((offset, place.base, place.edition))
            replace(text_node, form)
            spans.append((offset, offset + 1))
    return kept.merged(spans), tuple(corrections)


def _plain_text(body: nodes.Element) -> str:
    return "".join(str(n) for n, _ in _text_nodes(body))


def term_spans(body: nodes.Element) -> list[tuple[int, int]]:
    """(start, end) of every marked term in the body's text."""
    return [
        (start, end) for _, start, end in spans_of(body, xsnodes.term_ref, xsnodes.apparatus_ref)
    ]


def _printed(parts: apparatus.Formatted) -> dict[str, Any]:
    """The entry as printed, as plain data on its marker (the writers lay it out)."""
    return {
        "word": parts.word,
        "ordinal": parts.ordinal,
        "where": parts.where,
        "readings": [list(r) for r in parts.readings],
        "note": parts.note,
    }


# -- the list under each phase, checks, export -------------------------------------------------


def list_phase_apparatus(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: under each phase, the list of its entries (校記), then the list of its
    translation's corrections (譯文校記)."""
    step_id = re.compile(edition_of(app.env).step_id_regex)
    for marker in list(doctree.findall(xsnodes.phase_marker)):
        section = marker.parent
        if not isinstance(section, nodes.section):
            continue
        refs = [ref for ref in section.findall(xsnodes.apparatus_ref) if _phase_of(ref) is section]
        if not refs:
            continue
        listing = xsnodes.apparatus_list(classes=["xs-apparatus"])
        for series in (TEXT, TRANSLATION):
            of_series = [ref for ref in refs if ref.get("series", TEXT) == series]
            if of_series:
                listing += nodes.rubric("", _(RUBRIC[series]))
                listing += _entry_items(of_series, series, step_id)
        section += listing


def _entry_items(
    refs: list[xsnodes.apparatus_ref], series: str, step_id: re.Pattern[str]
) -> nodes.bullet_list:
    """The list items of one series: back-link, step, the entry as printed, note, pages; a
    step's id in the note (「ab-0026 注」) links to the step."""
    classes = ["xs-apparatus-entries"] + (["xs-translation-apparatus"] if series != TEXT else [])
    items = nodes.bullet_list(classes=classes)
    for ref in refs:
        step_node = ref.parent
        while not isinstance(step_node, xsnodes.step):
            step_node = step_node.parent
        item = nodes.list_item(ids=[ref["entry_id"]])
        para = nodes.paragraph()
        para += nodes.reference(
            "", ref["label"], refid=f"ref-{ref['entry_id']}", classes=["xs-app-back"]
        )
        para += nodes.Text(" ")
        xref = addnodes.pending_xref(
            "",
            refdomain="xs",
            reftype="step",
            reftarget=step_node["step_id"],
            refexplicit=False,
            refwarn=True,
        )
        xref += nodes.inline(step_node["step_id"], step_node["step_id"])
        para += xref
        note = ref.get("note", "")
        # the readings end with NOTE_SEP before a note (outside it: the entry's popup
        # shows the note on a line of its own); the lemma and readings, and the forms the
        # note quotes, are the witnesses' (never converted)
        para += nodes.Text("　")
        para += _entry_nodes(ref)
        if note:
            para += nodes.Text(apparatus.NOTE_SEP)
            forms = [ref["lemma"]] + [r["text"] for r in ref["readings"]]
            note_node = nodes.inline("", "", classes=["xs-app-note"])
            kept = ref.get("kept", True)
            for piece, is_form in apparatus.note_segments(note, forms):
                form = is_form and kept
                note_node += [xsnodes.witness_form("", piece)] if form else _linked(piece, step_id)
            para += note_node
        if ref.get("pages"):
            para += nodes.inline("", f"（{ref['pages']}）", classes=["xs-app-pages"])
        item += para
        items += item
    return items


def _linked(text: str, step_id: re.Pattern[str]) -> list[nodes.Node]:
    """``text`` with each step id in it a link to the step, the id its words (a dangling id
    warns, as every reference to a step does)."""
    out: list[nodes.Node] = []
    pos = 0
    for m in step_id.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos : m.start()]))
        xref = addnodes.pending_xref(
            "", refdomain="xs", reftype="step", reftarget=m.group(0), refexplicit=True
        )
        xref += nodes.inline(m.group(0), m.group(0))
        out.append(xref)
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def _entry_nodes(ref: xsnodes.apparatus_ref) -> list[nodes.Node]:
    """``lemma ] reading sigla；…`` as nodes whose text is the marker's ``entry_text``: the
    lemma and each reading a :class:`~.nodes.witness_form` (never converted), the sigla,
    ordinals and 〔無〕 plain text."""
    printed = ref.get("printed")
    if not printed:
        return [nodes.Text(ref["entry_text"])]

    kept = ref.get("kept", True)

    def form(text: str) -> nodes.Node:
        if text == apparatus.EMPTY or not kept:  # a correction of the sense is converted
            return nodes.Text(text)
        return xsnodes.witness_form("", text)

    out: list[nodes.Node] = [
        form(printed["word"]),
        nodes.Text(apparatus.superscript(printed["ordinal"]) + printed["where"] + " ] "),
    ]
    for i, (text, sigla) in enumerate(printed["readings"]):
        if i:
            out.append(nodes.Text(apparatus.READING_SEP))
        out += [form(text), nodes.Text(f" {sigla}")]
    return out


def _phase_of(node: nodes.Node) -> nodes.Node | None:
    """The nearest section above ``node`` that holds a phase marker."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section) and any(
            isinstance(c, xsnodes.phase_marker) for c in parent.children
        ):
            return parent
        parent = parent.parent
    return None


def check_sigla(app: Sphinx) -> None:
    """``builder-inited``: the apparatus data (both series) is well-formed, and every siglum an
    entry cites is declared in the sigla table."""
    for data in all_series(app.env):
        report(data.problems)
        for entry in data.entries:
            cited = (
                {s for r in entry.readings for s in r.witnesses}
                | set(entry.pages)
                | {slip.witness for slip in entry.slips}
            )
            for siglum in sorted(cited - set(data.sigla)):
                warn(
                    f"{_what(data)} {entry.id} cites undeclared siglum {siglum!r}",
                    XsWarning.UNKNOWN_SIGLUM,
                    data.location(entry.id),
                )


def check_entries_placed(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every entry names a step that exists (and, for a
    correction of the translation, a step that has one)."""
    steps = xs_domain(env).steps
    for data in all_series(env):
        for entry in data.entries:
            rec = steps.get(entry.step)
            if rec is None:
                warn(
                    f"{_what(data)} {entry.id} names step {entry.step!r}, which no page declares",
                    XsWarning.BAD_APPARATUS,
                    data.location(entry.id),
                )
            elif data.series == TRANSLATION and rec.translation is None:
                warn(
                    f"{_what(data)} {entry.id} names step {entry.step!r}, which has no translation",
                    XsWarning.BAD_APPARATUS,
                    data.location(entry.id),
                )


def check_review(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: each row of the review of the base translation
    (``translation-review.tsv``) names a step that a page declares, agrees with itself (a
    changed step names its entries), and names entries of the translation apparatus that are
    its step's (:func:`.translation_apparatus.review_row_problems`)."""
    rows = table(env, "translation_review")
    if not rows.rows:
        return
    entry_steps = translation_apparatus.entry_steps(document(env, "translation_apparatus"))
    problems = translation_apparatus.review_row_problems(
        ((r.line, r.values) for r in rows), xs_domain(env).steps, entry_steps
    )
    for line, message in problems:
        warn(message, XsWarning.BAD_APPARATUS, f"{rows.path}:{line}")


def _exported(places: tuple[Place, ...]) -> list[dict[str, Any]]:
    return [
        {
            "start": p.start,
            "end": p.end,
            "lemma": p.lemma,
            "readings": [{"text": t, "witnesses": list(w)} for t, w in p.readings],
            "note": p.note,
        }
        for p in places
    ]


class DataEntry(NamedTuple):
    """An entry of a step's apparatus as the data lists it (edition.json, the TEI): a 校記
    (``entry_id``) or a form corrected as a class (``entry_id`` empty), which the site and the
    book leave unmarked (the 凡例's 〈字形〉 declares the class) but the data lists place by
    place, so that undoing the apparatus alone gives back the base text."""

    exported: dict[str, Any]
    entry_id: str


def data_entries(env: BuildEnvironment, step_id: str) -> list[DataEntry]:
    """A step's apparatus for the data, in the order of the text: its 校記 and its forms
    corrected as a class (:func:`keep_forms`), each with the readings of the orthography
    record and a note composed as a 校記's is (:mod:`.apparatus_notes`). Made once per build
    (edition.json and the TEI both ask)."""
    return build_state(env).derive(f"apparatus-data:{step_id}", lambda: _data_entries(env, step_id))


def _data_entries(env: BuildEnvironment, step_id: str) -> list[DataEntry]:
    rec = xs_domain(env).steps[step_id]
    data = apparatus_for(env)
    by_id = {e.id: e for e in data.entries if e.step == step_id}
    out = []
    for exported, place in zip(_exported(rec.apparatus), rec.apparatus, strict=True):
        entry = by_id.get(place.entry_id)
        if entry is not None and entry.slips:  # the slip's witness reads the lemma
            exported["readings"] = [
                {"text": r.text, "witnesses": list(r.witnesses)}
                for r in apparatus.witnessed_readings(entry, data.order)
            ]
        out.append(DataEntry(exported, place.entry_id))
    if rec.orthography:
        edition = edition_of(env)
        rank = {s: n for n, s in enumerate(data.order)}
        places = {p.offset: p for p in orthography_places(env).get(step_id, ())}
        for offset, base, form in rec.orthography:
            written: dict[str, list[str]] = {form: [], base: [data.base_siglum]}
            for siglum, text in sorted(
                places[offset].forms.items(), key=lambda kv: rank.get(kv[0], len(rank))
            ):
                if text not in (orthography.LACKING, orthography.NOTHING):
                    written.setdefault(text, []).append(siglum)
            readings = tuple(
                apparatus.Reading(text, tuple(sigla)) for text, sigla in written.items() if sigla
            )
            entry = apparatus.Entry(
                id="",
                seed_line=0,
                step=step_id,
                lemma=form,
                base=base,
                context="",
                decision="emend",
                kind="",
                readings=readings,
                note=edition.apparatus_class_note.format(base=base),
            )
            note = apparatus_notes.compose(
                entry,
                data.order,
                data.witnesses,
                data.base_siglum,
                edition.apparatus_lacking,
                edition.apparatus_lacking_default,
            )
            out.append(
                DataEntry(
                    {
                        "start": offset,
                        "end": offset + 1,
                        "lemma": form,
                        "readings": [
                            {"text": r.text, "witnesses": list(r.witnesses)} for r in readings
                        ],
                        "note": note,
                    },
                    "",
                )
            )
    # in the order of the text; a 校記 before a class form at the same place (stable sort)
    out.sort(key=lambda d: (d.exported["start"], d.exported["end"]))
    return out


def export_apparatus(app: Sphinx) -> dict[str, list[dict[str, Any]]]:
    """edition.json: each step's entries with offsets into its text (:func:`data_entries`)."""
    return {
        sid: [d.exported for d in data_entries(app.env, sid)] for sid in xs_domain(app.env).steps
    }


def punctuation_places(app: Sphinx) -> dict[str, list[int]]:
    """Step → the positions, in its data's apparatus (:func:`export_apparatus`), of the entries
    that change only punctuation (:data:`.apparatus.PUNCTUATION_KIND`). edition.json leaves
    them out: its text is compared with the base's punctuation aside, and its readings are the
    witnesses', which carry no punctuation. The TEI, which gives back the base as it is, keeps
    them."""
    of_punctuation = apparatus_for(app.env).of_punctuation
    out: dict[str, list[int]] = {}
    for sid in xs_domain(app.env).steps:
        at = [i for i, d in enumerate(data_entries(app.env, sid)) if d.entry_id in of_punctuation]
        if at:
            out[sid] = at
    return out


def export_translation_apparatus(app: Sphinx) -> dict[str, list[dict[str, Any]]]:
    """edition.json: each step's corrections of the base translation, with offsets into its
    (corrected) translation; the same shape as ``apparatus``."""
    return {
        sid: _exported(rec.translation_apparatus) for sid, rec in xs_domain(app.env).steps.items()
    }


def export_witnesses(app: Sphinx) -> list[dict[str, str]]:
    """edition.json: the base text and the witnesses counted in the apparatus."""
    data = apparatus_for(app.env)
    return [
        {"siglum": s, "name": row["name"], "source": row["source"]}
        for s, row in data.sigla.items()
        if row.get("role") in ("base", "witness")
    ]


#: The words of the page's switch between the edited text and the base text (apparatus.js),
#: in the page, so that a copy of the page in another script has them converted.
SWITCH_WORDS = {
    "base": "Show the base text as it is",
    "edited": "Show the edited text",
    "title": "Switch between the edited text and the base text (the online copy) as it is",
}


def add_switch_words(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the switch's words on the pages whose text has apparatus places."""
    if doctree is None or app.builder.format != "html":
        return
    if not any(True for _ in doctree.findall(xsnodes.apparatus_lemma)):
        return
    words = "".join(f'<span data-say="{k}">{_(v)}</span>' for k, v in SWITCH_WORDS.items())

    context["metatags"] = (
        context.get("metatags", "") + f'<template id="xs-app-words">{words}</template>\n'
    )
