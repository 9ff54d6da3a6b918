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
