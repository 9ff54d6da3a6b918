"""Sphinx glue for the plan diagrams and the stage view.

The drawing is done by the pure :mod:`.diagram` package; this module only feeds it the
edition's positions in reading order (:mod:`ritual.plan_inputs`) and puts the results where the
builders want them:

- ``env-updated`` (in :mod:`ritual.derive`): diagrams numbered in reading order (圖一, 圖二
  …); pages with diagrams or the stage re-written when a number or the positions data changed;
- a post-transform fills each :class:`~.nodes.diagram` with its SVG, label and key (an unknown
  step → ``xs.bad_diagram`` at the directive), and each :class:`~.nodes.stage` with its plans;
- ``build-finished`` (HTML): ``_diagrams/<id>.svg`` for every diagram and
  ``_diagrams/stage-data.js`` (the whole timeline, :mod:`.diagram.stage`) beside the pages;
  with ``-j N`` the timeline is computed by a process of its own from ``write-started`` on;
- :func:`export_diagrams`: the ``diagrams`` list of ``edition.json`` (called by
  :mod:`ritual.export`);
- ``xs-stage-extras`` (:mod:`ritual.events`), emitted: what other features add to the stage data.

What a build derives (the positions after every step, the drawn plans) is kept in the build's
state (:mod:`.state`), computed once per numbering.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.parallel import ParallelTasks, parallel_available

from ... import nodes as xsnodes
from ...core import kept
from ...core.diagram.layout import EXIT, Figure, Walker, most_at_once
from ...core.diagram.plan import Plan, to_svg
from ...core.diagram.positions import chinese_number, furnishings_at, line_ranks
from ...core.diagram.stage import StageStep, encode_stage
from ...core.diagram.svg import SCREEN, Medium, PlanOptions, PlanWords, compose, print_medium
from ...domain import document_order, xs_domain
from ...events import STAGE_EXTRAS
from ...i18n import _
from ...plan_inputs import (
    drawers_for,
    has_setting,
    positions_for,
    setting_for,
    timeline,
    usable_spans,
)
from ...state import build_state, edition_of
from ...warnings import XsWarning, warn
from .diagram_directives import DiagramDirective, DiagramRecord, StageDirective, check_stages

OUT_DIR = "_diagrams"
STAGE_DATA = "stage-data.js"


def spacing(env: BuildEnvironment) -> float:
    """Distance (尺) between neighbours at one place (``[plan] spacing``)."""
    return edition_of(env).plan.spacing


def stage_title(env: BuildEnvironment) -> str:
    return edition_of(env).plan.title


def positions_key(env: BuildEnvironment) -> str:
    """A digest of the positions data, the reading order and the drawing code (stable across
    processes): the pages with plans are written again when any of them changes, so that an
    incremental build draws the stage's plan with the code that computed its data."""
    domain = xs_domain(env)
    order = repr([sid for sid, _ in domain.ordered_steps()])
    h = hashlib.sha1((positions_for(env).digest + order).encode("utf-8"))
    for path in _STAGE_CODE:
        h.update(path.read_bytes())
    return h.hexdigest()


# -- checks and numbering ------------------------------------------------------------------------


def assign_diagram_numbers(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Derived (:mod:`ritual.derive`): number diagrams in reading order; return pages to
    re-write."""
    domain = xs_domain(env)
    rank = {doc: i for i, doc in enumerate(document_order(env))}
    records = sorted(
        domain.data["diagrams"].items(),
        key=lambda kv: (rank.get(kv[1].docname, 1e9), kv[1].seq),
    )
    numbers = {fid: i for i, (fid, _) in enumerate(records, start=1)}
    old = domain.data["diagram_numbers"]
    changed = {rec.docname for fid, rec in records if old.get(fid) != numbers[fid]}
    key = positions_key(env)
    if key != domain.data["positions_key"]:
        changed |= {rec.docname for rec in domain.data["diagrams"].values()}
        changed |= set(domain.data["stages"])
    domain.data["diagram_numbers"] = numbers
    domain.data["positions_key"] = key
    return sorted(changed)


# -- drawing ---------------------------------------------------------------------------------


@dataclass
class Drawn:
    """A diagram: who is where, and (drawn when first asked for) its plan for the site and
    for the book."""

    label: str  # 圖一
    number: int
    step_number: str
    title: str
    figures: list[Figure]
    draw: Callable[[Medium], Plan]
    print_box: tuple[float, float]

    @cached_property
    def plan(self) -> Plan:
        # edition.json needs only the figures; the plan is drawn for the pages written and for
        # the files beside them, each when it is wanted.
        return self.draw(SCREEN)

    @cached_property
    def print_plan(self) -> Plan:
        """The plan as the book prints it: fitted to ``xs_plan_print_box``, no title of its
        own (the caption gives it)."""
        return self.draw(print_medium(*self.print_box))


def plan_words() -> PlanWords:
    """The words a plan writes of its own, in the build's language."""
    default = PlanWords()
    return PlanWords(
        moved=_(default.moved),
        off_view=_(default.off_view),
        figure=_(default.figure),
        north=_(default.north),
    )


def figure_text(figures: list[Figure]) -> str:
    at = _("{role} at {place}, {facing}")
    return "；".join(at.format(role=f.role, place=f.place, facing=f.facing) for f in figures)


def states(env: BuildEnvironment) -> list[list[Figure]]:
    """The figures after every step, from one replay for all diagrams (not one per diagram,
    BENCHMARKS.md); computed once per numbering."""

    def replay() -> list[list[Figure]]:
        figures = positions_for(env).figures
        walker = Walker(setting_for(env), spacing(env), line_ranks(figures))
        out = []
        for rows in timeline(env).clean:
            walker.step(rows)
            out.append(walker.figures())
        return out

    return build_state(env).derive("states", replay)


def draw(env: BuildEnvironment, rec: DiagramRecord) -> Drawn | None:
    """The diagram of a record, or None if its step is unknown (drawn once per numbering:
    the page's post-transform, the SVG files and ``edition.json`` each ask for it)."""
    domain = xs_domain(env)
    tl = timeline(env)
    step_id = domain.resolve_step_id(rec.step)
    if step_id is None or step_id not in tl.order:
        return None
    number = domain.data["diagram_numbers"].get(rec.anchor, 0)
    step_no = domain.number_label(step_id)
    phase = domain.phases.get(domain.steps[step_id].section)
    title = rec.title or (phase.title if phase else step_id)
    key = repr((rec.anchor, step_id, rec.view, tuple(rec.extra), number, step_no, title))
    drawn: dict[str, Drawn] = build_state(env).derive("drawn", dict)
    if key not in drawn:
        drawn[key] = _draw(env, rec, step_id, number, step_no, title)
    return drawn[key]


def _draw(
    env: BuildEnvironment, rec: DiagramRecord, step_id: str, number: int, step_no: str, title: str
) -> Drawn:
    tl = timeline(env)
    i = tl.order[step_id]
    setting = setting_for(env)
    figures = states(env)[i]
    label = _("Figure {n}").format(n=chinese_number(number))
    # (a bad row of the timeline is left out and said at its line: usable_spans; the
    # directive's own furnishings are checked where it stands)
    extra = [
        key
        for key in dict.fromkeys([*furnishings_at(usable_spans(env), tl.order, i), *rec.extra])
        if key in setting.furnishings
    ]
    plan = edition_of(env).plan
    gap = spacing(env)
    drawers = drawers_for(env)
    # who stands where, or what the edition says of a plan on which nobody stands ([plan]
    # empty), as one sentence (its own full stop, if it has one, not doubled)
    said = (figure_text(figures) or plan.empty).rstrip("。")
    after = _("After step {n} ({id})").format(n=step_no, id=step_id)
    desc = f"{after}。" + (f"{said}。" if said else "")

    def plan_of(medium: Medium) -> Plan:
        return compose(
            setting,
            figures,
            title,
            desc,
            f"{label}　{after}",
            options=PlanOptions(
                view=rec.view,
                extra=extra,
                spacing=gap,
                id_prefix=f"xsd-{rec.anchor}",
                notes=plan.notes,
                view_notes=plan.view_notes.get(rec.view, ()),
                drawers=drawers,
                medium=medium,
                words=plan_words(),
            ),
        )

    box = env.config.xs_plan_print_box
    return Drawn(label, number, step_no, title, figures, plan_of, (box[0], box[1]))


class RenderDiagrams(SphinxPostTransform):
    """Fill each diagram node with its plan; fill the stage node with its base plans."""

    default_priority = 210

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(xsnodes.diagram)):
            drawn = draw(self.env, node_record(self.env, node))
            if drawn is None:
                warn(
                    f"diagram {node['fig_id']!r}: unknown step {node['step']!r}",
                    XsWarning.BAD_DIAGRAM,
                    node,
                )
                node.parent.remove(node)
                continue
            node["label"] = drawn.label
            node["title"] = drawn.title
            node["step_label"] = _("After step {n} ({id})").format(
                n=drawn.step_number, id=node["step"]
            )

            node["plan"] = drawn.plan
            node["figures"] = [[f.role, f.place, f.facing] for f in drawn.figures]
            node["zhu"] = figure_zhu(self.env, node["step"], drawn.figures)
        for node in self.document.findall(xsnodes.stage):
            views = setting_for(self.env).views
            node["views"] = {view: stage_plan(self.env, view) for view in views}
            node["view_titles"] = {name: v.title for name, v in views.items()}
            node["empty"] = edition_of(self.env).plan.stage_empty
            node["steps"] = stage_steps(self.env)


def figure_zhu(env: BuildEnvironment, step: str, figures: list[Figure]) -> list[list[str]]:
    """For each figure of a plan after ``step``, the ids of the notes of 注 its place and
    facing rest on (:mod:`.position_notes`)."""
    from .position_notes import figure_notes

    step_id = xs_domain(env).resolve_step_id(step)
    at = timeline(env).order.get(step_id or "")
    if at is None:
        return [[] for _ in figures]
    notes = figure_notes(env)[at]
    return [list(notes.get(f.role, ())) for f in figures]


class PrintPlans(SphinxPostTransform):
    """The book prints its own drawing of each plan (fitted to the page, type no smaller than
    the book's, no title over it: the caption gives it); the site and every other builder
    keep the screen's."""

    default_priority = 211
    formats = ("latex",)

    def run(self, **kwargs: Any) -> None:
        for node in self.document.findall(xsnodes.diagram):
            drawn = draw(self.env, node_record(self.env, node))
            if drawn is not None:
                node["plan"] = drawn.print_plan


def node_record(env: BuildEnvironment, node: xsnodes.diagram) -> DiagramRecord:
    """The record of a diagram node (one made up from the node itself where the domain has
    none for this document: an inlined document's copy)."""
    rec = xs_domain(env).data["diagrams"].get(node["fig_id"])
    if rec is None or rec.docname != env.docname:
        rec = DiagramRecord(
            env.docname,
            node.line or 0,
            node["fig_id"],
            node["step"],
            node["view"],
            tuple(node["extra"]),
            node["title"],
            "",
            "",
            (node["step"],),
            0,
        )
    return rec


def stage_groups(env: BuildEnvironment) -> dict[str, int]:
    """Each place's largest group over the rite: the stage's plan and the names placed on it
    at every step keep off the room a group spreads over (:func:`.layout.most_at_once`)."""
    return build_state(env).derive(
        "stage-groups", lambda: most_at_once(setting_for(env), timeline(env).clean)
    )


def stage_plan(env: BuildEnvironment, view: str) -> Plan:
    """The plan of the stage view: every furnishing, each in its own group, no figures."""

    def make() -> Plan:
        setting = setting_for(env)
        plan = edition_of(env).plan
        return compose(
            setting,
            [],
            stage_title(env),
            plan.description,
            "",
            options=PlanOptions(
                view=view,
                furnishings=list(setting.furnishings),
                spacing=spacing(env),
                id_prefix=f"xs-stage-{view}",
                group_furnishings=True,
                transient=True,
                groups=stage_groups(env),
                notes=plan.notes,
                view_notes=plan.view_notes.get(view, ()),
                drawers=drawers_for(env),
                words=plan_words(),
            ),
        )

    return build_state(env).derive(f"stage-plan-{view}", make)


#: How many characters of a step's text the stage's list of steps shows (issue 25: the list
#: is what ``stage.html#<step id>`` lands on without scripts; it must keep the page light).
STAGE_LIST_CHARS = 8


class StageListItem(NamedTuple):
    """A step in the stage's list: the opening of its text (:data:`STAGE_LIST_CHARS`
    characters, ``…`` when cut), the kept forms in it (:mod:`.kept`), and the retired ids that
    lead to it (their fragments land on it too)."""

    id: str
    number: str
    text: str
    kept: tuple[tuple[int, int], ...]
    retired: tuple[str, ...]


def stage_retired(env: BuildEnvironment) -> dict[str, str]:
    """Each retired step id of the registry → the live step it leads to."""
    return xs_domain(env).retired_steps()


def stage_steps(env: BuildEnvironment) -> list[StageListItem]:
    """The stage view's steps in the order of its timeline (the script's)."""
    domain = xs_domain(env)
    retired: dict[str, list[str]] = {}
    for old, new in stage_retired(env).items():
        retired.setdefault(new, []).append(old)
    out = []
    for step_id in timeline(env).ids:
        rec = domain.steps[step_id]
        text = rec.text
        cut = text[:STAGE_LIST_CHARS] + ("…" if len(text) > STAGE_LIST_CHARS else "")
        spans = tuple(
            (start, min(end, STAGE_LIST_CHARS))
            for start, end in kept.merged(rec.kept)
            if start < STAGE_LIST_CHARS
        )
        number = domain.number_label(step_id)
        out.append(StageListItem(step_id, number, cut, spans, tuple(retired.get(step_id, ()))))
    return out


def stage_timeline(app: Sphinx, phases: list[tuple[str, Any]]) -> list[StageStep]:
    """The timeline's steps as the stage data carry them (number, phase, marked text,
    translation, page): what :func:`stage_data` encodes and :func:`stage_key` digests."""
    domain = xs_domain(app.env)
    phase_index = {pid: i for i, (pid, _) in enumerate(phases)}
    out = []
    for step_id in timeline(app.env).ids:
        rec = domain.steps[step_id]
        out.append(
            StageStep(
                step_id,
                domain.number_label(step_id),
                phase_index.get(rec.section, -1),
                kept.mark(rec.text, rec.kept),
                rec.translation or "",
                app.builder.get_target_uri(rec.docname),
            )
        )
    return out


def stage_extras(app: Sphinx) -> list[tuple[str, Any]]:
    """What the features add to the stage data (``xs-stage-extras``), asked once per build:
    :func:`stage_key` digests it and :func:`stage_data` encodes it."""
    return build_state(app.env).derive(
        "stage-extras", lambda: list(app.emit(STAGE_EXTRAS, timeline(app.env).ids))
    )


def stage_data(app: Sphinx) -> dict[str, Any]:
    """The whole timeline of the stage view (:func:`.diagram.stage.encode_stage`)."""
    env = app.env
    tl = timeline(env)
    phases = xs_domain(env).ordered_phases()
    steps = stage_timeline(app, phases)
    data = positions_for(env)
    from .position_notes import figure_notes

    encoded = encode_stage(
        setting_for(env),
        steps,
        tl.clean,
        zhu=figure_notes(env),
        title=stage_title(env),
        roles=list(data.figures),
        phases=[rec.title for _, rec in phases],
        spans=usable_spans(env),
        spacing=spacing(env),
        line_rank=line_ranks(data.figures),
        drawers=drawers_for(env),
        groups=stage_groups(env),
    )
    # a retired id in the address (stage.html#<step id>) selects the step it leads to
    at = {sid: i for i, sid in enumerate(tl.ids)}
    retired = {old: at[new] for old, new in stage_retired(env).items() if new in at}
    if retired:
        encoded["retired"] = retired
    for name, extra in stage_extras(app):
        encoded[name] = extra
    return encoded


# -- output ---------------------------------------------------------------------------------------


def write_outputs(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished`` (HTML): the diagrams as SVG files and the stage timeline as a script."""
    pending = _PENDING.pop(id(app), None)
    if exception is not None or app.builder.format != "html" or not has_setting(app.env):
        if pending is not None:
            pending.terminate()
        return  # without a setting no diagram or stage was recorded (each said where it stood)
    domain = xs_domain(app.env)
    out = Path(app.outdir) / OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    inputs = stage_key(app)
    # The SVG files are redrawn only when what they are drawn from changed (the stage's inputs
    # and the diagrams' own records), or one is missing: drawing all of them is a quarter of a
    # rebuild that changed nothing.
    records = sorted(domain.data["diagrams"].values(), key=lambda rec: rec.anchor)
    files_key = hashlib.sha256(
        repr((inputs, records, sorted(domain.data["diagram_numbers"].items()))).encode()
    ).hexdigest()
    stamp = Path(app.doctreedir) / "xs-diagram-files.key"
    files = [out / f"{rec.anchor}.svg" for rec in records]
    if not (_first_line(stamp) == files_key and all(f.is_file() for f in files)):
        for rec, path in zip(records, files, strict=True):
            drawn = draw(app.env, rec)
            if drawn is not None:
                path.write_text(to_svg(drawn.plan), encoding="utf-8")
        stamp.write_text(files_key, encoding="utf-8")
    if pending is not None:
        pending.join()
    elif domain.data["stages"]:
        write_stage_data(app, inputs)


def write_stage_data(app: Sphinx, inputs: str | None = None) -> None:
    """``_diagrams/stage-data.js``, unless the file there was computed from the same inputs
    (``inputs``: :func:`stage_key`)."""
    out = Path(app.outdir) / OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    target = out / STAGE_DATA
    key = f"/* xs-stage {inputs or stage_key(app)} */\n"
    if _first_line(target) != key:
        data = json.dumps(stage_data(app), ensure_ascii=False, separators=(",", ":"))
        target.write_text(f"{key}window.XS_STAGE={data};\n", encoding="utf-8")


#: The stage data being computed in a process of their own, by application (see
#: :func:`start_stage_data`).
_PENDING: dict[int, ParallelTasks] = {}


def start_stage_data(app: Sphinx, builder: Any) -> None:
    """``write-started`` (HTML, ``-j N`` with N > 1): compute the stage data in a process of its
    own while the pages are written; :func:`write_outputs` waits for it. Placing the names of
    every step's figures is the largest single piece of a full build, and it reads only what
    the reading phase recorded."""
    if app.builder.format != "html" or app.parallel < 2 or not parallel_available:
        return
    if not xs_domain(app.env).data["stages"]:
        return
    tasks = ParallelTasks(1)
    tasks.add_task(write_stage_data, app)
    _PENDING[id(app)] = tasks


def _first_line(path: Path) -> str:
    try:
        with path.open(encoding="utf-8") as f:
            return f.readline()
    except OSError:
        return ""


#: The drawing code the stage data are computed by.
_STAGE_CODE = (
    *sorted((Path(__file__).parents[2] / "core" / "diagram").glob("*.py")),
    Path(__file__),
)


def stage_key(app: Sphinx) -> str:
    """A digest of everything :func:`stage_data` reads: a rebuild that changes none of it keeps
    the file (computing it places every label at every step, the costliest part of a rebuild).
    """
    domain = xs_domain(app.env)
    edition = edition_of(app.env)
    h = hashlib.sha256()
    for path in (*_STAGE_CODE, edition.path("setting"), edition.path("facings")):
        h.update(path.read_bytes() if path.is_file() else b"-")
    h.update(positions_for(app.env).digest.encode())
    h.update(repr(edition.plan).encode())
    tl = timeline(app.env)
    h.update(repr(tl.clean).encode())
    phases = domain.ordered_phases()
    h.update(repr(stage_timeline(app, phases)).encode())
    h.update(repr([domain.steps[step_id].anchor for step_id in tl.ids]).encode())
    h.update(repr([(pid, rec.title) for pid, rec in phases]).encode())
    h.update(repr(stage_retired(app.env)).encode())
    from .position_notes import figure_notes

    h.update(repr(figure_notes(app.env)).encode())
    for name, extra in sorted(stage_extras(app)):
        h.update(repr((name, extra)).encode())
    return h.hexdigest()[:20]


def export_diagrams(app: Sphinx) -> list[dict[str, Any]]:
    """``edition.json`` ``diagrams``: one entry per diagram, in reading order."""
    domain = xs_domain(app.env)
    numbers = domain.data["diagram_numbers"]
    out = []
    for fid, rec in sorted(domain.data["diagrams"].items(), key=lambda kv: numbers.get(kv[0], 0)):
        drawn = draw(app.env, rec)
        if drawn is None:
            continue
        out.append(
            {
                # Exactly the keys of the published contract (see the 凡例); the number and
                # label (圖一 …) are in the title shown on the page.
                "id": fid,
                "title": drawn.title,
                "section": rec.section,
                "steps": [domain.resolve_step_id(s) or s for s in rec.steps],
                "svg": f"{OUT_DIR}/{fid}.svg",
                "figures": [
                    {"role": f.role, "place": f.place, "facing": f.facing} for f in drawn.figures
                ],
            }
        )
    return out


def setup_diagrams(app: Sphinx) -> None:
    """Register the diagram and stage directives and their event handlers."""
    app.add_directive_to_domain("xs", "diagram", DiagramDirective)
    app.add_directive_to_domain("xs", "stage", StageDirective)
    app.connect("env-check-consistency", check_stages)
    app.add_post_transform(RenderDiagrams)
    app.add_post_transform(PrintPlans)
    app.connect("write-started", start_stage_data)
    app.connect("build-finished", write_outputs)


# the exit marker is part of the positions vocabulary; re-exported for the writers
__all__ = ["EXIT", "setup_diagrams"]
