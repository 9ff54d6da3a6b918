"""Positions carried forward from step to step, and rows at shared places."""

import pytest
from conftest import EDITION
from ritual.core.diagram import (
    PositionSyntaxError,
    UnknownFacingError,
    UnknownPlaceError,
    load_setting,
)
from ritual.core.diagram import state_at as _state_at
from ritual.core.diagram.layout import SPACING, facing_vector

SETTING = load_setting(EDITION / "setting.toml", EDITION / "facings.tsv")


def rows(text):
    """A step's rows written ``role place [facing]; …`` (the test's shorthand)."""
    return [tuple(clause.split()) for clause in text.split(";") if clause.strip()]


def state_at(steps, index, **kwargs):
    return _state_at(
        [rows(s) if isinstance(s, str) else s for s in steps], index, setting=SETTING, **kwargs
    )


def by_role(figures):
    return {f.role: f for f in figures}


def test_malformed_rows_are_refused():
    with pytest.raises(PositionSyntaxError) as err:
        state_at([[("主人", "門外", "西面", "再拜")]], 0)
    assert err.value.value == ("主人", "門外", "西面", "再拜")


def test_positions_carry_forward():
    steps = [
        "主人 門外東 西面; 賓 門外西 東面",
        [("主人", "阼階上當楣", "北面")],
        [("賓", "西階上當楣", "北面")],
    ]
    first = by_role(state_at(steps, 1))
    assert first["主人"].place == "阼階上當楣" and first["主人"].moved
    assert first["賓"].place == "門外西" and not first["賓"].moved
    last = by_role(state_at(steps, 2))
    assert last["主人"].place == "阼階上當楣" and not last["主人"].moved
    assert (last["賓"].x, last["賓"].y) == (-15.0, 8.0)
    assert by_role(state_at(steps, -1)) == last


def test_facing_kept_when_omitted():
    steps = ["賓 西階上 北面", "賓 西階前"]
    fig = by_role(state_at(steps, 1))["賓"]
    assert (fig.place, fig.facing, fig.bearing) == ("西階前", "北面", 0.0)


def test_first_placement_needs_a_facing():
    with pytest.raises(UnknownFacingError):
        state_at(["賓 西階上"], 0)


def test_unknown_place_and_facing_carry_the_value():
    with pytest.raises(UnknownPlaceError) as err:
        state_at(["賓 西階上 北面", "賓 北堂 北面"], 1)
    assert err.value.value == "北堂"
    with pytest.raises(UnknownFacingError) as err:
        state_at(["賓 西階上 北向"], 0)
    assert err.value.value == "北向"


def test_exit_removes_a_role():
    steps = ["賓 門外西 東面; 主人 門外東 西面", "賓 -"]
    assert [f.role for f in state_at(steps, 1)] == ["主人"]


def test_step_index_out_of_range():
    with pytest.raises(IndexError):
        state_at(["賓 西階上 北面"], 1)


def test_group_facing_south_stands_east_first():
    # 三耦俟於堂西，南面東上
    steps = ["甲 堂西 南面; 乙 堂西 南面; 丙 堂西 南面"]
    figs = by_role(state_at(steps, 0))
    xs = [figs[r].x for r in "甲乙丙"]
    assert xs == sorted(xs, reverse=True)  # 甲, the first to arrive, at the east
    assert {figs[r].y for r in "甲乙丙"} == {8.0}
    assert xs[0] - xs[1] == pytest.approx(SPACING)
    assert sum(xs) / 3 == pytest.approx(-39.0)  # centred on the place
    assert [figs[r].slot for r in "甲乙丙"] == [0, 1, 2]
    assert all(figs[r].group == 3 for r in "甲乙丙")


def test_group_facing_east_stands_north_first():
    steps = ["甲 西階前 東面", "乙 西階前 東面"]
    figs = by_role(state_at(steps, 1))
    assert figs["甲"].y > figs["乙"].y and figs["甲"].x == figs["乙"].x


def test_arrival_order_decides_seniority_not_listing():
    steps = ["乙 堂東 南面", "甲 堂西 南面", "甲 堂東 南面"]
    figs = by_role(state_at(steps, 2))
    assert figs["乙"].slot == 0 and figs["甲"].slot == 1


def test_no_two_figures_share_a_point():
    steps = ["甲 射位 東面; 乙 射位 東面; 丙 射位 東面; 丁 射位 東面; 戊 司射位 東面"]
    points = [(f.x, f.y) for f in state_at(steps, 0)]
    assert len(set(points)) == len(points)


def test_facing_vector():
    assert facing_vector(0) == (0.0, 1.0)
    assert facing_vector(90) == (1.0, 0.0)


def test_line_rank_keeps_the_pairs_in_order():
    # 三耦 stand 東面北上 at the 射位; the first pair goes to the 楅 and comes back after the
    # third has stood still: with a line rank they are still in their order, north to south
    steps = [
        "甲 射位 東面; 乙 射位 東面; 丙 射位 東面",
        "甲 楅西 東面",
        "甲 射位 東面",
    ]
    plain = by_role(state_at(steps, 2))
    assert plain["甲"].y < plain["丙"].y  # by arrival, 甲 is now the junior
    ranked = by_role(state_at(steps, 2, line_rank={"甲": 1, "乙": 2, "丙": 3}))
    assert ranked["甲"].y > ranked["乙"].y > ranked["丙"].y
    # places without a `row` keep the order of arrival
    steps = ["乙 階前 北面", "甲 階前 北面"]
    at_stairs = by_role(state_at(steps, 1, line_rank={"甲": 1, "乙": 2}))
    assert at_stairs["乙"].x > at_stairs["甲"].x
