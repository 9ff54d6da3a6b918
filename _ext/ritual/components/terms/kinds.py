"""Sphinx side of the vocabularies: the edition's term kinds, their data, checks and lookups.

The data and its validation live in :mod:`.vocab` (no Sphinx). Here the edition's kinds
(``edition.toml`` ``[terms] kinds``) become roles (``{vessel}`觶```) and domain indices, each
:class:`~.vocab.Problem` becomes a located warning, and the roles are served the headwords of
each kind, read once per build (:mod:`.state`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from ...core import vocab
from ...core.datafile import closest
from ...core.edition import EDITION_FILE, Edition, load_edition
from ...plan_inputs import positions_for
from ...state import build_state, edition_of
from ...warnings import XsWarning, report, warn


class Vocabulary:
    """The vocabularies of a build, indexed by kind and headword."""

    def __init__(self, edition: Edition, others: dict[str, Path]) -> None:
        self.directory = edition.path("vocab")
        self.kinds = edition.kind_names
        self.others = others
        self.terms = vocab.index(vocab.load(self.directory, self.kinds, others))

    def headwords(self, kind: str) -> dict[str, vocab.Term]:
        return self.terms.get(kind, {})

    def problems(self) -> list[vocab.Problem]:
        return vocab.validate(self.directory, self.kinds, self.others)


def shared_vocabularies(config: Any) -> dict[str, Path]:
    """The vocabulary folder of every other edition the build may share terms with."""
    return {
        name: load_edition(folder, config.xs_editions).path("vocab")
        for name, folder in config.xs_editions.items()
    }


def vocabulary_for(env: Any) -> Vocabulary:
    """The build's vocabulary (read once per build)."""
    return build_state(env).file(
        "vocabulary", lambda: Vocabulary(edition_of(env), shared_vocabularies(env.config))
    )


def check_vocabulary(app: Sphinx) -> None:
    """``builder-inited``: every problem in the vocabulary data, located at its file line; and
    a renamed headword (``[terms] renamed``) whose new name is no headword of its kind (its old
    page would send the reader nowhere)."""
    vocabulary = vocabulary_for(app.env)
    edition = edition_of(app.env)
    if "vocab" not in edition.missing():  # (a declared folder that is none is said once, there)
        report(vocabulary.problems())
    where = f"{edition.folder / EDITION_FILE}:{edition.renamed_line or 1}"
    for (kind, old), new in edition.renamed.items():
        if new not in vocabulary.headwords(kind):
            warn(
                f"terms.renamed: {old!r} is renamed {new!r}, which is no {kind} headword",
                XsWarning.UNKNOWN_TERM,
                where,
            )


def check_figures(app: Sphinx) -> None:
    """``builder-inited``: every headword of ``figures.tsv`` is a headword of the persons' kind
    (``[terms] persons``; without it, of some kind of the edition), at its line: a figure said
    to be an instance of no person would put its steps on no person's itinerary (or on the
    wrong one). An empty headword is allowed (the figure is no vocabulary headword)."""
    edition = edition_of(app.env)
    path = edition.path("figures")
    if not path.is_file():
        return
    vocabulary = vocabulary_for(app.env)
    kinds = [edition.persons] if edition.persons else list(edition.kind_names)
    known = {word for kind in kinds for word in vocabulary.headwords(kind)}
    for figure in positions_for(app.env).figures.values():
        if figure.headword and figure.headword not in known:
            of = f"of the kind {edition.persons!r}" if edition.persons else "of any kind"
            warn(
                f"figure {figure.name!r}: headword {figure.headword!r} is no headword {of} "
                f"(vocab){closest(figure.headword, tuple(known))}",
                XsWarning.UNKNOWN_TERM,
                f"{path}:{figure.line}",
            )
