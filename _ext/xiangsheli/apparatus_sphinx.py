"""Sphinx side of the critical apparatus: place entries in steps, list them, export them.

The data and its logic (locating a lemma by its context, undoing emendations, formatting an
entry) live in :mod:`.apparatus`, without Sphinx. Here each entry is placed while its step is
read: the lemma is wrapped in :class:`~.nodes.apparatus_lemma` (which carries the base
reading, so a reader can switch to the text as transmitted) and followed by an
:class:`~.nodes.apparatus_ref` marker; each phase gets the list of its entries; the entries'
offsets go into the domain for ``edition.json``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from . import apparatus, apparatus_notes
from . import nodes as xsnodes
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

    def __init__(self, entries_path: Path, sigla_path: Path) -> None:
        self.entries_path = entries_path
        self.sigla_path = sigla_path
        # Bad entries and rows are left out and kept as (file, line, message) for warnings.
        self.entries, entry_problems = apparatus.read_entries(entries_path)
        self.sigla, sigla_problems = apparatus.read_sigla(sigla_path)
        self.problems = [(entries_path, line, msg) for line, msg in entry_problems] + [
            (sigla_path, line, msg) for line, msg in sigla_problems
        ]
        self.order = list(self.sigla)
        self.by_step: dict[str, list[apparatus.Entry]] = {}
        for entry in self.entries:
            self.by_step.setdefault(entry.step, []).append(entry)
        text = entries_path.read_text(encoding="utf-8")
        self.lines = {
            m[1]: text.count("\n", 0, m.start()) + 1
            for m in re.finditer(r'^id = "([^"]+)"', text, re.M)
        }

    def location(self, entry_id: str) -> str:
        """``file:line`` of an entry in apparatus.toml, for warnings about the data."""
        return f"{self.entries_path}:{self.lines.get(entry_id, 0)}"


@lru_cache(maxsize=4)
def _load(entries: Path, sigla: Path, stamp: tuple[float, float]) -> ApparatusData:
    return ApparatusData(entries, sigla)


def apparatus_for(env: BuildEnvironment) -> ApparatusData:
    """The build's apparatus (re-read only when a data file changed)."""
    entries, sigla = Path(env.config.xs_apparatus), Path(env.config.xs_sigla)
    stamp = (entries.stat().st_mtime, sigla.stat().st_mtime)
    return _load(entries, sigla, stamp)


def entry_label(entry_id: str) -> str:
    """The marker printed in the text: the entry's number (``app-012`` → ``12``)."""
    digits = entry_id.rsplit("-", 1)[-1]
    return str(int(digits)) if digits.isdigit() else entry_id


# -- placing entries in a step ------------------------------------------------------------------


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
    index = parent.index(text_node)
    parent.replace(text_node, left)
    parent.insert(index + 1, right)
    return left, right


def wrap_span(body: nodes.Element, start: int, end: int, base: str, place: Place) -> None:
    """Wrap text ``[start, end)`` in lemma nodes and put the marker after it.

    A span that crosses inline markup (a term role) is wrapped piece by piece; only the first
    piece carries the base reading, so switching to the base text replaces the whole span.
    """
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
        pieces.append(node)
    if not pieces:  # an empty lemma (a deletion): an empty lemma node at the place
        anchor_node, anchor_offset = _anchor_for(body, start)
        lemma = xsnodes.apparatus_lemma("", "", base=base, entry_id=place.entry_id)
        if anchor_node is None:
            body.append(lemma)
        else:
            cut = start - anchor_offset
            if 0 < cut < len(anchor_node):
                _, anchor_node = _split(anchor_node, cut)
            parent = anchor_node.parent
            if cut == 0 or cut < len(anchor_node.astext()):
                parent.insert(parent.index(anchor_node), lemma)
            else:
                parent.insert(parent.index(anchor_node) + 1, lemma)
        last = lemma
    else:
        last = None
        for i, node in enumerate(pieces):
            lemma = xsnodes.apparatus_lemma(
                "", str(node), base=base if i == 0 else "", entry_id=place.entry_id
            )
            node.parent.replace(node, lemma)
            last = lemma
    marker = xsnodes.apparatus_ref(
        "",
        "",
        entry_id=place.entry_id,
        label=place.label,
        entry_text=place.formatted,
        note=place.note,
        pages="，".join(f"{s} {p}" for s, p in place.pages),
        lemma=place.lemma,
        readings=[{"text": t, "witnesses": list(w)} for t, w in place.readings],
    )
    # The marker goes after the term the lemma ends in, not inside it: a linked term is an
    # <a>, and a link inside a link is invalid HTML (and a nested hyperlink in LaTeX).
    after = last
    for ancestor in _ancestors(last, body):
        if isinstance(ancestor, xsnodes.term_ref):
            after = ancestor
    after.parent.insert(after.parent.index(after) + 1, marker)


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


def place_entries(
    env: BuildEnvironment, step_id: str, body: nodes.Element, text: str, location: Any
) -> tuple[tuple[Place, ...], str]:
    """Place the step's entries in ``body``; return the places and the step's base text."""
    data = apparatus_for(env)
    env.note_dependency(str(data.entries_path))
    placed: list[tuple[apparatus.Entry, Place]] = []
    witnesses = [s for s, row in data.sigla.items() if row.get("role") == "witness"]
    for entry in data.by_step.get(step_id, []):
        try:
            start, end = apparatus.locate(text, entry)
        except ValueError as exc:
            warn(
                f"apparatus entry cannot be placed in {step_id}: {exc}",
                XsWarning.BAD_APPARATUS,
                location,
            )
            continue
        readings = tuple(
            (r.text, apparatus.order_sigla(r.witnesses, data.order)) for r in entry.readings
        )
        place = Place(
            entry.id,
            start,
            end,
            text[start:end],
            readings,
            apparatus_notes.compose(entry, data.order, witnesses),
            entry_label(entry.id),
            apparatus.format_entry(entry, data.order),
            tuple(
                (s, entry.pages[s]) for s in apparatus.order_sigla(tuple(entry.pages), data.order)
            ),
        )
        placed.append((entry, place))
    for entry, place in sorted(placed, key=lambda ep: ep[1].start, reverse=True):
        base = entry.base if entry.decision == "emend" else entry.lemma
        wrap_span(body, place.start, place.end, base, place)
    entries = [entry for entry, _ in placed]
    return tuple(p for _, p in sorted(placed, key=lambda ep: ep[1].start)), apparatus.base_text(
        text, entries
    )


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
    steps = env.get_domain("xs").steps
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
    for step_id, rec in app.env.get_domain("xs").steps.items():
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
