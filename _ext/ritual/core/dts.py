"""DTS 1.0, Level 0, as static files: the edition's API, made from its TEI document.  Pure Python.

Distributed Text Services (DTS 1.0, 2026-02-13) has an entry endpoint and three others:
Collection (what texts there are), Navigation (a text's citation tree) and Document (the text,
whole or a passage). A static site cannot read query parameters, so, as the specification's
"URI Templates examples for static website" proposes, every template is path-style and every
answer a file:

=============  ================================================  ==============================
endpoint       template (under ``api/dts/``)                     e.g.
=============  ================================================  ==============================
entry          ``index.jsonld``
Collection     ``collection{/id}{;nav}.jsonld``                  ``collection/<edition>.jsonld``
Navigation     ``navigation{/resource}{;down}{/ref}.jsonld``     ``navigation/<edition>;down=1``
                                                                 ``/<phase>.jsonld``
Document       ``document{/resource}{/ref}.xml``                 ``document/<edition>/<step>.xml``
=============  ================================================  ==============================

The JSON files end in ``.jsonld`` and the TEI in ``.xml``, which static hosts serve as
``application/ld+json`` and as XML. Identifiers of collections, resources and citable units are
plain strings (the edition's id, the phases' and the steps' ids): a URL would be cut apart by
the path (the specification's note on static templates). The ``@id`` of each response and
the templates are absolute URLs when the site has an address, else paths from the host's root.

Level 0: the Navigation endpoint takes no ``start`` or ``end`` (the templates have no such
variable), ``down`` goes as deep as the tree (use ``-1`` for "to the bottom") from the root or
from any unit (a step's subtree is the step alone: :func:`navigations`), and there is one
citation tree (so no ``tree``) and one media type (TEI, so no ``mediaType``); nothing is
paged. The Resource declares no ``mediaTypes``: the specification makes them the values the
``mediaType`` parameter takes, and the templates have no such parameter (a Document answer is
the default, TEI).

A retired step id (the TEI's ``<list type="retired">``, from the step registry) answers as the
step that carries its text now: its Navigation answers (alone, and with each ``down``) name that
step as ``ref``, its Document answer is that step's.

The citation tree is phase, then step (``citeType`` ``phase`` and ``step``), read from the TEI
document :func:`.tei.build` made: its ``div type="phase"`` and their ``ab type="step"``, in
document order, so that navigation and documents cannot disagree with the TEI. A phase's and a
step's Document response is :func:`.tei.fragment`: the passage in ``<dts:wrapper>``, with the
translation of its steps after the wrapper.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple
from urllib.parse import quote
from xml.etree import ElementTree as ET

from . import tei

CONTEXT = "https://dtsapi.org/context/v1.0.json"
DTS_VERSION = "1.0"
#: Where the API stands, relative to the site's root.
API = "api/dts/"
ENTRY = "index.jsonld"
JSON_SUFFIX, XML_SUFFIX = ".jsonld", ".xml"
#: The edition's version, in its Resource's ``extensions``.
VERSION_TERM = "https://schema.org/version"
#: The citation tree's levels.
PHASE, STEP = tei.PHASE_DIV, tei.STEP_AB
#: The templates of the entry point, relative to the API.
TEMPLATES = {
    "collection": "collection{/id}{;nav}" + JSON_SUFFIX,
    "navigation": "navigation{/resource}{;down}{/ref}" + JSON_SUFFIX,
    "document": "document{/resource}{/ref}" + XML_SUFFIX,
}


class Collection(NamedTuple):
    """The root collection (the book the edition's text belongs to)."""

    id: str
    title: str
    description: str = ""


class Unit(NamedTuple):
    """A citable unit: its id, level (1 phase, 2 step), parent, type, title and element."""

    id: str
    level: int
    parent: str | None
    cite_type: str
    title: str
    element: ET.Element
    url: str = ""


@dataclass(frozen=True)
class Site:
    """Where the files are served: ``base`` is the site's address ("" for none)."""

    base: str = ""

    def url(self, path: str) -> str:
        """A path from the site's root as the API names it: absolute, or from the host's root."""
        return (self.base + path) if self.base else "/" + path


def segment(value: str) -> str:
    """A value as a path-style template expansion writes it (RFC 6570: all but the
    unreserved characters percent-encoded). The file itself carries the raw value, which is
    what a static server looks for once it has decoded the path."""
    return quote(value, safe="")


def collection_path(ident: str | None = None, nav: str | None = None) -> str:
    """The URL path (from the API's folder) of a Collection answer: what the template
    ``collection{/id}{;nav}.jsonld`` expands to."""
    return (
        "collection"
        + (f"/{segment(ident)}" if ident is not None else "")
        + (f";nav={nav}" if nav is not None else "")
        + JSON_SUFFIX
    )


def navigation_path(resource: str, down: int | None = None, ref: str | None = None) -> str:
    """… of a Navigation answer (``navigation{/resource}{;down}{/ref}.jsonld``)."""
    return (
        f"navigation/{segment(resource)}"
        + (f";down={down}" if down is not None else "")
        + (f"/{segment(ref)}" if ref is not None else "")
        + JSON_SUFFIX
    )


def document_path(resource: str, ref: str | None = None) -> str:
    """… of a Document answer (``document{/resource}{/ref}.xml``)."""
    return (
        f"document/{segment(resource)}" + (f"/{segment(ref)}" if ref is not None else "")
    ) + XML_SUFFIX


def units(root: ET.Element, step_urls: Mapping[str, str] | None = None) -> list[Unit]:
    """The citation tree in document order (pre-order): each phase, then its steps."""
    out: list[Unit] = []
    step_urls = step_urls or {}
    for div in root.iter(tei.t("div")):
        if div.get("type") != PHASE:
            continue
        phase = div.get(tei.XML_ID, "")
        out.append(Unit(phase, 1, None, PHASE, div.findtext(tei.t("head")) or "", div))
        for ab in div.findall(tei.t("ab")):
            if ab.get("type") == STEP:
                sid = ab.get(tei.XML_ID, "")
                out.append(Unit(sid, 2, phase, STEP, "", ab, step_urls.get(sid, "")))
    return out


@dataclass(frozen=True)
class Api:
    """The edition's API: what the responses say of the collection and the resource."""

    site: Site
    collection: Collection
    #: the resource: the edition's id, title, languages and what describes it
    resource: str
    title: str
    lang: str
    languages: tuple[str, ...] = ()
    title_en: str = ""
    editors: str = ""
    version: str = ""
    date: str = ""
    license_url: str = ""
    #: the TEI file, relative to the site's root
    tei_path: str = ""

    def url(self, path: str) -> str:
        return self.site.url(API + path)

    def template(self, path: str) -> str:
        return self.url(path)

    # -- the objects ----------------------------------------------------------------------

    def entry(self) -> dict[str, Any]:
        return {
            "@context": CONTEXT,
            "@id": self.url(ENTRY),
            "@type": "EntryPoint",
            "dtsVersion": DTS_VERSION,
            **{name: self.template(t) for name, t in TEMPLATES.items()},
        }

    def root_collection(self) -> dict[str, Any]:
        """The root collection, without its ``member``."""
        c = self.collection
        out: dict[str, Any] = {
            "@id": c.id,
            "@type": "Collection",
            "title": c.title,
            **({"description": c.description} if c.description else {}),
            "totalParents": 0,
            "totalChildren": 1,
            "dublinCore": {"title": [{"lang": self.lang, "value": c.title}]},
            "collection": self.template(f"collection/{segment(c.id)}{{;nav}}{JSON_SUFFIX}"),
        }
        return out

    def resource_object(self, full: bool = True) -> dict[str, Any]:
        """The edition as a ``Resource``; ``full`` adds its metadata (Collection responses)."""
        r = segment(self.resource)
        out: dict[str, Any] = {
            "@id": self.resource,
            "@type": "Resource",
            "title": self.title,
        }
        if full:
            out["totalParents"] = 1
            out["totalChildren"] = 0
            out["dublinCore"] = self.dublin_core()
            if self.version:
                # Dublin Core has no term for a version string (dct:hasVersion names a related
                # resource): schema.org's, by its IRI, which the extensions' context leaves whole
                out["extensions"] = {VERSION_TERM: self.version}
        out |= {
            "collection": self.template(f"collection/{r}{{;nav}}{JSON_SUFFIX}"),
            "navigation": self.template(f"navigation/{r}{{;down}}{{/ref}}{JSON_SUFFIX}"),
            "document": self.template(f"document/{r}{{/ref}}{XML_SUFFIX}"),
            "citationTrees": [
                {
                    "@type": "CitationTree",
                    "citeStructure": [
                        {
                            "@type": "CiteStructure",
                            "citeType": PHASE,
                            "citeStructure": [{"@type": "CiteStructure", "citeType": STEP}],
                        }
                    ],
                }
            ],
        }
        if full and self.tei_path:
            out["download"] = self.site.url(self.tei_path)
        return out

    def dublin_core(self) -> dict[str, Any]:
        titles = [{"lang": self.lang, "value": self.title}]
        if self.title_en:
            titles.append({"lang": "en", "value": self.title_en})
        out: dict[str, Any] = {"title": titles, "language": list(self.languages or [self.lang])}
        if self.editors:  # the edition's makers, as its pages' DC.creator and citations name them
            out["creator"] = [{"lang": self.lang, "value": self.editors}]
        if self.date:
            out["date"] = self.date
        if self.license_url:
            out["license"] = self.license_url
        out["isPartOf"] = self.collection.id
        return out

    @cached_property
    def _described(self) -> dict[str, dict[str, Any]]:
        """The units' JSON by id, made once: the navigation's 838 answers repeat them."""
        return {}

    @cached_property
    def _resource_brief(self) -> dict[str, Any]:
        return self.resource_object(full=False)

    def unit(self, u: Unit) -> dict[str, Any]:
        """A unit as a ``CitableUnit`` (the same object each time it is asked for: the answers
        are serialized, never changed)."""
        made = self._described.get(u.id)
        if made is not None:
            return made
        out: dict[str, Any] = {
            "identifier": u.id,
            "@type": "CitableUnit",
            "level": u.level,
            "parent": u.parent,
            "citeType": u.cite_type,
        }
        if u.url:
            out["@id"] = u.url
        if u.title:
            out["dublinCore"] = {"title": [{"lang": self.lang, "value": u.title}]}
        self._described[u.id] = out
        return out

    def navigation(
        self, path: str, ref: Unit | None, member: Sequence[Unit] | None
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "@context": CONTEXT,
            "@id": self.url(path),
            "@type": "Navigation",
            "dtsVersion": DTS_VERSION,
            "resource": self._resource_brief,
        }
        if ref is not None:
            out["ref"] = self.unit(ref)
        if member is not None:
            out["member"] = [self.unit(u) for u in member]
        return out


def _dump(obj: Mapping[str, Any], indent: int | None = 1) -> bytes:
    """JSON as UTF-8: indented for the entry and the collections, which people read; the
    navigation's thousands of answers compact."""
    separators = (",", ": ") if indent else (",", ":")
    text = json.dumps(obj, ensure_ascii=False, indent=indent, separators=separators)
    return (text + "\n").encode("utf-8")


def navigations(api: Api, tree: Sequence[Unit]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The Navigation answers: the tree from its root to each depth and to the bottom
    (``down`` 1 … depth, -1); for each unit, a phase or a step, the unit alone (no ``down``),
    its siblings (``down=0``), and its subtree to each depth and to the bottom. A step has
    nothing below it: its subtree is the step alone, as the specification asks (a request
    with ``ref`` that finds nothing more answers with the ``ref`` alone, not an error). The
    steps' four answers each are 2176 files, about 0.3 s of a build (measured)."""
    depth = max((u.level for u in tree), default=0)
    children: dict[str | None, list[Unit]] = {}
    for u in tree:
        children.setdefault(u.parent, []).append(u)

    def subtree(u: Unit, levels: int) -> list[Unit]:
        out = [u]
        if levels:
            for child in children.get(u.id, []):
                out += subtree(child, levels - 1)
        return out

    r = api.resource
    for down in [*range(1, depth + 1), -1]:
        limit = depth if down == -1 else down
        path = navigation_path(r, down)
        yield path, api.navigation(path, None, [u for u in tree if u.level <= limit])
    for u in tree:
        path = navigation_path(r, None, u.id)
        yield path, api.navigation(path, u, None)
        path = navigation_path(r, 0, u.id)
        yield path, api.navigation(path, u, children.get(u.parent, []))
        below = depth - u.level
        for down in [*range(1, depth + 1), -1]:
            levels = below if down == -1 else min(down, below)
            path = navigation_path(r, down, u.id)
            yield path, api.navigation(path, u, subtree(u, levels))


def documents(
    root: ET.Element, tree: Sequence[Unit], resource: str = ""
) -> Iterator[tuple[str, bytes]]:
    """A Document answer per phase and per step (the passage in ``<dts:wrapper>``, its steps'
    translations after it); the whole document is the TEI file itself. An answer holds a
    passage, not the vocabularies, the sigla or the other steps its pointers name: those point
    into the whole document (``../<resource>.xml#…``, where the answer stands beside it)."""
    translations = {
        ab.get("corresp", "").removeprefix("#"): ab
        for div in root.iter(tei.t("div"))
        if div.get("type") == tei.TRANSLATION_DIV
        for ab in div.findall(tei.t("ab"))
    }
    lang = next(
        (
            div.get(tei.XML_LANG, "")
            for div in root.iter(tei.t("div"))
            if div.get("type") == tei.TRANSLATION_DIV
        ),
        "",
    )
    children: dict[str | None, list[str]] = {}
    for u in tree:
        children.setdefault(u.parent, []).append(u.id)
    whole = document_path(resource).rpartition("/")[2] if resource else ""
    fragment = tei.Fragments(root, f"../{whole}" if whole else "")
    for u in tree:
        steps = children.get(u.id, [u.id]) if u.level == 1 else [u.id]
        context = [translations[s] for s in steps if s in translations]
        div = tei.el("div", {"type": tei.TRANSLATION_DIV, tei.XML_LANG: lang}, "", *context)
        yield u.id, fragment(u.element, [div] if context else [])


def files(
    api: Api, root: ET.Element, tei_bytes: bytes, step_urls: Mapping[str, str] | None = None
) -> Iterator[tuple[str, bytes]]:
    """Every answer of the API: (its URL path relative to the API's folder, bytes). The file
    of a path is the path percent-decoded (as a static server finds it)."""
    tree = units(root, step_urls)
    yield ENTRY, _dump(api.entry())
    head = {"@context": CONTEXT, "dtsVersion": DTS_VERSION}
    # the root collection: without an id, by its id, its children (the default) and parents
    children = _dump(head | api.root_collection() | {"member": [api.resource_object()]})
    no_parents = _dump(head | api.root_collection() | {"member": []})
    c, r = api.collection.id, api.resource
    for ident in (None, c):
        yield collection_path(ident), children
        yield collection_path(ident, "children"), children
        yield collection_path(ident, "parents"), no_parents
    # the edition: a Resource has no children; its parent is the root collection
    resource = head | api.resource_object()
    yield collection_path(r), _dump(resource)
    yield collection_path(r, "children"), _dump(resource)
    parents = resource | {"member": [api.root_collection()]}
    yield collection_path(r, "parents"), _dump(parents)
    for path, obj in navigations(api, tree):
        yield path, _dump(obj, None)
    yield document_path(api.resource), tei_bytes
    answers: dict[str, bytes] = {}
    for ident, fragment in documents(root, tree, api.resource):
        answers[ident] = fragment
        yield document_path(api.resource, ident), fragment
    # a retired step id (the TEI's list of them) answers as the step that carries its text now
    by_id = {u.id: u for u in tree}
    depth = max((u.level for u in tree), default=0)
    for old, new in tei.retired_ids(root).items():
        if new in by_id and old not in by_id:
            live = by_id[new]
            path = navigation_path(api.resource, None, old)
            yield path, _dump(api.navigation(path, live, None), None)
            siblings = [u for u in tree if u.parent == live.parent and u.level == live.level]
            path = navigation_path(api.resource, 0, old)
            yield path, _dump(api.navigation(path, live, siblings), None)
            for down in [*range(1, depth + 1), -1]:  # a step: nothing below it
                path = navigation_path(api.resource, down, old)
                yield path, _dump(api.navigation(path, live, [live]), None)
            yield document_path(api.resource, old), answers[new]
