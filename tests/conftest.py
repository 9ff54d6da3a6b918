"""Shared fixtures: Sphinx's own testing fixtures, the test roots, and the built edition."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))
sys.path.insert(0, str(ROOT))

pytest_plugins = ("sphinx.testing.fixtures",)

SHARED = ROOT.parent / "shared"
SEED = SHARED / "seed" / "xiangsheli.txt"
WITNESSES = SHARED / "witnesses"


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Where ``@pytest.mark.sphinx(testroot=…)`` finds ``roots/test-…``."""
    return Path(__file__).parent / "roots"


@pytest.fixture(scope="session")
def seed_path() -> Path:
    if not SEED.exists():
        pytest.skip("../shared/seed is not present beside the checkout")
    return SEED


@pytest.fixture(scope="session")
def edition_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole edition built to HTML once per session (with -W: a warning fails it)."""
    out = tmp_path_factory.mktemp("edition") / "html"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-W",
            "--keep-going",
            "-n",
            "-q",
            "-c",
            str(ROOT),
            str(ROOT / "source"),
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def edition(edition_html: Path) -> dict:
    """``edition.json`` of the built edition."""
    return json.loads((edition_html / "edition.json").read_text(encoding="utf-8"))
