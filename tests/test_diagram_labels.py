"""One placement for every name on a plan (``diagram.labels``): fixed names first, then the
figures' names clear of them, of each other and of the markers, with leader lines when a name
must stand off; the same placement for the stage view; the printed drawing's type and size.

Pure: no Sphinx build. (``test_plan_labels.py`` checks every plan the edition builds.)
"""

from __future__ import annotations

import pytest
from conftest import EDITION
from ritual.core.diagram import load_setting
from ritual.core.diagram import state_at as _state_at
from ritual.core.diagram.labels import (
    CLEAR,
    LEADER_CROSS,
    Grid,
    Ground,
    Label,
    _crossings,
    leader,
    overlap,
    place_figures,
    place_fixed,
    segment_hits_box,
    segments_cross,
    text_box,
)
from ritual.core.diagram.layout import most_at_once
from ritual.core.diagram.plan import to_svg
from ritual.core.diagram.svg import (
    PRINT_MIN_TYPE,
    SCREEN,
    PlanOptions,
    compose,
    label_offsets,
    print_medium,
)

SETTING = load_setting(EDITION / "setting.toml", EDITION / "facings.tsv")

#: A crowded step: a row of six waiting at 堂西, the shooters at the 楅 with the 司馬 south of
#: it, the musicians in their row, and the guests on their mats.
CROWD = [
    "上耦上射 堂西 南面; 上耦下射 堂西 南面; 次耦上射 堂西 南面; 次耦下射 堂西 南面;"
    " 下耦上射 堂西 南面; 下耦下射 堂西 南面",
    "甲 楅西 東面; 乙 楅東 西面; 司馬 楅南 北面; 丙 楅北 南面; 司射 司射位 東面;"
    " 賓 賓席 南面; 主人 主人席 西面; 大師 樂位 西面; 眾工 樂位 西面; 笙 縣中 西面;"
    " 獲者 乏 東面",
]


def state_at(steps, index):
    rows = [[tuple(c.split()) for c in s.split(";") if c.strip()] for s in steps]
    return _state_at(rows, index, setting=SETTING)


def _clashes(plan) -> list[str]:
    out = []
    names = plan.labels
    for i, (kind, text, box) in enumerate(names):
        for other_kind, other, other_box in names[i + 1 :]:
            if overlap(box, other_box) > 0.5:
                out.append(f"{kind} {text} × {other_kind} {other}")
        for role, marker in plan.markers:
            if overlap(box, marker) > 0.5:
                out.append(f"{kind} {text} × marker {role}")
    return out


def test_two_names_leaders_never_cross() -> None:
    """Two figures side by side, each name off to the side across from its own figure: the
    leaders would cross, each name seeming the other's (上耦上射, 上耦下射 at the stage's step
    205). The second name takes its next spot instead, though further."""
    assert segments_cross((0, 0, 10, 10), (0, 10, 10, 0))
    assert not segments_cross((0, 0, 10, 10), (10, 10, 20, 0))  # meeting at an end
    assert not segments_cross((0, 0, 10, 0), (0, 5, 10, 5))

    first = Label("甲", 10.0, [(115.0, 140.0, "start", False)], "#000", marker=(100, 100, 5))
    spots = [(85.0, 140.0, "end", False), (150.0, 152.0, "start", False)]
    second = Label("乙", 10.0, spots, "#000", marker=(120, 100, 5))
    place_figures([first, second], Ground((0.0, 0.0, 300.0, 300.0)))
    assert first.leader is not None and second.leader is not None
    assert not segments_cross(first.leader, second.leader)
    assert second.spot == (150.0, 152.0, "start", False)


def test_a_fixed_name_keeps_off_a_place_on_the_thing_it_names() -> None:
    """主人 stands on 主人席: on the stage's plan a name written over the place on its own mat
    would lose its middle character under his marker at most steps (251 of 544); it goes beside
    the mat, even over another place (主人席前), which a name avoids far less."""
    mat = object()
    inside, beside = (95.0, 100.0, "middle", True), (85.0, 100.0, "middle", True)

    def placed(places: list[tuple[float, float, float, float]], transient: bool = True) -> object:
        ground = Ground((0.0, 0.0, 200.0, 200.0), transient=transient)
        ground.drawn = [((90.0, 80.0, 100.0, 120.0), mat)]
        ground.places = places
        label = Label("主人席", 9.0, [inside, beside], "#000", owner=mat)
        place_fixed([label], ground)
        return label.spot

    before = (80.0, 95.0, 89.0, 105.0)  # 主人席前, west of the mat
    assert placed([]) == inside and placed([before]) == inside
    assert placed([(90.0, 95.0, 100.0, 105.0), before]) == beside  # 主人席, on the mat
    # a static plan places its names clear of its own markers: there the rule is not needed
    assert placed([(90.0, 95.0, 100.0, 105.0), before], transient=False) == inside


def test_the_stage_writes_the_hosts_mat_name_beside_it_and_a_plan_on_it() -> None:
    """On the stage's plan, over which the figures come and go, 主人席's name keeps off the
    mat's middle, where 主人 stands at most steps; a static plan with nobody on the mat writes
    it there. The stage's figures' names avoid the name where the stage's plan writes it."""

    def mat(transient: bool) -> tuple[float, float, float, float]:
        options = PlanOptions(view="hall", transient=transient)
        plan = compose(SETTING, [], "t", "d", options=options)
        return {t: b for k, t, b in plan.labels if k == "fixed"}["主人席"]

    static, stage = mat(False), mat(True)
    middle = ((static[0] + static[2]) / 2, (static[1] + static[3]) / 2)
    assert static[0] <= middle[0] <= static[2]
    assert not (stage[0] <= middle[0] <= stage[2] and stage[1] <= middle[1] <= stage[3])


def test_the_stage_keeps_a_things_name_off_the_group_that_stands_on_it() -> None:
    """笙 and 眾笙 stand at 縣中 together: the markers of a group spread beyond the place's own
    box, so on the stage's plan the name 縣（磬） keeps off the room that the rite's largest
    group there spreads over (``groups``, :func:`.layout.most_at_once`). It was written over
    both markers."""
    figures = state_at(["笙 縣中 西面; 眾笙 縣中 西面"], 0)
    plan = compose(SETTING, figures, "t", "d", options=PlanOptions(view="hall"))
    circles = [box for _, box in plan.markers]
    assert len(circles) == 2

    def name(groups: dict[str, int], transient: bool = True) -> tuple[float, float, float, float]:
        options = PlanOptions(view="hall", transient=transient, groups=groups)
        stage = compose(SETTING, [], "t", "d", options=options)
        return {t: b for k, t, b in stage.labels if k == "fixed"}["縣（磬）"]

    def crowds(box: tuple[float, float, float, float]) -> bool:  # within the clearance
        x0, y0, x1, y1 = box
        grown = (x0 - CLEAR, y0 - CLEAR, x1 + CLEAR, y1 + CLEAR)
        return any(overlap(grown, c) > 0 for c in circles)

    # a plan without figures keeps its names off a marker's size around each place: the name
    # is then written over the group
    assert crowds(name({}, transient=False))
    assert not crowds(name({"縣中": 2}))
    assert not crowds(name({}))  # a lone marker's reach (its point) covers two here
    steps = [[("笙", "縣中", "西面")], [("眾笙", "縣中", "西面")], [("笙", "-", None)]]
    assert most_at_once(SETTING, steps)["縣中"] == 2


def test_the_stage_keeps_a_things_name_off_the_point_of_a_marker_that_may_stand_there() -> None:
    """The stage's figures may face any way, so its plan keeps the fixed names off a marker's
    reach around each place, the point of its facing included: 主人 on his mat, facing west,
    covered the name 主人席 written beside it (stage, step 200)."""
    figures = state_at(["主人 主人席 西面"], 0)
    plan = compose(SETTING, figures, "t", "d", options=PlanOptions(view="hall"))
    (x0, y0, x1, y1) = dict(plan.markers)["主人"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    tip = SCREEN.radius[False] * 2.35
    reach = (cx - tip, cy - tip, cx + tip, cy + tip)
    options = PlanOptions(view="hall", transient=True)
    stage = compose(SETTING, [], "t", "d", options=options)
    name = {t: b for k, t, b in stage.labels if k == "fixed"}["主人席"]
    assert overlap(name, reach) == 0, (name, reach)


@pytest.mark.parametrize("view", ["hall", "range"])
@pytest.mark.parametrize("medium", ["screen", "print"])
def test_no_name_meets_another_or_a_marker(view: str, medium: str) -> None:
    figures = state_at(CROWD, 1)
    kind = SCREEN if medium == "screen" else print_medium(364.0, 440.0)
    plan = compose(
        SETTING,
        figures,
        "拾取矢",
        "d",
        "§1",
        options=PlanOptions(view=view, medium=kind, extra=["楅"]),
    )
    named = {text for k, text, _ in plan.labels if k == "figure"}
    assert len(named) == len(plan.markers)  # every figure on the plan is named, the range's too
    assert _clashes(plan) == []


def test_a_name_that_stands_off_has_a_leader_from_its_marker() -> None:
    ground = Ground((0.0, 0.0, 200.0, 200.0))
    # the marker's own places are all taken by names already written
    for box in [(70.0, 70.0, 130.0, 92.0), (70.0, 108.0, 130.0, 130.0), (60.0, 85.0, 92.0, 115.0)]:
        ground.labels.add(box)
    ground.labels.add((108.0, 85.0, 140.0, 115.0))
    ground.markers.add((94.8, 94.8, 105.2, 105.2))
    ground.circles.add((94.8, 94.8, 105.2, 105.2))
    from ritual.core.diagram.labels import figure_spots

    label = Label("司射", 11.0, figure_spots(100.0, 100.0, 5.2, 0.0, -1.0, 11.0, 2), "#000")
    label.marker = (100.0, 100.0, 5.2)
    place_figures([label], ground)
    assert label.box is not None and label.leader is not None
    x0, y0, x1, y1 = label.leader
    assert abs(((x0 - 100) ** 2 + (y0 - 100) ** 2) ** 0.5 - 6.0) < 0.1  # from the rim
    b = label.box
    assert b[0] - 1.5 <= x1 <= b[2] + 1.5 and b[1] - 1.5 <= y1 <= b[3] + 1.5  # to the name


def test_a_name_beside_its_own_marker_needs_no_leader_but_one_nearer_another_does() -> None:
    label = Label("賓", 11.0, [], "#000", marker=(100.0, 100.0, 5.2))
    beside = text_box(107.2, 100.0, "賓", 11.0, "start")
    assert leader(label, beside) is None
    # another marker just beyond the name: the name could be read as that one's
    assert leader(label, beside, [(120.0, 95.0, 130.0, 105.0)]) is not None


def test_the_stage_places_names_as_the_plans_do() -> None:
    """Figures in open ground: the stage's offsets are the static plan's, relative."""
    figures = state_at(["司射 司射位 東面; 司馬 司馬位 東面; 獲者 乏 東面"], 0)
    plan = compose(SETTING, figures, "t", "d", options=PlanOptions(view="hall"))
    offsets = label_offsets(SETTING, figures, "t", view="hall")
    assert set(offsets) == {"司射", "司馬"}  # the 獲者 at the 乏 is off the hall plan
    svg = to_svg(plan)
    for role, (_dx, _dy, anchor, vertical, line) in offsets.items():
        assert line is None and not vertical
        assert f">{role}</text>" in svg
        assert f"text-anchor:{anchor}" in svg or anchor == "middle"


def test_a_fixed_name_moves_off_a_marker_that_stands_on_it() -> None:
    """西階 is written beside its treads (they would strike it); a figure west of the stair
    stands there, and the name goes back to its first place, on the stair, while 阼階 stays."""
    empty = compose(SETTING, [], "t", "d", options=PlanOptions(view="hall"))
    beside = compose(
        SETTING, state_at(["笙 西階西 北面"], 0), "t", "d", options=PlanOptions(view="hall")
    )
    where = {t: b for k, t, b in empty.labels if k == "fixed"}
    moved = {t: b for k, t, b in beside.labels if k == "fixed"}
    assert moved["西階"] != where["西階"] and moved["阼階"] == where["阼階"]
    assert _clashes(beside) == []
    on_stair = compose(
        SETTING, state_at(["笙 盡階 北面"], 0), "t", "d", options=PlanOptions(view="hall")
    )
    assert {t: b for k, t, b in on_stair.labels if k == "fixed"}["西階"] == where["西階"]


@pytest.mark.parametrize("view", ["hall", "range"])
def test_the_printed_drawing_fits_its_box_with_type_large_enough(view: str) -> None:
    figures = state_at(CROWD, 1)
    box = (364.0, 440.0)

    def printed():
        options = PlanOptions(view=view, medium=print_medium(*box))
        return compose(SETTING, figures, "拾取矢：長題", "d", "圖一 §1", options=options)

    plan = printed()
    assert plan.width <= box[0] + 0.01 and plan.height <= box[1] + 0.01
    assert min(plan.type_sizes) >= PRINT_MIN_TYPE
    assert plan.header == []  # the caption gives the number and the title
    screen = compose(
        SETTING, figures, "拾取矢：長題", "d", "圖一 §1", options=PlanOptions(view=view)
    )
    # the site's drawing, scaled to the same box, would print its type too small
    shrink = min(box[0] / screen.width, box[1] / screen.height)
    assert screen.header and min(screen.type_sizes) * shrink < PRINT_MIN_TYPE
    assert to_svg(plan) == to_svg(printed())


def test_a_leader_counts_each_box_it_crosses_once_as_the_clipping_test_does():
    """``_crossings`` reads the grid's cells along the line and passes over the boxes beyond
    the line's bounds; what it adds is what the clipping test finds over every box."""
    import random

    inf = float("inf")
    rng = random.Random(11)
    grid = Grid()
    for _ in range(120):
        x, y = rng.uniform(0, 400), rng.uniform(0, 300)
        grid.add((x, y, x + rng.uniform(2, 80), y + rng.uniform(2, 30)))  # many span cells
    grid.add((100.0, 100.0, 140.0, 120.0))
    grid.add((100.0, 100.0, 140.0, 120.0))  # the same box twice: two boxes, two crossings
    for _ in range(300):
        line = tuple(rng.uniform(-20, 420) for _ in range(4))
        every = sum(1 for b in grid.boxes if segment_hits_box(*line, b))
        assert _crossings(grid, line, 0.0, inf) == every * LEADER_CROSS
    # a line that ends on a box's edge meets it; one that stops short does not
    edge = Grid()
    edge.add((10.0, 10.0, 20.0, 20.0))
    assert _crossings(edge, (0.0, 15.0, 10.0, 15.0), 0.0, inf) == LEADER_CROSS
    assert _crossings(edge, (0.0, 15.0, 9.9, 15.0), 0.0, inf) == 0.0
    # it adds to the cost it is given, and stops adding once that reaches the limit (the
    # search drops the spot at that cost)
    row = Grid()
    for k in range(5):
        row.add((10.0 + 30 * k, 0.0, 20.0 + 30 * k, 10.0))
    assert _crossings(row, (0.0, 5.0, 200.0, 5.0), 7.5, inf) == 7.5 + 5 * LEADER_CROSS
    assert _crossings(row, (0.0, 5.0, 200.0, 5.0), 7.5, 2 * LEADER_CROSS) == 7.5 + 2 * LEADER_CROSS
