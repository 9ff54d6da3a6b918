"""The SVG plan: well-formed SVG 1.1, titled, self-contained and byte-for-byte deterministic."""

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest
from conftest import EDITION
from ritual.core.diagram import UnknownFurnishingError, UnknownViewError, load_setting, render
from ritual.core.diagram import state_at as _state_at
from ritual.core.diagram.plan import El, PageState, to_svg
from ritual.core.diagram.svg import PlanOptions, compose

SETTING = load_setting(EDITION / "setting.toml", EDITION / "facings.tsv")


def default_setting():
    return SETTING


def state_at(steps, index):
    rows = [[tuple(c.split()) for c in s.split(";") if c.strip()] for s in steps]
    return _state_at(rows, index, setting=SETTING)


NS = "{http://www.w3.org/2000/svg}"

STEPS = [
    "主人 阼階上當楣 北面; 賓 西階上當楣 北面",
    "甲 堂西 南面; 乙 堂西 南面; 丙 堂西 南面; 司射 司射位 東面",
    "上射 上射物 北面; 下射 下射物 北面; 司馬 物間 西南面; 獲者 乏 東面",
]


@pytest.fixture(scope="module")
def figures():
    return state_at(STEPS, 2)


def draw(figures, **kw):
    kw.setdefault("view", "hall")
    return render(
        default_setting(), figures, "上耦升射 <&>", "上耦當物。", "§7.3", options=PlanOptions(**kw)
    )


@pytest.mark.parametrize("view", ["hall", "range"])
def test_valid_svg_with_title_and_desc(figures, view):
    text = draw(figures, view=view)
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{NS}svg" and root.get("version") == "1.1"
    children = [child.tag for child in root]
    assert children[:2] == [f"{NS}title", f"{NS}desc"]
    assert root.find(f"{NS}title").text == "§7.3 上耦升射 <&>"
    assert root.find(f"{NS}desc").text == "上耦當物。"
    assert "Noto Serif CJK TC" in root.get("font-family") and "serif" in root.get("font-family")
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert width > 0 and height > 0


@pytest.mark.parametrize("view", ["hall", "range"])
def test_deterministic(figures, view):
    assert draw(figures, view=view) == draw(state_at(STEPS, 2), view=view)


def test_self_contained(figures):
    text = draw(figures, extra=["楅", "中", "豐"])
    assert "href" not in text
    urls = re.findall(r"https?://[^\"']+", text)
    assert set(urls) == {"http://www.w3.org/2000/svg"}
    assert re.findall(r"url\(([^)]*)\)", text) == [
        f"#{m}" for m in re.findall(r'id="([^"]*-clip)"', text)
    ]


def test_ids_unique_per_diagram(figures):
    a = draw(figures)
    b = render(default_setting(), figures, "另一圖", "d", "§7.4")
    ids_a = set(re.findall(r'id="([^"]+)"', a))
    ids_b = set(re.findall(r'id="([^"]+)"', b))
    assert ids_a and not ids_a & ids_b
    assert len(re.findall(r'id="([^"]+)"', a)) == len(ids_a)


def test_participants_drawn_and_moved_in_vermilion(figures):
    text = draw(figures)
    root = ET.fromstring(text.encode("utf-8"))
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert "上射：上射物，北面" in titles
    assert "甲：堂西，南面" in titles
    # 獲者 at the 乏 is off the hall view and is listed instead
    assert "Off the plan: 獲者 (乏)." in text  # the plan's own words: English unless given
    assert "獲者：乏，東面" not in titles
    range_titles = [t.text for t in ET.fromstring(draw(figures, view="range")).iter(f"{NS}title")]
    assert "獲者：乏，東面" in range_titles


def test_furnishings_choice(figures):
    base = draw(figures)
    with_bi = draw(figures, extra=["楅"])
    assert ">楅<" not in base and ">楅<" in with_bi
    only = draw(figures, furnishings=["洗"])
    assert ">洗<" in only and ">水<" not in only


def test_unknown_furnishing_and_view(figures):
    with pytest.raises(UnknownFurnishingError) as err:
        draw(figures, extra=["鼎"])
    assert err.value.value == "鼎"
    with pytest.raises(UnknownViewError):
        draw(figures, view="side")


def test_scale_bar_and_north_arrow(figures):
    text = draw(figures)
    assert ">30 尺<" in text and ">弓<" in text and ">N<" in text

    assert ">60 尺<" in draw(figures, view="range")


def test_styles_are_classes_with_one_rule_each(figures):
    text = draw(figures, extra=["楅", "中", "豐"])
    sheet = re.search(r"<style>(.*?)</style>", text).group(1)
    rules = dict(re.findall(r"\.(xsd-s[0-9a-f]{5})\{([^}]*)\}", sheet))
    used = set(re.findall(r'class="(xsd-s[0-9a-f]{5})"', text))
    assert used and used == set(rules)  # every class has its rule, and no rule is idle
    # no drawing element keeps a presentation attribute of its own
    for tag in re.findall(r"<(?:rect|polyline|polygon|circle|text)\b[^>]*>", text):
        assert not re.search(r'\s(?:fill|stroke|stroke-width|font-size|text-anchor)="', tag), tag
    # a class names its style: the same style has the same class in another plan
    other = render(
        default_setting(), figures, "另一圖", "d", "§7.4", options=PlanOptions(view="range")
    )
    other_rules = dict(re.findall(r"\.(xsd-s[0-9a-f]{5})\{([^}]*)\}", other))
    for name in set(rules) & set(other_rules):
        assert rules[name] == other_rules[name]


def test_presentation_attributes_become_classes_of_one_rule():
    """An element's presentation properties are kept apart from its geometry and written as
    a class; elements of one style share it; other elements keep their attributes."""
    a = El.make("rect", x=1.0, fill="none", stroke="#000", stroke_width=0.7)
    b = El.make("text", "甲", x=2.0, font_size=11.0, fill="#fff")
    assert a.attrs == [("x", "1")] and a.style[0] == ("fill", "none")
    assert b.attrs == [("x", "2")] and ("font-size", "11") in b.style
    e = El.make("ellipse", cx=1.0, fill="#000")
    assert ("fill", "#000") in e.attrs and not e.style  # not a classed element


def test_a_page_writes_each_rule_and_background_once(figures):
    """Plans on one HTML page share their style rules and their background: the second plan
    brings only the rules the first did not and uses the first's background."""
    first = compose(
        SETTING, figures, "一", "d", "§1", options=PlanOptions(view="hall", id_prefix="p1")
    )
    second = compose(
        SETTING, figures, "二", "d", "§2", options=PlanOptions(view="hall", id_prefix="p2")
    )
    page = PageState()
    a, b = to_svg(first, page), to_svg(second, page)
    assert not a.startswith("<?xml") and '<g id="p1-plan">' in a
    assert '<use href="#p1-plan"/>' in b and "<style>" not in b  # nothing new to write
    rules_a = set(re.findall(r"\.(xsd-s[0-9a-f]{5})\{", a))
    assert rules_a and page.rules == rules_a
    whole = to_svg(second)  # a file keeps every plan whole
    assert whole.startswith("<?xml") and "<use" not in whole and "<style>.xsd" in whole
    # the stage view's background has ids (its script shows and hides furnishings): not shared
    stage = compose(
        SETTING,
        [],
        "演示",
        "d",
        options=PlanOptions(view="hall", id_prefix="st", group_furnishings=True),
    )
    assert "<use" not in to_svg(stage, page) and '<g id="st-furn-' in to_svg(stage, PageState())


def test_a_page_draws_a_figure_drawn_alike_once(figures):
    """Issue 25 (every page ≤ 400 kB): a figure an earlier plan of the page drew exactly so is
    a ``<use>`` of it; one that moved is drawn anew; the files keep every figure whole."""
    first = compose(
        SETTING, figures, "一", "d", "§1", options=PlanOptions(view="hall", id_prefix="p1")
    )
    second = compose(
        SETTING, figures, "二", "d", "§2", options=PlanOptions(view="hall", id_prefix="p2")
    )
    page = PageState()
    a, b = to_svg(first, page), to_svg(second, page)
    n = a.count('class="xs-figure"')  # those inside the hall's plan
    assert n > 1 and len(re.findall(r'class="xs-figure" id="p1-f\d+"', a)) == n
    assert len(re.findall(r'<use href="#p1-f\d+"/>', b)) == n
    assert 'class="xs-figure"' not in b
    # the same figures, each marked as moving (another colour): each drawn anew
    moved = [dataclasses.replace(f, moved=not f.moved) for f in figures]
    third = to_svg(
        compose(SETTING, moved, "三", "d", "§3", options=PlanOptions(view="hall", id_prefix="p3")),
        page,
    )
    assert third.count('class="xs-figure"') == n and not re.search(r'<use href="#p1-f\d', third)
    assert "<use" not in to_svg(second) and to_svg(second).count('class="xs-figure"') == n


def test_a_plan_on_a_page_is_described_by_its_key(figures):
    """On a page whose key (the list under the plan) says what the ``<desc>`` says, the key
    describes the plan and the ``<desc>`` is not written twice."""
    plan = compose(
        SETTING, figures, "一", "d", "§1", options=PlanOptions(view="hall", id_prefix="p1")
    )
    svg = to_svg(plan, PageState(), described_by="fig-1-key")
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.get("aria-describedby") == "fig-1-key"
    assert root.get("aria-labelledby") == "p1-title" and root.find(f"{NS}desc") is None
    whole = ET.fromstring(to_svg(plan).encode("utf-8"))
    assert whole.get("aria-labelledby") == "p1-title p1-desc"
    assert whole.find(f"{NS}desc") is not None


def test_a_label_is_written_once_with_its_halo_under_it(figures):
    text = draw(figures)
    root = ET.fromstring(text.encode("utf-8"))
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "xs-figure"]
    assert groups
    for g in groups:
        # one <text> per label (the halo is its own stroke, painted first), not a copy under it
        assert len(g.findall(f"{NS}text")) == 1, g.find(f"{NS}title").text
    sheet = re.search(r"<style>(.*?)</style>", text).group(1)
    assert "paint-order:stroke" in sheet


def test_hall_plan_leaves_out_what_lies_beyond_it(figures):
    hall, range_ = draw(figures), draw(figures, view="range")
    assert ">侯<" in range_ and ">乏<" in range_
    assert ">侯<" not in hall and ">乏<" not in hall  # 300 尺 south of the hall: clipped anyway


def test_vertical_labels_take_the_vertical_bracket_forms():
    """A label set down a column writes its brackets and stops turned (縣︵磬︶), as a
    vertical page does; across a line it keeps the upright ones (縣（磬）)."""
    from ritual.core.diagram.canvas import text_el, vertical_text

    assert vertical_text("縣（磬）") == "縣︵磬︶"
    assert vertical_text("尊（斯禁兩壺），「甲」。") == "尊︵斯禁兩壺︶︐﹁甲﹂︒"

    def text(el):
        return "".join(c if isinstance(c, str) else text(c) for c in el.children)

    assert text(text_el(10, 10, "縣（磬）", 12, vertical=True)) == "縣︵磬︶"
    assert text(text_el(10, 10, "縣（磬）", 12)) == "縣（磬）"


def test_the_build_gives_the_plan_its_words_in_the_editions_language(
    figures, edition_words
) -> None:
    """The words a plan writes of its own are the caller's (:class:`PlanWords`): the build
    passes the engine's catalog's, here the edition's zh_TW."""
    from ritual.components.plans.diagrams import plan_words

    text = draw(figures, words=plan_words())
    assert ">北<" in text and "朱色：本節所動者。" in text and "圖外：獲者（乏）。" in text
    assert "Vermilion" not in text and ">N<" not in text


def test_ranks_are_as_even_as_they_can_be():
    from ritual.core.diagram.layout import ranks

    assert ranks(8, 5.3, 18.0) == (4, 2)  # not seven and one
    assert ranks(8, 3.0, 18.0) == (4, 2)
    assert ranks(6, 3.0, 18.0) == (6, 1)  # fits: one line
    assert ranks(5, 10.0, 18.0) == (2, 3)
    assert ranks(8, 5.3, None) == (8, 1)  # no room given: one line


@pytest.mark.parametrize("view", ["hall", "range"])
def test_a_line_longer_than_its_place_stands_in_ranks_off_the_hall(view):
    """The eight at 堂西 (the three pairs, the 大夫's partner and the 眾賓) keep to the ground
    between the court's wall and the hall: at the overview's wider spacing their one line had
    run east onto the hall. The senior rank is in front (south: they face south), each rank
    東上 (the senior at the east)."""
    roles = ["上耦上射", "上耦下射", "次耦上射", "次耦下射"]
    roles += ["下耦上射", "下耦下射", "大夫之耦", "眾賓"]
    figures = state_at(["; ".join(f"{r} 堂西 南面" for r in roles)], 0)
    plan = compose(SETTING, figures, "t", "d", options=PlanOptions(view=view))
    left, _, width, _ = plan.plan_box
    x0, _, x1, _ = next(v.extent for v in SETTING.views.values() if v.name == view)
    hall_west = next(st.coords[0] for st in SETTING.structures if st.style == "platform")
    edge = left + (hall_west - x0) * width / (x1 - x0)
    boxes = dict(plan.markers)
    assert all(box[2] < edge for box in boxes.values()), (edge, boxes)
    centre = {role: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for role, b in boxes.items()}
    rows = sorted({round(y, 1) for _, y in centre.values()})
    assert len(rows) == 2
    front = [r for r in roles if round(centre[r][1], 1) == rows[-1]]  # south: larger y
    assert front == roles[:4]
    assert sorted(front, key=lambda r: -centre[r][0]) == roles[:4]  # 東上
