"""The notes of 注 that the positions rest on (issue 21): a place or a facing whose basis in
``positions.tsv`` is the commentary (``xs_commentary_bases``) quotes the 注 in its row's note
(``注「…」``, ``<step id> 注「…」``: :func:`ritual.core.diagram.positions.zhu_basis`); the note of
``commentary.tsv`` that holds those words
(:func:`ritual.components.xrefs.references.quoted_note`, as for a formula's basis) is where a
reader is sent from the position: the plans' keys and the stage view's mark it 「注」, linked.

A figure keeps the basis of the row that last set its place (and of the one that last set its
facing) for as long as it stands there, so every step's figures are given theirs.

Warnings (``env-check-consistency``, at the row's line of ``positions.tsv``): a row whose
basis is 注 quotes words that no note of the commentary holds (``xs.position_zhu``); said
only where the edition has a commentary.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from ...core.diagram.positions import Row, ZhuQuote, zhu_basis
from ...domain import xs_domain
from ...plan_inputs import has_setting, positions_for, timeline
from ...state import build_state, edition_of
from ...warnings import XsWarning, warn
from ..commentary import commentary_for
from ..xrefs.references import quoted_note


def _note_of(env: BuildEnvironment, row: Row, quote: ZhuQuote | None) -> str | None:
    """The id of the note that holds ``quote`` (all its parts), or None."""
    if quote is None:
        return None
    data = commentary_for(env)
    parts = quote.parts()
    note = quoted_note(env, quote.ref or row.step, parts[0]) if parts else None
    if note is None:
        return None

    def fold(s: str) -> str:
        return "".join(data.fold.get(c, c) for c in s if c.isalnum())

    return note.id if all(fold(p) in fold(note.plain) for p in parts) else None


def row_notes(env: BuildEnvironment) -> dict[int, tuple[str | None, str | None, bool]]:
    """Each row whose place or facing rests on the 注, by its line: the id of the note its
    place rests on, that of the note its facing rests on (None where that basis is another,
    or no note holds the words), and whether a quotation was not found."""

    def make() -> dict[int, tuple[str | None, str | None, bool]]:
        bases = set(env.config.xs_commentary_bases)
        regex = edition_of(env).step_id_regex
        out = {}
        for row in positions_for(env).rows:
            if row.basis not in bases and row.facing_basis not in bases:
                continue
            place, facing = zhu_basis(row, regex)
            if place is None and facing is None:
                continue  # no quotation of the 注 at all: the row's own problem (bad_position)
            place_id, facing_id = _note_of(env, row, place), _note_of(env, row, facing)
            missing = (place is not None and place_id is None) or (
                facing is not None and facing_id is None
            )
            out[row.line] = (place_id, facing_id, missing)
        return out

    return build_state(env).derive("position-notes", make)


def figure_notes(env: BuildEnvironment) -> list[dict[str, tuple[str, ...]]]:
    """By the step's place in the timeline: each figure standing then → the notes of 注 its
    place and facing rest on (distinct, the place's first); a figure resting on none is left
    out."""

    def make() -> list[dict[str, tuple[str, ...]]]:
        tl = timeline(env)
        notes = row_notes(env)
        rows: dict[str, list[Row]] = {}
        for row in positions_for(env).rows:
            rows.setdefault(row.step, []).append(row)
        place: dict[str, str | None] = {}
        facing: dict[str, str | None] = {}
        out = []
        for step_id in tl.ids:
            for row in rows.get(step_id, []):
                place_id, facing_id, _ = notes.get(row.line, (None, None, False))
                if row.place == "-":
                    place.pop(row.role, None)
                    facing.pop(row.role, None)
                    continue
                place[row.role] = place_id
                if row.facing:
                    facing[row.role] = facing_id
            now = {}
            for role in place:
                ids = tuple(dict.fromkeys(i for i in (place[role], facing.get(role)) if i))
                if ids:
                    now[role] = ids
            out.append(now)
        return out

    return build_state(env).derive("figure-notes", make)


def note_uri(env: BuildEnvironment, builder, here: str, note_id: str) -> str:
    """The link from the page ``here`` to the note ``note_id`` (``#<step id>-z1`` on its step's
    page, the permalink the site gives a note)."""
    domain = xs_domain(env)
    for note in commentary_for(env).notes:
        if note.id == note_id and note.step in domain.steps:
            return f"{builder.get_relative_uri(here, domain.steps[note.step].docname)}#{note_id}"
    return f"#{note_id}"


def check_position_notes(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-check-consistency``: each quotation of the 注 a position rests on is found in a
    note of the commentary (where the edition has one)."""
    path = edition_of(env).path("positions")
    if not commentary_for(env).notes or not path.is_file() or not has_setting(env):
        return
    rows = {row.line: row for row in positions_for(env).rows}
    for line, (_, _, missing) in sorted(row_notes(env).items()):
        if missing:
            row = rows[line]
            quoted = "、".join(
                f"「{q.words}」" for q in zhu_basis(row, edition_of(env).step_id_regex) if q
            )
            warn(
                f"{row.step} {row.role}: the basis quoted from the commentary ({quoted}) is in "
                "no note of it near that step",
                XsWarning.POSITION_ZHU,
                f"{path}:{line}",
            )


def setup_position_notes(app: Sphinx) -> None:
    """The positions' notes of 注 checked once the pages are read."""
    app.connect("env-check-consistency", check_position_notes)
