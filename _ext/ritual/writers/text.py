"""Text visitors: the plain-text builder shows numbers, text and translation on their own lines."""

from __future__ import annotations

from docutils import nodes

from ..i18n import _


def _visit_block(self, node):
    self.new_state(0)


def _depart_block(self, node):
    self.end_state()


def _pass(self, node):
    pass


def _skip(self, node):
    raise nodes.SkipNode


step = (_visit_block, _depart_block)
step_text = (_pass, _pass)


def _visit_number(self, node):
    self.add_text(f"[{node.get('label', '')}] ")
    raise nodes.SkipNode


step_number = (_visit_number, None)


def _visit_translation(self, node):
    self.new_state(2)
    self.add_text(_("Translation") + "：")


translation = (_visit_translation, _depart_block)


def _visit_missing(self, node):
    self.new_state(2)
    self.add_text(_("Translation") + "：" + node.astext())
    self.end_state()
    raise nodes.SkipNode


translation_missing = (_visit_missing, None)
term_ref = (_pass, _pass)


def _depart_doubt(self, node):
    self.add_text("〔？〕")


doubt = (_pass, _depart_doubt)
plain_term = (_pass, _pass)
apparatus_lemma = (_pass, _pass)
kept_form = (_pass, _pass)


def _visit_ref(self, node):
    self.add_text(f"[{node['label']}]")
    raise nodes.SkipNode


apparatus_ref = (_visit_ref, None)


def _visit_phase(self, node):
    if node.get("title_en"):
        self.new_state(0)
        self.add_text(node["title_en"])
        self.end_state()
    raise nodes.SkipNode


phase_marker = (_visit_phase, None)
apparatus_list = (_visit_block, _depart_block)

pinyin_char = (_pass, _pass)
witness_form = (_pass, _pass)
search_box = (_skip, None)
cite_control = (_skip, None)
citation_download = (_pass, _pass)
citation_text = (_pass, _pass)


def _visit_term_indexes(self, node):
    self.new_state(0)
    self.add_text("\n".join(f"{i['title']} ({i['title_en']})" for i in node["indexes"]))
    self.end_state()
    raise nodes.SkipNode


term_indexes = (_visit_term_indexes, None)
# replaced when the doctree is resolved (plan_list.fill_plan_lists)
plan_list = (_skip, None)


def _depart_back_ref(self, node):
    if node.get("see"):
        self.add_text(f"〔{node['see']}〕")


back_ref = (_pass, _depart_back_ref)


def _visit_step_links(self, node):
    labels = "、".join(link["label"] for link in node["links"])
    self.add_text(f"〔{node['label']}{' ' + labels if labels else ''}〕")
    raise nodes.SkipNode


step_links = (_visit_step_links, None)


def _visit_reference_list(self, node):
    self.new_state(0)
    lines = []
    for row in node["rows"]:
        if node["part"] == "ties":
            runs = "、".join(r["label"] for r in row["runs"])
            tie = f"{row['general']}：{runs}" if row["general"] and runs else runs or row["general"]
            basis = "　".join(p for p in (row.get("basis", ""), row.get("note", "")) if p)
            lines.append(f"{row['number']}　{tie}{'　' + basis if basis else ''}")
        else:
            middle = (
                "、".join(r["label"] for r in row.get("runs", []))
                or row.get("see")
                or row.get("kind", "")
            )
            lines.append(f"{row['number']}　{row['formula']}　{middle}　{row['basis']}")
    self.add_text("\n".join(lines))
    self.end_state()
    raise nodes.SkipNode


reference_list = (_visit_reference_list, None)


def _visit_commentary_note(self, node):
    self.add_text(f"（{_('Note')}：{node['text']}）")

    raise nodes.SkipNode


commentary_note = (_visit_commentary_note, None)
