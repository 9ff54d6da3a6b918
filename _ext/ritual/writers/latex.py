"""LaTeX visitors: thin calls to macros defined in ``static/ritual.sty``.

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


def _visit_doubt(self, node):
    self.body.append("\\xsdoubt{")


doubt = (_visit_doubt, _close)


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
    # Remember the lemma: the apparatus note that follows it is keyed by step and lemma.
    self._xs_lemma = getattr(self, "_xs_lemma", "") + node.astext()
    self.body.append("\\xslemma{")


apparatus_lemma = (_visit_lemma, _close)


def _readings(self, node) -> str:
    """The readings of an entry as ``\\xsrdg{text}{sigla}`` joined by ``\\xsrdgsep``.

    Uses structured ``readings`` (``[{"text", "witnesses"}]``) when the node has them; else the
    part of ``entry_text`` after the lemma's ``]``.
    """
    readings = node.get("readings")
    if readings:
        parts = []
        for reading in readings:
            if isinstance(reading, dict):
                text, witnesses = reading.get("text", ""), reading.get("witnesses", ())
            else:
                text, witnesses = reading
            sigla = witnesses if isinstance(witnesses, str) else " ".join(witnesses)
            parts.append(f"\\xsrdg{{{self.encode(text)}}}{{{self.encode(sigla)}}}")
        out = "\\xsrdgsep{}".join(parts)
        if node.get("note"):
            out += f"\\xsrdgsep{{}}{self.encode(node['note'])}"
        return out
    # entry_text is ``lemma ] reading sigla; variant sigla`` (apparatus.format_entry).
    entry = node.get("entry_text", "")
    if "]" in entry:
        entry = entry.split("]", 1)[1]
    parts = []
    for reading in entry.split(";"):
        text, _, sigla = reading.strip().rpartition(" ")
        if not text:  # no sigla given
            text, sigla = sigla, ""
        parts.append(f"\\xsrdg{{{self.encode(text)}}}{{{self.encode(sigla)}}}")
    return "\\xsrdgsep{}".join(parts)


def _visit_ref(self, node):
    # The whole lemma: from the node, else from its formatted entry, else the text of the
    # lemma node(s) just visited (a lemma crossing term markup is split into several).
    lemma = node.get("lemma", "")
    if not lemma and "]" in node.get("entry_text", ""):
        lemma = node["entry_text"].split("]", 1)[0].strip()
    lemma = lemma or getattr(self, "_xs_lemma", "")
    self.body.append(f"\\xsappnote{{{self.encode(lemma)}}}{{{_readings(self, node)}}}")
    self._xs_lemma = ""
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
