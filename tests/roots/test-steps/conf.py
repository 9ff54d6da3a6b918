extensions = ["myst_parser", "ritual"]
myst_enable_extensions = ["colon_fence"]
xs_step_registry = "registry.tsv"
root_doc = "index"
xs_apparatus = "apparatus.toml"
xs_sigla = "sigla.tsv"
