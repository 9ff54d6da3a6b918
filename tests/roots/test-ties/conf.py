extensions = ["myst_parser", "ritual"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
exclude_patterns = ["_build", "_edition"]
# The interface language: the engine's words from its zh_TW catalog (ritual/i18n.py).
language = "zh_TW"
