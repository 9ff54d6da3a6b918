# The base of the bad-input matrix (tests/test_bad_input.py): a valid one-page edition with its
# own small data files. Each case of the matrix overwrites one file with one bad input.
extensions = ["myst_parser", "ritual", "ritual_site"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
# The registry is checked only by the cases about it (they switch this on).
xs_check_registry = False
# The edition's data: _edition/ (the default), all of it its own.
xs_base_url = "https://example.org/test/"
exclude_patterns = ["_build", "_edition"]
# The interface language: the engine's words from its zh_TW catalog (ritual/i18n.py).
language = "zh_TW"
