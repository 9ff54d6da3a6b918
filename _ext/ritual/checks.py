"""Whole-edition checks that run once reading is over (``env-check-consistency``)."""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from . import registry
from .state import edition_of
from .warnings import XsWarning, warn


def load_retired(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``: keep the registry's retired ids in the domain, so they resolve.

    This runs before the environment is pickled, so incremental builds keep them too.
    """
    path = edition_of(env).path("registry")
    entries = registry.load(path) if path.is_file() else {}
    env.get_domain("xs").data["retired"] = {
        e.step_id: e.replaced_by for e in entries.values() if e.status == "retired"
    }
    return []


def check_registry(app: Sphinx, env: BuildEnvironment) -> None:
    """Every step id is registered, and a registered id still carries its text."""
    if not app.config.xs_check_registry:
        return
    domain = env.get_domain("xs")
    path = edition_of(env).path("registry")
    if not path.is_file():
        warn(f"the edition has no step registry ({path.name})", XsWarning.BAD_REGISTRY, str(path))
        return
    problems: list[tuple[int, str]] = []
    entries = registry.load(path, problems)
    for line, message in problems:
        warn(message, XsWarning.BAD_REGISTRY, f"{path}:{line}")
    for step_id, rec in sorted(domain.steps.items()):
        entry = entries.get(step_id)
        location = (rec.docname, rec.lineno)
        if entry is None or entry.status != "live":
            warn(
                f"step {step_id!r} is not in the step registry ({path.name})",
                XsWarning.UNREGISTERED_STEP,
                location,
            )
            continue
        # The fingerprint is of the text as transmitted, so emending a step keeps its id.
        base = rec.base_text
        if registry.fingerprint(base) != entry.fingerprint:
            warn(
                f"step {step_id!r} no longer carries the text it was published with "
                f"(fingerprint {registry.fingerprint(base)} ≠ {entry.fingerprint}); give the "
                "new text a new id and retire this one in the registry",
                XsWarning.STEP_MOVED,
                location,
            )


def setup_registry(app: Sphinx) -> None:
    """Retired ids resolve; every step is registered and keeps its text."""
    app.connect("env-updated", load_retired)
    app.connect("env-check-consistency", check_registry)
