"""The whole edition against its seed: nothing lost, nothing moved, every translation line once."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import EDITION, STEP_KEYS
from ritual.core import commentary, registry

from tools.bootstrap.seed import original_lines, translation_lines


def undo(text: str, entries: list[dict]) -> str:
    """A text as transmitted: every entry's base reading (底) put back, from edition.json."""
    for entry in sorted(entries, key=lambda e: e["start"], reverse=True):
        base = [r["text"] for r in entry["readings"] if "底" in r["witnesses"]]
        if base:
            text = text[: entry["start"]] + base[0] + text[entry["end"] :]
    return text


def base_of(step: dict) -> str:
    """The step's text as transmitted: every apparatus emendation undone (from edition.json)."""
    return undo(step["text"], step["apparatus"])


def test_every_character_of_the_seed_text_is_in_the_edition(edition: dict, seed_path: Path):
    seed = "".join(registry.bare(line.text) for line in original_lines(seed_path))
    edited = "".join(registry.bare(base_of(step)) for step in edition["steps"])
    assert edited == seed


def test_each_step_carries_its_registered_seed_lines(edition: dict, seed_path: Path):
    by_line = {n: line.text for line in original_lines(seed_path) for n in line.lines}
    entries = registry.load(EDITION / "step-registry.tsv")
    for step in edition["steps"]:
        lines = entries[step["id"]].seed_lines
        expected = "".join(dict.fromkeys(by_line[n] for n in lines))
        assert registry.bare(base_of(step)) == registry.bare(expected), step["id"]


def test_every_translation_line_is_attached_once_in_order(edition: dict, seed_path: Path):
    """The base translation, its corrections undone (translation-apparatus.toml), is the
    seed's 譯文: every line once, in order, each step's made of whole lines."""
    lines = [line.text for line in translation_lines(seed_path)]
    base = [s for s in edition["steps"] if s["translation_source"] == "base"]
    attached = [undo(s["translation"], s["translation_apparatus"]) for s in base]
    assert "".join(attached) == "".join(lines)
    corrected = {s["id"] for s in edition["steps"] if s["translation_apparatus"]}
    assert corrected <= {s["id"] for s in base}
    # Each step's translation is made of whole seed lines: its ends fall on line boundaries.
    boundaries, offset = {0}, 0
    for line in lines:
        offset += len(line)
        boundaries.add(offset)
    offset = 0
    for text in attached:
        assert offset in boundaries and offset + len(text) in boundaries, text
        offset += len(text)


def test_translation_sources(edition: dict):
    """Every step has a translation: the base's, or one the editors supplied (issue 12)."""
    for step in edition["steps"]:
        assert step["translation"], step["id"]
        assert step["translation_source"] in ("base", "editors"), step["id"]


def test_the_web_junk_is_left_out(edition: dict):
    text = "".join(step["text"] for step in edition["steps"])
    assert "分類" not in text
    assert not any(step["text"] in ("儀禮", "鄉射禮") for step in edition["steps"])
    assert not any(step["text"].startswith("」") for step in edition["steps"])
    # …nor in the translations (the wrapper 「一X一 」 and the stray space it leaves).
    assert not any(re.search(r"一.一 | ", step["translation"] or "") for step in edition["steps"])


def test_registry_ids_never_vanish_and_keep_their_text(edition: dict):
    entries = registry.load(EDITION / "step-registry.tsv")
    steps = {step["id"]: step for step in edition["steps"]}
    for entry in entries.values():
        if entry.status == "live":
            assert entry.step_id in steps, f"published id {entry.step_id} vanished"
            text = base_of(steps[entry.step_id])
            assert registry.fingerprint(text) == entry.fingerprint, entry.step_id
        else:
            assert entry.replaced_by in steps, f"retired {entry.step_id} resolves nowhere"
    assert set(steps) <= set(entries)


def test_numbers_are_consecutive_and_sections_cover_all_steps(edition: dict):
    assert [s["number"] for s in edition["steps"]] == list(range(1, len(edition["steps"]) + 1))
    listed = [sid for section in edition["sections"] for sid in section["steps"]]
    assert listed == [s["id"] for s in edition["steps"]]
    assert [s["number"] for s in edition["sections"]] == list(
        range(1, len(edition["sections"]) + 1)
    )
    for step in edition["steps"]:
        assert step["section"] in {s["id"] for s in edition["sections"]}


def test_every_step_url_resolves_to_an_anchor(edition: dict, edition_html: Path):
    pages: dict[str, str] = {}
    for step in edition["steps"]:
        page, _, anchor = step["url"].partition("#")
        if page not in pages:
            pages[page] = (edition_html / page).read_text(encoding="utf-8")
        assert re.search(rf'\bid="{re.escape(anchor)}"', pages[page]), step["url"]


def test_edition_json_shape(edition: dict):
    assert list(edition) == ["edition", "sections", "steps", "indexes", "diagrams"]
    assert set(edition["edition"]) == {"title", "version", "base_text", "witnesses"}
    for section in edition["sections"]:
        assert list(section) == ["id", "number", "title", "steps"]
    for step in edition["steps"]:
        assert list(step) == STEP_KEYS
        for ann in step["annotations"]:
            assert ann["type"] in ("role", "vessel", "action", "place")
            assert 0 <= ann["start"] < ann["end"] <= len(step["text"])
        for app in step["apparatus"]:
            assert step["text"][app["start"] : app["end"]] == app["lemma"]
        for app in step["translation_apparatus"]:
            assert list(app) == ["start", "end", "lemma", "readings", "note"]
            assert step["translation"][app["start"] : app["end"]] == app["lemma"]
        keys = ["id", "start", "end", "text", "source", "witness", "pages"]
        for note in step["commentary"]:
            optional = [k for k in ("supplied", "spans_steps", "spans_start") if k in note]
            assert list(note) == [*keys, *optional], note["id"]
            assert ("spans_steps" in note) == ("spans_start" in note), note["id"]
            for part in note.get("supplied", ()):
                assert list(part) == ["start", "end", "witness", "pages"]
                assert 0 <= part["start"] < part["end"] <= len(note["text"]), note["id"]
                assert part["witness"] != note["witness"] and part["pages"], note["id"]
            assert re.fullmatch(rf"{step['id']}-z[1-9][0-9]*", note["id"])
            assert 0 <= note["start"] < note["end"] <= len(step["text"])
            assert note["source"] == "鄭注" and note["text"] and note["pages"]
            assert note.get("spans_steps", [step["id"]])[-1] == step["id"]
            assert len(note.get("spans_steps", "..")) >= 2
        ends = [(n["start"], n["end"]) for n in step["commentary"]]
        assert all(a[1] <= b[0] for a, b in pairwise(ends)), step["id"]
    assert set(edition["indexes"]) == {"vessel", "action", "role", "place"}


def test_a_note_says_whose_words_it_holds_and_where_its_lemma_begins(edition: dict):
    """What 張 supplies where 叢 has lost a page is credited to 張, not to the note's witness;
    a lemma across steps says where in its first step it begins (commentary.tsv's 〔…〕,
    ``supplied`` and ``from``, carried into edition.json)."""
    rows = {note.id: note for note in commentary.read(EDITION / "commentary.tsv")[0]}
    supplied = across = 0
    for step in edition["steps"]:
        for note in step["commentary"]:
            row = rows[note["id"]]
            parts = note.get("supplied", [])
            assert [note["text"][p["start"] : p["end"]] for p in parts] == (
                commentary.SUPPLIED.findall(row.text)
            ), note["id"]
            for part in parts:
                assert [part["witness"], *part["pages"]] == row.supplied.split()
            supplied += bool(parts)
            if row.first:
                across += 1
                assert note["spans_steps"][0] == row.first, note["id"]
                assert note["spans_start"] == row.first_offset, note["id"]
    assert (supplied, across) == (4, 42)  # as `make commentary` counts them


def test_html_declares_traditional_chinese(edition_html: Path):
    html = (edition_html / "rite" / "before.html").read_text(encoding="utf-8")
    assert re.search(r'<html[^>]* lang="zh-Hant"', html)


@pytest.mark.parametrize("count", [544])
def test_step_count_matches_the_conventions_page(edition: dict, count: int):
    assert len(edition["steps"]) == count
    conventions = (Path(__file__).parents[1] / "source" / "conventions.md").read_text("utf-8")
    ji = [s for s in edition["steps"] if s["section"].startswith("ji-")]
    assert f"全篇共分 {count} 節：經 {count - len(ji)} 節，記 {len(ji)} 節" in conventions
