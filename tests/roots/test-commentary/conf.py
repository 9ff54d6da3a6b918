# The commentary printed with the text (tests/test_commentary_display.py): the steps root's
# pages and data, with a commentary.tsv whose notes stand mid-step, after a term, after an
# apparatus marker, across two steps, after an emended character, and with a supplied part.
extensions = ["myst_parser", "ritual", "ritual_site"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
xs_base_url = "https://example.org/test/"
exclude_patterns = ["_build", "_edition"]
# The interface language: the engine's words from its zh_TW catalog (ritual/i18n.py).
language = "zh_TW"
