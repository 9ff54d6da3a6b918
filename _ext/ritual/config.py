"""Every configuration value of the engine, declared once, and checked when the config is read.

All values are prefixed ``xs_`` (the engine's domain). A bad value is said at ``config-inited``,
at its line of conf.py (``xs.bad_config``), and its default is used — before any page is read,
rather than surfacing later as a puzzling warning, and without stopping the build: Sphinx
answers an error raised there with a traceback and a request to report it, and the build would
not go on to report the rest. (``-W`` still fails the build.) The edition folder is resolved
and read here too (:mod:`.edition`), because the term roles and indices it declares must be
registered before reading begins (:func:`.terms.register_kinds`). An edition that cannot be
used (no ``edition.toml``, nothing of it readable, its step ids' form or its kinds of term not
given: :class:`~.edition.EditionError`) leaves nothing to build: it is said as an error at its
file and line (``xs.bad_edition``) and the build stops with status 2 (:func:`_stop`), as
``tools/cli.py`` stops a tool — not raised as a :class:`~sphinx.errors.ConfigError`, which
Sphinx 9's ``sphinx-build`` prints, as it prints every exception, as a crash: a traceback, the
versions, and a request to report it to the Sphinx developers.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from sphinx.application import Sphinx
from sphinx.config import Config

from .core.datafile import is_positive
from .core.edition import EditionError, load_edition
from .events import EDITION_LOADED
from .plan_inputs import import_drawer
from .warnings import WARNING_TYPE, XsWarning, file_location, logger, warn


class Value(NamedTuple):
    """One configuration value: its name, default, what it invalidates, its type, and why."""

    name: str
    default: Any
    rebuild: str
    types: tuple[type, ...]
    doc: str


VALUES = (
    Value(
        "xs_edition",
        "_edition",
        "env",
        (str,),
        "the edition folder (relative to the source folder)",
    ),
    Value("xs_editions", {}, "env", (dict,), "other editions, name → folder, for shared data"),
    Value("xs_edition_title", "", "env", (str,), "the edition's full title, as cited"),
    Value("xs_base_text", "", "env", (str,), "what the base text is, in a sentence"),
    Value("xs_check_registry", True, "env", (bool,), "warn about steps the registry does not know"),
    Value("xs_base_url", "", "env", (str,), "the canonical address of the site (absolute http(s))"),
    Value("xs_release_date", "", "env", (str,), "the date of this version (YYYY-MM-DD)"),
    Value(
        "xs_license", "CC BY-SA 4.0", "env", (str,), "the licence of the edition's text and data"
    ),
    Value(
        "xs_license_url",
        "https://creativecommons.org/licenses/by-sa/4.0/",
        "env",
        (str,),
        "the licence's address",
    ),
    Value(
        "xs_tei",
        True,
        "html",
        (bool,),
        "write the edition as TEI P5 (tei/<edition id>.xml) after an HTML build",
    ),
    Value(
        "xs_dts",
        True,
        "html",
        (bool,),
        "write the static DTS 1.0 API (api/dts/) from the TEI document (needs xs_tei)",
    ),
    Value("xs_search_page", "search", "html", (str,), "the document that holds the search form"),
    Value("xs_search_ngram", 2, "html", (int,), "the longest character n-gram indexed"),
    Value(
        "xs_commentary_bases",
        ["注"],
        "env",
        (list, tuple),
        "the bases (of a formula, a position) that name the commentary of commentary.tsv: "
        "a quotation under one links to the note that holds it",
    ),
    Value("xs_pinyin", True, "html", (bool,), "pinyin of rare characters on hover (HTML)"),
    Value(
        "xs_plan_print_box",
        [364.0, 440.0],
        "env",
        (list, tuple),
        "the box (width, height in pt) a plan is printed in: the book's text width, and the "
        "height a plan may take above its caption",
    ),
    Value(
        "xs_latex_paper",
        [185.0, 260.0],
        "",
        (list, tuple),
        "the book's paper (width, height in mm): 16開 (185 × 260 mm), the customary format of "
        "Chinese scholarly editions of the classics with apparatus",
    ),
    Value("xs_latex_subject", "", "", (str,), "the book's subject (the PDF's properties)"),
    Value("xs_latex_keywords", [], "", (list, tuple), "the book's keywords (the PDF's properties)"),
    Value(
        "xs_plan_drawers",
        {},
        "env",
        (dict,),
        "more furnishing drawers for the plans: kind → 'module:function'",
    ),
    Value(
        "xs_vertical_name",
        "",
        "env",
        (str,),
        "the vertical book's file name (default: <edition id>-zhipai)",
    ),
    Value(
        "xs_vertical_paper",
        "a5",
        "env",
        (str,),
        "the vertical book's paper: a jlreq paper name (a5, b5 …)",
    ),
    Value(
        "xs_vertical_size",
        14.0,
        "env",
        (int, float),
        "the size of the 經 in the vertical book (pt)",
    ),
    Value(
        "xs_vertical_cells",
        22,
        "env",
        (int,),
        "the characters of the 經 in a column of the vertical book",
    ),
    Value("xs_vertical_lines", 10, "env", (int,), "the columns of a page of the vertical book"),
    Value(
        "xs_vertical_baiwen",
        False,
        "env",
        (bool,),
        "the vertical book without modern punctuation (無標點本), its 注 kept",
    ),
    Value(
        "xs_vertical_pdf_title",
        "",
        "env",
        (str,),
        "the vertical book's PDF title (document properties); default: xs_edition_title",
    ),
    Value(
        "xs_vertical_pdf_subject",
        "",
        "env",
        (str,),
        "the vertical book's PDF subject (document properties; its author is ``author``)",
    ),
    Value(
        "xs_vertical_commentary",
        True,
        "env",
        (bool,),
        "print the edition's 注 as 雙行夾注 in the vertical book",
    ),
    Value(
        "xs_vertical_title",
        "",
        "env",
        (str,),
        "the vertical book's title (版心, title page); default: the edition's label",
    ),
    Value(
        "xs_vertical_title_right",
        "",
        "env",
        (str,),
        "the right column of the vertical book's title page",
    ),
    Value(
        "xs_vertical_title_left",
        "",
        "env",
        (str,),
        "the left column of the vertical book's title page",
    ),
    Value(
        "xs_vertical_colophon",
        [],
        "env",
        (list, tuple),
        "the vertical book's colophon (牌記): [label, text] pairs",
    ),
    Value(
        "xs_vertical_head",
        [],
        "env",
        (list, tuple),
        "the vertical book's 首題, the columns that open its text: each a list of words, "
        "spread along the column (['儀禮卷第一'], ['士冠禮第一', '儀禮', '鄭氏注'])",
    ),
    Value(
        "xs_vertical_tail",
        [],
        "env",
        (list, tuple),
        "the vertical book's 尾題, the columns that close its text (as xs_vertical_head)",
    ),
    Value(
        "xs_vertical_counts",
        True,
        "env",
        (bool,),
        "after the 尾題, the count of the characters of the 經 and the 注 (經N字 注N字)",
    ),
    Value(
        "xs_vertical_conventions",
        [],
        "env",
        (list, tuple),
        "the vertical book's 凡例, after its title page: [label, text] pairs (the witnesses' "
        "sigla are added from the sigla table)",
    ),
)


def conf_location(app: Sphinx, name: str) -> str:
    """``conf.py:<line>`` of the line that sets ``name`` last (line 1 if it is not set there: the
    default, or ``-D``), for warnings about a configuration value."""
    path = Path(app.confdir) / "conf.py"
    line = 1
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        # the last assignment: the one Python keeps
        found = list(re.finditer(rf"^{re.escape(name)}\s*=", text, re.M))
        if found:
            line = text.count("\n", 0, found[-1].start()) + 1
    return f"{path}:{line}"


def setup_config(app: Sphinx) -> None:
    """Declare every value (from ``setup()``); check them once the config is read."""
    for value in VALUES:
        app.add_config_value(
            value.name,
            value.default,
            value.rebuild,  # type: ignore[arg-type]
            value.types,
            value.doc,
        )
    app.connect("config-inited", check_config, priority=100)


def _is_date(text: str) -> bool:
    """Whether ``text`` is a calendar date written YYYY-MM-DD (2026-13-45 is not: citations
    publish it)."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _stop(message: str, location: str) -> NoReturn:
    """Say why the edition cannot be built, at its file and line, and stop the build.

    Sphinx 9's ``sphinx-build`` catches every ``Exception`` (a :class:`~sphinx.errors.ConfigError`
    or :class:`~sphinx.errors.ExtensionError` raised at ``config-inited`` among them) and prints
    it as a crash report (the versions, the last messages, a "Traceback" block, the traceback
    saved to a file, "To report this error to the developers…"), though the error is the
    edition's, not Sphinx's. The message is logged as an error instead (``<file>:<line>: ERROR:
    … [xs.bad_edition]``, like every warning of the engine) and :class:`SystemExit` ends the
    build with Sphinx's own status for a failed build (2): ``sphinx-build`` lets it pass, and
    prints nothing more."""
    logger.error(message, type=WARNING_TYPE, subtype=XsWarning.BAD_EDITION.value, location=location)
    raise SystemExit(2)


def _refuse(app: Sphinx, config: Config, name: str, message: str) -> None:
    """Say a bad value at its line of conf.py and use the value's default instead."""
    default = next(v.default for v in VALUES if v.name == name)
    warn(
        f"{message}; the default {default!r} is used",
        XsWarning.BAD_CONFIG,
        conf_location(app, name),
    )
    config[name] = default


def check_config(app: Sphinx, config: Config) -> None:
    """``config-inited``: types, forms and the edition folder; relative paths made absolute."""
    for value in VALUES:
        if not isinstance(config[value.name], value.types):
            _refuse(
                app,
                config,
                value.name,
                f"{value.name} must be {' or '.join(t.__name__ for t in value.types)}, "
                f"not {config[value.name]!r}",
            )
    base = config.xs_base_url
    if base:
        if not re.match(r"^https?://[^/]+", base):
            _refuse(
                app,
                config,
                "xs_base_url",
                f"xs_base_url must be an absolute http(s) URL, not {base!r}",
            )
        elif not base.endswith("/"):
            config.xs_base_url = base + "/"
    if config.xs_release_date and not _is_date(config.xs_release_date):
        _refuse(
            app,
            config,
            "xs_release_date",
            f"xs_release_date must be a real date, YYYY-MM-DD, not {config.xs_release_date!r}",
        )
    if config.xs_release_date and not config.today:
        # The books' title page (LaTeX's \date) and |today| give the version's date, never the
        # day the book happened to be built (a rebuild must not change the book).
        config.today = config.xs_release_date
    for name, unit in (("xs_plan_print_box", "pt"), ("xs_latex_paper", "mm")):
        if not _is_measure(config[name]):
            _refuse(
                app, config, name, f"{name} must be [width, height] in {unit}, not {config[name]!r}"
            )
        config[name] = [float(v) for v in config[name]]
    if not all(isinstance(word, str) for word in config.xs_latex_keywords):
        _refuse(
            app,
            config,
            "xs_latex_keywords",
            f"xs_latex_keywords must be a list of words, not {config.xs_latex_keywords!r}",
        )
    for name, message in _vertical_problems(config):
        _refuse(app, config, name, message)
    if config.xs_search_ngram < 1:
        _refuse(
            app,
            config,
            "xs_search_ngram",
            f"xs_search_ngram must be at least 1, not {config.xs_search_ngram}",
        )
    src = Path(app.srcdir)
    config.xs_editions = {
        str(name): str((src / folder).resolve()) for name, folder in config.xs_editions.items()
    }
    config.xs_edition = str((src / config.xs_edition).resolve())
    _check_drawers(app, config)
    try:
        edition = load_edition(config.xs_edition, config.xs_editions)
    except EditionError as exc:
        _stop(f"{exc} (xs_edition = {config.xs_edition!r})", file_location(str(exc.path), exc.line))
    # What is registered from the edition before reading (its domain, its kinds' roles and
    # indices, the book's design) is told of it here, so that it is loaded once (events.py).
    app.emit(EDITION_LOADED, config, edition)


def _is_measure(pair: object) -> bool:
    """A width and a height (``xs_plan_print_box``, ``xs_latex_paper``): two positive numbers."""
    return isinstance(pair, list | tuple) and len(pair) == 2 and all(is_positive(v) for v in pair)


def _is_words(column: object) -> bool:
    """A 首題's or 尾題's column: a list of words, none of them blank."""
    return (
        isinstance(column, list | tuple)
        and bool(column)
        and all(isinstance(v, str) and v.strip() for v in column)
    )


def _is_labelled(item: object) -> bool:
    """An item of the colophon or the 凡例: a [label, text] pair."""
    return (
        isinstance(item, list | tuple) and len(item) == 2 and all(isinstance(v, str) for v in item)
    )


#: The vertical book's lists of config values, what each item must be, and how a warning says so.
_VERTICAL_LISTS = (
    (("xs_vertical_head", "xs_vertical_tail"), _is_words, "columns, each a list of words"),
    (("xs_vertical_colophon", "xs_vertical_conventions"), _is_labelled, "[label, text] pairs"),
)


def _vertical_problems(config: Config) -> list[tuple[str, str]]:
    """The vertical book's measures: a column of at least 8 cells, at least 4 columns a page,
    a type size from 8 to 28 pt, a paper jlreq knows by name, [label, text] colophon pairs,
    首題 and 尾題 columns of words."""
    out = []
    if config.xs_vertical_cells < 8:
        out.append(
            (
                "xs_vertical_cells",
                f"xs_vertical_cells must be at least 8, not {config.xs_vertical_cells}",
            )
        )
    if config.xs_vertical_lines < 4:
        out.append(
            (
                "xs_vertical_lines",
                f"xs_vertical_lines must be at least 4, not {config.xs_vertical_lines}",
            )
        )
    size = config.xs_vertical_size
    if isinstance(size, bool) or not 8 <= size <= 28:
        out.append(
            ("xs_vertical_size", f"xs_vertical_size must be from 8 to 28 (pt), not {size!r}")
        )
    if not re.fullmatch(r"(a|b)[3-7]|b[3-7]j|letter", config.xs_vertical_paper):
        out.append(
            (
                "xs_vertical_paper",
                "xs_vertical_paper must be a paper jlreq names (a4, a5, b5, b5j …), "
                f"not {config.xs_vertical_paper!r}",
            )
        )
    for names, fits, what in _VERTICAL_LISTS:
        for name in names:
            bad = [item for item in config[name] if not fits(item)]
            if bad:
                out.append((name, f"{name} must hold {what}, not {bad[0]!r}"))
    return out


def _check_drawers(app: Sphinx, config: Config) -> None:
    """A plan drawer that cannot be imported is reported and left out."""
    kept = {}
    for kind, target in config.xs_plan_drawers.items():
        try:
            import_drawer(target)
        except (ImportError, AttributeError, ValueError) as exc:
            warn(
                f"xs_plan_drawers: the drawer {target!r} of furnishing kind {kind!r} cannot be "
                f"imported ({exc}); it is left out",
                XsWarning.BAD_EDITION,
                conf_location(app, "xs_plan_drawers"),
            )
            continue
        kept[kind] = target
    config.xs_plan_drawers = kept
