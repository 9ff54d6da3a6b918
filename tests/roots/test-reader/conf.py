# What a reader of the site and of the book runs into (issue 15, tests/test_reader_site.py):
# counts of negated acts, the apparatus entry's form, phase anchors, citation tags, the index
# pages, the interface's words. The published site's setup: furo and the site machinery.
extensions = ["myst_parser", "ritual", "ritual_site"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
language = "zh_TW"
html_theme = "furo"
xs_check_registry = False
exclude_patterns = ["_build", "_edition"]
suppress_warnings = ["xs.no_base_url"]
html_use_index = False
