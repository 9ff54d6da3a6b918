"""Bad input, one kind at a time: each is caught, located (file:line) and typed (xs.<subtype>).

The matrix below is the one place that lists every kind of bad input the extension reads —
markup in the pages (terms, steps, phases, translations, references), the data files of the
edition folder (positions, vocabularies, apparatus, sigla, step registry) and the configuration
(base URL, plan drawers). Each case copies the valid edition in ``roots/test-bad-input`` to a
temporary directory, spoils one file, builds, and requires:

- the build finishes (no exception),
- exactly the expected warnings, each as ``<file>:<line>: WARNING: … [xs.<subtype>]``,
- ``suppress_warnings = ["xs.<subtype>"]`` silences exactly those, and suppressing every
  *other* xs subtype silences none of them.

``test_every_subtype_is_in_the_matrix`` keeps the matrix complete: a new member of
:class:`~ritual.warnings.XsWarning` needs a row here (or a reason in ``NOT_IN_MATRIX``).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from ritual.warnings import XsWarning
from sphinx.testing.util import SphinxTestApp

ANSI = re.compile(r"\x1b\[[0-9;]*m")

# The valid page of the base root, as pieces the cases recombine.
HEAD = """# 鄉射禮

## 戒賓

:::{xs:phase} jie-bin
:en: Inviting the guest
:::
"""


def step(step_id: str, body: str, options: str = "") -> str:
    return f"\n::::{{xs:step}} {step_id}\n{options}{body}\n::::\n"


def entry(
    entry_id: str, step_id: str, context: str, lemma: str, base: str, sigla: str = '"叢"'
) -> str:
    """One apparatus.toml entry (an emendation)."""
    return f"""
[[entry]]
id = "{entry_id}"
seed_line = 1
step = "{step_id}"
lemma = "{lemma}"
base = "{base}"
context = "{context}"
decision = "emend"
kind = "typo"
readings = [
  {{ text = "{lemma}", witnesses = [{sigla}] }},
  {{ text = "{base}", witnesses = ["底"] }},
]
"""


#: The valid files of the base root (cases spoil a copy of one).
BASE = Path(__file__).parent / "roots" / "test-bad-input"
BASE_PAGE = (BASE / "index.md").read_text(encoding="utf-8")
#: The base page with xs-0002's text changed (its fingerprint no longer the registry's).
XS2_TEXT = "{vessel}`篚`在{place}`阼階`。"


def base_bytes(name: str) -> bytes:
    return (BASE / name).read_bytes()


def replaced(name: str, old: str, new: str) -> dict[str, bytes]:
    """A base file with one thing replaced (for ``Case.raw``)."""
    data = base_bytes(name)
    assert old.encode() in data, f"{old!r} not in {name}: the case is stale"
    return {name: data.replace(old.encode(), new.encode(), 1)}


def renamed(kind: str, old: str, new: str) -> dict[str, bytes]:
    """The root's edition.toml with one headword renamed (``[terms] renamed``, line 17)."""
    entry = f'renamed = [{{ kind = "{kind}", from = "{old}", to = "{new}" }}]'
    return replaced("_edition/edition.toml", 'persons = "role"', f'persons = "role"\n{entry}')


def refs(*rows: str) -> str:
    """A references.tsv with one internal row per ``step<TAB>formula``."""
    head = "step\tformula\tkind\tbasis\tquote\tpage\tnote\n"
    return head + "".join(f"{r}\tinternal\t編者\t\t\ttest\n" for r in rows)


ERRATA_HEAD = "note\tat\treads\tread\twitnesses\tevidence\n"
ZHU_HEAD = "# notes\nid\tstep\tstart\tend\tfrom\tlemma\twitness\tpages\tsupplied\ttext\n"
ZHU_ROW = "{id}\t{step}\t{start}\t{end}\t\t{lemma}\t叢\t005-1a\t\t篚竹器也\n"


def zhu_on_fei(text: str = "篚竹器也", supplied: str = "", from_: str = "") -> str:
    """commentary.tsv with one note, xs-0002-z1 on xs-0002's 篚在 (line 3 of the file)."""
    row = f"xs-0002-z1\txs-0002\t0\t2\t{from_}\t篚在\t叢\t005-1a\t{supplied}\t{text}\n"
    return ZHU_HEAD + row


def erratum_case(row: str, fragment: str, zhu: str = "") -> Case:
    """A case of commentary-errata.tsv: its one row (line 2, evidence empty) on the notes of
    ``zhu`` (by default :func:`zhu_on_fei`'s one note), and the warning it gives there."""
    return Case(
        {
            "_edition/commentary.tsv": zhu or zhu_on_fei(),
            "_edition/commentary-errata.tsv": ERRATA_HEAD + row + "\t\n",
        },
        [("_edition/commentary-errata.tsv:2", "commentary_erratum", fragment)],
    )


DIAGRAM = "\n:::{{xs:diagram}} fig-a\n:step: xs-0001\n{opts}:title: 戒賓\n主人戒賓。\n:::\n"
VOCAB_ROW = "{term}\t{parent}\t{pinyin}\t酒器\t{en}\t{zh}\n"


@dataclass
class Case:
    """One bad input: files to write over the base root, and the warnings it must give."""

    files: dict[str, str]
    #: (location, subtype, fragment of the message) for each expected warning
    expected: list[tuple[str, str, str]]
    append: dict[str, str] = field(default_factory=dict)  # text appended to a base file
    confoverrides: dict[str, object] = field(default_factory=dict)
    builder: str = "html"  # the builder that reads the input (xsvertical: the vertical book)
    raw: dict[str, bytes] = field(default_factory=dict)  # files written as bytes (BOM, bad UTF-8)
    delete: tuple[str, ...] = ()  # files of the base root removed


CASES: dict[str, Case] = {
    # -- term roles ------------------------------------------------------------------------
    "unknown role": Case(
        {"index.md": HEAD + step("xs-0001", "{role}`主任`戒賓。")},
        [("index.md:10", "unknown_term", "unknown role '主任'")],
    ),
    "unknown vessel": Case(
        {"index.md": HEAD + step("xs-0001", "主人洗{vessel}`觚`。")},
        [("index.md:10", "unknown_term", "unknown vessel '觚'")],
    ),
    "unknown action": Case(
        {"index.md": HEAD + step("xs-0001", "主人{action}`舞`。")},
        [("index.md:10", "unknown_term", "unknown action '舞'")],
    ),
    "unknown place": Case(
        {"index.md": HEAD + step("xs-0001", "主人在{place}`天上`。")},
        [("index.md:10", "unknown_term", "unknown place '天上'")],
    ),
    "unknown headword": Case(
        {"index.md": HEAD + step("xs-0001", "{role}`主 <主任>`戒賓。")},
        [("index.md:10", "unknown_term", "unknown role '主任'")],
    ),
    "empty term": Case(
        {"index.md": HEAD + step("xs-0001", "主人{action}`!`。")},
        [("index.md:10", "bad_term", "empty action term")],
    ),
    # -- steps -------------------------------------------------------------------------------
    "duplicate step id": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + step("xs-0001", "重出。")},
        [
            (
                "index.md:13",
                "duplicate_step",
                "duplicate step id 'xs-0001', also declared at index:9",
            )
        ],
    ),
    "dangling step reference": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + "\n見{step}`xs-0999`。\n"},
        [("index.md:13", "unknown_step", "unknown step 'xs-0999'")],
    ),
    "empty step": Case(
        {"index.md": HEAD + step("xs-0001", "")},
        [("index.md:9", "empty_step", "step 'xs-0001' has no text")],
    ),
    "malformed step id": Case(
        {"index.md": HEAD + step("xs-1", "主人戒賓。")},
        [("index.md:9", "bad_step_id", "step id 'xs-1' is not of the form xs-NNNN")],
    ),
    "unregistered step": Case(
        {},
        [("index.md:24", "unregistered_step", "'xs-0003' is not in the step registry")],
        append={"index.md": step("xs-0003", "主人戒賓。")},
        confoverrides={"xs_check_registry": True},
    ),
    "registered step with new text": Case(
        {"index.md": BASE_PAGE.replace(XS2_TEXT, "主人戒賓。")},
        [("index.md:18", "step_moved", "check the markup near line 18 of index.md first")],
        confoverrides={"xs_check_registry": True},
    ),
    "step before any phase": Case(
        {"index.md": "# 鄉射禮\n" + step("xs-0001", "主人戒賓。")},
        [("index.md:3", "step_outside_phase", "before any phase")],
    ),
    "position: unknown place": Case(
        {},
        [("_edition/positions.tsv:3", "bad_position", "xs-0002: unknown place '天上'")],
        append={"_edition/positions.tsv": "xs-0002\t主人\t天上\t西面\tinferred\tinferred\tn\n"},
    ),
    "position: unknown step": Case(
        {},
        [("_edition/positions.tsv:3", "bad_position", "xs-0404: unknown step 'xs-0404'")],
        append={"_edition/positions.tsv": "xs-0404\t主人\t門外\t西面\tinferred\tinferred\tn\n"},
    ),
    "position: first placement without a facing": Case(
        {},
        [("_edition/positions.tsv:3", "bad_position", "司射 is placed for the first time")],
        append={"_edition/positions.tsv": "xs-0002\t司射\t門外\t\tinferred\t\tn\n"},
    ),
    "position: a 注 basis that quotes no 注": Case(
        {},
        [("_edition/positions.tsv:3", "bad_position", "basis 注: the note quotes no 注")],
        append={"_edition/positions.tsv": "xs-0002\t主人\t門外\t西面\t注\tinferred\tas 鄭 says\n"},
    ),
    "position: a 注 basis quoting words no note holds": Case(
        {
            "_edition/commentary.tsv": ZHU_HEAD
            + ZHU_ROW.format(id="xs-0002-z1", step="xs-0002", start=0, end=5, lemma="篚在阼階。")
        },
        [("_edition/positions.tsv:3", "position_zhu", "(「立於門外」) is in no note")],
        append={
            "_edition/positions.tsv": "xs-0002\t主人\t門外\t西面\t注\tinferred\t注「立於門外」\n"
        },
    ),
    "two translations": Case(
        {
            "index.md": HEAD
            + step(
                "xs-0001",
                "主人戒賓。\n\n:::{xs:translation}\n一。\n:::\n\n:::{xs:translation}\n二。\n:::",
            )
        },
        [("index.md:16", "bad_translation", "has 2 translations")],
    ),
    "translation outside a step": Case(
        {
            "index.md": HEAD
            + "\n:::{xs:translation}\n無所屬之譯文。\n:::\n"
            + step("xs-0001", "主人戒賓。")
        },
        [("index.md:9", "bad_translation", "outside a step")],
    ),
    # -- cross-references (formulas, :explains:) --------------------------------------------
    "formula naming an unknown step": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。")
            + step("xs-0002", "{ref-as}`如初 <xs-0999>`。"),
            "_edition/references.tsv": refs("xs-0002\t如初"),
        },
        [("index.md:14", "unknown_reference", "names 'xs-0999', which no step declares")],
    ),
    "formula with a backwards range": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。")
            + step("xs-0002", "賓拜。")
            + step("xs-0003", "{ref-as}`如初 <xs-0002..xs-0001>`。"),
            "_edition/references.tsv": refs("xs-0003\t如初"),
        },
        [("index.md:18", "bad_reference", "runs backwards")],
    ),
    "formula naming no referent": Case(
        {
            "index.md": HEAD + step("xs-0001", "主人戒賓。") + step("xs-0002", "{ref-as}`如初`。"),
            "_edition/references.tsv": refs("xs-0002\t如初"),
        },
        [("index.md:14", "bad_reference", "names no referent")],
    ),
    "explains naming an unknown step": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。")
            + step("xs-0002", "記曰。", ":explains: xs-0999\n")
        },
        [
            ("index.md:13", "unknown_reference", ":explains: 'xs-0999', which no step declares"),
            # the root's ties.tsv (the record of the 記's ties) has no row for it
            ("index.md:13", "bad_reference_data", "has :explains: but no row in ties.tsv"),
        ],
    ),
    "formula referring forward": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "{ref-as}`如初 <xs-0002>`。")
            + step("xs-0002", "賓拜。"),
            "_edition/references.tsv": refs("xs-0001\t如初"),
        },
        [("index.md:10", "bad_reference", "refers forward to xs-0002")],
    ),
    "formula outside a step": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + "\n{ref-as}`如初 <xs-0001>`。\n"},
        [("index.md:13", "bad_reference", "stands outside a step")],
    ),
    "references.tsv row without a formula": Case(
        {
            "_edition/references.tsv": "step\tformula\tkind\tbasis\tquote\tpage\tnote\n"
            "xs-0002\t如初\tinternal\t編者\t\t\tno such formula\n"
        },
        [("_edition/references.tsv:2", "bad_reference_data", "no formula of the page marks it")],
    ),
    # -- phases ------------------------------------------------------------------------------
    "duplicate phase id": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。")
            + "\n## 又\n\n:::{xs:phase} jie-bin\n:en: Again\n:::\n"
            + step("xs-0002", "篚在阼階。")
        },
        [
            (
                "index.md:15",
                "duplicate_phase",
                "duplicate phase id 'jie-bin', also declared at index:5",
            )
        ],
    ),
    "phase without heading": Case(
        {
            "index.md": "前言。\n\n:::{xs:phase} jie-bin\n:en: Inviting the guest\n:::\n\n"
            + step("xs-0001", "主人戒賓。")
            + "\n# 鄉射禮\n"
        },
        [("index.md:3", "phase_without_heading", "does not follow a section heading")],
    ),
    # -- the orthography record --------------------------------------------------------------
    "orthography record stale": Case(
        {
            "_edition/orthography.tsv": "# stale\nstep\toffset\tcontext\tbase\tedition\t叢\t庫\n"
            "xs-0001\t3\t主人戒[于]，\t於\t于\t于\t于\n"
        },
        [("_edition/orthography.tsv:3", "bad_orthography", "has 於 at xs-0001:3")],
    ),
    # -- the apparatus -----------------------------------------------------------------------
    "apparatus context outside the text": Case(
        {"_edition/apparatus.toml": entry("app-001", "xs-0002", "[篚]在堂", "篚", "匪")},
        [("index.md:18", "bad_apparatus", "context '[篚]在堂' not found in the step")],
    ),
    "apparatus: a change of punctuation that changes a character": Case(
        {
            "_edition/apparatus.toml": "\n".join(
                (
                    "[[entry]]",
                    'id = "app-001"',
                    "seed_line = 1",
                    'step = "xs-0002"',
                    'lemma = "筐在，阼"',
                    'base = "篚在阼"',
                    'context = "[筐在，阼]階"',
                    'decision = "emend"',
                    'kind = "punctuation"',
                    'readings = [{ text = "篚在阼", witnesses = ["底"] }]',
                    "",
                )
            )
        },
        [("_edition/apparatus.toml:1", "bad_apparatus", "changes only punctuation")],
        raw=replaced(
            "_edition/edition.toml",
            '{ name = "variant", label = "諸本異文" },',
            '{ name = "variant", label = "諸本異文" },\n'
            '  { name = "punctuation", label = "底本破句" },',
        ),
    ),
    "apparatus context ambiguous": Case(
        {
            "index.md": HEAD + step("xs-0001", "賔，賔。"),
            "_edition/apparatus.toml": entry("app-001", "xs-0001", "[賓]", "賓", "賔"),
        },
        [("index.md:9", "bad_apparatus", "is ambiguous (2×)")],
    ),
    "apparatus entries overlapping": Case(
        {
            "index.md": HEAD + step("xs-0001", "主人戒賓。"),
            "_edition/apparatus.toml": entry(
                "app-001", "xs-0001", "主[人戒]", "人戒", "人戒"
            ).replace('"emend"', '"retain"')
            + entry("app-002", "xs-0001", "主人[戒賓]", "戒賓", "戒賓").replace(
                '"emend"', '"retain"'
            ),
        },
        [("index.md:9", "bad_apparatus", "app-001 and app-002 overlap")],
    ),
    "apparatus names no step": Case(
        {
            "_edition/apparatus.toml": "\n"
            + entry("app-001", "xs-0002", "[筐]在", "筐", "篚")
            + entry("app-002", "xs-0404", "[此]", "此", "彼")
        },
        [
            (
                "_edition/apparatus.toml:18",
                "bad_apparatus",
                "names step 'xs-0404', which no page declares",
            )
        ],
    ),
    "apparatus entry malformed": Case(
        {"_edition/apparatus.toml": entry("app-001", "xs-0002", "篚在", "篚", "匪")},
        [
            (
                "_edition/apparatus.toml:2",
                "bad_apparatus",
                "context '篚在' must hold exactly one […]",
            )
        ],
    ),
    "apparatus file not TOML": Case(
        {"_edition/apparatus.toml": "[[entry]]\nid = app-001\n"},
        [("_edition/apparatus.toml:2", "bad_toml", "not valid TOML")],
    ),
    "undeclared siglum": Case(
        {
            "_edition/apparatus.toml": entry(
                "app-001", "xs-0002", "[筐]在", "筐", "篚", sigla='"宋"'
            )
        },
        [("_edition/apparatus.toml:3", "unknown_siglum", "app-001 cites undeclared siglum '宋'")],
    ),
    "sigla row malformed": Case(
        {},
        [("_edition/sigla.tsv:6", "short_row", "2 cells, expected 6")],
        append={"_edition/sigla.tsv": "宋\t宋本\n"},
    ),
    # -- vocabularies --------------------------------------------------------------------------
    "vocabulary: bad pinyin": Case(
        {},
        [
            (
                "_edition/vocab/vessel.tsv:6",
                "bad_vocabulary",
                "pinyin syllable 'zun' needs exactly one tone mark",
            )
        ],
        append={
            "_edition/vocab/vessel.tsv": VOCAB_ROW.format(
                term="尊", parent="", pinyin="zun", en="wine jar", zh="酒尊"
            )
        },
    ),
    "vocabulary: missing gloss": Case(
        {},
        [("_edition/vocab/vessel.tsv:6", "bad_vocabulary", "'尊' lacks a gloss")],
        append={
            "_edition/vocab/vessel.tsv": VOCAB_ROW.format(
                term="尊", parent="", pinyin="zūn", en="", zh="酒尊"
            )
        },
    ),
    "vocabulary: unknown parent": Case(
        {},
        [("_edition/vocab/vessel.tsv:6", "bad_vocabulary", "parent '壺' is not a headword")],
        append={
            "_edition/vocab/vessel.tsv": VOCAB_ROW.format(
                term="尊", parent="壺", pinyin="zūn", en="wine jar", zh="酒尊"
            )
        },
    ),
    "vocabulary: short row": Case(
        {},
        [("_edition/vocab/vessel.tsv:6", "short_row", "2 cells, expected 6")],
        append={"_edition/vocab/vessel.tsv": "尊\tzūn\n"},
    ),
    # -- diagrams ---------------------------------------------------------------------------
    "diagram: unknown view": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + DIAGRAM.format(opts=":view: attic\n")},
        [("index.md:13", "bad_diagram", "unknown view 'attic'")],
    ),
    "diagram: unknown furnishing": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + DIAGRAM.format(opts=":extra: 飛機\n")},
        [("index.md:13", "bad_diagram", "unknown furnishing '飛機'")],
    ),
    "diagram: malformed id": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。")
            + DIAGRAM.replace("fig-a", "Fig_A").format(opts="")
        },
        [("index.md:13", "bad_diagram", "diagram id 'Fig_A'")],
    ),
    # -- the commentary (commentary.tsv) --------------------------------------------------------
    "commentary: anchor outside its step": Case(
        {
            "_edition/commentary.tsv": ZHU_HEAD
            + ZHU_ROW.format(id="xs-0002-z1", step="xs-0002", start=0, end=40, lemma="篚在阼階。")
        },
        [("_edition/commentary.tsv:3", "commentary_anchor", "lies outside its step xs-0002")],
    ),
    "commentary: a lemma the step does not read": Case(
        {
            "_edition/commentary.tsv": ZHU_HEAD
            + ZHU_ROW.format(id="xs-0002-z1", step="xs-0002", start=0, end=3, lemma="篚在堂")
        },
        [("_edition/commentary.tsv:3", "commentary_anchor", "reads 「篚在阼」 there")],
    ),
    "commentary: a note within a reading of the apparatus": Case(
        {
            "_edition/commentary.tsv": zhu_on_fei(),
            "_edition/apparatus.toml": "\n".join(
                (
                    "[[entry]]",
                    'id = "app-001"',
                    "seed_line = 1",
                    'step = "xs-0002"',
                    'lemma = "篚在阼"',
                    'base = "篚在阼"',
                    'context = "[篚在阼]階"',
                    'decision = "retain"',
                    'kind = "variant"',
                    'readings = [{ text = "篚在阼", witnesses = ["底", "叢"] }, '
                    '{ text = "篚在", witnesses = ["庫"] }]',
                    "",
                )
            ),
        },
        [("_edition/commentary.tsv:3", "commentary_anchor", "within the reading of app-001")],
    ),
    "commentary errata: the note does not read the row's reading": erratum_case(
        "xs-0002-z1\t1\t木\t竹\t庫", "reads 「竹」 there"
    ),
    "commentary errata: no such note": erratum_case(
        "xs-0002-z9\t1\t竹\t木\t庫", "no note 'xs-0002-z9'"
    ),
    "commentary errata: the note's own witness": erratum_case(
        "xs-0002-z1\t1\t竹\t木\t叢", "the note's own witness"
    ),
    "commentary errata: in a supplied part": erratum_case(
        "xs-0002-z1\t2\t竹\t木\t庫",
        "another witness supplies",
        zhu_on_fei("篚〔竹〕器也", "庫 005-1a"),
    ),
    "commentary: unknown step": Case(
        {
            "_edition/commentary.tsv": ZHU_HEAD
            + ZHU_ROW.format(id="xs-0404-z1", step="xs-0404", start=0, end=2, lemma="篚在")
        },
        [("_edition/commentary.tsv:3", "commentary_step", "names step 'xs-0404'")],
    ),
    "commentary: duplicate note id": Case(
        {
            "_edition/commentary.tsv": ZHU_HEAD
            + ZHU_ROW.format(id="xs-0002-z1", step="xs-0002", start=0, end=2, lemma="篚在")
            + ZHU_ROW.format(id="xs-0002-z1", step="xs-0002", start=2, end=5, lemma="阼階。")
        },
        # said by the strict reader, as for every keyed file
        [("_edition/commentary.tsv:4", "duplicate_key", "id 'xs-0002-z1' again (first on line 3)")],
    ),
    "commentary: short row": Case(
        {"_edition/commentary.tsv": ZHU_HEAD + "xs-0002-z1\txs-0002\t0\n"},
        [("_edition/commentary.tsv:3", "short_row", "3 cells, expected 10")],
    ),
    "commentary: a lemma across steps without its first step's offset": Case(
        {"_edition/commentary.tsv": zhu_on_fei(from_="xs-0001")},
        [("_edition/commentary.tsv:3", "bad_commentary", "from 'xs-0001' is not step:offset")],
    ),
    "commentary: a supplied part that names no witness": Case(
        {"_edition/commentary.tsv": zhu_on_fei("篚〔竹器也〕")},
        [("_edition/commentary.tsv:3", "bad_commentary", "a part in 〔…〕 needs `supplied`")],
    ),
    "commentary: supplied from a witness, but no part marked": Case(
        {"_edition/commentary.tsv": zhu_on_fei(supplied="張 005-1b")},
        [("_edition/commentary.tsv:3", "bad_commentary", "but no part of the text is in 〔…〕")],
    ),
    "commentary: unpaired marks of a supplied part": Case(
        {"_edition/commentary.tsv": zhu_on_fei("篚〔竹器也", supplied="張 005-1b")},
        [("_edition/commentary.tsv:3", "bad_commentary", "its 〔 and 〕 do not pair up")],
    ),
    # -- the step registry ---------------------------------------------------------------------
    "registry row malformed": Case(
        {},
        [("_edition/step-registry.tsv:4", "bad_value", "seed_lines 'one': not whole numbers")],
        append={"_edition/step-registry.tsv": "xs-0003\tone\tabcdef012345\tlive\t\n"},
        confoverrides={"xs_check_registry": True},
    ),
    "retired id replaced by nothing": Case(
        {},
        [("_edition/step-registry.tsv:4", "bad_registry", "'xs-0404', which the registry does")],
        append={"_edition/step-registry.tsv": "xs-0003\t3\tabcdef012345\tretired\txs-0404\n"},
        confoverrides={"xs_check_registry": True},
    ),
    "published step deleted": Case(
        {"index.md": BASE_PAGE.split("::::{xs:step} xs-0002")[0]},
        [("_edition/step-registry.tsv:3", "missing_step", "xs-0002 is declared by no page")],
        confoverrides={"xs_check_registry": True},
    ),
    "retired step id used again": Case(
        {},
        [("index.md:24", "reused_id", "'xs-0003' is retired in the step registry")],
        append={
            "index.md": step("xs-0003", "主人戒賓。"),
            "_edition/step-registry.tsv": "xs-0003\t3\tabcdef012345\tretired\txs-0001\n",
        },
        confoverrides={"xs_check_registry": True},
    ),
    "registry row twice": Case(
        {},
        [("_edition/step-registry.tsv:4", "duplicate_key", "'xs-0002' again (first on line 3)")],
        append={"_edition/step-registry.tsv": "xs-0002\t2\t17434b3d66c3\tlive\t\n"},
        confoverrides={"xs_check_registry": True},
    ),
    "apparatus id twice": Case(
        {
            "_edition/apparatus.toml": entry("app-001", "xs-0002", "[筐]在", "筐", "篚")
            + entry("app-001", "xs-0002", "[筐]在", "筐", "篚")
        },
        [("_edition/apparatus.toml:16", "duplicate_key", "app-001: the id is used twice")],
    ),
    "apparatus id retired, used again": Case(
        {
            "_edition/apparatus.toml": 'retired = ["app-001"]\n'
            + entry("app-001", "xs-0002", "[筐]在", "筐", "篚")
        },
        [("_edition/apparatus.toml:3", "reused_id", "app-001: the id is retired")],
    ),
    # -- markup slips that would rewrite the 原文 ------------------------------------------------
    "step nested in a step (a fence left open)": Case(
        {
            "index.md": HEAD
            + "\n::::{xs:step} xs-0001\n主人戒賓。\n"
            + step("xs-0002", "{vessel}`篚`在{place}`阼階`。")
        },
        [("index.md:12", "bad_markup", "step 'xs-0002' is nested in step 'xs-0001'")],
    ),
    "directive that did not parse, in a step": Case(
        {
            "index.md": HEAD
            + step(
                "xs-0001", "主人戒賓。\n\n:::{xs:translation}\n:source: edtiors\n主人告賓。\n:::"
            )
        },
        [
            ("index.md:12", "bad_markup", "markup at line 13 did not parse"),
            # the parser's own warning, typed by the parser
            ("index.md:13", "myst.directive_option", "Invalid option value for 'source'"),
        ],
    ),
    "empty role left literal": Case(
        {"index.md": HEAD + step("xs-0001", "{role}``主人戒賓。")},
        [("index.md:9", "bad_markup", "role syntax left as text ('{role}``')")],
    ),
    "negated role": Case(
        {"index.md": HEAD + step("xs-0001", "{role}`!主人`戒賓。")},
        [("index.md:10", "bad_term", "role '主人' is negated")],
    ),
    "raw HTML in a translation": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。\n\n:::{xs:translation}\n主人<b>告</b>賓。\n:::")
        },
        [
            ("index.md:13", "raw_html", "'<b>' is shown as text"),
            ("index.md:13", "raw_html", "'</b>' is shown as text"),
        ],
    ),
    "page not UTF-8": Case(
        {},
        [("index.md:10", "bad_encoding", "not UTF-8: a bad byte at byte 0 of the line")],
        raw={"index.md": BASE_PAGE.encode().replace(b"\n\n{role}", b"\n\xff\n{role}", 1)},
    ),
    "phase with no steps": Case(
        {
            "index.md": HEAD
            + step("xs-0001", "主人戒賓。")
            + "\n## 空\n\n:::{xs:phase} kong\n:en: Empty\n:::\n"
        },
        [
            (
                "index.md:15",
                "empty_phase",
                "phase 'kong' has no step: no step follows it before the end",
            )
        ],
    ),
    # -- the strict reader: every data file ------------------------------------------------------
    "declared file deleted": Case(
        {},
        [("_edition/edition.toml:47", "missing_file", "positions.tsv does not exist")],
        delete=("_edition/positions.tsv",),
    ),
    "byte-order mark": Case(
        {},
        [("_edition/sigla.tsv:1", "bom", "byte-order mark")],
        raw={"_edition/sigla.tsv": b"\xef\xbb\xbf" + base_bytes("_edition/sigla.tsv")},
    ),
    "row not UTF-8": Case(
        {},
        [("_edition/figures.tsv:7", "bad_encoding", "not UTF-8: byte 0xff")],
        raw={"_edition/figures.tsv": base_bytes("_edition/figures.tsv") + b"\xff\t\t\t\n"},
    ),
    "column row misspelt": Case(
        {},
        [("_edition/sigla.tsv:2", "bad_header", "expected siglum | name")],
        raw={
            "_edition/sigla.tsv": base_bytes("_edition/sigla.tsv").replace(b"licence", b"license")
        },
    ),
    "row with a tab too many": Case(
        {},
        [("_edition/figures.tsv:7", "long_row", "5 cells")],
        append={"_edition/figures.tsv": "射者			n	extra\n"},
    ),
    "row typed with spaces": Case(
        {},
        [("_edition/figures.tsv:7", "spaces_for_tabs", "spaces")],
        append={"_edition/figures.tsv": "射者  賓  1  the archer\n"},
    ),
    "siglum twice": Case(
        {},
        [("_edition/sigla.tsv:6", "duplicate_key", "'叢' again (first on line 4)")],
        append={"_edition/sigla.tsv": "叢\t又一本\td\ts\tl\twitness\n"},
    ),
    "siglum role misspelt": Case(
        {},
        [("_edition/sigla.tsv:6", "unknown_value", "did you mean 'witness'?")],
        append={"_edition/sigla.tsv": "敖\t敖繼公本\td\ts\tl\twitnes\n"},
    ),
    "edition.toml key misspelt": Case(
        {},
        [("_edition/edition.toml:58", "unknown_key", "placholder")],
        append={"_edition/edition.toml": '\n[search]\nplacholder = "主人"\n'},
    ),
    "place off the hall": Case(
        {},
        [("_edition/setting.toml:91", "bad_setting", "places.天外: (900.0, 0.0) outside the plan")],
        append={
            "_edition/setting.toml": '\n[places."天外"]\nx = 900.0\ny = 0.0\narea = "堂"\n'
            'warrant = "test"\nestimate = true\n'
        },
    ),
    # -- the loaders of every data file (tools/audit/bad_input_probe.py runs the full matrix on
    #    the real edition; these are its classes, each once, so a regression fails `make test`)
    "declared setting deleted": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + DIAGRAM.format(opts="")},
        [
            ("_edition/edition.toml:43", "missing_file", "setting.toml does not exist"),
            # no traceback: the plan is left out where it stands, and said
            ("index.md:13", "bad_diagram", "diagram 'fig-a' is left out: the edition has no"),
        ],
        delete=("_edition/setting.toml",),
    ),
    "setting.toml syntax error": Case(
        {"index.md": HEAD + step("xs-0001", "主人戒賓。") + DIAGRAM.format(opts="")},
        # the broken table is left out, the rest of the file read: the plan is still drawn
        [("_edition/setting.toml:91", "bad_toml", "left out: the table [broken (lines 91–91)")],
        append={"_edition/setting.toml": "\n[broken\n"},
    ),
    "edition.toml syntax error": Case(
        {},
        [("_edition/edition.toml:57", "bad_toml", "not valid TOML")],
        append={"_edition/edition.toml": "\n[broken\n"},
    ),
    "edition.toml: a table that does not parse is left out": Case(
        {},
        [("_edition/edition.toml:58", "bad_toml", "left out: the table [search] (lines 57–58)")],
        append={"_edition/edition.toml": '\n[search]\nplaceholder = "unclosed\n'},
    ),
    "data file present, not declared": Case(
        {},
        [("_edition/edition.toml:35", "undeclared_file", "ties.tsv is in the edition folder")],
        raw=replaced("_edition/edition.toml", 'ties = "ties.tsv"\n', ""),
    ),
    "declared review deleted": Case(
        {},
        [("_edition/edition.toml:54", "missing_file", "translation-review.tsv does not exist")],
        delete=("_edition/translation-review.tsv",),
    ),
    "positions: a role placed twice in a step": Case(
        {},
        [("_edition/positions.tsv:4", "duplicate_key", "'xs-0001/主人' again (first on line 3)")],
        append={
            "_edition/positions.tsv": "xs-0001\t主人\t門外\t西面\ttext\ttext\t「主人戒賓」\n" * 2
        },
    ),
    "furnishings: a thing set out twice at one step": Case(
        {},
        [("_edition/furnishings.tsv:5", "duplicate_key", "'豐/xs-0002' again (first on line 4)")],
        append={"_edition/furnishings.tsv": "豐\txs-0002\t\ttest\n" * 2},
    ),
    "pinyin readings: a row of one cell": Case(
        {},
        [("_edition/pinyin-readings.tsv:3", "short_row", "1 cells, expected 2")],
        append={"_edition/pinyin-readings.tsv": "觶\n"},
    ),
    "pinyin overrides: a row without a tab": Case(
        {},
        [("_edition/pinyin-overrides.tsv:4", "spaces_for_tabs", "spaces, not tabs")],
        append={"_edition/pinyin-overrides.tsv": "亨 pēng xs-0001 烹\n"},
    ),
    "translation review: status misspelt": Case(
        {},
        [("_edition/translation-review.tsv:3", "unknown_value", "did you mean 'reviewed'?")],
        append={"_edition/translation-review.tsv": "xs-0001\treviewd\t\t\n"},
    ),
    # -- the typed tables of edition.toml (manifest.py) ------------------------------------------
    "plan: a value of the wrong type": Case(
        {},
        [("_edition/edition.toml:29", "bad_edition", "plan.spacing must be a positive number")],
        raw=replaced("_edition/edition.toml", "spacing = 2.5", 'spacing = "2.5"'),
    ),
    "references: a formula's words without their placeholder": Case(
        {},
        [("_edition/edition.toml:58", "bad_edition", "references.see '見' lacks {steps}")],
        append={"_edition/edition.toml": '\n[references]\nsee = "見"\n'},
    ),
    "references: a basis with an unknown field": Case(
        {},
        [("_edition/edition.toml:58", "unknown_key", "unknown field 'lable' of '注'")],
        append={
            "_edition/edition.toml": '\n[references]\nbases = [{ name = "注", lable = "注" }]\n'
        },
    ),
    "terms: persons names no kind": Case(
        {},
        [("_edition/edition.toml:16", "bad_edition", "terms.persons 'people' is not a declared")],
        raw=replaced("_edition/edition.toml", 'persons = "role"', 'persons = "people"'),
    ),
    "terms: a headword renamed to no headword": Case(
        {},
        [("_edition/edition.toml:17", "unknown_term", "'篚子' is renamed '篚孫', which is no")],
        raw=renamed("vessel", "篚子", "篚孫"),
    ),
    "terms: a renamed headword of no kind": Case(
        {},
        [("_edition/edition.toml:17", "bad_edition", "terms.renamed: 'vessels' is not a declared")],
        raw=renamed("vessels", "篚子", "篚"),
    ),
    # -- the edition's configuration -----------------------------------------------------------
    "no base URL": Case(
        {},
        [("conf.py:9", "no_base_url", "xs_base_url is not set")],
        confoverrides={"xs_base_url": ""},
    ),
    "release date not a date": Case(
        {},
        # not set in the root's conf.py (a -D override): line 1
        [("conf.py:1", "bad_config", "xs_release_date must be a real date")],
        confoverrides={"xs_release_date": "2026-13-45"},
    ),
    "plan drawer that cannot be imported": Case(
        {},
        [("conf.py:1", "bad_edition", "the drawer 'no.such:module' of furnishing kind 'mat'")],
        confoverrides={"xs_plan_drawers": {"mat": "no.such:module"}},
    ),
    # -- the vertical book -----------------------------------------------------------------------
    "a note of the 注 off its lemma": Case(
        {
            "_edition/commentary.tsv": "# notes\n"
            "id\tstep\tstart\tend\tfrom\tlemma\twitness\tpages\tsupplied\ttext\n"
            "xs-0001-z1\txs-0001\t0\t2\t\t主人\t叢\t1a\t\t主人州長也\n"
            "xs-0002-z1\txs-0002\t0\t2\t\t主人\t叢\t1a\t\t錯置\n"
            "xs-0009-z1\txs-0009\t0\t1\t\t賓\t叢\t1a\t\t無此節\n"
        },
        # Said once, by the engine's reading of the 注: the vertical book takes its notes from it.
        [
            ("_edition/commentary.tsv:4", "commentary_anchor", "xs-0002 reads 「篚在」 there"),
            ("_edition/commentary.tsv:5", "commentary_step", "names step 'xs-0009'"),
        ],
        builder="xsvertical",
    ),
}

#: Subtypes that are not about bad input, with the reason.
NOT_IN_MATRIX: dict[str, str] = {
    "diagram_tool": "the PDF toolchain lacks an SVG converter: a missing tool, not bad input",
}


def tag(subtype: str) -> str:
    """The warning's type and subtype: ``xs.<subtype>``, or a parser's own (``myst.…``)."""
    return subtype if "." in subtype else f"xs.{subtype}"


def xs_warnings(app: SphinxTestApp) -> list[str]:
    """The build's warning lines, the source directory cut off; set-up noise of a second app
    in one process (Sphinx re-registering its own nodes) left out."""
    text = ANSI.sub("", app.warning.getvalue())
    return [
        line.replace(f"{app.srcdir}/", "")
        for line in text.splitlines()
        if line.strip() and "while setting up extension" not in line
    ]


def _location_and_type(line: str) -> tuple[str, str, str]:
    """A warning line's location and its ``[type.subtype]``, to pair it with its case."""
    location = line.split(": WARNING: ")[0]
    found = re.search(r"\[([\w.]+)\]$", line)
    return location, found[1] if found else "", line


def build_case(
    make_app, rootdir: Path, tmp_path: Path, case: Case, suppress: list[str]
) -> SphinxTestApp:
    src = tmp_path / "src"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(rootdir / "test-bad-input", src)
    for name, text in case.files.items():
        (src / name).write_text(text, encoding="utf-8")
    for name, data in case.raw.items():
        (src / name).write_bytes(data)
    for name in case.delete:
        (src / name).unlink()
    for name, text in case.append.items():
        with (src / name).open("a", encoding="utf-8") as fh:
            fh.write(text)
    overrides = dict(case.confoverrides, suppress_warnings=suppress)
    app = make_app(
        case.builder,
        srcdir=src,
        builddir=tmp_path / f"build-{len(suppress)}",
        confoverrides=overrides,
    )
    app.build()  # must not raise
    return app


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_located_typed_and_suppressible(
    name: str, make_app, rootdir: Path, tmp_path: Path
) -> None:
    case = CASES[name]
    subtypes = {subtype for _, subtype, _ in case.expected}

    app = build_case(make_app, rootdir, tmp_path, case, [])
    lines = xs_warnings(app)
    assert len(lines) == len(case.expected), "\n".join(lines)
    for (location, subtype, fragment), line in zip(
        sorted(case.expected, key=lambda e: (e[0], tag(e[1]), e[2])),
        sorted(lines, key=_location_and_type),
        strict=True,
    ):
        assert line.startswith(f"{location}: WARNING: "), line
        assert line.endswith(f"[{tag(subtype)}]"), line
        assert fragment in line, line

    others = [f"xs.{w.value}" for w in XsWarning if w.value not in subtypes]
    assert len(xs_warnings(build_case(make_app, rootdir, tmp_path, case, others))) == len(lines)
    assert (
        xs_warnings(build_case(make_app, rootdir, tmp_path, case, [tag(s) for s in subtypes])) == []
    )


def test_the_base_root_is_clean(make_app, rootdir: Path, tmp_path: Path) -> None:
    assert xs_warnings(build_case(make_app, rootdir, tmp_path, Case({}, []), [])) == []


def test_every_subtype_is_in_the_matrix() -> None:
    covered = {subtype for case in CASES.values() for _, subtype, _ in case.expected}
    missing = {w.value for w in XsWarning} - covered - set(NOT_IN_MATRIX)
    assert not missing, f"warning subtypes without a bad-input case: {sorted(missing)}"


@pytest.mark.parametrize("subtype", sorted(NOT_IN_MATRIX))
def test_subtypes_not_yet_in_the_matrix(subtype: str) -> None:
    pytest.skip(f"xs.{subtype}: {NOT_IN_MATRIX[subtype]}")
