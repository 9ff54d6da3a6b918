"""The vertical book's records, from the domain's data and the edition's 注 (pure but for the
reading of ``commentary.tsv``): parts, phases, steps with their notes and 校記 markers.

The 注 is read here from the edition's ``commentary.tsv`` (a note stands after ``end`` in its
step's edited text) by a loader of a few lines, until the engine's own glue for the 注 lands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

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


def read_commentary(path: Path) -> list[CommentaryNote]:
    """The notes of ``commentary.tsv`` in reading order (``#`` lines are its header)."""
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    body = [(i + 1, ln) for i, ln in enumerate(lines) if ln and not ln.startswith("#")]
    if not body:
        return []
    header = body[0][1].split("\t")
    out = []
    for lineno, line in body[1:]:
        row = dict(zip(header, line.split("\t"), strict=False))
        out.append(
            CommentaryNote(
                row["id"],
                row["step"],
                int(row["start"]),
                int(row["end"]),
                row["lemma"],
                row["text"],
                lineno,
            )
        )
    return out


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
