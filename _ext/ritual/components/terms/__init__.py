"""Terms: the edition's kinds of term and the build's vocabulary (:mod:`.kinds`), their inline
roles (:mod:`.roles`), the domain indices, headword and role pages (:mod:`.indexes`) and the
book's printed indexes (:mod:`.printed_indexes`).

Each kind the edition declares (``edition.toml`` ``[terms] kinds``) becomes a role
(``{vessel}`觶```) and a domain index, registered here at ``config-inited``.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.config import Config

from ...core.edition import load_edition
from .indexes import make_index
from .kinds import check_vocabulary
from .roles import TermRole


def register_kinds(app: Sphinx, config: Config) -> None:
    """``config-inited``: a role and a domain index for each kind the edition declares."""
    edition = load_edition(config.xs_edition, config.xs_editions)
    for kind in edition.kinds:
        app.add_role(kind.name, TermRole(kind.name), override=True)
        app.add_index_to_domain("xs", make_index(kind))


def setup_terms(app: Sphinx) -> None:
    # After config.check_config (priority 100), which resolves the edition folder.
    app.connect("config-inited", register_kinds, priority=200)
    app.connect("builder-inited", check_vocabulary)
