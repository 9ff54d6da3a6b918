# The base of the bad-input matrix (tests/test_bad_input.py): a valid one-page edition with its
# own small data files. Each case of the matrix overwrites one file with one bad input.
extensions = ["myst_parser", "ritual"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
xs_step_registry = "registry.tsv"
xs_apparatus = "apparatus.toml"
xs_sigla = "sigla.tsv"
xs_vocabulary_dir = "vocab"
# The registry is checked only by the cases about it (they switch this on).
xs_check_registry = False
