"""Plan diagrams of a rite: the setting as data, positions carried through the steps, SVG.

Pure modules with no Sphinx import, so that the diagram logic is unit-tested alone and the
Sphinx ``diagram`` directive stays a thin wrapper:

- :mod:`.model` — load an edition's ``setting.toml`` and ``facings.tsv`` (places,
  furnishings, structure, labels, views, facing words), with the errors the directive reports;
- :mod:`.positions` — ``positions.tsv``, ``figures.tsv``, ``furnishings.tsv`` and their checks;
- :mod:`.layout` — :class:`Walker` (who stands where, step after step) and :func:`state_at`;
- :mod:`.canvas` — the drawing surface (model → pixels) and the boxes of what is written;
- :mod:`.drawers` — one drawer per kind of furnishing;
- :mod:`.labels` — where the names on a plan go;
- :mod:`.svg` — :func:`compose` (a plan as an element tree) and :func:`render` (a standalone,
  deterministic SVG 1.1 plan);
- :mod:`.plan` — a plan as a structured object and its one serialisation to SVG;
- :mod:`.stage` — the stage view's timeline, every step with who stands where.

"""

from .layout import EXIT, Figure, Walker, state_at
from .model import (
    VIEWS,
    DiagramError,
    PositionSyntaxError,
    Setting,
    SettingError,
    UnknownFacingError,
    UnknownFurnishingError,
    UnknownPlaceError,
    UnknownViewError,
    load_setting,
)
from .svg import render

__all__ = [
    "EXIT",
    "VIEWS",
    "DiagramError",
    "Figure",
    "PositionSyntaxError",
    "Setting",
    "SettingError",
    "UnknownFacingError",
    "UnknownFurnishingError",
    "UnknownPlaceError",
    "UnknownViewError",
    "Walker",
    "load_setting",
    "render",
    "state_at",
]
