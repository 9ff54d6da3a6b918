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

Call ``_()`` where a word is used, not at import: before the catalog is loaded (at import, or
outside a build) it gives the msgid itself, always a ``str``.

Words are put in the doctrees as they are read (a missing translation's 譯文闕, a step's
title), so a changed catalog makes a full re-read: the digest of the build language's ``.mo``
is the configuration value ``xs_catalog_digest`` (set here, not by a project), which Sphinx
compares with the last build's like any value that rebuilds the environment.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation

#: The catalog's name: ``ritual.po`` and ``ritual.mo``.
CATALOG = "ritual"
#: ``<language>/LC_MESSAGES/ritual.mo``.
LOCALE_DIR = Path(__file__).parent / "locale"

_translate = get_translation(CATALOG)


def _(message: str) -> str:
    """``message`` in the build's language (Sphinx's lazy proxy made a ``str``)."""
    return str(_translate(message))


def catalog_digest(language: str | None) -> str:
    """The digest of the catalog of ``language`` ("" when there is none)."""
    mo = LOCALE_DIR / (language or "") / "LC_MESSAGES" / f"{CATALOG}.mo"
    return hashlib.sha256(mo.read_bytes()).hexdigest() if language and mo.is_file() else ""


def note_catalog(app: Sphinx, config: Config) -> None:
    """``config-inited``: the catalog's digest among the values that rebuild the environment."""
    config.xs_catalog_digest = catalog_digest(config.language)


def setup_i18n(app: Sphinx) -> None:
    app.add_message_catalog(CATALOG, str(LOCALE_DIR))
    app.add_config_value("xs_catalog_digest", "", "env", str)
    app.connect("config-inited", note_catalog)
