"""The engine's import graph keeps the layout's promises (issue 22): read with ``ast`` from the
source, every import counted, function-local ones included (they are how circles hide).

The layers, from the bottom:

- ``ritual.core``: the pure modules. They import nothing of Sphinx or docutils, and nothing of
  the engine outside ``core``.
- the shared build modules, ``ritual.<module>`` (:data:`SHARED`): the configuration, the
  per-build state, the data files read once, the domain, the nodes, the warnings, the doctree
  edits and ``edition.json``'s writer. They import the core and each other, never a component
  or an output.
- ``ritual.components``: one component per feature (a module, or a subpackage where the feature
  is large). A component imports the core, the shared modules and its own modules; never
  another component (the step directive, which composes the features that annotate a step,
  is the one declared exception: :data:`COMPOSES`), and never an output.
- the outputs, ``ritual.export`` (``edition.json``, the TEI file, the DTS API),
  ``ritual.writers``, ``ritual.latex``, ``ritual.vertical``: they may read any component's data.
- ``ritual`` itself (``__init__.py``): the table of ``setup_<feature>`` calls, and beside it
  :mod:`ritual.derive`, the one ordered list of what ``env-updated`` derives.

And the graph has no circle (a module importing itself through others).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "_ext" / "ritual"

#: The shared build modules: what every component may read.
SHARED = {
    "config",
    "datafiles",
    "domain",
    "events",
    "i18n",
    "node_edits",
    "plan_inputs",
    "nodes",
    "published",
    "state",
    "warnings",
}
#: The outputs: they read every feature's data, and nothing reads them.
OUTPUTS = {"export", "latex", "vertical", "writers"}
#: The one component that composes others: the step directive reads a step's text once and
#: has each feature that annotates it work on it in a fixed order (the apparatus first, since
#: it changes the text the others locate their spans in; then the back-reference formulas and
#: the commentary's notes), keeping what each returns in the step's record. Component →
#: the components it may import.
#: The plans link each position that rests on the 注 to the note that holds the words its
#: row quotes (issue 21): they find it as a formula's basis is found (the xrefs'
#: ``quoted_note``, over the commentary's notes).
COMPOSES = {"steps": {"apparatus", "commentary", "xrefs"}, "plans": {"commentary", "xrefs"}}
#: The engine's wiring beside the table of ``setup()``: the one derivation order of
#: ``env-updated`` (:mod:`ritual.derive`), which calls into several components.
WIRING = {"derive"}
#: Libraries the core must not import: it is the part that works without Sphinx.
SPHINX = {"sphinx", "docutils", "myst_parser"}


def module_name(path: Path) -> str:
    parts = ["ritual", *path.relative_to(ENGINE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in ENGINE.rglob("*.py")}


def imports(name: str) -> Iterator[tuple[str, int]]:
    """Every module ``name`` imports (an engine module, or a library's top name), with the line,
    at any depth of the file (inside functions too)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                yield (sub if sub in MODULES else module), node.lineno


def engine_imports(name: str) -> Iterator[tuple[str, int]]:
    for target, line in imports(name):
        if target == "ritual" or target.startswith("ritual."):
            while target not in MODULES:
                target = target.rpartition(".")[0]
            if target != name:
                yield target, line


GRAPH = {name: {t for t, _ in engine_imports(name)} for name in MODULES}


def layer(name: str) -> tuple[str, str]:
    """The module's layer and, for a component or an output, which one."""
    parts = name.split(".")
    if len(parts) == 1:
        return "table", ""
    if parts[1] == "core":
        return "core", ""
    if parts[1] == "components":
        return ("component", parts[2]) if len(parts) > 2 else ("components", "")
    if parts[1] in OUTPUTS:
        return "output", parts[1]
    if parts[1] in WIRING:
        return "table", ""
    assert parts[1] in SHARED, f"{name}: a module outside core/ and components/ must be declared"
    return "shared", ""


#: What each layer may import, besides itself.
ALLOWED = {
    "core": {"core"},
    "shared": {"core", "shared"},
    "components": {"core", "shared"},
    "component": {"core", "shared"},
    "output": {"core", "shared", "component"},
    "table": {"core", "shared", "component", "output"},
}


def upward_imports() -> list[str]:
    found = []
    for name in sorted(MODULES):
        mine, which = layer(name)
        for target, line in sorted(engine_imports(name), key=lambda t: t[1]):
            theirs, other = layer(target)
            if theirs == mine and (mine not in ("component", "output") or other == which):
                continue
            if theirs in ALLOWED[mine] and not (theirs == "component" and mine == "component"):
                continue
            if mine == theirs == "component" and other in COMPOSES.get(which, ()):
                continue
            found.append(f"{MODULES[name].relative_to(ENGINE)}:{line}: {name} imports {target}")
    return found


def circles() -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(GRAPH)))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(sorted(scc))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read() -> None:
    """The reader finds the edges it must (so that the other tests cannot pass on an empty
    graph): the table imports the steps' registration, a function-local import is seen."""
    assert "ritual.components.steps.registration" in GRAPH["ritual"]
    assert "ritual.core.diagram.model" in GRAPH["ritual.core.diagram.svg"]
    assert len(MODULES) > 80


def test_no_circles() -> None:
    assert circles() == []


def test_no_upward_imports() -> None:
    assert upward_imports() == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n)[0] == "core"))
def test_the_core_does_not_import_sphinx(name: str) -> None:
    found = [
        f"{MODULES[name].relative_to(ENGINE)}:{line}: {target}"
        for target, line in imports(name)
        if target.split(".")[0] in SPHINX
    ]
    assert found == []


def test_the_table_is_only_setup_calls() -> None:
    """``ritual/__init__.py`` is the registration table: imports of ``setup_<feature>``
    functions and one ``setup()`` that calls them."""
    tree = ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8"))
    names = [
        alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level
        for alias in node.names
    ]
    assert names and all(n.startswith("setup_") for n in names)
    (setup,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "setup"]
    calls = [
        s.value.func.id
        for s in setup.body
        if isinstance(s, ast.Expr)
        and isinstance(s.value, ast.Call)
        and isinstance(s.value.func, ast.Name)
    ]
    assert sorted(calls) == sorted(names)


def test_every_declared_composition_is_used() -> None:
    """An exception in :data:`COMPOSES` that no import needs any more goes."""
    used = {
        (layer(name)[1], layer(target)[1])
        for name, targets in GRAPH.items()
        for target in targets
        if layer(name)[0] == layer(target)[0] == "component" and layer(name)[1] != layer(target)[1]
    }
    assert used == {(a, b) for a, bs in COMPOSES.items() for b in bs}
