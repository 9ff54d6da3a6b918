"""The ``xs`` domain: the one store of the edition's cross-document data.

Steps and phases are recorded here while documents are read (as picklable NamedTuples, never
nodes), cleared per document, and merged from parallel readers. Their display numbers depend on
the order of *all* documents, so they are computed once reading is over
(:func:`assign_numbers`, a step of ``env-updated``: :mod:`.derive`), which also reports the
documents whose numbers changed so that an incremental build rewrites them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from typing import Any, NamedTuple, cast

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util.nodes import make_refnode

from .core.edition import Edition
from .events import EDITION_LOADED
from .i18n import _
from .state import edition_of
from .warnings import XsWarning, warn


class Annotation(NamedTuple):
    """A term occurrence in a step's text: code-point offsets, end exclusive."""

    kind: str  # role | vessel | action | place
    term: str  # the headword
    start: int
    end: int
    negated: bool


class StepRecord(NamedTuple):
    """One ritual step as read from its directive."""

    docname: str
    lineno: int
    anchor: str
    section: str  # phase id
    seq: int  # order of the step within its document
    text: str  # edited 原文, punctuated, as printed
    translation: str | None
    translation_source: str | None  # "base" | "editors" | None
    annotations: tuple[Annotation, ...]
    base_text: str  # the text as transmitted, as the page has it (before the apparatus)
    apparatus: tuple[Any, ...]  # components.apparatus.placement.Place records, in text order
    references: tuple[Any, ...] = ()  # xrefs.Reference: the back-reference formulas, in order
    explains: tuple[str, ...] = ()  # a commentary step's :explains: (ids, ranges or "general")
    # the corrections of the base translation, placed in the printed translation
    translation_apparatus: tuple[Any, ...] = ()
    # the spans a copy in another script keeps as printed (kept.py): lemmas, orthography places
    kept: tuple[tuple[int, int], ...] = ()
    commentary: tuple[Any, ...] = ()  # commentary.Note: the notes printed in the text, in order
    # the forms corrected as a class (orthography.tsv): (offset, base form, edition form)
    orthography: tuple[tuple[int, str, str], ...] = ()


class PhaseRecord(NamedTuple):
    """One phase of the rite (a section of the edition)."""

    docname: str
    lineno: int
    anchor: str
    title: str
    title_en: str
    seq: int  # order of the phase within its document


class ListRecord(NamedTuple):
    """A list of the text's cross-references (``xs:references``) on a page."""

    docname: str
    lineno: int
    part: str


class StepXRefRole(XRefRole):
    """``{step}`<step id>``` — a link to a step whose text is the step's display number."""

    def run(self):
        self.refdomain, self.reftype = "xs", "step"
        self.classes = ["xref", "xs", "xs-step"]
        return self.create_xref_node()


#: The key of the phase being read in ``env.current_document`` (set by the phase directive; the
#: steps and diagrams after it belong to it).
PHASE_KEY = "xs:phase"

#: The warning subtype for an id declared twice, by kind of object.
_DUPLICATE_WARNING = {"steps": XsWarning.DUPLICATE_STEP, "phases": XsWarning.DUPLICATE_PHASE}


class XsDomain(Domain):
    """Steps, phases and (through :mod:`.terms`) vocabulary headwords of the edition.

    The domain's name ``xs`` is the engine's namespace (its directives, roles, config values
    and warning type); published inventories list ``xs:step`` entries, so it does not change
    with the edition. The label, and the object types and roles of the term kinds, are the
    edition's (``edition.toml``): the one class is registered at ``setup``, and each build's
    instance is given them (:func:`register_kinds`, :func:`tailor_domain`) through Sphinx's
    public API (``add_role_to_domain``, :meth:`Domain.add_object_type`), so no subclass is
    made per edition and the domain is registered once.
    """

    name = "xs"
    label = "edition"
    object_types = {
        "step": ObjType("step", "step"),
        "phase": ObjType("phase", "phase"),
        "commentary": ObjType("commentary", "commentary"),
    }
    roles = {
        "step": StepXRefRole(),
        "phase": XRefRole(),
        "commentary": XRefRole(),
    }
    initial_data = {
        "steps": {},  # step id -> StepRecord
        "phases": {},  # phase id -> PhaseRecord
        "numbers": {},  # step id -> (global number, phase number, number within phase)
        "phase_numbers": {},  # phase id -> number
        "retired": {},  # retired step id -> the id that replaces it (from the registry)
        "term_pages": {},  # (kind, headword) -> page name of its headword page (HTML)
        "diagrams": {},  # diagram id -> DiagramRecord (see components/plans/diagrams.py)
        "stages": {},  # docname -> StageRecord: pages with the stage view
        "diagram_numbers": {},  # diagram id -> number, in reading order
        "positions_key": "",  # digest of the positions data (diagrams depend on all of it)
        "reference_lists": {},  # "docname:part" -> ListRecord: pages listing the formulas
        # docname -> True: pages that show what every page holds (the indexes' counts, the
        # lists of formulas, the stage, the apparatus's summary): rebuilt when any page changes
        "derived": {},
    }
    data_version = 6

    # -- storage --------------------------------------------------------------------------

    @property
    def steps(self) -> dict[str, StepRecord]:
        return self.data["steps"]

    @property
    def phases(self) -> dict[str, PhaseRecord]:
        return self.data["phases"]

    def add_step(self, step_id: str, record: StepRecord, node: nodes.Node) -> bool:
        """Record a step; warn and refuse a duplicate id (the first declaration wins)."""
        other = self.steps.get(step_id)
        if other is not None:
            warn(
                f"duplicate step id {step_id!r}, also declared at {other.docname}:{other.lineno}",
                XsWarning.DUPLICATE_STEP,
                node,
            )
            return False
        self.steps[step_id] = record
        return True

    def add_phase(self, phase_id: str, record: PhaseRecord, node: nodes.Node) -> bool:
        """Record a phase; warn and refuse a duplicate id."""
        other = self.phases.get(phase_id)
        if other is not None:
            warn(
                f"duplicate phase id {phase_id!r}, also declared at {other.docname}:{other.lineno}",
                XsWarning.DUPLICATE_PHASE,
                node,
            )
            return False
        self.phases[phase_id] = record
        return True

    def clear_doc(self, docname: str) -> None:
        self.data["derived"].pop(docname, None)
        for key in ("steps", "phases", "diagrams", "stages", "reference_lists"):
            for obj_id, rec in list(self.data[key].items()):
                if rec.docname == docname:
                    del self.data[key][obj_id]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for docname in otherdata.get("derived", {}):
            if docname in docnames:
                self.data["derived"][docname] = True
        for key in ("steps", "phases", "diagrams", "stages", "reference_lists"):
            for obj_id, rec in otherdata.get(key, {}).items():
                if rec.docname not in docnames:
                    continue
                mine = self.data[key].get(obj_id)
                if mine is not None and mine.docname != rec.docname:
                    warn(
                        f"duplicate {key[:-1]} id {obj_id!r}, also declared at "
                        f"{mine.docname}:{mine.lineno}",
                        _DUPLICATE_WARNING.get(key, XsWarning.BAD_DIAGRAM),
                        (rec.docname, rec.lineno),
                    )
                    continue
                self.data[key][obj_id] = rec

    # -- ordering and numbering ---------------------------------------------------------------

    def ordered_steps(self) -> list[tuple[str, StepRecord]]:
        """Steps in reading order (as numbered)."""
        numbers = self.data["numbers"]
        return sorted(
            ((k, v) for k, v in self.steps.items() if k in numbers), key=lambda kv: numbers[kv[0]]
        )

    def ordered_phases(self) -> list[tuple[str, PhaseRecord]]:
        numbers = self.data["phase_numbers"]
        return sorted(
            ((k, v) for k, v in self.phases.items() if k in numbers), key=lambda kv: numbers[kv[0]]
        )

    def steps_of_phase(self, phase_id: str) -> list[str]:
        return [k for k, v in self.ordered_steps() if v.section == phase_id]

    def number_label(self, step_id: str) -> str:
        """The step's display number, e.g. ``17`` (the global number)."""
        number = self.data["numbers"].get(step_id)
        return str(number[0]) if number else "?"

    # -- cross-references ---------------------------------------------------------------------

    def resolve_step_id(self, target: str) -> str | None:
        """The live id for ``target``, following a retired id to its replacement."""
        seen = set()
        while target not in self.steps and target in self.data["retired"] and target not in seen:
            seen.add(target)
            target = self.data["retired"][target]
        return target if target in self.steps else None

    def retired_steps(self) -> dict[str, str]:
        """Each retired step id of the registry → the live step it leads to (those that lead
        to one), in the order of the retired ids: what the stage, the formulas, the TEI file
        and the search follow a retired id by."""
        return {
            old: new
            for old in sorted(self.data["retired"])
            if (new := self.resolve_step_id(old)) is not None
        }

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        if typ == "step":
            step_id = self.resolve_step_id(target)
            if step_id is None:
                return None  # reported by :func:`warn_missing_step`
            rec = self.steps[step_id]
            title = contnode.astext() if node.get("refexplicit") else self.number_label(step_id)
            label = nodes.inline(title, title, classes=["xs-stepref"])
            return make_refnode(builder, fromdocname, rec.docname, rec.anchor, label, step_id)
        page = self.data["term_pages"].get((typ, target))
        if page is not None and builder.format == "html":
            title = contnode.astext() if node.get("refexplicit") else target
            label = nodes.inline(title, title, classes=["xs-termref"])
            return make_refnode(builder, fromdocname, page, "", label, target)
        if typ == "commentary":
            found = self.commentary_note(target)
            if found is None:
                return None
            rec, _note = found
            title = contnode.astext() if node.get("refexplicit") else target
            label = nodes.inline(title, title, classes=["xs-zhuref"])
            # the site's notes are anchors of their own; a book's are not: its link goes to the
            # step that holds the note
            anchor = target if builder.format == "html" else rec.anchor
            return make_refnode(builder, fromdocname, rec.docname, anchor, label, target)
        if typ == "phase" and target in self.phases:
            phase = self.phases[target]
            title = contnode.astext() if node.get("refexplicit") else phase.title
            label = nodes.inline(title, title)
            return make_refnode(builder, fromdocname, phase.docname, phase.anchor, label, target)
        return None

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        results = []
        for typ in ("step", "phase"):
            if typ == "step" and self.resolve_step_id(target) is None:
                continue
            if typ == "phase" and target not in self.phases:
                continue
            ref = self.resolve_xref(env, fromdocname, builder, typ, target, node, contnode)
            if ref is not None:
                results.append((f"xs:{typ}", ref))
        return results

    def commentary_note(self, note_id: str) -> tuple[StepRecord, Any] | None:
        """The step record and the note of a note id (``<step id>-z1``), if a step holds it."""
        step_id = note_id.rsplit("-z", 1)[0]
        rec = self.steps.get(step_id)
        if rec is None:
            return None
        note = next((n for n in rec.commentary if n.id == note_id), None)
        return None if note is None else (rec, note)

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for phase_id, phase in self.ordered_phases():
            yield phase_id, phase.title, "phase", phase.docname, phase.anchor, 1
        # The display names are what another project's intersphinx link reads (its text, where
        # the link gives none): the step as a citation names it, 「第 17 節（<step id>）」.
        for step_id, rec in self.ordered_steps():
            name = _("Step {n} ({id})").format(n=self.number_label(step_id), id=step_id)
            yield step_id, name, "step", rec.docname, rec.anchor, 1
        for step_id, rec in self.ordered_steps():
            for note in rec.commentary:
                number = self.number_label(step_id)
                name = _("Step {n}, commentary ({id})").format(n=number, id=note.id)
                yield note.id, name, "commentary", rec.docname, note.id, 1

        for (kind, term), page in sorted(self.data["term_pages"].items()):
            yield term, term, kind, page, "", 1
        # Retired ids stay in the inventory, pointing at the step that replaces them.
        for old, _new in sorted(self.data["retired"].items()):
            live = self.resolve_step_id(old)
            if live is not None and old not in self.steps:
                rec = self.steps[live]
                yield old, old, "step", rec.docname, rec.anchor, -1


def xs_domain(env: BuildEnvironment) -> XsDomain:
    """The build's ``xs`` domain, typed."""
    return cast(XsDomain, env.get_domain("xs"))


def warn_missing_step(
    app: Any, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """``missing-reference``: report an unknown step once, in our own warning type.

    Returning the unlinked content keeps Sphinx's generic ``ref.step`` warning from
    repeating the report under another name.
    """
    if node.get("refdomain") != "xs" or node.get("reftype") != "step":
        return None
    warn(f"unknown step {node['reftarget']!r}", XsWarning.UNKNOWN_STEP, node)
    return contnode


def document_order(env: BuildEnvironment) -> list[str]:
    """Documents in toctree reading order from the root document; others after, sorted."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(doc: str) -> None:
        if doc in seen:
            return
        seen.add(doc)
        order.append(doc)
        for child in env.toctree_includes.get(doc, []):
            visit(child)

    visit(env.config.root_doc)
    order.extend(sorted(d for d in env.found_docs if d not in seen))
    return order


def assign_numbers(app: Any, env: BuildEnvironment) -> Iterable[str]:
    """Number phases and steps in reading order; return documents whose numbers changed."""
    domain = xs_domain(env)
    rank = {doc: i for i, doc in enumerate(document_order(env))}
    phases = sorted(domain.phases.items(), key=lambda kv: (rank.get(kv[1].docname, 1e9), kv[1].seq))
    phase_numbers = {pid: i for i, (pid, _) in enumerate(phases, start=1)}
    steps = sorted(domain.steps.items(), key=lambda kv: (rank.get(kv[1].docname, 1e9), kv[1].seq))
    numbers: dict[str, tuple[int, int, int]] = {}
    within: dict[str, int] = {}
    for i, (sid, rec) in enumerate(steps, start=1):
        within[rec.section] = within.get(rec.section, 0) + 1
        numbers[sid] = (i, phase_numbers.get(rec.section, 0), within[rec.section])
    old_numbers, old_phases = domain.data["numbers"], domain.data["phase_numbers"]
    changed = {
        rec.docname for sid, rec in domain.steps.items() if old_numbers.get(sid) != numbers[sid]
    } | {
        rec.docname
        for pid, rec in domain.phases.items()
        if old_phases.get(pid) != phase_numbers[pid]
    }
    domain.data["numbers"] = numbers
    domain.data["phase_numbers"] = phase_numbers
    if changed and (old_numbers or old_phases):
        # Pages that list steps of other documents (indexes, contents) must follow suit.
        changed |= set(env.found_docs) - {rec.docname for rec in domain.steps.values()}
    return sorted(changed) if old_numbers or old_phases else []


def register_kinds(app: Any, config: Any, edition: Edition) -> None:
    """``xs-edition-loaded`` (at ``config-inited``): a reference role per kind of term,
    transplanted by Sphinx into the domain when the build makes it."""
    for kind in edition.kind_names:
        app.add_role_to_domain("xs", kind, XRefRole())


def tailor_domain(app: Any) -> None:
    """``builder-inited`` (first): the edition's label and an object type per kind of term,
    on this build's instance of the domain (made anew for every build, pickled or not)."""
    edition = edition_of(app.env)
    domain = xs_domain(app.env)
    domain.label = edition.label  # type: ignore[misc]  # as Sphinx copies its class tables
    for kind in edition.kind_names:
        domain.add_object_type(kind, ObjType(kind, kind))


def note_derived(env: Any) -> None:
    """The current page shows what every page holds (counts, lists): when any page is added,
    changed or removed, it is read and written again (:func:`outdated_derived`), so that an
    incremental build equals a clean one."""
    xs_domain(env).data["derived"][env.docname] = True


def outdated_derived(
    app: Any, env: Any, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """``env-get-outdated``: the pages of :func:`note_derived`, when any other page moved."""
    moved = added | changed | removed
    if not moved:
        return []
    derived = xs_domain(env).data["derived"]
    return [d for d in derived if d in env.found_docs and d not in moved]


def setup_domain(app: Any) -> None:
    """The domain, its step reference role, and the numbering once reading is over."""
    app.add_domain(XsDomain)
    app.connect(EDITION_LOADED, register_kinds)
    app.connect("builder-inited", tailor_domain, priority=100)
    app.add_role("step", StepXRefRole())
    app.connect("env-get-outdated", outdated_derived)
    app.connect("missing-reference", warn_missing_step)
