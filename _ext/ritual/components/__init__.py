"""The Sphinx side of the engine, one feature per module (a subpackage where a feature is
large): its directives, roles, transforms, event handlers, what it gives ``edition.json``, and
its ``setup_<feature>(app)``, which :mod:`ritual`'s ``setup()`` calls in a table.

A component reads the shared build modules (:mod:`ritual.domain`, :mod:`ritual.state`,
:mod:`ritual.datafiles`, :mod:`ritual.nodes`, :mod:`ritual.warnings` …) and the pure
:mod:`ritual.core`; ``tests/test_architecture.py`` holds the rules of the import graph.
"""
