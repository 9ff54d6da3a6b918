"""Line breaks inside Chinese paragraphs: joined without a space; and in print, the space
between Han and Latin beside a link.

Markdown turns a line break inside a paragraph into a space, as English wants. Chinese is
written without spaces, so a source line wrapped between two Han characters (or a Han
character and full-width punctuation) would print a stray space in the page and the PDF.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from ..core.han import needs_cjk_latin_space
from ..node_edits import index_of, remove, replace

#: ritual.sty's xeCJK space between Han and Latin (a no-op where xeCJK is not loaded)
CJK_LATIN_SPACE = r"\xsecglue{}"

#: Han (with the extensions beyond the BMP), CJK punctuation, kana (漢籍リポジトリ), the
#: full-width forms
_WIDE = (
    r"\u2e80-\u2fff\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    r"\uff00-\uffef\U00020000-\U0003134f"
)
SOFT_BREAK = re.compile(rf"(?<=[{_WIDE}])[ \t]*\n[ \t]*(?=[{_WIDE}])")
WIDE = re.compile(rf"[{_WIDE}]")


def join_cjk_lines(text: str) -> str:
    """Remove line breaks (and the blanks around them) between wide characters."""
    return SOFT_BREAK.sub("", text)


def _is_wide(char: str) -> bool:
    return bool(char) and WIDE.match(char) is not None


#: a line break (with the blanks around it) at a text node's end or start, where the wide
#: character on its other side is in the node beside it (「…空格。\n」 then **存異**)
_TRAILING_BREAK = re.compile(r"[ \t]*\n[ \t]*\Z")
_LEADING_BREAK = re.compile(r"\A[ \t]*\n[ \t]*")


def _text_beside(node: nodes.Node, step: int) -> str:
    """The text of the node just before (``step`` -1) or after (+1) ``node``, looking out of
    the inline elements it ends (a break that ends a **strong** run meets the text after it)."""
    while node.parent is not None:
        parent, i = node.parent, index_of(node) + step
        while 0 <= i < len(parent):
            if text := parent[i].astext():  # MyST leaves empty text nodes before markup
                return text
            i += step
        if not isinstance(parent, nodes.Inline):
            return ""
        node = parent
    return ""


def join_document(document: nodes.Node) -> None:
    """Join every soft break between wide characters in ``document``: inside a text node, and
    where the break ends or begins one and the character beyond it is in the next node."""
    for node in list(document.findall(nodes.Text)):
        parent = node.parent
        if "\n" not in node or isinstance(parent, (nodes.literal_block, nodes.raw)):
            continue
        before, after = _text_beside(node, -1), _text_beside(node, 1)
        if not str(node).strip():
            if _is_wide(before[-1:]) and _is_wide(after[:1]):
                remove(node)
            continue
        joined = join_cjk_lines(str(node))
        end = _TRAILING_BREAK.search(joined)
        if end and _is_wide(joined[: end.start()][-1:]) and _is_wide(after[:1]):
            joined = joined[: end.start()]
        start = _LEADING_BREAK.match(joined)
        if start and _is_wide(before[-1:]) and _is_wide(joined[start.end() :][:1]):
            joined = joined[start.end() :]
        if joined != str(node):
            replace(node, nodes.Text(joined))


class JoinCJKLines(SphinxTransform):
    """Join soft line breaks between wide characters.

    MyST gives a soft break as a Text node of its own (``"\\n"``) between the text of two
    lines, which may end and begin inside inline markup; a break inside one Text node
    (reST) is joined too.
    """

    default_priority = 400

    def apply(self, **kwargs: Any) -> None:
        join_document(self.document)


class JoinCJKLinesAfterReferences(SphinxPostTransform):
    """Once cross-references are resolved (``{doc}`` gives its title only then), again."""

    default_priority = 900

    def run(self, **kwargs: Any) -> None:
        join_document(self.document)


def space_beside(reference: nodes.Element) -> None:
    """Put xeCJK's space between Han and Latin on either side of ``reference`` where its text
    and its neighbour's meet as Han and Latin."""
    text = reference.astext()
    parent, i = reference.parent, index_of(reference)
    before, after = _text_beside(reference, -1), _text_beside(reference, 1)
    if needs_cjk_latin_space(text, after):
        parent.insert(i + 1, nodes.raw("", CJK_LATIN_SPACE, format="latex"))
    if needs_cjk_latin_space(before, text):
        parent.insert(i, nodes.raw("", CJK_LATIN_SPACE, format="latex"))


class SpaceLinksInPrint(SphinxPostTransform):
    """xeCJK sets Han and Latin apart by a space (「第 17 節」) only where it sees both
    characters. A link's macro stands between them (``第{\\hyperref[…]{7}}節``), so a linked
    step number printed tight (「第7至14節」) beside a plain one; the space goes in by hand."""

    builders = ("latex",)
    default_priority = 910  # after the references are resolved and the lines joined

    def run(self, **kwargs: Any) -> None:
        for reference in list(self.document.findall(nodes.reference)):
            space_beside(reference)


def setup_cjk(app: Any) -> None:
    app.add_transform(JoinCJKLines)
    app.add_post_transform(JoinCJKLinesAfterReferences)
    app.add_post_transform(SpaceLinksInPrint)
