"""The build's outputs made from the domain's data, not from the written pages: ``edition.json``
(:mod:`.edition_json`), and the TEI file and the DTS API made from its records (:mod:`.tei`).

These are outputs, like :mod:`ritual.writers`: they read every feature's data by importing
its component directly, and no component imports them (``tests/test_architecture.py``).
"""
