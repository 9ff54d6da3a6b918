"""LaTeX visitors: thin calls to macros defined in ``static/xiangsheli.sty``.

Keeping the typography in the style file lets the print designer change the page without
touching Python; the visitors only mark up structure.
"""

from __future__ import annotations

from docutils import nodes


def _visit_step(self, node):
    self.body.append(f"\n\\begin{{xsstep}}{{{node['step_id']}}}")
    self.body.append(self.hypertarget(node["step_id"], anchor=True) if node["ids"] else "")


def _depart_step(self, node):
    self.body.append("\\end{xsstep}\n")


step = (_visit_step, _depart_step)


def _visit_step_text(self, node):
    self.body.append("\\xssteptext{")


def _close(self, node):
    self.body.append("}")


step_text = (_visit_step_text, _close)


def _visit_number(self, node):
    self.body.append(
        f"\\xsstepnumber{{{self.encode(node.get('label', ''))}}}"
        f"{{{self.encode(node.get('local', ''))}}}"
    )
    raise nodes.SkipNode


step_number = (_visit_number, None)


def _visit_translation(self, node):
    self.body.append("\\begin{xstranslation}")


def _depart_translation(self, node):
    self.body.append("\\end{xstranslation}\n")


translation = (_visit_translation, _depart_translation)


def _visit_missing(self, node):
    self.body.append(f"\\xstranslationmissing{{{self.encode(node.astext())}}}\n")
    raise nodes.SkipNode


translation_missing = (_visit_missing, None)


def _visit_term(self, node):
    self.body.append(f"\\xsterm{{{node['kind']}}}{{")


term_ref = (_visit_term, _close)


def _pass(self, node):
    pass


plain_term = (_pass, _pass)


def _visit_lemma(self, node):
    self.body.append("\\xslemma{")


apparatus_lemma = (_visit_lemma, _close)


def _visit_ref(self, node):
    self.body.append(f"\\xsappnote{{{self.encode(node['entry_text'])}}}")
    raise nodes.SkipNode


apparatus_ref = (_visit_ref, None)


def _visit_phase(self, node):
    if node.get("title_en"):
        self.body.append(f"\\xsphasesubtitle{{{self.encode(node['title_en'])}}}\n")
    raise nodes.SkipNode


phase_marker = (_visit_phase, None)


def _skip(self, node):
    raise nodes.SkipNode


# The print edition gives the apparatus as footnotes at each place, not as a list.
apparatus_list = (_skip, None)
