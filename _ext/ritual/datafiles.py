"""The edition's data files in the build: each read once by the strict reader, each problem warned.

Every loader of the build takes its file from here (:func:`table`, :func:`document`), so every
file is read by :mod:`.datafile` against the form its role declares (``edition.ROLES``). What
the reader finds wrong with a file (a byte-order mark, a short row, a duplicate key …) is warned
once per build, at ``builder-inited`` (:func:`check_data_files`), at its file and line; the
loaders then make their records of the rows that passed and report only what is wrong in the
records' meaning. A file that ``edition.toml`` declares and that is missing is an error naming
it; a file the edition does not declare may be absent (the edition has no such data yet), and
one that lies in the folder undeclared is said (``undeclared_file``): declared or absent, each
file's loss is noticed.

Parallel readers re-read the files (the build state pickles as nothing) but never warn: only
the main process, at ``builder-inited``, does.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from .core.datafile import (
    MISSING_FILE,
    UNDECLARED_FILE,
    Document,
    Folder,
    Problem,
    Table,
    Toml,
    Tsv,
    read_toml,
    read_tsv,
)
from .core.edition import EDITION_FILE, ROLES
from .state import build_state, edition_of
from .warnings import report


def _tsv_form(role: str) -> Tsv:
    form = ROLES[role].form
    form = form.form if isinstance(form, Folder) else form
    assert isinstance(form, Tsv), role
    return form


def table(env: BuildEnvironment, role: str, path: Path | None = None) -> Table:
    """The rows of the edition's file of ``role`` (or of ``path``, a file of a folder role),
    read once per build; no rows if the file does not exist."""
    file = path or edition_of(env).path(role)
    form = _tsv_form(role)

    def read() -> Table:
        if not file.is_file():
            return Table(file, form.columns, [], [], [])
        return read_tsv(file, form)

    return build_state(env).file(f"table:{file}", read)


def document(env: BuildEnvironment, role: str) -> Document:
    """The data of the edition's TOML file of ``role``, read once per build ({} if absent)."""
    file = edition_of(env).path(role)
    form = ROLES[role].form
    assert isinstance(form, Toml), role

    def read() -> Document:
        if not file.is_file():
            return Document(file, {}, "", [])
        return read_toml(file, form)

    return build_state(env).file(f"document:{file}", read)


def file_problems(env: BuildEnvironment) -> list[Problem]:
    """What is wrong with the edition's files themselves: edition.toml's own problems, each
    declared file that is missing, and what the strict reader finds in every file of a TSV or
    TOML role (a folder role's files are reported by their loader: the vocabularies')."""
    edition = edition_of(env)
    problems = list(edition.problems)
    declaration = edition.folder / EDITION_FILE
    for role in edition.missing():
        path = edition.path(role)
        # a folder named as a file (or a file as the vocabularies' folder) is no file to read
        state = (
            f"is not a {'folder' if edition.is_folder(role) else 'file'}"
            if path.exists()
            else "does not exist"
        )
        problems.append(
            Problem(
                str(declaration),
                edition.declared_at.get(role, 0) or edition.files_line or 1,
                f"the edition declares its {role} file ([files] {role}), but {path} {state}: "
                "its data are missing from this build",
                MISSING_FILE,
            )
        )
    for role in edition.undeclared():
        problems.append(
            Problem(
                str(declaration),
                edition.files_line or 1,
                f"{edition.path(role).name} is in the edition folder but edition.toml does not "
                f"declare it ([files] {role} = {ROLES[role].name!r}): it is read, but its loss "
                "would pass unnoticed",
                UNDECLARED_FILE,
            )
        )
    for role, data_file in ROLES.items():
        if isinstance(data_file.form, Folder) or not edition.path(role).is_file():
            continue
        if isinstance(data_file.form, Tsv):
            problems += table(env, role).problems
        else:
            problems += document(env, role).problems
    return problems


def check_data_files(app: Sphinx) -> None:
    """``builder-inited``: every problem of the edition's files, at its file and line."""
    report(file_problems(app.env))


def note_manifest(app: Sphinx, docname: str, source: list[str]) -> None:
    """``source-read``: every document depends on ``edition.toml``, as each on the data files
    it reads: what the manifest declares (the kinds of term and of correction, the words of
    the references, the id forms) shapes every page, so a change to it re-reads them all."""
    manifest = edition_of(app.env).folder / EDITION_FILE
    if manifest.is_file():  # (a dependency that does not exist makes its document always stale)
        app.env.note_dependency(str(manifest))


def setup_data_files(app: Sphinx) -> None:
    # Before the loaders' own checks (default priority 500), which use the same reads.
    app.connect("builder-inited", check_data_files, priority=400)
    app.connect("source-read", note_manifest)
