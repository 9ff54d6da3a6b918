"""``diagram`` and ``stage``: plans of the hall with who stands where.

````md
:::{xs:diagram} fig-an-id
:step: <step id>
:view: hall
:extra: <furnishings set out by then>
:title: <the plan's title>
The caption (it may refer to steps: {step}`<step id>`).
:::
````

The directive records the diagram in the domain and leaves a :class:`~.nodes.diagram` node;
the plan itself depends on the positions of *every* step up to ``:step:`` (carried forward),
so it is drawn at resolve time by :mod:`.diagrams`. What can be checked here (the view, the
furnishings) is checked here; an unknown step is reported once all documents are read.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from ... import nodes as xsnodes
from ...domain import PHASE_KEY, document_order, note_derived, xs_domain
from ...plan_inputs import has_setting, setting_for
from ...warnings import XsWarning, warn

DIAGRAM_ID = re.compile(r"^[a-z][a-z0-9-]*$")
SEQ_KEY = "xs:diagram-seq"


class DiagramRecord(NamedTuple):
    """One diagram as declared: where, the step it shows, how, and its caption as text."""

    docname: str
    lineno: int
    anchor: str
    step: str
    view: str
    extra: tuple[str, ...]
    title: str
    caption: str
    section: str  # phase id the diagram stands in
    steps: tuple[str, ...]  # the step shown, then the steps its caption refers to
    seq: int


class StageRecord(NamedTuple):
    """A page carrying the stage view."""

    docname: str
    lineno: int


class DiagramDirective(SphinxDirective):
    """``:::{xs:diagram} fig-id`` with ``:step:``, ``:view:``, ``:extra:``, ``:title:``."""

    required_arguments = 1
    has_content = True
    option_spec = {
        "step": directives.unchanged_required,
        "view": directives.unchanged,
        "extra": directives.unchanged,
        "title": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        fig_id = self.arguments[0].strip()
        location = self.get_location()
        if not DIAGRAM_ID.match(fig_id):
            warn(
                f"diagram id {fig_id!r} is not lower-case letters, digits and hyphens",
                XsWarning.BAD_DIAGRAM,
                location,
            )
        step_id = self.options.get("step", "").strip()
        if not step_id:
            warn(
                f"diagram {fig_id!r} is left out: it needs the step it shows (:step: xs-NNNN)",
                XsWarning.BAD_DIAGRAM,
                location,
            )
            return []
        if not has_setting(self.env):
            warn(
                f"diagram {fig_id!r} is left out: the edition has no setting to draw it on "
                "(setting.toml is absent, unreadable or has no view; see its own warning)",
                XsWarning.BAD_DIAGRAM,
                location,
            )
            return []
        setting = setting_for(self.env)
        first = next(iter(setting.views))
        view = (self.options.get("view") or first).strip()
        if view not in setting.views:
            warn(
                f"diagram {fig_id!r}: unknown view {view!r} (known: {', '.join(setting.views)})",
                XsWarning.BAD_DIAGRAM,
                location,
            )
            view = first
        extra = []
        for key in (self.options.get("extra") or "").split():
            if key in setting.furnishings:
                extra.append(key)
            else:
                warn(
                    f"diagram {fig_id!r}: unknown furnishing {key!r}",
                    XsWarning.BAD_DIAGRAM,
                    location,
                )
        node = xsnodes.diagram(
            fig_id=fig_id,
            step=step_id,
            view=view,
            extra=extra,
            title=(self.options.get("title") or "").strip(),
            ids=[fig_id],
            classes=["xs-diagram"],
        )
        self.set_source_info(node)
        node += self.parse_content_to_nodes()
        refs = [
            ref["reftarget"]
            for ref in node.findall(nodes.Element)
            if ref.get("refdomain") == "xs" and ref.get("reftype") == "step"
        ]
        seq = int(self.env.current_document.get(SEQ_KEY) or 0) + 1
        self.env.current_document[SEQ_KEY] = seq
        record = DiagramRecord(
            docname=self.env.docname,
            lineno=self.lineno,
            anchor=fig_id,
            step=step_id,
            view=view,
            extra=tuple(extra),
            title=node["title"],
            caption=" ".join(p.astext() for p in node.children).strip(),
            section=self.env.current_document.get(PHASE_KEY) or "",
            steps=tuple(dict.fromkeys([step_id, *refs])),
            seq=seq,
        )
        domain = xs_domain(self.env)
        other = domain.data["diagrams"].get(fig_id)
        if other is not None:
            warn(
                f"duplicate diagram id {fig_id!r}, also declared at {other.docname}:{other.lineno}",
                XsWarning.BAD_DIAGRAM,
                location,
            )
            node["ids"] = []
        else:
            domain.data["diagrams"][fig_id] = record
        return [node]


class StageDirective(SphinxDirective):
    """``:::{xs:stage}`` — the interactive stage view (site only; the PDF shows the body)."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        domain = xs_domain(self.env)
        other = domain.data["stages"].get(self.env.docname)
        if other is not None:
            # a second on its page would take the first's record and its ids; one on another
            # page is said once every page is read (check_stages: a page read now may not
            # have been cleared of an old one yet, or be read in another process)
            warn(
                f"a second stage view is left out (its explanation too): the stage view is at "
                f"{other.docname}:{other.lineno}",
                XsWarning.BAD_DIAGRAM,
                self.get_location(),
            )
            return []
        if not has_setting(self.env):
            warn(
                "the stage view is left out (its explanation kept): the edition has no setting "
                "to draw it on (setting.toml is absent, unreadable or has no view)",
                XsWarning.BAD_DIAGRAM,
                self.get_location(),
            )
            return self.parse_content_to_nodes()
        node = xsnodes.stage(ids=["xs-stage"], classes=["xs-stage"])
        self.set_source_info(node)
        node += self.parse_content_to_nodes()
        domain.data["stages"][self.env.docname] = StageRecord(self.env.docname, self.lineno)
        note_derived(self.env)
        return [node]


def check_stages(app: Any, env: BuildEnvironment) -> None:
    """``env-check-consistency``: an edition has one stage view. Each after the first, in
    the order of the pages, is said where it stands (the site links to the first)."""
    stages = xs_domain(env).data["stages"]
    rank = {doc: i for i, doc in enumerate(document_order(env))}
    ordered = sorted(stages.values(), key=lambda r: (rank.get(r.docname, len(rank)), r.docname))
    for record in ordered[1:]:
        warn(
            f"a second stage view: the edition's is at {ordered[0].docname}:{ordered[0].lineno}",
            XsWarning.BAD_DIAGRAM,
            f"{env.doc2path(record.docname)}:{record.lineno}",
        )
