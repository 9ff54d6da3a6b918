"""Plan diagrams of 鄉射禮: the setting as data, positions carried through the steps, SVG.

Pure modules with no Sphinx import, so that the diagram logic is unit-tested alone and the
Sphinx ``diagram`` directive stays a thin wrapper:

- :mod:`.model` — load ``data/setting.toml`` and ``data/facings.tsv`` (places, furnishings,
  structure, views, facing words), with the errors the directive reports;
- :mod:`.layout` — :func:`state_at` (who stands where after a step), :func:`stage_data`
  (the whole timeline as JSON-ready data), :func:`parse_positions` (the ``:positions:`` option);
- :mod:`.svg` — :func:`render` (a standalone, deterministic SVG 1.1 plan).
"""

from .layout import EXIT, Figure, parse_positions, stage_data, state_at
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
    default_setting,
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
    "default_setting",
    "load_setting",
    "parse_positions",
    "render",
    "stage_data",
    "state_at",
]
