"""The engine's interface words, through a message catalog of its own, as Sphinx's extensions
keep theirs (``sphinx.ext.todo``: ``get_translation`` and ``app.add_message_catalog``).

The words are written in English in the code (the msgids) and translated by the catalog
``locale/<language>/LC_MESSAGES/ritual.mo`` beside this module for the build's ``language``;
a language without a catalog gets the English. The edition's language is ``zh_TW``: only the
Traditional catalog is needed, the zh-Hans copy of the site being converted from the
Traditional pages by OpenCC, these words with them.

The ``.mo`` is committed beside its ``.po``, as an extension ships its catalogs (Sphinx
compiles only the project's ``locale_dirs``); ``make catalog`` compiles it again, and a test
checks that the committed ``.mo`` is the compiled ``.po``.

Call ``_()`` where a word is used, not at import: before the catalog is loaded it returns a
lazy proxy, which is not a ``str``.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.locale import get_translation

#: The catalog's name: ``ritual.po`` and ``ritual.mo``.
CATALOG = "ritual"
#: ``<language>/LC_MESSAGES/ritual.mo``.
LOCALE_DIR = Path(__file__).parent / "locale"

_ = get_translation(CATALOG)


def setup_i18n(app: Sphinx) -> None:
    app.add_message_catalog(CATALOG, str(LOCALE_DIR))
