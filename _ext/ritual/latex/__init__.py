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

:func:`latex_elements` builds the ``latex_elements`` of ``conf.py`` from the edition's settings.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from .. import nodes as xsnodes

#: Classes of paragraphs that become LaTeX class environments (``sphinxclass<name>``).
WRAPPED_CLASSES = ("xs-part-en",)


def _escape(text: str) -> str:
    """Escape TeX specials in a plain string from ``conf.py``."""
    out = []
    for ch in text:
        if ch in "&%$#_{}":
            out.append("\\" + ch)
        elif ch == "~":
            out.append(r"\textasciitilde{}")
        elif ch == "^":
            out.append(r"\textasciicircum{}")
        elif ch == "\\":
            out.append(r"\textbackslash{}")
        else:
            out.append(ch)
    return "".join(out)


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
    hidden, shown = set(), set()
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


def latex_elements(config: dict[str, Any]) -> dict[str, str]:
    """The edition's values for the title page, metadata and back of title page, as macros."""
    defs = {
        "xsedtitle": config.get("xs_edition_title", ""),
        "xsbasetext": config.get("xs_base_text", ""),
        "xsversion": config.get("release", ""),
        "xscopyright": config.get("copyright", ""),
        "xsauthor": config.get("author", ""),
    }
    return {
        name: "\\def\\%s{%s}" % (name, _escape(value))  # noqa: UP031
        for name, value in defs.items()
    }


def setup_latex(app: Sphinx) -> None:
    """Connect the LaTeX-only doctree adjustments (call from ``setup()``)."""
    app.connect("doctree-resolved", on_doctree_resolved)
