"""The engine's pure core: every module here works without Sphinx or docutils.

Data files read and checked (:mod:`.datafile`, :mod:`.edition`, :mod:`.manifest`,
:mod:`.vocab`, :mod:`.registry`), the apparatus and the orthography (load, locate, apply,
format), the commentary, the back-references, the concordance, the search index, the plans
(:mod:`.diagram`) and the TEI and DTS documents. Each is unit-tested alone; the Sphinx side of a
feature lives in :mod:`ritual.components`, and ``tests/test_architecture.py`` keeps the core free
of any import of Sphinx, docutils or the rest of the engine.
"""
