"""The plans' data in the build: the setting, who may be drawn, who stands where, and when
furnishings are set out — read once per build from the edition folder, checked, served.

``positions.tsv`` is the one record of positions: no page repeats it and nothing copies it into
a page. The build reads it (through the pure :mod:`.diagram.positions`), checks it against the
steps once all documents are read — a bad row warns at its own line of the data file — and
serves it, step by step, to the plans, the stage view and the roles' itineraries. A bad row is
left out, so one typo does not stop every later plan.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from .diagram.drawers import DRAWERS, Drawer
from .diagram.model import Setting, load_setting
from .diagram.positions import (
    FigureInfo,
    Row,
    Span,
    by_step,
    check_rows,
    load_figures,
    load_rows,
    load_spans,
)
from .domain import xs_domain
from .state import build_state, edition_of
from .warnings import XsWarning, warn


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


def check_drawers(app: Sphinx) -> None:
    """``builder-inited``: every furnishing of the setting has a drawer."""
    edition = edition_of(app.env)
    if not edition.has("setting"):
        return
    drawers = drawers_for(app.env)
    text = edition.path("setting").read_text(encoding="utf-8")
    for name, furnishing in setting_for(app.env).furnishings.items():
        if furnishing.kind not in drawers:
            line = text[: text.find(f'[furnishings."{name}"]')].count("\n") + 1
            warn(
                f"furnishing {name!r}: no drawer for its kind {furnishing.kind!r} (register one "
                "in xs_plan_drawers); it is left off the plans",
                XsWarning.BAD_EDITION,
                f"{edition.path('setting')}:{line}",
            )


def setting_for(env: BuildEnvironment) -> Setting:
    """The edition's setting (``setting.toml`` and ``facings.tsv``), read once per build."""
    edition = edition_of(env)
    return build_state(env).file(
        "setting", lambda: load_setting(edition.path("setting"), edition.path("facings"))
    )


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
        rows = tuple(load_rows(paths[0])) if paths[0].is_file() else ()
        figures = load_figures(paths[1]) if paths[1].is_file() else {}
        spans = tuple(load_spans(paths[2])) if paths[2].is_file() else ()
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
        return {
            sid: frozenset(actors(env, sid, [a.term for a in rec.annotations if a.kind == "role"]))
            for sid, rec in domain.steps.items()
        }

    return build_state(env).derive("actors", make)


def check_positions(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: every bad row, at its line of ``positions.tsv``."""
    path = edition_of(env).path("positions")
    if not path.is_file():
        return
    ids = [sid for sid, _ in xs_domain(env).ordered_steps()]
    step_of = {row.line: row.step for row in positions_for(env).rows}
    for line, message in _problems(env, ids):
        warn(f"{step_of.get(line, '?')}: {message}", XsWarning.BAD_POSITION, f"{path}:{line}")


def setup_positions(app: Sphinx) -> None:
    app.connect("builder-inited", check_drawers)
    app.connect("env-check-consistency", check_positions)
