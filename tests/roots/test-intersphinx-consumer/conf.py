"""Another project that links to steps of the edition through intersphinx.

``intersphinx_mapping`` is set by the test (the edition's base URL, read from the built
``objects.inv``). Two ways to link, both shown in the edition's 「引用本書」 page:

- ``{external+xiangsheli:ref}`xs-0017``` — steps are ``std:label`` entries: no extension needed;
- ``{external+xiangsheli:xs:step}`xs-0017``` — the ``xs:step`` entries; the ``xs`` domain must be
  known, so a project without the ritual extension declares this small stand-in.
"""

from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole

project = "consumer"
extensions = ["myst_parser", "sphinx.ext.intersphinx"]
intersphinx_mapping = {}
intersphinx_disabled_reftypes = []
exclude_patterns = ["_build"]


class XiangsheliStandIn(Domain):
    """Declares the object types of the edition's ``xs`` domain; intersphinx resolves them."""

    name = "xs"
    label = "鄉射禮 (external)"
    object_types = {
        "step": ObjType("step", "step"),
        "phase": ObjType("phase", "phase"),
        "commentary": ObjType("commentary", "commentary"),
    }
    roles = {"step": XRefRole(), "phase": XRefRole(), "commentary": XRefRole()}

    def resolve_xref(self, *args, **kwargs):
        return None

    def resolve_any_xref(self, *args, **kwargs):
        return []


def setup(app):
    app.add_domain(XiangsheliStandIn)
