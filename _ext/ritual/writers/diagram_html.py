"""HTML and text visitors of the diagram and stage nodes (the LaTeX ones: ``diagram_latex``).

HTML: the SVG inline (it carries ``<title>`` and ``<desc>``), the caption, and under it the
key — who stands where, as a list, so the plan can be read without seeing it. The stage view
is a plan with controls; ``static/xs-stage.js`` moves the markers from ``_diagrams/
stage-data.js``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from docutils import nodes
from sphinx.util.osutil import relative_uri

from ..core import commentary_errata, kept
from ..core.diagram.plan import PageState, Plan, to_svg
from ..i18n import _


def _inline_svg(plan: Plan | None, translator: Any, described_by: str = "") -> str:
    """A plan as an element of the page: the page's plans share one document, so each style
    rule, each background and each figure drawn alike is written once per page
    (:class:`~..diagram.plan.PageState`); the SVG files beside the pages and the PDF keep
    every plan whole. ``described_by``: the plan's key on the page, its description."""
    if plan is None:
        return ""
    page = translator.__dict__.setdefault("_xs_plans", PageState())
    return to_svg(plan, page, described_by)


def _key_id(node) -> str:
    """The id of a diagram's key: it describes the plan (in place of the SVG's ``<desc>``,
    which says the same: issue 25, every page ≤ 400 kB)."""
    ids = node.get("ids") or [node.get("fig_id", "")]
    return f"{ids[0]}-key" if ids[0] else ""


#: What the mark of a position resting on the 注 says (issue 21; a msgid of the catalog).
ZHU_TITLE = "Position after Zheng’s commentary {id}"


def _zhu_marks(translator: Any, notes) -> str:
    """The links of a position to the notes of 注 it rests on, each marked 「注」."""
    from ..components.plans.position_notes import note_uri

    builder = translator.builder
    here = builder.current_docname
    return "".join(
        f'<a class="xs-zhu-mark" href="{escape(note_uri(builder.env, builder, here, note_id))}" '
        f'title="{escape(_(ZHU_TITLE).format(id=note_id))}">{_("Note")}</a>'
        for note_id in notes
    )


def _key(translator: Any, figures, key_id: str = "", zhu=()) -> str:
    # 「<b>主人</b>主人席，西面」: the plainest markup that reads (and copies) as a line of a
    # key; the rite's longest page carries 150 of them (issue 25: every page ≤ 400 kB).
    # A position resting on the 注 links to it (issue 21).
    ident = f' id="{escape(key_id)}"' if key_id else ""
    zhu = list(zhu) + [[]] * (len(figures) - len(zhu))
    items = "".join(
        f"<li><b>{escape(role)}</b>{escape(place)}，{escape(facing)}"
        f"{_zhu_marks(translator, notes)}</li>"
        for (role, place, facing), notes in zip(figures, zhu, strict=False)
    )
    if not items:
        return f'<p class="xs-diagram-key xs-diagram-empty"{ident}>{_("Nobody on the plan")}。</p>'
    return f'<ul class="xs-diagram-key" aria-label="{_("Positions")}"{ident}>{items}</ul>'


def _visit_diagram_html(self, node):
    self.body.append(self.starttag(node, "figure", CLASS="xs-diagram"))
    svg = _inline_svg(node.get("plan"), self, _key_id(node))
    self.body.append(f'<div class="xs-diagram-plan">{svg}</div>')
    self._xs_caption_start = len(self.body)
    self.body.append(
        "<figcaption>"
        f'<span class="xs-diagram-label">{escape(node.get("label", ""))}</span> '
        f'<span class="xs-diagram-title">{escape(node.get("title", ""))}</span>'
        f'<span class="xs-diagram-step">（{escape(node.get("step_label", ""))}）</span>'
    )


def _stage_link(self, node) -> str:
    """「於位次演示中看此節」: the plan's step in the stage view, when the site has one."""
    domain = self.builder.env.get_domain("xs")
    stages = sorted(domain.data.get("stages", {}))
    step_id = domain.resolve_step_id(node.get("step", ""))
    if not stages or step_id is None:
        return ""
    uri = relative_uri(
        self.builder.get_target_uri(self.builder.current_docname),
        self.builder.get_target_uri(stages[0]),
    )
    see = _("See this step on the stage")
    return f'<a class="xs-diagram-stage" href="{uri}#{step_id}">{see}</a>'


def _depart_diagram_html(self, node):
    # The caption's paragraphs run inline, as one line of text: the line break the writer puts
    # after each </p> would print as a space, which Chinese does not put after 。 (「（鄭注）。
    # 堂上庭中無人。」 with the key of an empty plan).
    start = getattr(self, "_xs_caption_start", len(self.body))
    caption = self.body[start:]
    self.body[start:] = [
        piece
        for i, piece in enumerate(caption)
        if not (piece == "\n" and i and caption[i - 1].endswith("</p>"))
    ]
    # the key ends the caption: <figure> allows nothing after its <figcaption>
    self.body.append(_key(self, node.get("figures", []), _key_id(node), node.get("zhu", ())))
    self.body.append(_stage_link(self, node))
    self.body.append("</figcaption></figure>\n")


diagram_html = (_visit_diagram_html, _depart_diagram_html)


def _step_list(steps) -> str:
    """The stage's steps as a static list, each item's id the step's (``stage.html#<step id>``
    lands on it without scripts; with them the list, in ``<noscript>``, is not in the page and
    the script shows the step instead). The
    plainest markup, 544 items on the edition's stage (issue 25: every page ≤ 400 kB): the
    list's numbering is the steps' (a ``value`` only where it is not), and the id is shown by
    the style sheet (``attr(id)``), not written twice."""
    items = []
    for n, (step_id, number, text, spans, retired) in enumerate(steps, start=1):
        value = f' value="{number}"' if number != str(n) and number.isdigit() else ""
        parts, at = [], 0
        for start, end in spans:
            parts += [escape(text[at:start]), f"<span {kept.ATTRIBUTE}>"]
            parts += [escape(text[start:end]), "</span>"]
            at = end
        parts.append(escape(text[at:]))
        # a retired id's fragment lands on the step it leads to, as on the rite's pages
        parts += [f'<span id="{escape(old)}"></span>' for old in retired]
        items.append(f'<li id="{escape(step_id)}"{value}>{"".join(parts)}</li>')
    if not items:
        return ""
    label = _("The steps")
    return f'<ol class="xs-stage-steps" aria-label="{label}" lang="zh-Hant">{"".join(items)}</ol>'


def _visit_stage_html(self, node):
    # its script reads the fragment #n=300 (tools/check_site.py accepts it); #<step id> is
    # the id of the step's item in the list of steps
    attrs = {"aria-label": _("The stage"), "data-fragments": r"n=\d+"}
    here = self.builder.get_target_uri(self.builder.current_docname)
    # the stage's styles, on its page only (the rite's pages do not carry them)
    css = relative_uri(here, "_static/xs-stage.css")
    self.body.append(
        self.starttag(node, "section", CLASS="xs-stage", **attrs)
        + f'<link rel="stylesheet" href="{css}">'
    )


def _depart_stage_html(self, node):
    here = self.builder.get_target_uri(self.builder.current_docname)
    data = relative_uri(here, "_diagrams/stage-data.js")
    script = relative_uri(here, "_static/xs-stage.js")
    views = node.get("views", {})
    titles = node.get("view_titles", {})
    toggle = (
        '<button type="button" class="xs-stage-view" aria-pressed="false" '
        f'data-titles="{escape(" ".join(titles.get(v, v) for v in views))}">'
        f"{escape(titles.get(list(views)[1], ''))}</button>"
        if len(views) > 1
        else ""
    )
    self.body.append(
        # Two rows that fit a 360 px phone: the steppers, then the slider and the view. On a
        # narrow screen the words of ← 上一節 / 下一節 → are hidden visually, not from the name.
        f'<div class="xs-stage-controls" role="group" aria-label="{_("Step")}">'
        '<div class="xs-stage-row">'
        f'<button type="button" data-go="first" aria-label="{_("First step")}" '
        f'title="{_("First step")}（Home）">⇤</button>'
        f'<button type="button" data-go="prev" title="{_("Previous step")}（←）">←'
        f'<span class="xs-stage-word"> {_("Previous step")}</span></button>'
        + "<label>"
        + _("Step {input}").format(
            input='<input type="number" class="xs-stage-n" min="1" value="1" '
            f'inputmode="numeric" aria-label="{_("Step number")}">'
        )
        + "</label>"
        f'<button type="button" data-go="next" title="{_("Next step")}（→）">'
        f'<span class="xs-stage-word">{_("Next step")} </span>→</button>'
        f'<button type="button" data-go="last" aria-label="{_("Last step")}" '
        f'title="{_("Last step")}（End）">⇥</button>'
        "</div>"
        '<div class="xs-stage-row">'
        '<input type="range" class="xs-stage-slider" min="1" value="1" '
        f'aria-label="{_("Step number (slider)")}">'
        f"{toggle}</div></div>"
        '<p class="xs-stage-note" role="status"></p>'
        # the script's messages, as page text (so that the zh-Hans copy converts them)
        '<template class="xs-stage-say">'
        f'<span data-say="step">{_("Step {n}")}</span>'
        f'<span data-say="zhu">{_("Note")}</span>'
        f'<span data-say="zhuTitle">{_("Zheng’s commentary {id}")}</span>'
        f'<span data-say="basis">{_(ZHU_TITLE)}</span>'
        f'<span data-say="xref">{_("See step {n}")}</span>'
        f'<span data-say="kept">{_(kept.TITLE)}</span>'
        f'<span data-say="sic">{_(commentary_errata.TITLE)}</span>'
        f'<span data-say="nobody">{escape(node.get("empty", ""))}</span>'
        f'<span data-say="offView">{_("off this plan")}</span>'
        + "".join(
            f'<span data-say="{escape(view)}">{escape(titles.get(view, view))}</span>'
            for view in views
        )
        + '<span data-say="start">'
        + _(
            "From step {n} on there are people on the plans; the {k} steps before it"
            "{phases} have nobody on them. Press “⇤” to go back to the first step."
        )
        + "</span></template>"
        '<div class="xs-stage-now" aria-live="polite">'
        '<p class="xs-stage-phase"></p>'
        '<p class="xs-stage-text" lang="zh-Hant"></p>'
        '<div class="xs-stage-zhu" lang="zh-Hant"></div>'
        '<p class="xs-stage-tr" lang="zh-Hant"></p>'
        "</div>"
        + "".join(
            f'<div class="xs-stage-plan" data-view="{escape(view)}"{" hidden" if i else ""}>'
            f"{_inline_svg(plan, self)}</div>"
            for i, (view, plan) in enumerate(views.items())
        )
        + f'<ul class="xs-stage-key" aria-label="{_("Positions")}"></ul>'
        # without scripts, the list of steps that the fragments land on; with them it is not
        # in the page at all (so a #<step id> never scrolls to it, however late the script runs)
        + "<noscript><p>"
        + _(
            "The stage needs JavaScript; the positions of every step are also in the plans"
            " of the chapters."
        )
        + "</p>"
        + _step_list(node.get("steps", []))
        + "</noscript>"
        # deferred, as the engine's other page scripts: it runs once the page is read, after
        # xs-load.js (not deferred, where the theme puts the page's scripts), which it calls
        f'<script src="{data}"></script><script src="{script}" defer></script>'
        "</section>\n"
    )


stage_html = (_visit_stage_html, _depart_stage_html)


# -- text -----------------------------------------------------------------------------------------


def _visit_diagram_text(self, node):
    self.new_state(0)
    self.add_text(
        f"[{node.get('label', '')} {node.get('title', '')}（{node.get('step_label', '')}）]"
    )
    self.end_state(wrap=False)
    self.new_state(2)


def _depart_diagram_text(self, node):
    key = "；".join(f"{r}：{p}，{f}" for r, p, f in node.get("figures", []))
    self.add_text(_("Positions: {key}.").format(key=key or _("Nobody on the plan")))

    self.end_state()


diagram_text = (_visit_diagram_text, _depart_diagram_text)


def _pass(self, node):
    pass


stage_text = (_pass, _pass)


def _skip(self, node):
    raise nodes.SkipNode
