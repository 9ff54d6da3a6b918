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

from .. import kept
from ..diagram.plan import PageState, Plan, to_svg


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


#: The mark of a position resting on the 注, and what it says (issue 21).
ZHU_MARK = "注"
ZHU_TITLE = "位次依鄭注 {id}"


def _zhu_marks(translator: Any, notes) -> str:
    """The links of a position to the notes of 注 it rests on, each marked 「注」."""
    from ..position_notes import note_uri

    builder = translator.builder
    here = builder.current_docname
    return "".join(
        f'<a class="xs-zhu-mark" href="{escape(note_uri(builder.env, builder, here, note_id))}" '
        f'title="{escape(ZHU_TITLE.format(id=note_id))}">{ZHU_MARK}</a>'
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
        return f'<p class="xs-diagram-key xs-diagram-empty"{ident}>堂上庭中無人。</p>'
    return f'<ul class="xs-diagram-key" aria-label="位次"{ident}>{items}</ul>'


def _visit_diagram_html(self, node):
    self.body.append(self.starttag(node, "figure", CLASS="xs-diagram"))
    svg = _inline_svg(node.get("plan"), self, _key_id(node))
    self.body.append(f'<div class="xs-diagram-plan">{svg}</div>')
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
    return f'<a class="xs-diagram-stage" href="{uri}#{step_id}">於位次演示中看此節</a>'


def _depart_diagram_html(self, node):
    # the key ends the caption: <figure> allows nothing after its <figcaption>
    self.body.append(_key(self, node.get("figures", []), _key_id(node), node.get("zhu", ())))
    self.body.append(_stage_link(self, node))
    self.body.append("</figcaption></figure>\n")


diagram_html = (_visit_diagram_html, _depart_diagram_html)


def _step_list(steps) -> str:
    """The stage's steps as a static list, each item's id the step's (``stage.html#xs-0300``
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
    return f'<ol class="xs-stage-steps" aria-label="各節" lang="zh-Hant">{"".join(items)}</ol>'


def _visit_stage_html(self, node):
    # its script reads the fragment #n=300 (tools/check_site.py accepts it); #<step id> is
    # the id of the step's item in the list of steps
    attrs = {"aria-label": "位次演示", "data-fragments": r"n=\d+"}
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
        '<div class="xs-stage-controls" role="group" aria-label="節">'
        '<div class="xs-stage-row">'
        '<button type="button" data-go="first" aria-label="第一節" '
        'title="第一節（Home）">⇤</button>'
        '<button type="button" data-go="prev" title="上一節（←）">←'
        '<span class="xs-stage-word"> 上一節</span></button>'
        '<label>第 <input type="number" class="xs-stage-n" min="1" value="1" '
        'inputmode="numeric" aria-label="節次"> 節</label>'
        '<button type="button" data-go="next" title="下一節（→）">'
        '<span class="xs-stage-word">下一節 </span>→</button>'
        '<button type="button" data-go="last" aria-label="最後一節" '
        'title="最後一節（End）">⇥</button>'
        "</div>"
        '<div class="xs-stage-row">'
        '<input type="range" class="xs-stage-slider" min="1" value="1" aria-label="節次（滑桿）">'
        f"{toggle}</div></div>"
        '<p class="xs-stage-note" role="status"></p>'
        # the script's messages, as page text (so that the zh-Hans copy converts them)
        '<template class="xs-stage-say">'
        '<span data-say="step">第{n}節</span>'
        '<span data-say="zhu">注</span><span data-say="zhuTitle">鄭注 {id}</span>'
        f'<span data-say="basis">{ZHU_TITLE}</span>'
        '<span data-say="xref">見第{n}節</span>'
        f'<span data-say="kept">{kept.TITLE}</span>'
        f'<span data-say="nobody">{escape(node.get("empty", ""))}</span>'
        + "".join(
            f'<span data-say="{escape(view)}">{escape(titles.get(view, view))}</span>'
            for view in views
        )
        + '<span data-say="start">自第{n}節始，堂庭圖上始有人；此前{k}節{phases}圖上無人。'
        "按「⇤」回到第一節。</span></template>"
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
        + '<ul class="xs-stage-key" aria-label="位次"></ul>'
        # without scripts, the list of steps that the fragments land on; with them it is not
        # in the page at all (so a #xs-0302 never scrolls to it, however late the script runs)
        "<noscript><p>此頁之演示須啟用 JavaScript；各節位次亦見於各篇之圖。</p>"
        + _step_list(node.get("steps", []))
        + "</noscript>"
        f'<script src="{data}"></script><script src="{script}"></script>'
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
    key = "；".join(f"{r}：{p}，{f}" for r, p, f in node.get("figures", [])) or "堂上庭中無人"
    self.add_text(f"位次：{key}。")
    self.end_state()


diagram_text = (_visit_diagram_text, _depart_diagram_text)


def _pass(self, node):
    pass


stage_text = (_pass, _pass)


def _skip(self, node):
    raise nodes.SkipNode
