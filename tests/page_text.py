"""The plain text of the steps as the pages hold it (the base text, markup stripped), for the
tests that compare the pages with the seed without a build."""

from __future__ import annotations

import re
from pathlib import Path

STEP_OPEN = re.compile(r"^:{3,}\{xs:step\}\s+(\S+)\s*$")
ROLE = re.compile(r"\{(?P<name>[a-z-]+)\}`(?P<body>[^`]*)`")
EXPLICIT = re.compile(r"^(?P<surface>.*?)\s*<[^<>]+>$", re.S)


def plain(line: str) -> str:
    """A step body's text: each role gives its surface (``!`` and ``<headword>`` dropped)."""

    def surface(m: re.Match[str]) -> str:
        body = m["body"]
        if m["name"] not in ("plain", "doubt"):
            body = body.removeprefix("!")
            e = EXPLICIT.match(body)
            if e:
                body = e["surface"].strip()
        return body

    return ROLE.sub(surface, line)


def page_steps(folder: Path) -> dict[str, str]:
    """step id → the plain text of its body, for every page of ``folder``."""
    out: dict[str, str] = {}
    for page in sorted(folder.glob("*.md")):
        lines = page.read_text(encoding="utf-8").split("\n")
        for i, line in enumerate(lines):
            m = STEP_OPEN.match(line)
            if not m:
                continue
            j = i + 1
            while j < len(lines) and lines[j].startswith(":") and not lines[j].startswith(":::"):
                j += 1
            if j < len(lines) and lines[j] == "":
                j += 1
            out[m.group(1)] = plain(lines[j]) if j < len(lines) else ""
    return out
