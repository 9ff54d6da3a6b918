"""The TEI file and the DTS API in the build: written after ``edition.json``, from its records.

:func:`.edition_json.write_edition_json` assembles the edition once and hands the dict to
:func:`write_tei` (an output of the build, which reads the features' data directly). It adds
what the file leaves out (:class:`.tei.Extras`: each apparatus entry's id, kind, witness
pages and slips, the sigla's descriptions, the words of ``[tei]`` in ``edition.toml``), writes
``tei/<edition id>.xml``.

``[tei]`` of ``edition.toml`` (every key optional):

``resp``
    the editors' responsibility, as the header's ``respStmt`` states it;
``main``, ``record``
    the heads of the two parts: the text's own steps, and the steps that explain them;
``translation_lang``
    the language of the translation (default: the edition's ``lang``);
``commentary``
    the commentary printed with the text, ``{ author = …, id = …, source = …, licence = …,
    licence_url = … }``: its author (a ``persName`` in the header, what each note's ``@resp``
    points to; ``id`` its ``xml:id``, default the name) and the source and licence of its
    transcription (default: the edition's licence); without it the notes are left out;
``project``
    the project, as the header's ``projectDesc`` says it;
``editorial``
    the editorial principles, ``{ correction = …, normalization = …, punctuation = …,
    segmentation = … }`` (any of TEI's parts of ``editorialDecl``), each a paragraph;
``collection``
    the DTS root collection, ``{ id = …, title = …, description = … }`` (default: id
    ``<edition id>-collection``, the project's name as title).

``xs_tei`` and ``xs_dts`` (both on by default) turn the TEI file and the DTS API off; the API
is made from the TEI document (:mod:`.dts`), built once for both.

Both are written again only when what they are made from changed (``edition.json``'s records,
the extras, the API's description, the code that writes them) or a file of theirs is missing:
making them is a fifth of a rebuild that changed no step (the stamp, with the files it wrote,
is kept beside the doctrees, as the stage data's is).
"""

from __future__ import annotations

import dataclasses
import hashlib
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote
from xml.etree import ElementTree as ET

from sphinx.application import Sphinx

from ..components.apparatus.placement import apparatus_for, data_entries, translation_apparatus_for
from ..components.citation import edition_meta
from ..components.commentary import commentary_for
from ..core import apparatus_notes, commentary_errata, dts, tei
from ..core.edition import Edition
from ..domain import xs_domain
from ..i18n import _
from ..published import tei_path
from ..state import edition_of

#: What ``[tei]`` says when the edition says nothing (a msgid of the catalog).
DEFAULT_RESP = "edited by"


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

    def lacking(d: Any) -> tuple[tuple[str, str], ...]:
        """The collated witnesses that do not have an entry's passage (none for the base's
        punctuation, which no witness is collated for), each with the words its note says it
        in (edition.toml's ``[apparatus] lacking``)."""
        if d.entry_id in kinds and kinds[d.entry_id].kind == apparatus_notes.PUNCTUATION:
            return ()
        listed = {s for r in d.exported["readings"] for s in r["witnesses"]}
        absent = apparatus_notes.absent_witnesses(
            listed, text_app.order, text_app.witnesses, text_app.base_siglum
        )
        phrases = edition.apparatus_lacking
        default = edition.apparatus_lacking_default
        return tuple((s, phrases.get(s, default).format(s)) for s in absent)

    translation_entries: dict[str, list[tei.EntryExtra]] = {}
    externals: dict[str, list[str]] = {}
    record: set[str] = set()
    general: set[str] = set()
    # in the steps' ids' order, not the order they were read in (a rebuild re-reads some): the
    # files are made from the same extras however the environment was built (:func:`files_key`)
    for sid, rec in sorted(domain.steps.items()):
        places = {place.entry_id: place for place in rec.apparatus}
        entries[sid] = [
            tei.EntryExtra(
                d.entry_id,
                kinds[d.entry_id].kind if d.entry_id in kinds else "",
                tuple(places[d.entry_id].pages),
                tuple((s.witness, s.text) for s in kinds[d.entry_id].slips)
                if d.entry_id in kinds
                else (),
                lacking(d),
            )
            if d.entry_id
            else tei.EntryExtra("", tei.ORTHOGRAPHY, lacking=lacking(d))
            for d in data_entries(env, sid)
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
        commentary=commentary_info(app, settings.get("commentary"), meta.license, meta.license_url),
        edition_id=edition.id,
        lang=edition.lang,
        translation_lang=str(settings.get("translation_lang", edition.lang)),
        editors=meta.editor,
        resp=str(settings.get("resp", _(DEFAULT_RESP))),
        date=meta.date,
        base_url=meta.base_url,
        license=meta.license,
        license_url=meta.license_url,
        title_en=meta.title_en,
        # a URI only at an address: relative, the file's own path from the site's root would
        # resolve against the file (tei/tei/…), and an extract's against the extract
        tei_url=(meta.base_url + path) if meta.base_url else "",
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
        apparatus_kinds=apparatus_categories(edition),
        term_kinds=tuple((k.name, k.title, k.title_en) for k in edition.kinds),
        part_heads=(str(settings.get("main", "")), str(settings.get("record", ""))),
        entries=entries,
        translation_entries=translation_entries,
        externals=externals,
        record_steps=frozenset(record),
        general_steps=frozenset(general),
        project=str(settings.get("project", "")),
        editorial=editorial_parts(settings.get("editorial")),
        retired=domain.retired_steps(),
    )


def editorial_parts(settings: Any) -> tuple[tuple[str, str], ...]:
    """``[tei.editorial]``: the editorial principles by TEI's name of each (``correction``,
    ``normalization`` …, :data:`.tei.EDITORIAL_PARTS`), in TEI's order."""
    if not isinstance(settings, Mapping):
        return ()
    return tuple((part, str(settings[part])) for part in tei.EDITORIAL_PARTS if settings.get(part))


def apparatus_categories(edition: Edition) -> dict[str, str]:
    """The kinds of ``<app>`` the TEI's taxonomy declares (name → label): the 原文's kinds of
    decision, the translation's kinds of correction that are not among them, and the forms
    corrected as a class (:data:`.tei.ORTHOGRAPHY`), each ``<app>``'s ``@ana`` naming one."""
    kinds = dict(edition.apparatus_kinds)
    for name, label in edition.translation_kinds.items():
        kinds.setdefault(name, label)
    kinds.setdefault(tei.ORTHOGRAPHY, edition.apparatus_class_label or tei.ORTHOGRAPHY)
    return kinds


def commentary_info(
    app: Sphinx, settings: Any, licence: str, licence_url: str
) -> tei.Commentary | None:
    """``[tei] commentary`` and where each lemma across steps begins; None without either."""
    if not isinstance(settings, dict) or not settings.get("author"):
        return None
    notes = commentary_for(app.env).notes
    if not notes:
        return None
    return tei.Commentary(
        author=str(settings["author"]),
        resp=str(settings.get("id", "")),
        source=str(settings.get("source", "")),
        licence=str(settings.get("licence", licence)),
        licence_url=str(
            settings.get("licence_url", licence_url if "licence" not in settings else "")
        ),
        starts={n.id: (n.first, n.first_offset) for n in notes if n.first},
        errata=errata_of(app),
    )


def errata_of(app: Sphinx) -> dict[str, list[commentary_errata.Mark]]:
    """The commentary's errata by note, in each note's plain words (as edition.json counts)."""
    data = commentary_for(app.env)
    return {
        note_id: commentary_errata.marks(errata, data.by_id[note_id], plain=True)
        for note_id, errata in data.errata_of.items()
    }


#: The code the files are made by (a change to it makes them anew).
_CODE = (
    *sorted((Path(__file__).parents[1] / "core").rglob("*.py")),
    *sorted(Path(__file__).parent.glob("*.py")),
)
#: Beside the doctrees: the digest of what the files were made from, then the files written.
STAMP = "xs-tei.key"


def _stable(value: Any) -> Any:
    """``value`` with its sets sorted and its dataclasses and mappings as lists, for a digest
    that does not change with the order a set iterates in (which varies between processes)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return [type(value).__name__, [(f.name, _stable(getattr(value, f.name))) for f in fields]]
    if isinstance(value, set | frozenset):
        return sorted((_stable(v) for v in value), key=repr)
    if isinstance(value, Mapping):
        return [(k, _stable(v)) for k, v in value.items()]
    if isinstance(value, list | tuple):
        return [_stable(v) for v in value]
    return value


def files_key(app: Sphinx, info: tei.Extras, *described: str) -> str:
    """A digest of everything the TEI file and the DTS API are made from: their code, the
    extras, the config values that turn them on, and ``described`` (the text of
    ``edition.json``, the API's description)."""
    h = hashlib.sha256()
    for path in _CODE:
        h.update(path.read_bytes())
    for text in described:
        h.update(text.encode())
    h.update(repr(_stable(info)).encode())
    h.update(repr((app.config.xs_tei, app.config.xs_dts)).encode())
    return h.hexdigest()[:20]


def _unchanged(stamp: Path, key: str, out: Path) -> bool:
    """Whether the stamp holds ``key`` and every file it lists is still there."""
    try:
        first, *files = stamp.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return False
    return first == key and all((out / name).is_file() for name in files)


def write_tei(app: Sphinx, data: dict[str, Any], edition_text: str) -> None:
    """Called by :func:`.edition_json.write_edition_json` with its dict and the text of
    ``edition.json``: the TEI file, then the DTS API made from it, unless both were made from
    the same records by an earlier build and are all there."""
    if not app.config.xs_tei:
        return
    info = extras(app)
    out = Path(app.outdir)
    stamp = Path(app.doctreedir) / STAMP
    dts_description = repr(_stable(dts_api(app, data, info))) if app.config.xs_dts else ""
    key = files_key(app, info, edition_text, dts_description)
    if _unchanged(stamp, key, out):
        return
    root = tei.build(data, info)
    path = out / tei_path(info.edition_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = tei.serialize(root)
    path.write_bytes(content)
    written = [path]
    if app.config.xs_dts:
        written += write_dts(app, data, info, root, content)
    names = "".join(f"{p.relative_to(out).as_posix()}\n" for p in written)
    stamp.write_text(f"{key}\n{names}", encoding="utf-8")


def dts_api(app: Sphinx, data: dict[str, Any], info: tei.Extras) -> dts.Api:
    """What the DTS answers say of the collection and the edition."""
    settings = dict(edition_of(app.env).tei.get("collection", {}))
    title, _, _ = data["edition"]["title"].partition(" (")
    return dts.Api(
        site=dts.Site(info.base_url),
        collection=dts.Collection(
            str(settings.get("id", f"{info.edition_id}-collection")),
            str(settings.get("title", app.config.project)),
            str(settings.get("description", "")),
        ),
        resource=info.edition_id,
        title=title.strip(),
        lang=info.lang,
        languages=tuple(dict.fromkeys([info.lang, info.translation_lang])),
        title_en=info.title_en,
        editors=info.editors,
        version=data["edition"]["version"],
        date=info.date,
        license_url=info.license_url,
        tei_path=tei_path(info.edition_id),
    )


def write_dts(
    app: Sphinx, data: dict[str, Any], info: tei.Extras, root: ET.Element, content: bytes
) -> list[Path]:
    """The DTS API's files under ``api/dts/`` (each at its URL path, decoded), which it
    returns; the folder is the API's alone and is emptied first, so that a step or phase gone
    leaves no answer."""
    api = dts_api(app, data, info)
    folder = Path(app.outdir) / dts.API
    shutil.rmtree(folder, ignore_errors=True)
    step_urls = {s["id"]: api.site.url(s["url"]) for s in data["steps"]}
    made: set[Path] = set()
    written: list[Path] = []
    for name, body in dts.files(api, root, content, step_urls):
        path = folder / unquote(name)
        if path.parent not in made:
            path.parent.mkdir(parents=True, exist_ok=True)
            made.add(path.parent)
        path.write_bytes(body)
        written.append(path)
    return written
