"""The text's own cross-references in the build: checked, resolved, shown, exported.

The pages mark each back-reference formula and the steps it repeats (:mod:`.roles`), and
each commentary step the steps it explains (``:explains:``). The edition's ``references.tsv``
records why: for each formula its basis (a commentator, or the editors), the commentator's
words and page, and a note; and for each 如 that is *not* a formula (a measure, another sense)
the decision, so that nothing is left undecided. Here, once every page is read:

- the targets are resolved in reading order and checked (dangling ids, ranges that run
  backwards, referents that follow their formula outside the commentary, the data against the
  pages), each problem a located, typed warning;
- each formula node gets its referents' numbers and links, its basis and note; each step the
  commentary steps that explain it, and each commentary step the steps it explains
  (:class:`~.nodes.step_links`); the ``xs:references`` lists get their rows;
- the site gets one data script (``_xrefs/xrefs-data.js``: the referents' texts and the bases),
  fetched when a reader first opens a formula; ``edition.json`` gets each step's
  ``references``, ``explains`` and ``explained_by``.

The words the site and the book use (記, 經, 見第…節, the bases' names) are the edition's
(``edition.toml`` ``[references]``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.osutil import relative_uri

from ...core import kept, xrefs
from ...core.commentary import Note
from ...core.datafile import Problem
from ...core.manifest import ReferencesTable
from ...core.orthography import variant_pairs
from ...datafiles import table
from ...domain import StepRecord, xs_domain
from ...events import STAGE_EXTRAS
from ...i18n import _
from ...nodes import back_ref, reference_list, step, step_links, step_text, term_ref
from ...state import build_state, edition_of
from ...warnings import XsWarning, report, warn

OUT_DIR = "_xrefs"
DATA_SCRIPT = "xrefs-data.js"
SCRIPT = "xs-xref.js"


# -- the edition's words ------------------------------------------------------------------------


#: How the site and the book name the cross-references: ``[references]`` of edition.toml,
#: typed and checked when the edition is read (:class:`.manifest.ReferencesTable`).
Words = ReferencesTable


def words_of(env: BuildEnvironment) -> Words:
    return edition_of(env).references


# -- the data, once per build ----------------------------------------------------------------


def basis_rows(env: BuildEnvironment) -> tuple[list[xrefs.BasisRow], list[Problem]]:
    """The rows of the edition's ``references.tsv`` (none if it has no such file), and the
    problems of the rows that say what they must not (the file's own: :mod:`.datafiles`)."""

    def make() -> tuple[list[xrefs.BasisRow], list[Problem]]:
        return xrefs.basis_from(table(env, "references"), tuple(words_of(env).bases))

    return build_state(env).file("xref-basis", make)


def tie_rows(env: BuildEnvironment) -> tuple[dict[str, xrefs.TieRow], list[Problem]]:
    """The rows of the edition's ``ties.tsv`` by commentary step (none without the file): the
    basis and the note of each tie of the 記."""

    def make() -> tuple[dict[str, xrefs.TieRow], list[Problem]]:
        return xrefs.ties_from(table(env, "ties"), tuple(words_of(env).bases))

    return build_state(env).file("xref-ties", make)


@dataclass
class Resolved:
    """Every formula and commentary tie of the build, resolved in reading order."""

    order: list[str]
    numbers: dict[str, int]
    formulas: dict[str, list[tuple[xrefs.Reference, xrefs.Expanded]]]
    explains: dict[str, xrefs.Expanded]  # commentary step → what it explains
    general: list[str]  # commentary steps tied to no one step
    explained_by: dict[str, list[str]]  # step → the commentary steps that explain it
    match: xrefs.Match


def resolved(env: BuildEnvironment) -> Resolved:
    def make() -> Resolved:
        domain = xs_domain(env)
        ordered = domain.ordered_steps()
        order = [sid for sid, _ in ordered]
        numbers = {sid: n[0] for sid, n in domain.data["numbers"].items()}
        retired = domain.retired_steps()
        formulas: dict[str, list[tuple[xrefs.Reference, xrefs.Expanded]]] = {}
        explains: dict[str, xrefs.Expanded] = {}
        general: list[str] = []
        explained_by: dict[str, list[str]] = {}
        for sid, rec in ordered:
            if rec.references:
                formulas[sid] = [
                    (ref, xrefs.expand(ref.items, order, retired)) for ref in rec.references
                ]
            ties = rec.explains
            if ties[:1] == (xrefs.GENERAL,):
                general.append(sid)
                ties = ties[1:]
            if ties:
                explains[sid] = xrefs.expand(ties, order, retired)
                for target in explains[sid].ids:
                    explained_by.setdefault(target, []).append(sid)
        rows, _ = basis_rows(env)
        match = xrefs.match_rows(
            rows,
            {sid: [ref for ref, _ in refs] for sid, refs in formulas.items()},
            {sid: rec.text for sid, rec in ordered},
        )
        return Resolved(order, numbers, formulas, explains, general, explained_by, match)

    return build_state(env).derive("xrefs", make)


def is_commentary(rec: StepRecord) -> bool:
    return bool(rec.explains)


# -- checks -----------------------------------------------------------------------------------


def check_references(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every target resolves and points the right way, and the data
    agree with the pages."""
    domain = xs_domain(env)
    if not domain.data["numbers"]:
        return
    data = resolved(env)
    index = {sid: n for n, sid in enumerate(data.order)}
    path = edition_of(env).path("references")
    report(basis_rows(env)[1])
    for sid, refs in data.formulas.items():
        rec = domain.steps[sid]
        for ref, expanded in refs:
            where = (rec.docname, ref.lineno or rec.lineno)
            for unknown in expanded.unknown:
                warn(
                    f"formula {ref.formula!r} of {sid} names {unknown!r}, which no step declares",
                    XsWarning.UNKNOWN_REFERENCE,
                    where,
                )
            for item in expanded.backwards:
                warn(
                    f"formula {ref.formula!r} of {sid}: the range {item!r} runs backwards",
                    XsWarning.BAD_REFERENCE,
                    where,
                )
            # A range may end at the formula's own step (what the step said before the
            # formula); a formula whose one referent is its own step points at no earlier step.
            if expanded.ids == [sid]:
                warn(
                    f"formula {ref.formula!r} of {sid} refers to its own step only "
                    "(a back-reference repeats an earlier step)",
                    XsWarning.BAD_REFERENCE,
                    where,
                )
            if is_commentary(rec):
                continue  # a commentary step may repeat any moment of the text
            later = [i for i in expanded.ids if index[i] > index[sid]]
            if later:
                warn(
                    f"formula {ref.formula!r} of {sid} refers forward to {', '.join(later)} "
                    "(a back-reference repeats what came before)",
                    XsWarning.BAD_REFERENCE,
                    where,
                )
    for sid, expanded in data.explains.items():
        rec = domain.steps[sid]
        where = (rec.docname, rec.lineno)
        for unknown in expanded.unknown:
            warn(
                f"{sid} :explains: {unknown!r}, which no step declares",
                XsWarning.UNKNOWN_REFERENCE,
                where,
            )
        for item in expanded.backwards:
            warn(
                f"{sid} :explains: the range {item!r} runs backwards",
                XsWarning.BAD_REFERENCE,
                where,
            )
        commentary = [i for i in expanded.ids if is_commentary(domain.steps[i])]
        if commentary:
            warn(
                f"{sid} :explains: {', '.join(commentary)}, itself a commentary step",
                XsWarning.BAD_REFERENCE,
                where,
            )
    check_ties(env)
    if not path.is_file():
        return  # an edition without a record of the formulas: the pages alone
    for row, sid, i, message in data.match.problems:
        if row is not None:
            location: Any = f"{path}:{row.line}"
        else:
            rec = domain.steps[sid]
            marked = rec.references[i] if i is not None else None
            location = (rec.docname, (marked.lineno if marked else 0) or rec.lineno)
        warn(message, XsWarning.BAD_REFERENCE_DATA, location)


def check_ties(env: BuildEnvironment) -> None:
    """The record of the ties (``ties.tsv``) and the pages' ``:explains:`` agree: one row per
    commentary step, naming what its option names."""
    path = edition_of(env).path("ties")
    if not path.is_file():
        return
    rows, problems = tie_rows(env)
    report(problems)
    domain = xs_domain(env)
    for sid, rec in domain.steps.items():
        if not rec.explains:
            continue
        row = rows.get(sid)
        if row is None:
            warn(
                f"{sid} has :explains: but no row in {path.name}",
                XsWarning.BAD_REFERENCE_DATA,
                (rec.docname, rec.lineno),
            )
        elif row.items != rec.explains:
            warn(
                f"{sid} :explains: {' '.join(rec.explains)}, but {path.name} says {row.explains}",
                XsWarning.BAD_REFERENCE_DATA,
                f"{path}:{row.line}",
            )
    for sid, row in rows.items():
        if sid not in domain.steps or not domain.steps[sid].explains:
            warn(
                f"{sid} is no commentary step of the pages",
                XsWarning.BAD_REFERENCE_DATA,
                f"{path}:{row.line}",
            )


def pages_to_rewrite(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Derived (:mod:`ritual.derive`): when a formula, a tie or the data changed, the pages
    that show them
    (every page with steps: a step shows the commentary that explains it) and the lists."""
    domain = xs_domain(env)
    h = hashlib.sha256()
    for sid, rec in sorted(domain.steps.items()):
        if rec.references or rec.explains:
            h.update(repr((sid, rec.references, rec.explains)).encode())
    for role in ("references", "ties"):
        path = edition_of(env).path(role)
        h.update(path.read_bytes() if path.is_file() else b"-")
    h.update(repr(edition_of(env).references).encode())
    key = h.hexdigest()
    old = domain.data.get("xrefs_key", "")
    domain.data["xrefs_key"] = key
    if not old or old == key:
        return []
    return sorted({rec.docname for rec in domain.steps.values()} | set(env.found_docs))


# -- filling the nodes ----------------------------------------------------------------------


def _uri(app: Sphinx, here: str, docname: str, anchor: str) -> str:
    """The link from the page ``here`` to a step (HTML only; none without a page)."""
    if app.builder.format != "html" or not here:
        return ""
    return relative_uri(app.builder.get_target_uri(here), app.builder.get_target_uri(docname)) + (
        f"#{anchor}" if anchor else ""
    )


def _runs(app: Sphinx, here: str, runs: list[list[str]]) -> list[dict[str, str]]:
    """Runs of consecutively numbered steps, each with its label (``29至34``) and a link to
    its first step."""
    env = app.env
    data = resolved(env)
    words = words_of(env)
    domain = xs_domain(env)
    out = []
    for run in xrefs.number_runs(runs, data.numbers):
        rec = domain.steps[run[0]]
        out.append(
            {
                "step_id": run[0],
                "docname": rec.docname,
                "anchor": rec.anchor,
                "label": xrefs.run_label(run, data.numbers, words.through),
                "refuri": _uri(app, here, rec.docname, rec.anchor),
            }
        )
    return out


def quoted_note(env: BuildEnvironment, step_id: str, quote: str, reach: int = 2) -> Note | None:
    """The note of 注 that holds ``quote`` (the words a formula's or a position's
    basis cites, as the witness writes them): on ``step_id``, else on the nearest step within
    ``reach`` steps of it (a note often glosses the unit the step ends); None when none does.
    Both sides are folded by the edition's variant forms (爼/俎, 靣/面), punctuation dropped."""
    # The notes are the domain's (each step record keeps the notes placed in it); the fold is
    # the one the commentary reads its notes with (:func:`.commentary.commentary_for`).
    variants = variant_pairs(table(env, "variants"))
    domain = xs_domain(env)
    order = [sid for sid, _ in domain.ordered_steps()]
    if not quote or step_id not in order:
        return None

    def fold(s: str) -> str:
        return "".join(variants.get(c, c) for c in s if c.isalnum())

    want = fold(quote)
    at = order.index(step_id)
    for distance in range(reach + 1):
        for i in sorted({at - distance, at + distance}):
            if 0 <= i < len(order):
                for note in domain.steps[order[i]].commentary:
                    if want and want in fold(note.plain):
                        return note
    return None


def zhu_uri(app: Sphinx, here: str, sid: str, row: xrefs.BasisRow | None) -> str:
    """Where a basis in the commentary (``xs_commentary_bases``) rests: the note of 注 that
    holds its quotation, as a link from ``here``; "" for any other basis or none found."""
    if row is None or not row.quote or row.basis not in app.config.xs_commentary_bases:
        return ""
    note = quoted_note(app.env, sid, row.quote)
    if note is None:
        return ""
    return _uri(app, here, xs_domain(app.env).steps[note.step].docname, note.id)


def formula_info(app: Sphinx, here: str, sid: str, i: int) -> dict[str, Any]:
    """What a formula shows: its key, referent runs, 見第…節, basis and note."""
    env = app.env
    data = resolved(env)
    words = words_of(env)
    ref, expanded = data.formulas[sid][i]
    row = data.match.rows.get((sid, i))
    runs = [] if ref.external else _runs(app, here, [list(r) for r in expanded.runs])
    see = (
        words.see_external.format(text=ref.external)
        if ref.external
        else words.see_steps([r["label"] for r in runs])
        if runs
        else ""
    )
    key = f"{sid}-{i + 1}"
    refuri = ""
    if ref.external:
        # no step to go to: the formula leads to its row in the list of external formulas
        lists = sorted(
            xs_domain(env).data.get("reference_lists", {}).values(),
            key=lambda r: (r.part != "external", r.docname),
        )
        if lists:
            refuri = _uri(app, here, lists[0].docname, f"ref-{key}")
    return {
        "key": key,
        "refuri": refuri,
        "step_id": sid,
        "formula": ref.formula,
        "runs": runs,
        "steps": [] if ref.external else expanded.ids,
        "see": see,
        "basis": xrefs.basis_text(row, words.bases, words.own),
        "zhu": zhu_uri(app, here, sid, row),
        "note": row.note if row else "",
        "external": ref.external,
        "see_pattern": words.see,
        "separator": words.separator,
    }


def _ties(app: Sphinx, here: str, sid: str) -> nodes.Node | None:
    env = app.env
    data = resolved(env)
    words = words_of(env)
    general = sid in data.general
    if sid in data.explains:
        ids = data.explains[sid].ids
        if not ids:
            return None
        # a general rule tied to the steps where the text applies it: 通論 and the steps, parted
        # by the interpunct the edition writes elsewhere (《周南·關雎》), not the katakana ・
        return step_links(
            "",
            "",
            kind="explains",
            label=f"{words.general}·{words.explains}" if general else words.explains,
            title=words.explains_title,
            links=_runs(app, here, [ids]),
        )
    if general:
        return step_links("", "", kind="general", label=words.general, title="", links=[])
    if sid in data.explained_by:
        return step_links(
            "",
            "",
            kind="explained_by",
            label=words.explained_by,
            title=words.explained_by_title,
            links=_runs(app, here, [data.explained_by[sid]]),
        )
    return None


def fill_nodes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: the formulas, the ties of each step, and the lists."""
    domain = xs_domain(app.env)
    if not domain.data["numbers"]:
        return
    data = resolved(app.env)
    whole_book = app.builder.format == "latex"
    for step_node in doctree.findall(step):
        sid = step_node["step_id"]
        if sid not in domain.steps:
            continue
        # HTML resolves each page on its own; LaTeX resolves the assembled book under the
        # master document's name, with every page's steps in it.
        if whole_book is False and domain.steps[sid].docname != docname:
            continue
        for i, node in enumerate(step_node.findall(back_ref)):
            if i < len(data.formulas.get(sid, [])):
                node.attributes.update(formula_info(app, docname, sid, i))
            # The formula is the link: the terms in it do not link on their own.
            for term in node.findall(term_ref):
                term.attributes.pop("refuri", None)
        ties = _ties(app, docname, sid)
        if ties is not None:
            texts = list(step_node.findall(step_text))
            if texts:
                paragraphs = list(texts[0].findall(nodes.paragraph))
                (paragraphs[-1] if paragraphs else texts[0]).append(ties)
    for listing in doctree.findall(reference_list):
        fill_list(app, docname, listing)


def fill_list(app: Sphinx, here: str, listing: reference_list) -> None:
    env = app.env
    domain = xs_domain(env)
    data = resolved(env)
    words = words_of(env)
    part = listing["part"]
    rows: list[dict[str, Any]] = []

    def where(sid: str) -> dict[str, str]:
        rec = domain.steps[sid]
        return {
            "step_id": sid,
            "number": str(data.numbers.get(sid, "")),
            "refuri": _uri(app, here, rec.docname, rec.anchor),
            "docname": rec.docname,
            "anchor": rec.anchor,
        }

    if part in ("formulas", "external"):
        for sid, refs in data.formulas.items():
            for i, (ref, _) in enumerate(refs):
                if bool(ref.external) != (part == "external"):
                    continue
                rows.append(formula_info(app, here, sid, i) | where(sid))
    elif part == "plain":
        for sid in data.order:
            for row in data.match.unmarked.get(sid, []):
                rows.append(
                    where(sid)
                    | {
                        "formula": row.formula,
                        "kind": words.kinds.get(row.kind, row.kind),
                        "basis": xrefs.basis_text(row, words.bases, words.own),
                        "zhu": zhu_uri(app, here, sid, row),
                        "note": row.note,
                    }
                )
    elif part == "ties":
        for sid in data.order:
            if sid not in data.general and sid not in data.explains:
                continue
            ids = data.explains[sid].ids if sid in data.explains else []
            tie = tie_rows(env)[0].get(sid)
            rows.append(
                where(sid)
                | {
                    "runs": _runs(app, here, [ids]) if ids else [],
                    "general": words.general if sid in data.general else "",
                    "basis": xrefs.basis_text(tie, words.bases, words.own),
                    # the note, and the reason where the tie is absent or wide
                    "note": tie.note + tie.reason if tie else "",
                }
            )
    listing["rows"] = rows
    listing["words"] = {"commentary": words.explained_by, "text": words.explains}


# -- the site: the popup's data ------------------------------------------------------------


def add_page_script(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the formula popup's loader, and where its data lie, on the pages
    that have formulas."""
    if doctree is None or app.builder.format != "html":
        return
    if not any(True for _ in doctree.findall(back_ref)):
        return
    here = app.builder.get_target_uri(pagename)
    data = json.dumps({"data": relative_uri(here, f"{OUT_DIR}/{DATA_SCRIPT}")})
    context["metatags"] = (
        context.get("metatags", "")
        + f'<script type="application/json" id="xs-xrefs">{data}</script>\n'
    )
    app.add_js_file(SCRIPT, defer="defer")


def popup_data(app: Sphinx) -> dict[str, Any]:
    """The data script: the words, the pages, the texts of every referent, every formula."""
    env = app.env
    domain = xs_domain(env)
    data = resolved(env)
    words = words_of(env)
    pages: dict[str, int] = {}
    steps: dict[str, list[Any]] = {}
    refs: dict[str, dict[str, Any]] = {}

    def page(docname: str) -> int:
        uri = app.builder.get_target_uri(docname)
        return pages.setdefault(uri, len(pages))

    for sid, formulas in data.formulas.items():
        for i in range(len(formulas)):
            info = formula_info(app, "", sid, i)
            for target in info["steps"]:
                rec = domain.steps[target]
                steps.setdefault(
                    target,
                    [data.numbers[target], kept.mark(rec.text, rec.kept), page(rec.docname)],
                )
            refs[info["key"]] = {
                "see": info["see"],
                "basis": info["basis"],
                "note": info["note"] if info["external"] else "",
                "runs": [[r["step_id"], r["label"]] for r in info["runs"]],
                "steps": info["steps"],
            }
    return {
        "words": {"go": words.go, "close": words.close, "kept": _(kept.TITLE)},
        "pages": list(pages),
        "steps": steps,
        "refs": refs,
    }


def write_data_script(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished`` (HTML): ``_xrefs/xrefs-data.js``."""
    if exception is not None or app.builder.format != "html":
        return
    if not resolved(app.env).formulas:
        return
    out = Path(app.outdir) / OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(popup_data(app), ensure_ascii=False, separators=(",", ":"))
    target = out / DATA_SCRIPT
    content = f"window.XS_XREFS={text};\n"
    if not target.is_file() or target.read_text(encoding="utf-8") != content:
        target.write_text(content, encoding="utf-8")


# -- edition.json -----------------------------------------------------------------------------


def export_references(app: Sphinx) -> dict[str, dict[str, list[Any]]]:
    """Each step's ``references``, ``explains`` and ``explained_by``."""
    env = app.env
    domain = xs_domain(env)
    data = resolved(env)
    out: dict[str, dict[str, list[Any]]] = {}
    for sid in domain.steps:
        refs = []
        for i, (ref, expanded) in enumerate(data.formulas.get(sid, [])):
            row = data.match.rows.get((sid, i))
            refs.append(
                {
                    "formula": ref.formula,
                    "start": ref.start,
                    "end": ref.end,
                    "steps": [] if ref.external else expanded.ids,
                    "basis": row.basis if row else "",
                    "external": bool(ref.external),
                    "quote": row.quote if row else "",
                    "page": row.page if row else "",
                    "note": row.note if row else "",
                }
            )
        out[sid] = {
            "references": refs,
            "explains": data.explains[sid].ids if sid in data.explains else [],
            "explained_by": list(data.explained_by.get(sid, [])),
        }
    return out


def stage_formulas(app: Sphinx, ids: list[str]) -> tuple[str, dict[str, list[list[int]]]]:
    """The stage script's ``xrefs``: for each step (by its index in ``ids``) that has formulas,
    ``[start, end, index of the first referent]`` each (external formulas have none)."""
    data = resolved(app.env)
    at = {sid: n for n, sid in enumerate(ids)}
    out: dict[str, list[list[int]]] = {}
    for sid, refs in data.formulas.items():
        if sid not in at:
            continue
        spans = [
            [ref.start, ref.end, at[expanded.ids[0]]]
            for ref, expanded in refs
            if not ref.external and expanded.ids and expanded.ids[0] in at
        ]
        if spans:
            out[str(at[sid])] = spans
    return "xrefs", out


def setup_xrefs(app: Sphinx) -> None:
    """The formulas and ties resolved, checked, shown and exported; the list directive."""
    from .reference_list import ReferenceListDirective

    app.add_directive_to_domain("xs", "references", ReferenceListDirective)
    app.connect("env-check-consistency", check_references)
    # After indexes.link_terms (priority 500), which links every term.
    app.connect("doctree-resolved", fill_nodes, priority=600)
    app.connect("html-page-context", add_page_script)
    app.connect("build-finished", write_data_script)
    app.connect(STAGE_EXTRAS, stage_formulas)
