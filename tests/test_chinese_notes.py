"""Every note a reader sees is in Chinese (issue 24 item 6).

The edition's notes are written as its 校記 and 按語 are: the formulas' notes and the 記's ties
(printed on the 如初諸例 page), the positions' notes, the plans' warrants and disputes, the
figures' and furnishings' notes and the facings' glosses, the plans' notes of edition.toml and
the captions of the diagram directives. A Latin-letter word in one of them fails, except what
is meant to be Latin: step ids (xs-0001), seed lines (seed:12), coordinates (x = 15, y),
and the names of setting.toml's own tables (furnishings.楅, dimensions.序, meta.disputes).
"""

from __future__ import annotations

import re
import tomllib

import pytest
from conftest import EDITION, ROOT

ALLOWED = re.compile(
    r"xs-\d{4}|seed:\d+|\b(?:furnishings|dimensions|meta)\.[^\s，。；：、（）]+|(?<![A-Za-z])[xy](?![A-Za-z])"
)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def latin_words(text: str) -> list[str]:
    return LATIN_WORD.findall(ALLOWED.sub("", text))


def _tsv(name: str, column: str) -> list[tuple[int, str]]:
    lines = (EDITION / name).read_text(encoding="utf-8").splitlines()
    rows = [(n, line.split("\t")) for n, line in enumerate(lines, 1) if line and line[0] != "#"]
    head = rows[0][1]
    i = head.index(column)
    return [(n, cells[i]) for n, cells in rows[1:] if len(cells) > i]


NOTES = {
    "references.tsv": "note",
    "ties.tsv": "note",
    "positions.tsv": "note",
    "figures.tsv": "note",
    "furnishings.tsv": "warrant",
}


def test_the_check_catches_english() -> None:
    assert latin_words("the 賓 bows") == ["the", "bows"]
    assert latin_words("xs-0052 注「降立阼階東」；seed:12；x = 15；見 furnishings.楅") == []


@pytest.mark.parametrize(("name", "column"), sorted(NOTES.items()))
def test_data_notes_are_chinese(name: str, column: str) -> None:
    bad = [f"{name}:{n}: {latin_words(t)}" for n, t in _tsv(name, column) if latin_words(t)]
    assert not bad, bad


def test_ties_reasons_are_chinese() -> None:
    bad = [f"ties.tsv:{n}" for n, t in _tsv("ties.tsv", "reason") if latin_words(t)]
    assert not bad, bad


def test_facing_glosses_are_chinese() -> None:
    for line in (EDITION / "facings.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cells = line.split("\t")
            assert len(cells) < 3 or not latin_words(cells[2]), line


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _warrants(value: object) -> list[str]:
    """Every ``warrant`` of setting.toml, wherever its table stands."""
    if isinstance(value, dict):
        own = [str(value["warrant"])] if "warrant" in value else []
        return own + [w for v in value.values() for w in _warrants(v)]
    if isinstance(value, list):
        return [w for v in value for w in _warrants(v)]
    return []


def test_plan_warrants_and_notes_are_chinese() -> None:
    setting = tomllib.loads((EDITION / "setting.toml").read_text(encoding="utf-8"))
    texts = _warrants(setting)
    assert len(texts) > 100
    texts += [*_strings(setting["meta"]["disputes"]), setting["meta"]["origin"]]
    plan = tomllib.loads((EDITION / "edition.toml").read_text(encoding="utf-8"))["plan"]
    texts += _strings(
        {k: plan[k] for k in ("title", "description", "empty", "notes", "view_notes")}
    )
    bad = [t for t in texts if latin_words(t)]
    assert not bad, bad


def test_diagram_captions_are_chinese() -> None:
    """The body of every ``xs:diagram`` directive (its caption) in the pages."""
    caption = re.compile(r"^:::\{xs:diagram\}[^\n]*\n((?::[^\n]*\n)*)(.*?)^:::$", re.M | re.S)
    found = 0
    for page in (ROOT / "source").rglob("*.md"):
        for m in caption.finditer(page.read_text(encoding="utf-8")):
            found += 1
            body = re.sub(r"\{step\}`[^`]*`", "", m.group(2))
            assert not latin_words(body), (page.name, body[:60])
    assert found >= 30


def test_the_xrefs_page_prints_no_english_note() -> None:
    page = ROOT / "_build" / "html" / "xrefs.html"
    if not page.is_file():
        pytest.skip("no _build/html (run make html)")
    html = page.read_text(encoding="utf-8")
    notes = re.findall(r'<span class="xs-reflist-note"[^>]*>(.*?)</span>', html, re.S)
    assert len(notes) > 100
    # every cell of the lists, as a reader sees it (the tags and their attributes left out)
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)]
    bad = [c for c in cells if latin_words(c)]
    assert not bad, bad[:5]
