"""Steps: the step, phase and translation directives (:mod:`.step`, :mod:`.phase`,
:mod:`.translation`), their numbering (:mod:`.numbering`), the repair of MyST's slips inside a
step (:mod:`.markup_slips`), and their registration (:mod:`.registration`)."""
