"""Bad values and misspelt keys of setting.toml (and facings.tsv), one at a time: each is said
at its line under its own subtype, the bad value left out (its default used, or the entry left
out), and the plans are still drawn, with no traceback.

The Sphinx cases spoil a copy of ``roots/test-diagram`` (whose plans draw both views, every
built part, a furnishing of each size and a label) and build it; the reader's own cases call
:func:`ritual.core.diagram.model.read_setting` on the edition's file with one key misspelt.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import EDITION
from ritual.core import datafile
from ritual.core.datafile import read_toml, read_tsv
from ritual.core.diagram import canvas, labels, model, svg
from ritual.core.diagram.drawers import DRAWERS, Param, params_of, takes
from ritual.core.diagram.model import FACINGS_FORM, FORM, read_setting
from sphinx.testing.util import SphinxTestApp

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROOT = Path(__file__).parent / "roots" / "test-diagram"
SETTING = "_edition/setting.toml"
FACINGS = "_edition/facings.tsv"


@dataclass
class Case:
    """One spoilt value: ``old`` replaced by ``new`` in ``file`` of the root, and the warnings
    it must give, (``file:line``, subtype, fragment of the message) each."""

    old: str
    new: str
    expected: list[tuple[str, str, str]]
    file: str = SETTING
    #: fragments of the further warnings a left-out entry brings (a diagram on a view left
    #: out, a position whose facing is gone): said too, located and typed
    follows: tuple[str, ...] = ()


def at(line: int, subtype: str, fragment: str, file: str = SETTING) -> tuple[str, str, str]:
    return (f"{file}:{line}", subtype, fragment)


#: The plans of the root's view 'hall', said where they stand when the view is left out.
HALL_LEFT_OUT = ("unknown view 'hall'",)

CASES: dict[str, Case] = {
    # -- values that crashed the plan (ZeroDivisionError, KeyError, TypeError, ValueError) ---
    "view scale zero": Case(
        "scale = 7.0",
        "scale = 0",
        [at(16, "bad_setting", "views.hall: scale 0 is not a positive number; it is left out")],
        follows=HALL_LEFT_OUT,
    ),
    "view misspelt": Case(  # said once at its table, not again at every built part
        "[views.hall]",
        "[views.hal]",
        [at(13, "bad_setting", "views.hal: not one of hall, range; it is left out")],
        follows=HALL_LEFT_OUT,
    ),
    "large unit of no length": Case(
        "large_in_small = 6.0",
        "large_in_small = 0",
        [at(10, "bad_setting", "meta.unit: large_in_small 0 is not a positive number; 1.0")],
    ),
    "label size not a size": Case(
        'size = "big"',
        'size = "huge"',
        [at(148, "bad_setting", "label 堂: size 'huge' is not one of 'big', 'small'")],
    ),
    "label anchor not an anchor": Case(
        'size = "big"',
        'size = "big"\nanchor = "centre"',
        [at(149, "bad_setting", "anchor 'centre' is not one of 'start', 'middle', 'end'")],
    ),
    "rect of three coordinates": Case(
        "coords = [-20.0, 0.0, 20.0, 16.0]",
        "coords = [-20.0, 0.0, 20.0]",
        [at(46, "bad_setting", "structure 堂: coords [-20.0, 0.0, 20.0] are not those of a rect")],
    ),
    "stair steps a string": Case(
        "coords = [9.5, -4.0, 14.5, 0.0, 4]",
        'coords = [9.5, -4.0, 14.5, 0.0, "4"]',
        [at(62, "bad_setting", "structure 阼階: coords [9.5, -4.0, 14.5, 0.0, '4'] are not")],
    ),
    "furnishing size a word": Case(
        "y = -16.0\nr = 1.5",
        'y = -16.0\nr = "big"',
        [at(79, "bad_setting", "furnishings.洗: r 'big' is not a positive number; the drawer's")],
    ),
    # -- ranges: nothing drawn, or drawn otherwise than written, without a word ---------------
    "span nan": Case(
        'row = "北上"',
        'row = "北上"\nspan = nan',
        [at(141, "bad_setting", "places.門外西: span nan is not a positive length")],
    ),
    "view scale negative": Case(
        "scale = 7.0",
        "scale = -7.0",
        [at(16, "bad_setting", "views.hall: scale -7.0 is not a positive number")],
        follows=HALL_LEFT_OUT,
    ),
    "view extent inverted": Case(
        "extent = [-32.0, -34.0, 32.0, 22.0]",
        "extent = [32.0, 22.0, -32.0, -34.0]",
        [at(15, "bad_setting", "views.hall: extent [32.0, 22.0, -32.0, -34.0] is not [x0, y0")],
        follows=HALL_LEFT_OUT,
    ),
    "scale bar negative": Case(
        "scalebar = 30.0\noverview",
        "scalebar = -30.0\noverview",
        [at(23, "bad_setting", "views.range: scalebar -30.0 is not a positive length")],
        follows=("unknown view 'range'", "'range' is not a view of the setting"),
    ),
    "furnishing size negative": Case(
        "y = -16.0\nr = 1.5",
        "y = -16.0\nr = -1.5",
        [at(79, "bad_setting", "furnishings.洗: r -1.5 is not a positive number")],
    ),
    "structure of no kind": Case(
        'kind = "gate"',
        'kind = "blob"',
        [at(37, "bad_setting", "structure 門: kind 'blob' is not one of 'rect', 'line'")],
    ),
    "structure style of another kind": Case(
        'style = "gate"',
        'style = "wall"',
        [at(39, "bad_setting", "style 'wall' does not draw a gate (the styles of a gate: gate)")],
    ),
    "place x a string": Case(
        '[places."門外西"]\nx = -5.0',
        '[places."門外西"]\nx = "-5"',
        [at(137, "bad_setting", "places.門外西: x '-5' is not a number; it is left out")],
        follows=("unknown place '門外西'",),
    ),
    "label colour not a colour": Case(
        'size = "big"',
        'size = "big"\ncolour = "red"',
        [at(149, "bad_setting", "colour 'red' is not one of 'ink', 'line', 'faint'")],
    ),
    "overview label of no kind": Case(
        'label_kinds = ["bi"]',
        'label_kinds = ["bii"]',
        [at(25, "bad_setting", "label_kinds names 'bii', the kind of no furnishing")],
    ),
    "estimate not a flag": Case(
        'warrant = "test: the court"\nestimate = true',
        'warrant = "test: the court"\nestimate = "yes"',
        [at(33, "bad_setting", "structure 庭: estimate 'yes' is not true or false")],
    ),
    "bearing nan": Case(
        "西面\t270",
        "西面\tnan",
        [at(7, "bad_value", "bearing 'nan': not a finite number", FACINGS)],
        file=FACINGS,
        follows=("unknown facing '西面'",),
    ),
    # -- keys no table knows: said at their line, not used --------------------------------
    "place key misspelt": Case(
        'row = "北上"',
        'rwo = "北上"',
        [at(140, "unknown_key", "places.門外西: unknown key 'rwo' (known: x, y, area, row")],
    ),
    "view key misspelt": Case(
        "overview = true",
        "overveiw = true",
        [at(24, "unknown_key", "views.range: unknown key 'overveiw'")],
    ),
    "furnishing size misspelt": Case(
        "y = -16.0\nr = 1.5",
        "y = -16.0\nrr = 1.5",
        [at(79, "unknown_key", "furnishings.洗: unknown key 'rr' (known: kind, x, y, default")],
    ),
    "meta key misspelt": Case(
        'units = "尺"',
        'units = "尺"\ntitel = "x"',
        [at(10, "unknown_key", "meta: unknown key 'titel'")],
    ),
    "unit key misspelt": Case(
        "large_in_small = 6.0",
        "large_in_smal = 6.0",
        [at(10, "unknown_key", "meta.unit: unknown key 'large_in_smal'")],
    ),
    "structure key misspelt": Case(
        'style = "gate"',
        'style = "gate"\nstlye = "gate"',
        [at(40, "unknown_key", "structure 門: unknown key 'stlye'")],
    ),
    "label key misspelt": Case(
        'size = "big"',
        'size = "big"\nvertcal = true',
        [at(149, "unknown_key", "label 堂: unknown key 'vertcal'")],
    ),
    "label's other place key misspelt": Case(
        'size = "big"',
        'size = "big"\nalso = [{ x = 1.0, y = 2.0, anchr = "end" }]',
        [at(149, "unknown_key", "label 堂: also 1: unknown key 'anchr'")],
    ),
    "label's other place not a table": Case(
        'size = "big"',
        'size = "big"\nalso = [1.0, { x = 1.0, y = 2.0 }]',
        [at(149, "bad_setting", "label 堂: also 1: 1.0 is not { x, y, anchor, vertical }")],
    ),
    "structure views not a list": Case(
        'style = "gate"',
        'style = "gate"\nviews = "hall"',
        [at(40, "bad_setting", "structure 門: views 'hall' is not a list of names")],
    ),
    "label's other place without y": Case(
        'size = "big"',
        'size = "big"\nalso = [{ x = 1.0 }]',
        [at(149, "bad_setting", "label 堂: also 1: missing 'y'; it is not used")],
    ),
}


def xs_warnings(app: SphinxTestApp) -> list[str]:
    text = ANSI.sub("", app.warning.getvalue())
    return [line.replace(f"{app.srcdir}/", "") for line in text.splitlines() if line.strip()]


def build_spoilt(make_app, tmp_path: Path, case: Case) -> SphinxTestApp:
    src = tmp_path / "src"
    shutil.copytree(ROOT, src)
    if case.old:
        path = src / case.file
        text = path.read_text(encoding="utf-8")
        assert text.count(case.old) == 1, f"{case.old!r} not once in {case.file}: the case is stale"
        path.write_text(text.replace(case.old, case.new), encoding="utf-8")
    app = make_app("html", srcdir=src, builddir=tmp_path / "build")
    app.build()  # must not raise
    return app


def test_the_root_builds_clean(make_app, tmp_path: Path) -> None:
    assert xs_warnings(build_spoilt(make_app, tmp_path, Case("", "", []))) == []


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_bad_setting_is_said_at_its_line(name: str, make_app, tmp_path: Path) -> None:
    case = CASES[name]
    app = build_spoilt(make_app, tmp_path, case)
    lines = xs_warnings(app)
    for location, subtype, fragment in case.expected:
        said = [
            line
            for line in lines
            if line.startswith(f"{location}: WARNING: ") and line.endswith(f"[xs.{subtype}]")
        ]
        assert len(said) == 1 and fragment in said[0], "\n".join(lines)
    rest = [line for line in lines if not any(line.startswith(f"{e[0]}: ") for e in case.expected)]
    for line in rest:  # what follows from an entry left out: located and typed too
        assert any(f in line for f in case.follows), "\n".join(lines)
        assert re.match(r"^\S+:\d+: WARNING: .*\[xs\.\w+\]$", line), line
    assert "Traceback" not in app.warning.getvalue()
    # the plans are drawn (those of a view left out are said where they stand)
    assert list((app.outdir / "_diagrams").glob("*.svg"))


# -- the reader alone ------------------------------------------------------------------------


def spoilt_edition(tmp_path: Path, old: str, new: str) -> list[datafile.Problem]:
    """The problems of the edition's setting.toml with ``old`` (once in it) made ``new``."""
    text = (EDITION / "setting.toml").read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} not once in setting.toml"
    path = tmp_path / "setting.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    doc = read_toml(path, FORM)
    return doc.problems + read_setting(doc, {}, params_of(DRAWERS))[1]


def line_of(old: str) -> int:
    text = (EDITION / "setting.toml").read_text(encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("span = 18.0", "spna = 18.0"),  # the ranks of a company at a place: silently none
        ("overview = true", "overveiw = true"),  # the precinct drawn as a close view
        ('row = "北上"\nwarrant = "seed:444', 'rwo = "北上"\nwarrant = "seed:444'),
        ("r = 1.5", "rr = 1.5"),  # the basin drawn at the drawer's default radius
    ],
)
def test_a_misspelt_key_of_the_edition_is_said(tmp_path: Path, old: str, new: str) -> None:
    problems = spoilt_edition(tmp_path, old, new)
    key = new.split(" =")[0]
    assert [(p.line, p.kind) for p in problems] == [(line_of(old), "unknown_key")], problems
    assert f"unknown key {key!r}" in problems[0].message


def test_the_edition_and_every_root_read_clean() -> None:
    roots = Path(__file__).parent / "roots"
    for folder in [EDITION, *sorted(roots.glob("*/_edition"))]:
        if (folder / "setting.toml").exists():
            doc = read_toml(folder / "setting.toml", FORM)
            assert doc.problems + read_setting(doc, {}, params_of(DRAWERS))[1] == [], folder


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "NaN"])
def test_a_number_is_finite(text: str) -> None:
    with pytest.raises(ValueError, match="not a finite number"):
        datafile.number(text)


def test_a_facing_of_no_bearing_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "facings.tsv"
    path.write_text("北面\t0\tn\n西面\tnan\tw\n", encoding="utf-8")
    table = read_tsv(path, FACINGS_FORM)
    assert [r["word"] for r in table.rows] == ["北面"]
    assert [(p.line, p.kind) for p in table.problems] == [(2, "bad_value")]


def test_every_drawer_declares_its_sizes() -> None:
    """Each built-in drawer names the sizes it reads, so that a misspelt one is caught; every
    key the edition's furnishings hold besides their own is one their drawer takes."""
    for kind, drawer in DRAWERS.items():
        assert isinstance(getattr(drawer, "params", None), Mapping), kind
    doc = read_toml(EDITION / "setting.toml", FORM)
    for name, table in doc.data["furnishings"].items():
        extra = set(table) - set(model.KEYS["furnishings"])
        assert extra <= set(params_of(DRAWERS)[table["kind"]] or ()), name


def test_a_drawer_that_declares_nothing_takes_what_is_there(tmp_path: Path) -> None:
    """A project's drawer without :func:`takes` is given its furnishings' keys unchecked; one
    with it, only those it declares, each checked."""

    def plain(c, f, size, label):
        pass

    declared = takes(r=Param(model.LENGTH))(lambda c, f, size, label: None)
    text = (
        "[meta]\nbounds = [-10.0, -10.0, 10.0, 10.0]\n"
        "[views.hall]\nextent = [-10.0, -10.0, 10.0, 10.0]\nscale = 5.0\nscalebar = 6.0\n"
        '[furnishings."甲"]\nkind = "plain"\nx = 0.0\ny = 0.0\nwarrant = "w"\nsize = "big"\n'
        '[furnishings."乙"]\nkind = "declared"\nx = 0.0\ny = 0.0\nwarrant = "w"\nr = 2.0\n'
        "q = 1\n"
    )
    path = tmp_path / "setting.toml"
    path.write_text(text, encoding="utf-8")
    doc = read_toml(path, FORM)
    setting, problems = read_setting(doc, {}, params_of({"plain": plain, "declared": declared}))
    assert dict(setting.furnishings["甲"].params) == {"size": "big"}
    assert dict(setting.furnishings["乙"].params) == {"r": 2.0}
    assert [(p.line, p.kind) for p in problems] == [(19, "unknown_key")]


def test_a_needed_size_missing_leaves_the_furnishing_out(tmp_path: Path) -> None:
    text = (
        "[meta]\nbounds = [-10.0, -10.0, 10.0, 10.0]\n"
        "[views.hall]\nextent = [-10.0, -10.0, 10.0, 10.0]\nscale = 5.0\nscalebar = 6.0\n"
        '[furnishings."席"]\nkind = "mat"\nx = 0.0\ny = 0.0\nwarrant = "w"\nw = 3.0\n'
    )
    path = tmp_path / "setting.toml"
    path.write_text(text, encoding="utf-8")
    setting, problems = read_setting(read_toml(path, FORM), {}, params_of(DRAWERS))
    assert "席" not in setting.furnishings
    assert [(p.line, p.kind) for p in problems] == [(7, "bad_setting")]
    assert "furnishings.席: missing 'h'; it is left out" in problems[0].message


def test_the_reader_knows_the_words_the_drawing_takes() -> None:
    """The words the reader admits are those the drawing code has a meaning for."""
    assert set(model.LABEL_COLOURS) == set(canvas.COLOURS)
    for overview in (False, True):
        assert set(model.LABEL_SIZES) <= set(svg.SIZES[overview])
        assert set(model.LABEL_SIZES) <= set(svg.PRINT_SIZES[overview])
    for anchor in model.ANCHORS:
        labels.text_box(0.0, 0.0, "堂", 10.0, anchor=anchor)
        labels.text_box(0.0, 0.0, "堂", 10.0, anchor=anchor, vertical=True)
    assert set(model.STRUCTURE_STYLES) == set(svg._STRUCTURE_ORDER)
    assert set(model.STRUCTURE_STYLES.values()) == set(model.STRUCTURE_KINDS)
