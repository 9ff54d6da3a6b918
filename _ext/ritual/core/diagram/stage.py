"""The stage view's timeline: every step of the rite with who stands where, as compact data.

The stage page loads all of it, so it is kept small: names are given once in tables and
referred to by index, and each step lists only what differs from the step before it — ``fig``,
the figures that came, moved, turned, were relabelled or act in it (``moved``); ``gone``, the
roles that left; ``order``, the order of the key when it is not the previous order with
newcomers at the end; ``furn``, the furnishings when they changed; ``p`` and ``u``, the phase
and the page, when they changed; ``n``, the step's number, where it is not its place in the
timeline (1, 2 …). Everyone else stays as they were, no longer marked as moving. (Listing
every figure at every step made the file seven times larger.) ``outside`` lists, for each of
the two views, the places beyond it, so that the key can say who is off the plan shown.
A name's place beside its marker is one of a few hundred (most names sit at one of the plan's
few usual spots), so the figures refer to ``labels``, the table of them, by index: written out
at each figure they were a fifth of the file. ``static/xs-stage.js`` decodes it.

No Sphinx import: the glue (``plans/diagrams.py``) hands over the steps and writes the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .drawers import DRAWERS, Drawer
from .layout import Walker, most_at_once
from .model import Setting
from .positions import Span, furnishings_at
from .svg import label_offsets, pixel_positions

#: label anchors as the stage script numbers them
ANCHORS = {"start": 0, "middle": 1, "end": 2}


class StageStep(NamedTuple):
    """What the stage shows of one step besides its figures."""

    id: str
    number: str
    phase: int  # index into the phase titles
    text: str
    translation: str
    page: str  # the page's URI, listed once in the data


def _num(value: float) -> float | int:
    """A pixel to a tenth, written without ``.0`` when whole (``479``, not ``479.0``)."""
    value = round(value, 1)
    return int(value) if value.is_integer() else value


def encode_stage(
    setting: Setting,
    steps: Sequence[StageStep],
    positions: Sequence[Sequence[tuple[str, str, str | None]]],
    *,
    title: str,
    roles: Sequence[str],
    phases: Sequence[str],
    spans: Sequence[Span],
    spacing: float,
    line_rank: Mapping[str, int] | None = None,
    drawers: Mapping[str, Drawer] = DRAWERS,
    zhu: Sequence[Mapping[str, Sequence[str]]] | None = None,
    groups: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The timeline for the stage script: per step its text, number, phase, page, the
    furnishings on the plan and the figures that changed, with their pixel places and label
    offsets in both views (as :func:`.svg.render` would draw them), and, after those, the
    ids of the notes of 注 a figure's place and facing rest on (``zhu``: by step, role →
    ids; issue 21), where there are any. The plan's names keep off the room the rite's
    groups spread over at their places (``groups``; by default :func:`.layout.most_at_once`
    of ``positions``), as the stage's plan is drawn with them."""
    if groups is None:
        groups = most_at_once(setting, positions)
    roles = list(roles)
    # The script reads two views, the close one and the overview; a setting with one view
    # gives it for both.
    views = (list(setting.views) * 2)[:2]
    canvases: dict[Any, Any] = {}
    places = list(setting.places)
    facings = list(setting.facings)
    furnishings = list(setting.furnishings)
    index = {s.id: i for i, s in enumerate(steps)}
    out_steps: list[dict[str, Any]] = []
    state: dict[int, list[Any]] = {}
    order: list[int] = []
    pages: dict[str, int] = {}
    previous_furn = None
    walker = Walker(setting, spacing, line_rank)
    spots: dict[tuple[float, ...], int] = {}  # a label's place → its index in ``labels``
    for i, (step, rows) in enumerate(zip(steps, positions, strict=True)):
        walker.step(rows)  # one replay for all steps, not one per step
        figures = walker.figures()
        notes = zhu[i] if zhu is not None else {}
        on_plan = [
            k
            for k in furnishings
            if setting.furnishings[k].default or k in furnishings_at(spans, index, i)
        ]
        px = {
            view: pixel_positions(setting, figures, title, view=view, spacing=spacing)
            for view in views
        }
        labels = {
            view: label_offsets(
                setting,
                figures,
                title,
                view=view,
                furnishings=furnishings,  # as the stage's plan places their names
                shown=on_plan,
                spacing=spacing,
                canvases=canvases,
                drawers=drawers,
                groups=groups,
            )
            for view in views
        }

        def label(view: str, role: str, labels: dict = labels) -> int:
            spot: tuple[float, ...] = ()
            if role in labels[view]:
                dx, dy, anchor, vertical, leader = labels[view][role]
                spot = (_num(dx), _num(dy), ANCHORS[anchor], int(vertical))
                spot += tuple(_num(v) for v in leader) if leader else ()
            return spots.setdefault(spot, len(spots))

        encoded = [
            [
                roles.index(f.role),
                places.index(f.place),
                facings.index(f.facing),
                round(f.bearing),
                int(f.moved),
                _num(px[views[0]][f.role][0]),
                _num(px[views[0]][f.role][1]),
                _num(px[views[1]][f.role][0]),
                _num(px[views[1]][f.role][1]),
                label(views[0], f.role),
                label(views[1], f.role),
                *([list(notes[f.role])] if f.role in notes else []),
            ]
            for f in figures
        ]
        furn = [furnishings.index(k) for k in on_plan]
        if step.page not in pages:
            pages[step.page] = len(pages)
        entry: dict[str, Any] = {"id": step.id}
        # the number where it is not the step's place in the timeline, the phase and the page
        # where they are not the previous step's (the script carries them forward)
        if step.number != str(i + 1):
            entry["n"] = step.number
        if not out_steps or step.phase != steps[i - 1].phase:
            entry["p"] = step.phase
        entry["text"] = step.text
        entry["tr"] = step.translation
        if not out_steps or step.page != steps[i - 1].page:
            entry["u"] = pages[step.page]
        entry.update(figure_changes(state, order, encoded))
        if furn != previous_furn:
            entry["furn"] = furn
        out_steps.append(entry)
        previous_furn = furn
    return {
        "title": title,
        "roles": roles,
        "places": places,
        # by view (the close one, the overview), the places that lie outside it, as a static
        # plan judges it (its 圖外 list): the key marks who stands there
        "outside": [
            [
                i
                for i, p in enumerate(setting.places.values())
                if not setting.view(view).holds(p.x, p.y)
            ]
            for view in views
        ],
        "facings": facings,
        "furnishings": furnishings,
        "phases": list(phases),
        "pages": list(pages),
        "steps": out_steps,
        "labels": [list(spot) for spot in spots],
    }


def figure_changes(
    state: dict[int, list[Any]], order: list[int], encoded: list[list[Any]]
) -> dict[str, Any]:
    """What a step changes in the stage's figures (see the module's docstring); updates
    ``state`` (role → entry, as last sent, ``moved`` cleared) and ``order`` to the step's."""
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
