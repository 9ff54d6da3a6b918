"""The one strict reader of an edition's data files: every TSV and TOML file, every row checked.

Why one reader: a data file is what an editor types into a spreadsheet or an editor every day,
and the edition must not lose or change a word of it without saying so. Each loader used to
split its own lines, and each padded, skipped or crashed in its own way (a row typed with
spaces, an Excel byte-order mark, a stray byte). Here every file is read the same way:

- a byte-order mark is stripped, and said (``bom``);
- a line that is not UTF-8 is reported at its line (``bad_encoding``): a TSV row is not read,
  a TOML file is read with the byte replaced (U+FFFD), so that its structure stands;
- a TSV file's column row is checked against the columns its form declares (``bad_header``;
  no row of a file with a wrong column row is read, since its cells could not be told apart);
- a row with too few cells (``short_row``), too many (``long_row``), spaces where the tabs
  should be (``spaces_for_tabs``), a key seen before (``duplicate_key``), a value outside its
  closed list (``unknown_value``) or a cell that is not of its type (``bad_value``) is not read,
  and said at its line;
- a TOML file that does not parse is said at its line (``bad_toml``): the table that holds the
  error is left out and the rest of the file read, so that one slip loses one table, not the
  file; a key its form does not declare is said too (``unknown_key``).

Nothing is padded and nothing is skipped without a :class:`Problem`. The reader never raises on
bad input: it returns what it could read and the problems, which the build turns into located,
typed warnings (``Problem.kind`` is the subtype, a value of ``warnings.XsWarning``) and tools
print. A form (:class:`Tsv`, :class:`Toml`) is declared once per kind of file, beside its role
(``edition.ROLES``).

No Sphinx import: tools and tests read data with it alone.
"""

from __future__ import annotations

import difflib
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

#: The warning subtypes of the reader (values of ``warnings.XsWarning``; a test keeps them so).
MISSING_FILE = "missing_file"
UNDECLARED_FILE = "undeclared_file"
BAD_ENCODING = "bad_encoding"
BOM = "bom"
BAD_HEADER = "bad_header"
SHORT_ROW = "short_row"
LONG_ROW = "long_row"
SPACES_FOR_TABS = "spaces_for_tabs"
DUPLICATE_KEY = "duplicate_key"
UNKNOWN_VALUE = "unknown_value"
BAD_VALUE = "bad_value"
BAD_TOML = "bad_toml"
UNKNOWN_KEY = "unknown_key"
KINDS = (
    MISSING_FILE,
    UNDECLARED_FILE,
    BAD_ENCODING,
    BOM,
    BAD_HEADER,
    SHORT_ROW,
    LONG_ROW,
    SPACES_FOR_TABS,
    DUPLICATE_KEY,
    UNKNOWN_VALUE,
    BAD_VALUE,
    BAD_TOML,
    UNKNOWN_KEY,
)

_BOM = b"\xef\xbb\xbf"
#: What a key cell may not hold: blanks and ASCII quotation marks (a spreadsheet's quoting).
_KEY_SPOILERS = re.compile(r"[\s\"']")


class Problem(NamedTuple):
    """A located problem of a data file: ``file:line`` (line 0: the file as a whole), what is
    wrong and what became of the row, and the warning subtype it is reported under."""

    file: str
    line: int
    message: str
    kind: str

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def __str__(self) -> str:
        return f"{self.location}: {self.message} [{self.kind}]"


# -- forms ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tsv:
    """The form of a tab-separated file: ``#`` lines are comments (the provenance header), blank
    lines are ignored, every other line is a row of cells separated by one tab.

    ``columns`` are the cells of a row, in order; with ``header`` the first row names them (and
    must name exactly these, or begin with them if ``more``: further named columns follow, as the
    witnesses of ``orthography.tsv``). The last ``optional`` columns may be left out of a row
    (they read as ''). ``key``: columns whose values together occur once in the file. ``enums``:
    column → its closed list of values. ``types``: column → a function of the cell's text that
    raises ``ValueError`` on a bad value (its result is the row's value). ``required``: columns
    that may not be empty. ``patterns``: column → the regular expression a non-empty value
    matches (a key column's values hold no blank and no ASCII quotation mark in any case).
    """

    columns: tuple[str, ...]
    header: bool = True
    more: bool = False
    optional: int = 0
    key: tuple[str, ...] = ()
    enums: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    types: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    patterns: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Toml:
    """The form of a TOML file: ``keys`` maps a table (dotted path, '' for the top level) to the
    keys it may hold (``"*"``: any); a table not named is not checked. A key not declared is an
    ``unknown_key`` problem at its line (it is not used)."""

    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Folder:
    """A folder of files of one form (the vocabularies: ``vocab/<kind>.tsv``)."""

    form: Tsv


Form = Tsv | Toml | Folder


# -- what a read gives ---------------------------------------------------------------------------


class Row:
    """One row of a TSV file: its line and its values by column (converted by the form's
    ``types``)."""

    __slots__ = ("line", "values")

    def __init__(self, line: int, values: Mapping[str, Any]) -> None:
        self.line = line
        self.values = MappingProxyType(dict(values))

    def __getitem__(self, column: str) -> Any:
        return self.values[column]

    def get(self, column: str, default: Any = "") -> Any:
        return self.values.get(column, default)

    def cells(self) -> tuple[Any, ...]:
        return tuple(self.values.values())

    def __repr__(self) -> str:
        return f"Row({self.line}, {dict(self.values)!r})"


@dataclass
class Table:
    """What :func:`read_tsv` read: the rows it could use, in file order, and every problem."""

    path: Path
    columns: tuple[str, ...]
    rows: list[Row]
    problems: list[Problem]
    #: the comment lines before the first row, without their ``#`` (the provenance header)
    comments: list[str]

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def header_values(self) -> dict[str, str]:
        """``# key: value`` lines of the comment header (``kind``, ``categories`` …)."""
        out: dict[str, str] = {}
        for line in self.comments:
            key, sep, value = line.partition(":")
            if sep and key.strip().isidentifier():
                out.setdefault(key.strip(), value.strip())
        return out


@dataclass
class Document:
    """What :func:`read_toml` read: the data ({} if it does not parse), its text (to locate
    keys in; a table that did not parse is blanked in it) and every problem."""

    path: Path
    data: dict[str, Any]
    text: str
    problems: list[Problem]

    def line_of(self, *path: str) -> int:
        """The line of a table or key, by its dotted path (0 if not found)."""
        return line_of(self.text, path)

    def array_lines(self, *path: str) -> list[int]:
        """The lines of the ``[[…]]`` headers of an array of tables, in order."""
        return [n for found, n in _keys_with_lines(self.text, arrays=True) if found == path]

    def item_lines(self, *path: str) -> list[int]:
        """The line where each item of the array at ``path`` begins, in order: the ``[[…]]``
        headers of an array of tables, or, for an array written inline (``kinds = [{ … },
        { … }]``, over one line or many), the line of each of its items; [] if neither."""
        return self.array_lines(*path) or item_lines(self.text, path)

    def key_lines(self) -> list[tuple[tuple[str, ...], int]]:
        """Every table header and key as (dotted path, line), in the file's order."""
        return list(_keys_with_lines(self.text))

    def line_in(self, start: int, *path: str) -> int:
        """The first line from ``start`` on where a table or key (by its dotted path) is
        written, 0 if none: a key of the item of an array of tables whose ``[[…]]`` header is
        on line ``start``."""
        found = (n for key, n in _keys_with_lines(self.text) if n >= start and key == path)
        return next(found, 0)


# -- decoding ------------------------------------------------------------------------------------


def decode(path: Path, data: bytes, replace: bool) -> tuple[list[str], list[Problem]]:
    """The file's lines (newline and carriage return cut), a byte-order mark stripped, and the
    problems of its bytes. A line that is not UTF-8 is '' (``replace`` false: its row is not
    read) or decoded with U+FFFD for the bad bytes (``replace``)."""
    problems: list[Problem] = []
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
        problems.append(
            Problem(
                str(path),
                1,
                "the file begins with a byte-order mark (U+FEFF, 'UTF-8 with BOM'); it is "
                "ignored: save the file as UTF-8 without one",
                BOM,
            )
        )
    lines = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            what = "read with U+FFFD in its place" if replace else "the row is not read"
            problems.append(
                Problem(
                    str(path),
                    number,
                    f"not UTF-8: byte 0x{raw[exc.start]:02x} at byte {exc.start + 1} of the "
                    f"line; {what}",
                    BAD_ENCODING,
                )
            )
            line = raw.decode("utf-8", errors="replace") if replace else ""
        lines.append(line.removesuffix("\r"))
    if lines and lines[-1] == "":
        lines.pop()
    return lines, problems


def _read_bytes(path: Path) -> tuple[bytes | None, list[Problem]]:
    try:
        return path.read_bytes(), []
    except FileNotFoundError:
        return None, [Problem(str(path), 0, f"no such file: {path.name}", MISSING_FILE)]
    except OSError as exc:
        return None, [Problem(str(path), 0, f"cannot be read: {exc.strerror}", MISSING_FILE)]


# -- TSV -----------------------------------------------------------------------------------------


def closest(value: str, allowed: Iterable[str]) -> str:
    """ " (did you mean …?)" for the allowed word nearest ``value``, or ""."""
    match = difflib.get_close_matches(value, list(allowed), n=1)
    return f" (did you mean {match[0]!r}?)" if match else ""


def read_tsv(path: Path | str, form: Tsv) -> Table:
    """Read a TSV file of ``form``: the rows that pass every check, and a problem for each
    line that does not (see the module's docstring). A file that cannot be read gives no rows
    and one ``missing_file`` problem."""
    path = Path(path)
    data, problems = _read_bytes(path)
    if data is None:
        return Table(path, form.columns, [], problems, [])
    lines, decoding = decode(path, data, replace=False)
    problems += decoding
    src = str(path)
    columns: tuple[str, ...] | None = None if form.header else form.columns
    rows: list[Row] = []
    comments: list[str] = []
    seen: dict[tuple[Any, ...], int] = {}
    for number, line in enumerate(lines, 1):
        if line.startswith("#"):
            if columns is None or not rows:
                comments.append(line[1:])
            continue
        if not line.strip():
            continue
        cells = [c.strip() for c in line.split("\t")]
        if columns is None:
            ok = tuple(cells[: len(form.columns)]) == form.columns and (
                form.more or len(cells) == len(form.columns)
            )
            if not ok:
                spaced = "\t" not in line and len(line.split()) > 1
                problems.append(
                    Problem(
                        src,
                        number,
                        f"the column row reads {' | '.join(cells)!r}; expected "
                        f"{' | '.join(form.columns)}{' | …' if form.more else ''}"
                        f"{' (spaces in place of tabs?)' if spaced else ''}; no row of the "
                        "file is read",
                        BAD_HEADER,
                    )
                )
                return Table(path, form.columns, [], problems, comments)
            if len(set(cells)) != len(cells):
                problems.append(
                    Problem(src, number, "the column row names a column twice", BAD_HEADER)
                )
                return Table(path, form.columns, [], problems, comments)
            columns = tuple(cells)
            continue
        row = _row(src, number, line, cells, columns, form, problems)
        if row is None:
            continue
        if form.key:
            key = tuple(row[c] for c in form.key)
            first = seen.get(key)
            if first is not None:
                shown = "/".join(map(str, key))
                problems.append(
                    Problem(
                        src,
                        number,
                        f"{'/'.join(form.key)} {shown!r} again (first on line {first}); this "
                        "row is not read",
                        DUPLICATE_KEY,
                    )
                )
                continue
            seen[key] = number
        rows.append(row)
    if columns is None:
        problems.append(
            Problem(
                src,
                len(lines) or 1,
                f"no column row ({' | '.join(form.columns)}): the file has no data",
                BAD_HEADER,
            )
        )
    return Table(path, columns or form.columns, rows, problems, comments)


def _row(
    src: str,
    number: int,
    line: str,
    cells: list[str],
    columns: tuple[str, ...],
    form: Tsv,
    problems: list[Problem],
) -> Row | None:
    """One row checked against its form, or None (and a problem) if it cannot be used."""
    n = len(columns)
    # The optional columns are the form's last ones (not the header's further columns).
    need = n - form.optional if not form.more else n
    if len(cells) < need:
        words = line.split()
        if len(words) > len(cells) and len(words) >= need:
            problems.append(
                Problem(
                    src,
                    number,
                    f"cells separated by spaces, not tabs ({len(cells)} tab-separated cells, "
                    f"expected {need}); the row is not read",
                    SPACES_FOR_TABS,
                )
            )
        else:
            missing = ", ".join(columns[len(cells) : need])
            problems.append(
                Problem(
                    src,
                    number,
                    f"{len(cells)} cells, expected {need} (no {missing}); the row is not read",
                    SHORT_ROW,
                )
            )
        return None
    if len(cells) > n:
        problems.append(
            Problem(
                src,
                number,
                f"{len(cells)} cells, expected {n}: a tab too many (inside a cell?); the row "
                "is not read",
                LONG_ROW,
            )
        )
        return None
    values: dict[str, Any] = dict(zip(columns, cells + [""] * (n - len(cells)), strict=True))
    bad = len(problems)
    for column in form.required:
        if not values[column]:
            problems.append(Problem(src, number, f"empty {column}; the row is not read", BAD_VALUE))
    for column in form.key:
        if _KEY_SPOILERS.search(values[column]):
            problems.append(
                Problem(
                    src,
                    number,
                    f"{column} {values[column]!r} holds a blank or a quotation mark (a "
                    "spreadsheet's quoting?); the row is not read",
                    BAD_VALUE,
                )
            )
    for column, pattern in form.patterns.items():
        if values[column] and not re.fullmatch(pattern, values[column]):
            problems.append(
                Problem(
                    src,
                    number,
                    f"{column} {values[column]!r} is not of the form {pattern}; the row is not "
                    "read",
                    BAD_VALUE,
                )
            )
    for column, allowed in form.enums.items():
        if values[column] not in allowed:
            problems.append(
                Problem(
                    src,
                    number,
                    f"{column} {values[column]!r} is not one of "
                    f"{', '.join(repr(a) for a in allowed)}{closest(values[column], allowed)}; "
                    "the row is not read",
                    UNKNOWN_VALUE,
                )
            )
    if len(problems) > bad:
        return None
    for column, convert in form.types.items():
        try:
            values[column] = convert(values[column])
        except (TypeError, ValueError) as exc:
            problems.append(
                Problem(
                    src,
                    number,
                    f"{column} {values[column]!r}: {exc}; the row is not read",
                    BAD_VALUE,
                )
            )
            return None
    return Row(number, values)


# -- the types of cells ----------------------------------------------------------------------


def integer(text: str) -> int:
    """A whole number."""
    if not re.fullmatch(r"-?\d+", text):
        raise ValueError("not a whole number")
    return int(text)


def optional_integer(text: str) -> int | None:
    """A whole number, or nothing."""
    return integer(text) if text else None


def is_real(value: object) -> bool:
    """A finite number as TOML gives one: an integer or a float, not a boolean (``true`` is no
    measure), ``nan`` or ``inf``."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def is_positive(value: object) -> bool:
    """A finite number above zero (a length, a scale, a spacing)."""
    return is_real(value) and value > 0  # type: ignore[operator]


def is_strings(value: object) -> bool:
    """A TOML list of strings (a list of sigla, of views, of words)."""
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def is_string_table(value: object) -> bool:
    """A TOML table whose values are strings (siglum → page, kind → label)."""
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def number(text: str) -> float:
    """A decimal number (a finite one: ``nan`` and ``inf`` are no measure)."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError("not a number") from None
    if not math.isfinite(value):
        raise ValueError("not a finite number")
    return value


def integers(text: str) -> tuple[int, ...]:
    """Whole numbers separated by commas (``4,5``)."""
    if not re.fullmatch(r"\d+(,\d+)*", text):
        raise ValueError("not whole numbers separated by commas")
    return tuple(int(n) for n in text.split(","))


# -- TOML ----------------------------------------------------------------------------------------


_TABLE = re.compile(r"^\s*\[\[?\s*(?P<name>[^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(
    r"""^\s*(?P<key>"[^"]*"|'[^']*'|[A-Za-z0-9_.-]+(?:\s*\.\s*[A-Za-z0-9_-]+)*)\s*="""
)


def _split_dotted(name: str) -> tuple[str, ...]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([^.\s]+)', name)
    return tuple(a or b or c for a, b, c in parts)


def _keys_with_lines(text: str, arrays: bool = False) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every table header and key of a TOML text as (dotted path, line); with ``arrays``, the
    headers of arrays of tables (``[[…]]``) only. Keys inside inline tables and arrays are not
    listed (they are values of the key that holds them)."""
    table: tuple[str, ...] = ()
    depth = 0  # open brackets and braces of a multi-line value
    in_string: str | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if in_string is not None:
            if in_string in line:
                in_string = None
            continue
        if depth == 0:
            m = _TABLE.match(line)
            if m:
                table = _split_dotted(m["name"])
                if not arrays or line.lstrip().startswith("[["):
                    yield table, number
                continue
            m = _KEY.match(line)
            if m:
                if not arrays:
                    yield table + _split_dotted(m["key"]), number
                rest = line[m.end() :]
            else:
                continue
        else:
            rest = line
        for quote in ('"""', "'''"):
            if rest.count(quote) % 2 == 1:
                in_string = quote
        stripped = re.sub(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'', "", rest).split("#")[0]
        depth = max(0, depth + stripped.count("[") + stripped.count("{"))
        depth = max(0, depth - stripped.count("]") - stripped.count("}"))


#: The tokens of a TOML value, as :func:`item_lines` walks an array: comments, strings (the
#: multi-line ones first), brackets and braces, commas, and any other run of a bare value.
_VALUE_TOKEN = re.compile(
    r"""(?P<skip>\s+|\#[^\n]*)"""
    r'''|(?P<string>"""(?:[^\\]|\\.)*?"""(?!")|\'\'\'.*?\'\'\'(?!')'''
    r"""|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
    r"""|(?P<open>[\[{])|(?P<close>[\]}])|(?P<comma>,)|(?P<bare>[^\s\[\]{},#"']+)""",
    re.S,
)


def line_of(text: str, path: tuple[str, ...] | list[str]) -> int:
    """The line where a TOML table or key (by its dotted path) is first written; 0 if not."""
    wanted = tuple(path)
    best = 0
    for found, number in _keys_with_lines(text):
        if found == wanted:
            return number
        if not best and found[: len(wanted)] == wanted:
            best = number
    return best


def item_lines(text: str, path: tuple[str, ...] | list[str]) -> list[int]:
    """The line where each item of the inline array that the key ``path`` holds begins, in
    order (``key = [{ … }, { … }]``, over one line or many, strings of any kind skipped whole);
    [] if the key is not found or holds no array."""
    line = line_of(text, path)
    if not line:
        return []
    lines = text.split("\n")
    m = _KEY.match(lines[line - 1])
    if m is None:
        return []
    pos = sum(len(x) + 1 for x in lines[: line - 1]) + m.end()
    out: list[int] = []
    depth = 0
    expecting = False  # the next value at depth 1 begins an item
    for token in _VALUE_TOKEN.finditer(text, pos):
        kind = token.lastgroup
        if kind == "skip":
            continue
        if depth == 0 and kind != "open":
            return []  # not an array
        if kind == "close":
            depth -= 1
            if depth == 0:
                break
            continue
        if kind == "comma":
            expecting = depth == 1
            continue
        if depth == 1 and expecting:
            out.append(text.count("\n", 0, token.start()) + 1)
            expecting = False
        if kind == "open":
            depth += 1
            if depth == 1:
                expecting = True
    return out


def read_toml(path: Path | str, form: Toml | None = None) -> Document:
    """Read a TOML file: its data (without a table that does not parse; {} if nothing does),
    and every problem (a byte-order mark, bytes that are not UTF-8, a syntax error at its line,
    keys the form does not declare).
    A file that cannot be read gives {} and one ``missing_file`` problem."""
    path = Path(path)
    data, problems = _read_bytes(path)
    if data is None:
        return Document(path, {}, "", problems)
    lines, decoding = decode(path, data, replace=True)
    problems += decoding
    text = "\n".join(lines) + "\n"
    parsed, text, dropped = _parse_by_tables(text)
    problems += [Problem(str(path), line, message, BAD_TOML) for line, message in dropped]
    if parsed is None:
        return Document(path, {}, text, problems)
    if form is not None:
        problems += _unknown_keys(path, text, parsed, form)
    return Document(path, parsed, text, problems)


#: How many broken tables a file may lose before nothing of it is read (a file that is not TOML
#: at all, e.g. a TSV saved under the TOML's name, is not worth reading table by table).
_MAX_DROPPED = 8


def _parse_by_tables(text: str) -> tuple[dict[str, Any] | None, str, list[tuple[int, str]]]:
    """Parse a TOML text; where it does not parse, leave out the table that holds the error
    (from its ``[header]`` to the next one; before the first header, the top-level keys) and
    parse the rest again, so that one slip loses one table, not the whole file, and the build
    goes on to report the rest. Returns the data (None if nothing could be read), the text that
    was read (the tables left out blanked, so that every line keeps its number and the lines of
    an array of tables still match its items) and a (line, message) for each error."""
    lines = text.split("\n")
    dropped: list[tuple[int, str]] = []
    while True:
        try:
            read = "\n".join(lines)
            return tomllib.loads(read), read, dropped
        except tomllib.TOMLDecodeError as exc:
            found = re.search(r"at line (\d+)", str(exc))
            at = int(found[1]) if found else 1
            said = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
            first, last, name = _table_around(lines, at)
            if len(dropped) >= _MAX_DROPPED or not any(x.strip() for x in lines[first - 1 : last]):
                dropped.append((at, f"not valid TOML: {said}; nothing of the file is read"))
                return None, text, dropped
            for i in range(first - 1, last):
                lines[i] = ""  # blanked, not removed: every later line keeps its number
            table = f"the table {name}" if name else "the keys before the first table"
            dropped.append(
                (
                    at,
                    f"not valid TOML: {said}; left out: {table} (lines {first}–{last}); the "
                    "rest of the file is read",
                )
            )


def _table_around(lines: list[str], at: int) -> tuple[int, int, str]:
    """The lines (1-based, inclusive) of the table that holds line ``at``, and its name: from
    the nearest header above (a line that begins with ``[``, unindented, as a header is written;
    an array's rows are indented) to the line before the next one."""
    first, name = 1, ""
    for i in range(min(at, len(lines)) - 1, -1, -1):
        if lines[i].startswith("["):
            first, name = i + 1, lines[i].split("#")[0].strip()
            break
    last = len(lines)
    for i in range(max(at, first), len(lines)):
        if lines[i].startswith("["):
            last = i
            break
    while last > first and not lines[last - 1].strip():
        last -= 1
    return first, last, name


def _unknown_keys(path: Path, text: str, data: dict[str, Any], form: Toml) -> list[Problem]:
    """A problem for each key of a declared table that the form does not list."""
    problems = []
    for table, allowed in form.keys.items():
        if "*" in allowed:
            continue
        node: Any = data
        for part in table.split(".") if table else ():
            node = node.get(part, {}) if isinstance(node, dict) else {}
        if not isinstance(node, dict):
            continue
        for key, value in node.items():
            if key in allowed:
                continue
            # a table of the top level that the form declares is checked on its own
            if not table and isinstance(value, dict) and key in form.keys:
                continue
            where = (*table.split("."), key) if table else (key,)
            what = "table" if isinstance(value, dict) else "key"
            names = [a for a in allowed if a != "*"]
            problems.append(
                Problem(
                    str(path),
                    line_of(text, where) or 1,
                    f"unknown {what} {'.'.join(where)!r} (known: {', '.join(names)})"
                    f"{closest(key, tuple(names))}; it is not used",
                    UNKNOWN_KEY,
                )
            )
    return problems
