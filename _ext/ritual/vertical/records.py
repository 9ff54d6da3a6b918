"""The vertical book's records, from the domain's data and the edition's 注 (pure but for the
reading of ``commentary.tsv``): parts, phases, steps with their notes and 校記 markers.

The 注 is the edition's ``commentary.tsv`` (a note stands after ``end`` in its step's edited
text), read by the strict reader of every data file (``datafiles.table``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..datafile import Row
from .layout import Marker, Note


@dataclass(frozen=True)
class CommentaryNote:
    """A row of ``commentary.tsv``: the note ``text`` after ``end`` of step ``step``."""

    id: str
    step: str
    start: int
    end: int
    lemma: str
    text: str
    line: int


def read_commentary(rows: Iterable[Row]) -> list[CommentaryNote]:
    """The notes of ``commentary.tsv`` in reading order, from the rows the strict reader
    passed (``datafile.read_tsv`` against ``edition.COMMENTARY_FORM``: a malformed row is
    reported there, at its line, and is not among them)."""
    return [
        CommentaryNote(r["id"], r["step"], r["start"], r["end"], r["lemma"], r["text"], r.line)
        for r in rows
    ]


def notes_by_step(
    notes: Iterable[CommentaryNote], texts: Mapping[str, str]
) -> tuple[dict[str, tuple[Note, ...]], list[tuple[CommentaryNote, str]]]:
    """The notes of each step, and those that cannot be placed, with the reason: a step the
    edition lacks, or a lemma that is not its step's text at its offsets."""
    placed: dict[str, list[Note]] = {}
    bad: list[tuple[CommentaryNote, str]] = []
    for n in notes:
        text = texts.get(n.step)
        if text is None:
            bad.append((n, f"its step {n.step} is not in the edition"))
        elif not 0 <= n.start <= n.end <= len(text) or text[n.start : n.end] != n.lemma:
            bad.append((n, f"its lemma 「{n.lemma}」 is not at {n.start}–{n.end} of {n.step}"))
        else:
            placed.setdefault(n.step, []).append(Note(n.end, n.text))
    return {k: tuple(v) for k, v in placed.items()}, bad


def markers(places: Iterable[tuple[int, str]]) -> tuple[Marker, ...]:
    """The 校記 markers of a step from its apparatus places ``(end, label)``: the labels of
    the 原文's series are numbers (``12``)."""
    return tuple(Marker(end, int(label)) for end, label in places if label.isdigit())
