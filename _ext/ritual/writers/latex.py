"""LaTeX visitors: thin calls to macros defined in ``latex/ritual.sty``.

Keeping the typography in the style file lets the print designer change the page without
touching Python; the visitors only mark up structure.
"""

from __future__ import annotations

from docutils import nodes

from ..components.cjk import CJK_LATIN_SPACE
from ..core import commentary_errata
from ..core.apparatus_notes import STEP_REF, STEP_REF_SEP, step_runs
from ..core.han import needs_cjk_latin_space
from ..domain import xs_domain
from ..i18n import _
from ..state import edition_of


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
    if node["source"] == "editors":
        # the editors' own 譯文 is labelled as such, as on the site (the 凡例 promises it)
        label = _("Translation (the editors')")
        self.body.append(f"\\xstranslationlabel{{{self.encode(label)}}}")


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
kept_form = (_pass, _pass)


#: the longest reading printed unbroken: a form or a phrase the entry is about (「一黨一」)
#: never parts across lines, a longer one (a translation's clause) breaks as text does
READING_KEPT_WHOLE = 4


def _readings(self, printed) -> str:
    """The readings of an entry as ``\\xsrdg{text}{sigla}`` (``\\xsrdgrun`` when longer than
    :data:`READING_KEPT_WHOLE`) joined by ``\\xsrdgsep``, then the note after
    ``\\xsappnotesep``: the parts :func:`.apparatus.format_parts` made."""
    enc = self.encode

    def reading(text: str, sigla: str) -> str:
        macro = "xsrdg" if len(text) <= READING_KEPT_WHOLE else "xsrdgrun"
        return f"\\{macro}{{{enc(text)}}}{{{enc(sigla)}}}"

    out = "\\xsrdgsep{}".join(reading(text, sigla) for text, sigla in printed["readings"])
    if printed["note"]:
        out += f"\\xsappnotesep{{}}{_step_numbers(self, printed['note'])}"
    return out


def _space(left: str, right: str) -> str:
    """xeCJK's space between Han and Latin where a link stands between them and hides them
    from it (「第\\xsloc{…}{26}節」 printed 「第26節」 beside a plain 「第 17 節」)."""
    return CJK_LATIN_SPACE if needs_cjk_latin_space(left, right) else ""


def _step_numbers(self, text: str) -> str:
    """A note's words, each run of step ids in it (「ab-0026 注」, 「（ab-0034、ab-0038）」) as the
    print names steps, by the numbers in its margin and linked (「第26節注」): where steps were
    merged or split, an id and the number printed differ, and the id would mislead."""
    env = self.builder.env
    domain = xs_domain(env)
    numbers = domain.data["numbers"]
    out = []
    for piece in step_runs(text, numbers, edition_of(env).step_id_regex):
        if isinstance(piece, str):
            out.append(self.encode(piece))
            continue
        links = self.encode(STEP_REF_SEP).join(
            f"\\xsloc{{{domain.steps[i].docname}:{i}}}{{{numbers[i][0]}}}" for i in piece
        )
        first, last = str(numbers[piece[0]][0]), str(numbers[piece[-1]][0])
        before, after = STEP_REF
        out.append(
            f"{self.encode(before)}{_space(before, first)}{links}"
            f"{_space(last, after)}{self.encode(after)}"
        )
    return "".join(out)


def _visit_ref(self, node):
    printed = node["printed"]
    ordinal = f"\\textsuperscript{{{printed['ordinal']}}}" if printed["ordinal"] else ""
    lemma = self.encode(printed["word"]) + ordinal + self.encode(printed["where"])
    macro = "xstrnote" if node.get("series") == "translation" else "xsappnote"
    # the entry's number (its permanent id, as the site's marker and the vertical book give
    # it), which the 凡例 and the notes cite: keyed by step and lemma alone, 「校記 7」 could
    # not be found in the print
    if node.get("series") == "translation":
        words = _("translation apparatus entry {number}")
    else:
        words = _("apparatus entry {number}")
    number = self.encode(words.format(number=node["number"]))
    self.body.append(f"\\{macro}{{{lemma}}}{{{_readings(self, printed)}}}{{{number}}}")
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
citation_text = (_pass, _pass)


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
# the book lists its plans itself (LaTeX's list of figures): nothing here
plan_list = (_skip, None)


def _loc(self, run) -> str:
    return f"\\xsloc{{{run['docname']}:{run['anchor']}}}{{{self.encode(run['label'])}}}"


def _see(self, node) -> str:
    """見第\\xsloc{…}{34}節: the edition's words with a link for each run of referents."""
    if node.get("external") or not node.get("runs"):
        return self.encode(node.get("see", ""))
    pattern = node.get("see_pattern", "{steps}")
    before, _, after = pattern.partition("{steps}")
    runs = node["runs"]
    links = self.encode(node.get("separator", "、")).join(_loc(self, r) for r in runs)
    return (
        f"{self.encode(before)}{_space(before, runs[0]['label'])}{links}"
        f"{_space(runs[-1]['label'], after)}{self.encode(after)}"
    )


def _visit_back_ref(self, node):
    self.body.append("\\xsxref{")


def _depart_back_ref(self, node):
    """The formula, then its reference at the page foot: ``58 揖讓如初：見第34節。張爾岐：…``."""
    basis = node.get("basis", "")
    self.body.append(
        f"}}{{{self.encode(node.get('formula', ''))}}}{{{_see(self, node)}}}"
        f"{{{self.encode(basis)}}}"
    )


back_ref = (_visit_back_ref, _depart_back_ref)


def _visit_step_links(self, node):
    links = self.encode("、").join(_loc(self, r) for r in node["links"])
    self.body.append(f"\\xsties{{{self.encode(node['label'])}}}{{{links}}}")
    raise nodes.SkipNode


step_links = (_visit_step_links, None)


def _visit_reference_list(self, node):
    """The lists of the 如初諸例 page: one entry a row, numbers linked to their steps."""
    part = node["part"]
    out = ["\\begin{xsreflist}\n"]
    for row in node["rows"]:
        number = _loc(self, {**row, "label": row["number"]})
        if part == "ties":
            runs = self.encode("、").join(_loc(self, r) for r in row["runs"])
            general = self.encode(row["general"])
            tie = f"{general}：{runs}" if general and runs else runs or general
            basis = self.encode(row.get("basis", ""))
            out.append(f"\\xsreftie{{{number}}}{{{tie}{'　' + basis if basis else ''}}}\n")
            continue
        if part == "formulas":
            middle = _see(self, row)
        elif part == "external":
            middle = self.encode(row["see"])
        else:
            middle = self.encode(row["kind"])
        out.append(
            f"\\xsrefitem{{{number}}}{{{self.encode(row['formula'])}}}{{{middle}}}"
            f"{{{self.encode(row['basis'])}}}\n"
        )
    out.append("\\end{xsreflist}\n")
    self.body.append("".join(out))
    raise nodes.SkipNode


reference_list = (_visit_reference_list, None)


def _visit_commentary_note(self, node):
    """A note of 鄭注 after its lemma, as one smaller inline run in its own colour that breaks
    across lines with the text, opened by 【注】 (``\\xszhu``); a part another witness supplies
    keeps its 〔…〕, as the 凡例 says; a reading the other witnesses read otherwise (the
    commentary's errata) has a wavy line under it (``\\xszhusic``), as on the site."""
    words = "".join(
        f"\\xszhusic{{{self.encode(piece)}}}" if mark else self.encode(piece)
        for piece, mark in commentary_errata.split(node["text"], node.get("errata", ()))
    )
    self.body.append(f"\\xszhu{{{words}}}")
    raise nodes.SkipNode


commentary_note = (_visit_commentary_note, None)
