"""``sitemap.xml``: every page of the site (and of its ``zh-Hans/`` rendering) on ``xs_base_url``.

Written at ``build-finished`` from the pages in the output (documents, indices, the pages other
modules generate), root page first; each entry names its other-script version with
``xhtml:link rel="alternate" hreflang``. Addresses are percent-encoded, as the pages' own
canonical links write them (a headword's page is ``terms/place/%E5%A0%82.html``, not an IRI),
and a page that only sends its reader on (``http-equiv="refresh"``: one left where a renamed
headword was) is not listed: a sitemap names the pages to index, not redirects.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote
from xml.sax.saxutils import escape, quoteattr

from sphinx.application import Sphinx

from .simplified import PREFIX, pages

SITEMAP = "sitemap.xml"


def sitemap_xml(base_url: str, uris: list[str], simplified: bool) -> str:
    """The sitemap of pages ``uris`` (relative), with their ``zh-Hans/`` twins if ``simplified``."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for uri in uris:
        own = "" if uri == "index.html" else quote(uri)
        trad, simp = base_url + own, f"{base_url}{PREFIX}/{own}"
        for loc in (trad, simp) if simplified else (trad,):
            lines.append(f"  <url><loc>{escape(loc)}</loc>")
            if simplified:
                for lang, href in (("zh-Hant", trad), ("zh-Hans", simp)):
                    link = f'rel="alternate" hreflang="{lang}" href={quoteattr(href)}'
                    lines.append(f"    <xhtml:link {link}/>")
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def write_sitemap(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: ``sitemap.xml`` at the root of the output."""
    if exception is not None or app.builder.format != "html":
        return
    if not app.config.xs_sitemap or not app.config.xs_base_url:
        return  # a sitemap lists absolute addresses: none without a host
    outdir = Path(app.outdir)
    uris = sorted(
        (uri for uri in pages(outdir) if not _redirect(outdir / uri)),
        key=lambda uri: (uri != "index.html", uri),
    )
    simplified = bool(app.config.xs_simplified) and app.builder.name == "html"
    text = sitemap_xml(app.config.xs_base_url, uris, simplified)
    (Path(app.outdir) / SITEMAP).write_text(text, encoding="utf-8")


def _redirect(page: Path) -> bool:
    """Whether the page only sends its reader on (a refresh in its head)."""
    with page.open(encoding="utf-8") as fh:
        head = fh.read(4096)
    return 'http-equiv="refresh"' in head


def setup_sitemap(app: Sphinx) -> None:
    app.connect("build-finished", write_sitemap)
