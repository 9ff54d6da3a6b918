"""ritual_site: the site machinery around an edition built with ``ritual`` — optional.

What a published site of the edition wants beyond the edition itself, and what a project that
only needs the steps, their apparatus and their plans can do without: the Simplified-Chinese
copy of every page and the 繁/简 switch (:mod:`.simplified`), the page's language tag
(:mod:`.html_page`), named section anchors (:mod:`.anchors`), ``sitemap.xml``
(:mod:`.sitemap`), per-page assets (:mod:`.assets`), one navigation tree per folder for
generated pages (:mod:`.navigation`), two accessibility fixes to Sphinx's HTML
(:mod:`.translator`), an inventory of the pages the site has (:mod:`.inventory`), and the
interface's words in the edition's language (:mod:`.chrome`).
It loads the engine itself.
"""

from __future__ import annotations

from typing import Any

from ritual import __version__ as ritual_version
from sphinx.application import Sphinx

from .anchors import setup_anchors
from .assets import setup_assets
from .chrome import setup_chrome
from .config import setup_config
from .html_page import setup_html_page
from .inventory import setup_inventory
from .navigation import setup_navigation
from .simplified import setup_simplified
from .sitemap import setup_sitemap
from .translator import setup_translator

#: The engine's version, one for both extensions.
__version__ = ritual_version


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ritual")
    setup_config(app)
    setup_html_page(app)
    setup_translator(app)
    setup_anchors(app)
    setup_simplified(app)
    setup_sitemap(app)
    setup_navigation(app)
    setup_assets(app)
    setup_inventory(app)
    setup_chrome(app)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
