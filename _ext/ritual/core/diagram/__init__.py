"""Plan diagrams of a rite: the setting as data, positions carried through the steps, SVG.

Pure modules with no Sphinx import, so that the diagram logic is unit-tested alone and the
Sphinx ``diagram`` directive stays a thin wrapper:

- :mod:`.model` — load an edition's ``setting.toml`` and ``facings.tsv`` (places,
  furnishings, structure, labels, views, facing words), with the errors the directive reports;
- :mod:`.positions` — ``positions.tsv``, ``figures.tsv``, ``furnishings.tsv`` and their checks;
- :mod:`.layout` — :class:`Walker` (who stands where, step after step) and :func:`state_at`;
- :mod:`.svg` — :func:`render` (a standalone, deterministic SVG 1.1 plan).
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
