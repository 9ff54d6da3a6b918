"""Post-transforms: fill in what is known only once every document has been read.

Display numbers of steps depend on the order of all documents, so the step directive leaves
:class:`~.nodes.step_number` empty and this transform fills it for every output format.
"""

from __future__ import annotations

from typing import Any

from sphinx.transforms.post_transforms import SphinxPostTransform

from .nodes import step_number


class StepNumbers(SphinxPostTransform):
    """Give each step its global number and its §phase.step number."""

    default_priority = 200

    def run(self, **kwargs: Any) -> None:
        domain = self.env.get_domain("xs")
        numbers = domain.data["numbers"]
        for node in self.document.findall(step_number):
            number = numbers.get(node["step_id"])
            if number is None:
                continue
            global_no, phase_no, local_no = number
            node["label"] = str(global_no)
            node["local"] = f"§{phase_no}.{local_no}"
            node["title"] = f"第{global_no}節 · §{phase_no}.{local_no} · {node['step_id']}"
