"""tools/bench.py's plain-Sphinx twin: the same text with the edition's markup stripped.

The ratio the benchmarks report is only as fair as the twin: a role left in it is parsed
by MyST as an unknown role (a warning and a problematic node per use), so plain Sphinx
would do work that the edition's build does not, and the ratio would flatter the edition.
"""

from __future__ import annotations

import re
from pathlib import Path

from tools.bench import plain_markdown

ROOT = Path(__file__).resolve().parents[1]
#: what is left of a MyST role if the twin failed to strip one
ROLE_LEFT = re.compile(r"\{[a-z][a-z:-]*\}`")


def test_roles_become_their_text() -> None:
    assert plain_markdown("{role}`主人`{action}`拜 <拜>`送。\n") == "主人拜送。\n"


def test_a_formula_whose_text_holds_roles_becomes_its_text() -> None:
    line = "{ref-as}``{action}`揖`如{action}`升` <xs-0190..xs-0191>``；{ref-as}`亦如之 <xs-0201>`。"
    assert plain_markdown(line) == "揖如升；亦如之。\n"


def test_the_twin_of_every_page_keeps_no_role() -> None:
    for page in sorted((ROOT / "source").rglob("*.md")):
        if "_edition" in page.parts:
            continue
        twin = plain_markdown(page.read_text(encoding="utf-8"))
        left = [m for m in ROLE_LEFT.finditer(twin) if m.group(0) != "{doc}`"]
        assert left == [], page
