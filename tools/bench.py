"""Benchmarks of the edition's builds and pages, written to BENCHMARKS.md (``make bench``).

    python tools/bench.py [--runs 5] [--pdf-runs 5] [--scales 1,4,16] [--no-pdf] [--out FILE]

Everything runs on a snapshot of the checkout (conf.py, source/, _ext/, _static/, _templates/)
copied to a temporary directory, so that edits made while it runs, and the pages it touches,
do not reach the checkout. Each figure is the median of ``--runs`` builds (wall-clock seconds,
and CPU seconds of the build processes, which a busy machine disturbs less):

(a) the edition's full HTML build (fresh output and doctree directories each run);
(b) the same text built by plain Sphinx (myst-parser and the theme, no extension): a copy of
    source/ with the edition's directives and roles stripped to plain paragraphs and text;
    (a) and (b) run in alternating pairs, and the ratio is also given as the median of the
    pairs' ratios (a pair sees the same load on a shared machine);
(c) an incremental HTML rebuild after touching one rite page;
(d) the full HTML build with ``-j 2``;
(e) the full PDF build (``-M latexpdf``), when xelatex and latexmk are installed;
(f) synthetic corpora of 1×, 4× and 16× the chapter: copies of the rite pages with renamed
    step, phase, diagram and apparatus ids and the matching registry and data rows;

and page weight of the built site: the largest page's HTML + the CSS and JS it loads (fonts
apart), the search index, any shipped fonts. Targets (issue 8) are checked in the report.
Not a test: timings depend on the machine; the report records it.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script (make bench): the repository's tools package
    sys.path.insert(0, str(ROOT))

from tools.cli import open_edition  # noqa: E402
from tools.release import release_epoch  # noqa: E402

SNAPSHOT = ("conf.py", "pyproject.toml", "source", "_ext", "_static", "_templates")
RITE_PAGE = "rite/before.md"  # the page touched for the incremental rebuild
EPOCH = os.environ.get("SOURCE_DATE_EPOCH") or release_epoch()
#: The project's edition (the benchmark builds this project; its ids are shifted per copy).
OWN = open_edition()
STEP_ID = re.compile(rf"{re.escape(OWN.id_prefix)}-(\d{{{OWN.id_digits}}})")
# Data files keyed by step id, whose rows are copied for the synthetic corpus.
STEP_DATA = ("step-registry.tsv", "positions.tsv", "pinyin-overrides.tsv")

TARGETS = {
    "full_vs_plain": 3.0,  # (a) / (b), issue 22
    "incremental_vs_full": 0.25,  # (c) / (a)
    "scale16_vs_1": 18.0,  # (f) 16× / 1×
    "data_cost": 1.15,  # (a') / (g): the TEI file and the DTS API add at most 15%
    "largest_page": 400_000,  # bytes of HTML + CSS + JS, fonts apart
    "search_index": 1_000_000,
    "fonts": 2_000_000,
}


# -- running builds --------------------------------------------------------------------------


@dataclass
class Sample:
    wall: float
    cpu: float
    #: the CPU seconds spent in the kernel (of ``cpu``): creating and writing files, most of it
    system: float = 0.0


@dataclass
class Figure:
    name: str
    samples: list[Sample]
    warnings: int = 0

    @property
    def wall(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)


def _children_cpu() -> tuple[float, float]:
    """CPU seconds of the finished child processes so far: all of it, and the kernel's."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime, usage.ru_stime


def run(cmd: list[str], cwd: Path) -> tuple[Sample, str]:
    """Run one build; its wall and CPU time, and its stderr (warnings)."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "PYTHONHASHSEED": "0"}
    (cpu0, sys0), t0 = _children_cpu(), time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    cpu1, sys1 = _children_cpu()
    sample = Sample(time.perf_counter() - t0, cpu1 - cpu0, sys1 - sys0)
    if result.returncode != 0:
        raise SystemExit(f"build failed: {' '.join(cmd)}\n{result.stderr[-3000:]}")
    return sample, result.stderr


def sphinx_html(project: Path, out: Path, *extra: str) -> list[str]:
    doctrees = out.parent / f"{out.name}.doctrees"
    options = ["-q", "--keep-going", "-n", "-d", str(doctrees), "-c", str(project), *extra]
    return [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        *options,
        str(project / "source"),
        str(out),
    ]


def clean(*paths: Path) -> None:
    for p in paths:
        shutil.rmtree(p, ignore_errors=True)


def measure(
    name: str, runs: int, cmd: Callable[[], list[str]], cwd: Path, before: Callable[[], None]
) -> Figure:
    samples, warnings = [], 0
    for i in range(runs):
        before()
        sample, stderr = run(cmd(), cwd)
        samples.append(sample)
        warnings = stderr.count("WARNING")
        print(f"  {name} run {i + 1}/{runs}: {sample.wall:.2f} s wall, {sample.cpu:.2f} s CPU")
    return Figure(name, samples, warnings)


def full_html(project: Path, runs: int, name: str, *extra: str) -> Figure:
    out = project.parent / f"out-{project.name}-{name}"
    return measure(
        name,
        runs,
        lambda: sphinx_html(project, out, *extra),
        project,
        lambda: clean(out, out.parent / f"{out.name}.doctrees"),
    )


#: The config values that turn off the TEI file and the DTS API (figure g).
NO_TEI = ("-D", "xs_tei=0", "-D", "xs_dts=0")
#: … and the Simplified copy as well: what is left is the edition's pages with their markup,
#: the headword pages, the plans and the stage (figure h: how far the pages alone are from
#: plain Sphinx, whatever the data products cost).
PAGES_ONLY = (*NO_TEI, "-D", "xs_simplified=0")


def paired_data_cost(project: Path, runs: int) -> tuple[Figure, Figure]:
    """(g): the full HTML build with the TEI and DTS files and without, in alternating runs (on
    a shared machine a pair sees the same load, where two blocks of runs may not)."""
    with_out = project.parent / f"out-{project.name}-with-tei"
    without = project.parent / f"out-{project.name}-no-tei"
    on, off = Figure("with TEI+DTS", []), Figure("no TEI/DTS", [])
    for i in range(runs):
        for figure, out, extra in ((on, with_out, ()), (off, without, NO_TEI)):
            clean(out, out.parent / f"{out.name}.doctrees")
            sample, _ = run(sphinx_html(project, out, *extra), project)
            figure.samples.append(sample)
            print(
                f"  {figure.name} run {i + 1}/{runs}: {sample.wall:.2f} s, {sample.cpu:.2f} s CPU"
            )
    return on, off


def paired_full_plain(edition: Path, plain: Path, runs: int) -> tuple[Figure, Figure]:
    """(a) and (b): the edition's full HTML build and plain Sphinx's, in alternating runs."""
    full, bare = Figure("full", []), Figure("plain", [])
    for i in range(runs):
        for figure, project in ((bare, plain), (full, edition)):
            out = project.parent / f"out-{project.name}-{figure.name}"
            clean(out, out.parent / f"{out.name}.doctrees")
            sample, stderr = run(sphinx_html(project, out), project)
            figure.samples.append(sample)
            figure.warnings = stderr.count("WARNING")
            timing = f"{sample.wall:.2f} s, {sample.cpu:.2f} s CPU"
            print(f"  {figure.name} run {i + 1}/{runs}: {timing}")
    return full, bare


def paired_ratios(a: Figure, b: Figure) -> tuple[float, float, float, float]:
    """The median of the pairs' ratios a/b (wall, CPU), and the CPU ratios' least and most."""
    wall = [x.wall / y.wall for x, y in zip(a.samples, b.samples, strict=True)]
    cpu = [x.cpu / y.cpu for x, y in zip(a.samples, b.samples, strict=True)]
    return statistics.median(wall), statistics.median(cpu), min(cpu), max(cpu)


def incremental_html(project: Path, runs: int) -> Figure:
    out = project.parent / f"out-{project.name}-incremental"
    clean(out, out.parent / f"{out.name}.doctrees")
    run(sphinx_html(project, out), project)  # the build the rebuilds start from
    page = project / "source" / RITE_PAGE

    def touch() -> None:
        time.sleep(0.01)
        page.touch()

    return measure("incremental", runs, lambda: sphinx_html(project, out), project, touch)


def pdf(project: Path, runs: int) -> Figure:
    out = project.parent / "out-pdf"
    cmd = [sys.executable, "-m", "sphinx", "-M", "latexpdf", str(project / "source"), str(out)]
    cmd += ["-c", str(project), "-q", "--keep-going", "-n"]
    return measure("pdf", runs, lambda: cmd, project, lambda: clean(out))


# -- the projects: the edition, its plain-Sphinx twin, synthetic corpora ----------------------


def snapshot(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for name in SNAPSHOT:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.is_file():
            shutil.copy2(src, dest / name)
    return dest


FENCE_OPEN = re.compile(r"^(?P<fence>:{3,}|`{3,})\{(?P<name>[\w:-]+)\}\s*(?P<arg>.*)$")
FENCE_CLOSE = re.compile(r"^(?P<fence>:{3,}|`{3,})\s*$")
OPTION = re.compile(r"^:(?P<key>[\w-]+):\s*(?P<value>.*)$")
ROLE = re.compile(r"\{(?P<role>[a-z][a-z:-]*)\}`(?P<text>[^`]*)`")
#: a role whose text holds roles (``{ref-as}``{action}`揖`如初 <xs-0034>```), stripped first
OUTER_ROLE = re.compile(r"\{(?P<role>[a-z][a-z:-]*)\}``(?P<text>.+?)``")
CORE_DIRECTIVES = {"toctree", "only"}  # Sphinx's own: kept in the plain twin
SHOWN_OPTIONS = {"en", "title"}  # option values that the edition prints: kept as text


def _surface(match: re.Match[str]) -> str:
    if match["role"] == "doc":
        return match[0]
    text = match["text"].lstrip("!")
    return re.sub(r"\s*<[^<>]+>$", "", text)


def plain_markdown(text: str) -> str:
    """A page with the edition's directives and roles stripped: their text as plain paragraphs.

    Fences of Sphinx's own directives (toctree, only) stay; ``xs:`` fences and their options go,
    except the option values the edition prints (``:en:``, ``:title:``), kept as paragraphs.
    """
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # (fence, kept)
    in_options = False
    for line in text.splitlines():
        opened = FENCE_OPEN.match(line)
        closed = FENCE_CLOSE.match(line)
        if opened:
            kept = opened["name"] in CORE_DIRECTIVES
            stack.append((opened["fence"], kept))
            out.append(line if kept else "")
            in_options = not kept
            continue
        if closed and stack and stack[-1][0] == closed["fence"]:
            _, kept = stack.pop()
            out.append(line if kept else "")
            in_options = False
            continue
        if in_options:
            option = OPTION.match(line)
            if option:
                out.append(option["value"] + "\n" if option["key"] in SHOWN_OPTIONS else "")
                continue
            in_options = False
        out.append(ROLE.sub(_surface, OUTER_ROLE.sub(_surface, line)))
    return "\n".join(out) + "\n"


PLAIN_CONF = '''"""Plain Sphinx twin of the edition (tools/bench.py): no edition extension."""
project = "儀禮·鄉射禮"
author = "鄉射禮校注本編輯組"
copyright = "2026, 鄉射禮校注本編輯組"
version = release = "0.1.0"
extensions = ["myst_parser"]
myst_enable_extensions = ["colon_fence", "attrs_block", "attrs_inline", "deflist"]
language = "zh_TW"
root_doc = "index"
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "儀禮·鄉射禮"
html_static_path = ["_static"]
html_css_files = ["edition.css"]
html_permalinks_icon = "¶"
html_copy_source = False
html_theme_options = {"navigation_with_keys": True, "top_of_page_buttons": []}
'''


def plain_twin(edition: Path, dest: Path) -> Path:
    dest.mkdir(parents=True)
    (dest / "conf.py").write_text(PLAIN_CONF, encoding="utf-8")
    shutil.copytree(edition / "_static", dest / "_static")
    for page in sorted((edition / "source").rglob("*")):
        target = dest / "source" / page.relative_to(edition / "source")
        if page.is_dir():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if page.suffix == ".md":
            target.write_text(plain_markdown(page.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copy2(page, target)
    return dest


def _shift_ids(text: str, offset: int) -> str:
    return STEP_ID.sub(lambda m: OWN.step_id(int(m[1]) + offset), text)


def synthetic(edition: Path, dest: Path, copies: int) -> Path:
    """The edition with ``copies`` copies of every rite page: ids shifted by 600 per copy
    (``xs-0001`` → ``xs-0601`` …), phase, diagram and apparatus ids suffixed, and the
    registry, positions, pinyin and apparatus rows of each copy added to the copy's own edition
    folder (the engine has no data to touch)."""
    shutil.copytree(edition, dest, ignore=shutil.ignore_patterns("__pycache__"))
    if copies == 1:
        return dest
    if copies * 600 > 10_000:
        raise SystemExit("at most 16 copies (step ids have four digits)")
    rite = sorted((edition / "source" / "rite").glob("*.md"))
    data = dest / "source" / "_edition"
    # The rows and entries of the chapter, read once (not from the files as they grow).
    apparatus = (data / "apparatus.toml").read_text(encoding="utf-8")
    entries = re.split(r"(?m)^(?=\[\[entry\]\])", apparatus)[1:]
    step_rows = {
        name: [
            line
            for line in (data / name).read_text(encoding="utf-8").splitlines()
            if not line.startswith("#") and STEP_ID.search(line)
        ]
        for name in STEP_DATA
        if (data / name).is_file()
    }
    new_pages: list[str] = []
    for c in range(2, copies + 1):
        offset = (c - 1) * 600
        for page in rite:
            text = _shift_ids(page.read_text(encoding="utf-8"), offset)
            text = re.sub(r"(?m)^(:{3,}\{xs:(?:phase|diagram)\} )(\S+)", rf"\1\2-c{c}", text)
            text = re.sub(r"(?m)^\(([\w-]+)\)=$", rf"(\1-c{c})=", text)  # the page's label
            (dest / "source" / "rite" / f"{page.stem}-c{c}.md").write_text(text, encoding="utf-8")
            new_pages.append(f"rite/{page.stem}-c{c}")
        for name, rows in step_rows.items():
            with (data / name).open("a", encoding="utf-8") as fh:
                fh.write("".join(_shift_ids(row, offset) + "\n" for row in rows))
        copied = []
        for entry in entries:
            entry = _shift_ids(entry, offset)
            entry = re.sub(r'(?m)^id = "app-(\d+)"', rf'id = "app-c{c}-\1"', entry)
            copied.append(entry)
        apparatus += "\n" + "".join(copied)
    (data / "apparatus.toml").write_text(apparatus, encoding="utf-8")
    index = dest / "source" / "index.md"
    text = index.read_text(encoding="utf-8")
    last = [p.stem for p in rite][-1]
    text = text.replace(
        f"rite/{last}\n", f"rite/{last}\n" + "".join(f"{p}\n" for p in new_pages), 1
    )
    index.write_text(text, encoding="utf-8")
    return dest


# -- page weight -----------------------------------------------------------------------------


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and "stylesheet" in (a.get("rel") or "") and a.get("href"):
            self.assets.append(a["href"])
        if tag == "script" and a.get("src"):
            self.assets.append(a["src"])


FONT_SUFFIXES = {".woff2", ".woff", ".ttf", ".otf", ".eot"}


def page_weights(site: Path) -> dict[str, int]:
    """Every page of the site (both scripts' copies) → its weight: its HTML and the local CSS
    and JS it loads, fonts apart (``tests/test_page_weight.py`` holds each to the target)."""
    weights = {}
    for page in sorted(site.rglob("*.html")):
        if ".doctrees" in page.parts:
            continue
        parser = _Assets()
        parser.feed(page.read_text(encoding="utf-8"))
        total = page.stat().st_size
        for href in dict.fromkeys(parser.assets):
            if "://" in href or href.startswith("//"):
                continue
            asset = (page.parent / href.split("?")[0].split("#")[0]).resolve()
            if asset.is_file() and asset.suffix not in FONT_SUFFIXES:
                total += asset.stat().st_size
        weights[page.relative_to(site).as_posix()] = total
    return weights


def page_weight(site: Path) -> dict[str, object]:
    """The heaviest page (HTML + local CSS/JS it loads), the search index, fonts."""
    weights = page_weights(site)
    name = max(weights, key=lambda p: weights[p], default="")
    heaviest = (name, weights.get(name, 0), (site / name).stat().st_size if name else 0)
    search = {
        p.relative_to(site).as_posix(): p.stat().st_size
        # the whole index, all its parts (the search page loads the head, a query the rest)
        for p in [*site.glob("searchindex.js"), *site.glob("_static/xs-search-*.js")]
    }
    fonts = sum(p.stat().st_size for p in site.rglob("*") if p.suffix.lower() in FONT_SUFFIXES)
    return {
        "page": heaviest[0],
        "page_total": heaviest[1],
        "page_html": heaviest[2],
        "search": search,
        "search_total": sum(search.values()),
        "fonts": fonts,
    }


# -- the report ------------------------------------------------------------------------------


def _version(module: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(module)
    except PackageNotFoundError:
        return "absent"


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    xetex = "absent"
    if shutil.which("xelatex"):
        first = subprocess.run(["xelatex", "--version"], capture_output=True, text=True).stdout
        xetex = first.splitlines()[0] if first else "present"
    load = os.getloadavg()
    return (
        f"- {os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}; "
        f"load average at the start {load[0]:.1f}\n"
        f"- Python {platform.python_version()}, Sphinx {_version('sphinx')}, "
        f"docutils {_version('docutils')}, MyST-Parser {_version('myst-parser')}, "
        f"furo {_version('furo')}\n"
        f"- {xetex}\n"
    )


def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def kb(n: float) -> str:
    return f"{n / 1000:,.0f} kB"


def live_steps() -> int:
    """How many steps the edition has: the live ids of its registry."""
    path = OWN.path("registry")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    return sum(1 for r in rows if len(r) > 3 and not r[0].startswith("#") and r[3] == "live")


def report(figures: dict[str, Figure], weight: dict[str, object], runs: int, notes: str) -> str:
    a, b = figures["full"], figures["plain"]
    pdf_runs = len(figures["pdf"].samples) if "pdf" in figures else 0
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`tools/bench.py`); not a test. Medians of "
        f"{runs} runs per figure (the PDF: {pdf_runs}),"
        " wall-clock and CPU seconds (CPU: of the build processes, LaTeX included; a busy"
        " machine inflates wall time more than CPU time). Ratios are given for both medians,"
        " with the CPU ratio beside; the targets are judged on the CPU ratios, which a machine"
        " shared with other work disturbs least.",
        "",
        "## Machine",
        "",
        machine(),
        "## Builds",
        "",
        "| | build | wall s | CPU s | ratio (wall) | ratio (CPU) | target |",
        "|---|---|---:|---:|---:|---:|---|",
    ]

    def row(key: str, label: str, base: Figure | None, target: str = "") -> None:
        f = figures.get(key)
        if f is None:
            return
        r_wall = f"{f.wall / base.wall:.2f}×" if base else ""
        r_cpu = f"{f.cpu / base.cpu:.2f}×" if base else ""
        lines.append(
            f"| {label} | {f.name} | {f.wall:.2f} | {f.cpu:.2f} | {r_wall} | {r_cpu} | {target} |"
        )

    full_ok = a.cpu / b.cpu <= TARGETS["full_vs_plain"]
    row("plain", "(b) plain Sphinx, same text", None)
    row("full", "(a) edition, full HTML", b, f"≤ 3× (b): {verdict(full_ok)}")
    inc = figures["incremental"]
    inc_ok = inc.cpu / a.cpu <= TARGETS["incremental_vs_full"]
    row(
        "incremental",
        f"(c) rebuild after touching `{RITE_PAGE}`",
        a,
        f"≤ 25% of (a): {verdict(inc_ok)}",
    )
    row("j2", "(d) full HTML, `-j 2`", a)
    row(
        "pages",
        "(h) full HTML without the Simplified copy, TEI and DTS (`-D xs_simplified=0 …`)",
        b,
    )
    if "data_on" in figures and "data_off" in figures:
        off = figures["data_off"]
        data_ok = figures["data_on"].cpu / off.cpu <= TARGETS["data_cost"]
        row("data_off", "(g) full HTML without TEI and DTS (`-D xs_tei=0 -D xs_dts=0`)", None)
        row(
            "data_on",
            "(g') the same runs' pairs, with them",
            off,
            f"≤ 1.15× (g): {verdict(data_ok)}",
        )
    row("pdf", "(e) PDF (`-M latexpdf`)", a)
    if len(a.samples) == len(b.samples):
        wall, cpu, low, high = paired_ratios(a, b)
        lines += [
            "",
            f"(a)/(b) in {len(a.samples)} alternating pairs: median of the pairs' ratios"
            f" {wall:.2f}× (wall), {cpu:.2f}× (CPU); the CPU ratios ranged {low:.2f}–{high:.2f}×.",
        ]
        if all(x.system for x in a.samples):
            user = statistics.median(
                (x.cpu - x.system) / (y.cpu - y.system)
                for x, y in zip(a.samples, b.samples, strict=True)
            )
            system = statistics.median(x.system for x in a.samples)
            plain_system = statistics.median(y.system for y in b.samples)
            lines += [
                "",
                f"Of the CPU, the kernel's (creating and writing the files: the edition's site"
                f" has {weight.get('files', '?')}, plain Sphinx's {weight.get('plain_files', '?')})"
                f" took {system:.2f} s in the edition's build and {plain_system:.2f} s in plain"
                f" Sphinx's (medians); the pairs' ratio of the CPU outside the kernel: {user:.2f}×."
                " On a VM the kernel's part varies most from run to run.",
            ]
    lines += ["", "## Growth with the corpus (f)", ""]
    lines += [
        "| corpus | steps | wall s | CPU s | × the 1× (wall) | × the 1× (CPU) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    one = figures.get("scale-1")
    for key in sorted((k for k in figures if k.startswith("scale-")), key=lambda k: int(k[6:])):
        f, n = figures[key], int(key[6:])
        lines.append(
            f"| {n}× | {live_steps() * n} | {f.wall:.2f} | {f.cpu:.2f} "
            f"| {f.wall / one.wall:.2f}× | {f.cpu / one.cpu:.2f}× |"
        )
    if "scale-16" in figures and one:
        ok = figures["scale-16"].cpu / one.cpu <= TARGETS["scale16_vs_1"]
        lines += ["", f"Target: 16× ≤ 18× the 1× time: {verdict(ok)}."]
    page_ok = weight["page_total"] <= TARGETS["largest_page"]
    search_ok = weight["search_total"] <= TARGETS["search_index"]
    fonts_ok = weight["fonts"] <= TARGETS["fonts"]
    parts = weight["search"]
    head = {k: v for k, v in parts.items() if not re.search(r"xs-search-[gd]\d\d\.js$", k)}
    search_parts = ", ".join(f"`{k}` {kb(v)}" for k, v in sorted(head.items()))
    if len(parts) > len(head):
        rest = [v for k, v in parts.items() if k not in head]
        search_parts += (
            f" (loaded by the page); {len(rest)} parts fetched by queries,"
            f" {kb(min(rest))}–{kb(max(rest))} each"
        )
    lines += [
        "",
        "## Page weight (the edition's site)",
        "",
        "| | bytes | target |",
        "|---|---:|---|",
        f"| largest page, HTML + CSS + JS (`{weight['page']}`; "
        f"its HTML alone {kb(weight['page_html'])}) "
        f"| {kb(weight['page_total'])} | ≤ 400 kB: {verdict(page_ok)} |",
        f"| search index ({search_parts}) | {kb(weight['search_total'])} "
        f"| ≤ 1 MB: {verdict(search_ok)} |",
        f"| fonts shipped | {kb(weight['fonts'])} | ≤ 2 MB: {verdict(fonts_ok)} |",
        "",
        "Bytes as served, uncompressed (a server's gzip or brotli makes the HTML several times"
        " smaller on the wire).",
        "",
    ]
    warnings = {k: f.warnings for k, f in figures.items() if f.warnings}
    if warnings:
        lines += [
            "Warnings in the measured builds (counted, not failing them): "
            + ", ".join(f"{k} {n}" for k, n in warnings.items())
            + ".",
            "",
        ]
    if notes:
        lines += ["## Notes", "", notes.strip(), ""]
    return "\n".join(lines)


NOTES_MARK = "<!-- notes: kept by tools/bench.py -->"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pdf-runs", type=int, default=5)
    parser.add_argument("--scales", default="1,4,16")
    parser.add_argument("--no-pdf", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "BENCHMARKS.md")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args(argv)

    # Hand-written notes (profiles, explanations) below the mark survive a re-run.
    notes = ""
    if args.out.is_file():
        old = args.out.read_text(encoding="utf-8")
        if NOTES_MARK in old:
            notes = old.split(NOTES_MARK, 1)[1]

    work = Path(tempfile.mkdtemp(prefix="xs-bench-"))
    try:
        edition = snapshot(work / "edition")
        plain = plain_twin(edition, work / "plain")
        figures: dict[str, Figure] = {}
        print("(a) edition, full HTML, and (b) plain Sphinx, paired runs")
        figures["full"], figures["plain"] = paired_full_plain(edition, plain, args.runs)
        weight = page_weight(work / "out-edition-full")
        weight["files"] = sum(1 for f in (work / "out-edition-full").rglob("*") if f.is_file())
        weight["plain_files"] = sum(1 for f in (work / "out-plain-plain").rglob("*") if f.is_file())
        print("(c) incremental")
        figures["incremental"] = incremental_html(edition, args.runs)
        print("(d) -j 2")
        figures["j2"] = full_html(edition, args.runs, "j2", "-j", "2")
        print("(h) without the Simplified copy, TEI and DTS")
        figures["pages"] = full_html(edition, args.runs, "pages", *PAGES_ONLY)
        print("(g) the TEI file and the DTS API's cost, paired runs")
        figures["data_on"], figures["data_off"] = paired_data_cost(edition, args.runs)
        if not args.no_pdf and shutil.which("xelatex") and shutil.which("latexmk"):
            print("(e) PDF")
            figures["pdf"] = pdf(edition, args.pdf_runs)
        for n in (int(s) for s in args.scales.split(",") if s):
            print(f"(f) {n}× corpus")
            project = synthetic(edition, work / f"scale{n}", n)
            figures[f"scale-{n}"] = full_html(project, args.runs, f"{n}×")
        text = report(figures, weight, args.runs, "")
        args.out.write_text(text + "\n" + NOTES_MARK + notes, encoding="utf-8")
        print(f"wrote {args.out}")
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
