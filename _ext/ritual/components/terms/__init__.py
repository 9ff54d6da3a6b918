"""Terms: the edition's kinds of term and the build's vocabulary (:mod:`.kinds`), their inline
roles (:mod:`.roles`), the domain indices, headword and role pages (:mod:`.indexes`) and the
book's printed indexes (:mod:`.printed_indexes`).

Each kind the edition declares (``edition.toml`` ``[terms] kinds``) becomes a role
(``{vessel}`觶```) and a domain index, registered here at ``config-inited`` (``xs-edition-loaded``).
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.config import Config

from ...core.edition import Edition
from ...events import EDITION_LOADED
from .indexes import make_index
from .kinds import check_figures, check_vocabulary
from .roles import PlainRole, TermRole


def register_kinds(app: Sphinx, config: Config, edition: Edition) -> None:
    """``xs-edition-loaded`` (at ``config-inited``): a role and a domain index for each kind
    the edition declares."""
    for kind in edition.kinds:
        app.add_role(kind.name, TermRole(kind.name), override=True)
        app.add_index_to_domain("xs", make_index(kind))


def setup_terms(app: Sphinx) -> None:
    app.add_role("plain", PlainRole())
    app.connect(EDITION_LOADED, register_kinds)
    app.connect("builder-inited", check_vocabulary)
    app.connect("builder-inited", check_figures)
