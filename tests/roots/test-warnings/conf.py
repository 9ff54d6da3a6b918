extensions = ["myst_parser", "ritual", "ritual_site"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
# The edition's data: _edition/ (the default), all of it its own.
xs_base_url = "https://example.org/test/"
exclude_patterns = ["_build", "_edition"]
# The interface language: the engine's words from its zh_TW catalog (ritual/i18n.py).
language = "zh_TW"
