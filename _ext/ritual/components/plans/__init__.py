"""The plans in the build: their inputs (setting, positions, drawers, timeline:
:mod:`.inputs`), the diagram and stage directives (:mod:`.diagram_directives`), and the
diagrams and the stage view drawn, written and exported (:mod:`.diagrams`)."""
