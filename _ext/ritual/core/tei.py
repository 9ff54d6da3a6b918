"""The edition as TEI P5: one document made from the records of ``edition.json``.  Pure Python.

The build assembles the edition once (:func:`.export.build_edition`: the steps with their text,
terms, apparatus, formulas and ties, the phases, the indexes) and writes ``edition.json``; this
module turns the same dict, and the few facts that file leaves out (an apparatus entry's id,
kind and witness pages, the sigla's descriptions: :class:`Extras`), into a TEI document. No
page is read again and nothing is parsed twice.

How the edition is encoded (the sources page, 「資料與介面」, says the same for readers):

- ``variantEncoding method="parallel-segmentation" location="internal"``: each apparatus entry
  stands in the text as ``<app>``; its ``<lem>`` holds the printed reading (with the terms and
  formulas marked in it), each ``<rdg>`` another reading with its sigla in ``@wit``; an
  omission is an empty ``<rdg>``, a deletion by the editors an empty ``<lem>``. The page of a
  witness's reading is a ``<witDetail type="page">``, a slip of a digital copy a
  ``<witDetail type="slip">`` (the witness itself is among the lemma's, as edition.json has
  it), a collated witness that does not have the passage (楊's 儀禮圖 quotes only part of the
  text, 叢 has a lost page) a ``<witDetail type="lacking">`` with the editors' words, so that
  every collated witness is accounted for at every entry; the note (who reads what, then the
  editors' reasoning) a ``<note>``. Every ``<app>`` names its kind's category in ``@ana``: the
  text's kinds, the translation's, and the forms corrected as a class (:data:`ORTHOGRAPHY`).
- The header states the project and the editorial principles (``[tei] project``,
  ``[tei.editorial]``) and every language the document uses; the retired step ids stay in
  ``<standOff>`` (:data:`RETIRED`), each pointing to the step that carries its text.
- The body has two divisions: the edition (``div type="edition"``: the text's own steps and
  the steps that explain them, each part a ``div type="part"``, each phase a
  ``div type="phase"``, each step an ``ab type="step"`` with its id and number), and the
  translation (``div type="translation"``, an ``ab corresp="#<step>"`` per step; the editors'
  own translations carry ``@resp``; its corrections are ``<app>`` too, the base translation
  being the reading of the base text's siglum).
- A marked term is ``<rs type="<kind>" ref="#<kind>-<headword>">``, pointing into the
  vocabularies in ``<standOff>`` (a ``list`` per kind, an ``item`` per headword with its
  pinyin and glosses); a back-reference formula is ``<ref type="formula" target="#…">``; a
  step that explains others names them in ``@corresp``.
- The commentary (鄭注 in ``edition.json``'s ``commentary``) is a
  ``<note type="commentary" resp="#<author>" xml:id="<note id>">`` standing where the note
  stands in the text, right after its lemma. The lemma is the span between two empty
  ``<anchor>``s, ``<note id>-start`` and ``<note id>-end``, that the note names in ``@target``
  and ``@targetEnd``; a lemma that runs across steps (``spans_steps``) begins with its start
  anchor in the first of them. ``@source`` names the witness the note is read from, ``@n`` its
  page(s). The author is a ``person`` in the header's ``respStmt``, the transcription's source
  and licence in ``sourceDesc``. A part another witness supplies is a ``<supplied>``; a reading
  the other witnesses read otherwise (the edition's errata of the commentary) is a
  ``<choice>`` of the note's ``<sic>`` and their ``<corr>``.
- ``refsDecl``: a step is cited by its own id (``<prefix>-0001``) and a phase by its id; see
  :func:`refs_decl` for why the two are declared side by side and not nested.

The document is built with :mod:`xml.etree.ElementTree` (no third-party parser at build time).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple
from xml.etree import ElementTree as ET

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
#: The namespace of the DTS Document endpoint's ``<dts:wrapper>`` (DTS 1.0).
DTS_NS = "https://w3id.org/api/dts#"
XML_ID = f"{{{XML_NS}}}id"
XML_LANG = f"{{{XML_NS}}}lang"
ET.register_namespace("dts", DTS_NS)

#: The values of ``@type`` the document uses (what the docs and the tests look for).
EDITION_DIV, PART_DIV, PHASE_DIV, TRANSLATION_DIV, STEP_AB = (
    "edition",
    "part",
    "phase",
    "translation",
    "step",
)
#: ``div type="part"``'s ``@subtype``: the text's own steps, and the steps that explain them.
MAIN, RECORD = "main", "record"
#: A step that explains the rite as a whole, tied to no one step.
GENERAL = "general"
#: How the editors are pointed at (``@resp="#editors"``).
EDITORS_ID = "editors"
#: The type of an ``<app>`` of a form corrected as a class (orthography.tsv), not a 校記.
ORTHOGRAPHY = "orthography"
#: The commentary's responsibility, as the header's ``respStmt`` names it.
COMMENTARY_RESP = "注"
TAXONOMY_APPARATUS, TAXONOMY_TERMS = "apparatus", "terms"
#: The parts of the header's ``editorialDecl`` an edition may state, in TEI's names.
EDITORIAL_PARTS = (
    "correction",
    "normalization",
    "punctuation",
    "segmentation",
    "hyphenation",
    "quotation",
    "interpretation",
)
#: The ``<list type>`` in ``<standOff>`` of the retired step ids, each an ``item`` that keeps
#: the id and points (``ptr``) to the step that carries its text now.
RETIRED = "retired"
#: The attributes of the document that point to an ``xml:id`` (``#id``, space-separated).
POINTERS = ("ref", "target", "targetEnd", "corresp", "wit", "ana", "resp", "source")


def t(tag: str) -> str:
    """The name of a TEI element in the tree. The tree's elements are unqualified and the root
    declares TEI the default namespace (``xmlns``): ElementTree cannot write unqualified
    attributes under a ``default_namespace``, and TEI's attributes are unqualified."""
    return tag


def el(
    tag: str, attrs: Mapping[str, str] | None = None, text: str = "", *children: ET.Element
) -> ET.Element:
    node = ET.Element(t(tag), {k: v for k, v in (attrs or {}).items() if v != ""})
    if text:
        node.text = text
    node.extend(children)
    return node


def sub(parent: ET.Element, tag: str, attrs: Mapping[str, str] | None = None, text: str = ""):
    node = el(tag, attrs, text)
    parent.append(node)
    return node


# -- what edition.json leaves out ----------------------------------------------------------------


class EntryExtra(NamedTuple):
    """What the TEI says of an apparatus entry beyond edition.json: its id, its kind, the page
    of each witness's reading, the slips of a digital copy ((siglum, what it has)), and the
    collated witnesses that do not have the passage ((siglum, the editors' words))."""

    id: str
    kind: str
    pages: tuple[tuple[str, str], ...] = ()
    slips: tuple[tuple[str, str], ...] = ()
    lacking: tuple[tuple[str, str], ...] = ()


class Witness(NamedTuple):
    """A row of the sigla table."""

    siglum: str
    name: str
    description: str
    source: str
    licence: str
    role: str


class Commentary(NamedTuple):
    """Who wrote the commentary and whence its transcription (``[tei.commentary]``), and where
    each lemma across steps begins (note id → (step, offset): ``edition.json`` gives only the
    steps a lemma runs over)."""

    author: str
    #: the ``xml:id`` of the author (default: the author's name)
    resp: str = ""
    source: str = ""
    licence: str = ""
    licence_url: str = ""
    starts: Mapping[str, tuple[str, int]] = {}
    #: the errata of the notes (note id → (start, end, the others' reading, their sigla), in
    #: the note's plain words): the note's reading is a ``<sic>`` in a ``<choice>`` with the
    #: others' as a ``<corr>`` (the text printed stays the witness's)
    errata: Mapping[str, Sequence[tuple[int, int, str, str]]] = {}


@dataclass(frozen=True)
class Extras:
    """The edition's facts the TEI needs and edition.json does not hold."""

    edition_id: str
    lang: str
    translation_lang: str
    editors: str
    resp: str
    date: str
    base_url: str
    license: str
    license_url: str
    title_en: str = ""
    #: the address of the TEI file (absolute with a base URL, else relative to the site root)
    tei_url: str = ""
    witnesses: tuple[Witness, ...] = ()
    base_siglum: str = ""
    apparatus_kinds: Mapping[str, str] = field(default_factory=dict)
    #: (name, title, English title) of each kind of term, in index order
    term_kinds: tuple[tuple[str, str, str], ...] = ()
    #: the heads of the two parts (main, record); "" for none
    part_heads: tuple[str, str] = ("", "")
    entries: Mapping[str, Sequence[EntryExtra]] = field(default_factory=dict)
    translation_entries: Mapping[str, Sequence[EntryExtra]] = field(default_factory=dict)
    #: step → the other text each of its formulas points to ("" for one of this text), in order
    externals: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: the steps that explain others (``:explains:``), and those of them tied to no one step
    record_steps: frozenset[str] = frozenset()
    general_steps: frozenset[str] = frozenset()
    commentary: Commentary | None = None
    #: the project, as the header's ``projectDesc`` says it ("" for none)
    project: str = ""
    #: the editorial principles, as the header's ``editorialDecl`` says them: (the element of
    #: each, one of :data:`EDITORIAL_PARTS`, its paragraph), in order
    editorial: tuple[tuple[str, str], ...] = ()
    #: retired step ids → the live step that carries their text (the step registry)
    retired: Mapping[str, str] = field(default_factory=dict)


# -- inline markup: text, terms, formulas and apparatus as nested elements -----------------------


class Span(NamedTuple):
    """A stretch of a step's text to be marked: ``rank`` orders spans of the same extent (the
    outer first); a span that may not be cut (an apparatus entry) has ``whole``."""

    start: int
    end: int
    rank: int
    whole: bool
    make: Any  # (children builder) -> element; see _inline


def _crosses(a: Span, b: Span) -> bool:
    return a.start < b.start < a.end < b.end or b.start < a.start < b.end < a.end


def nest(spans: Iterable[Span]) -> list[Span]:
    """The spans cut so that no two cross: a span that crosses an uncut one (an apparatus
    entry) is cut at its boundary, an apparatus entry never. Cut pieces keep their maker."""
    placed: list[Span] = []
    todo = sorted(spans, key=lambda s: (not s.whole, s.start, -s.end, s.rank))
    while todo:
        span = todo.pop(0)
        other = next((p for p in placed if _crosses(p, span)), None)
        if other is None:
            placed.append(span)
            continue
        cut = other.end if span.start < other.end < span.end else other.start
        todo[0:0] = [span._replace(end=cut), span._replace(start=cut)]
    # an empty span (a deletion) before the spans that begin where it stands: it is inside none
    return sorted(placed, key=lambda s: (s.start, s.end != s.start, -s.end, s.rank))


def _contains(outer: Span, inner: Span) -> bool:
    if outer.start == outer.end:
        return False
    if inner.start == inner.end:  # an empty lemma sits inside a span only strictly within it
        return outer.start < inner.start < outer.end
    return outer.start <= inner.start and inner.end <= outer.end


def fill(parent: ET.Element, text: str, lo: int, hi: int, spans: list[Span]) -> None:
    """Append ``text[lo:hi]`` to ``parent``, the ``spans`` (nested, sorted, within it) as
    elements made by their makers."""
    last: ET.Element | None = None
    pos = lo

    def put(chunk: str) -> None:
        if not chunk:
            return
        if last is None:
            parent.text = (parent.text or "") + chunk
        else:
            last.tail = (last.tail or "") + chunk

    i = 0
    while i < len(spans):
        span = spans[i]
        inner = []
        j = i + 1
        while j < len(spans) and _contains(span, spans[j]):
            inner.append(spans[j])
            j += 1
        put(text[pos : span.start])

        def children(node: ET.Element, span: Span = span, inner: list[Span] = inner) -> None:
            fill(node, text, span.start, span.end, inner)

        last = span.make(children)
        parent.append(last)
        pos = span.end
        i = j
    put(text[pos:hi])


def _wits(sigla: Iterable[str]) -> str:
    return " ".join(f"#{s}" for s in sigla)


def term_id(kind: str, term: str) -> str:
    """The ``xml:id`` of a headword in the vocabularies (``vessel-爵``)."""
    return f"{kind}-{term}"


def _app_maker(entry: Mapping[str, Any], extra: EntryExtra | None, ana_prefix: str) -> Any:
    """An ``<app>``: the lemma (the reading printed, with what is marked in it), the other
    readings, the pages and slips, the note."""

    def make(children: Any) -> ET.Element:
        kind = extra.kind if extra else ""
        app = el(
            "app",
            {
                XML_ID: extra.id if extra else "",
                "type": kind,
                "ana": f"#{ana_prefix}.{kind}" if kind else "",
            },
        )
        readings = list(entry["readings"])
        lemma_reading = next((r for r in readings if r["text"] == entry["lemma"]), None)
        lem = el(
            "lem",
            {"wit": _wits(lemma_reading["witnesses"])}
            if lemma_reading
            else {"resp": f"#{EDITORS_ID}"},
        )
        children(lem)
        app.append(lem)
        for reading in readings:
            if reading is lemma_reading:
                continue
            sub(app, "rdg", {"wit": _wits(reading["witnesses"])}, reading["text"])
        if extra:
            for siglum, page in extra.pages:
                sub(app, "witDetail", {"wit": f"#{siglum}", "type": "page"}, page)
            for siglum, slip in extra.slips:
                sub(app, "witDetail", {"wit": f"#{siglum}", "type": "slip"}, slip)
            for siglum, why in extra.lacking:
                sub(app, "witDetail", {"wit": f"#{siglum}", "type": "lacking"}, why)
        if entry.get("note"):
            sub(app, "note", {}, entry["note"])
        return app

    return make


def _rs_maker(annotation: Mapping[str, Any]) -> Any:
    def make(children: Any) -> ET.Element:
        node = el(
            "rs",
            {
                "type": annotation["type"],
                "subtype": "negated" if annotation.get("negated") else "",
                "ref": "#" + term_id(annotation["type"], annotation["term"]),
            },
        )
        children(node)
        return node

    return make


def _formula_maker(reference: Mapping[str, Any], external: str) -> Any:
    def make(children: Any) -> ET.Element:
        node = el(
            "ref",
            {
                "type": "formula",
                "subtype": "external" if reference.get("external") else "",
                "target": _wits(reference.get("steps", [])),
                "n": external,
            },
        )
        children(node)
        return node

    return make


# Ranks for spans of one extent: the apparatus outermost (its lemma holds the marked words),
# then a formula, then a term. Of the empty spans at one place, a lemma's start anchor comes
# first (before a deletion there), a note's end anchor and the note last.
_START, _APP, _REF, _RS, _END, _NOTE = -1, 0, 1, 2, 3, 4


def _leaf(tag: str, attrs: Mapping[str, str], text: str = "") -> Any:
    """A maker of an element with nothing of the text inside (an anchor, a note)."""

    def make(children: Any) -> ET.Element:
        return el(tag, attrs, text)

    return make


def anchor_ids(note_id: str) -> tuple[str, str]:
    """The ``xml:id``s of the anchors at the start and the end of a note's lemma."""
    return f"{note_id}-start", f"{note_id}-end"


def note_spans(step_id: str, steps: Sequence[Mapping[str, Any]], info: Commentary) -> list[Span]:
    """The anchors and notes that stand in step ``step_id``'s text: its own notes (end anchor,
    note) and their start anchors, and the start anchors of the notes of later steps whose
    lemmas begin here (``steps``: the steps whose notes may begin here, this one included)."""
    spans: list[Span] = []
    for step in steps:
        for note in step.get("commentary", ()):
            start_id, end_id = anchor_ids(note["id"])
            first = info.starts.get(note["id"]) if note.get("spans_steps") else None
            if (first[0] if first else step["id"]) == step_id:
                at = first[1] if first else note["start"]
                spans.append(Span(at, at, _START, False, _leaf("anchor", {XML_ID: start_id})))
            if step["id"] != step_id:
                continue
            end = note["end"]
            spans.append(Span(end, end, _END, False, _leaf("anchor", {XML_ID: end_id})))
            attrs = {
                "type": "commentary",
                XML_ID: note["id"],
                "resp": f"#{info.resp or info.author}",
                "target": f"#{start_id}",
                "targetEnd": f"#{end_id}",
                "source": f"#{note['witness']}" if note.get("witness") else "",
                "n": " ".join(note.get("pages", ())),
            }
            errata = info.errata.get(note["id"], ())
            spans.append(Span(end, end, _NOTE, False, _note_maker(attrs, note, errata)))
    return spans


def _note_maker(
    attrs: Mapping[str, str],
    note: Mapping[str, Any],
    errata: Sequence[tuple[int, int, str, str]] = (),
) -> Any:
    """A maker of a commentary note: its words, a part that another witness supplies (where
    the note's own witness has lost a page) as ``<supplied>`` naming that witness and page, a
    reading that the other witnesses read otherwise as ``<choice><sic/><corr/></choice>`` (the
    ``<corr>`` the editors', its ``@source`` those witnesses)."""

    def make(children: Any) -> ET.Element:
        node = el("note", attrs)
        text, pos, last = note["text"], 0, None
        marked: list[tuple[int, int, Any]] = [
            (part["start"], part["end"], part) for part in note.get("supplied", ())
        ]
        marked += [(start, end, (read, sigla)) for start, end, read, sigla in errata]
        for start, end, what in sorted(marked, key=lambda m: m[0]):
            chunk = text[pos:start]
            if last is None:
                node.text = chunk
            else:
                last.tail = chunk
            if isinstance(what, tuple):
                read, sigla = what
                last = sub(node, "choice", {})
                sub(last, "sic", {}, text[start:end])
                source = " ".join(f"#{s}" for s in sigla)
                sub(last, "corr", {"resp": f"#{EDITORS_ID}", "source": source}, read)
            else:
                last = sub(
                    node,
                    "supplied",
                    {
                        "reason": "lacuna",
                        "source": f"#{what['witness']}",
                        "n": " ".join(what["pages"]),
                    },
                    text[start:end],
                )
            pos = end
        if last is None:
            node.text = text
        else:
            last.tail = text[pos:] or None
        return node

    return make


def inline(
    parent: ET.Element,
    text: str,
    annotations: Sequence[Mapping[str, Any]],
    apparatus: Sequence[Mapping[str, Any]],
    extras: Sequence[EntryExtra],
    ana_prefix: str,
    references: Sequence[Mapping[str, Any]] = (),
    externals: Sequence[str] = (),
    notes: Sequence[Span] = (),
) -> None:
    """The step's (or translation's) text into ``parent``, with every span marked (``notes``:
    the commentary's anchors and notes, :func:`note_spans`)."""
    spans = [
        Span(a["start"], a["end"], _APP, True, _app_maker(a, x, ana_prefix))
        for a, x in zip(apparatus, _padded(extras, len(apparatus)), strict=True)
    ]
    spans += [
        Span(r["start"], r["end"], _REF, False, _formula_maker(r, ext))
        for r, ext in zip(references, _padded(externals, len(references), ""), strict=True)
    ]
    spans += [Span(a["start"], a["end"], _RS, False, _rs_maker(a)) for a in annotations]
    spans += notes
    fill(parent, text, 0, len(text), nest(spans))


def _padded(values: Sequence[Any], n: int, pad: Any = None) -> list[Any]:
    return list(values[:n]) + [pad] * (n - len(values))


# -- the header -----------------------------------------------------------------------------------


def refs_decl(step_match: str, phase_match: str) -> ET.Element:
    """How a passage is cited: by the step's own id, and by the phase's.

    A nested ``citeStructure`` (phase, then step) would cite a step as the phase's id, a
    delimiter and the step's id (``<phase>.<step>``): a TEI reader concatenates the levels.
    The edition's citation of a step is its permanent id alone, so the two units are declared
    side by side, each by its own id, the step first (the structure a single-structure reader
    such as dapytains takes); a step's phase is given by ``citeData`` (``dct:isPartOf``), and
    in the document by the ``div`` around it. The DTS navigation (:mod:`.dts`) nests the steps
    under their phases with the same identifiers; dapytains, which reads the first structure
    only, serves the steps as one level. No ``refsDecl`` gives both: nested, a step's citation
    is its phase's, the delimiter and its own (dapytains: ``<phase>.<step>``).
    """
    decl = el("refsDecl", {"default": "true"})
    step = sub(decl, "citeStructure", {"unit": "step", "match": step_match, "use": "@xml:id"})
    sub(
        step,
        "citeData",
        {"property": "http://purl.org/dc/terms/isPartOf", "use": "parent::div/@xml:id"},
    )
    sub(decl, "citeStructure", {"unit": "phase", "match": phase_match, "use": "@xml:id"})
    return decl


def header(data: Mapping[str, Any], extras: Extras) -> ET.Element:
    edition = data["edition"]
    head = el("teiHeader")
    file_desc = sub(head, "fileDesc")
    title_stmt = sub(file_desc, "titleStmt")
    title, _, _ = edition["title"].partition(" (")
    sub(title_stmt, "title", {"type": "main", XML_LANG: extras.lang}, title.strip())
    if extras.title_en:
        sub(title_stmt, "title", {"type": "alt", XML_LANG: "en"}, extras.title_en)
    resp_stmt = sub(title_stmt, "respStmt")
    sub(resp_stmt, "resp", {}, extras.resp)
    sub(resp_stmt, "orgName", {XML_ID: EDITORS_ID}, extras.editors)
    info = extras.commentary
    if info is not None:
        resp_stmt = sub(title_stmt, "respStmt")
        sub(resp_stmt, "resp", {}, COMMENTARY_RESP)
        sub(resp_stmt, "persName", {XML_ID: info.resp or info.author}, info.author)
    edition_stmt = sub(file_desc, "editionStmt")
    sub(edition_stmt, "edition", {"n": edition["version"]}, edition["version"])
    pub = sub(file_desc, "publicationStmt")
    sub(pub, "publisher", {}, extras.editors)
    if extras.base_url:
        sub(pub, "pubPlace", {}, extras.base_url)
    if extras.tei_url:
        sub(pub, "idno", {"type": "URI"}, extras.tei_url)
    sub(pub, "idno", {"type": "version"}, edition["version"])
    availability = sub(pub, "availability")
    sub(availability, "licence", {"target": extras.license_url}, extras.license)
    if extras.date:
        sub(pub, "date", {"when": extras.date}, extras.date)
    source_desc = sub(file_desc, "sourceDesc")
    sub(source_desc, "bibl", {"type": "base"}, edition["base_text"])
    if info is not None and (info.source or info.licence):
        bibl = sub(source_desc, "bibl", {"type": "commentary"})
        sub(bibl, "author", {}, info.author)
        if info.source:
            sub(bibl, "note", {"type": "source"}, info.source)
        if info.licence:
            available = sub(bibl, "availability")
            sub(available, "licence", {"target": info.licence_url}, info.licence)
    list_wit = sub(source_desc, "listWit")
    for w in extras.witnesses:
        witness = sub(list_wit, "witness", {XML_ID: w.siglum, "n": w.role})
        sub(witness, "abbr", {"type": "siglum"}, w.siglum)
        sub(witness, "title", {}, w.name).tail = "：" + w.description if w.description else None
        if w.source:
            sub(witness, "note", {"type": "source"}, w.source)
        if w.licence:
            sub(witness, "note", {"type": "licence"}, w.licence)
    head.append(encoding_desc(extras))
    profile = sub(head, "profileDesc")
    sub(profile, "langUsage")  # filled in by :func:`build`, with every language the file uses
    return head


def declare_languages(root: ET.Element, first: Sequence[str]) -> None:
    """The header's ``langUsage``: a ``language`` for each ``xml:lang`` of the document,
    ``first`` (the text's, the translation's) first, the others in the order they appear."""
    usage = root.find(f"{t('teiHeader')}/{t('profileDesc')}/{t('langUsage')}")
    if usage is None:
        return
    langs = dict.fromkeys(first)
    for node in root.iter():
        lang = node.get(XML_LANG)
        if lang:
            langs.setdefault(lang)
    for lang in langs:
        sub(usage, "language", {"ident": lang}, lang)


def encoding_desc(extras: Extras) -> ET.Element:
    enc = el("encodingDesc")
    if extras.project:
        sub(sub(enc, "projectDesc"), "p", {}, extras.project)
    if extras.editorial:
        decl = sub(enc, "editorialDecl")
        for part, text in extras.editorial:
            sub(sub(decl, part), "p", {}, text)
    sub(enc, "variantEncoding", {"method": "parallel-segmentation", "location": "internal"})
    enc.append(refs_decl(STEP_MATCH, PHASE_MATCH))
    class_decl = sub(enc, "classDecl")
    taxonomy = sub(class_decl, "taxonomy", {XML_ID: TAXONOMY_APPARATUS})
    for name, label in extras.apparatus_kinds.items():
        cat = sub(taxonomy, "category", {XML_ID: f"{TAXONOMY_APPARATUS}.{name}"})
        sub(cat, "catDesc", {}, label)
    taxonomy = sub(class_decl, "taxonomy", {XML_ID: TAXONOMY_TERMS})
    for name, title, title_en in extras.term_kinds:
        cat = sub(taxonomy, "category", {XML_ID: f"{TAXONOMY_TERMS}.{name}"})
        sub(cat, "catDesc", {XML_LANG: extras.lang}, title)
        if title_en:
            sub(cat, "catDesc", {XML_LANG: "en"}, title_en)
    return enc


#: Where the steps and the phases stand (absolute, as the TEI wants a top-level @match).
PHASE_MATCH = f"/TEI/text/body/div[@type='{EDITION_DIV}']/div/div[@type='{PHASE_DIV}']"
STEP_MATCH = PHASE_MATCH + f"/ab[@type='{STEP_AB}']"


# -- the vocabularies ---------------------------------------------------------------------------


def _vocab_item(
    parent: ET.Element, kind: str, entry: Mapping[str, Any], lang: str, seen: set[str]
) -> None:
    """An ``item`` of a headword: its form, pinyin, glosses, category and sub-terms."""
    seen.add(entry["term"])
    item = sub(parent, "item", {XML_ID: term_id(kind, entry["term"]), "n": entry["term"]})
    sub(item, "term", {XML_LANG: lang}, entry["term"])
    if entry.get("pinyin"):
        sub(item, "term", {"type": "pinyin", XML_LANG: "zh-Latn-pinyin"}, entry["pinyin"])
    if entry.get("gloss_zh"):
        sub(item, "gloss", {XML_LANG: lang}, entry["gloss_zh"])
    if entry.get("gloss_en"):
        sub(item, "gloss", {XML_LANG: "en"}, entry["gloss_en"])
    if entry.get("category"):
        sub(item, "note", {"type": "category"}, entry["category"])
    if entry.get("sub"):
        inner = sub(item, "list", {"type": "sub"})
        for child in entry["sub"]:
            _vocab_item(inner, kind, child, lang, seen)


def vocabularies(
    indexes: Mapping[str, Sequence[Mapping[str, Any]]], extras: Extras, used: set[tuple[str, str]]
) -> ET.Element:
    """``<standOff>``: a list per kind of term, an item per headword (sub-terms in a list of
    their own inside their headword's item); ``used`` names every (kind, term) an ``rs``
    points to, so that a term without an index entry still gets an item."""
    stand_off = el("standOff")
    for kind, title, _ in extras.term_kinds:
        if kind not in indexes and not any(u[0] == kind for u in used):
            continue
        listing = sub(stand_off, "list", {"type": kind, XML_ID: f"vocabulary-{kind}"})
        sub(listing, "head", {}, title)
        seen: set[str] = set()
        for entry in indexes.get(kind, []):
            _vocab_item(listing, kind, entry, extras.lang, seen)
        for k, term in sorted(used):
            if k == kind and term not in seen:
                _vocab_item(listing, kind, {"term": term}, extras.lang, seen)
    return stand_off


# -- the document ------------------------------------------------------------------------------


class Parts(NamedTuple):
    """The phases of the edition in the two parts: the text's own, and those that explain it."""

    main: list[Mapping[str, Any]]
    record: list[Mapping[str, Any]]


def split_parts(data: Mapping[str, Any], record_steps: frozenset[str]) -> Parts:
    """A phase belongs to the record when its steps explain others (``:explains:``)."""
    parts = Parts([], [])
    for section in data["sections"]:
        record = any(sid in record_steps for sid in section["steps"])
        (parts.record if record else parts.main).append(section)
    return parts


def step_ab(
    step: Mapping[str, Any], extras: Extras, begin_here: Sequence[Mapping[str, Any]] = ()
) -> ET.Element:
    """A step's ``ab``; ``begin_here``: the later steps with a note whose lemma begins in it."""
    ab = el(
        "ab",
        {
            "type": STEP_AB,
            XML_ID: step["id"],
            "n": str(step["number"]),
            "subtype": GENERAL if step["id"] in extras.general_steps else "",
            "corresp": _wits(step.get("explains") or []),
        },
    )
    inline(
        ab,
        step["text"],
        step["annotations"],
        step["apparatus"],
        extras.entries.get(step["id"], ()),
        TAXONOMY_APPARATUS,
        step.get("references", ()),
        extras.externals.get(step["id"], ()),
        note_spans(step["id"], [step, *begin_here], extras.commentary)
        if extras.commentary is not None
        else (),
    )
    return ab


def translation_ab(step: Mapping[str, Any], extras: Extras) -> ET.Element:
    ab = el(
        "ab",
        {
            "corresp": f"#{step['id']}",
            "resp": f"#{EDITORS_ID}" if step.get("translation_source") == "editors" else "",
        },
    )
    inline(
        ab,
        step["translation"] or "",
        (),
        step.get("translation_apparatus", ()),
        extras.translation_entries.get(step["id"], ()),
        TAXONOMY_APPARATUS,
    )
    return ab


def build(data: Mapping[str, Any], extras: Extras) -> ET.Element:
    """The TEI document of the edition (the root ``<TEI>`` element)."""
    root = el("TEI", {"xmlns": TEI_NS, XML_LANG: extras.lang})
    root.append(header(data, extras))
    steps = {s["id"]: s for s in data["steps"]}
    begin_here: dict[str, list[Mapping[str, Any]]] = {}
    if extras.commentary is not None:
        for step in data["steps"]:
            firsts = {
                extras.commentary.starts[n["id"]][0]
                for n in step.get("commentary", ())
                if n.get("spans_steps") and n["id"] in extras.commentary.starts
            }
            for first in firsts - {step["id"]}:
                begin_here.setdefault(first, []).append(step)
    text = sub(root, "text", {XML_LANG: extras.lang})
    body = sub(text, "body")
    edition_div = sub(body, "div", {"type": EDITION_DIV})
    parts = split_parts(data, extras.record_steps)
    for subtype, sections, head_text in (
        (MAIN, parts.main, extras.part_heads[0]),
        (RECORD, parts.record, extras.part_heads[1]),
    ):
        if not sections:
            continue
        part = sub(edition_div, "div", {"type": PART_DIV, "subtype": subtype})
        if head_text:
            sub(part, "head", {}, head_text)
        for section in sections:
            phase = sub(
                part,
                "div",
                {"type": PHASE_DIV, XML_ID: section["id"], "n": str(section["number"])},
            )
            sub(phase, "head", {}, section["title"])
            for sid in section["steps"]:
                if sid in steps:
                    phase.append(step_ab(steps[sid], extras, begin_here.get(sid, ())))
    translation = sub(body, "div", {"type": TRANSLATION_DIV, XML_LANG: extras.translation_lang})
    for step in data["steps"]:
        if step.get("translation") is not None:
            translation.append(translation_ab(step, extras))
    used = {(a["type"], a["term"]) for s in data["steps"] for a in s["annotations"]}
    stand_off = vocabularies(data.get("indexes", {}), extras, used)
    retired = {old: new for old, new in extras.retired.items() if new in steps}
    if retired:
        listing = sub(stand_off, "list", {"type": RETIRED})
        for old, new in sorted(retired.items()):
            item = sub(listing, "item", {XML_ID: old, "n": old})
            sub(item, "ptr", {"type": "replacedBy", "target": f"#{new}"})
    root.append(stand_off)
    declare_languages(root, [extras.lang, extras.translation_lang])
    return root


def retired_ids(root: ET.Element) -> dict[str, str]:
    """The retired step ids the document keeps (``<list type="retired">``) → their steps."""
    out: dict[str, str] = {}
    for listing in root.iter(t("list")):
        if listing.get("type") != RETIRED:
            continue
        for item in listing.findall(t("item")):
            ptr = item.find(t("ptr"))
            if ptr is not None and item.get(XML_ID):
                out[item.get(XML_ID, "")] = ptr.get("target", "").removeprefix("#")
    return out


def serialize(root: ET.Element) -> bytes:
    """The document as UTF-8 XML with its declaration."""
    return (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        + ET.tostring(root, encoding="unicode").encode("utf-8")
        + b"\n"
    )


class Fragments:
    """The DTS Document answers for passages of one document: a ``<TEI>`` with the document's
    title, the passage in ``<dts:wrapper>`` inside the body, and a context (e.g. the step's
    translation) after the wrapper. What every answer shares (the root, the short header, the
    wrapper's opening) is serialized once; each answer serializes only its passage."""

    def __init__(self, root: ET.Element, whole: str = "") -> None:
        """``whole``: the address of the whole document relative to an answer (``../x.xml``):
        a pointer of the passage to an ``xml:id`` the answer does not hold is made to point
        there (``#vessel-爵`` → ``../x.xml#vessel-爵``); "" leaves the pointers as they are."""
        self.whole = whole
        out = el("TEI", {"xmlns": TEI_NS, XML_LANG: root.get(XML_LANG, "")})
        head = root.find(t("teiHeader"))
        self.header_ids: set[str] = set()
        if head is not None:
            short = _short_header(head, whole)
            self.header_ids = {n.get(XML_ID, "") for n in short.iter() if n.get(XML_ID)}
            out.append(short)
        body = sub(sub(out, "text"), "body")
        body.text = "\0"  # where the answer's own part goes
        whole = ET.tostring(out, encoding="unicode")
        self.before, self.after = whole.split("\0")
        ns = ET.tostring(ET.Element(f"{{{DTS_NS}}}wrapper"), encoding="unicode")
        self.wrapper = ns.removesuffix(" />") + ">"  # <dts:wrapper xmlns:dts="…">

    def __call__(self, passage: ET.Element, context: Sequence[ET.Element] = ()) -> bytes:
        body = [_tostring(passage), "</dts:wrapper>", *(_tostring(node) for node in context)]
        text = "".join(body)
        if self.whole:
            held = self.header_ids | {
                n.get(XML_ID, "") for top in (passage, *context) for n in top.iter()
            }
            text = _POINTER.sub(lambda m: self._pointing(m, held), text)
        parts = [self.before, self.wrapper, text, self.after]
        return b'<?xml version="1.0" encoding="UTF-8"?>\n' + "".join(parts).encode("utf-8") + b"\n"

    def _pointing(self, m: re.Match[str], held: set[str]) -> str:
        """An attribute's pointers, each to the whole document unless the answer holds it."""
        values = [
            f"{self.whole}{v}" if v.startswith("#") and v[1:] not in held else v
            for v in m.group(2).split(" ")
        ]
        return f'{m.group(1)}="{" ".join(values)}"'


#: A pointing attribute as ElementTree writes it (``ref="#a #b"``; a value has no ``"``).
_POINTER = re.compile(rf'(?<=\s)({"|".join(POINTERS)})="([^"]*)"')


def _tostring(node: ET.Element) -> str:
    """An element alone, without its tail (the text after it in its parent)."""
    tail, node.tail = node.tail, None
    try:
        return ET.tostring(node, encoding="unicode")
    finally:
        node.tail = tail


def _short_header(head: ET.Element, whole: str = "") -> ET.Element:
    """The header of an extract: the title and publication statements, and a source that
    names the whole: its URI, or, for a site without an address, its address relative to the
    extract (``whole``), which resolves from where the extract is served."""
    short = el("teiHeader")
    file_desc = head.find(t("fileDesc"))
    if file_desc is not None:
        fd = sub(short, "fileDesc")
        for tag in ("titleStmt", "publicationStmt"):
            part = file_desc.find(t(tag))
            if part is not None:
                fd.append(copy.deepcopy(part))
        sd = sub(fd, "sourceDesc")
        idno = file_desc.find(f"{t('publicationStmt')}/{t('idno')}[@type='URI']")
        named = idno.text if idno is not None and idno.text else whole
        p = sub(sd, "p", {XML_LANG: "en"}, "An extract of ")
        if named:
            sub(p, "ref", {"target": named}, named)
        else:
            p.text += "the edition"
    return short
