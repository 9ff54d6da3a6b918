"""ritual: a Sphinx extension for critical editions of ritual texts as citable steps.

The engine knows no fact of any one text: an edition is a folder of data (``edition.toml``
and its files, see :mod:`.core.edition`), named by ``xs_edition``. ``setup()`` is the
registration table and nothing else: each feature is one component (``components/``, a
subpackage where it is large) with its own ``setup_<feature>(app)``, in the manner of
sphinx-design, over a pure ``core/`` and a few shared build modules; what ``env-updated``
derives runs in the one order of :mod:`.derive` (see HACKING.md for the map).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from .components.apparatus import setup_apparatus
from .components.assets import setup_static
from .components.citation import setup_citation
from .components.cjk import setup_cjk
from .components.commentary import setup_commentary
from .components.page_encoding import setup_page_encoding
from .components.pinyin import setup_pinyin
from .components.plans.diagrams import setup_diagrams
from .components.plans.plan_list import setup_plan_list
from .components.plans.position_notes import setup_position_notes
from .components.raw_html import setup_raw_html
from .components.reading_scripts import setup_reader
from .components.reading_switch import setup_reading_switch
from .components.registry import setup_registry
from .components.search import setup_search
from .components.steps.registration import setup_steps
from .components.terms import setup_terms
from .components.terms.indexes import setup_indexes
from .components.terms.printed_indexes import setup_printed_indexes
from .components.xrefs.references import setup_xrefs
from .components.xrefs.roles import setup_xref_roles
from .config import setup_config
from .datafiles import setup_data_files
from .derive import setup_derive
from .domain import setup_domain
from .events import setup_events
from .export.edition_json import setup_export
from .i18n import setup_i18n
from .latex import setup_latex
from .plan_inputs import setup_positions
from .state import setup_state
from .vertical.builder import setup_vertical
from .writers import setup_writers

__version__ = "0.2.7"

#: Bump when the shape of the domain's stored data changes (forces a full re-read); 11: the
#: records' classes moved into core/ and components/ (a pickle names their modules); 13: what
#: the pages' reading makes changed (a 校記's step ids linked, the table of forms' kept forms),
#: which an incremental build would otherwise keep from the doctrees of before; 14: a
#: citation's forms are ``citation_text`` nodes (kept unconverted in the Simplified copy); 15:
#: an apparatus marker carries its entry's ``number`` (the print's notes end with it).
ENV_VERSION = 15


def setup(app: Sphinx) -> dict[str, Any]:
    setup_events(app)
    setup_i18n(app)
    setup_config(app)
    setup_state(app)
    setup_data_files(app)
    setup_domain(app)
    setup_derive(app)
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
    setup_plan_list(app)
    setup_citation(app)
    setup_search(app)
    setup_reader(app)
    setup_reading_switch(app)
    setup_pinyin(app)
    setup_cjk(app)
    setup_export(app)
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
