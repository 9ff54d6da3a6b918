"""Who stands where at a given step: positions carried forward from step to step.

A step's rows of ``positions.tsv`` only name the roles that move or turn in it; everyone else
is where the text last put them. :class:`Walker` replays the steps one by one (and
:func:`state_at` up to the one asked for), so a diagram of any step shows the whole company,
not only the actors of that step.

When several roles share a place (a company waiting at 堂西, musicians at 西階上 …) they are
spread into a row so that their labels do not collide. The row follows the rite's own
convention for lines of people: those facing east or west stand 北上 (senior at the north),
those facing north or south stand 東上 (senior at the east), unless the place says otherwise
(``row`` in the data); seniority is order of arrival, then order of listing.

No Sphinx import.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .model import PositionSyntaxError, Setting, UnknownFacingError

#: Place word meaning "leaves the plan" (exits the gate, withdraws): the role is dropped.
EXIT = "-"

#: Default distance in 尺 between neighbours standing at one place.
SPACING = 3.0

#: One position: (role, place, facing); facing may be None to keep the role's last facing.
Entry = tuple[str, str, str | None]
Positions = Sequence[Sequence[str | None]]

#: the rows of figures facing east or west (north the senior end) and of the rest (east)
_NORTH_SENIOR, _EAST_SENIOR = "北上", "東上"
#: unit vector from the senior end of a row to the junior end, per row word
_ROW_DIRECTION = {
    "北上": (0.0, -1.0),
    "南上": (0.0, 1.0),
    "東上": (-1.0, 0.0),
    "西上": (1.0, 0.0),
}


@dataclass(frozen=True)
class Figure:
    """A role at a step: its place, facing and drawn coordinates (尺, x east, y north).

    ``place_x``/``place_y`` are the named place; ``x``/``y`` include the row offset. ``slot``
    is the rank in the group of ``group`` roles at that place (0 = senior end) and ``row_dx``/
    ``row_dy`` the unit vector along which the group is spread, so a renderer may re-spread
    the row at its own pixel spacing. ``moved`` is true for roles named in this very step.
    """

    role: str
    place: str
    facing: str
    bearing: float
    x: float
    y: float
    place_x: float
    place_y: float
    slot: int
    group: int
    row_dx: float
    row_dy: float
    moved: bool
    #: the room the place gives its line (:attr:`.model.Place.span`; None: any), and the way
    #: its senior faces (unit vector, east and north): the front of the ranks a longer line
    #: is drawn in (:func:`ranks`)
    span: float | None = None
    front_dx: float = 0.0
    front_dy: float = 0.0


def _normalise(positions: Positions) -> list[Entry]:
    entries: list[Entry] = []
    for item in positions:
        item = tuple(item)
        if len(item) == 2:
            entries.append((str(item[0]), str(item[1]), None))
        elif len(item) == 3:
            facing = item[2] if item[2] not in ("", None) else None
            entries.append((str(item[0]), str(item[1]), facing))
        else:
            raise PositionSyntaxError(f"position {item!r}: expected (role, place, facing)", item)
    return entries


def _row_vector(row: str | None, bearing: float) -> tuple[float, float]:
    if row is not None:
        return _ROW_DIRECTION[row]
    b = bearing % 180.0
    return _ROW_DIRECTION[_NORTH_SENIOR if 45.0 < b < 135.0 else _EAST_SENIOR]


@dataclass
class _Slot:
    place: str
    facing: str
    arrival: int


def most_at_once(setting: Setting, positions: Sequence[Positions]) -> dict[str, int]:
    """Each place's largest group over the rite (how many stand at it at once): a plan the
    figures come and go over keeps its names off the room a group spreads over there."""
    walker = Walker(setting, SPACING)
    most: dict[str, int] = {}
    for rows in positions:
        walker.step(rows)
        here: dict[str, int] = {}
        for slot in walker.state.values():
            here[slot.place] = here.get(slot.place, 0) + 1
        for place, n in here.items():
            if n > most.get(place, 1):
                most[place] = n
    return most


class Walker:
    """Replays steps one at a time: the plans of the build, the stage view and
    :func:`state_at` all walk the rite with it, once."""

    def __init__(
        self, setting: Setting, spacing: float, line_rank: Mapping[str, int] | None = None
    ) -> None:
        self.setting = setting
        self.spacing = spacing
        self.line_rank = line_rank or {}
        self.state: dict[str, _Slot] = {}
        self.first_seen: dict[str, int] = {}
        self.arrivals = 0
        self.moved: set[str] = set()

    def step(self, positions: Positions) -> None:
        self.moved = set()
        for role, place, facing in _normalise(positions):
            self.first_seen.setdefault(role, len(self.first_seen))
            if place == EXIT:
                self.state.pop(role, None)
                self.moved.add(role)
                continue
            self.setting.place(place)  # raises UnknownPlaceError
            previous = self.state.get(role)
            if facing is None:
                if previous is None:
                    raise UnknownFacingError(
                        f"no facing given for {role!r}, placed for the first time at {place!r}",
                        "",
                    )
                facing = previous.facing
            self.setting.bearing(facing)  # raises UnknownFacingError
            if previous is None or previous.place != place:
                self.arrivals += 1
                arrival = self.arrivals
            else:
                arrival = previous.arrival
            self.state[role] = _Slot(place, facing, arrival)
            self.moved.add(role)

    def _in_line(self, roles: list[str]) -> list[str]:
        """At a place where people stand in a line (``row`` in the data), those with a line
        rank (the three pairs, then the 大夫's partner and the 眾賓) keep their order of rank
        whoever came back first; the others keep their places in the order of arrival."""
        slots = [i for i, r in enumerate(roles) if r in self.line_rank]
        ranked = sorted((roles[i] for i in slots), key=lambda r: self.line_rank[r])
        out = list(roles)
        for i, role in zip(slots, ranked, strict=True):
            out[i] = role
        return out

    def figures(self) -> list[Figure]:
        groups: dict[str, list[str]] = {}
        for role in sorted(self.state, key=lambda r: (self.state[r].arrival, self.first_seen[r])):
            groups.setdefault(self.state[role].place, []).append(role)
        figures = []
        for place_name, roles in groups.items():
            place = self.setting.place(place_name)
            if place.row is not None and self.line_rank:
                roles = self._in_line(roles)
            senior = self.state[roles[0]]
            dx, dy = _row_vector(place.row, self.setting.bearing(senior.facing))
            front = facing_vector(self.setting.bearing(senior.facing))
            centre = (len(roles) - 1) / 2.0
            for slot, role in enumerate(roles):
                here = self.state[role]
                shift = (slot - centre) * self.spacing
                figures.append(
                    Figure(
                        role=role,
                        place=place_name,
                        facing=here.facing,
                        bearing=self.setting.bearing(here.facing),
                        x=round(place.x + dx * shift, 3),
                        y=round(place.y + dy * shift, 3),
                        place_x=place.x,
                        place_y=place.y,
                        slot=slot,
                        group=len(roles),
                        row_dx=dx,
                        row_dy=dy,
                        moved=role in self.moved,
                        span=place.span,
                        front_dx=front[0],
                        front_dy=front[1],
                    )
                )
        figures.sort(key=lambda f: self.first_seen[f.role])
        return figures


def state_at(
    steps_positions: Sequence[Positions],
    step_index: int,
    *,
    setting: Setting,
    spacing: float = SPACING,
    line_rank: Mapping[str, int] | None = None,
) -> list[Figure]:
    """Return every role's figure after the step at ``step_index`` (0-based; negative counts back).

    ``steps_positions`` holds, per step in reading order, that step's positions: a list of
    ``(role, place, facing)``. A role keeps its last place
    and facing until a later step names it. Raises :class:`UnknownPlaceError` /
    :class:`UnknownFacingError` / :class:`PositionSyntaxError` carrying the bad value, and
    ``IndexError`` for a step index out of range.
    """
    n = len(steps_positions)
    if not -n <= step_index < n:
        raise IndexError(f"step index {step_index} out of range for {n} steps")
    step_index %= n
    walker = Walker(setting, spacing, line_rank)
    for positions in steps_positions[: step_index + 1]:
        walker.step(positions)
    return walker.figures()


def ranks(group: int, step: float, room: float | None) -> tuple[int, int]:
    """How a line of ``group`` people, ``step`` apart, is drawn where it has ``room`` along
    its row (the same unit; None: any): (how many stand in a rank, how many ranks). The ranks
    are as even as they can be (eight in two ranks of four, not seven and one)."""
    if room is None or group <= 1 or step <= 0:
        return group, 1
    most = max(1, int(room / step + 1e-9) + 1)
    count = -(-group // most)
    return -(-group // count), count


def facing_vector(bearing: float) -> tuple[float, float]:
    """Unit vector (east, north) of a compass bearing — the direction a figure faces."""
    rad = math.radians(bearing)
    return (round(math.sin(rad), 12), round(math.cos(rad), 12))
