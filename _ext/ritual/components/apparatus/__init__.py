"""The apparatus in the build: entries applied to each step and exported (:mod:`.placement`),
the sigla and apparatus-summary directives (:mod:`.sigla`), the 凡例's table of declared
normalisations (:mod:`.orthography_table`)."""
