"""MyST and reStructuredText give the same edition: each directive and role, written in both
markups (``roots/test-parity``: the same step, translation and plan twice), gives the same
records in the domain and the same HTML."""

from __future__ import annotations

import re

import pytest
from sphinx.testing.util import SphinxTestApp


def _step_html(html: str, step_id: str) -> str:
    """The step's markup, from its ``<div>`` to the plan that follows it."""
    start = html.index(f'<div class="xs-step" data-step="{step_id}"')
    return html[start : html.index('<figure class="xs-diagram"', start)]


@pytest.mark.sphinx("html", testroot="parity")
def test_myst_and_rest_give_the_same_step(app: SphinxTestApp) -> None:
    app.build()
    assert app.warning.getvalue() == ""
    domain = app.env.get_domain("xs")
    md, rst = domain.steps["xs-0001"], domain.steps["xs-0002"]
    for field in ("text", "translation", "translation_source", "annotations", "base_text"):
        assert getattr(md, field) == getattr(rst, field), field
    assert md.text == "主人戒賓，賓出迎，拜。"
    assert [(a.kind, a.term, a.negated) for a in md.annotations][-1] == ("action", "拜", True)
    assert domain.phases["jie-bin"].title_en == domain.phases["chen-she"].title_en
    myst = (app.outdir / "myst.html").read_text(encoding="utf-8")
    rest = (app.outdir / "rest.html").read_text(encoding="utf-8")
    a = _step_html(myst, "xs-0001").replace("xs-0001", "ID").replace("fig-myst", "FIG")
    b = _step_html(rest, "xs-0002").replace("xs-0002", "ID").replace("fig-rest", "FIG")

    def numbers(html: str) -> str:
        """The display numbers differ (the second step is 2, §2.1): nothing else may."""
        html = re.sub(r"§\d+\.\d+", "§", html)
        html = re.sub(r"第 ?\d+ ?節", "第N節", html)
        html = re.sub(r'data-n="\d+"', 'data-n="N"', html)
        return re.sub(r'(class="xs-num-global">)\d+<', r"\1N<", html)

    assert numbers(a) == numbers(b)


@pytest.mark.sphinx("html", testroot="parity")
def test_myst_and_rest_give_the_same_plan(app: SphinxTestApp) -> None:
    app.build()
    diagrams = app.env.get_domain("xs").data["diagrams"]
    md, rst = diagrams["fig-myst"], diagrams["fig-rest"]
    assert (md.view, md.extra, md.title) == (rst.view, rst.extra, rst.title)
    assert md.caption.replace("1", "N") == rst.caption.replace("2", "N")
