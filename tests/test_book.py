"""The book's design comes from the engine (``latex/book.py``), filled from the configuration:
a project's own ``latex_elements`` key wins, its other keys stay the engine's, and the values
that drive the design are checked when the configuration is read."""

from __future__ import annotations

import re

import pytest
from ritual.config import VALUES
from ritual.latex.book import Title, split_title
from sphinx.testing.util import SphinxTestApp


def test_the_title_in_its_parts() -> None:
    assert split_title(
        "儀禮·鄉射禮：彙校譯注本 (The Village Archery Rite: a critical edition)"
    ) == (
        Title(
            "儀禮·鄉射禮：彙校譯注本",
            "儀禮",
            "鄉射禮",
            "彙校譯注本",
            "The Village Archery Rite: a critical edition",
        )
    )
    # no collection, no subtitle, no English: the work alone
    assert split_title("大射") == Title("大射", "", "大射", "", "")


@pytest.mark.sphinx(
    "latex",
    testroot="steps",
    confoverrides={
        "xs_edition_title": "儀禮·燕禮：試印本 (The Banquet Rite: a trial)",
        "xs_latex_paper": [148, 210],
        "xs_plan_print_box": [300, 400],
        "xs_latex_keywords": ["燕禮", "100% test_words"],
    },
)
def test_the_design_is_made_from_the_values(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    tex = (app.outdir / "projectnamenotset.tex").read_text(encoding="utf-8")
    # the text width as the outer margin it leaves (148 − 21 − 300 pt), Sphinx's hmargin beside
    assert "paperwidth=148mm,paperheight=210mm,outer=21.56mm,inner=21mm," in tex
    assert "\\def\\xsseries{儀禮}" in tex and "\\def\\xsworktitle{燕禮}" in tex
    assert "pdftitle={儀禮·燕禮：試印本}" in tex
    assert "pdfkeywords={燕禮, 100\\% test\\_words}" in tex  # escaped
    assert "pdfsubject" not in tex  # none given: none written
    assert "\\def\\sphinxdocclass{book}" in tex


@pytest.mark.sphinx(
    "latex",
    testroot="steps",
    confoverrides={
        "latex_elements": {"fontpkg": "% the project's fonts\n"},
        "latex_docclass": {"manual": "report"},
    },
)
def test_a_key_of_the_project_wins(app: SphinxTestApp) -> None:
    app.build()
    tex = (app.outdir / "projectnamenotset.tex").read_text(encoding="utf-8")
    assert "% the project's fonts" in tex and "NotoSerifCJK" not in tex
    assert "\\def\\sphinxdocclass{report}" in tex
    # the rest is still the engine's
    assert "paperwidth=185mm,paperheight=260mm,outer=36.07mm," in tex
    assert "\\usepackage{ritual}" in tex and "\\xsmaketitle" in tex


@pytest.mark.sphinx("latex", testroot="steps")
def test_the_site_indices_are_left_out_of_the_book(app: SphinxTestApp) -> None:
    """The term indices' entries link to the site's headword pages; the book prints its own
    (xs:indexes). Sphinx's default (every domain index) keeps every other domain's."""
    indices = app.config.latex_domain_indices
    assert isinstance(indices, list) and "py-modindex" in indices
    assert not [name for name in indices if name.startswith("xs-")]
    app.build()
    tex = (app.outdir / "projectnamenotset.tex").read_text(encoding="utf-8")
    assert "\\begin{xsindex}{器物索引}" in tex and "sphinxtheindex" not in tex


@pytest.mark.sphinx("latex", testroot="steps", confoverrides={"latex_domain_indices": ["xs-role"]})
def test_a_list_of_indices_is_the_projects_choice(app: SphinxTestApp) -> None:
    assert set(app.config.latex_domain_indices) == {"xs-role"}


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("xs_latex_paper", [185], "xs_latex_paper must be \\[width, height\\] in mm"),
        ("xs_latex_paper", [185, -1], "xs_latex_paper must be"),
        ("xs_latex_paper", [185, True], "xs_latex_paper must be"),
        ("xs_latex_keywords", ["儀禮", 5], "xs_latex_keywords must be a list of words"),
        ("xs_latex_subject", 5, "xs_latex_subject must be str"),
    ],
)
def test_bad_values_are_warned_and_the_default_used(
    make_app, rootdir, tmp_path, name: str, value, message: str
) -> None:
    """A bad value of the book's design is a located ``bad_config`` warning, and the build goes
    on with the value's default (as every other ``xs_*`` value: one slip, every problem said)."""
    app = make_app(
        "latex", srcdir=rootdir / "test-steps", builddir=tmp_path, confoverrides={name: value}
    )
    warnings = app._warning.getvalue()
    assert re.search(message, warnings), warnings
    assert "[xs.bad_config]" in warnings
    default = next(v.default for v in VALUES if v.name == name)
    assert app.config[name] == (
        [float(v) for v in default] if name == "xs_latex_paper" else default
    )
