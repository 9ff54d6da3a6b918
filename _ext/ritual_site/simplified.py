"""A Simplified-Chinese rendering of the site at ``zh-Hans/``, and a 繁/简 switch on every page.

At ``build-finished`` every built page is read once: a switch is put into it (idempotent), and
a copy is written under ``zh-Hans/`` whose *text* is converted with OpenCC (t2s, phrase-aware) —
text between tags and the human-readable attributes (``title``, ``alt``, ``aria-label``,
``placeholder``) only; markup, URLs, scripts and styles are left as they are, and so is an
apparatus marker's ``data-entry`` (the entry's lemma and readings, as the witnesses write
them). In the copies:

- links between pages stay inside ``zh-Hans/``; every other relative URL (styles, scripts,
  images, data files) gains one ``../`` and points at the one copy of the assets;
- ``lang="zh-Hant"`` becomes ``lang="zh-Hans"``, and the canonical link names the Simplified
  page; the citation tags (``citation_*``, Dublin Core) go on naming the Traditional page, the
  one to cite (cite.md: 引用請以繁體字版為準), as the page's cite control does;
- regions between ``<!--xs:noconvert-->`` and ``<!--/xs:noconvert-->`` are not converted (and
  the marks are left out of the copy): the
  citations (which quote the edition's title as published: the cite control's data and the
  forms a page prints, the engine's ``citation_text``) and the witnesses' forms in the
  apparatus (lemmas, readings, the forms a note quotes: the engine's ``witness_form``);
- the *kept forms* of the text (``ritual.core.kept``: the apparatus' lemmas and the orthography
  record's places, elements with ``data-xs-keep``) keep their text; one whose form the
  conversion would have changed gets the class ``xs-kept`` and a title saying why, so that the
  reader sees which characters stand as the edition prints them;
- ``data-content_root`` (the folder of ``_static``, as Sphinx means it) gains one ``../``; the
  pages' root of the copy is ``zh-Hans/`` below it, as the site's scripts know;
- a page's JSON data blocks (``<script type="application/json">``) have their relative URLs
  treated as the page's links are.

The data scripts that pages load and show as text (:mod:`.simplified_data`) are converted by the
same :func:`t2s`, their kept spans (``ritual.core.kept``'s marks) kept and marked the same way.

Converting the written HTML rather than building twice keeps one source of truth, costs a
fraction of a second, and cannot drift from the Traditional pages.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import posixpath
import re
import time
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from ritual.components.assets import static_digest
from ritual.core import han, kept
from ritual.domain import xs_domain
from ritual.i18n import _
from ritual.state import build_state
from ritual.writers import html as html_writer
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.parallel import ParallelTasks, parallel_available

from . import simplified_data

PREFIX = "zh-Hans"
SKIP_DIRS = {"_static", "_sources", "_images", "_downloads", PREFIX}

TOKEN = re.compile(
    r"(<!--.*?-->|<script\b.*?</script\s*>|<style\b.*?</style\s*>|<[^>]*>)",
    re.DOTALL | re.IGNORECASE,
)
#: Around a witness's forms in a page (the writer's marks): left as they are.
NOCONVERT_OPEN, NOCONVERT_CLOSE = kept.NOCONVERT_OPEN, kept.NOCONVERT_CLOSE
NOCONVERT = re.compile(rf"({NOCONVERT_OPEN}.*?{NOCONVERT_CLOSE})", re.DOTALL)
SWITCH = re.compile(r"<!--xs:switch-->.*?<!--/xs:switch-->", re.DOTALL)
ATTR = re.compile(r"""(\s)([\w:.-]+)(\s*=\s*)("[^"]*"|'[^']*')""")
#: Attributes a reader sees as text (not data-entry: an apparatus entry is the witnesses',
#: unless its marker carries CONVERT_ENTRY: a correction of the 譯文's sense; so is the base
#: reading of its lemma, ``data-base``).
TEXT_ATTRS = {"title", "alt", "aria-label", "placeholder"}
CONVERT_ENTRY = html_writer.CONVERT_ENTRY
URL_ATTRS = {"href", "src", "action"}
HAN = han.HAN
ABSOLUTE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|/|#|\?)")
INTERESTING = re.compile(
    r"(?:(?:href|src|action|title|alt|aria-label|placeholder|lang|content_root)\s*=)"
    rf"|{re.escape(CONVERT_ENTRY)}"
    r"|application/json",
    re.I,
)
JSON_BLOCK = re.compile(r"<script\b[^>]*\btype=[\"']application/json[\"']", re.I)
JSON_URL = re.compile(r'"((?:\.\./)*[\w./-]+\.(?:html|js|json|css|svg|xml|pdf)(?:#[\w-]*)?)"')
KEEP_START = re.compile(rf"<([a-zA-Z][\w-]*)\b[^>]*\s{kept.ATTRIBUTE}\b")
TAG_NAME = re.compile(r"</?([a-zA-Z][\w-]*)")
TERM_START = re.compile(r'<a class="xs-term\b')

SWITCH_ANCHOR = '<div class="content-icon-container">'


@cache
def _converter():
    from opencc import OpenCC

    return OpenCC("t2s")


PHRASES_FILE = Path(__file__).parent / "data" / "t2s-phrases.tsv"


@cache
def _phrases() -> tuple[tuple[str, str], ...]:
    """``data/t2s-phrases.tsv``: (what t2s makes of a phrase, its right Simplified form),
    longest first, so that a longer phrase is replaced before a phrase inside it."""
    rows = []
    for line in PHRASES_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("traditional\t"):
            continue
        traditional, simplified = line.split("\t")
        rows.append((_converter().convert(traditional), simplified))
    return tuple(sorted(rows, key=lambda row: -len(row[0])))


@lru_cache(maxsize=65536)
def t2s(text: str) -> str:
    """Convert one text segment (cached: the navigation repeats on every page), with the
    phrases OpenCC leaves Traditional (``data/t2s-phrases.tsv``) put right."""
    if not HAN.search(text):
        return text
    out = _converter().convert(text)
    for converted, simplified in _phrases():
        if converted in out:
            out = out.replace(converted, simplified)
    return out


def pages(outdir: Path) -> list[str]:
    """Built pages, as POSIX paths relative to ``outdir`` (assets and copies excluded)."""
    out = []
    for path in sorted(outdir.rglob("*.html")):
        rel = path.relative_to(outdir).as_posix()
        if rel.split("/", 1)[0] in SKIP_DIRS:
            continue
        out.append(rel)
    return out


#: The 繁/简 switch's words: the two scripts, each named in itself (so never converted or
#: translated), and what the switch is (``aria-label``).
SWITCH_WORDS = {
    "label": "字形",
    "traditional": "繁",
    "traditional_title": "繁體字版",
    "simplified": "简",
    "simplified_title": "简体字版",
}


def switch_html(rel: str, simplified: bool) -> str:
    """The 繁/简 switch of the page ``rel`` (in the Traditional tree, or in ``zh-Hans/``)."""
    depth = rel.count("/") + (1 if simplified else 0)
    up = "../" * depth
    trad, simp = up + rel, up + f"{PREFIX}/{rel}"
    cur_t = ' aria-current="page"' if not simplified else ""
    cur_s = ' aria-current="page"' if simplified else ""
    w = SWITCH_WORDS
    return (
        f'<!--xs:switch--><nav class="xs-script-switch" aria-label="{w["label"]}">'
        f'<a class="xs-script-link" href="{trad}" lang="zh-Hant" hreflang="zh-Hant"'
        f' title="{w["traditional_title"]}"{cur_t}>{w["traditional"]}</a>'
        f'<a class="xs-script-link" href="{simp}" lang="zh-Hans" hreflang="zh-Hans"'
        f' title="{w["simplified_title"]}"{cur_s}>{w["simplified"]}</a></nav><!--/xs:switch-->'
    )


def insert_switch(page: str, rel: str) -> str:
    """Put the switch into a Traditional page (replacing an older one)."""
    switch = switch_html(rel, simplified=False)
    if SWITCH.search(page):
        return SWITCH.sub(lambda m: switch, page, count=1)
    if SWITCH_ANCHOR in page:
        return page.replace(SWITCH_ANCHOR, SWITCH_ANCHOR + switch, 1)
    m = re.search(r"<body\b[^>]*>", page)
    return page[: m.end()] + switch + page[m.end() :] if m else page


def rewrite_url(url: str, rel: str, page_set: frozenset[str]) -> str:
    """A relative URL of page ``rel`` as seen from its copy in ``zh-Hans/``."""
    if not url or ABSOLUTE.match(url):
        return url
    path = unquote(re.split(r"[?#]", url, maxsplit=1)[0])
    target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), path))
    if target in page_set or (path.endswith("/") and f"{target}/index.html" in page_set):
        return url
    return "../" + url


def _convert_tag(tag: str, rel: str, page_set: frozenset[str]) -> str:
    if tag.startswith("<!--") or not tag[1:2].isalpha() or not INTERESTING.search(tag):
        return tag
    # Relative URLs depend on the page's folder only: pages of one folder share the result.
    folder = posixpath.dirname(rel)
    return _convert_tag_in(tag, f"{folder}/_.html" if folder else "_.html", page_set)


@lru_cache(maxsize=131072)
def _convert_tag_in(tag: str, rel: str, page_set: frozenset[str]) -> str:
    convert_entry = f" {CONVERT_ENTRY}" in tag

    def attr(m: re.Match[str]) -> str:
        space, name, eq, quoted = m.groups()
        q, value = quoted[0], quoted[1:-1]
        low = name.lower()
        if low in URL_ATTRS:
            value = rewrite_url(value, rel, page_set)
        elif low in TEXT_ATTRS or (low in ("data-entry", "data-base") and convert_entry):
            value = t2s(value)
        elif low == "lang" and value == "zh-Hant":
            value = "zh-Hans"
        elif low == "data-content_root":
            value = "../" + ("" if value in ("", "./") else value)
        return f"{space}{name}{eq}{q}{value}{q}"

    if tag.lower().startswith(("<script", "<style")):
        head_end = tag.find(">") + 1
        body = tag[head_end:]
        if JSON_BLOCK.match(tag):
            body = JSON_URL.sub(lambda m: f'"{rewrite_url(m.group(1), rel, page_set)}"', body)
        return ATTR.sub(attr, tag[:head_end]) + body
    return ATTR.sub(attr, tag)


def mark_kept(tag: str) -> str:
    """The start tag of a kept form whose conversion would differ: class ``xs-kept``, a title."""
    if 'class="' in tag:
        tag = tag.replace('class="', 'class="xs-kept ', 1)
    else:
        tag = tag[: len(tag) - 1] + ' class="xs-kept">'
    if " title=" not in tag:
        tag = tag[: len(tag) - 1] + f' title="{t2s(_(kept.TITLE))}">'

    return tag


def term_headword(tag: str, text: str) -> str:
    """The start tag of a term whose headword is its Traditional text (``writers.html``: no
    ``data-h``), given ``data-h`` where the copy's text is another form: the page's script
    links the term to its headword page, named in Traditional."""
    if t2s(text) == text:
        return tag
    return tag[: len(tag) - 1] + f' data-h="{text}">'


def merged_forms(text: str) -> frozenset[str]:
    """The characters of ``text`` that the conversion would make one with another character
    of it. The 注 「並，併也」 glosses 並 by 併, and both become 并 (「并，并也」); 「古文而后作後」
    names two forms that both become 后. Such a text speaks of the forms themselves, and
    converted it would say nothing, so those characters are kept as written."""
    images: dict[str, set[str]] = {}
    for ch in set(HAN.findall(text)):
        images.setdefault(t2s(ch), set()).add(ch)
    return frozenset(
        ch for forms in images.values() if len(forms) > 1 for ch in forms if t2s(ch) != ch
    )


#: A step's 原文 with its 注 (the writer's block): each note, and the 原文 around them, is a
#: text within which :func:`merged_forms` are kept.
TEXT_BLOCK = re.compile(r'<div class="xs-text"')
DIV_TAG = re.compile(r"<(/?)div\b", re.I)
SPAN_TAG = re.compile(r"<(/?)span\b", re.I)
NOTE_START = re.compile(r'<span class="xs-zhu"')
#: The text of an apparatus lemma in the 原文 (the writer's kept element).
LEMMA_TEXT = re.compile(r'<span class="xs-lemma"[^>]*>([^<]*)<')
#: A reading of a note that the other witnesses read otherwise (the writer's mark of the
#: commentary's errata): kept as the witness writes it, in the page and in the data.
ZHU_SIC_TEXT = re.compile(r'<span class="xs-zhu-sic"[^>]*>([^<]*)<')


def _block_end(page: str, start: int) -> int:
    depth = 0
    for tag in DIV_TAG.finditer(page, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return page.index(">", tag.end()) + 1
    return len(page)


def _changed(texts: Iterable[str]) -> frozenset[str]:
    """The Han characters of ``texts`` that the conversion changes."""
    return frozenset(ch for text in texts for ch in HAN.findall(text) if t2s(ch) != ch)


def _block_kept(page: str, start: int, end: int) -> tuple[list[str], list[int], dict]:
    """A step's block ``page[start:end]`` as tokens, the text each token belongs to (0 the
    原文, n its n-th note), and what each text keeps (:func:`keep_merged_forms`)."""
    tokens = TOKEN.split(page[start:end])
    units, unit, depth, notes = [], 0, 0, 0
    for token in tokens:
        if token and token[0] == "<":
            tag = SPAN_TAG.match(token)
            if depth:
                depth += (-1 if tag.group(1) else 1) if tag else 0
                if depth == 0:
                    unit = 0
            elif NOTE_START.match(token):
                notes += 1
                unit, depth = notes, 1
        units.append(unit)
    texts: dict[int, str] = {}
    for token, u in zip(tokens, units, strict=True):
        if token and token[0] != "<":
            texts[u] = texts.get(u, "") + token
    merged = {u: chars for u, text in texts.items() if (chars := merged_forms(text))}
    # what a note keeps, the 原文 it glosses keeps too (the 經's 並 beside 「並，併也」)
    glossed = frozenset().union(*(c for u, c in merged.items() if u))
    if glossed & set(texts.get(0, "")):
        merged[0] = merged.get(0, frozenset()) | glossed
    # and what the 原文 keeps as a lemma of the apparatus, its notes keep: converted, the
    # note 「徵，召也」 beside the kept 徵 read 征, the reading the apparatus rejects
    lemmas = _changed(LEMMA_TEXT.findall(page, start, end))
    for u, text in texts.items():
        if u and (glossing := lemmas & set(text)):
            merged[u] = merged.get(u, frozenset()) | glossing
    return tokens, units, merged


def _wrap(tokens: list[str], units: list[int], merged: dict) -> str:
    """The tokens with each run of what their text keeps in an element with ``data-xs-keep``."""
    if not merged:
        return "".join(tokens)
    keep = f'<span {kept.ATTRIBUTE}="">\\g<0></span>'
    wraps = {u: re.compile(f"[{''.join(sorted(c))}]+") for u, c in merged.items()}
    return "".join(
        wraps[u].sub(keep, t) if u in wraps and t and t[0] != "<" else t
        for t, u in zip(tokens, units, strict=True)
    )


#: A step on its page (the writer's block), and a row that quotes a step on a headword page
#: (a concordance line, a person's itinerary): the step is the row's first link's fragment.
STEP_START = re.compile(r'<div class="xs-step" data-step="([^"]+)"')
QUOTING_ROW = re.compile(r'<tr><td(?: class="xs-kwic-n")?><a href="[^"#]*#([^"]+)"')


#: A step's translation (the writer's block), and the text of a kept form in it (a lemma of
#: the translation's apparatus: its 臺 where the base 譯文 has 台).
TRANS_BLOCK = re.compile(r'<div class="xs-trans[" ]')
KEPT_TEXT = re.compile(KEEP_START.pattern + r"[^>]*>(?P<text>[^<]*)<")


def steps_kept(pages: Iterable[str]) -> dict[str, simplified_data.StepForms]:
    """What each step keeps (:func:`keep_merged_forms`), from the pages that hold the steps:
    its 原文's forms, its notes' (the 原文's lemmas, and the readings of the notes' errata) and
    its translation's (the kept forms of the translation's apparatus). The rows that quote a
    step elsewhere keep the same as its 原文 (:func:`to_simplified`'s ``steps``), or a
    headword page's lines would read 「并行」 where the step keeps 並; so do the step's strings
    in the data scripts (:func:`.simplified_data.keep_step_forms`)."""
    out: dict[str, simplified_data.StepForms] = {}
    for page in pages:
        starts = list(STEP_START.finditer(page))
        for m, following in zip(starts, [*starts[1:], None], strict=True):
            stop = following.start() if following else len(page)
            block = TEXT_BLOCK.search(page, m.end(), stop)
            if block is None:
                continue
            end = _block_end(page, block.start())
            _tokens, _units, merged = _block_kept(page, block.start(), end)
            trans = TRANS_BLOCK.search(page, end, stop)
            forms = simplified_data.StepForms(
                text=merged.get(0, frozenset()),
                notes=_changed(
                    LEMMA_TEXT.findall(page, block.start(), end)
                    + ZHU_SIC_TEXT.findall(page, block.start(), end)
                ),
                translation=_changed(
                    k.group("text")
                    for k in KEPT_TEXT.finditer(
                        page, trans.start(), _block_end(page, trans.start())
                    )
                )
                if trans
                else frozenset(),
            )
            if forms != simplified_data.StepForms():
                out[m.group(1)] = forms
    return out


def keep_merged_forms(page: str, steps: dict[str, simplified_data.StepForms] | None = None) -> str:
    """``page`` with the :func:`merged_forms` of each step's 原文, and of each of its notes of
    鄭注, made kept forms (an element with ``data-xs-keep`` each, which :func:`to_simplified`
    keeps and marks): the 注 「並，併也」 keeps its 並 and 併, and the 原文 the 並 it glosses;
    a note keeps the characters of the 原文's lemmas (the 徵 of 「徵，召也」 beside a kept 徵).
    A note is a text of its own: its 於 is not kept because the 原文 writes 于 (a note would
    then keep every 於 it has). A row that quotes a step keeps what the step's 原文 keeps
    (``steps``: :func:`steps_kept`)."""
    out, at = [], 0
    for m in TEXT_BLOCK.finditer(page):
        end = _block_end(page, m.start())
        out += [page[at : m.start()], _wrap(*_block_kept(page, m.start(), end))]
        at = end
    out.append(page[at:])
    page = "".join(out)
    if not steps:
        return page
    out, at = [], 0
    for m in QUOTING_ROW.finditer(page):
        forms = steps.get(m.group(1))
        chars = forms.text if forms else None
        if not chars:
            continue
        end = page.find("</tr>", m.end())
        tokens = TOKEN.split(page[m.start() : end])
        out += [page[at : m.start()], _wrap(tokens, [0] * len(tokens), {0: chars})]
        at = end
    out.append(page[at:])
    return "".join(out)


def convert_data(text: str) -> str:
    """A string of a data script, converted: its kept spans (``ritual.core.kept``) kept, and
    the characters the conversion would merge (:func:`merged_forms`). Those are marked as
    kept spans only in a string that has marks already; a string without (a phase's title,
    a place's name) is shown as it stands, so they stand unconverted and unmarked there."""
    return _convert_data(text, any(mark in text for mark in kept.MARKS))


def convert_step_data(text: str) -> str:
    """A step's string of a data script (its 原文, its translation, a note: the scripts show
    each with its marks): converted as :func:`convert_data`, what it keeps always marked."""
    return _convert_data(text, True)


def _convert_data(text: str, marked: bool) -> str:
    chars = merged_forms(kept.plain(text))
    if not chars:
        return kept.convert(text, t2s)
    converted = kept.convert(kept.keep_characters(text, chars), t2s)
    return converted if marked else kept.plain(converted)


def to_simplified(
    page: str,
    rel: str,
    page_set: frozenset[str],
    base_url: str = "",
    tags: dict[str, str] | None = None,
    steps: dict[str, simplified_data.StepForms] | None = None,
) -> str:
    """The ``zh-Hans/`` copy of the Traditional page ``rel`` (``page_set``: all pages).

    ``tags`` memoises converted tags for pages of ``rel``'s folder: a tag's copy depends on
    the page's folder only, and pages repeat their tags (a term link, a step's number), so
    each repeat is one dictionary lookup instead of a conversion. The caller owns it.
    ``steps``: what each step's 原文 keeps, for the rows that quote it (:func:`steps_kept`).
    """
    page = SWITCH.sub(lambda m: "\0SWITCH\0", page, count=1)
    page = keep_merged_forms(page, steps)
    out: list[str] = []
    tags = {} if tags is None else tags
    # a kept form being read: its element's name, depth, where its start tag is, its text
    keep: list[Any] = []
    # a term being read whose headword is its text: where its start tag is, its text
    term: list[Any] = []
    for region in NOCONVERT.split(page):
        convert = not region.startswith("<!--xs:noconvert-->")
        for token in TOKEN.split(region):
            if not token:
                continue
            if token[0] == "<":
                if not convert and JSON_BLOCK.match(token):
                    # a citation's data (cite forms): its addresses are the published
                    # pages', relative to the site's root, not links of this page
                    out.append(token)
                    continue
                done = tags.get(token)
                if done is None:
                    done = tags[token] = _convert_tag(token, rel, page_set)
                if term and token == "</a>":
                    out[term[0]] = term_headword(out[term[0]], term[1])
                    term = []
                elif TERM_START.match(token) and " data-h=" not in token:
                    term = [len(out), ""]
                if keep:
                    name = TAG_NAME.match(token)
                    if name and name.group(1).lower() == keep[0]:
                        keep[1] += -1 if token[1] == "/" else 0 if token.endswith("/>") else 1
                    if keep[1] == 0:
                        if t2s(keep[3]) != keep[3]:
                            out[keep[2]] = mark_kept(out[keep[2]])
                        keep = []
                elif (start := KEEP_START.match(token)) is not None:
                    keep = [start.group(1).lower(), 1, len(out), ""]
                out.append(done)
            elif keep:
                keep[3] += token
                out.append(token)
            else:
                out.append(t2s(token) if convert else token)
            if term and token[0] != "<":
                term[1] += token
    result = "".join(out).replace("\0SWITCH\0", switch_html(rel, simplified=True), 1)
    # the copy is converted: its marks of what not to convert have done their work (a page of
    # the rite carries hundreds, 12 kB: issue 25)
    result = result.replace(NOCONVERT_OPEN, "").replace(NOCONVERT_CLOSE, "")
    if base_url:
        # the canonical link becomes the copy's: usually the page's own address, but a page
        # left where a renamed headword was names the new page (``xs_moved_to``)
        canonical = 'rel="canonical" href="' + base_url
        result = result.replace(canonical, canonical + f"{PREFIX}/", 1)
    return result


def alternate_links(app: Sphinx, pagename: str) -> str:
    uri = app.builder.get_target_uri(pagename)
    base = app.config.xs_base_url
    own = "" if uri == "index.html" else uri
    return (
        f'<link rel="alternate" hreflang="zh-Hant" href="{base}{own}" />\n'
        f'<link rel="alternate" hreflang="zh-Hans" href="{base}{PREFIX}/{own}" />\n'
    )


def add_alternates(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: ``hreflang`` alternates (identifiers, never fetched; so only on a
    site with an address: the page's own 繁/简 switch links the other script in any case); a
    page left where a renamed headword was names the new page's, as its canonical link does."""
    if app.config.xs_simplified and app.builder.name == "html" and app.config.xs_base_url:
        page = context.get("xs_moved_to") or pagename
        context["metatags"] = context.get("metatags", "") + alternate_links(app, page)


def _mark_start(app: Sphinx, builder: Any) -> None:
    """``write-started``: when this build's writing began (pages older than this were not
    rewritten), kept in the build's state."""
    build_state(app.env).files["simplified-start"] = time.time_ns()


def converter_digest() -> str:
    """What the copies are made by: this module and the data scripts', the kept forms', the
    phrase table and OpenCC's version. Pages and data a build did not write keep their copies
    only while it is the same: a change of the converter reaches every copy."""
    digest = hashlib.sha256(importlib.metadata.version("opencc").encode())
    for path in (Path(__file__), Path(simplified_data.__file__), Path(kept.__file__)):
        digest.update(path.read_bytes())
    digest.update(PHRASES_FILE.read_bytes())
    return digest.hexdigest()


def write_simplified(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: the switch on every page and the ``zh-Hans/`` copies.

    Only pages written by this build are converted again (an untouched page's copy is as it
    was): a rebuild after one edit then converts a few pages, not the whole site; all of them
    when the converter has changed (:func:`converter_digest`). The data scripts' copies are
    made again when their original is, or when what the steps keep has changed
    (:func:`steps_kept`). Copies of pages that no longer exist are removed. With ``-j N`` the
    pages are converted by N processes (each page's copy depends on that page alone).
    """
    if exception is not None or not app.config.xs_simplified or app.builder.name != "html":
        return
    outdir = Path(app.outdir)
    rels = pages(outdir)
    target = outdir / PREFIX
    # copies made by another converter are all made again (a stamp beside the doctrees)
    stamp, digest = Path(app.doctreedir) / "xs-simplified.digest", converter_digest()
    same = stamp.is_file() and stamp.read_text(encoding="utf-8") == digest
    start = build_state(app.env).files.get("simplified-start", 0)
    todo = [
        rel
        for rel in rels
        if not (same and (target / rel).is_file() and (outdir / rel).stat().st_mtime_ns < start)
    ]
    # what each step keeps, from the pages that hold the steps (all of them: a headword page
    # written again quotes steps of pages that were not), read only when a copy is made
    holding = {app.builder.get_target_uri(rec.docname) for rec in xs_domain(app.env).steps.values()}
    forms = cache(
        lambda: steps_kept((outdir / rel).read_text(encoding="utf-8") for rel in sorted(holding))
    )

    # a page that holds steps, written again, may keep other forms: the data's copies follow
    # (a stamp beside the doctrees of what the steps keep)
    forms_stamp = Path(app.doctreedir) / "xs-simplified-steps.digest"
    stamped = forms_stamp.read_text(encoding="utf-8") if forms_stamp.is_file() else None
    forms_digest = stamped
    if stamped is None or not same or any(rel in holding for rel in todo):
        forms_digest = _forms_digest(forms())
    forms_changed = forms_digest != stamped
    # Data scripts with text (the stage's) get converted copies; the copies' links go to them.
    copies = simplified_data.write_copies(
        outdir,
        PREFIX,
        convert_data,
        again=not same or forms_changed,
        forms=forms,
        convert_step=convert_step_data,
    )
    page_set = frozenset(rels) | copies
    if target.is_dir():
        for copy in target.rglob("*.html"):
            if copy.relative_to(target).as_posix() not in page_set:
                copy.unlink()
    steps = forms() if todo else {}
    job = (outdir, page_set, app.config.xs_base_url, steps)
    nproc = min(app.parallel, len(todo))
    if nproc > 1 and parallel_available:
        tasks = ParallelTasks(nproc)
        # contiguous runs, so that a folder's pages mostly share one process's tag memo
        size = -(-len(todo) // nproc)
        for i in range(0, len(todo), size):
            tasks.add_task(convert_pages, (*job, todo[i : i + size]))
        tasks.join()
    else:
        convert_pages((*job, todo))
    stamp.write_text(digest, encoding="utf-8")
    forms_stamp.write_text(forms_digest or "", encoding="utf-8")


def _forms_digest(forms: dict[str, simplified_data.StepForms]) -> str:
    """A digest of what the steps keep (:func:`steps_kept`), stamped beside the doctrees."""
    rows = (
        f"{k}\t{''.join(sorted(f.text))}\t{''.join(sorted(f.notes))}\t"
        f"{''.join(sorted(f.translation))}"
        for k, f in sorted(forms.items())
    )
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()


def convert_pages(job: tuple[Path, frozenset[str], str, dict, list[str]]) -> None:
    """Put the switch into the pages ``rels`` of ``outdir`` and write their copies (``job``:
    the output folder, all pages, the site's address, what each step keeps, the pages to
    convert)."""
    outdir, page_set, base_url, steps, rels = job
    tags: dict[str, dict[str, str]] = {}
    for rel in rels:
        src = outdir / rel
        dest = outdir / PREFIX / rel
        text = src.read_text(encoding="utf-8")
        with_switch = insert_switch(text, rel)
        if with_switch != text:
            src.write_text(with_switch, encoding="utf-8")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(
            to_simplified(
                with_switch,
                rel,
                page_set,
                base_url,
                tags.setdefault(posixpath.dirname(rel), {}),
                steps,
            ),
            encoding="utf-8",
        )


STATIC = Path(__file__).parent / "static"


def _add_static(app: Sphinx) -> None:
    if app.builder.format == "html" and app.config.xs_simplified:
        app.config.html_static_path.append(str(STATIC))
        # Not deferred: it sends a returning reader to the script they chose before the page
        # is drawn (a few hundred bytes, in the head).
        app.add_js_file("xs-script-switch.js")


def _note_static(app: Sphinx, config: Config) -> None:
    """``config-inited``: this layer's static files among those whose change rewrites every
    page (their ``?v=`` checksums: :mod:`ritual.components.assets`)."""
    config.xs_site_assets_digest = static_digest([STATIC])


def setup_simplified(app: Sphinx) -> None:
    app.add_config_value("xs_site_assets_digest", "", "html", str)
    app.connect("config-inited", _note_static)
    app.connect("builder-inited", _add_static)
    app.connect("write-started", _mark_start)
    app.connect("html-page-context", add_alternates)
    # Late, after every other build-finished writer has touched the pages.
    app.connect("build-finished", write_simplified, priority=900)
