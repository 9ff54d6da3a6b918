"""Sphinx glue for the plan diagrams and the stage view (issue 6).

The drawing is done by the pure :mod:`.diagram` package; this module only feeds it the steps'
``:positions:`` in reading order and puts the results where the builders want them:

- ``env-check-consistency``: every step's positions checked, in reading order (unknown role,
  place or facing; a first placement without a facing) → ``xs.bad_position`` at the step;
- ``env-updated``: diagrams numbered in reading order (圖一, 圖二 …); pages with diagrams or the
  stage re-written when a number or any step's positions changed;
- a post-transform fills each :class:`~.nodes.diagram` with its SVG, label and key (an unknown
  step → ``xs.bad_diagram`` at the directive), and each :class:`~.nodes.stage` with its plans;
- ``build-finished`` (HTML): ``_diagrams/<id>.svg`` for every diagram and
  ``_diagrams/stage-data.js`` (the whole timeline) beside the pages;
- ``export.PROVIDERS["diagrams"]``: the ``diagrams`` list of ``edition.json``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform

from . import export
from . import nodes as xsnodes
from .diagram import default_setting, render
from .diagram.layout import EXIT, Figure, _Walker
from .diagram.positions import (
    chinese_number,
    clean_timeline,
    furnishings_at,
    line_ranks,
    load_figures,
    load_spans,
)
from .diagram.svg import label_offsets, pixel_positions
from .directives.diagram import DiagramDirective, DiagramRecord, StageDirective
from .domain import XsDomain, document_order
from .warnings import XsWarning, warn

OUT_DIR = "_diagrams"
STAGE_DATA = "stage-data.js"
STAGE_TITLE = "州序鄉射位次"
#: label anchors as the stage script numbers them
ANCHORS = {"start": 0, "middle": 1, "end": 2}
#: Row spacing (尺) used for the plans: a little tighter than the layout default so that the
#: nine who wait at 堂西 fit between the 西堂 and the court wall.
SPACING = 2.5


@lru_cache(maxsize=1)
def figures_table() -> dict[str, Any]:
    return load_figures()


@lru_cache(maxsize=1)
def spans_table() -> tuple[Any, ...]:
    return tuple(load_spans())


class Timeline(NamedTuple):
    """The steps in reading order with their usable positions."""

    ids: list[str]
    index: dict[str, int]
    clean: list[list[tuple[str, str, str | None]]]
    problems: list[tuple[str, str]]


_TIMELINES: dict[str, Timeline] = {}


def positions_key(domain: XsDomain) -> str:
    """A digest of every step's positions in reading order (stable across processes)."""
    text = repr([(sid, tuple(rec.positions)) for sid, rec in domain.ordered_steps()])
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def timeline(env: BuildEnvironment) -> Timeline:
    """The checked timeline of the current build (computed once per set of positions)."""
    domain: XsDomain = env.get_domain("xs")  # type: ignore[assignment]
    key = domain.data.get("positions_key") or positions_key(domain)
    cached = _TIMELINES.get(key)
    if cached is None:
        ordered = domain.ordered_steps()
        steps = [(sid, [tuple(p) for p in rec.positions]) for sid, rec in ordered]
        clean, problems = clean_timeline(steps, default_setting(), figures_table())  # type: ignore[arg-type]
        ids = [sid for sid, _ in ordered]
        cached = Timeline(ids, {sid: i for i, sid in enumerate(ids)}, clean, problems)
        _TIMELINES.clear()
        _TIMELINES[key] = cached
    return cached


# -- checks and numbering ------------------------------------------------------------------------


def check_positions(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: report bad positions at their steps."""
    domain: XsDomain = env.get_domain("xs")  # type: ignore[assignment]
    for step_id, message in timeline(env).problems:
        rec = domain.steps[step_id]
        warn(f"step {step_id!r}: {message}", XsWarning.BAD_POSITION, (rec.docname, rec.lineno))


def assign_diagram_numbers(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``: number diagrams in reading order; return pages to re-write."""
    domain: XsDomain = env.get_domain("xs")  # type: ignore[assignment]
    rank = {doc: i for i, doc in enumerate(document_order(env))}
    records = sorted(
        domain.data["diagrams"].items(),
        key=lambda kv: (rank.get(kv[1].docname, 1e9), kv[1].seq),
    )
    numbers = {fid: i for i, (fid, _) in enumerate(records, start=1)}
    old = domain.data["diagram_numbers"]
    changed = {rec.docname for fid, rec in records if old.get(fid) != numbers[fid]}
    key = positions_key(domain)
    if key != domain.data["positions_key"]:
        changed |= {rec.docname for rec in domain.data["diagrams"].values()}
        changed |= set(domain.data["stages"])
    domain.data["diagram_numbers"] = numbers
    domain.data["positions_key"] = key
    return sorted(changed)


# -- drawing ---------------------------------------------------------------------------------


@dataclass
class Drawn:
    """A diagram: who is where, and (rendered when first asked for) its SVG."""

    label: str  # 圖一
    number: int
    step_number: str
    title: str
    figures: list[Figure]
    render: Callable[[], str]

    @cached_property
    def svg(self) -> str:
        # edition.json needs only the figures; the SVG is drawn for the pages written and for
        # the files beside them, each when it is wanted.
        return self.render()


def figure_text(figures: list[Figure]) -> str:
    return "；".join(f"{f.role}在{f.place}，{f.facing}" for f in figures)


#: The timeline whose states were last computed, and those states.
_STATES: list[tuple[Timeline, list[list[Figure]]]] = []


def states(tl: Timeline) -> list[list[Figure]]:
    """The figures after every step of ``tl``, from one replay (cached for the last timeline):
    one walk over the steps for all diagrams, not one per diagram (BENCHMARKS.md)."""
    if not _STATES or _STATES[0][0] is not tl:
        walker = _Walker(default_setting(), SPACING, line_ranks(figures_table()))
        out = []
        for positions in tl.clean:
            walker.step(positions)
            out.append(walker.figures())
        _STATES[:] = [(tl, out)]
    return _STATES[0][1]


#: Diagrams drawn for the current timeline, by everything a drawing depends on besides it: the
#: page's post-transform, the SVG files and ``edition.json`` each ask for every diagram.
_DRAWN: dict[tuple[Any, ...], Drawn] = {}
_DRAWN_FOR: list[Timeline] = []


def draw(env: BuildEnvironment, rec: DiagramRecord) -> Drawn | None:
    """The diagram of a record, or None if its step is unknown."""
    domain: XsDomain = env.get_domain("xs")  # type: ignore[assignment]
    tl = timeline(env)
    step_id = domain.resolve_step_id(rec.step)
    if step_id is None or step_id not in tl.index:
        return None
    number = domain.data["diagram_numbers"].get(rec.anchor, 0)
    step_no = domain.number_label(step_id)
    phase = domain.phases.get(domain.steps[step_id].section)
    title = rec.title or (phase.title if phase else step_id)
    if not _DRAWN_FOR or _DRAWN_FOR[0] is not tl:
        _DRAWN.clear()
        _DRAWN_FOR[:] = [tl]
    key = (rec.anchor, step_id, rec.view, tuple(rec.extra), number, step_no, title)
    if key not in _DRAWN:
        _DRAWN[key] = _draw(tl, rec, step_id, number, step_no, title)
    return _DRAWN[key]


def _draw(
    tl: Timeline, rec: DiagramRecord, step_id: str, number: int, step_no: str, title: str
) -> Drawn:
    i = tl.index[step_id]
    setting = default_setting()
    figures = states(tl)[i]
    label = f"圖{chinese_number(number)}"
    extra = list(dict.fromkeys([*furnishings_at(spans_table(), tl.index, i), *rec.extra]))
    desc = f"第{step_no}節（{step_id}）之後。" + (figure_text(figures) or "堂上庭中無人。") + "。"

    def svg() -> str:
        return render(
            setting,
            figures,
            title,
            desc,
            f"{label}　第{step_no}節（{step_id}）之後",
            view=rec.view,
            extra=extra,
            spacing=SPACING,
            id_prefix=f"xsd-{rec.anchor}",
        )

    return Drawn(label, number, step_no, title, figures, svg)


class RenderDiagrams(SphinxPostTransform):
    """Fill each diagram node with its plan; fill the stage node with its base plans."""

    default_priority = 210

    def run(self, **kwargs: Any) -> None:
        domain: XsDomain = self.env.get_domain("xs")  # type: ignore[assignment]
        for node in list(self.document.findall(xsnodes.diagram)):
            rec = domain.data["diagrams"].get(node["fig_id"])
            if rec is None or rec.docname != self.env.docname:
                rec = DiagramRecord(
                    self.env.docname,
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
            drawn = draw(self.env, rec)
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
            node["step_label"] = f"第{drawn.step_number}節（{node['step']}）之後"
            node["svg"] = drawn.svg
            node["figures"] = [[f.role, f.place, f.facing] for f in drawn.figures]
        for node in self.document.findall(xsnodes.stage):
            node["views"] = {view: stage_plan(view) for view in ("hall", "range")}


@lru_cache(maxsize=2)
def stage_plan(view: str) -> str:
    """The plan of the stage view: every furnishing, each in its own group, no figures."""
    setting = default_setting()
    return render(
        setting,
        [],
        STAGE_TITLE,
        "州序之堂、庭與射道；人物位置隨所選之節而動。",
        "",
        view=view,
        furnishings=list(setting.furnishings),
        spacing=SPACING,
        id_prefix=f"xs-stage-{view}",
        group_furnishings=True,
    )


def _num(value: float) -> float | int:
    """A pixel to a tenth, written without ``.0`` when whole (``479``, not ``479.0``)."""
    value = round(value, 1)
    return int(value) if value.is_integer() else value


def stage_data(app: Sphinx) -> dict[str, Any]:
    """The timeline for the stage script: per step its text, number, phase, page, the
    furnishings on the plan and the figures that changed, with their pixel places in both views.

    Kept small, because the stage page loads all of it: names are given once in tables and
    referred to by index, and each step lists only what differs from the step before it —
    ``fig``, the figures that came, moved, turned, were relabelled or act in it (``moved``);
    ``gone``, the roles that left; ``order``, the order of the key when it is not the previous
    order with newcomers at the end; ``furn``, the furnishings when they changed. Everyone
    else stays as they were, no longer marked as moving. (Listing every figure at every step
    made the file seven times larger.)"""
    env = app.env
    domain: XsDomain = env.get_domain("xs")  # type: ignore[assignment]
    setting = default_setting()
    tl = timeline(env)
    roles: list[str] = list(figures_table())
    places: list[str] = list(setting.places)
    facings: list[str] = list(setting.facings)
    furnishings: list[str] = list(setting.furnishings)
    phases = domain.ordered_phases()
    phase_index = {pid: i for i, (pid, _) in enumerate(phases)}
    steps = []
    state: dict[int, list[Any]] = {}
    order: list[int] = []
    pages: dict[str, int] = {}
    previous_furn = None
    walker = _Walker(setting, SPACING, line_ranks(figures_table()))
    for i, step_id in enumerate(tl.ids):
        rec = domain.steps[step_id]
        walker.step(tl.clean[i])  # one replay for all steps, not one per step
        figures = walker.figures()
        px = {
            view: pixel_positions(setting, figures, STAGE_TITLE, view=view, spacing=SPACING)
            for view in ("hall", "range")
        }
        on_plan = [
            k
            for k in furnishings
            if setting.furnishings[k].default or k in furnishings_at(spans_table(), tl.index, i)
        ]
        labels = {
            view: label_offsets(
                setting, figures, STAGE_TITLE, view=view, furnishings=on_plan, spacing=SPACING
            )
            for view in ("hall", "range")
        }

        def label(view: str, role: str, labels: dict = labels) -> list[float]:
            if role not in labels[view]:
                return []
            dx, dy, anchor, vertical = labels[view][role]
            return [_num(dx), _num(dy), ANCHORS[anchor], int(vertical)]

        encoded = [
            [
                roles.index(f.role),
                places.index(f.place),
                facings.index(f.facing),
                round(f.bearing),
                int(f.moved),
                _num(px["hall"][f.role][0]),
                _num(px["hall"][f.role][1]),
                _num(px["range"][f.role][0]),
                _num(px["range"][f.role][1]),
                label("hall", f.role),
                label("range", f.role),
            ]
            for f in figures
        ]
        furn = [furnishings.index(k) for k in on_plan]
        uri = app.builder.get_target_uri(rec.docname)
        if uri not in pages:
            pages[uri] = len(pages)
        step: dict[str, Any] = {
            "id": step_id,
            "n": domain.number_label(step_id),
            "p": phase_index.get(rec.section, -1),
            "text": rec.text,
            "tr": rec.translation or "",
            "u": pages[uri],
        }
        step.update(_figure_changes(state, order, encoded))
        if furn != previous_furn:
            step["furn"] = furn
        steps.append(step)
        previous_furn = furn
    return {
        "title": STAGE_TITLE,
        "roles": roles,
        "places": places,
        "facings": facings,
        "furnishings": furnishings,
        "phases": [rec.title for _, rec in phases],
        "pages": list(pages),
        "steps": steps,
    }


def _figure_changes(
    state: dict[int, list[Any]], order: list[int], encoded: list[list[Any]]
) -> dict[str, Any]:
    """What a step changes in the stage's figures (see :func:`stage_data`); updates ``state``
    (role → entry, as last sent, ``moved`` cleared) and ``order`` to the step's."""
    now = {e[0]: e for e in encoded}
    out: dict[str, Any] = {}
    gone = [r for r in order if r not in now]
    changed = [e for e in encoded if e[4] or state.get(e[0]) != [*e[:4], 0, *e[5:]]]
    if gone:
        out["gone"] = gone
    if changed:
        out["fig"] = changed
    kept = [r for r in order if r in now]
    expected = kept + [e[0] for e in encoded if e[0] not in state]
    for r in gone:
        del state[r]
    for e in encoded:
        state[e[0]] = [*e[:4], 0, *e[5:]]
    if expected != [e[0] for e in encoded]:
        out["order"] = [e[0] for e in encoded]
    order[:] = [e[0] for e in encoded]
    return out


# -- output ---------------------------------------------------------------------------------------


def write_outputs(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished`` (HTML): the diagrams as SVG files and the stage timeline as a script."""
    if exception is not None or app.builder.format != "html":
        return
    domain: XsDomain = app.env.get_domain("xs")  # type: ignore[assignment]
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
                path.write_text(drawn.svg, encoding="utf-8")
        stamp.write_text(files_key, encoding="utf-8")
    if domain.data["stages"]:
        target = out / STAGE_DATA
        key = f"/* xs-stage {inputs} */\n"
        if _first_line(target) != key:
            data = json.dumps(stage_data(app), ensure_ascii=False, separators=(",", ":"))
            target.write_text(f"{key}window.XS_STAGE={data};\n", encoding="utf-8")


def _first_line(path: Path) -> str:
    try:
        with path.open(encoding="utf-8") as f:
            return f.readline()
    except OSError:
        return ""


#: What the stage data are computed from besides the steps: the drawing code and its data.
_STAGE_INPUTS = (
    *sorted((Path(__file__).parent / "diagram").glob("*.py")),
    Path(__file__),
    *(
        Path(__file__).parent / "data" / name
        for name in (
            "setting.toml",
            "facings.tsv",
            "figures.tsv",
            "furnishings.tsv",
            "positions.tsv",
        )
    ),
)


def stage_key(app: Sphinx) -> str:
    """A digest of everything :func:`stage_data` reads: a rebuild that changes none of it keeps
    the file (computing it places every label at every step, the costliest part of a rebuild).
    """
    domain: XsDomain = app.env.get_domain("xs")  # type: ignore[assignment]
    h = hashlib.sha256()
    for path in _STAGE_INPUTS:
        h.update(path.read_bytes() if path.is_file() else b"-")
    tl = timeline(app.env)
    h.update(repr(tl.clean).encode())
    for step_id in tl.ids:
        rec = domain.steps[step_id]
        h.update(
            repr(
                (
                    step_id,
                    domain.number_label(step_id),
                    rec.section,
                    rec.text,
                    rec.translation,
                    app.builder.get_target_uri(rec.docname),
                    rec.anchor,
                )
            ).encode()
        )
    h.update(repr([(pid, rec.title) for pid, rec in domain.ordered_phases()]).encode())
    return h.hexdigest()[:20]


def export_diagrams(app: Sphinx) -> list[dict[str, Any]]:
    """``edition.json`` ``diagrams``: one entry per diagram, in reading order."""
    domain: XsDomain = app.env.get_domain("xs")  # type: ignore[assignment]
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


def _add_assets(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.add_css_file("xs-diagram.css")


def setup_diagrams(app: Sphinx) -> None:
    """Register the diagram and stage directives and their event handlers."""
    app.add_directive_to_domain("xs", "diagram", DiagramDirective)
    app.add_directive_to_domain("xs", "stage", StageDirective)
    app.add_post_transform(RenderDiagrams)
    app.connect("builder-inited", _add_assets)
    # After domain.assign_numbers (priority 500): positions_key reads the steps in numbered order.
    app.connect("env-updated", assign_diagram_numbers, priority=600)
    app.connect("env-check-consistency", check_positions)
    app.connect("build-finished", write_outputs)
    export.PROVIDERS["diagrams"] = export_diagrams


# the exit marker is part of the positions vocabulary; re-exported for the writers
__all__ = ["EXIT", "setup_diagrams"]
