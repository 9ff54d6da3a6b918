"""A page that is not UTF-8 is read, and its bad bytes reported at their lines (issue 20).

Sphinx reads a page with ``str.decode`` and stops the whole build with a ``UnicodeDecodeError``
("… position 600", no file named) at the first bad byte: every other problem is hidden behind
it. Like the strict reader of the data files (``bad_encoding``), the engine reads such a page
with U+FFFD for the bad bytes, and warns each line that holds one, at ``env-before-read-docs``:
the build goes on, and the fingerprint of a step with a damaged character no longer matches.
"""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from ..warnings import XsWarning, warn

if TYPE_CHECKING:  # the type of a bytes-like argument (collections.abc.Buffer from 3.12)
    from typing_extensions import Buffer

#: UTF-8 that reads a bad byte as U+FFFD (and a byte-order mark as nothing, as Sphinx does)
CODEC = "xs-utf-8-replace"


def _search(name: str) -> codecs.CodecInfo | None:
    if name.replace("_", "-") != CODEC:
        return None
    base = codecs.lookup("utf-8-sig")

    def decode(data: Buffer, errors: str = "strict", /) -> tuple[str, int]:
        return base.decode(data, "replace")

    class Decoder(base.incrementaldecoder):  # type: ignore[name-defined]
        def __init__(self, errors: str = "strict") -> None:
            super().__init__("replace")

    return codecs.CodecInfo(
        base.encode,
        decode,
        name=CODEC,
        incrementalencoder=base.incrementalencoder,
        incrementaldecoder=Decoder,
        streamreader=base.streamreader,
        streamwriter=base.streamwriter,
    )


codecs.register(_search)


def bad_lines(data: bytes) -> list[tuple[int, int]]:
    """(line, byte offset in the line) of each line of ``data`` that is not UTF-8."""
    out = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as err:
            out.append((number, err.start))
    return out


def check_page_encoding(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """``env-before-read-docs``: warn each line of a page to be read that is not UTF-8."""
    env.settings["input_encoding"] = CODEC
    for docname in docnames:
        path = Path(env.doc2path(docname))
        if not path.is_file():
            continue
        for line, offset in bad_lines(path.read_bytes()):
            warn(
                f"not UTF-8: a bad byte at byte {offset} of the line; it is read as U+FFFD "
                "(save the page as UTF-8)",
                XsWarning.BAD_ENCODING,
                (docname, line),
            )


def setup_page_encoding(app: Sphinx) -> None:
    app.connect("env-before-read-docs", check_page_encoding)
