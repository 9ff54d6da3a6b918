"""Post-transforms: fill in what is known only once every document has been read.

Display numbers of steps depend on the order of all documents, so the step directive leaves
:class:`~.nodes.step_number` empty and this transform fills it for every output format.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from ...domain import xs_domain
from ...i18n import _
from ...nodes import phase_marker, step, step_number


class StepNumbers(SphinxPostTransform):
    """Give each step its global number and its §phase.step number, and the anchors of the
    retired ids it replaces (a link to ``#<retired id>`` made before the change still lands)."""

    default_priority = 200

    def run(self, **kwargs: Any) -> None:
        domain = xs_domain(self.env)
        numbers = domain.data["numbers"]
        replaced: dict[str, list[str]] = {}
        for old, new in sorted(domain.data["retired"].items()):
            live = domain.resolve_step_id(new)
            if live is not None and old not in domain.steps:
                replaced.setdefault(live, []).append(old)
        for node in self.document.findall(step):
            for old in replaced.get(node["step_id"], []):
                if old not in node["ids"]:
                    node["ids"].append(old)
        for node in self.document.findall(step_number):
            number = numbers.get(node["step_id"])
            if number is None:
                continue
            global_no, phase_no, local_no = number
            node["label"] = str(global_no)
            node["local"] = f"§{phase_no}.{local_no}"
            node["title"] = (
                _("Step {n}").format(n=global_no) + f" · §{phase_no}.{local_no} · {node['step_id']}"
            )


class PhaseNumbers(SphinxPostTransform):
    """Prefix each phase heading with its number in the site (一 … 五十七 read badly; digits)."""

    default_priority = 200
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        numbers = xs_domain(self.env).data["phase_numbers"]
        for marker in self.document.findall(phase_marker):
            number = numbers.get(marker["phase_id"])
            section = marker.parent
            if number is None or not isinstance(section, nodes.section):
                continue
            title = section[0]
            if isinstance(title, nodes.title) and not title.get("xs_numbered"):
                title.insert(0, nodes.inline("", str(number), classes=["xs-phase-no"]))
                title["xs_numbered"] = True
