"""The edition's pages read without a build: each step's body, its text, and its text as
printed (the base text the page holds, with the apparatus applied).

For the tools and tests that work on the text before Sphinx does (the cross-reference scanner,
the nothing-lost tests). The build itself reads the pages through MyST; the two agree (a test
compares them with ``edition.json``).
"""

from __future__ import annotations

import re
from pathlib import Path

from ritual.core import apparatus, orthography  # the engine, on the path tools.cli puts it on

from tools.cli import DEFAULT_EDITION, Edition, pages

EDITION = DEFAULT_EDITION
STEP_OPEN = re.compile(r"^:{3,}\{xs:step\}\s+(\S+)\s*$")
# A role; a cross-reference formula whose words carry roles has a longer fence (``…``).
ROLE = re.compile(r"\{(?P<name>[a-z-]+)\}(?:``(?P<long>.+?)``(?!`)|`(?P<body>[^`]*)`)")
FORMULA_ROLES = ("ref-as", "ref-ext")
TARGET = re.compile(r"\s*<[^<>]*>\s*$")
EXPLICIT = re.compile(r"^(?P<surface>.*?)\s*<[^<>]+>$", re.S)


def plain(body: str) -> str:
    """A step body's text: each role gives its surface (``!`` and ``<headword>`` dropped; a
    formula, ``{ref-as}`揖讓如初 <xs-0034>```, its words)."""

    def surface(m: re.Match[str]) -> str:
        text = m["long"] if m["long"] is not None else m["body"]
        if m["name"] in FORMULA_ROLES:
            return plain(TARGET.sub("", text))  # the formula's words, their roles read too
        if m["name"] not in ("plain", "doubt"):
            text = text.removeprefix("!")
            e = EXPLICIT.match(text)
            if e:
                text = e["surface"].strip()
        return text

    return ROLE.sub(surface, body)


def step_bodies(lines: list[str]) -> dict[str, tuple[int, int]]:
    """step id → (first, last+1) line indexes of its text body (options and children
    excluded)."""
    out: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(lines):
        m = STEP_OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and re.match(r"^:[\w-]+:", lines[j]):
            j += 1
        k = j
        while k < len(lines) and not lines[k].startswith(":::"):
            k += 1
        out[m.group(1)] = (j, k)
        i = k
    return out


def page_steps(page: str) -> dict[str, str]:
    """step id → the text of its body as the page holds it (the base text)."""
    lines = page.splitlines()
    return {
        step: "".join(plain(line.strip()) for line in lines[a:b] if line.strip())
        for step, (a, b) in step_bodies(lines).items()
    }


def base_texts(folder: Path) -> dict[str, str]:
    """step id → the page's text, for every page of ``folder`` (file order)."""
    out: dict[str, str] = {}
    for page in sorted(folder.glob("*.md")):
        out.update(page_steps(page.read_text(encoding="utf-8")))
    return out


def edition_texts(edition: Edition) -> dict[str, str]:
    """step id → the page's text, for every step of ``edition``'s pages (page order)."""
    out: dict[str, str] = {}
    for page in pages(edition):
        out.update(page_steps(page.read_text(encoding="utf-8")))
    return out


def edited_texts(texts: dict[str, str], apparatus_path: Path = EDITION / "apparatus.toml"):
    """Each step's base text with the apparatus applied (what the orthography record is
    taken from and applied to); an edition without an apparatus prints its base text."""
    entries = apparatus.load_entries(apparatus_path) if apparatus_path.is_file() else []
    by_step: dict[str, list[apparatus.Entry]] = {}
    for entry in entries:
        by_step.setdefault(entry.step, []).append(entry)
    return {sid: apparatus.edited_text(text, by_step.get(sid, [])) for sid, text in texts.items()}


def printed_texts(
    texts: dict[str, str],
    apparatus_path: Path = EDITION / "apparatus.toml",
    record_path: Path = EDITION / "orthography.tsv",
):
    """The texts as printed: each step's base text with the apparatus applied, then the
    orthography record's forms (于 for the base's 於), as the build prints them."""
    by_step: dict[str, list[orthography.Place]] = {}
    if record_path.is_file():
        for place in orthography.load_places(record_path):
            by_step.setdefault(place.step, []).append(place)
    return {
        sid: orthography.apply(text, by_step.get(sid, []))
        for sid, text in edited_texts(texts, apparatus_path).items()
    }
