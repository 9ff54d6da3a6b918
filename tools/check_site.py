"""Check a built site's internal links: every local href/src exists, every #fragment is an id.

    python tools/check_site.py _build/html

Reads every ``.html`` page (``href`` and ``src`` of any element, ``srcset``, ``<meta
http-equiv=refresh>``) and every ``.css`` file (``url(…)``) under the site root. A reference
to a local file must name a file inside the site; a ``#fragment`` must be an ``id`` (or an
``<a name>``) in the page it points to, or match the ``data-fragments`` pattern of an element
of that page (a page whose script reads its fragment: the stage view's ``#xs-0300`` names a
step, not an element). A link marked ``data-xs-published`` names a file the deployment puts
beside the pages (the PDFs, copied by ``make edition``): it must stay inside the site, and
is reported missing only with ``--published``. External URLs (with a scheme or ``//``) are
not fetched. Exits 1 and lists each broken reference as ``page: reference (reason)``.

Pure standard library, so it runs anywhere the site was built; ``tests/test_quality.py`` runs
it on the built edition.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

#: Attributes that hold one URL each.
URL_ATTRS = {"href", "src", "poster", "data", "action", "cite", "formaction"}
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
#: Internal references the checker cannot judge (templates for scripts, not links).
IGNORED = {"", "#"}


@dataclass
class Page:
    """What one HTML page offers (ids) and asks for (references)."""

    ids: set[str] = field(default_factory=set)
    refs: list[str] = field(default_factory=list)
    published: set[str] = field(default_factory=set)  # refs to files a deployment adds
    fragments: list[re.Pattern[str]] = field(default_factory=list)  # read by the page's script

    def has(self, fragment: str) -> bool:
        return fragment in self.ids or any(p.fullmatch(fragment) for p in self.fragments)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v for k, v in attrs if v is not None}
        if "id" in attr:
            self.page.ids.add(attr["id"])
        if tag == "a" and "name" in attr:
            self.page.ids.add(attr["name"])
        if "data-fragments" in attr:
            self.page.fragments.append(re.compile(attr["data-fragments"]))
        hint_only = tag == "link" and attr.get("rel") in ("preconnect", "dns-prefetch")
        for name in sorted(URL_ATTRS & attr.keys()):
            if hint_only or (tag == "form" and name == "action"):
                continue  # connection hints; a form's target gets a query, not a fragment
            self.page.refs.append(attr[name])
            if "data-xs-published" in attr:
                self.page.published.add(attr[name])
        if "srcset" in attr:
            self.page.refs += [c.split()[0] for c in attr["srcset"].split(",") if c.strip()]
        if tag == "meta" and attr.get("http-equiv", "").lower() == "refresh":
            _, _, url = attr.get("content", "").partition("url=")
            if url:
                self.page.refs.append(url.strip())
        self._in_style = tag == "style"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.page.refs += [m[2] for m in CSS_URL.finditer(data)]

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False


def read_page(path: Path) -> Page:
    parser = _Collector()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.page


def is_external(ref: str) -> bool:
    parts = urlsplit(ref)
    return bool(parts.scheme or parts.netloc)


def check_site(root: Path, published: bool = False) -> list[str]:
    """Every broken internal reference under ``root``, as ``page: ref (reason)`` lines
    (``published``: the files a deployment adds must be there too)."""
    root = root.resolve()
    pages = {p: read_page(p) for p in sorted(root.rglob("*.html")) if ".doctrees" not in p.parts}
    sources: dict[Path, list[str]] = {p: page.refs for p, page in pages.items()}
    beside = {p: page.published for p, page in pages.items()}
    for css in sorted(root.rglob("*.css")):
        text = re.sub(
            r"/\*.*?\*/", "", css.read_text(encoding="utf-8", errors="replace"), flags=re.S
        )
        sources[css] = [m[2] for m in CSS_URL.finditer(text)]
    problems: list[str] = []
    for origin, refs in sources.items():
        rel_origin = origin.relative_to(root).as_posix()
        for ref in refs:
            ref = ref.strip()
            if ref in IGNORED or is_external(ref) or ref.startswith(("data:", "javascript:")):
                continue
            parts = urlsplit(ref)
            path_part, fragment = unquote(parts.path), unquote(parts.fragment)
            if path_part.startswith("/"):
                problems.append(
                    f"{rel_origin}: {ref} (root-relative link; the site must be relocatable)"
                )
                continue
            target = origin if not path_part else (origin.parent / path_part)
            target = Path(PurePosixPath(*target.parts)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if root not in target.parents and target != root:
                problems.append(f"{rel_origin}: {ref} (points outside the site)")
                continue
            if not target.is_file():
                if not published and ref in beside.get(origin, ()):
                    continue
                problems.append(f"{rel_origin}: {ref} (no such file)")
                continue
            if fragment and target.suffix == ".html":
                page = pages.get(target) or read_page(target)
                if not page.has(fragment):
                    problems.append(
                        f"{rel_origin}: {ref} "
                        f"(no id {fragment!r} in {target.relative_to(root).as_posix()})"
                    )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, nargs="?", default=Path("_build/html"))
    parser.add_argument(
        "--published", action="store_true", help="the PDFs a deployment adds must be there too"
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"{args.site}: no index.html (build the site first: make html)", file=sys.stderr)
        return 2
    problems = check_site(args.site, args.published)
    for line in problems:
        print(line)
    n_pages = sum(1 for _ in args.site.rglob("*.html"))
    print(
        f"check_site: {n_pages} pages, {len(problems)} broken internal references", file=sys.stderr
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
