"""The TEI file and the DTS API in the build: written after ``edition.json``, from its records.

:func:`.export.write_edition_json` assembles the edition once and hands the dict to the
writers registered in :data:`.export.WRITERS`; :func:`write_tei` is one. It adds what the file
leaves out (:class:`.tei.Extras`: each apparatus entry's id, kind, witness pages and slips,
the sigla's descriptions, the words of ``[tei]`` in ``edition.toml``), writes
``tei/<edition id>.xml``.

``[tei]`` of ``edition.toml`` (every key optional):

``resp``
    the editors' responsibility, as the header's ``respStmt`` states it;
``main``, ``record``
    the heads of the two parts: the text's own steps, and the steps that explain them;
``translation_lang``
    the language of the translation (default: the edition's ``lang``);
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from . import export, tei
from .apparatus_sphinx import apparatus_for, translation_apparatus_for
from .citation import edition_meta
from .domain import xs_domain
from .state import edition_of

#: Where the TEI file is written, relative to the HTML output (``{}``: the edition's id).
TEI_PATH = "tei/{}.xml"
#: What ``[tei]`` says when the edition says nothing.
DEFAULT_RESP = "編校"


def tei_path(edition_id: str) -> str:
    return TEI_PATH.format(edition_id)


def extras(app: Sphinx) -> tei.Extras:
    """What the TEI needs beyond ``edition.json``, from the domain and the edition's data."""
    env = app.env
    edition = edition_of(env)
    settings = dict(edition.tei)
    meta = edition_meta(env)
    domain = xs_domain(env)
    text_app = apparatus_for(env)
    translation_app = translation_apparatus_for(env)
    kinds = {e.id: e for e in text_app.entries}
    translation_kinds = {e.id: e.kind for e in translation_app.entries}
    entries: dict[str, list[tei.EntryExtra]] = {}
    translation_entries: dict[str, list[tei.EntryExtra]] = {}
    externals: dict[str, list[str]] = {}
    record: set[str] = set()
    general: set[str] = set()
    for sid, rec in domain.steps.items():
        entries[sid] = [
            tei.EntryExtra(
                place.entry_id,
                kinds[place.entry_id].kind if place.entry_id in kinds else "",
                tuple(place.pages),
                tuple((s.witness, s.text) for s in kinds[place.entry_id].slips)
                if place.entry_id in kinds
                else (),
            )
            for place in rec.apparatus
        ]
        translation_entries[sid] = [
            tei.EntryExtra(place.entry_id, translation_kinds.get(place.entry_id, ""))
            for place in rec.translation_apparatus
        ]
        externals[sid] = [ref.external for ref in rec.references]
        if rec.explains:
            record.add(sid)
            if tuple(rec.explains) == ("general",):
                general.add(sid)
    path = tei_path(edition.id)
    return tei.Extras(
        edition_id=edition.id,
        lang=edition.lang,
        translation_lang=str(settings.get("translation_lang", edition.lang)),
        editors=meta.editor,
        resp=str(settings.get("resp", DEFAULT_RESP)),
        date=meta.date,
        base_url=meta.base_url,
        license=meta.license,
        license_url=meta.license_url,
        title_en=meta.title_en,
        tei_url=(meta.base_url + path) if meta.base_url else path,
        witnesses=tuple(
            tei.Witness(
                siglum,
                row.get("name", ""),
                row.get("description", ""),
                row.get("source", ""),
                row.get("licence", ""),
                row.get("role", ""),
            )
            for siglum, row in text_app.sigla.items()
        ),
        base_siglum=text_app.base_siglum,
        apparatus_kinds=dict(edition.apparatus_kinds),
        term_kinds=tuple((k.name, k.title, k.title_en) for k in edition.kinds),
        part_heads=(str(settings.get("main", "")), str(settings.get("record", ""))),
        entries=entries,
        translation_entries=translation_entries,
        externals=externals,
        record_steps=frozenset(record),
        general_steps=frozenset(general),
    )


def write_tei(app: Sphinx, data: dict[str, Any]) -> None:
    """An :data:`.export.WRITERS` writer: the TEI file."""
    root = tei.build(data, extras(app))
    out = Path(app.outdir)
    path = out / tei_path(edition_of(app.env).id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(tei.serialize(root))


def setup_tei(app: Sphinx) -> None:
    export.WRITERS["tei"] = write_tei
