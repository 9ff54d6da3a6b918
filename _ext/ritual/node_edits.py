"""Editing doctrees by node identity.

A docutils ``Text`` node is a ``str``: ``Element.index``, ``.replace`` and ``.remove`` find the
first child *equal* to it, which in Chinese text is often another node (a second 之, a second
line break). Every edit of the engine's goes through these instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes


def index_of(node: nodes.Node) -> int:
    """The node's index among its parent's children, by identity."""
    return next(i for i, child in enumerate(node.parent.children) if child is node)


def replace(old: nodes.Node, new: nodes.Node | Sequence[nodes.Node]) -> None:
    """Put ``new`` (a node or several) where ``old`` stands."""
    parent, i = old.parent, index_of(old)
    if isinstance(new, nodes.Node):
        parent[i] = new
    else:
        parent[i : i + 1] = list(new)


def remove(node: nodes.Node) -> None:
    del node.parent[index_of(node)]


def spans_of(
    body: nodes.Element, kind: type[nodes.Element], skip: type[nodes.Element]
) -> list[tuple[nodes.Element, int, int]]:
    """Every ``kind`` node in ``body`` with its (start, end) in the body's text, in order.

    The text inside ``skip`` nodes (an apparatus marker's number) is not the step's text: it
    is neither counted nor searched.
    """
    spans: list[tuple[nodes.Element, int, int]] = []
    offset = 0

    def walk(node: nodes.Node) -> None:
        nonlocal offset
        if isinstance(node, nodes.Text):
            offset += len(node)
            return
        if isinstance(node, skip):
            return
        start = offset
        for child in node.children:
            walk(child)
        if isinstance(node, kind):
            spans.append((node, start, offset))

    walk(body)
    return spans
