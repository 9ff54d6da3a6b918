"""A DTS client, as a third party would write one: from the entry point only, by expanding the
templates it is given (PyPI ``uritemplate``), every answer checked against the DTS validator's
JSON Schemas (PyPI ``jsonschema``). No code of the engine; it knows no file name but the entry's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from lxml import etree
from uritemplate import URITemplate

#: The schema of each kind of answer, by file name in the validator's schemas/ folder.
SCHEMAS = {
    "entry": "entry_response.schema.json",
    "collection": "collection_response.schema.json",
    "navigation": "navigation_response.schema.json",
}
DTS_NS = "https://w3id.org/api/dts#"
TEI_NS = "http://www.tei-c.org/ns/1.0"


def validators(folder: Path) -> dict[str, Any]:
    """A Draft 2020-12 validator per kind of answer, the schemas' relative ``$ref``s resolved
    against the folder (each schema registered under its file name and its ``$id``)."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    resources = []
    for path in sorted(folder.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(contents)
        resources.append((path.name, resource))
        resources.append((contents.get("$id", path.name), resource))
    registry = Registry().with_resources(resources)
    return {
        kind: Draft202012Validator(
            json.loads((folder / name).read_text(encoding="utf-8")), registry=registry
        )
        for kind, name in SCHEMAS.items()
    }


#: fetch(url) → (Content-Type or None, body)
Fetch = Callable[[str], tuple[str | None, bytes]]


@dataclass
class Walker:
    """Walks an API from ``entry_url``; records every URL it fetched with its media type."""

    entry_url: str
    fetch: Fetch
    validators: dict[str, Any] | None = None
    seen: dict[str, str | None] = field(default_factory=dict)

    def get(self, url: str) -> bytes:
        media_type, body = self.fetch(url)
        self.seen[url] = media_type
        return body

    def json(self, url: str, kind: str) -> dict[str, Any]:
        data = json.loads(self.get(url))
        if self.validators is not None:
            errors = [e.message for e in self.validators[kind].iter_errors(data)]
            assert not errors, (url, errors[:5])
        return data

    def expand(self, template: str, **values: Any) -> str:
        return urljoin(self.entry_url, URITemplate(template).expand(**values))

    def entry(self) -> dict[str, Any]:
        return self.json(self.entry_url, "entry")

    def collection(self, template: str, **values: Any) -> dict[str, Any]:
        return self.json(self.expand(template, **values), "collection")

    def navigation(self, template: str, **values: Any) -> dict[str, Any]:
        return self.json(self.expand(template, **values), "navigation")

    def document(self, template: str, **values: Any) -> etree._Element:
        root = etree.fromstring(self.get(self.expand(template, **values)))
        assert root.tag == f"{{{TEI_NS}}}TEI"
        return root


def wrapped(root: etree._Element) -> list[etree._Element]:
    """What a Document answer's ``<dts:wrapper>`` holds."""
    (wrapper,) = root.iter(f"{{{DTS_NS}}}wrapper")
    return list(wrapper)


def file_fetch(html: Path, site: str) -> Fetch:
    """Fetch from a built site on disk, published at ``site`` (an absolute URL, or a dummy
    origin for root-relative addresses)."""
    from urllib.parse import unquote, urlsplit

    def fetch(url: str) -> tuple[str | None, bytes]:
        assert url.startswith(site), url
        path = unquote(urlsplit(url).path)
        prefix = urlsplit(site).path
        return None, (html / path[len(prefix) :]).read_bytes()

    return fetch


def http_fetch(url: str) -> tuple[str | None, bytes]:
    from urllib.request import urlopen

    with urlopen(url, timeout=10) as response:
        return response.headers.get_content_type(), response.read()
