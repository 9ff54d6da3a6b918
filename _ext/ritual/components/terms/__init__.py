"""Terms: the edition's kinds of term registered per build (:mod:`.kinds`), their inline roles
(:mod:`.roles`), the domain indices, headword and role pages (:mod:`.indexes`) and the book's
printed indexes (:mod:`.printed_indexes`)."""
