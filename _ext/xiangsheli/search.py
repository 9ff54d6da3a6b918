"""The character search page (Sphinx glue of :mod:`.search_index`).

- ``{xs:search}`` places the search form and the result list on a page (``source/search.md``).
- At ``build-finished`` the index of every step is written to ``_static/xs-search-index.js``.
- That page *replaces* Sphinx's own ``search.html``: when the project has a document named like
  ``xs_search_page`` (default ``search``), the builder's word search (which cannot find single
  characters) is switched off, so the theme's search box (which submits ``q`` to
  ``search.html``) leads to the character search.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from . import search_index

INDEX_FILE = "xs-search-index.js"


class search_box(nodes.General, nodes.Element):
    """Where the search form and results go (HTML only)."""


class SearchDirective(SphinxDirective):
    """``{xs:search}`` — the character search form (needs scripts; local files only)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        node = search_box()
        self.set_source_info(node)
        return [node]


def visit_search_box_html(self: Any, node: search_box) -> None:
    self.body.append(
        '<div class="xs-search">\n'
        '<form class="xs-search-form" role="search" method="get">\n'
        '<label for="xs-search-q">字或詞</label>\n'
        '<input id="xs-search-q" name="q" type="search" autocomplete="off" spellcheck="false" '
        'placeholder="觶、阼階、拜送" lang="zh-Hant">\n'
        '<button type="submit">檢索</button>\n'
        "</form>\n"
        '<p class="xs-search-status" role="status" aria-live="polite"></p>\n'
        '<ol class="xs-search-results"></ol>\n'
        '<noscript><p class="xs-search-noscript">檢索由本站自帶的腳本執行（不連外網）；'
        "瀏覽器停用腳本時無法檢索。全部經文與譯文亦見 "
        "<code>edition.json</code>。</p></noscript>\n"
        "</div>\n"
    )
    raise nodes.SkipNode


def skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def step_entries(app: Sphinx) -> list[search_index.StepEntry]:
    """The steps in reading order, as the index's input."""
    domain = app.env.get_domain("xs")
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
                "text": rec.text,
                "translation": rec.translation,
                "base": rec.base_text,
            }
        )
    return out


#: The witnesses' variant forms and the standard forms the edition prints (衆 → 眾, 賔 → 賓).
VARIANTS = Path(__file__).parent / "data" / "variants.tsv"


def variant_pairs(path: Path = VARIANTS) -> dict[str, str]:
    """``variants.tsv`` as variant → standard (one character each; header and notes skipped)."""
    pairs = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if line.startswith("#") or len(cols) < 2 or cols[0] == "variant":
            continue
        if len(cols[0]) == 1 and len(cols[1]) == 1:
            pairs[cols[0]] = cols[1]
    return pairs


def fold_table(entries: list[search_index.StepEntry]) -> dict[str, str]:
    """Traditional → Simplified, character by character (OpenCC t2s), for the corpus' chars;
    and each variant form of ``variants.tsv`` → the fold of its standard form, so that a query
    typed as a witness prints it (衆賓, 賔) finds the edition's 眾賓, 賓."""
    from opencc import OpenCC

    cc = OpenCC("t2s")
    chars = {
        c for e in entries for c in e["text"] + (e["translation"] or "") + (e.get("base") or "")
    }
    fold = {c: cc.convert(c) for c in chars}
    for variant, standard in variant_pairs().items():
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
    index = search_index.build_index(entries, fold_table(entries), max_n=app.config.xs_search_ngram)
    out = Path(app.outdir) / "_static" / INDEX_FILE
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(search_index.dumps_js(index), encoding="utf-8")


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
    """``env-updated``: the search page is written again in every build.

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


def setup_search(app: Sphinx) -> None:
    app.add_config_value("xs_search_page", "search", "html", str)
    app.add_config_value("xs_search_ngram", 2, "html", int)
    app.add_node(
        search_box,
        html=(visit_search_box_html, None),
        latex=(skip, None),
        text=(skip, None),
        man=(skip, None),
        texinfo=(skip, None),
    )
    app.add_directive_to_domain("xs", "search", SearchDirective)
    app.connect("env-before-read-docs", replace_builtin_search)
    app.connect("env-updated", rewrite_search_page)
    app.connect("html-page-context", add_scripts)
    app.connect("write-started", write_index)
