"""LaTeX visitors: thin calls to macros defined in ``latex/ritual.sty``.

Keeping the typography in the style file lets the print designer change the page without
touching Python; the visitors only mark up structure.
"""

from __future__ import annotations

from docutils import nodes


def _visit_step(self, node):
    self.body.append(f"\n\\begin{{xsstep}}{{{node['step_id']}}}")
    # the step's own id, and the retired ids it replaces (so that old links still land)
    self.body.append("".join(self.hypertarget(i, anchor=True) for i in node["ids"]))


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


def _visit_lemma_plain(self, node):
    self.body.append("\\xslemma{")


apparatus_lemma = (_visit_lemma_plain, _close)


def _readings(self, printed) -> str:
    """The readings of an entry as ``\\xsrdg{text}{sigla}`` joined by ``\\xsrdgsep``, then the
    note after ``\\xsappnotesep``: the parts :func:`.apparatus.format_parts` made."""
    enc = self.encode
    out = "\\xsrdgsep{}".join(
        f"\\xsrdg{{{enc(text)}}}{{{enc(sigla)}}}" for text, sigla in printed["readings"]
    )
    if printed["note"]:
        out += f"\\xsappnotesep{{}}{enc(printed['note'])}"
    return out


def _visit_ref(self, node):
    printed = node["printed"]
    ordinal = f"\\textsuperscript{{{printed['ordinal']}}}" if printed["ordinal"] else ""
    lemma = self.encode(printed["word"]) + ordinal + self.encode(printed["where"])
    macro = "xstrnote" if node.get("series") == "translation" else "xsappnote"
    self.body.append(f"\\{macro}{{{lemma}}}{{{_readings(self, printed)}}}")
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


pinyin_char = (_pass, _pass)
witness_form = (_pass, _pass)
search_box = (_skip, None)
cite_control = (_skip, None)
citation_download = (_pass, _pass)


def _locators(self, locators) -> str:
    return ", ".join(
        f"\\xsloc{{{docname}:{step_id}}}{{{number}}}" for docname, step_id, number in locators
    )


def _index_entry(self, macro: str, entry) -> str:
    enc = self.encode
    return (
        f"\\{macro}{{{enc(entry['term'])}}}{{{enc(entry['pinyin'])}}}{{{enc(entry['gloss'])}}}"
        f"{{{entry['count']}}}{{{_locators(self, entry['locators'])}}}\n"
    )


def _visit_term_indexes(self, node):
    """The printed indexes: headwords by letter, with pinyin, gloss, count and locators."""
    out = []
    for index in node["indexes"]:
        out.append(f"\\begin{{xsindex}}{{{index['title']}}}{{{index['title_en']}}}\n")
        for letter, group in index["letters"]:
            out.append(f"\\xsindexletter{{{letter}}}\n")
            for entry in group:
                out.append(_index_entry(self, "xsindexentry", entry))
                out += [_index_entry(self, "xsindexsub", sub) for sub in entry["sub"]]
        out.append("\\end{xsindex}\n")
    self.body.append("".join(out))
    raise nodes.SkipNode


term_indexes = (_visit_term_indexes, None)
