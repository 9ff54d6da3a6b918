"""The character search page (Sphinx glue of :mod:`.search_index`).

- ``{xs:search}`` places the search form and the result list on a page (``source/search.md``).
- At ``write-started`` the index of every step is written to ``_static/``, in parts
  (:func:`.search_index.split_index`): ``xs-search-index.js``, the head the search page loads;
  ``xs-search-g00.js`` …, the postings' shards, and ``xs-search-d00.js`` …, the steps' texts,
  which ``search.js`` fetches when a query needs them.
- That page *replaces* Sphinx's own ``search.html``: when the project has a document named like
  ``xs_search_page`` (default ``search``), the builder's word search (which cannot find single
  characters) is switched off, so the theme's search box (which submits ``q`` to
  ``search.html``) leads to the character search.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from ..core import kept, orthography, search_index
from ..datafiles import table
from ..domain import xs_domain
from ..nodes import search_box
from ..state import edition_of

INDEX_FILE = "xs-search-index.js"
#: A part of the index: ``g`` a shard of postings, ``d`` a chunk of texts (search.js names them
#: alike); each sets ``window.XS_SEARCH_<G|D><nn>``.
PART_FILE = "xs-search-{kind}{n:02d}.js"
PART_GLOB = "xs-search-[gd][0-9][0-9].js"


class SearchDirective(SphinxDirective):
    """``{xs:search}`` — the character search form (needs scripts; local files only)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        node = search_box(placeholder=edition_of(self.env).search_placeholder)
        self.set_source_info(node)
        return [node]


def step_entries(app: Sphinx) -> list[search_index.StepEntry]:
    """The steps in reading order, as the index's input."""
    domain = xs_domain(app.env)
    numbers = domain.data["numbers"]
    out: list[search_index.StepEntry] = []
    for step_id, rec in domain.ordered_steps():
        phase = domain.phases.get(rec.section)
        out.append(
            {
                "id": step_id,
                "number": numbers[step_id][0],
                "url": f"{app.builder.get_target_uri(rec.docname)}#{rec.anchor}",
                "section": phase.title if phase else "",
                "text": kept.mark(rec.text, rec.kept),
                "translation": rec.translation,
                "base": rec.base_text,
                "commentary": [(n.id, n.plain) for n in rec.commentary],
            }
        )
    return out


def fold_table(
    entries: list[search_index.StepEntry], variants: dict[str, str] | None = None
) -> dict[str, str]:
    """Traditional → Simplified, character by character (OpenCC t2s), for the corpus' chars;
    and each variant form of ``variants.tsv`` → the fold of its standard form, so that a query
    typed as a witness prints it (衆賓, 賔) finds the edition's 眾賓, 賓."""
    from opencc import OpenCC

    cc = OpenCC("t2s")
    chars = {
        c
        for e in entries
        for c in e["text"]
        + (e["translation"] or "")
        + (e.get("base") or "")
        + "".join(words for _, words in e.get("commentary") or ())
    }
    fold = {c: cc.convert(c) for c in chars}
    for variant, standard in (variants or {}).items():
        fold.setdefault(standard, cc.convert(standard))
        fold[variant] = fold[standard]
    return search_index.safe_fold(fold)


def write_index(app: Sphinx, builder: Any) -> None:
    """``write-started``: ``_static/xs-search-index.js``, before the pages that load it.

    Written first, the file is there when a page names it, so the page's ``?v=`` checksum is
    the same in a clean build and an incremental one (written last, only a rebuild had it).
    """
    if builder.format != "html":
        return
    entries = step_entries(app)
    variants = orthography.variant_pairs(table(app.env, "variants"))
    fold = fold_table(entries, variants)
    retired = xs_domain(app.env).retired_steps()
    index = search_index.build_index(
        entries, fold, max_n=app.config.xs_search_ngram, retired=retired
    )
    head, grams, texts = search_index.split_index(index)
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    parts = {
        PART_FILE.format(kind=kind, n=n): search_index.dumps_js(
            data, f"XS_SEARCH_{kind.upper()}{n:02d}"
        )
        for kind, datas in (("g", grams), ("d", texts))
        for n, data in enumerate(datas)
    }
    # the parts' version, so that a browser never mixes the parts of two builds
    head["v"] = hashlib.sha1("".join(parts.values()).encode()).hexdigest()[:10]
    for old in static.glob(PART_GLOB):
        if old.name not in parts:
            old.unlink()
    for name, text in parts.items():
        path = static / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    (static / INDEX_FILE).write_text(search_index.dumps_js(head), encoding="utf-8")


def replace_builtin_search(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """``env-before-read-docs``: our page stands in for Sphinx's search page.

    Sphinx writes its own ``search.html`` after the documents (it would overwrite ours) and
    indexes words only; with ``builder.search`` off it does neither, and the theme's search box,
    which points at the document ``search``, reaches our page.
    """
    page = app.config.xs_search_page
    if page and page in env.found_docs and hasattr(app.builder, "search"):
        app.builder.search = False


def rewrite_search_page(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Derived (:mod:`ritual.derive`): the search page is written again in every build.

    It names the index with a checksum of its contents (``?v=``), and the index follows every
    step's text and translation; the page is small, its rewriting cheap.
    """
    page = app.config.xs_search_page
    return [page] if page and page in env.found_docs else []


def add_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the index, search.js and its styles on pages with a search box
    only."""
    if doctree is None or not any(True for _ in doctree.findall(search_box)):
        return
    app.add_js_file(INDEX_FILE, defer="defer")
    app.add_js_file("search.js", defer="defer")
    app.add_css_file("xs-search.css")


def drop_words_no_page_holds(app: Sphinx) -> list[Any]:
    """``html-collect-pages``: incremental = clean for Sphinx's own ``searchindex.js``.

    Before a rebuild Sphinx's :class:`~sphinx.search.IndexBuilder` prunes the pages it will
    write again from each word's set of pages, and prunes once more before dumping; it never
    drops a word whose set is left empty. A word a page no longer holds (a step deleted) then
    stays in the index as an empty list, which a clean build does not write. The indexer's
    ``prune`` is wrapped, for this build, to drop such words (read and written through
    ``getattr``: a Sphinx without these attributes is left as it is)."""
    indexer = getattr(app.builder, "indexer", None)
    prune = getattr(indexer, "prune", None)
    if indexer is None or prune is None or getattr(prune, "xs_drops_empty", False):
        return []

    def drop_empty() -> None:
        for name in ("_mapping", "_title_mapping"):
            mapping = getattr(indexer, name, None)
            if isinstance(mapping, dict):
                for word in [w for w, pages in mapping.items() if not pages]:
                    del mapping[word]

    def prune_and_drop(docnames: Any) -> None:
        prune(docnames)
        drop_empty()

    prune_and_drop.xs_drops_empty = True  # type: ignore[attr-defined]
    indexer.prune = prune_and_drop
    drop_empty()
    return []


def setup_search(app: Sphinx) -> None:
    app.add_directive_to_domain("xs", "search", SearchDirective)
    app.connect("env-before-read-docs", replace_builtin_search)
    app.connect("html-page-context", add_scripts)
    app.connect("write-started", write_index)
    app.connect("html-collect-pages", drop_words_no_page_holds)
