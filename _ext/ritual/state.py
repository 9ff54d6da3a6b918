"""Per-build state: what a build reads from its edition folder, and what it derives from it.

A build reads its data files (vocabularies, apparatus, plan, positions …) once, and derives
some things from all steps once reading is over (the concordance, the positions replayed
through the rite, the plans). Both are kept here, on the build's environment — not in module
globals, which would outlive the build and leak from one Sphinx application into the next
(the test suite runs dozens in one process).

The state is never pickled: :class:`BuildState` pickles as an empty instance, so an
environment restored for an incremental build, or sent back by a parallel reader, starts
afresh and reloads what it needs. File data are dropped at the start of every build
(``env-before-read-docs``); derived data whenever the steps' numbering is redone
(``env-updated``), since every derivation depends on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from .core.edition import Edition, load_edition

T = TypeVar("T")
ATTRIBUTE = "xs_state"


class BuildState:
    """Two memo tables: data read from files, and data derived from the domain."""

    def __init__(self) -> None:
        self.files: dict[str, Any] = {}
        self.derived: dict[str, Any] = {}

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return (BuildState, ())

    def file(self, key: str, make: Callable[[], T]) -> T:
        """The data of ``key``, read by ``make`` on first use in this build."""
        if key not in self.files:
            self.files[key] = make()
        return self.files[key]

    def derive(self, key: str, make: Callable[[], T]) -> T:
        """A value derived from the domain's data, computed once per numbering."""
        if key not in self.derived:
            self.derived[key] = make()
        return self.derived[key]


def build_state(env: BuildEnvironment) -> BuildState:
    state = env.__dict__.get(ATTRIBUTE)
    if not isinstance(state, BuildState):
        state = BuildState()
        setattr(env, ATTRIBUTE, state)
    return state


def edition_of(env: BuildEnvironment) -> Edition:
    """The edition the build edits (``xs_edition``; checked at ``config-inited``)."""
    config = env.config
    return build_state(env).file(
        "edition", lambda: load_edition(config.xs_edition, config.xs_editions)
    )


def _forget_files(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    state = build_state(env)
    state.files.clear()
    state.derived.clear()


def forget_derived(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The first derivation (:mod:`.derive`): what the previous numbering derived is dropped."""
    build_state(env).derived.clear()
    return []


def setup_state(app: Sphinx) -> None:
    app.connect("env-before-read-docs", _forget_files, priority=100)
