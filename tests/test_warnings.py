"""Bad input gives a located warning of its own subtype, and the build goes on."""

from __future__ import annotations

import re

import pytest
from sphinx.testing.util import SphinxTestApp

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def warnings_of(app: SphinxTestApp) -> list[str]:
    """Warning lines with the source directory cut off: ``bad.md:17: WARNING: … [xs.…]``."""
    text = ANSI.sub("", app.warning.getvalue())
    return [line.replace(f"{app.srcdir}/", "") for line in text.splitlines() if line.strip()]


@pytest.mark.sphinx("html", testroot="warnings")
def test_each_bad_input_is_located_and_typed(app: SphinxTestApp) -> None:
    app.build()
    assert sorted(warnings_of(app)) == sorted(
        [
            "bad.md:3: WARNING: step 'xs-0009' stands before any phase of its document "
            "[xs.step_outside_phase]",
            "bad.md:17: WARNING: duplicate step id 'xs-0001', also declared at bad:13 "
            "[xs.duplicate_step]",
            "bad.md:21: WARNING: step 'xs-0002' has no text [xs.empty_step]",
            "bad.md:32: WARNING: step id 'step-5' is not of the form xs-NNNN [xs.bad_step_id]",
            "bad.md:24: WARNING: step 'xs-0003' is not in the step registry (step-registry.tsv) "
            "[xs.unregistered_step]",
            "bad.md:28: WARNING: step 'xs-0004' no longer carries the text it was published "
            "with (fingerprint e8402d2c76a3 ≠ 89093868ced2): check the markup near line 28 of "
            "bad.md first (a fence left open, text moved into or out of the step); only if the "
            "text itself has changed, give it a new id and retire this one in the registry "
            "[xs.step_moved]",
            "bad.md:36: WARNING: unknown step 'xs-0099' [xs.unknown_step]",
        ]
    )


@pytest.mark.sphinx("html", testroot="warnings")
def test_retired_id_resolves_to_its_replacement(app: SphinxTestApp) -> None:
    app.build()
    html = (app.outdir / "bad.html").read_text(encoding="utf-8")
    # xs-0100 is retired in favour of xs-0001, which is step number 2 of the document.
    assert re.search(
        r'<a class="reference internal" href="#xs-0001"[^>]*>'
        r'<span class="xs-stepref">2</span></a>',
        html,
    )
    inventory = {name for name, *_ in app.env.get_domain("xs").get_objects()}
    assert "xs-0100" in inventory


@pytest.mark.sphinx(
    "html",
    testroot="warnings",
    confoverrides={"suppress_warnings": ["xs.unregistered_step", "xs.step_moved"]},
)
def test_subtypes_can_be_suppressed(app: SphinxTestApp) -> None:
    app.build()
    lines = warnings_of(app)
    assert not [line for line in lines if "registry" in line or "published" in line]
    assert any("[xs.duplicate_step]" in line for line in lines)
