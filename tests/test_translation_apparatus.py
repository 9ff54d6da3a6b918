"""The translation's apparatus: the pages hold the seed's 譯文 exactly; the entries are valid,
each placeable in its step's base translation, and once applied (as the build does) none of
the junk is left in the printed 譯文, while undoing them gives the seed back.

Reads the source pages (no build), so it runs with ``make unit``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import EDITION
from ritual.core import registry
from ritual.core import translation_apparatus as ta
from ritual.core.edition import load_edition

from tools.bootstrap.seed import translation_lines

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "source" / "rite"
RULES = ta.Rules.of(load_edition(EDITION))
ENTRIES = ta.load_entries(EDITION / "translation-apparatus.toml", RULES)
#: The review for meaning (issue 24): its entries follow the first pass's.
REVIEW_KIND = "mistranslation"
STEP_RE = re.compile(r"^::::\{xs:step\} (xs-\d{4})\n(.*?)^::::$", re.M | re.S)
TRANSLATION_RE = re.compile(r"^:::\{xs:translation\}\n((?::[\w-]+:.*\n)*)(.*?)\n:::$", re.M | re.S)
#: What the web copy did to the 譯文, found by reading it: none of it may stay in a page.
JUNK = {
    "a word wrapped by the web filter": re.compile(r"一.一 "),
    "a stray space": re.compile(r" "),
    "撲 for 扑": re.compile(r"撲"),
    "系 for 繫": re.compile(r"系"),
    "余 for 餘": re.compile(r"余"),
    "台 for 臺": re.compile(r"台"),
    "卷 for 捲 (the verb; 《卷耳》 is a title)": re.compile(r"卷(?!耳)"),
    "覆命 for 復命": re.compile(r"覆命"),
    "于 for 於": re.compile(r"于"),
    "拜射 for 拜謝": re.compile(r"拜射"),
    "采繁 for 采蘩": re.compile(r"采繁"),
    "栓 for 拴": re.compile(r"栓"),
    "一技 for 一枝": re.compile(r"一技"),
    "族 for 旌": re.compile(r"執族"),
    "福 for 楅": re.compile(r"福"),
    "筐 for 篚": re.compile(r"筐"),
}


def page_translations() -> dict[str, tuple[str, str | None]]:
    """step id → (source, translation text) as the pages hold them, in text order (the
    registry's: a rejoined step's new id stands where its text does, not at the end)."""
    out: dict[str, tuple[str, str | None]] = {}
    for page in PAGES.glob("*.md"):
        for step_id, body in STEP_RE.findall(page.read_text(encoding="utf-8")):
            m = TRANSLATION_RE.search(body)
            if m is None:
                out[step_id] = ("", None)
                continue
            source = re.search(r":source:\s*(\S+)", m.group(1))
            out[step_id] = (source.group(1) if source else "base", m.group(2))
    order = list(registry.load(EDITION / "step-registry.tsv"))
    return dict(sorted(out.items(), key=lambda item: order.index(item[0])))


TRANSLATIONS = page_translations()


def base_translations() -> dict[str, str]:
    """The base translations, as the pages hold them."""
    return {s: text for s, (src, text) in TRANSLATIONS.items() if src == "base" and text}


def printed_translations() -> dict[str, str]:
    """The base translations with their corrections applied: what the build prints."""
    steps = ta.by_step(ENTRIES)
    base = base_translations()
    return {s: ta.corrected_translation(text, steps.get(s, [])) for s, text in base.items()}


def test_the_pages_are_read_whole():
    live = [e for e in registry.load(EDITION / "step-registry.tsv").values() if e.status == "live"]
    assert len(TRANSLATIONS) == len(live)


def test_the_pages_hold_the_seed_translation(seed_path: Path):
    """Nothing of the editors' is copied into a page: the base 譯文 there is the seed's."""
    lines = [line.text for line in translation_lines(seed_path)]
    assert "".join(base_translations().values()) == "".join(lines)


def test_ids_are_stable_numbers_in_seed_order():
    """Numbered in file order; the first pass's entries (web junk, typos, conversion), then the
    review's (誤譯), each pass in the order of the seed."""
    ids = [e.id for e in ENTRIES]
    assert ids == [f"tr-{n:03d}" for n in range(1, len(ids) + 1)]
    kinds = [e.kind == REVIEW_KIND for e in ENTRIES]
    assert kinds == sorted(kinds)  # no first-pass entry after the review's
    for review in (False, True):
        lines = [e.seed_line for e in ENTRIES if (e.kind == REVIEW_KIND) == review]
        assert lines == sorted(lines)


def test_the_kinds_and_ids_are_the_editions():
    """edition.toml declares them (issue 24): the three of the first pass and 誤譯."""
    edition = load_edition(EDITION)
    assert edition.translation_kinds == {
        "filter-artifact": "網頁過濾衍文",
        "typo": "傳寫錯字",
        "conversion": "繁簡轉換之誤",
        "mistranslation": "誤譯",
    }
    assert edition.translation_id_form == "tr-NNN"
    assert {e.kind for e in ENTRIES} == set(edition.translation_kinds)
    # held to the edition's rules, an entry of an undeclared kind is refused
    with pytest.raises(ValueError, match="kind 'mistranslation'"):
        ta.check_entry(next(e for e in ENTRIES if e.kind == REVIEW_KIND))
    strict = ta.Rules(("typo",), re.compile(r"tr-\d{4}"), "tr-NNNN")
    with pytest.raises(ValueError, match="not tr-NNNN"):
        ta.check_entry(ENTRIES[0], strict)


def test_every_entry_is_placeable_in_its_steps_translation():
    assert ta.problems(base_translations(), ENTRIES) == []
    texts = printed_translations()
    for e in ENTRIES:
        start, end = ta.locate(texts[e.step], e)
        assert texts[e.step][start:end] == e.lemma


def test_corrections_stand_in_base_translations_only():
    sources = {s: src for s, (src, _) in TRANSLATIONS.items()}
    assert {sources[e.step] for e in ENTRIES} == {"base"}


def test_each_entry_stands_on_its_seed_line(seed_path: Path):
    """The base reading, put back in its step, falls within the seed line the entry names."""
    lines = translation_lines(seed_path)
    steps = ta.by_step(ENTRIES)
    span_of, offset = {}, 0  # seed line → its span in the seed's 譯文 joined
    for line in lines:
        span_of[line.lines[0]] = (offset, offset + len(line.text))
        offset += len(line.text)
    offset = 0
    for step_id, text in printed_translations().items():
        entries = steps.get(step_id, [])
        for e in entries:
            start = ta.locate(text, e)[0]
            shift = sum(
                len(o.base) - len(o.lemma) for o in entries if ta.locate(text, o)[0] < start
            )
            first, last = span_of[e.seed_line]
            assert first <= offset + start + shift and offset + start + shift + len(e.base) <= last
        offset += len(ta.base_translation(text, entries))


def test_undoing_every_correction_gives_the_seed_translation_back(seed_path: Path):
    lines = [line.text for line in translation_lines(seed_path)]
    steps = ta.by_step(ENTRIES)
    undone = [
        ta.base_translation(text, steps.get(s, [])) for s, text in printed_translations().items()
    ]
    assert "".join(undone) == "".join(lines)
    # Every step's base translation is made of whole seed lines, each attached once, in order.
    offsets, offset = {0}, 0
    for line in lines:
        offset += len(line)
        offsets.add(offset)
    offset = 0
    for text in undone:
        assert offset in offsets and offset + len(text) in offsets, text
        offset += len(text)


def test_each_correction_changes_only_its_own_place(seed_path: Path):
    texts = printed_translations()
    for e in ENTRIES:
        text = texts[e.step]
        start, end = ta.locate(text, e)
        one = ta.base_translation(text, [e])
        assert one == text[:start] + e.base + text[end:]
        assert e.base_context in one


def test_no_junk_is_left_in_any_printed_translation():
    printed = printed_translations()
    for step_id, (_, text) in TRANSLATIONS.items():
        text = printed.get(step_id, text)
        for what, pattern in JUNK.items():
            assert text is None or not pattern.search(text), (step_id, what, text)


def test_the_junk_patterns_all_occur_in_the_seed(seed_path: Path):
    """The list above is what was found, not a guess: each pattern is in the seed's 譯文."""
    seed = "".join(line.text for line in translation_lines(seed_path))
    for what, pattern in JUNK.items():
        assert pattern.search(seed), what


def test_correct_yi_is_untouched():
    """一 is often right (一人, 一揖, 一枝 …): only the wrapper 「一X一 」 was removed."""
    for e in ENTRIES:
        if e.kind == "filter-artifact":
            assert re.fullmatch(r"一(.)一 |一(.) ", e.base), e.id
            assert e.lemma in e.base and "一" not in e.lemma, e.id


def test_check_entry_rejects_bad_entries():
    good = ENTRIES[0]
    fields = dict(vars(good))
    for change, message in [
        ({"kind": "variant"}, "kind"),
        ({"lemma": "X"}, "context lemma"),
        ({"base": good.lemma}, "must change"),
        ({"id": "tr-1"}, "tr-NNN"),
        ({"note": ""}, "note"),
    ]:
        with pytest.raises(ValueError, match=message):
            ta.check_entry(ta.TranslationEntry(**{**fields, **change}))


def test_read_entries_reports_bad_entries_with_their_line(tmp_path: Path):
    path = tmp_path / "t.toml"
    path.write_text(
        '# header\n\n[[entry]]\nid = "tr-001"\nstep = "xs-0001"\n'
        '\n[[entry]]\nid = "tr-002"\nstep = "xs-0001"\nseed_line = 1\nlemma = "交"\n'
        'base = "一交一 "\ncontext = "相[交]，"\nkind = "filter-artifact"\nnote = "n"\n',
        encoding="utf-8",
    )
    entries, problems = ta.read_entries(path)
    assert [e.id for e in entries] == ["tr-002"]
    assert [(p.line, p.message, p.kind) for p in problems] == [
        (3, "entry tr-001 lacks the field 'seed_line'", "bad_apparatus")
    ]
    with pytest.raises(ValueError, match=r"t.toml:3: entry tr-001"):
        ta.load_entries(path)


def test_locate_errors_name_the_entry():
    e = ENTRIES[0]
    with pytest.raises(ValueError, match=f"{e.id}: context .* not found"):
        ta.locate("無此文", e)
    plain = e.context.replace("[", "").replace("]", "")
    with pytest.raises(ValueError, match="ambiguous"):
        ta.locate(plain + plain, e)
    assert ta.problems({}, [e]) == [f"{e.id}: step {e.step} has no translation"]
