"""The inventory (``objects.inv``) lists only pages the site has.

Sphinx's standard domain names three pages of its own as labels in every project — ``genindex``,
``modindex`` and ``search`` — and each domain index as ``<domain>-<name>`` (``py-modindex``),
whether or not the HTML builder writes them. An edition without Python modules has no
``py-modindex.html``, and one that sets ``html_use_index = False`` no ``genindex.html``; a
project that followed those labels through intersphinx would land on a missing page. So,
once the documents are read, the labels of generated pages the builder will not write go.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def _written_indices(app: Sphinx, env: Any) -> set[str]:
    """The domain indices the HTML builder writes: those ``html_domain_indices`` selects
    that have entries (the builder skips an empty one)."""
    wanted = app.config.html_domain_indices
    written = set()
    for domain in env.domains.sorted():
        for index_cls in domain.indices:
            name = f"{domain.name}-{index_cls.name}"
            if wanted is False or (not isinstance(wanted, bool) and name not in wanted):
                continue
            content, _ = index_cls(domain).generate()
            if content:
                written.add(name)
    return written


def drop_unwritten_pages(app: Sphinx, env: Any) -> list[str]:
    """``env-updated`` (HTML): remove the standard labels of generated pages not written."""
    if app.builder.format != "html":
        return []
    std = env.domains.standard_domain
    indices = {f"{d.name}-{i.name}" for d in env.domains.sorted() for i in d.indices if i.name}
    written = _written_indices(app, env)
    if app.config.html_use_index:
        written.add("genindex")
    for name, (docname, *_rest) in list(std.labels.items()):
        if docname in env.all_docs or docname == "search":
            continue
        if (docname in indices or docname == "genindex") and docname not in written:
            del std.labels[name]
            std.anonlabels.pop(name, None)
    return []


def setup_inventory(app: Sphinx) -> None:
    app.connect("env-updated", drop_unwritten_pages)
