"""Citing the edition: a cite control on every step, citation meta tags, downloadable records.

The formatters at the top are pure (strings in, strings out) so they can be tested alone; the
Sphinx glue below them:

- :class:`CiteControls` (HTML post-transform) adds to every step a :class:`cite_control`, written
  as a ``<details>`` control beside its margin number. Opened, it shows the step's citation
  (short form, GB/T 7714-2015, Chicago) with its permanent URL, and ``static/cite.js`` copies
  it to the clipboard. The forms come once per page as templates (:func:`cite_forms_html`)
  that the script fills in; without scripts the panel holds the permanent link.
- :func:`add_meta_tags` (``html-page-context``) writes Highwire ``citation_*`` and Dublin Core
  ``DC.*`` meta tags and a canonical link on every page.
- :func:`write_citation_files` (``build-finished``) writes BibTeX, RIS and CSL-JSON records of the
  edition beside the pages; the ``xs:citation`` directive (``source/cite.md``) shows the
  edition's citation and links those files.

URLs in citations are built on ``xs_base_url``, the edition's canonical address. A build
without one invents no host: citations carry the page's path relative to the site's root, the
canonical link and the URL meta tags are left out (so is ``sitemap.xml``), and the build warns
once (``xs.no_base_url``). A deployment sets the real address (``-D xs_base_url=…``).
"""

from __future__ import annotations

import datetime as _dt
import html
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective, SphinxRole

from ..config import conf_location
from ..core import dts
from ..domain import xs_domain
from ..i18n import _
from ..nodes import citation_download, citation_text, cite_control, search_box, stage
from ..nodes import step as step_node
from ..published import EDITION_JSON, tei_path
from ..state import build_state, edition_of
from ..warnings import XsWarning, warn

#: The generated citation records, written at the root of the HTML output, named after the
#: edition's id (``<id>.bib`` …).
CITATION_SUFFIXES = {"bibtex": ".bib", "ris": ".ris", "csl": ".csl.json"}


def citation_files(edition_id: str) -> dict[str, str]:
    """format → file name of the edition's citation records."""
    return {fmt: edition_id + suffix for fmt, suffix in CITATION_SUFFIXES.items()}


ACCESS_DATE_PLACEHOLDER = "引用日期"


# -- pure formatters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class EditionMeta:
    """What a citation of the edition names."""

    id: str  # the edition's id (edition.toml), which names its records
    title: str  # full Chinese title: work, then after ： what this edition of it is
    title_en: str  # English title ('' if none)
    editor: str  # the editors (a group: cited as a corporate name)
    version: str
    date: str  # ISO date of this version
    base_url: str  # canonical base URL, ending in '/'; '' when the site has no address yet
    license: str
    license_url: str
    language: str  # BCP 47 tag of the text

    @property
    def year(self) -> str:
        return self.date[:4]

    @property
    def short_title(self) -> str:
        """``《書名》某本`` from ``書名：某本`` (the work in 《》, then the kind of edition)."""
        work, sep, rest = self.title.partition("：")
        return f"《{work}》{rest}" if sep else f"《{self.title}》"

    @property
    def key(self) -> str:
        return f"{self.id}-" + self.version.replace(".", "-")


def split_title(title: str) -> tuple[str, str]:
    """``書名：某本 (An English title: a subtitle)`` → (the Chinese title, the English)."""
    m = re.fullmatch(r"\s*(.*?)\s*[(（]([^()（）]*)[)）]\s*", title)
    if m and re.search(r"[A-Za-z]", m.group(2)):
        return m.group(1), m.group(2)
    return title.strip(), ""


SMALL_WORDS = frozenset(
    "a an and as at but by for from in into nor of on or the to with".split()  # noqa: SIM905
)


def headline_case(title: str) -> str:
    """Chicago headline style: capitalise all but small words inside the title or subtitle."""
    out = []
    first = True
    for word in title.split(" "):
        if word and (first or word.lower() not in SMALL_WORDS):
            word = word[0].upper() + word[1:]
        out.append(word)
        first = word.endswith(":")
    return " ".join(out)


#: The words of the Chinese citation forms (the running-text form and GB/T 7714): a step
#: by its number and id, and the version (0.1.0 版).
STEP_LABEL = "第 {number} 節（{step_id}）"
VERSION_WORD = "版"


def step_label_zh(number: int | str | None, step_id: str) -> str:
    return STEP_LABEL.format(number=number, step_id=step_id)


def cite_short(meta: EditionMeta, number: int | str | None = None, step_id: str = "") -> str:
    """The form for running text: 《書名》某本，0.1.0 版，第 17 節（<step id>）."""
    out = f"{meta.short_title}，{meta.version} {VERSION_WORD}"
    if step_id:
        out += f"，{step_label_zh(number, step_id)}"
    return out


def cite_gbt(
    meta: EditionMeta,
    url: str,
    number: int | str | None = None,
    step_id: str = "",
    accessed: str = ACCESS_DATE_PLACEHOLDER,
) -> str:
    """GB/T 7714-2015, electronic resource [EB/OL] (引文位置 = the step; 引用日期 = accessed).

    The 獲取和訪問路徑 closes it when there is one; without an address nothing stands in for it
    (no empty slot, no 「. .」)."""
    where = f": {step_label_zh(number, step_id).replace(' ', '')}" if step_id else ""
    return (
        f"{meta.editor}. {meta.title}[EB/OL]. {meta.version}{VERSION_WORD}. "
        f"{meta.year}{where}({meta.date})[{accessed}]." + (f" {url}." if url else "")
    )


def cite_chicago(
    meta: EditionMeta, url: str, number: int | str | None = None, step_id: str = ""
) -> str:
    """Chicago (17th ed.): a note for a step, a bibliography entry for the edition; the URL
    closes it when there is one."""
    title = meta.title + (f" ({headline_case(meta.title_en)})" if meta.title_en else "")
    if step_id:
        return (
            f"{meta.editor}, ed., {title}, version {meta.version} ({meta.year}), "
            f"step {number} ({step_id})" + (f", {url}." if url else ".")
        )
    return f"{meta.editor}, ed. {title}. Version {meta.version}. {meta.year}." + (
        f" {url}." if url else ""
    )


def cite_short_full(
    meta: EditionMeta, url: str, number: int | str | None = None, step_id: str = ""
) -> str:
    """The short form with its address after it, when there is one."""
    return cite_short(meta, number, step_id) + "。" + (url if url else "")


def _bib_escape(value: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", value)


def bibtex(meta: EditionMeta) -> str:
    """A BibTeX ``@book`` record (corporate editor braced so it is not split into names)."""
    fields = [
        ("title", _bib_escape(meta.title)),
        ("editor", "{" + _bib_escape(meta.editor) + "}"),
        ("year", meta.year),
        ("date", meta.date),
        ("edition", _bib_escape(meta.version)),
        ("version", _bib_escape(meta.version)),
        *([("url", meta.base_url)] if meta.base_url else []),
        ("language", "chinese"),
        ("note", _bib_escape(f"Version {meta.version}. {meta.license}")),
    ]
    if meta.title_en:
        fields.insert(1, ("titleaddon", _bib_escape(meta.title_en)))
    body = ",\n".join(f"  {name:<10} = {{{value}}}" for name, value in fields)
    return f"@book{{{meta.key},\n{body}\n}}\n"


def ris(meta: EditionMeta) -> str:
    """An RIS record (``TY  - EDBOOK``: an edited book), lines ``XX  - value``, CRLF-free."""
    y, m, d = [*meta.date.split("-"), "", ""][:3]
    lines = [
        ("TY", "EDBOOK"),
        ("TI", meta.title),
        *([("TT", meta.title_en)] if meta.title_en else []),
        ("A3", meta.editor),  # a book's editors (A2 reads as series editors: Zotero, EndNote)
        ("PY", y),
        ("DA", f"{y}/{m}/{d}"),
        ("ET", meta.version),
        ("LA", meta.language),
        *([("UR", meta.base_url)] if meta.base_url else []),
        ("N1", f"Version {meta.version}. {meta.license} {meta.license_url}".strip()),
        ("ER", ""),
    ]
    return "".join(f"{tag}  - {value}".rstrip() + "\n" for tag, value in lines)


def csl_json(meta: EditionMeta) -> list[dict[str, Any]]:
    """A CSL-JSON item list (CSL 1.0.2 variables)."""
    parts = [int(p) for p in meta.date.split("-") if p.isdigit()]
    item: dict[str, Any] = {
        "id": meta.key,
        "type": "book",
        "title": meta.title,
        "editor": [{"literal": meta.editor}],
        "issued": {"date-parts": [parts]},
        "version": meta.version,
        "edition": meta.version,
        **({"URL": meta.base_url} if meta.base_url else {}),
        "language": meta.language,
        "license": meta.license,
    }
    if meta.title_en:
        # CSL 1.0.2 has no variable for a translated title: ``original-title`` is the title
        # of the work a translation was made from (the Chinese here, not the English), and
        # ``title-short`` a short form of ``title``. The English title goes in ``note``
        # ("descriptive text or notes about an item"), as RIS has it in TT and BibTeX in
        # titleaddon.
        item["note"] = f"English title: {meta.title_en}"
    return [item]


# -- configuration --------------------------------------------------------------------------------


def release_date(config: Config) -> str:
    """``xs_release_date``, else the build date (``SOURCE_DATE_EPOCH`` if set), ISO."""
    if config.xs_release_date:
        return config.xs_release_date
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return _dt.datetime.fromtimestamp(int(epoch), tz=_dt.UTC).date().isoformat()
    return _dt.datetime.now(tz=_dt.UTC).date().isoformat()


def edition_meta(env: Any) -> EditionMeta:
    """What a citation of the edition names (from the config and the edition; once a build)."""
    edition = edition_of(env)
    return build_state(env).file(
        "edition_meta", lambda: _edition_meta(env.config, edition.id, edition.lang)
    )


def _edition_meta(config: Config, ident: str, language: str) -> EditionMeta:
    title, title_en = split_title(config.xs_edition_title or config.project)
    base = config.xs_base_url
    return EditionMeta(
        id=ident,
        title=title,
        title_en=title_en,
        editor=config.author,
        version=config.version,
        date=release_date(config),
        base_url=base if not base or base.endswith("/") else base + "/",
        license=config.xs_license,
        license_url=config.xs_license_url,
        language=language,
    )


def page_url(app: Sphinx, pagename: str) -> str:
    """The page's permanent address: on ``xs_base_url``, else relative to the site's root."""
    uri = app.builder.get_target_uri(pagename)
    base = app.config.xs_base_url
    if not base:
        return uri
    return base + ("" if uri in ("index.html", "") else uri)


def warn_without_base_url(app: Sphinx) -> None:
    """``builder-inited`` (HTML): once per build, when the site has no address."""
    if app.builder.format == "html" and not app.config.xs_base_url:
        warn(
            "xs_base_url is not set: citations give paths relative to the site's root, and the "
            "pages carry no canonical link (set it with -D xs_base_url=https://… to publish)",
            XsWarning.NO_BASE_URL,
            conf_location(app, "xs_base_url"),
        )


# -- the cite control -----------------------------------------------------------------------------


def cite_control_html(number: int, step_id: str) -> str:
    """The ``<details>`` control of one step: a button that opens its citations.

    The citations differ between steps only in the number, id and URL, so the page carries
    them once, as templates (:func:`cite_forms_html`), and ``cite.js`` writes them into the
    panel when it opens: a twelfth of the bytes of writing every form out under every step
    (the largest page has 145 steps). Without scripts the panel holds the permanent link, and
    the 引用本版 page gives the forms.

    The control's names for assistive technology (「引用第 17 節」, the panel's 「第 17 節之引文」)
    are the page's words (:data:`CITE_WORDS`, once per page) that ``cite.js`` fills in for
    each step: the largest page carries a hundred controls, and every byte of one is paid a
    hundred times (issue 25: every page ≤ 400 kB). Without scripts the button is named 引.
    """
    e = html.escape
    return (
        f'<details class="xs-cite" data-step="{e(step_id)}" data-n="{number}">'
        f'<summary>{_("Cite")}</summary><div class="xs-cite-panel">'
        f'<p><a href="#{e(step_id)}">{_("Permanent link")}</a></p></div></details>\n'
    )


#: The cite control's words, once per page (converted in the Simplified copy): the button's
#: name and title, the panel's name, the copy button, its reports, the link to the stage view
#: (msgids of the catalog; ``{n}`` and ``{id}`` are filled in by the script).
CITE_WORDS = (
    ("label", "Cite step {n}"),
    ("title", "Cite step {n} ({id})"),
    ("panel", "The citation of step {n}"),
    ("copy", "Copy the citation"),
    ("copied", "The citation is copied (GB/T 7714, Chicago)"),
    ("failed", "Could not copy: select the text above"),
    ("stage", "See this step on the stage"),
)


def cite_words_html() -> str:
    """The template of :data:`CITE_WORDS` and of the forms' labels (``form-<format>``): text,
    so the Simplified copy converts it (the forms' templates, which cite the Traditional
    edition, are not converted)."""
    words = [*CITE_WORDS, *((f"form-{fmt}", label) for fmt, label, _lang in CITE_FORMS)]
    say = "".join(f'<span data-say="{key}">{html.escape(_(text))}</span>' for key, text in words)
    return f'<template id="xs-cite-words">{say}</template>\n'


#: The forms that ``cite.js`` writes: (format, label (a msgid of the catalog), lang of the
#: text or '').
CITE_FORMS = (("short", "Short form", ""), ("gbt", "GB/T 7714", ""), ("chicago", "Chicago", "en"))


def cite_form_templates(meta: EditionMeta) -> dict[str, str]:
    """Each form of a step's citation with ``{n}``, ``{id}``, ``{url}``, ``{date}`` to fill.

    Made by the formatters themselves from stand-ins, so they cannot drift from them.
    """
    slot = {name: f"\x01{name}\x01" for name in ("n", "id", "url", "date")}
    made = {
        "short": cite_short_full(meta, slot["url"], slot["n"], slot["id"]),
        "gbt": cite_gbt(meta, slot["url"], slot["n"], slot["id"], accessed=slot["date"]),
        "chicago": cite_chicago(meta, slot["url"], slot["n"], slot["id"]),
    }
    for fmt, text in made.items():
        for name, stand_in in slot.items():
            text = text.replace(stand_in, "{" + name + "}")
        made[fmt] = text
    return made


def fill_cite_form(template: str, number: int, step_id: str, url: str, date: str) -> str:
    """What ``cite.js`` does with a template (tests compare the two)."""
    for name, value in (("n", str(number)), ("id", step_id), ("url", url), ("date", date)):
        template = template.replace("{" + name + "}", value)
    return template


def cite_forms_html(meta: EditionMeta, page_url: str) -> str:
    """The page's citation templates for ``cite.js`` (JSON; not converted to Simplified: their
    labels are with the control's words, :func:`cite_words_html`)."""
    templates = cite_form_templates(meta)
    data = {
        "page": page_url,
        "lang": meta.language,  # of the edition's words in a citation in another language
        "forms": [
            {"format": fmt, "lang": lang, "template": templates[fmt]}
            for fmt, _label, lang in CITE_FORMS
        ],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (
        "<!--xs:noconvert-->"
        f'<script type="application/json" id="xs-cite-forms">{text}</script>'
        "<!--/xs:noconvert-->\n"
    )


class CiteControls(SphinxPostTransform):
    """Add the cite control to every step (HTML only; numbers come from the domain)."""

    default_priority = 210
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        domain = xs_domain(self.env)
        numbers = domain.data["numbers"]
        for node in list(self.document.findall(step_node)):
            sid = node["step_id"]
            if sid in numbers and sid in domain.steps:
                rec = domain.steps[sid]
                node += cite_control(
                    step_id=sid, number=numbers[sid][0], docname=rec.docname, anchor=rec.anchor
                )


# -- meta tags ------------------------------------------------------------------------------------


def _plain(title_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", title_html or "")).strip()


#: What a page is to a citation: the book itself, a part of it, or a tool of the site (the
#: search, the stage view), which is no part of the book and carries no citation_* tags.
ROOT, PART, TOOL = "root", "part", "tool"


def meta_tags(
    meta: EditionMeta, page_title: str, url: str, role: str = PART, pdf_url: str = ""
) -> str:
    """Highwire Press ``citation_*`` and Dublin Core ``DC.*`` tags for one page (those that
    give an address only when the page has an absolute one).

    ``role`` is :data:`ROOT` (the book: its title, and the PDF of the book in
    ``citation_pdf_url``), :data:`PART` (a chapter of it: its own title, the book's as
    ``citation_inbook_title``) or :data:`TOOL` (no citation tags: a search page is not a
    chapter; its Dublin Core tags do not make it part of the book either).

    A reference manager should take the page as the citation files give the edition: a book
    (the root; ``og:type``, which Zotero's reader ranks above a bare ``citation_title``, read
    as a journal article) or a section of it, whose makers are its *editors*
    (``citation_editor``; ``citation_author`` made the group the author), in the version
    cited (``prism.edition``, Zotero's edition field, as ET in the RIS file)."""
    absolute = url.startswith(("http://", "https://"))
    is_root = role == ROOT
    title = meta.title if is_root or not page_title else page_title
    citation = [
        ("citation_title", title),
        *([] if is_root else [("citation_inbook_title", meta.title)]),
        ("citation_editor", meta.editor),
        ("citation_publication_date", meta.date.replace("-", "/")),
        *([("citation_public_url", url)] if absolute else []),
        *([("citation_pdf_url", pdf_url)] if is_root and pdf_url and absolute else []),
        ("citation_language", meta.language.split("-")[0]),
        *([("prism.edition", meta.version)] if meta.version else []),
    ]
    pairs = [
        *(citation if role != TOOL else []),
        ("DC.title", title),
        *([("DC.relation.isPartOf", meta.title)] if role == PART else []),
        ("DC.creator", meta.editor),
        ("DC.date", meta.date),
        ("DC.language", meta.language),
        ("DC.rights", f"{meta.license} {meta.license_url}".strip()),
        ("DC.type", "Text"),
        ("DC.format", "text/html"),
        *([("DC.identifier", url)] if absolute else []),
    ]
    e = html.escape
    tags = [f'<meta name="{name}" content="{e(value)}" />' for name, value in pairs]
    if is_root:  # Open Graph's own attribute is ``property``
        tags.append('<meta property="og:type" content="book" />')
    if absolute:
        tags.append(f'<link rel="canonical" href="{e(url)}" />')
    return "\n".join(tags) + "\n"


#: Nodes that make a page a tool of the site rather than a part of the book.
TOOL_NODES = (search_box, stage)


def page_role(app: Sphinx, pagename: str, doctree: Any) -> str:
    """:data:`ROOT`, :data:`TOOL` (a page holding the search or the stage view) or
    :data:`PART` (every other page: the text, the front matter, the indexes, headwords)."""
    if pagename == app.config.root_doc:
        return ROOT
    if doctree is not None and any(True for _ in doctree.findall(_is_tool)):
        return TOOL
    return PART


def _is_tool(node: Any) -> bool:
    return isinstance(node, TOOL_NODES)


def pdf_name(config: Config) -> str:
    """The file name of the book's PDF (from ``latex_documents``: ``<name>.tex`` →
    ``<name>.pdf``), which a deployment publishes at the site's root; '' if none."""
    documents = config.latex_documents or []
    return Path(documents[0][1]).with_suffix(".pdf").name if documents else ""


def add_meta_tags(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: citation meta tags on every page (and the cite script).

    A page's own title is its citation title; a generated page (a term index) has it as
    ``indextitle``. The book's PDF is named only with the site's address (as every URL tag).
    A page left where a headword was (``xs_moved_to``) names the page that replaces it."""
    meta = edition_meta(app.env)
    url = page_url(app, context.get("xs_moved_to") or pagename)
    title = _plain(context.get("title", "") or context.get("indextitle", ""))
    pdf = pdf_name(app.config)
    pdf_url = meta.base_url + pdf if meta.base_url and pdf else ""
    tags = meta_tags(meta, title, url, page_role(app, pagename, doctree), pdf_url)
    context["metatags"] = context.get("metatags", "") + tags
    if app.config.html_baseurl:
        context.pop("pageurl", None)  # ours above is the canonical link; avoid a second one
    if doctree is not None and any(True for _ in doctree.findall(step_node)):
        context["metatags"] += cite_forms_html(meta, url) + cite_words_html()
        app.add_js_file("cite.js", defer="defer")


# -- cite.md: the edition's citation and the downloads -------------------------------------------


class CitationDirective(SphinxDirective):
    """``{xs:citation}`` — the edition's citation in each format, and links to the records;
    with ``:step: <id>``, that step's citations (the cite control's forms) as an example."""

    has_content = False
    option_spec = {"class": directives.class_option, "step": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        classes = ["xs-citation", *self.options.get("class", [])]
        if "step" in self.options:
            # filled in by CiteExample, once the steps are numbered
            example = nodes.definition_list(classes=[*classes, "xs-citation-step"])
            example["xs_cite_step"] = self.options["step"].strip()
            self.set_source_info(example)
            return [example]
        meta = edition_meta(self.env)
        url = self.config.xs_base_url
        dl = nodes.definition_list(classes=classes)
        for name, text, lang in citation_forms(meta, url):
            dl += _form_item(name, text, lang)
        downloads = nodes.bullet_list(classes=["xs-citation-downloads"])
        for label, key in (("BibTeX", "bibtex"), ("RIS", "ris"), ("CSL-JSON", "csl")):
            filename = citation_files(meta.id)[key]
            ref = citation_download("", "", xs_file=filename)
            ref += nodes.literal(filename, filename)
            para = nodes.paragraph()
            para += nodes.Text(f"{label}：")
            para += ref
            downloads += nodes.list_item("", para)
        return [dl, downloads]


def citation_forms(
    meta: EditionMeta, url: str, number: int | str | None = None, step_id: str = ""
) -> list[tuple[str, str, str]]:
    """(label, text, lang) of each form, for the book or for one step."""
    return [
        (_("Short form"), cite_short_full(meta, url, number, step_id), ""),
        ("GB/T 7714-2015", cite_gbt(meta, url, number, step_id), ""),
        ("Chicago", cite_chicago(meta, url, number, step_id), "en"),
    ]


def _form_item(name: str, text: str, lang: str) -> nodes.definition_list_item:
    item = nodes.definition_list_item()
    item += nodes.term(name, name)
    para = nodes.paragraph()
    para += citation_text(text, text)
    if lang:
        para["classes"].append(f"xs-lang-{lang}")
    item += nodes.definition("", para)
    return item


def fill_cite_examples(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: fill in each ``{xs:citation}`` ``:step:`` with that step's forms,
    its number and (on the site, with an address) its permanent URL."""
    domain = xs_domain(app.env)
    meta = edition_meta(app.env)
    numbers = domain.data["numbers"]
    for node in list(doctree.findall(nodes.definition_list)):
        sid = node.get("xs_cite_step")
        if not sid:
            continue
        if sid not in domain.steps or sid not in numbers:
            warn(f"xs:citation: no step {sid!r} to cite", XsWarning.UNKNOWN_STEP, node)
            node.parent.remove(node)
            continue
        rec = domain.steps[sid]
        url = ""
        if meta.base_url and app.builder.format == "html":
            url = meta.base_url + app.builder.get_target_uri(rec.docname) + "#" + rec.anchor
        for name, text, lang in citation_forms(meta, url, numbers[sid][0], sid):
            node += _form_item(name, text, lang)


def published_books(config: Config, edition_id: str) -> list[tuple[str, str]]:
    """(label, file name) of each PDF a deployment publishes beside the pages (``make
    edition`` copies them there): the book, and the vertical book when it is configured."""
    books = [(_("The printed book, PDF"), pdf_name(config))] if pdf_name(config) else []
    if config.xs_vertical_title:
        books.append(
            (
                _("The vertical book, PDF"),
                (config.xs_vertical_name or f"{edition_id}-zhipai") + ".pdf",
            )
        )
    return books


class DownloadsDirective(SphinxDirective):
    """``{xs:downloads}`` — the edition's files: the PDFs, ``edition.json``, the TEI and the
    citation records, each linked relative to the page (the Simplified copy included)."""

    has_content = False
    option_spec = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        meta = edition_meta(self.env)
        rows: list[tuple[str, list[tuple[str, bool]], str]] = [
            (label, [(name, True)], "") for label, name in published_books(self.config, meta.id)
        ]
        rows += [
            (
                _("The whole edition's data"),
                [(EDITION_JSON, False)],
                _("text, translation, apparatus, terms and positions, JSON"),
            ),
            ("TEI P5", [(tei_path(meta.id), False)], _("The whole edition encoded in TEI")),
            (
                _("Citation records"),
                [(name, False) for name in citation_files(meta.id).values()],
                "BibTeX、RIS、CSL-JSON",
            ),
        ]
        out = nodes.bullet_list(classes=["xs-downloads", *self.options.get("class", [])])
        for label, files, note in rows:
            para = nodes.paragraph()
            para += nodes.strong(label, label)
            para += nodes.Text("：")
            for i, (name, published) in enumerate(files):
                if i:
                    para += nodes.Text("、")
                ref = citation_download("", "", xs_file=name, xs_published=published)
                ref += nodes.literal(name, name)
                para += ref
            if note:
                para += nodes.Text(f"（{note}）")
            out += nodes.list_item("", para)
        return [out]


def write_citation_files(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: BibTeX, RIS and CSL-JSON records of the edition."""
    if exception is not None or app.builder.format != "html":
        return
    meta = edition_meta(app.env)
    out = Path(app.outdir)
    files = citation_files(meta.id)
    (out / files["bibtex"]).write_text(bibtex(meta), encoding="utf-8")
    (out / files["ris"]).write_text(ris(meta), encoding="utf-8")
    (out / files["csl"]).write_text(
        json.dumps(csl_json(meta), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


# -- links from other projects --------------------------------------------------------------------


def register_step_labels(app: Sphinx, env: Any) -> list[str]:
    """Derived (:mod:`ritual.derive`): every step is also a ``std:label``
    (``第 17 節（<step id>）``).

    The inventory then lists each step twice: as ``xs:step`` (for projects that load this
    extension or declare an ``xs`` domain) and as ``std:label``, which any Sphinx project can
    reach through intersphinx with no extension at all: ``{external+<project>:ref}`<step id>```.
    Re-done after every read (after the numbering), so it follows renumbering; the standard
    domain drops a document's labels when it re-reads or removes it, so deleted steps go too.
    """
    domain = xs_domain(env)
    std = env.domains.standard_domain
    numbers = domain.data["numbers"]
    for sid, rec in domain.steps.items():
        if sid not in numbers:
            continue
        label = _("Step {n} ({id})").format(n=numbers[sid][0], id=sid)
        std.labels[sid] = (rec.docname, rec.anchor, label)

        std.anonlabels[sid] = (rec.docname, rec.anchor)
    return []


#: What ``{xs:data}`` links to: name → the file (from the site's root) for an edition id.
DATA_FILES = {
    "tei": tei_path,
    "dts": lambda _: dts.API + dts.ENTRY,
    "json": lambda _: EDITION_JSON,
}


class DataFileRole(SphinxRole):
    """``{xs:data}`tei``` (``dts``, ``json``): a link to a file the build writes beside the
    pages, its path as the text (the book prints the path)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key = self.text.strip()
        if key not in DATA_FILES:
            msg = self.inliner.reporter.error(
                f"xs:data: no such file {key!r} (one of {', '.join(DATA_FILES)})",
                line=self.lineno,
            )
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        path = DATA_FILES[key](edition_of(self.env).id)
        ref = citation_download("", "", xs_file=path)
        ref += nodes.literal(path, path)
        return [ref], []


def setup_citation(app: Sphinx) -> None:
    app.add_directive_to_domain("xs", "citation", CitationDirective)
    app.add_directive_to_domain("xs", "downloads", DownloadsDirective)
    app.add_role_to_domain("xs", "data", DataFileRole())
    app.add_post_transform(CiteControls)
    app.connect("builder-inited", warn_without_base_url)
    app.connect("html-page-context", add_meta_tags)
    app.connect("build-finished", write_citation_files)
    app.connect("doctree-resolved", fill_cite_examples)
