"""The vertical book's records, from the domain's data (pure): steps with their notes of the
注 and their 校記 markers.

The 注 is the one the steps hold (:mod:`..commentary`, read and placed by
``components/commentary.py``): a note stands after ``end`` in its step's edited text.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core import commentary
from .layout import Marker, Note


def notes(placed: Iterable[commentary.Note]) -> tuple[Note, ...]:
    """The layout's notes of a step from the notes the step holds (each after ``end``; the
    marks of a supplied part kept, as the site prints them)."""
    return tuple(Note(n.end, n.text) for n in placed)


def markers(places: Iterable[tuple[int, str]]) -> tuple[Marker, ...]:
    """The 校記 markers of a step from its apparatus places ``(end, label)``: the labels of
    the 原文's series are numbers (``12``)."""
    return tuple(Marker(end, int(label)) for end, label in places if label.isdigit())
