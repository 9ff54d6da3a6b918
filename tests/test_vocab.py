"""The vocabularies as data: well-formed, internally consistent, and all used by the text.

The loader is imported through ``tools.annotate`` (which loads ``vocab.py`` by path), so these
tests run without Sphinx, exactly like the tagger does.
"""

from __future__ import annotations

from pathlib import Path

import opencc
import pytest
from conftest import EDITION
from ritual.core.apparatus import load_entries

from tools import annotate as ann

vocab = ann.vocab
DIR = EDITION / "vocab"
KINDS = ("role", "vessel", "action", "place")


def test_the_shipped_vocabularies_validate():
    assert vocab.validate(DIR, KINDS) == []


def test_every_kind_has_a_file_with_provenance():
    for kind in KINDS:
        header = vocab.read_header(DIR / f"{kind}.tsv")
        assert header["kind"] == kind
        assert header["categories"]
        assert "pypinyin" in (DIR / f"{kind}.tsv").read_text(encoding="utf-8")


def test_every_gloss_explains_its_term():
    """A Chinese gloss that only repeats its headword (拜 「拜」) tells the reader nothing."""
    terms = vocab.load(DIR, KINDS)
    echoes = [(k, t.term) for k in KINDS for t in terms[k] if t.gloss_zh.strip() == t.term]
    assert echoes == []


def test_no_gloss_repeats_a_conversion_error_the_text_corrects():
    """The apparatus corrects the base text's 繁簡 errors (系 for 繫, 余 for 餘 …): a gloss
    must not print them (綱's gloss read 「系侯之繩」, on its page, in both indexes and in
    edition.json)."""
    t2s = opencc.OpenCC("t2s").convert
    # the base's reading where it is the lemma's Simplified form (not 後 for 后: a variant)
    wrong = {
        reading.text
        for entry in load_entries(EDITION / "apparatus.toml")
        if entry.kind == "conversion"
        for reading in entry.readings
        if "底" in reading.witnesses and reading.text == t2s(entry.lemma) != entry.lemma
    }
    assert {"系", "余"} <= wrong
    terms = vocab.load(DIR, KINDS)
    bad = [(t.term, t.gloss_zh) for k in KINDS for t in terms[k] if set(t.gloss_zh) & wrong]
    assert bad == []


def test_load_returns_plain_records_located_in_their_file():
    terms = vocab.load(DIR, KINDS)
    assert set(terms) == set(KINDS)
    jue = vocab.index(terms)["vessel"]["爵"]
    assert jue.pinyin == "jué" and jue.category == "酒器"
    assert Path(jue.source).name == "vessel.tsv" and jue.line > 1


@pytest.mark.parametrize(
    ("kind", "term", "parent"),
    [
        ("action", "再拜", "拜"),
        ("action", "拜既爵", "拜"),
        ("vessel", "上篚", "篚"),
        ("vessel", "鹿中", "中"),
        ("vessel", "乘矢", "矢"),
        ("role", "上射", "三耦"),
        ("place", "西楹", "楹"),
    ],
)
def test_sub_terms_sit_under_their_headword(kind, term, parent):
    assert vocab.index(vocab.load(DIR, KINDS))[kind][term].parent == parent


@pytest.mark.parametrize(
    ("kind", "term", "pinyin"),
    [
        ("role", "樂正", "yuè zhèng"),
        ("role", "大師", "tài shī"),
        ("role", "相者", "xiàng zhě"),
        ("vessel", "觶", "zhì"),
        ("vessel", "楅", "bī"),
        ("vessel", "笴", "gǎn"),
        ("vessel", "縣", "xuán"),
        ("vessel", "乘矢", "shèng shǐ"),
        ("place", "阼階", "zuò jiē"),
        ("action", "說", "tuō"),
        ("action", "射", "shè"),
    ],
)
def test_polyphones_have_their_ritual_reading(kind, term, pinyin):
    assert vocab.index(vocab.load(DIR, KINDS))[kind][term].pinyin == pinyin


@pytest.mark.parametrize(
    ("term", "pinyin", "ok"),
    [
        ("再拜", "zài bài", True),
        ("閭中", "lǘ zhōng", True),
        ("天子", "tiān zi", False),  # neutral tone: pypinyin's colloquial reading
        ("再拜", "zai4 bai4", False),  # numbered, not tone-marked
        ("再拜", "zài", False),  # one syllable per character
        ("再拜", "zàì bài", False),  # two tone marks
    ],
)
def test_pinyin_check(term, pinyin, ok):
    assert (vocab.check_pinyin(term, pinyin) is None) is ok


def write(dir_: Path, kind: str, rows: list[str], header: str | None = None) -> None:
    head = header if header is not None else f"# test\n# kind: {kind}\n# categories: 甲 乙\n"
    body = "term\tparent\tpinyin\tcategory\tgloss_en\tgloss_zh\n" + "".join(r + "\n" for r in rows)
    (dir_ / f"{kind}.tsv").write_text(head + body, encoding="utf-8")


def test_validate_reports_located_problems(tmp_path: Path):
    for kind in KINDS:
        write(tmp_path, kind, ["爵\t\tjué\t甲\tcup\t酒器"])
    write(
        tmp_path,
        "vessel",
        [
            "爵\t\tjué\t甲\tcup\t酒器",  # line 5
            "爵\t\tjué\t甲\tcup again\t酒器",  # 6: duplicate
            "上篚\t篚\tshàng fěi\t甲\tbasket\t篚",  # 7: parent missing
            "觶\t\tzhi4\t甲\tgoblet\t觶",  # 8: bad pinyin
            "豆\t\tdòu\t丙\tdish\t豆",  # 9: unknown category
            "俎\t\tzǔ\t甲",  # 10: short row
            "鹿中\t上篚\tlù zhōng\t甲\ttally\t中",  # 11: parent is a sub-term
        ],
    )
    problems = [p for p in vocab.validate(tmp_path, KINDS) if p.file.endswith("vessel.tsv")]
    by_line = {p.line: p.message for p in problems}
    assert "'爵' again (first on line 5)" in by_line[6]
    assert "parent '篚' is not a headword" in by_line[7]
    assert "pinyin" in by_line[8]
    assert "unknown category" in by_line[9]
    assert "cells" in by_line[10]
    assert "sub-term" in by_line[11]
    assert len(problems) == 6
    # the duplicate and the short row are left out (and said), no exception
    assert len(vocab.load(tmp_path, KINDS)["vessel"]) == 5


def test_validate_wants_a_provenance_header_and_every_file(tmp_path: Path):
    write(tmp_path, "vessel", ["爵\t\tjué\t甲\tcup\t酒器"], header="")
    messages = [p.message for p in vocab.validate(tmp_path, KINDS)]
    assert any("provenance" in m for m in messages)
    assert sum("missing vocabulary file" in m for m in messages) == 3


def test_every_headword_occurs_in_the_text():
    """Each headword is marked at least once in the edition's (edited, annotated) pages."""
    rite = Path(__file__).resolve().parents[1] / "source" / "rite"
    tagged = "".join(p.read_text(encoding="utf-8") for p in sorted(rite.glob("*.md")))
    used = {(m["kind"], ann.role_surface(m["body"])) for m in ann.TAG_RE.finditer(tagged)}
    used |= {
        (m["kind"], m["body"].split("<")[1].rstrip(">").strip())
        for m in ann.TAG_RE.finditer(tagged)
        if "<" in m["body"]
    }
    unused = [
        f"{t.kind} {t.term} ({Path(t.source).name}:{t.line})"
        for terms in vocab.load(DIR, KINDS).values()
        for t in terms
        if (t.kind, t.term) not in used
    ]
    assert unused == []


def test_a_shared_term_is_taken_by_reference(tmp_path: Path):
    """``shared.tsv`` takes a record from another edition's vocabulary as it stands there (no
    copy to drift), beside the edition's own terms; a bad reference is located."""
    for kind in KINDS:
        write(tmp_path, kind, ["僎\t\tzhuàn\t甲\tthe zhuan\t僎"] if kind == "role" else [])
    (tmp_path / "shared.tsv").write_text(
        "# shared\nkind\tterm\tedition\nrole\t主人\txiangsheli\nrole\t無此人\txiangsheli\n"
        "vessel\t爵\tother\n",
        encoding="utf-8",
    )
    others = {"xiangsheli": DIR}
    terms = vocab.index(vocab.load(tmp_path, KINDS, others))
    assert set(terms["role"]) == {"僎", "主人"}
    assert terms["role"]["主人"] == vocab.index(vocab.load(DIR, KINDS))["role"]["主人"]
    problems = {p.line: p.message for p in vocab.validate(tmp_path, KINDS, others)}
    assert "has no role '無此人'" in problems[4] and "no edition 'other'" in problems[5]
