"""The setting data: loads, every place is inside the plan and warranted, the measures agree.

The relations tested here are the ones the text fixes (洗 南北以堂深, 物當棟, 侯道五十弓,
乏 北十丈西三丈 …), so that editing one number in setting.toml without the others fails loudly.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXT = Path(__file__).resolve().parents[1] / "_ext"
sys.path.insert(0, str(EXT))

from ritual.core.diagram.model import (  # noqa: E402
    SettingError,
    UnknownFacingError,
    UnknownPlaceError,
    UnknownViewError,
    load_facings,
    load_setting,
)

EDITION = EXT.parent / "source" / "_edition"
FACINGS = EDITION / "facings.tsv"


@pytest.fixture(scope="module")
def setting():
    return load_setting(EDITION / "setting.toml", FACINGS)


def test_loads_places_furnishings_views(setting):
    assert len(setting.places) >= 50
    assert {"洗", "侯", "乏", "物", "楅", "中", "豐", "尊", "縣"} <= set(setting.furnishings)
    assert set(setting.views) == {"hall", "range"}


def test_every_place_inside_the_plan_and_the_court(setting):
    x0, y0, x1, y1 = setting.bounds
    court = next(s for s in setting.structures if s.name == "庭").coords
    for place in setting.places.values():
        assert x0 <= place.x <= x1 and y0 <= place.y <= y1, place.name
        if place.area != "外":
            assert court[0] <= place.x <= court[2], place.name
            assert court[1] <= place.y <= court[3], place.name


def test_places_on_the_hall_are_on_the_platform(setting):
    hall = next(s for s in setting.structures if s.name == "堂").coords
    for place in setting.places.values():
        if place.area == "堂":
            assert hall[0] <= place.x <= hall[2] and hall[1] <= place.y <= hall[3], place.name


def test_every_entry_has_a_warrant(setting):
    entries = [
        *setting.places.values(),
        *setting.furnishings.values(),
        *setting.structures,
        *setting.dimensions.values(),
    ]
    for entry in entries:
        assert entry.warrant.strip(), entry.name
        assert isinstance(entry.estimate, bool)
    # a non-estimate must cite the text (a seed line or a step id) or the commentary
    for place in setting.places.values():
        if not place.estimate:
            w = place.warrant
            assert "seed:" in w or "注" in w or re.search(r"xs-\d{4}", w), place.name


def test_measures_the_text_fixes(setting):
    d = {k: v.value for k, v in setting.dimensions.items()}
    f, p = setting.furnishings, setting.places
    assert d["侯道"] == 50 * d["弓"] == 300
    assert d["棟"] == d["堂深"] / 2 and d["楣"] == d["架"]
    # 設洗於阼階東南，南北以堂深，東西當東榮
    assert (f["洗"].x, f["洗"].y) == (d["榮"], -d["堂深"])
    assert f["水"].x > f["洗"].x and f["下篚"].x < f["洗"].x
    # 序則物當棟; 侯道 from the 物
    assert f["物"].y == d["棟"] == p["上射物"].y == p["下射物"].y
    assert f["侯"].y == d["棟"] - d["侯道"]
    # 乏: 注 去侯北十丈，西三丈
    assert (f["乏"].x, f["乏"].y) == (f["侯"].x - 30, f["侯"].y + 100)
    # 楅 南北當洗; 中 南當楅，西當西序
    assert f["楅"].y == f["洗"].y and f["楅"].x == 0
    assert f["中"].y == f["楅"].y and f["中"].x == -d["序"]
    # 堂前三笴 = 9 尺
    assert p["樂位"].y == -3 * d["笴"]
    # 上射於右 = the west 物; 上下射相去六尺 (gap between the 物)
    gap = p["下射物"].x - p["上射物"].x - f["物"].params["width"]
    assert p["上射物"].x < 0 < p["下射物"].x and gap == pytest.approx(6.0)


def test_facings(setting):
    assert setting.bearing("北面") == 0
    assert setting.bearing("東面") == 90
    assert setting.bearing("南面") == 180
    assert setting.bearing("西北面") == 315
    for word in ("北面", "南面", "東面", "西面", "東北面", "西北面", "東南面", "西南面"):
        assert word in setting.facings


def test_lookup_errors_carry_the_value(setting):
    with pytest.raises(UnknownPlaceError) as err:
        setting.place("北堂")
    assert err.value.value == "北堂"
    with pytest.raises(UnknownFacingError) as err:
        setting.bearing("上面")
    assert err.value.value == "上面"
    with pytest.raises(UnknownViewError):
        setting.view("side")


def _write(tmp_path, text):
    path = tmp_path / "setting.toml"
    path.write_text(text, encoding="utf-8")
    return path


MINI = """
[meta]
bounds = [-10.0, -10.0, 10.0, 10.0]
[views.hall]
extent = [-10.0, -10.0, 10.0, 10.0]
scale = 5.0
scalebar = 6.0
[views.range]
extent = [-10.0, -10.0, 10.0, 10.0]
scale = 2.0
scalebar = 6.0
"""


def test_place_outside_bounds_is_rejected(tmp_path):
    path = _write(tmp_path, MINI + '[places."遠"]\nx = 50.0\ny = 0.0\narea = "庭"\nwarrant = "w"\n')
    with pytest.raises(SettingError) as err:
        load_setting(path, FACINGS)
    assert err.value.value == "遠"


def test_missing_warrant_is_rejected(tmp_path):
    path = _write(tmp_path, MINI + '[places."近"]\nx = 0.0\ny = 0.0\narea = "庭"\n')
    with pytest.raises(SettingError, match="warrant"):
        load_setting(path, FACINGS)


def test_bad_row_word_is_rejected(tmp_path):
    text = MINI + '[places."近"]\nx = 0.0\ny = 0.0\narea = "庭"\nwarrant = "w"\nrow = "上上"\n'
    with pytest.raises(SettingError):
        load_setting(_write(tmp_path, text), FACINGS)


@pytest.mark.parametrize("span", ['"wide"', "0", "-3.0", "true"])
def test_a_span_that_is_not_a_length_is_rejected(tmp_path, span):
    text = MINI + f'[places."近"]\nx = 0.0\ny = 0.0\narea = "庭"\nwarrant = "w"\nspan = {span}\n'
    with pytest.raises(SettingError, match="span"):
        load_setting(_write(tmp_path, text), FACINGS)


def test_facings_file_format(tmp_path):
    path = tmp_path / "f.tsv"
    path.write_text("# c\n北面\t0\tn\n南面\t180\ts\n", encoding="utf-8")
    assert load_facings(path) == {"北面": 0.0, "南面": 180.0}
    path.write_text("北面\t0\tn\n南面\t540\ts\n", encoding="utf-8")  # no bearing: said
    with pytest.raises(SettingError, match="not a bearing"):
        load_facings(path)
    path.write_text("北面\t0\n北面\t0\n", encoding="utf-8")
    with pytest.raises(SettingError):
        load_facings(path)


def test_labels_and_units_are_data(setting):
    """The names written on the plan and its units are the setting's, not the code's."""
    hall = {label.text for label in setting.labels if "hall" in label.views}
    assert {"西堂", "東堂", "阼階", "西階", "堂廉"} <= hall
    purlin = next(label for label in setting.labels if label.text == "楣")
    assert purlin.y == setting.dimensions["楣"].value  # named by its measure
    assert (setting.unit.small, setting.unit.large, setting.unit.large_in_small) == ("尺", "弓", 6)
    assert setting.views["range"].overview and not setting.views["hall"].overview


def test_a_label_naming_no_measure_is_rejected(tmp_path):
    text = MINI + '[[label]]\ntext = "楣"\nx = 0.0\ny = "楣"\n'
    with pytest.raises(SettingError, match="dimension"):
        load_setting(_write(tmp_path, text), FACINGS)


def test_diagram_package_does_not_import_sphinx():
    """Load the package on its own (not through ritual/__init__) and check sys.modules."""
    code = (
        "import importlib, sys, types; d = sys.argv[1]; "
        "p = types.ModuleType('xspure'); p.__path__ = [d.rsplit('/', 1)[0]]; "
        "sys.modules['xspure'] = p; m = importlib.import_module('xspure.diagram'); "
        "s = m.load_setting(sys.argv[2] + '/setting.toml', sys.argv[2] + '/facings.tsv'); "
        "m.render(s, [], 't', 'd'); "
        "bad = [n for n in sys.modules if n.split('.')[0] in ('sphinx', 'docutils')]; "
        "assert not bad, bad"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(EXT / "ritual" / "core" / "diagram"), str(EDITION)],
        check=True,
    )
