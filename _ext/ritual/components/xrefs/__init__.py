"""Back-references in the build: the formula roles inside steps (:mod:`.roles`), their
resolution, checks, page data and export (:mod:`.references`), the reference-list directive
(:mod:`.reference_list`)."""
