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

import itertools
import re
from pathlib import Path
from typing import Any, NamedTuple

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from . import apparatus, export
from . import nodes as xsnodes
from .domain import xs_domain
from .state import build_state, edition_of
from .tree import index_of, replace
from .warnings import XsWarning, warn


class Place(NamedTuple):
    """An apparatus entry placed in its step: offsets into the step's edited text."""

    entry_id: str
    start: int
    end: int
    lemma: str
    readings: tuple[tuple[str, tuple[str, ...]], ...]
    note: str
    label: str
    formatted: str  # ``lemma ] reading sigla; variant sigla``
    pages: tuple[tuple[str, str], ...]  # (siglum, witness page) in sigla order


class ApparatusData:
    """The apparatus of a build: entries by step, sigla in their table's order."""

    def __init__(self, entries_path: Path, sigla_path: Path, kinds: tuple[str, ...] = ()) -> None:
        self.entries_path = entries_path
        self.sigla_path = sigla_path
        # Bad entries and rows are left out and kept as (file, line, message) for warnings.
        # An edition may have no apparatus yet: no files, no entries.
        self.sigla, sigla_problems = (
            apparatus.read_sigla(sigla_path) if sigla_path.is_file() else ({}, [])
        )
        self.base_siglum = apparatus.base_siglum(self.sigla)
        self.entries, entry_problems = (
            apparatus.read_entries(entries_path, self.base_siglum, kinds)
            if entries_path.is_file()
            else ([], [])
        )
        self.problems = [(entries_path, line, msg) for line, msg in entry_problems] + [
            (sigla_path, line, msg) for line, msg in sigla_problems
        ]
        self.order = list(self.sigla)
        self.by_step: dict[str, list[apparatus.Entry]] = {}
        for entry in self.entries:
            self.by_step.setdefault(entry.step, []).append(entry)
        text = entries_path.read_text(encoding="utf-8") if entries_path.is_file() else ""
        self.lines = {
            m[1]: text.count("\n", 0, m.start()) + 1
            for m in re.finditer(r'^id = "([^"]+)"', text, re.M)
        }

    def location(self, entry_id: str) -> str:
        """``file:line`` of an entry in apparatus.toml, for warnings about the data."""
        return f"{self.entries_path}:{self.lines.get(entry_id, 0)}"


def apparatus_for(env: BuildEnvironment) -> ApparatusData:
    """The build's apparatus (read once per build)."""
    edition = edition_of(env)
    return build_state(env).file(
        "apparatus",
        lambda: ApparatusData(
            edition.path("apparatus"), edition.path("sigla"), tuple(edition.apparatus_kinds)
        ),
    )


def entry_label(entry_id: str) -> str:
    """The marker printed in the text: the entry's number (``app-012`` → ``12``)."""
    digits = entry_id.rsplit("-", 1)[-1]
    return str(int(digits)) if digits.isdigit() else entry_id


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
    body: nodes.Element, start: int, end: int, entry: apparatus.Entry, place: Place
) -> None:
    """Put an entry's reading into the text ``[start, end)`` of the page (the base reading)
    and its marker after it.

    The span becomes :class:`~.nodes.apparatus_lemma` nodes holding the printed reading;
    the first carries the base reading, so that a reader can switch to the text as
    transmitted. A span that crosses inline markup (a term role) is edited piece by piece.
    """
    emend = entry.decision == "emend"
    lemma = entry.lemma if emend else entry.base
    base = entry.base if emend else entry.lemma
    pieces = _pieces(body, start, end)
    last: nodes.Element
    if not pieces:  # the base has nothing here: the reading goes in at the place
        node = xsnodes.apparatus_lemma("", lemma, base=base, entry_id=place.entry_id)
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
                "", text, base=base if i == 0 else "", entry_id=place.entry_id
            )
            replace(text_node, node)
            last = node
    marker = xsnodes.apparatus_ref(
        "",
        "",
        entry_id=place.entry_id,
        label=place.label,
        entry_text=place.formatted,
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
    readings = tuple(
        (r.text, apparatus.order_sigla(r.witnesses, data.order)) for r in entry.readings
    )
    return Place(
        entry.id,
        0,
        0,
        entry.lemma,
        readings,
        entry.note,
        entry_label(entry.id),
        apparatus.format_entry(entry, data.order),
        tuple((s, entry.pages[s]) for s in apparatus.order_sigla(tuple(entry.pages), data.order)),
    )


def place_entries(
    env: BuildEnvironment, step_id: str, body: nodes.Element, location: Any
) -> tuple[tuple[Place, ...], str]:
    """Apply the step's entries to ``body`` (the page's base text, edited in place); return
    the places (offsets into the edited text) and the base text.

    Entries are applied one at a time (:func:`.apparatus.apply_order`), each where its context
    reads in the text as edited so far."""
    data = apparatus_for(env)
    if data.entries_path.is_file():
        env.note_dependency(str(data.entries_path))
    base_text = _plain_text(body)
    drafts: dict[str, Place] = {}

    def apply(entry: apparatus.Entry, start: int, end: int) -> str:
        drafts[entry.id] = _place(data, entry)
        apply_entry(body, start, end, entry, drafts[entry.id])
        return _plain_text(body)

    _, left = apparatus.apply_order(base_text, data.by_step.get(step_id, []), apply)
    for entry in left:
        try:
            apparatus.locate_base(_plain_text(body), entry)
        except ValueError as exc:
            warn(
                f"apparatus entry cannot be placed in {step_id}: {exc}",
                XsWarning.BAD_APPARATUS,
                location,
            )
    spans = lemma_spans(body)
    places = sorted(
        (p._replace(start=spans[i][0], end=spans[i][1]) for i, p in drafts.items() if i in spans),
        key=lambda p: (p.start, p.end),
    )
    for a, b in itertools.pairwise(places):
        if b.start < a.end:
            warn(
                f"apparatus entries {a.entry_id} and {b.entry_id} overlap in {step_id}",
                XsWarning.BAD_APPARATUS,
                location,
            )
    return tuple(places), base_text


def _plain_text(body: nodes.Element) -> str:
    return "".join(str(n) for n, _ in _text_nodes(body))


# -- the list under each phase, checks, export -------------------------------------------------


def list_phase_apparatus(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: under each phase, the list of its entries (校記)."""
    for marker in list(doctree.findall(xsnodes.phase_marker)):
        section = marker.parent
        if not isinstance(section, nodes.section):
            continue
        refs = [ref for ref in section.findall(xsnodes.apparatus_ref) if _phase_of(ref) is section]
        if not refs:
            continue
        listing = xsnodes.apparatus_list(classes=["xs-apparatus"])
        listing += nodes.rubric("", "校記")
        items = nodes.bullet_list(classes=["xs-apparatus-entries"])
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
            para += nodes.Text(f"　{ref['entry_text']}")
            note = ref.get("note", "")
            if note:
                para += nodes.inline("", f"　{note}", classes=["xs-app-note"])
            if ref.get("pages"):
                para += nodes.inline("", f"（{ref['pages']}）", classes=["xs-app-pages"])
            item += para
            items += item
        listing += items
        section += listing


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
    """``builder-inited``: the apparatus data is well-formed, and every siglum an entry cites
    is declared in the sigla table."""
    data = apparatus_for(app.env)
    for path, line, message in data.problems:
        warn(message, XsWarning.BAD_APPARATUS, f"{path}:{line}")
    for entry in data.entries:
        cited = {s for r in entry.readings for s in r.witnesses} | set(entry.pages)
        for siglum in sorted(cited - set(data.sigla)):
            warn(
                f"apparatus {entry.id} cites undeclared siglum {siglum!r}",
                XsWarning.UNKNOWN_SIGLUM,
                data.location(entry.id),
            )


def check_entries_placed(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every entry names a step that exists."""
    data = apparatus_for(env)
    steps = xs_domain(env).steps
    for entry in data.entries:
        if entry.step not in steps:
            warn(
                f"apparatus {entry.id} names step {entry.step!r}, which no page declares",
                XsWarning.BAD_APPARATUS,
                data.location(entry.id),
            )


def export_apparatus(app: Sphinx) -> dict[str, list[dict[str, Any]]]:
    """edition.json: each step's entries with offsets into its text."""
    out: dict[str, list[dict[str, Any]]] = {}
    for step_id, rec in xs_domain(app.env).steps.items():
        out[step_id] = [
            {
                "start": p.start,
                "end": p.end,
                "lemma": p.lemma,
                "readings": [{"text": t, "witnesses": list(w)} for t, w in p.readings],
                "note": p.note,
            }
            for p in rec.apparatus
        ]
    return out


def export_witnesses(app: Sphinx) -> list[dict[str, str]]:
    """edition.json: the base text and the witnesses counted in the apparatus."""
    data = apparatus_for(app.env)
    return [
        {"siglum": s, "name": row["name"], "source": row["source"]}
        for s, row in data.sigla.items()
        if row.get("role") in ("base", "witness")
    ]


def setup_apparatus(app: Sphinx) -> None:
    """The apparatus in the build: its data checked, its lists under the phases, its tables on
    the front matter, its entries in ``edition.json``."""
    from .directives.sigla import ApparatusSummaryDirective, SiglaDirective

    app.add_directive_to_domain("xs", "sigla", SiglaDirective)
    app.add_directive_to_domain("xs", "apparatus-summary", ApparatusSummaryDirective)
    app.connect("builder-inited", check_sigla)
    app.connect("doctree-read", list_phase_apparatus)
    app.connect("env-check-consistency", check_entries_placed)
    export.PROVIDERS.update(apparatus=export_apparatus, witnesses=export_witnesses)
