"""No raw HTML from the pages (issue 20): what an editor types is text, never code.

MyST passes ``<script>`` or ``<div onclick=…>`` typed in a page (a translation, a note) to the
site as raw HTML, which runs in the reader's browser, and to edition.json and the books as
nothing at all. At ``doctree-read`` each raw node that came from a page is replaced by its
source, as text (escaped by the writers like any text: shown, never run), and warned
``xs.raw_html`` at its line. The edition's own templates and extension nodes are not pages and
are not touched.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx

from ..node_edits import replace
from ..warnings import XsWarning, warn


def escape_raw_html(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: raw nodes of a page become their text, each warned."""
    for raw in list(doctree.findall(nodes.raw)):
        source = raw.astext()
        warn(
            f"raw HTML in a page is not published as HTML: {source.strip()[:60]!r} is shown as "
            "text (write the text itself, or markup the edition knows)",
            XsWarning.RAW_HTML,
            raw,
        )
        if isinstance(raw.parent, nodes.TextElement):
            replace(raw, nodes.Text(source))
        else:
            replace(raw, nodes.paragraph(source, source))


def setup_raw_html(app: Sphinx) -> None:
    app.connect("doctree-read", escape_raw_html, priority=100)
