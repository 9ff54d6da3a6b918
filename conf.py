"""Settings of the edition 儀禮·鄉射禮 (Sphinx; built with ``-c . source``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "_ext"))

# -- The edition -----------------------------------------------------------------------------
project = "儀禮·鄉射禮"
author = "鄉射禮校注本編輯組"
copyright = "2026, 鄉射禮校注本編輯組 (text CC BY-SA 4.0)"
version = release = "0.1.0"
xs_edition_title = "儀禮·鄉射禮：彙校譯注本 (The Village Archery Rite: a critical edition)"
xs_base_text = (
    "網絡本《儀禮·鄉射禮》原文與譯文 (web copy; see 底 in the sigla), "
    "emended against the Kanseki Repository witnesses"
)

# -- Sphinx ------------------------------------------------------------------------------------
extensions = ["myst_parser", "sphinx_design", "xiangsheli"]
myst_enable_extensions = ["colon_fence", "attrs_block", "attrs_inline", "deflist"]
myst_heading_anchors = 0
language = "zh_TW"
root_doc = "index"
exclude_patterns = ["_build"]
templates_path = [str(ROOT / "_templates")]
nitpicky = True
today_fmt = "%Y-%m-%d"

# -- HTML ----------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "儀禮·鄉射禮"
html_static_path = [str(ROOT / "_static")]
html_css_files = ["edition.css"]
html_permalinks_icon = "¶"
html_last_updated_fmt = None
html_copy_source = False
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}
