"""Sphinx side of the vocabularies: load them once per build, check them, answer lookups.

The data and its validation live in :mod:`.vocab` (no Sphinx); this module only finds the
files (``xs_vocabulary_dir``), turns each :class:`~.vocab.Problem` into a located warning, and
serves the roles with the headwords of each kind.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from . import vocab
from .warnings import XsWarning, warn


class Vocabulary:
    """The four vocabularies of a build, indexed by kind and headword."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.terms = vocab.index(vocab.load(directory))

    def headwords(self, kind: str) -> dict[str, vocab.Term]:
        return self.terms.get(kind, {})

    def file_of(self, kind: str) -> Path:
        return self.directory / f"{kind}.tsv"


@lru_cache(maxsize=4)
def _load(directory: Path, stamp: tuple[float, ...]) -> Vocabulary:
    return Vocabulary(directory)


#: The files' modification times, looked up once per build (every marked term asks for the
#: vocabulary: thousands of times in a build, and a ``stat`` each time showed in profiles).
_STAMPS: dict[Path, tuple[float, ...]] = {}


def vocabulary_for(env: Any) -> Vocabulary:
    """The build's vocabulary (re-read only when a file changed between builds)."""
    directory = Path(env.config.xs_vocabulary_dir)
    stamp = _STAMPS.get(directory)
    if stamp is None:
        stamp = _STAMPS[directory] = tuple(
            (directory / f"{k}.tsv").stat().st_mtime if (directory / f"{k}.tsv").exists() else 0.0
            for k in vocab.KINDS
        )
    return _load(directory, stamp)


def check_vocabulary(app: Sphinx) -> None:
    """``builder-inited``: every problem in the vocabulary data, located at its file line."""
    _STAMPS.clear()  # a new build: look at the files again
    for problem in vocab.validate(app.config.xs_vocabulary_dir):
        warn(problem.message, XsWarning.BAD_VOCABULARY, f"{problem.file}:{problem.line}")
