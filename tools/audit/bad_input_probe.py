"""Probe the build with bad input, one kind at a time, on a copy of the edition (issue 20).

Each case copies ``source/`` and ``conf.py`` to a temporary folder, spoils one thing the way an
editor does every day (a file deleted, a row typed with spaces, a spreadsheet's byte-order
mark, an unclosed fence, raw HTML in a translation, a misspelt setting …), builds the site
without ``-W`` (so that the build goes on and reports all it can) and records:

- **located**: a warning names the spoiled file, with a line where the file has lines;
- **typed**: that warning carries its own subtype, ``[xs.<subtype>]``;
- **traceback**: the build (or the tool) died with a Python exception;
- **silent**: the build gave no warning that the clean copy does not give; with ``loss``,
  ``edition.json`` differs from the clean copy's, i.e. data was lost or changed unreported.

Unlike ``tests/test_bad_input.py`` (a small root, exact expectations) this runs on the real
edition, so it finds what a rule written for the small root misses. It is a tool, not a test:
``python -m tools.audit.bad_input_probe [--only SUBSTRING]… [--json FILE]``; exit 1 if any case
is not located and typed, or died, or lost data silently.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ED = "source/_edition"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
WARNING = re.compile(r"^(?P<loc>\S*?):?(?P<line>\d+)?: (?:WARNING|ERROR|CRITICAL): .*$")
TRACEBACK = ("Traceback (most recent call last)", "Exception occurred", "please report this")


@dataclass(frozen=True)
class Case:
    """One bad input: the file it spoils (relative to the copy) and how."""

    name: str
    target: str
    spoil: Callable[[Path], None]
    lined: bool = True  # the warning can name a line (not so for a deleted file)
    command: tuple[str, ...] = ()  # a tool instead of the build ({src} = the copy)
    quiet: bool = False  # harmless: right if it gives no warning and changes nothing


def _text(p: Path) -> str:
    return p.read_text(encoding="utf-8")


def _edit(target: str, fn: Callable[[str], str]) -> Callable[[Path], None]:
    def spoil(src: Path) -> None:
        f = src / target
        f.write_text(fn(_text(f)), encoding="utf-8")

    return spoil


def _delete(target: str) -> Callable[[Path], None]:
    def spoil(src: Path) -> None:
        f = src / target
        shutil.rmtree(f) if f.is_dir() else f.unlink()

    return spoil


def _bom(target: str) -> Callable[[Path], None]:
    def spoil(src: Path) -> None:
        f = src / target
        f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes())

    return spoil


def _bad_utf8(target: str) -> Callable[[Path], None]:
    def spoil(src: Path) -> None:
        f = src / target
        lines = f.read_bytes().split(b"\n")
        lines[len(lines) // 2] += b"\xff\xfe"
        f.write_bytes(b"\n".join(lines))

    return spoil


def _rows(target: str, fn: Callable[[list[str]], list[str]]) -> Callable[[Path], None]:
    """Spoil the data rows (not comments, not the header) of a TSV."""

    def edit(text: str) -> str:
        lines = text.split("\n")
        data = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
        rows = [lines[i] for i in data]
        new = fn(rows)
        out = [line for i, line in enumerate(lines) if i not in set(data)]
        first = data[0] if data else len(out)
        return "\n".join(out[:first] + new + out[first:])

    return _edit(target, edit)


def _short(rows: list[str]) -> list[str]:
    """A row cut to its first cell (fewer than any file's required columns: two cells would be
    a whole row of pinyin-readings.tsv, and of facings.tsv, whose gloss is optional)."""
    i = len(rows) // 2
    return [*rows[:i], rows[i].split("\t")[0], *rows[i + 1 :]]


def _long(rows: list[str]) -> list[str]:
    i = len(rows) // 2
    return [*rows[:i], rows[i] + "\textra", *rows[i + 1 :]]


def _spaces(rows: list[str]) -> list[str]:
    i = len(rows) // 2
    return [*rows[:i], rows[i].replace("\t", "    "), *rows[i + 1 :]]


def _dup(rows: list[str]) -> list[str]:
    i = len(rows) // 2
    return [*rows[: i + 1], rows[i], *rows[i + 1 :]]


def _header(rows: list[str]) -> list[str]:
    return [rows[0].replace("\t", "\tx", 1), *rows[1:]]


def _sub(target: str, old: str, new: str, count: int = 1) -> Callable[[Path], None]:
    def fn(text: str) -> str:
        if old not in text:
            raise SystemExit(f"probe: {old!r} not in {target}: the case is stale")
        return text.replace(old, new, count)

    return _edit(target, fn)


TSV = {
    # role file -> has a header row the reader checks
    "step-registry.tsv": False,
    "sigla.tsv": True,
    "variants.tsv": True,
    "orthography.tsv": True,
    "facings.tsv": False,
    "figures.tsv": True,
    "furnishings.tsv": True,
    "positions.tsv": True,
    "pinyin-overrides.tsv": False,
    "pinyin-readings.tsv": False,
    "commentary.tsv": True,
    "translation-review.tsv": True,
    "vocab/vessel.tsv": True,
    "vocab/role.tsv": True,
}
TOML = ["edition.toml", "apparatus.toml", "setting.toml", "translation-apparatus.toml"]
PAGE = "source/rite/after.md"


STEP_END = "司正之職，退返觶南邊的位置站立。\n:::\n"
BEFORE = "source/rite/before.md"
#: slips in the pages: (name, page, text, what it becomes)
PAGES = [
    ("unclosed step fence", PAGE, STEP_END + "::::\n", STEP_END + "\n"),
    ("step id duplicated", PAGE, "xs-0376\n", "xs-0375\n"),
    ("empty role", PAGE, "{role}`樂正`", "{role}``樂正"),
    ("role unparsed", PAGE, "{role}`樂正`", "{role}`樂正"),
    ("unknown role name", PAGE, "{role}`樂正`", "{rle}`樂正`"),
    ("negated role", PAGE, "{role}`樂正`", "{role}`!樂正`"),
    ("raw HTML inline", PAGE, "樂正命弟子", "樂正<script>alert(1)</script>命弟子"),
    ("raw HTML block", PAGE, "\n樂正命", '\n<div onclick="alert(1)">x</div>\n\n樂正命'),
    (
        "phase with no steps",
        PAGE,
        "\n## 旅酬\n",
        "\n## 空\n\n:::{xs:phase} kong\n:en: E\n:::\n\n## 旅酬\n",
    ),
    ("option misspelt on a step", PAGE, "xs-0376\n", "xs-0376\n:sourse: editors\n"),
    ("bad :source:", BEFORE, ":source: editors", ":source: edtiors"),
    ("unknown term", PAGE, "{vessel}`觶`南", "{vessel}`觚`南"),
    ("dangling step ref", PAGE, "<xs-0183>", "<xs-9183>"),
]
DATE, URL = "xs_release_date", "xs_base_url"


def _bad_date(conf: str) -> str:
    return re.sub(r'^xs_release_date = ".*"$', f'{DATE} = "2026-13-45"', conf, flags=re.M)


def _bad_url(conf: str) -> str:
    return conf + f'\n{URL} = "htp:/example"\n'


def cases() -> list[Case]:
    out: list[Case] = []
    for name, header in TSV.items():
        t = f"{ED}/{name}"
        out += [
            Case(f"{name}: deleted", t, _delete(t), lined=False),
            Case(f"{name}: BOM", t, _bom(t)),
            Case(f"{name}: bad UTF-8", t, _bad_utf8(t)),
            Case(f"{name}: short row", t, _rows(t, _short)),
            Case(f"{name}: long row", t, _rows(t, _long)),
            Case(f"{name}: spaces for tabs", t, _rows(t, _spaces)),
        ]
        if name not in ("facings.tsv", "pinyin-readings.tsv", "translation-review.tsv"):
            out.append(Case(f"{name}: duplicate row", t, _rows(t, _dup)))
        if header:
            out.append(Case(f"{name}: header misspelt", t, _rows(t, _header)))
    for name in TOML:
        t = f"{ED}/{name}"
        out += [
            Case(f"{name}: BOM", t, _bom(t)),
            Case(f"{name}: bad UTF-8", t, _bad_utf8(t)),
            Case(f"{name}: syntax error", t, _edit(t, lambda s: s + "\n[broken\n")),
        ]
        if name != "edition.toml":
            out.append(Case(f"{name}: deleted", t, _delete(t), lined=False))
    sig = f"{ED}/sigla.tsv"
    reg = f"{ED}/step-registry.tsv"
    app = f"{ED}/apparatus.toml"
    tra = f"{ED}/translation-apparatus.toml"
    edt = f"{ED}/edition.toml"
    out += [
        Case("vocab folder deleted", f"{ED}/vocab", _delete(f"{ED}/vocab"), lined=False),
        Case("sigla: role misspelt", sig, _sub(sig, "\twitness", "\twitnes")),
        Case("sigla: stray quote", sig, _sub(sig, "\n叢\t", '\n"叢\t')),
        Case(
            "pinyin-overrides: row without a tab",
            f"{ED}/pinyin-overrides.tsv",
            _sub(f"{ED}/pinyin-overrides.tsv", "亨\tpēng", "亨 pēng"),
        ),
        Case(
            "positions: place off the hall",
            f"{ED}/positions.tsv",
            _sub(f"{ED}/positions.tsv", "\t門外東\t", "\t月宮\t"),
        ),
        Case(
            "positions: unknown facing",
            f"{ED}/positions.tsv",
            _sub(f"{ED}/positions.tsv", "\t西面\ttext", "\t西南西面\ttext"),
        ),
        Case("registry: replaced_by names nothing", reg, _edit(reg, _retire_to_nothing)),
        Case("registry: status misspelt", reg, _sub(reg, "\tlive\t", "\tlvie\t")),
        Case("apparatus: duplicate id", app, _edit(app, _dup_apparatus)),
        Case("apparatus: kind unknown", app, _sub(app, 'kind = "typo"', 'kind = "tpyo"')),
        Case(
            "translation apparatus: duplicate id", tra, _sub(tra, 'id = "tr-002"', 'id = "tr-001"')
        ),
        Case(
            "translation apparatus: kind unknown",
            tra,
            _sub(tra, 'kind = "conversion"', 'kind = "convert"'),
        ),
        Case(
            "edition.toml: unknown key",
            edt,
            _sub(edt, "id_digits = 4", "id_digits = 4\nid_digit = 4"),
        ),
        Case(
            "edition.toml: unknown table",
            edt,
            _edit(edt, lambda s: s + '\n[serach]\nplaceholder = "x"\n'),
        ),
        Case(
            "edition.toml: declared file misspelt",
            edt,
            _sub(edt, '"positions.tsv"', '"position.tsv"'),
        ),
        *(
            Case(f"page: {name}", target, _sub(target, old, new))
            for name, target, old, new in PAGES
        ),
        Case("page: bad UTF-8", PAGE, _bad_utf8(PAGE)),
        # Sphinx reads a page's byte-order mark as nothing: no warning is due, nothing changes
        Case("page: BOM", PAGE, _bom(PAGE), quiet=True),
        # the registry names the published step that no page declares
        Case("page: step deleted", reg, _edit(PAGE, _delete_step)),
        Case("page: retired id reused", PAGE, _edit(PAGE, _reuse_retired)),
        Case("conf: release date not a date", "conf.py", _edit("conf.py", _bad_date)),
        Case("conf: base URL not a URL", "conf.py", _edit("conf.py", _bad_url)),
    ]
    wit = "witnesses"
    out += [
        Case(
            "make audit: witness file missing",
            wit,
            _delete_a_witness,
            lined=False,
            command=("-m", "tools.audit.witness_readings", "--witnesses", "{src}/witnesses"),
        ),
        Case(
            "make collate: witness file missing",
            wit,
            _delete_a_witness,
            lined=False,
            command=(
                "-m",
                "tools.collate",
                "--witnesses",
                "{src}/witnesses",
                "--out",
                "{src}/collate.json",
            ),
        ),
    ]
    # the specific cases first, the generic slips of every file after them
    return out[::-1]


def _retire_to_nothing(text: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        cols = line.split("\t")
        if len(cols) >= 5 and cols[3] == "retired":
            cols[4] = "xs-9999"
            lines[i] = "\t".join(cols)
            return "\n".join(lines)
    return text + "xs-9990\t1\t000000000000\tretired\txs-9999\n"


def _dup_apparatus(text: str) -> str:
    ids = re.findall(r'^id = "(app-\d+)"', text, flags=re.M)
    return text.replace(f'id = "{ids[1]}"', f'id = "{ids[0]}"', 1)


def _delete_step(text: str) -> str:
    return re.sub(r"::::\{xs:step\} xs-0376\n.*?\n::::\n", "", text, count=1, flags=re.S)


def _reuse_retired(text: str) -> str:
    reg = (ROOT / ED / "step-registry.tsv").read_text(encoding="utf-8")
    retired = [r.split("\t")[0] for r in reg.split("\n") if "\tretired" in r]
    if not retired:
        raise SystemExit("probe: the registry retires no id: the case is stale")
    return text.replace("::::{xs:step} xs-0376\n", f"::::{{xs:step}} {retired[0]}\n", 1)


def _delete_a_witness(src: Path) -> None:
    shared = ROOT.parent / "shared" / "witnesses"
    if not shared.is_dir():
        raise SystemExit("probe: ../shared/witnesses is absent")
    shutil.copytree(shared, src / "witnesses")
    if (shared.parent / "seed").is_dir():  # the tools find the seed beside the witnesses
        shutil.copytree(shared.parent / "seed", src / "seed")
    # 敖繼公's 集說: a witness every apparatus entry is collated against
    next((src / "witnesses").glob("*ao-jigong*.txt")).unlink()


@dataclass
class Result:
    name: str
    located: bool
    typed: bool
    traceback: bool
    silent: bool
    loss: bool
    lines: list[str]


def copy_edition(dest: Path) -> Path:
    src = dest / "copy"
    shutil.copytree(ROOT / "source", src / "source")
    shutil.copy(ROOT / "conf.py", src / "conf.py")
    shutil.copy(ROOT / "pyproject.toml", src / "pyproject.toml")  # conf.py reads the version
    # the engine copied (a snapshot: edits to the worktree during a run do not change it)
    shutil.copytree(ROOT / "_ext", src / "_ext", ignore=shutil.ignore_patterns("__pycache__"))
    for link in ("_static", "_templates", "tools"):
        if (ROOT / link).exists():
            (src / link).symlink_to(ROOT / link)
    return src


def build(src: Path, case: Case | None, builder: str = "dummy") -> tuple[int, str, dict | None]:
    """Build the copy (the dummy builder reads and resolves everything, writes nothing: the
    cheap way to collect the warnings; the html builder writes edition.json to compare)."""
    out = src / f"_out-{builder}"
    if case and case.command:
        cmd = [sys.executable, *(a.replace("{src}", str(src)) for a in case.command)]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=src)
        return done.returncode, ANSI.sub("", done.stdout + done.stderr), None
    cmd = [sys.executable, "-m", "sphinx", "-b", builder, "-q", "-n", "--keep-going"]
    cmd += ["-c", str(src), "-d", str(src / "_doctrees"), str(src / "source"), str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=src)
    ej = out / "edition.json"
    data = json.loads(ej.read_text(encoding="utf-8")) if ej.is_file() else None
    return done.returncode, ANSI.sub("", done.stderr), data


def warning_lines(text: str, src: Path) -> list[str]:
    return [
        line.replace(f"{src}/", "")
        for line in text.splitlines()
        if WARNING.match(line.replace(f"{src}/", ""))
    ]


def run_case(case: Case, baseline: tuple[set[str], dict | None], work: Path) -> Result:
    src = copy_edition(work / re.sub(r"\W+", "-", case.name))
    case.spoil(src)
    rc, text, data = build(src, case)
    traceback = any(t in text for t in TRACEBACK)
    if not case.command:  # a build that stops is a crash (a bad input is said, not fatal)
        traceback = traceback or rc not in (0, 1)
    lines = [line for line in warning_lines(text, src) if line not in baseline[0]]
    if case.command:
        lines = [line for line in text.splitlines() if line.strip()]
        # a tool's message names the file it lacks
        located = not traceback and any(".txt" in line and "missing" in line for line in lines)
        return Result(case.name, located, located, traceback, not lines, False, lines[-3:])
    target = case.target
    here = [line for line in lines if target in line.split(": ", 1)[0] or target in line]
    if case.lined:
        located = any(re.match(rf"^{re.escape(target)}:\d+: ", line) for line in here)
    else:
        located = bool(here)
    # typed: the engine's xs.<subtype>, or the parser's own (myst.directive_option)
    typed = any(re.search(r"\[[a-z]+\.\w+\]$", line) for line in here)
    silent = not lines
    if silent and not traceback:  # only then is the output worth comparing
        data = build(src, case, "html")[2]
    loss = silent and data is not None and data != baseline[1]
    if case.quiet:
        located = typed = silent and not loss
    shutil.rmtree(src, ignore_errors=True)
    return Result(case.name, located, typed, traceback, silent, loss, lines[:4])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--only",
        action="append",
        default=[],
        help="run the cases whose name contains this (may be given more than once)",
    )
    ap.add_argument("--json", type=Path, help="write the results here")
    ap.add_argument("--list", action="store_true", help="list the cases and stop")
    args = ap.parse_args(argv)
    chosen = [c for c in cases() if not args.only or any(o in c.name for o in args.only)]
    if args.list:
        print("\n".join(c.name for c in chosen))
        return 0
    with tempfile.TemporaryDirectory(prefix="xs-probe-") as tmp:
        work = Path(tmp)
        base_src = copy_edition(work / "baseline")
        text = build(base_src, None)[1]
        data = build(base_src, None, "html")[2]
        baseline = (set(warning_lines(text, base_src)), data)
        results = []
        for case in chosen:
            r = run_case(case, baseline, work)
            results.append(r)
            ok = r.located and r.typed and not r.traceback and not r.loss
            flags = "".join(
                f
                for f, on in (
                    ("L", r.located),
                    ("T", r.typed),
                    ("X", r.traceback),
                    ("S", r.silent),
                    ("!", r.loss),
                )
                if on
            )
            print(f"{'ok ' if ok else 'BAD'} {flags:5} {r.name}", flush=True)
            if not ok:
                for line in r.lines:
                    print(f"        {line[:200]}")
    n = len(results)
    summary = {
        "cases": n,
        "located": sum(r.located for r in results),
        "typed": sum(r.typed for r in results),
        "tracebacks": sum(r.traceback for r in results),
        "silent": sum(r.silent for r in results),
        "silent_losses": sum(r.loss for r in results),
    }
    print(" ".join(f"{k}={v}" for k, v in summary.items()))
    if args.json:
        args.json.write_text(
            json.dumps(
                {"summary": summary, "cases": [r.__dict__ for r in results]},
                ensure_ascii=False,
                indent=1,
            )
        )
    bad = n - sum(r.located and r.typed and not r.traceback and not r.loss for r in results)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
