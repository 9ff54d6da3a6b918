"""The tools take an edition (issue 22 item 4): a new edition is started with them.

The 鄉飲酒禮 root (``tests/roots/test-xiangyinjiuli``, prefix ``xyj``) is copied and worked on
as its editors would: its registry written by ``tools.registry add``, its page marked by
``tools.annotate``, its witnesses folded by its own table in ``tools.collate``, each given
``--edition``. The root itself is never written to.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import SEED, WITNESSES, tool_missing

from tools import annotate, cli, registry
from tools.collate.core import WORK, run

ROOT = Path(__file__).resolve().parents[1]
XYJ = ROOT / "tests" / "roots" / "test-xiangyinjiuli"
MARKUP = re.compile(r"\{(?:role|vessel|action|place)\}`!?([^`<]*?)\s*(?:<[^>]*>)?`")


@pytest.fixture
def xyj(tmp_path: Path) -> Path:
    """A copy of the 鄉飲酒禮 root; its edition folder is returned."""
    shutil.copytree(XYJ, tmp_path / "xyj")
    return tmp_path / "xyj" / "_edition"


def rows(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line[:1] != "#"]


def test_the_edition_gives_the_pages_and_the_id_form(xyj: Path) -> None:
    edition = cli.open_edition(xyj)
    assert edition.step_id_regex == r"xyj-\d{4}"
    assert edition.step_id_pattern.match("xyj-0001") and not edition.step_id_pattern.match(
        "xs-0001"
    )
    assert [p.name for p in cli.pages(edition)] == ["rite.md"]
    # the project's own: the seven parts of the rite, and not cite.md, which quotes a step
    own = cli.open_edition()
    assert [p.parent.name for p in cli.pages(own)] == ["rite"] * 7
    assert own.step_id_regex == r"xs-\d{4}"


def test_registry_add_writes_a_new_editions_rows(xyj: Path) -> None:
    """Without a registry, ``add`` writes the rows the root was published with, byte for byte
    (the fingerprints are those the build checks, the seed lines the steps' numbers)."""
    published = rows(xyj / "step-registry.tsv")
    (xyj / "step-registry.tsv").unlink()
    assert registry.main(["add", "--edition", str(xyj)]) == 0
    written = (xyj / "step-registry.tsv").read_text(encoding="utf-8")
    assert written.startswith("# Registry of published step ids of the 鄉飲酒禮 edition.")
    assert rows(xyj / "step-registry.tsv") == published
    assert len(published) == 23
    # nothing new: nothing added, the file unchanged
    assert registry.main(["add", "--edition", str(xyj)]) == 0
    assert (xyj / "step-registry.tsv").read_text(encoding="utf-8") == written


def test_registry_add_never_reuses_an_id(xyj: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = xyj.parent / "rite.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("::::{xs:step} xyj-0023\n", "::::{xs:step} xyj-0024\n"))
    lines = (xyj / "step-registry.tsv").read_text(encoding="utf-8").splitlines(keepends=True)
    retired = [line.replace("\tlive\t", "\tretired\txyj-0001") for line in lines[-1:]]
    (xyj / "step-registry.tsv").write_text("".join(lines[:-1] + retired), encoding="utf-8")
    before = (xyj / "step-registry.tsv").read_text(encoding="utf-8")
    for ids, says in (
        (["xyj-0001"], "xyj-0001 is already in step-registry.tsv (live)"),
        (["xyj-0023"], "xyj-0023 is already in step-registry.tsv (retired)"),
        (["xs-0001"], "not a step id of this edition (xyj-NNNN)"),
        (["xyj-0099"], "no page of the edition holds this step"),
    ):
        assert registry.main(["add", "--edition", str(xyj), *ids]) == 1
        assert says in capsys.readouterr().err
    assert (xyj / "step-registry.tsv").read_text(encoding="utf-8") == before
    assert registry.main(["add", "--edition", str(xyj), "--lines", "xyj-0024=24,25"]) == 0
    assert rows(xyj / "step-registry.tsv")[-1].split("\t")[:2] == ["xyj-0024", "24,25"]


def test_annotate_marks_a_new_editions_page(xyj: Path) -> None:
    """The page with its terms unmarked, annotated from the edition's own vocabulary (and the
    terms it shares with 鄉射禮) and a decision table of four rows, is the root's page again,
    byte for byte: the page the second-edition test builds without a warning."""
    page = xyj.parent / "rite.md"
    marked = page.read_text(encoding="utf-8")
    page.write_text(MARKUP.sub(r"\1", marked), encoding="utf-8")
    decisions = xyj.parent / "decisions.tsv"
    decisions.write_text(
        "surface\tbefore\tafter\tdecision\tnote\n"
        "不\t\t\tnegator\tthe act does not take place\n"
        "席\t(?:^|乃|，)\t(?:賓|主人)\taction\tto spread a mat\n"
        "席\t\t\tvessel\tthe mat\n"
        "禁\t\t\tvessel 斯禁\tthe stand of the jars, named 斯禁 by the 注\n",
        encoding="utf-8",
    )
    args = ["--edition", str(xyj), "--decisions", str(decisions)]
    assert annotate.main(args) == 0
    assert page.read_text(encoding="utf-8") == marked
    assert annotate.main([*args, "--check"]) == 0  # idempotent
    # without its table the edition's ambiguous 席 (a mat, to spread one) is reported
    assert annotate.main(["--edition", str(xyj), "--check"]) == 2


def test_collate_folds_with_the_editions_table(tmp_path: Path) -> None:
    """The folding table is the edition's: 鄉飲酒禮 has none, so nothing is folded."""
    if not WITNESSES.is_dir():
        tool_missing("../shared/witnesses is not present beside the checkout")
    ours = json.loads((WORK / "collation.json").read_text(encoding="utf-8"))
    assert ours["about"]["folding"] == "source/_edition/variants.tsv"
    assert any(w["folded"] for w in ours["witnesses"].values())
    theirs = run(WITNESSES, SEED, tmp_path / "collation.json", cli.open_edition(XYJ / "_edition"))
    assert theirs["about"]["folding"] == ""
    assert theirs["about"]["base"].startswith("seed/xiangyinjiuli.txt ")
    assert not any(w["folded"] for w in theirs["witnesses"].values())
    assert len(theirs["units"]) > len(ours["units"])


@pytest.mark.parametrize(
    "module, argv",
    [
        ("tools.annotate", []),
        ("tools.registry", ["add"]),
        ("tools.collate.__main__", []),
        ("tools.collate.draft", []),
        ("tools.orthography", []),
        ("tools.commentary", []),
        ("tools.pinyin_readings", []),
        ("tools.xrefs", []),
        ("tools.xrefs_markup", []),
        ("tools.ji_ties", []),
        ("tools.audit.witness_readings", []),
        ("tools.audit.positions_basis", []),
        ("tools.audit.translation_review", []),
    ],
)
def test_every_tool_on_an_edition_takes_it(
    module: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each tool that reads or writes an edition folder says ``--edition DIR`` (tools/cli.py)."""
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    assert "--edition DIR" in capsys.readouterr().out
