"""Sphinx side of the term indexes: domain indices, headword pages, links, export.

The concordance itself (:mod:`.concordance`) is computed from the domain's step records and the
vocabularies after reading; here it becomes

* a domain index per kind of term the edition declares (``xs-vessel`` …, titled from
  ``edition.toml``),
* one HTML page per headword (``terms/<kind>/<slug>.html``) with its definition, sub-terms and
  every occurrence in context (KWIC), and for a role its itinerary (place and facing by step),
* links from every marked term in the text to its headword page,
* the ``indexes`` of ``edition.json``.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast
from urllib.parse import unquote

from docutils import nodes
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.domains import Index, IndexEntry
from sphinx.util.osutil import relative_uri

from ...core import concordance, kept
from ...core.concordance import Entry, Occurrence
from ...core.diagram.layout import EXIT
from ...core.edition import TermKind
from ...domain import xs_domain
from ...i18n import _
from ...nodes import term_ref
from ...plan_inputs import actors_by_step, rows_by_step
from ...published import TERMS_FOLDER
from ...state import build_state, edition_of
from .kinds import vocabulary_for


def build_concordance(env: Any) -> dict[str, list[Entry]]:
    """kind → sorted entries, from the steps read in this build and the vocabularies.

    Built once per numbering (:mod:`.state`): the headword pages, the indices, the term links
    and the export all ask for it.
    """
    return build_state(env).derive("concordance", lambda: _build_concordance(env))


def _build_concordance(env: Any) -> dict[str, list[Entry]]:
    domain = xs_domain(env)
    edition = edition_of(env)
    vocabulary = vocabulary_for(env)
    negation = edition.negation
    kinds = edition.kind_names
    occurrences: dict[str, list[tuple[str, Occurrence]]] = {k: [] for k in kinds}
    numbers = domain.data["numbers"]
    for step_id, rec in domain.ordered_steps():
        for ann in rec.annotations:
            occ = Occurrence(
                step_id, numbers[step_id][0], rec.text, ann.start, ann.end, ann.negated
            )
            occurrences.setdefault(ann.kind, []).append((ann.term, occ))
    return {
        kind: concordance.build(
            kind, vocabulary.headwords(kind).values(), occurrences[kind], negation
        )
        for kind in kinds
    }


def page_names(entries: dict[str, list[Entry]]) -> dict[tuple[str, str], str]:
    """(kind, term) → page name ``terms/<kind>/<term>``.

    The headword itself names its page: unique within its kind, readable, and stable when
    other headwords are added (a pinyin slug would need numbering among homophones, which
    shifts; a cited URL must not).
    """
    return {
        (kind, entry.term): f"{TERMS_FOLDER}/{kind}/{entry.term}"
        for kind, top in entries.items()
        for entry in concordance.walk(top)
    }


# -- domain indices -------------------------------------------------------------------------


class TermIndex(Index):
    """A term index of one kind: headwords by pinyin, sub-terms grouped, counts and steps."""

    kind = ""

    def generate(self, docnames: Any = None) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        """Headwords by letter, each followed by all its sub-entries (at any depth, see
        :func:`.concordance.descendants`); not collapsed: the sub-entries are the index."""
        entries = build_concordance(self.domain.env)
        names = page_names(entries)
        content = []
        for letter, group in concordance.grouped(entries[self.kind]):
            rows = []
            for entry in group:
                subs = concordance.descendants(entry)
                rows.append(self._row(entry, names, 1 if subs else 0))
                rows += [self._row(sub, names, 2) for sub in subs]
            content.append((letter, rows))
        return content, False

    def _row(self, entry: Entry, names: dict[tuple[str, str], str], subtype: int) -> IndexEntry:
        gloss, steps, more = index_description(entry)
        numbers = "、".join(str(n) for _, n in steps)
        descr = f"{gloss}{numbers}{'…' if more else ''}"
        return IndexEntry(
            entry.term, subtype, names[(self.kind, entry.term)], "", entry.pinyin, "", descr
        )


#: How many step numbers an index line lists (the headword page lists them all).
INDEX_STEPS = 40


def index_description(entry: Entry) -> tuple[str, list[tuple[str, int]], bool]:
    """An index line's description: ``gloss；N 次：``, the first :data:`INDEX_STEPS` steps as
    (step id, number), and whether there are more. A word the text has only negated (見: only
    不見) is not said to occur 「0 次」: its line says where its occurrences are, as its
    headword page does (its sub-entries follow it in the index)."""
    steps = list(dict.fromkeys((o.step_id, o.number) for o in entry.all_occurrences))
    if not steps:
        negated = [s for s in concordance.descendants(entry) if s.count]
        where = "、".join(
            _("{term} {count} times").format(term=s.term, count=s.count) for s in negated
        )
        only = _("the text has it only negated ({where})").format(where=where)
        said = f"{entry.gloss_zh}；{only}" if where else entry.gloss_zh
        return said, [], False
    head = f"{entry.gloss_zh}；" + _("{count} times").format(count=entry.count) + "："
    return head, steps[:INDEX_STEPS], len(steps) > INDEX_STEPS


def link_index_steps(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: on a term index page (``xs-<kind>``) each step number links to
    its step, and the ``…`` of a long line to the headword page, which lists every step.

    The index's entries stay plain text (:meth:`TermIndex.generate`, for any builder); here
    their descriptions become markup that the template does not escape. No entry is a
    collapsible group: Sphinx draws a toggle (a small square) before an entry with
    sub-entries, and the sub-entries are what the reader looks for."""
    kind = pagename.removeprefix("xs-")
    if templatename != "domainindex.html" or pagename == kind:
        return
    entries = build_concordance(app.env).get(kind)
    if entries is None:
        return
    builder = app.builder
    by_term = {e.term: e for e in concordance.walk(entries)}
    here = builder.get_target_uri(pagename)
    domain = xs_domain(app.env)
    e = html.escape

    def linked(row: IndexEntry) -> IndexEntry:
        entry = by_term.get(row.name)
        if entry is None:
            return row
        gloss, steps, more = index_description(entry)
        links = "、".join(
            f'<a href="{relative_uri(here, builder.get_target_uri(domain.steps[sid].docname))}'
            f'#{sid}" title="{sid}">{n}</a>'
            for sid, n in steps
        )
        if more:
            page = relative_uri(here, builder.get_target_uri(row.docname))
            links += f'<a href="{readable_uri(page)}" title="{_("Every occurrence")}">…</a>'
        return row._replace(subtype=2 if row.subtype == 2 else 0, descr=Markup(e(gloss) + links))

    context["collapse_index"] = False
    context["content"] = [
        (letter, [linked(row) for row in rows]) for letter, rows in context["content"]
    ]


def make_index(kind: TermKind) -> type[TermIndex]:
    """The domain index of one kind of term (``xs-<kind>``), titled as the edition says."""
    return type(
        f"{kind.name.title()}Index",
        (TermIndex,),
        {"name": kind.name, "localname": kind.title, "shortname": kind.title, "kind": kind.name},
    )


# -- headword pages ---------------------------------------------------------------------------


def _step_link(env: Any, page: str, occ: Occurrence, builder: Any) -> str:
    rec = xs_domain(env).steps[occ.step_id]
    uri = relative_uri(builder.get_target_uri(page), builder.get_target_uri(rec.docname))
    return f'<a href="{uri}#{occ.step_id}" title="{occ.step_id}">{occ.number}</a>'


def _entry_link(page: str, target: str, label: str, builder: Any) -> str:
    uri = relative_uri(builder.get_target_uri(page), builder.get_target_uri(target))
    return f'<a href="{uri}">{html.escape(label)}</a>'


def kept_html(text: str, start: int, end: int, spans: tuple[tuple[int, int], ...]) -> str:
    """``text[start:end]`` escaped, each of the step's kept spans in it (its lemmas and its
    recorded forms, :mod:`ritual.core.kept`) an element with ``data-xs-keep``, as in the step
    itself: a copy in another script keeps them as printed. (The concordance's lines read
    「立于…于左物之南」 in the Simplified copy, where the step keeps 於.)"""
    out, at = [], start
    for a, b in kept.merged(spans):
        a, b = max(a, start), min(b, end)
        if a >= b:
            continue
        out += [
            html.escape(text[at:a]),
            f'<span {kept.ATTRIBUTE}="">{html.escape(text[a:b])}</span>',
        ]
        at = b
    out.append(html.escape(text[at:end]))
    return "".join(out)


def headword_body(
    env: Any,
    builder: Any,
    kind: str,
    entry: Entry,
    parent: Entry | None,
    names: dict[tuple[str, str], str],
) -> str:
    """The HTML body of a headword page."""
    page = names[(kind, entry.term)]
    e = html.escape
    title = edition_of(env).kind(kind).title
    index_uri = relative_uri(builder.get_target_uri(page), builder.get_target_uri(f"xs-{kind}"))
    out = [
        f'<section class="xs-headword" id="{e(kind)}-{e(entry.term)}">',
        f'<h1 lang="zh-Hant">{e(entry.term)} <span class="xs-hw-pinyin" lang="zh-Latn-pinyin">'
        f"{e(entry.pinyin)}</span></h1>",
        '<dl class="xs-hw-facts">',
        f'<dt>{_("Gloss")}</dt><dd lang="zh-Hant">{e(entry.gloss_zh)}</dd>',
        # (English: its Han characters name forms, 「挩手; the web copy has 梲」, which a copy
        # in another script must not convert)
        f'<dt>{_("English")}</dt><dd lang="en">{kept.NOCONVERT_OPEN}{e(entry.gloss_en)}'
        f"{kept.NOCONVERT_CLOSE}</dd>",
        f'<dt>{_("Kind")}</dt><dd>{e(entry.category)}（<a href="{index_uri}">{title}</a>）</dd>',
    ]
    if parent is not None:
        link = _entry_link(page, names[(kind, parent.term)], parent.term, builder)
        out.append(f"<dt>{_('Broader term')}</dt><dd>{link}</dd>")
    for label, subs in (
        (_("Narrower terms"), [s for s in entry.sub if not s.negated]),
        (_("Negated"), [s for s in entry.sub if s.negated]),
    ):
        if subs:
            links = "、".join(
                _entry_link(page, names[(kind, s.term)], s.term, builder) + f"（{s.count}）"
                for s in subs
            )
            out.append(f"<dt>{label}</dt><dd>{links}</dd>")
    count = _("{count} times, in {steps} steps").format(count=entry.count, steps=len(entry.steps))
    out.append(f"<dt>{_('Occurrences')}</dt><dd>{count}</dd></dl>")
    occurrences = entry.all_occurrences
    if kind == edition_of(env).persons and not entry.negated:  # a person's steps
        out.append(itinerary_html(env, builder, page, entry))
    if not occurrences:
        # A word the text has only negated (見: only 不見) or only through its sub-terms'
        # negations: no empty table, but where its occurrences are.
        elsewhere = [s for s in concordance.descendants(entry) if s.count]
        where = "、".join(
            _entry_link(page, names[(kind, s.term)], s.term, builder) + f"（{s.count}）"
            for s in elsewhere
        )
        # (the counted occurrences include every positive sub-term's: what is left is negated)
        said = (
            _("The text has it only negated: {where}.").format(where=where)
            if where
            else _("The text has no occurrence of this word.")
        )
        out.append(f'<p class="xs-hw-none">{said}</p></section>')
        return "\n".join(out)
    # The tables scroll sideways in their own region on a narrow screen (KWIC lines keep their
    # alignment); the region takes the keyboard focus, so arrow keys scroll it.
    uses = _("Occurrences in the text")
    out.append(
        f'<h2>{uses}</h2><div class="xs-table-scroll" tabindex="0" role="region" '
        f'aria-label="{uses}"><table class="xs-kwic"><thead><tr><th scope="col">{_("Step")}</th>'
        f'<th scope="col">{_("Before")}</th><th scope="col">{_("Word")}</th>'
        f'<th scope="col">{_("After")}</th></tr></thead><tbody>'
    )
    # A negated sub-entry (不拜 under 拜) is its headword's term after the negation.
    lead = entry.term[: len(entry.term) - len(entry.parent)] if entry.negated else ""
    steps = xs_domain(env).steps
    for occ in occurrences:
        left, start, end, right = occ.kwic_bounds(lead=lead)
        spans = steps[occ.step_id].kept
        out.append(
            f'<tr><td class="xs-kwic-n">{_step_link(env, page, occ, builder)}</td>'
            f'<td class="xs-kwic-l" lang="zh-Hant">{kept_html(occ.text, left, start, spans)}</td>'
            f'<td class="xs-kwic-k" lang="zh-Hant">{kept_html(occ.text, start, end, spans)}</td>'
            f'<td class="xs-kwic-r" lang="zh-Hant">{kept_html(occ.text, end, right, spans)}</td>'
            "</tr>"
        )
    out.append("</tbody></table></div></section>")
    return "\n".join(out)


def itinerary_html(env: Any, builder: Any, page: str, entry: Entry) -> str:
    """A role's itinerary: the steps it acts in, in order, with place and facing."""
    domain = xs_domain(env)
    numbers = domain.data["numbers"]
    names = {entry.term} | {s.term for s in entry.sub if not s.negated}
    by_step = rows_by_step(env)
    acting = actors_by_step(env)
    rows = []
    place, facing = "", ""
    for step_id, rec in domain.ordered_steps():
        for pos in by_step.get(step_id, []):
            if pos.role in names:
                if pos.place == EXIT:  # gone: no place and no facing
                    place, facing = _("off the plans"), ""
                else:
                    place, facing = pos.place, pos.facing or facing
        if not names & acting[step_id]:
            continue
        occ = Occurrence(step_id, numbers[step_id][0], rec.text, 0, 0, False)
        text = kept_html(rec.text, 0, min(len(rec.text), 40), rec.kept)
        text += "…" if len(rec.text) > 40 else ""
        # a step of the 記 explains the rite, it is not a moment of it: nobody stands anywhere
        where = ("", "") if rec.explains else (place, facing)
        rows.append((_step_link(env, page, occ, builder), *where, text))
    moves = _("Itinerary")
    # A role the plans do not place by itself (a pair or a group: its members stand there)
    # has no place or facing at any step: no empty columns, but a word of why.
    placed = any(place or facing for _, place, facing, _ in rows)
    head = [_("Step"), *((_("Place"), _("Facing")) if placed else ()), _("The classic’s text")]
    body = [
        f"<tr><td>{link}</td>"
        + (f"<td>{html.escape(place)}</td><td>{html.escape(facing)}</td>" if placed else "")
        + f'<td lang="zh-Hant">{text}</td></tr>'
        for link, place, facing, text in rows
    ]
    unplaced = (
        f'<p class="xs-hw-none">{_("Place and facing as the step leaves them.")}</p>'
        if placed
        else f'<p class="xs-hw-none">{_("The plans place its members, not it.")}</p>'
    )
    return (
        f"<h2>{moves}</h2>{unplaced}"
        f'<div class="xs-table-scroll" tabindex="0" role="region" '
        f'aria-label="{moves}"><table class="xs-itinerary"><thead><tr>'
        + "".join(f'<th scope="col">{h}</th>' for h in head)
        + "</tr></thead><tbody>"
        + "\n".join(body)
        + "</tbody></table></div>"
    )


def moved_page(old: str, new: str, target: str, uri: str) -> dict[str, Any]:
    """The page left at a renamed headword's address (``[terms] renamed``): it says where the
    headword is now and sends the reader there (``uri``); its citation tags and canonical
    link, where the site has an address, name the new page (``xs_moved_to``: ``target``)."""
    link = f'<a href="{html.escape(uri)}">{html.escape(new)}</a>'
    words = html.escape(_("This headword is now {new}.")).replace(html.escape("{new}"), link)
    return {
        "title": old,
        # the old form kept as it is: converted, 右個 read 「右个 此詞目今作『右个』」
        "body": f'<h1><span {kept.ATTRIBUTE}="">{html.escape(old)}</span></h1>\n<p>{words}</p>',
        "metatags": f'<meta http-equiv="refresh" content="0; url={html.escape(uri)}">\n',
        "xs_moved_to": target,
    }


def collect_headword_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: one page per headword, sub-term and negated sub-entry.

    A page whose content and surroundings (see :func:`_surroundings`) are those of the last
    build, and whose file is still there, is not rendered again: after an edit to one phase, a
    rebuild renders the few headword pages the edit touched instead of all of them.
    """
    entries = build_concordance(app.env)
    names = page_names(entries)
    builder = cast(StandaloneHTMLBuilder, app.builder)
    digests_path = Path(app.doctreedir) / DIGESTS_FILE
    try:
        previous = json.loads(digests_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        previous = {}
    around = _surroundings(app)
    if previous.get("") != around:
        previous = {}
    digests = {"": around}

    def pages() -> Iterator[tuple[str, dict[str, Any]]]:
        """Each headword's page, then the page left where a renamed one was."""
        for kind, top in entries.items():
            parents = concordance.parents(top)
            for entry in concordance.walk(top):
                parent = parents.get(entry.term)
                body = headword_body(app.env, app.builder, kind, entry, parent, names)
                context = {"title": f"{entry.term} {entry.pinyin}", "body": body}
                yield names[(kind, entry.term)], context
        for (kind, old), new in edition_of(app.env).renamed.items():
            target = names.get((kind, new))
            if target is None or (kind, old) in names:  # said by check_vocabulary; a headword
                continue
            page = f"{TERMS_FOLDER}/{kind}/{old}"
            yield page, moved_page(old, new, target, builder.get_relative_uri(page, target))

    for page, context in pages():
        digest = hashlib.sha256(json.dumps(context, ensure_ascii=False).encode()).hexdigest()
        digests[page] = digest
        if previous.get(page) == digest and builder.get_output_path(page).is_file():
            continue
        yield page, context, "page.html"
    for page in set(previous) - set(digests):  # a headword no longer used: its page goes too
        builder.get_output_path(page).unlink(missing_ok=True)
    digests_path.parent.mkdir(parents=True, exist_ok=True)
    digests_path.write_text(json.dumps(digests, sort_keys=True), encoding="utf-8")


#: Where the digests of the headword pages of the last build are kept (beside the doctrees).
DIGESTS_FILE = "xs-headword-pages.json"


def _surroundings(app: Sphinx) -> str:
    """A digest of what a headword page takes from outside its own content: the configuration
    and tags (as Sphinx's ``.buildinfo``), the templates, and the navigation (every document's
    title and table of contents)."""
    env = app.env
    builder: Any = app.builder
    h = hashlib.sha256()
    info = builder.build_info
    h.update(f"{info.config_hash}\x1f{info.tags_hash}\x1f".encode())
    if builder.templates:
        h.update(str(builder.templates.newest_template_mtime()).encode())
    for doc in sorted(env.all_docs):
        title = env.titles.get(doc)
        h.update(f"\x1e{doc}\x1f{title.astext() if title else ''}\x1f".encode())
        h.update(str(env.tocs.get(doc, "")).encode())
        h.update(repr(env.toctree_includes.get(doc, [])).encode())
    return h.hexdigest()


# -- links from the text, export -------------------------------------------------------------


def readable_uri(uri: str) -> str:
    """``../terms/vessel/%E7%88%B5.html`` → ``../terms/vessel/爵.html``.

    An HTML5 link may hold the characters themselves (browsers encode them as UTF-8 when they
    fetch); they are a third of the bytes and can be read. Left encoded if decoding would
    expose a character that has a meaning in a URL.
    """
    plain = unquote(uri)
    return uri if any(c in plain for c in ' "<>%#?') else plain


def link_terms(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: in HTML, every marked term links to its headword page.

    An event handler rather than a post-transform: it needs the builder's URIs, which the
    event hands over (a transform's ``app`` is deprecated in Sphinx 9).
    """
    if app.builder.format != "html":
        return
    names = xs_domain(app.env).data["term_pages"]
    here = app.builder.get_target_uri(docname)
    for node in doctree.findall(term_ref):
        page = names.get((node["kind"], node["headword"]))
        if page:
            node["refuri"] = readable_uri(relative_uri(here, app.builder.get_target_uri(page)))


def store_term_pages(app: Sphinx, env: Any) -> list[str]:
    """Derived (:mod:`ritual.derive`): name the headword pages once per build, in the domain's data.

    Links from the text, the inventory and cross-references all read these names.
    """
    xs_domain(env).data["term_pages"] = page_names(build_concordance(env))
    return []


def export_indexes(app: Sphinx) -> dict[str, list[dict[str, Any]]]:
    """edition.json ``indexes``: every headword with its sub-entries, counts and steps."""
    entries = build_concordance(app.env)
    names = page_names(entries)

    def record(kind: str, entry: Entry) -> dict[str, Any]:
        return {
            "term": entry.term,
            "pinyin": entry.pinyin,
            "gloss_en": entry.gloss_en,
            "gloss_zh": entry.gloss_zh,
            "category": entry.category,
            "url": app.builder.get_target_uri(names[(kind, entry.term)]),
            "count": entry.count,
            "steps": entry.steps,
            "sub": [record(kind, sub) for sub in entry.sub],
        }

    return {kind: [record(kind, e) for e in top] for kind, top in entries.items()}


def setup_indexes(app: Sphinx) -> None:
    """Headword pages, links from the text, the names the inventory lists (the export is
    :func:`export_indexes`, which :mod:`ritual.export` calls). The domain indices themselves
    are registered per kind by :func:`ritual.components.terms.register_kinds`."""
    app.connect("doctree-resolved", link_terms)
    app.connect("html-collect-pages", collect_headword_pages)
    app.connect("html-page-context", link_index_steps)
