"""The words of the site's interface in the edition's language, through Sphinx's own i18n.

The theme (furo) writes its words — Skip to content, Back to top, Next, Made with …, the theme
toggle's labels — in English, most of them marked for translation (``{% trans %}``, ``_()``)
but absent from Sphinx's own catalogs, and a few not marked at all (literal ``aria-label``
values and the ``<title>`` of its icons). Here:

- :class:`MarkThemeWords`, a Jinja extension on the builder's templates, marks the literal
  labels (an English ``aria-label``, ``title``, ``alt`` or ``<title>``, and the possessive of
  the theme's credit line) so that they go through the same ``gettext`` as the rest;
- :func:`load_catalog` compiles the site's message catalog (``locale/<language>/LC_MESSAGES/
  sphinx.po`` beside this module) with Sphinx's catalog machinery into the build's doctree
  folder. In the templates it comes *before* Sphinx's own catalogs, so that the page chrome
  says what the edition's pages say (檢索, not Sphinx's 搜尋); in Python-side ``_()`` it is a
  fallback, for the words Sphinx's catalogs lack.

A changed catalog is on every page: its digest is the configuration value
``xs_site_catalog_digest`` (set here at ``config-inited``, not by a project; an HTML value),
so that Sphinx's record of the last build's configuration no longer matches and the builder
writes every page again, as after any change of the configuration.

A language without a catalog here keeps the theme's words. The zh-Hans copy converts the
Traditional pages, these words with them.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from gettext import GNUTranslations
from pathlib import Path
from typing import Any

from jinja2.ext import Extension
from ritual.components.terms.indexes import DIGESTS_FILE
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.i18n import CatalogInfo

#: The site's catalogs: ``<language>/LC_MESSAGES/sphinx.po``.
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "sphinx"

_LITERAL = r"([A-Za-z][^\"{}<>%]*)"
#: Literal English labels of a template: attribute values, and the text of a <title> (an icon's).
_ATTRIBUTE = re.compile(r'(\s(?:aria-label|title|alt)=)"' + _LITERAL + '"')
_TITLE = re.compile(r"(<title>)" + _LITERAL + "(</title>)")
#: The possessive after a link in the theme's credit line ("@pradyunsg's Furo").
_POSSESSIVE = re.compile(r"(</a>)'s\b")


def _gettext_call(text: str) -> str:
    return "{{ _(" + repr(text) + ") }}"


def mark_theme_words(source: str) -> str:
    """A template's source with its literal English labels passed through ``_()``."""
    source = _ATTRIBUTE.sub(lambda m: f'{m[1]}"{_gettext_call(m[2])}"', source)
    source = _TITLE.sub(lambda m: m[1] + _gettext_call(m[2]) + m[3], source)
    return _POSSESSIVE.sub(lambda m: m[1] + _gettext_call("'s"), source)


class MarkThemeWords(Extension):
    """Marks for translation the words a theme's templates write as literals."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return mark_theme_words(source)


def catalog_source(language: str | None) -> Path | None:
    """The site's ``.po`` for ``language``, if it has one."""
    source = LOCALE_DIR / (language or "") / "LC_MESSAGES" / f"{DOMAIN}.po"
    return source if language and source.is_file() else None


def note_catalog(app: Sphinx, config: Config) -> None:
    """``config-inited``: the catalog's digest among the values of the HTML pages."""
    source = catalog_source(config.language)
    digest = hashlib.sha256(source.read_bytes()).hexdigest() if source else ""
    config.xs_site_catalog_digest = digest


def compiled_catalog(app: Sphinx) -> tuple[Path, bool] | None:
    """The site's catalog for the build's language, compiled into the doctree folder (again
    when the ``.po`` changed), and whether it was compiled now; None if there is none for the
    language."""
    language = app.config.language or ""
    source = catalog_source(language)
    if source is None:
        return None
    target = Path(app.doctreedir) / "ritual_site-locale" / language / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    copy = target / source.name
    if not copy.is_file() or copy.read_bytes() != source.read_bytes():
        shutil.copyfile(source, copy)
    catalog = CatalogInfo(target, DOMAIN, "utf-8")
    compiled = catalog.is_outdated()
    if compiled:
        catalog.write_mo(language)
    return Path(catalog.mo_path), compiled


def _write_the_headword_pages_again(app: Sphinx) -> None:
    """New interface words are on every page: the builder writes the pages again (the
    catalog's digest is in the configuration), and the headword pages, which it does not
    write, are written again when their digests are forgotten."""
    Path(app.doctreedir, DIGESTS_FILE).unlink(missing_ok=True)


def load_catalog(app: Sphinx) -> None:
    """``builder-inited`` (HTML): the site's words after Sphinx's own, and the theme's literal
    words marked for translation."""
    if app.builder.format != "html":
        return
    templates: Any = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is not None and MarkThemeWords.identifier not in environment.extensions:
        environment.add_extension(MarkThemeWords)
    found = compiled_catalog(app)
    if found is None:
        return
    mo, compiled = found
    if compiled:
        _write_the_headword_pages_again(app)
    if not getattr(app.translator, "_xs_site_words", False):
        with mo.open("rb") as f:
            app.translator.add_fallback(GNUTranslations(f))
        app.translator._xs_site_words = True  # type: ignore[attr-defined]
    if environment is not None and hasattr(environment, "install_gettext_translations"):
        # A second catalog object: one cannot stand both before Sphinx's and behind it.
        with mo.open("rb") as f:
            first = GNUTranslations(f)
        first.add_fallback(app.translator)
        environment.install_gettext_translations(first)


def setup_chrome(app: Sphinx) -> None:
    app.add_config_value("xs_site_catalog_digest", "", "html", str)
    app.connect("config-inited", note_catalog)
    app.connect("builder-inited", load_catalog)
