"""Print-edition glue for Sphinx's LaTeX builder (the page design is in ``latex/ritual.sty``).

Doctree adjustments that only the LaTeX builder needs, made on the *assembled* doctree
(``doctree-resolved`` is emitted for it with the root document's name):

* the book's main matter (arabic page numbers, running heads of the rite) begins with the first
  document that holds a ritual step, so a raw ``\\xsmainmatter`` is put at the head of that
  document; everything before it (前言, 凡例) is front matter;
* documents that the root document lists only in a toctree under ``{only} html`` (the site's
  citation and search pages) are taken out of the book: Sphinx's LaTeX builder inlines every
  toctree of the root document, whatever ``only`` node holds it;
* a paragraph of class ``xs-part-en`` (the English subtitle under a part title) is wrapped in a
  container, which Sphinx writes as ``\\begin{sphinxuseclass}{xs-part-en}``; the style file
  defines the environment ``sphinxclassxs-part-en`` to set it as a subtitle.

The book's design as Sphinx's ``latex_elements`` (paper, fonts, PDF metadata, title page) is
made from the configuration by :mod:`.book`, so that ``conf.py`` copies none of it; the
translator (:mod:`.translator`) keeps a witness's page whole on its line.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from .. import nodes as xsnodes
from ..events import EDITION_LOADED
from .book import design_the_book, leave_out_site_indices
from .translator import BookTranslator

#: Classes of paragraphs that become LaTeX class environments (``sphinxclass<name>``).
WRAPPED_CLASSES = ("xs-part-en",)


def mark_main_matter(doctree: nodes.document) -> bool:
    """Put ``\\xsmainmatter`` at the start of the first document holding a step."""
    for start in doctree.findall(addnodes.start_of_file):
        if next(start.findall(xsnodes.step), None) is not None:
            start.insert(0, nodes.raw("", "\\xsmainmatter\n", format="latex"))
            return True
    return False


def wrap_classed_paragraphs(doctree: nodes.document) -> None:
    """Wrap ``{.xs-part-en}`` paragraphs in a container so LaTeX sees their class."""
    for para in list(doctree.findall(nodes.paragraph)):
        classes = [c for c in para["classes"] if c in WRAPPED_CLASSES]
        if classes and not isinstance(para.parent, nodes.container):
            para.replace_self(nodes.container("", para.deepcopy(), classes=classes))


def excluded_documents(app: Sphinx) -> set[str]:
    """Documents listed by the root only in toctrees whose ``only`` condition is false here."""
    root = app.env.get_doctree(app.config.root_doc)
    hidden: set[str] = set()
    shown: set[str] = set()
    for toctree in root.findall(addnodes.toctree):
        docs = {doc for _title, doc in toctree["entries"]}
        parent, visible = toctree.parent, True
        while parent is not None:
            if isinstance(parent, addnodes.only) and not app.builder.tags.eval_condition(
                parent["expr"]
            ):
                visible = False
            parent = parent.parent
        (shown if visible else hidden).update(docs)
    return hidden - shown


def drop_documents(doctree: nodes.document, docnames: set[str]) -> list[str]:
    """Remove the inlined documents ``docnames`` from the assembled doctree."""
    dropped = []
    for start in list(doctree.findall(addnodes.start_of_file)):
        if start["docname"] in docnames:
            start.parent.remove(start)
            dropped.append(start["docname"])
    return dropped


def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if app.builder.format != "latex" or docname != app.config.root_doc:
        return
    drop_documents(doctree, excluded_documents(app))
    wrap_classed_paragraphs(doctree)
    mark_main_matter(doctree)


def setup_latex(app: Sphinx) -> None:
    """Connect the LaTeX-only doctree adjustments and the book's indices (call from
    ``setup()``); the book's design is filled in with the configuration (:mod:`.book`)."""
    app.set_translator("latex", BookTranslator)
    app.connect("doctree-resolved", on_doctree_resolved)
    app.connect("builder-inited", leave_out_site_indices)
    app.connect(EDITION_LOADED, design_the_book)
