"""Linking from another project: a second Sphinx project resolves steps through intersphinx,
reading the edition's built ``objects.inv`` from a local path."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

BASE = "https://example.org/xiangsheli/"


@pytest.mark.edition
def test_consumer_links_resolve_to_step_anchors(
    edition: dict, edition_html: Path, rootdir: Path, tmp_path: Path, make_app
) -> None:
    src = tmp_path / "consumer"
    shutil.copytree(rootdir / "test-intersphinx-consumer", src)
    app: SphinxTestApp = make_app(
        "html",
        srcdir=src,
        confoverrides={
            "intersphinx_mapping": {
                "xiangsheli": (BASE, str(edition_html / "objects.inv")),
            }
        },
    )
    app.build()
    warnings = app.warning.getvalue()
    assert "not found" not in warnings and "undefined" not in warnings, warnings
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="reference external" href="([^"]+)"', page)
    url = {s["id"]: BASE + s["url"] for s in edition["steps"]}
    phase_doc = next(s["url"] for s in edition["steps"] if s["section"] == "jie-bin")
    assert links[0] == url["xs-0017"]  # {external+xiangsheli:xs:step}
    assert links[1] == url["xs-0001"]  # {external:xs:step}
    assert links[2] == url["xs-0545"]  # {xs:step}, resolved by intersphinx
    assert links[3].startswith(BASE + phase_doc.split("#")[0] + "#")  # a phase
    assert links[4] == url["xs-0017"]  # std:label, no extension needed
    # The links read as the edition cites: 「第 17 節（xs-0017）」, 「第 31 節注（xs-0031-z1）」.
    texts = re.findall(r'<a class="reference external" href="[^"]+"[^>]*>(.*?)</a>', page)
    assert re.sub(r"<[^>]+>", "", texts[0]) == "第 17 節（xs-0017）"
    assert re.sub(r"<[^>]+>", "", texts[5]) == "第 31 節注（xs-0031-z1）"
    note = next(z for s in edition["steps"] for z in s["commentary"] if z["id"] == "xs-0031-z1")
    assert note["start"] == 0  # a note of the 注, on its step's page, at its own anchor
    assert links[5] == url["xs-0031"].split("#")[0] + "#xs-0031-z1"
    assert len(links) == 6
    assert "第 17 節（xs-0017）" in page  # the label's title


def test_objects_inv_lists_steps_from_a_small_project(make_app, rootdir: Path, tmp_path: Path):
    """The inventory of a test root has every step as ``xs:step`` and ``std:label``."""
    from sphinx.util.inventory import InventoryFile

    src = tmp_path / "steps"
    shutil.copytree(rootdir / "test-steps", src)
    app = make_app("html", srcdir=src)
    app.build()
    inv = InventoryFile.loads((app.outdir / "objects.inv").read_bytes(), uri="")
    assert set(inv.data["xs:step"]) >= {"xs-0001", "xs-0002", "xs-0003"}
    assert inv.data["std:label"]["xs-0003"].uri.endswith("#xs-0003")


def test_the_cite_page_shows_the_stand_in_domain_the_consumer_uses(rootdir: Path) -> None:
    """The 「引用本書」 page's snippet is the stand-in domain that the consumer test builds with."""
    page = (Path(__file__).resolve().parents[1] / "source" / "cite.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    shown: dict = {}
    exec(compile(blocks[-1], "cite.md", "exec"), shown)
    used: dict = {}
    conf = rootdir / "test-intersphinx-consumer" / "conf.py"
    exec(compile(conf.read_text(encoding="utf-8"), str(conf), "exec"), used)
    for cls in (shown["XiangsheliStandIn"], used["XiangsheliStandIn"]):
        assert cls.name == "xs"
    assert set(shown["XiangsheliStandIn"].object_types) == set(
        used["XiangsheliStandIn"].object_types
    )
    assert set(shown["XiangsheliStandIn"].roles) == set(used["XiangsheliStandIn"].roles)
