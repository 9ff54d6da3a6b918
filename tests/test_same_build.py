"""tools/same_build.py: two built trees compared file by file, the stage data's stamp apart."""

from __future__ import annotations

from pathlib import Path

from tools.same_build import compare, main


def tree(root: Path, files: dict[str, bytes]) -> Path:
    for name, body in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
    return root


STAGE = "_diagrams/stage-data.js"


def test_identical_trees_and_a_stamp_that_differs_are_the_same(tmp_path: Path) -> None:
    old = tree(tmp_path / "old", {"index.html": b"<p>x</p>", STAGE: b"/* xs-stage aa1 */\nD;\n"})
    new = tree(tmp_path / "new", {"index.html": b"<p>x</p>", STAGE: b"/* xs-stage bb2 */\nD;\n"})
    (new / ".buildinfo").write_text("config: other\n")
    assert compare(old, new) == []
    assert main([str(old), str(new)]) == 0


def test_a_changed_missing_or_added_file_is_reported(tmp_path: Path) -> None:
    old = tree(
        tmp_path / "old",
        {"a.html": b"1", "gone.svg": b"2", STAGE: b"/* xs-stage aa1 */\nD;\n"},
    )
    new = tree(
        tmp_path / "new",
        {"a.html": b"1!", "added.json": b"{}", STAGE: b"/* xs-stage aa1 */\nE;\n"},
    )
    assert compare(old, new) == [
        f"only in {old}: gone.svg",
        f"only in {new}: added.json",
        f"differs: {STAGE}",
        "differs: a.html",
    ]
    assert main([str(old), str(new)]) == 1
