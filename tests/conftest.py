"""Shared fixtures: Sphinx's own testing fixtures, the test roots, and the built edition."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))
sys.path.insert(0, str(ROOT))

pytest_plugins = ("sphinx.testing.fixtures",)

#: The edition folder of 鄉射禮. Each test root has its own data; the second edition
#: (roots/test-xiangyinjiuli) shares terms and facings with this one by reference ("@xiangsheli"
#: in its edition.toml), through this variable (read by its conf.py, built from a copy).
EDITION = ROOT / "source" / "_edition"
os.environ["RITUAL_MAIN_EDITION"] = str(EDITION)

SHARED = ROOT.parent / "shared"
SEED = SHARED / "seed" / "xiangsheli.txt"
WITNESSES = SHARED / "witnesses"


def tool_missing(reason: str) -> None:
    """A gate cannot run for lack of a tool or of ``../shared``: skip here, fail in CI (``CI``
    set by .ci/run), where every tool the gates need is installed and ``../shared`` stands
    beside the checkout, so that a missing one is a broken set-up and not a silent pass."""
    if os.environ.get("CI"):
        pytest.fail(f"in CI every gate must run: {reason}")
    pytest.skip(reason)


def require_shared(path: Path) -> Path:
    """``path``, a file or folder of ``../shared`` a test reads (the seed, the witnesses);
    without it the test skips, and fails under ``CI`` (:func:`tool_missing`). The build never
    needs ``../shared``: only the tests that check the edition against its sources do."""
    if not path.exists():
        tool_missing(f"{path.relative_to(SHARED.parent)} is not present beside the checkout")
    return path


def pytest_sessionstart(session: pytest.Session) -> None:
    """In CI (``CI`` set by .ci/run) ``../shared`` must sit beside the checkout: the tests that
    read the seed and the witnesses skip without it, which CI must not take for a pass."""
    if os.environ.get("CI") and not (SEED.exists() and WITNESSES.is_dir()):
        pytest.exit(f"in CI the seed and the witnesses must be present: {SHARED}", returncode=3)


def stopped_build(make_app, srcdir: Path) -> tuple[int | str | None, str]:  # type: ignore[no-untyped-def]
    """A build that must stop before reading (an edition that leaves nothing to build:
    ``ritual.config._stop``): its exit status and what it said, colours and the source folder
    taken out. The app never came to be, so the fixture cannot clean Sphinx's global state
    after it: this does."""
    from io import StringIO

    from sphinx.testing.util import _clean_up_global_state

    warning = StringIO()
    try:
        with pytest.raises(SystemExit) as stop:
            make_app("html", srcdir=srcdir, warning=warning)
    finally:
        _clean_up_global_state()
    said = re.sub(r"\x1b\[[0-9;]*m", "", warning.getvalue()).replace(f"{srcdir}/", "")
    return stop.value.code, said


def read_search_index(static: Path) -> dict:
    """The built search index, put together from its parts in ``static`` (``_static`` or the
    Simplified copy's): the head, the postings' shards and the texts' chunks."""
    from ritual.core import search_index

    def data(path: Path) -> object:
        return json.loads(path.read_text(encoding="utf-8").split("=", 1)[1].rstrip().rstrip(";"))

    head = data(static / "xs-search-index.js")
    grams = [data(static / f"xs-search-g{n:02d}.js") for n in range(head["shards"])]
    chunks = -(-len(head["steps"]) // head["chunk"])
    texts = [data(static / f"xs-search-d{n:02d}.js") for n in range(chunks)]
    return search_index.join_index(head, grams, texts)


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Where ``@pytest.mark.sphinx(testroot=…)`` finds ``roots/test-…``."""
    return Path(__file__).parent / "roots"


@pytest.fixture(scope="session")
def seed_path() -> Path:
    """The seed text (``../shared/seed``): skip without it, fail under ``CI``."""
    return require_shared(SEED)


@pytest.fixture(scope="session")
def witnesses_dir() -> Path:
    """The witnesses' texts (``../shared/witnesses``): skip without them, fail under ``CI``."""
    return require_shared(WITNESSES)


#: The keys of a step in edition.json, in their order: the contract's shape (the foundation
#: issue), which the checks outside the project read.
STEP_KEYS = [
    "id",
    "number",
    "section",
    "text",
    "translation",
    "translation_source",
    "url",
    "annotations",
    "apparatus",
    "translation_apparatus",
    "references",
    "explains",
    "explained_by",
    "commentary",
]

#: The address the tests publish the edition at (the edition itself has none yet).
PUBLISHED_BASE = "https://example.org/xiangsheli/"


def build_edition(
    out: Path, *options: str, project: Path = ROOT, env: dict[str, str] | None = None
) -> Path:
    """The whole edition (or a copy of it, ``project``) built to HTML, with -W: a warning
    fails it."""
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
            *options,
            "-c",
            str(project),
            str(project / "source"),
            str(out),
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return out


@pytest.fixture(scope="session")
def edition_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole edition built to HTML once per session, as ``make html`` builds it."""
    return build_edition(tmp_path_factory.mktemp("edition") / "html")


@pytest.fixture(scope="session")
def published_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edition built as a deployment builds it: with its address (``xs_base_url``)."""
    return build_edition(
        tmp_path_factory.mktemp("published") / "html", "-D", f"xs_base_url={PUBLISHED_BASE}"
    )


@pytest.fixture(scope="session")
def edition(edition_html: Path) -> dict:
    """``edition.json`` of the built edition."""
    return json.loads((edition_html / "edition.json").read_text(encoding="utf-8"))


@pytest.fixture
def edition_words():
    """The engine's catalog in the edition's language (zh_TW), for a test that calls a
    function of the engine's words outside a build (a build loads it itself)."""
    import sphinx.locale
    from ritual.i18n import CATALOG, LOCALE_DIR

    sphinx.locale.translators.pop(("general", CATALOG), None)
    sphinx.locale.init([LOCALE_DIR], "zh_TW", CATALOG)
    yield
    sphinx.locale.translators.pop(("general", CATALOG), None)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` on a plain static server (Python's http.server) at 127.0.0.1: its URL. The
    browser tests and the DTS client read the built site as a static host serves it."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
