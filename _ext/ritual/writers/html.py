"""HTML visitors: semantic markup with ``xs-`` classes, styled by ``static/ritual.css``.

Each pair is ``(visit, depart)``. Text content is escaped by the translator; attributes that
carry text (titles, data-) go through ``attval``.
"""

from __future__ import annotations

import posixpath

from docutils import nodes

from .. import nodes as xsnodes
from ..components.citation import cite_control_html
from ..core import commentary, commentary_errata, kept
from ..i18n import _


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
    label = _("Translation (the editors')") if node["source"] == "editors" else _("Translation")
    self.body.append(f'<span class="xs-trans-label">{label}</span>')


translation = (_visit_translation, _depart_div)


def _visit_doubt(self, node):
    title = _("A doubtful translation of the editors")
    self.body.append(self.starttag(node, "span", "", CLASS="xs-doubt", title=title))


def _depart_doubt(self, node):
    self.body.append('<span class="xs-doubt-mark">？</span></span>')


doubt = (_visit_doubt, _depart_doubt)


def _visit_translation_missing(self, node):
    self.body.append(
        self.starttag(node, "div", CLASS="xs-trans xs-trans-missing", lang="zh-Hant")
        + f'<span class="xs-trans-label">{_("Translation")}</span>'
        + f'<span class="xs-trans-gap" title="{_("The base text has no translation")}">'
        + f"{node.astext()}</span></div>\n"
    )
    raise nodes.SkipNode


translation_missing = (_visit_translation_missing, None)


def _visit_term(self, node):
    # A term with a headword page is a link only where the reader asks for it (issue 25: a
    # tap meant to select text must not navigate away): an <a> without href, which
    # xs-reader.js makes a link to ``terms/<kind>/<headword>.html`` when the reading bar's
    # 「索引連結」 is on. The kind is in the class; the headword is the text, or ``data-h``
    # where the text is another form or holds an apparatus lemma (the base/edited switch
    # changes it). The chapter has ~3,400 terms: a few bytes each add up to a fifth of a page.
    if node.get("refuri"):
        text = node.astext()
        lemma = any(True for _ in node.findall(xsnodes.apparatus_lemma))
        attrs = {"data-h": node["headword"]} if lemma or text != node["headword"] else {}
        self.body.append(self.starttag(node, "a", "", **attrs))
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
            **{
                "data-base": node["base"],
                "data-entry": node["entry_id"],
                # a correction of the sense (not of a form) is converted with its translation,
                # its base reading too (ritual_site.simplified)
                **({kept.ATTRIBUTE: ""} if node.get("kept", True) else {CONVERT_ENTRY: ""}),
            },
        )
    )


apparatus_lemma = (_visit_lemma, _depart_span)


def _visit_kept(self, node):
    # A form the edition prints for the base's (the base's conversion from simplified
    # characters, corrected as a class: 于 for 於) carries the base's form, for the switch to
    # the base text as transmitted; it is not underlined as an emendation with a 校記 is.
    if node.get("base"):
        base = self.attval(node["base"])
        self.body.append(f'<span class="xs-ortho" data-base="{base}" {kept.ATTRIBUTE}="">')
    else:
        self.body.append(f'<span {kept.ATTRIBUTE}="">')


kept_form = (_visit_kept, _depart_span)


def _visit_apparatus_ref(self, node):
    entry_id = node["entry_id"]
    classes = "xs-app-ref" + (" xs-tr-ref" if node.get("series") == "translation" else "")
    # the entry as printed, for the popup: the witnesses' forms, unless the entry corrects the
    # sense (ritual_site.simplified converts it then)
    convert = "" if node.get("kept", True) else f" {CONVERT_ENTRY}"
    self.body.append(
        f'<a class="{classes}" href="#{entry_id}" id="ref-{entry_id}" '
        f'role="doc-noteref" aria-describedby="{entry_id}"{convert} '
        f'data-entry="{self.attval(node["entry_text"])}">{self.encode(node["label"])}</a>'
    )
    raise nodes.SkipNode


apparatus_ref = (_visit_apparatus_ref, None)


#: On an apparatus marker, or lemma, whose entry a copy in another script converts (the
#: ``data-entry`` of the one, the ``data-base`` of the other).
CONVERT_ENTRY = "data-xs-convert"


# Around a witness's forms: the Simplified copy (ritual_site.simplified) leaves them alone.
def _visit_witness_form(self, node):
    self.body.append(kept.NOCONVERT_OPEN)


def _depart_witness_form(self, node):
    self.body.append(kept.NOCONVERT_CLOSE)


witness_form = (_visit_witness_form, _depart_witness_form)
#: A citation's form: as the cite control copies it, so in no copy converted.
citation_text = (_visit_witness_form, _depart_witness_form)


def _visit_apparatus_list(self, node):
    self.body.append(self.starttag(node, "section", CLASS="xs-apparatus"))


def _depart_apparatus_list(self, node):
    self.body.append("</section>\n")


apparatus_list = (_visit_apparatus_list, _depart_apparatus_list)


def _visit_pinyin(self, node):
    self.body.append(f'<span class="xs-py" title="{self.attval(node["reading"])}">')


pinyin_char = (_visit_pinyin, _depart_span)


def _visit_search_box(self, node):
    placeholder = self.attval(node.get("placeholder", ""))
    self.body.append(
        '<div class="xs-search">\n'
        '<form class="xs-search-form" role="search" method="get">\n'
        f'<label for="xs-search-q">{_("Character or word")}</label>\n'
        '<input id="xs-search-q" name="q" type="search" autocomplete="off" spellcheck="false" '
        f'placeholder="{placeholder}" lang="zh-Hant">\n'
        f'<button type="submit">{_("Search")}</button>\n'
        "</form>\n"
        '<p class="xs-search-status" role="status" aria-live="polite"></p>\n'
        '<ol class="xs-search-results"></ol>\n'
        '<noscript><p class="xs-search-noscript">'
        + _(
            "The search is run by the site's own script (it calls no other site); without"
            " scripts there is no search. The whole text and translation are also in {file}."
        ).format(file="<code>edition.json</code>")
        + "</p></noscript>\n"
        "</div>\n"
    )

    raise nodes.SkipNode


search_box = (_visit_search_box, None)


def _visit_cite_control(self, node):
    self.body.append(cite_control_html(node["number"], node["step_id"]))
    raise nodes.SkipNode


cite_control = (_visit_cite_control, None)


def _visit_download(self, node):
    here = posixpath.dirname(self.builder.get_target_uri(self.builder.current_docname))
    href = posixpath.relpath(node["xs_file"], here or ".")
    # a file the deployment puts beside the pages (a PDF): not there in a bare HTML build
    beside = ' data-xs-published=""' if node.get("xs_published") else ""
    self.body.append(f'<a class="reference download" href="{self.attval(href)}"{beside}>')


def _depart_link(self, node):
    self.body.append("</a>")


citation_download = (_visit_download, _depart_link)


def _visit_term_indexes(self, node):
    """The site lists the indexes (the domain indices), with their sizes."""
    self.body.append('<ul class="xs-index-list">\n')
    for index in node["indexes"]:
        uri = self.builder.get_relative_uri(self.builder.current_docname, f"xs-{index['kind']}")
        self.body.append(
            f'<li><a href="{uri}">{self.encode(index["title"])}</a> '
            f'<span lang="en">{self.encode(index["title_en"])}</span>'
            '<span class="xs-index-size">：'
            + _("{headwords} headwords, {occurrences} places").format(
                headwords=index["headwords"], occurrences=index["occurrences"]
            )
            + "</span></li>\n"
        )
    self.body.append("</ul>\n")
    raise nodes.SkipNode


term_indexes = (_visit_term_indexes, None)


def _skip(self, node):
    raise nodes.SkipNode


# replaced when the doctree is resolved (plan_list.fill_plan_lists)
plan_list = (_skip, None)


def _visit_back_ref(self, node):
    """A formula: a link to its first referent (the popup shows them all, xs-xref.js)."""
    runs = node.get("runs") or []
    href = runs[0]["refuri"] if runs else node.get("refuri", "")
    cls = "xs-xref" + (" xs-xref-ext" if node.get("external") else "")
    attrs = {"data-xref": node.get("key", "")}
    if href:
        self.body.append(self.starttag(node, "a", "", CLASS=cls, href=href, **attrs))
    else:
        self.body.append(self.starttag(node, "span", "", CLASS=cls, **attrs))


def _depart_back_ref(self, node):
    runs = node.get("runs") or []
    self.body.append("</a>" if (runs or node.get("refuri")) else "</span>")


back_ref = (_visit_back_ref, _depart_back_ref)


def _visit_step_links(self, node):
    """The commentary steps that explain a step (記 454), or the steps a commentary step
    explains (經 18)."""
    label, title = node["label"], node.get("title", "")
    links = "、".join(
        f'<a href="{self.attval(link["refuri"])}" '
        f'aria-label="{self.attval(label + " " + link["label"])}">'
        f"{self.encode(link['label'])}</a>"
        for link in node["links"]
    )
    attr = f' title="{self.attval(title)}"' if title else ""
    self.body.append(
        f'<span class="xs-ties xs-ties-{node["kind"]}"{attr}>'
        f'<span class="xs-ties-label">{self.encode(label)}</span>{links}</span>'
    )
    raise nodes.SkipNode


step_links = (_visit_step_links, None)


def _run_links(self, runs) -> str:
    return "、".join(
        f'<a href="{self.attval(r["refuri"])}">{self.encode(r["label"])}</a>' for r in runs
    )


#: The columns of each list (xs:references), after the step's number: catalog msgids.
_LIST_HEADS = {
    "formulas": ("Step", "Text", "Follows", "Basis"),
    "external": ("Step", "Text", "Refers to", "Basis"),
    "plain": ("Step", "Text", "Judged", "Basis"),
    "ties": ("Step", "Explains"),
}


def _visit_reference_list(self, node):
    part = node["part"]
    out = [self.starttag(node, "table", CLASS=f"xs-reflist xs-reflist-{part}")]
    heads = tuple(_(head) for head in _LIST_HEADS[part])
    if part == "ties":
        words = node["words"]
        heads = (
            words.get("commentary", _("Step")),
            _("Explains the {text}").format(text=words.get("text", "")),
            _("Basis"),
        )
    out.append(
        "<thead><tr>" + "".join(f'<th scope="col">{h}</th>' for h in heads) + "</tr></thead>"
    )
    out.append("<tbody>")
    for row in node["rows"]:
        number = f'<a href="{self.attval(row["refuri"])}">{self.encode(row["number"])}</a>'
        if part == "ties":
            # a general rule shows 通論, and the steps where the text applies it, if any
            runs = _run_links(self, row["runs"])
            general = self.encode(row["general"])
            tie = f"{general}：{runs}" if general and runs else runs or general
            note = (
                f'<span class="xs-reflist-note">{self.encode(row["note"])}</span>'
                if row.get("note")
                else ""
            )
            basis = f'<span class="xs-reflist-basis">{self.encode(row.get("basis", ""))}</span>'
            cells = [number, tie, basis + note]
            out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
            continue
        note = (
            f'<span class="xs-reflist-note">{self.encode(row["note"])}</span>'
            if row.get("note")
            else ""
        )
        basis = self.encode(row["basis"])
        if row.get("zhu"):  # a basis in the 注: a link to the note that holds its words
            basis = f'<a class="xs-reflist-zhu" href="{self.attval(row["zhu"])}">{basis}</a>'
        basis = f'<span class="xs-reflist-basis">{basis}</span>{note}'
        if part == "formulas":
            middle = _run_links(self, row["runs"])
        elif part == "external":
            middle = self.encode(row["see"])
        else:
            middle = self.encode(row["kind"])
        key = row.get("key")
        rid = f' id="ref-{key}"' if key else ""
        cells = [number, f'<span lang="zh-Hant">{self.encode(row["formula"])}</span>', middle]
        out.append(
            f"<tr{rid}>" + "".join(f"<td>{c}</td>" for c in cells) + f"<td>{basis}</td></tr>"
        )
    out.append("</tbody></table>\n")
    self.body.append("".join(out))
    raise nodes.SkipNode


reference_list = (_visit_reference_list, None)


def _visit_commentary_note(self, node):
    """A note of the commentary after its lemma: its permanent id, its mark (注, the note's
    permalink, with its witness and page in the title), its words; a part that another witness
    supplies (〔…〕) says so. One ``<span>`` in the text's flow; the reading switch hides it."""
    nid = node["note_id"]
    where = _("{witness} copy {pages}").format(
        witness=node["witness"], pages=node["pages"].replace(" ", "、")
    )
    where = where.strip()
    parts = []
    pos = 0
    for piece, supplied in commentary.segments(node["text"]):
        start, pos = pos, pos + len(piece)
        if not supplied:
            parts.append(_zhu_with_errata(self, node, piece, start))
            continue
        sup = node.get("supplied", "")
        title = _("A page missing in {witness}, supplied from {supplier}").format(
            witness=node["witness"], supplier=sup.split(" ", 1)[0]
        )
        if " " in sup:
            title += f"（{sup.split(' ', 1)[1]}）"
        parts.append(
            f'<span class="xs-zhu-sup" title="{self.attval(title)}">{self.encode(piece)}</span>'
        )
    title = _("Zheng’s commentary {id} ({where})").format(id=nid, where=where)
    self.body.append(
        f'<span class="xs-zhu" id="{nid}"><a class="xs-zhu-mark" href="#{nid}" '
        f'title="{self.attval(title)}">{_("Note")}</a>{"".join(parts)}</span>'
    )
    raise nodes.SkipNode


commentary_note = (_visit_commentary_note, None)


def _zhu_with_errata(self, node, piece: str, start: int) -> str:
    """A piece of a note's words (at ``start`` of its text), its errata marked: the note's
    witness's reading, with the others' in its title (``commentary-errata.tsv``), kept as the
    witness writes it in a copy in another script, as an apparatus reading is (the scripts'
    data keep what the page keeps): a conversion made the slip 「拾袷斂」 「拾夹敛」."""
    out = []
    for words, mark in commentary_errata.split(piece, node.get("errata", ()), start):
        if mark is None:
            out.append(self.encode(words))
            continue
        title = _(commentary_errata.TITLE).format(
            witness=node["witness"], witnesses="、".join(mark[3]), reading=mark[2]
        )
        out.append(
            f'<span class="xs-zhu-sic" title="{self.attval(title)}" {kept.ATTRIBUTE}="">'
            f"{self.encode(words)}</span>"
        )
    return "".join(out)
