# The same markup written in MyST and in reStructuredText (tests/test_parity.py): the
# directives and roles must give the same records and the same HTML from either.
extensions = ["myst_parser", "ritual"]
myst_enable_extensions = ["colon_fence"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
xs_check_registry = False
xs_base_url = "https://example.org/test/"
exclude_patterns = ["_build", "_edition"]
# The interface language: the engine's words from its zh_TW catalog (ritual/i18n.py).
language = "zh_TW"
