"""ritual: a Sphinx extension for critical editions of ritual texts as citable steps.

The engine knows no fact of any one text: an edition is a folder of data (``edition.toml``
and its files, see :mod:`.edition`), named by ``xs_edition``. ``setup()`` is the registration
table and nothing else: each feature is one module with its own ``setup_<feature>(app)``, in
the manner of sphinx-design (see HACKING.md for the map).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from .apparatus_sphinx import setup_apparatus
from .checks import setup_registry
from .citation import setup_citation
from .cjk import setup_cjk
from .commentary_sphinx import setup_commentary
from .config import setup_config
from .datafiles import setup_data_files
from .diagrams import setup_diagrams
from .domain import setup_domain
from .export import setup_export
from .indexes import setup_indexes
from .latex import setup_latex
from .page_encoding import setup_page_encoding
from .pinyin import setup_pinyin
from .plan_data import setup_positions
from .position_notes import setup_position_notes
from .printed_indexes import setup_printed_indexes
from .raw_html import setup_raw_html
from .reader import setup_reader
from .reading_switch import setup_reading_switch
from .search import setup_search
from .state import setup_state
from .static_files import setup_static
from .steps import setup_steps
from .tei_sphinx import setup_tei
from .terms import setup_terms
from .vertical.builder import setup_vertical
from .writers import setup_writers
from .xref_roles import setup_xref_roles
from .xrefs_sphinx import setup_xrefs

__version__ = "0.2.0"

#: Bump when the shape of the domain's stored data changes (forces a full re-read).
ENV_VERSION = 10


def setup(app: Sphinx) -> dict[str, Any]:
    setup_config(app)
    setup_state(app)
    setup_data_files(app)
    setup_domain(app)
    setup_steps(app)
    setup_raw_html(app)
    setup_page_encoding(app)
    setup_terms(app)
    setup_registry(app)
    setup_apparatus(app)
    setup_commentary(app)
    setup_xref_roles(app)
    setup_xrefs(app)
    setup_indexes(app)
    setup_printed_indexes(app)
    setup_positions(app)
    setup_position_notes(app)
    setup_diagrams(app)
    setup_citation(app)
    setup_search(app)
    setup_reader(app)
    setup_reading_switch(app)
    setup_pinyin(app)
    setup_cjk(app)
    setup_export(app)
    setup_tei(app)
    setup_static(app)
    setup_writers(app)
    setup_latex(app)
    setup_vertical(app)
    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
