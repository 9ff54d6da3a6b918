"""The plans in the build: the diagram and stage directives (:mod:`.diagram_directives`), and
the diagrams and the stage view drawn, written and exported (:mod:`.diagrams`). Their inputs
(setting, positions, drawers, timeline) are read by the shared :mod:`ritual.plan_inputs`."""
