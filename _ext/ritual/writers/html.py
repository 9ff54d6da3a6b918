"""HTML visitors: semantic markup with ``xs-`` classes, styled by ``static/ritual.css``.

Each pair is ``(visit, depart)``. Text content is escaped by the translator; attributes that
carry text (titles, data-) go through ``attval``.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.writers.html5 import HTML5Translator


def _visit_step(self, node):
    self.body.append(self.starttag(node, "div", CLASS="xs-step", **{"data-step": node["step_id"]}))


def _depart_div(self, node):
    self.body.append("</div>\n")


step = (_visit_step, _depart_div)


def _visit_step_text(self, node):
    self.body.append(self.starttag(node, "div", CLASS="xs-text", lang="zh-Hant"))


step_text = (_visit_step_text, _depart_div)


def _visit_step_number(self, node):
    sid = node["step_id"]
    label = node.get("label", "")
    title = node.get("title", sid)
    self.body.append(
        f'<a class="xs-num" href="#{sid}" title="{self.attval(title)}">'
        f'<span class="xs-num-global">{label}</span>'
        f'<span class="xs-num-local">{node.get("local", "")}</span></a>'
    )
    raise nodes.SkipNode


step_number = (_visit_step_number, None)


def _visit_translation(self, node):
    cls = "xs-trans" + (" xs-trans-editors" if node["source"] == "editors" else "")
    self.body.append(self.starttag(node, "div", CLASS=cls, lang="zh-Hant"))
    label = "譯文（編者）" if node["source"] == "editors" else "譯文"
    self.body.append(f'<span class="xs-trans-label">{label}</span>')


translation = (_visit_translation, _depart_div)


def _visit_doubt(self, node):
    self.body.append(self.starttag(node, "span", "", CLASS="xs-doubt", title="編者譯文存疑"))


def _depart_doubt(self, node):
    self.body.append('<span class="xs-doubt-mark">？</span></span>')


doubt = (_visit_doubt, _depart_doubt)


def _visit_translation_missing(self, node):
    self.body.append(
        self.starttag(node, "div", CLASS="xs-trans xs-trans-missing", lang="zh-Hant")
        + '<span class="xs-trans-label">譯文</span>'
        + f'<span class="xs-trans-gap" title="底本無譯文">{node.astext()}</span></div>\n'
    )
    raise nodes.SkipNode


translation_missing = (_visit_translation_missing, None)


def _visit_term(self, node):
    # The kind and headword are in the class and the link (the chapter has ~3,400 terms: a
    # few bytes each add up to a fifth of a page).
    if node.get("refuri"):
        self.body.append(self.starttag(node, "a", "", href=node["refuri"]))
    else:
        self.body.append(self.starttag(node, "span", "", title=node["headword"]))


def _depart_term(self, node):
    self.body.append("</a>" if node.get("refuri") else "</span>")


term_ref = (_visit_term, _depart_term)


def _visit_plain(self, node):
    self.body.append(self.starttag(node, "span", ""))


def _depart_span(self, node):
    self.body.append("</span>")


plain_term = (_visit_plain, _depart_span)


def _visit_phase_marker(self, node):
    if node.get("title_en"):
        self.body.append(f'<p class="xs-phase-en" lang="en">{self.encode(node["title_en"])}</p>\n')
    raise nodes.SkipNode


phase_marker = (_visit_phase_marker, None)


def _visit_lemma(self, node):
    self.body.append(
        self.starttag(
            node,
            "span",
            "",
            CLASS="xs-lemma",
            **{"data-base": node["base"], "data-entry": node["entry_id"]},
        )
    )


apparatus_lemma = (_visit_lemma, _depart_span)


def _visit_apparatus_ref(self, node):
    entry_id = node["entry_id"]
    self.body.append(
        f'<a class="xs-app-ref" href="#{entry_id}" id="ref-{entry_id}" '
        f'role="doc-noteref" aria-describedby="{entry_id}" '
        f'data-entry="{self.attval(node["entry_text"])}">{self.encode(node["label"])}</a>'
    )
    raise nodes.SkipNode


apparatus_ref = (_visit_apparatus_ref, None)


def _visit_apparatus_list(self, node):
    self.body.append(self.starttag(node, "section", CLASS="xs-apparatus"))


def _depart_apparatus_list(self, node):
    self.body.append("</section>\n")


apparatus_list = (_visit_apparatus_list, _depart_apparatus_list)


class Translator(HTML5Translator):
    """Sphinx's HTML5 translator, with two accessibility fixes (checked by tests/test_quality.py).

    - ``role="heading"`` gets its ``aria-level``: Sphinx writes toctree captions (on the page
      and in the sidebar) as ``<p class="caption" role="heading">``; WAI-ARIA 1.2 requires
      ``aria-level`` there, and the Nu HTML Checker rejects the page without it
      (sphinx-doc/sphinx#14030). Level 2 is the level ARIA 1.1 implied, so the outline that
      screen readers expose does not change.
    - A code block's ``<pre>`` is focusable (``tabindex="0"``), so a reader without a mouse can
      scroll a line wider than the page (axe: scrollable-region-focusable).
    """

    def starttag(self, node, tagname, suffix="\n", empty=False, **attributes):
        if str(attributes.get("ROLE", "")).lower() == "heading":
            attributes.setdefault("aria-level", "2")
        return super().starttag(node, tagname, suffix, empty, **attributes)

    def visit_literal_block(self, node):
        try:
            super().visit_literal_block(node)
        except nodes.SkipNode:
            self.body[-1] = self.body[-1].replace("<pre>", '<pre tabindex="0">', 1)
            raise
