"""The step registry (``step-registry.tsv``) in the build: the retired ids loaded for their
redirects once reading is over (``env-updated``), and the published ids checked against the
steps the pages declare (``env-check-consistency``)."""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from ..core import registry
from ..datafiles import table
from ..domain import xs_domain
from ..state import build_state, edition_of
from ..warnings import XsWarning, report, warn


def registry_for(env: BuildEnvironment) -> tuple[dict[str, registry.RegistryEntry], list]:
    """The registry's entries (read once per build) and what its rows say wrongly of each
    other (a retired id replaced by nothing …)."""
    return build_state(env).file("registry", lambda: registry.from_table(table(env, "registry")))


def load_retired(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Derived (:mod:`ritual.derive`): keep the registry's retired ids in the domain, so they
    resolve.

    This runs before the environment is pickled, so incremental builds keep them too.
    """
    entries, _ = registry_for(env)
    xs_domain(env).data["retired"] = {
        e.step_id: e.replaced_by for e in entries.values() if e.status == "retired"
    }
    return []


def check_registry(app: Sphinx, env: BuildEnvironment) -> None:
    """Every step id is registered and live, and a registered id still carries its text; every
    live id of the registry is declared by a page, and every retired one resolves to a step."""
    if not app.config.xs_check_registry:
        return
    domain = xs_domain(env)
    path = edition_of(env).path("registry")
    if not path.is_file():
        warn(f"the edition has no step registry ({path.name})", XsWarning.BAD_REGISTRY, str(path))
        return
    entries, problems = registry_for(env)
    report(problems)
    lines = {row["id"]: row.line for row in table(env, "registry").rows}
    for step_id, rec in sorted(domain.steps.items()):
        entry = entries.get(step_id)
        location = (rec.docname, rec.lineno)
        if entry is not None and entry.status == "retired":
            warn(
                f"step {step_id!r} is retired in the step registry ({path.name}:"
                f"{lines[step_id]}, replaced by {entry.replaced_by or 'nothing'}): a published "
                "id is never used again; give this step a new id",
                XsWarning.REUSED_ID,
                location,
            )
            continue
        if entry is None:
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
                f"(fingerprint {registry.fingerprint(base)} ≠ {entry.fingerprint}): check the "
                f"markup near line {rec.lineno} of {env.doc2path(rec.docname, False)} first (a "
                "fence left open, text moved into or out of the step); only if the text itself "
                "has changed, give it a new id and retire this one in the registry",
                XsWarning.STEP_MOVED,
                location,
            )
    for step_id, entry in entries.items():
        where = f"{path}:{lines[step_id]}"
        if entry.status == "live" and step_id not in domain.steps:
            warn(
                f"published step {step_id} is declared by no page: a published step is never "
                "deleted (if its text went to another step, retire the id in the registry, "
                "naming that step as replaced_by)",
                XsWarning.MISSING_STEP,
                where,
            )
        elif (
            entry.status == "retired"
            and entry.replaced_by in entries
            and domain.resolve_step_id(step_id) is None
        ):
            warn(
                f"retired id {step_id} is replaced by {entry.replaced_by}, which leads to no "
                "step a page declares: the published id would resolve to nothing",
                XsWarning.BAD_REGISTRY,
                where,
            )


def setup_registry(app: Sphinx) -> None:
    """Retired ids resolve; every step is registered and keeps its text."""
    app.connect("env-check-consistency", check_registry)
