"""The plans' data in the build: the setting, who may be drawn, who stands where, and when
furnishings are set out — read once per build from the edition folder, checked, served.

``positions.tsv`` is the one record of positions: no page repeats it and nothing copies it into
a page. The build reads it (through the pure :mod:`.diagram.positions`), checks it against the
steps once all documents are read — a bad row warns at its own line of the data file — and
serves it, step by step, to the plans, the stage view and the roles' itineraries. A bad row is
left out, so one typo does not stop every later plan.

A shared build module (beside :mod:`.datafiles`), not one component's: the plans
(:mod:`.components.plans`) draw from it and the terms' role pages
(:mod:`.components.terms.indexes`) read the positions for each role's itinerary.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from .core.datafile import Problem, closest
from .core.diagram.drawers import DRAWERS, Drawer, params_of
from .core.diagram.model import Setting, facings_from, read_setting
from .core.diagram.positions import (
    FigureInfo,
    Row,
    Span,
    by_step,
    check_rows,
    check_spans,
    figures_from,
    rows_from,
    spans_from,
)
from .core.edition import EDITION_FILE
from .datafiles import document, table
from .domain import xs_domain
from .state import build_state, edition_of
from .warnings import XsWarning, report, warn


def import_drawer(target: str) -> Drawer:
    """A drawer named ``"module:function"`` (ImportError, AttributeError or ValueError)."""
    module, _, name = str(target).partition(":")
    if not name:
        raise ValueError("expected 'module:function'")
    return getattr(importlib.import_module(module), name)


def drawers_for(env: BuildEnvironment) -> Mapping[str, Drawer]:
    """The built-in furnishing drawers and those the project registers (``xs_plan_drawers``:
    kind → ``"module:function"``, checked when the configuration is read)."""

    def make() -> Mapping[str, Drawer]:
        return {**DRAWERS, **{k: import_drawer(t) for k, t in env.config.xs_plan_drawers.items()}}

    return build_state(env).file("drawers", make)


def check_setting(app: Sphinx) -> None:
    """``builder-inited``: every entry of the setting that cannot be used, at its line, and
    every furnishing of a kind that has no drawer."""
    edition = edition_of(app.env)
    setting, problems = setting_data(app.env)
    report(problems)
    if setting is None:
        return
    manifest = edition.folder / EDITION_FILE
    for view, line in edition.view_notes_lines.items():
        if view not in setting.views:
            warn(
                f"plan.view_notes: {view!r} is not a view of the setting (setting.toml [views]: "
                f"{', '.join(setting.views)}){closest(view, tuple(setting.views))}; its notes are "
                "printed under no plan",
                XsWarning.BAD_EDITION,
                f"{manifest}:{line}",
            )
    drawers = drawers_for(app.env)
    doc = document(app.env, "setting")
    for name, furnishing in setting.furnishings.items():
        if furnishing.kind not in drawers:
            warn(
                f"furnishing {name!r}: no drawer for its kind {furnishing.kind!r} (register one "
                "in xs_plan_drawers); it is left off the plans",
                XsWarning.BAD_EDITION,
                f"{edition.path('setting')}:{doc.line_of('furnishings', name)}",
            )


def setting_data(env: BuildEnvironment) -> tuple[Setting | None, list[Problem]]:
    """The edition's setting (``setting.toml`` and ``facings.tsv``), read once per build, and
    the problems of its entries (each left out, or its bad value; a furnishing's sizes are
    checked against those its kind's drawer declares). None when there is no setting to draw on: the
    file is absent (an edition without plans), could not be read at all, or has no view; the
    first two are said by the strict reader (``missing_file``, ``bad_toml`` …), the third here.
    """

    def read() -> tuple[Setting | None, list[Problem]]:
        doc = document(env, "setting")
        if not doc.data:
            return None, []
        facings = facings_from(table(env, "facings"))
        # each furnishing's keys and sizes checked against those its kind's drawer takes
        setting, problems = read_setting(doc, facings, params_of(drawers_for(env)))
        return (setting if setting.views else None), problems

    return build_state(env).file("setting", read)


def has_setting(env: BuildEnvironment) -> bool:
    """Whether the edition has a setting plans can be drawn on (see :func:`setting_data`)."""
    return setting_data(env)[0] is not None


def setting_for(env: BuildEnvironment) -> Setting:
    """The edition's setting (the entries that can be used). Only asked for where a plan is
    drawn, and a diagram or stage is recorded only when :func:`has_setting`."""
    setting = setting_data(env)[0]
    if setting is None:
        raise RuntimeError("setting_for() called for an edition without a usable setting")
    return setting


class Positions(NamedTuple):
    """The positions data of a build, as read."""

    rows: tuple[Row, ...]
    figures: dict[str, FigureInfo]
    spans: tuple[Span, ...]
    digest: str  # of these files and the setting's: diagrams and the stage depend on them


def positions_for(env: BuildEnvironment) -> Positions:
    """The build's positions, figures and furnishing timeline (read once per build)."""

    def read() -> Positions:
        edition = edition_of(env)
        paths = [edition.path(k) for k in ("positions", "figures", "furnishings")]
        h = hashlib.sha256()
        for path in (*paths, edition.path("setting"), edition.path("facings")):
            h.update(path.read_bytes() if path.is_file() else b"-")
        rows = tuple(rows_from(table(env, "positions")))
        figures = figures_from(table(env, "figures"))
        spans = tuple(spans_from(table(env, "furnishings")))
        return Positions(rows, figures, spans, h.hexdigest()[:20])

    return build_state(env).file("positions", read)


class Timeline(NamedTuple):
    """The steps in reading order with their usable positions."""

    ids: list[str]
    order: dict[str, int]  # step id → its place in ``ids``
    clean: list[list[tuple[str, str, str | None]]]


def timeline(env: BuildEnvironment) -> Timeline:
    """Every step in reading order with its usable rows (computed once per numbering)."""

    def make() -> Timeline:
        domain = xs_domain(env)
        ids = [sid for sid, _ in domain.ordered_steps()]
        data = positions_for(env)
        bad = {line for line, _ in _problems(env, ids)}
        by_step: dict[str, list[tuple[str, str, str | None]]] = {}
        for row in data.rows:
            if row.line not in bad:
                by_step.setdefault(row.step, []).append((row.role, row.place, row.facing or None))
        return Timeline(
            ids, {sid: i for i, sid in enumerate(ids)}, [by_step.get(s, []) for s in ids]
        )

    return build_state(env).derive("timeline", make)


def _problems(env: BuildEnvironment, step_order: Sequence[str]) -> list[tuple[int, str]]:
    data = positions_for(env)
    if not data.rows:
        return []
    return check_rows(data.rows, setting_for(env), data.figures, step_order)


def rows_by_step(env: BuildEnvironment) -> dict[str, list[Row]]:
    """Step id → its rows, in file order."""

    return build_state(env).file("rows_by_step", lambda: by_step(positions_for(env).rows))


def actors(env: BuildEnvironment, step_id: str, role_terms: Sequence[str]) -> list[str]:
    """Who acts in a step: the figures its rows move, then the roles its text names (by
    headword) that no moved figure stands for."""
    data = positions_for(env)
    out: list[str] = []
    covered: set[str] = set()
    for row in rows_by_step(env).get(step_id, []):
        if row.role not in out:
            out.append(row.role)
        covered.add(row.role)
        info = data.figures.get(row.role)
        if info is not None and info.headword:
            covered.add(info.headword)
    for term in role_terms:
        if term not in covered and term not in out:
            out.append(term)
    return out


def actors_by_step(env: BuildEnvironment) -> dict[str, frozenset[str]]:
    """Every step's :func:`actors`, once per numbering (each role's itinerary asks of all)."""

    def make() -> dict[str, frozenset[str]]:
        domain = xs_domain(env)
        persons = edition_of(env).persons  # the kind whose terms are persons ([terms] persons)
        return {
            sid: frozenset(actors(env, sid, [a.term for a in rec.annotations if a.kind == persons]))
            for sid, rec in domain.steps.items()
        }

    return build_state(env).derive("actors", make)


def check_positions(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every bad row, at its line of ``positions.tsv``."""
    path = edition_of(env).path("positions")
    if not path.is_file() or not has_setting(env):
        return  # without a setting the rows' places cannot be checked (its problem is said)
    ids = [sid for sid, _ in xs_domain(env).ordered_steps()]
    step_of = {row.line: row.step for row in positions_for(env).rows}
    for line, message in _problems(env, ids):
        warn(f"{step_of.get(line, '?')}: {message}", XsWarning.BAD_POSITION, f"{path}:{line}")


def _span_problems(env: BuildEnvironment) -> list[tuple[int, str]]:
    """The problems of the furnishing timeline (:func:`.diagram.positions.check_spans`),
    once per numbering; none without a setting to check them against."""

    def make() -> list[tuple[int, str]]:
        spans = positions_for(env).spans
        if not spans or not has_setting(env):
            return []
        ids = [sid for sid, _ in xs_domain(env).ordered_steps()]
        return check_spans(spans, setting_for(env).furnishings, ids)

    return build_state(env).derive("span-problems", make)


def usable_spans(env: BuildEnvironment) -> tuple[Span, ...]:
    """The rows of ``furnishings.tsv`` that can be drawn: a row :func:`check_timeline` warns of
    is left out, so that a misspelt furnishing or a step cleared before it is set out stops
    no plan."""
    bad = {line for line, _ in _span_problems(env)}
    return tuple(span for span in positions_for(env).spans if span.line not in bad)


def check_timeline(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every row of ``furnishings.tsv`` names a furnishing of the
    setting and steps that exist, and clears the thing after it is set out; a row that does
    not is said at its line and never drawn (:func:`usable_spans`)."""
    path = edition_of(env).path("furnishings")
    if not path.is_file():
        return
    for line, message in _span_problems(env):
        warn(message, XsWarning.BAD_POSITION, f"{path}:{line}")


def setup_positions(app: Sphinx) -> None:
    app.connect("builder-inited", check_setting)
    app.connect("env-check-consistency", check_positions)
    app.connect("env-check-consistency", check_timeline)
