extensions = ["myst_parser", "ritual"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
exclude_patterns = ["_build", "_edition"]
