extensions = ["myst_parser", "ritual", "ritual_site"]
myst_enable_extensions = ["colon_fence"]
xs_check_registry = False
root_doc = "index"
# The edition's data: _edition/ (the default). Files it shares with the 鄉射禮 edition by
# reference ("@xiangsheli" in _edition/edition.toml) are found through xs_editions, which the
# test suite points at the real edition folder (tests/conftest.py sets the variable).
import os  # noqa: E402

xs_editions = {"xiangsheli": os.environ.get("RITUAL_MAIN_EDITION", "")}
xs_base_url = "https://example.org/test/"
exclude_patterns = ["_build", "_edition"]
