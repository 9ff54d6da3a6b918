"""The collation: data files well-formed; collation.json regenerates byte-identically."""

from __future__ import annotations

import json
from pathlib import Path

from tools.collate.core import DATA, WORK, load_variants, read_base
from tools.collate.core import run as run_collation

ROOT = Path(__file__).resolve().parents[1]


def test_variants_table_has_provenance_and_no_cycles():
    text = (DATA / "variants.tsv").read_text(encoding="utf-8")
    assert text.startswith("# ") and "Provenance" in text
    table = load_variants()
    assert table["賔"] == "賓" and table["于"] == "於"
    for variant, standard in table.items():
        assert variant != standard
        assert standard not in table, f"{standard} is itself folded: chain {variant}→{standard}"


def test_collation_json_is_deterministic_shape():
    data = json.loads((WORK / "collation.json").read_text(encoding="utf-8"))
    assert "KR1d0027" in data["skipped"]
    keys = [(u["seed_line"], u["column"]) for u in data["units"]]
    assert keys == sorted(keys)
    for u in data["units"]:
        assert set(u) >= {"seed_line", "column", "base", "readings", "pages", "differ"}


def test_collation_regenerates_identically(tmp_path, witnesses_dir: Path, seed_path: Path):
    out = tmp_path / "collation.json"
    run_collation(witnesses_dir, seed_path, out)
    assert out.read_bytes() == (WORK / "collation.json").read_bytes()


def test_base_offsets_point_into_the_seed(seed_path: Path):
    lines = seed_path.read_text(encoding="utf-8").splitlines()
    base = read_base(seed_path)
    assert base[0].line == 4 and base[-1].line == 575
    for b in base[::97]:
        assert lines[b.line - 1][b.column - 1] == b.char
