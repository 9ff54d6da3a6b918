"""The SVG plan: well-formed SVG 1.1, titled, self-contained and byte-for-byte deterministic."""

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "_ext"))

from xiangsheli.diagram import (
    UnknownFurnishingError,
    UnknownViewError,
    default_setting,
    render,
    state_at,
)

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
    return render(default_setting(), figures, "上耦升射 <&>", "上耦當物。", "§7.3", **kw)


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
    assert "獲者（乏）" in text
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
    assert ">30 尺<" in text and ">弓<" in text and ">北<" in text
    assert ">60 尺<" in draw(figures, view="range")
