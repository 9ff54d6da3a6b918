"""Offline collation of the base text of 鄉射禮 with the Kanseki Repository witnesses.

Run ``python -m tools.collate [WITNESS_DIR]``; it writes
``tools/work/collation.json``.  See :mod:`tools.collate.core`.
"""
