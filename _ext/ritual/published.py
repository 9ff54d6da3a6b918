"""The files and folders the build publishes beside the pages, named once.

A feature that links to one of them (the downloads list, the ``{xs:data}`` role, the reading
scripts) and the writer that writes it (:mod:`ritual.export`, the term pages) read its name
here, so that neither imports the other.
"""

from __future__ import annotations

#: The machine-readable edition (:mod:`ritual.export.edition_json`).
EDITION_JSON = "edition.json"

#: Where the TEI file is written, relative to the HTML output (``{}``: the edition's id).
TEI_PATH = "tei/{}.xml"

#: The folder of the headword pages (:mod:`ritual.components.terms.indexes`).
TERMS_FOLDER = "terms"


def tei_path(edition_id: str) -> str:
    """The TEI file of the edition ``edition_id``, relative to the HTML output."""
    return TEI_PATH.format(edition_id)
