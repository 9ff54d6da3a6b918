"""Hold the review of the base 譯文 to its record: what each 誤譯 note quotes is there.

    python -m tools.audit.translation_review [--witnesses ../shared/witnesses] [--list]

Why: the base translation was reviewed for meaning step by step against the 經 and 鄭注
(issue 24). Each correction it made is an entry of kind ``mistranslation`` in
``translation-apparatus.toml`` whose note cites its basis, and ``translation-review.tsv``
records every base-translated step as reviewed, changed or left. This tool checks the two
mechanically: the review covers every base-translated step and agrees with the entries
(:func:`ritual.core.translation_apparatus.review_problems`), every note cites a basis, and every
quotation of a note is found where it says it is:

- ``經「…」`` or ``「…」``   the step's own words (its text as printed);
- ``xs-0033「…」``         the words of another step;
- ``注「…」``              鄭注 on this step or an adjacent one (叢, and 張's copy of it);
- ``xs-0164 注「…」``      鄭注 on the named step or one adjacent to it;
- ``記「…」``              a clause of the 記;
- ``張「…」``              張爾岐《句讀》 (his notes, and the 注 and 疏 he quotes);
- ``疏「…」``              賈疏 (the 單疏本 or the 四庫 注疏本);
- ``敖「…」``              敖繼公《集說》;
- ``《篇名》注「…」``        the 注 of another chapter, which no witness here holds: cited, not
  checked.

Quotations are compared as ``tools/audit/positions_basis.py`` compares them (punctuation and
異體字 ignored, `` … `` an omission), and the 注 of a step is found by its alignment. Without
the witnesses only the step texts are checked. Exit status 1 when anything is found.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "_ext"))
sys.path.insert(0, str(ROOT))

from ritual.core import registry  # noqa: E402
from ritual.core import translation_apparatus as ta  # noqa: E402

from tools.audit.positions_basis import (  # noqa: E402
    FIRST_JI,
    JUDOU_FILE,
    WITNESSES,
    Folder,
    contains,
    zhu_by_step,
)
from tools.cli import (  # noqa: E402
    DEFAULT_EDITION,
    Edition,
    add_edition_argument,
    edition_from,
    open_edition,
    pages,
    quote_pattern,
)
from tools.pages import edition_texts, printed_texts  # noqa: E402
from tools.xrefs import ji_steps  # noqa: E402

EDITION = DEFAULT_EDITION
#: The kind of entry the review makes.
KIND = "mistranslation"
#: The witness files of the commentaries a note may quote, beside the 注 of each step.
COMMENTARY_FILES = {
    "張": (JUDOU_FILE,),
    "疏": (
        "kanripo-KR1d0027-SBCK-yili-shu-juan11-13.txt",
        "kanripo-KR1d0028-WYG-yili-zhushu-juan05.txt",
    ),
    "敖": ("kanripo-KR1d0035-WYG-ao-jigong-yili-jishuo-juan05.txt",),
}
#: A quotation: ``{ref}`` stands for the edition's step-id form (``tools.cli.quote_pattern``).
QUOTE_FORM = (
    r"(?:(?P<ref>{ref})\s*)?"
    r"(?P<src>經|注|記|張|疏|敖|《[^》]+》注)?\s*[：:]?\s*「(?P<words>[^」]*)」"
)
QUOTE = quote_pattern(QUOTE_FORM)
#: The sources a note's basis may be (at least one of them is quoted).
BASES = ("注", "張", "疏", "敖", "《")


@dataclass(frozen=True)
class Quote:
    """One quotation of a note: ``src`` is '' or 經 (the words of ``ref`` or of the entry's
    own step), 注, 記, 張, 疏, 敖, or 《篇名》注; ``ref`` a step id or ''."""

    src: str
    ref: str
    words: str


def quotations(note: str, pattern: re.Pattern[str] = QUOTE) -> list[Quote]:
    """The quotations of a note, in order (``pattern``: of another edition's ids)."""
    return [Quote(m["src"] or "", m["ref"] or "", m["words"]) for m in pattern.finditer(note)]


@dataclass
class Sources:
    """What quotations are checked against: the step texts in reading order, and (optional)
    the 注 of each step and the commentaries' texts."""

    steps: dict[str, str]
    zhu: dict[str, list[str]] | None = None
    commentary: dict[str, str] | None = None
    #: the first step of the 記, and the quotation form with the edition's step ids
    first_ji: str = FIRST_JI
    quote: re.Pattern[str] = QUOTE

    def __post_init__(self) -> None:
        self.order = list(self.steps)
        self.index = {sid: n for n, sid in enumerate(self.order)}
        self.ji = "".join(t for sid, t in self.steps.items() if sid >= self.first_ji)

    def zhu_near(self, step: str) -> str:
        """The 注 of ``step`` and its two neighbours, joined."""
        n = self.index[step]
        near = self.order[max(0, n - 1) : n + 2]
        return "｜".join("".join((self.zhu or {}).get(s, [])) for s in near)


def check_quote(q: Quote, step: str, src: Sources, fold: Folder) -> str | None:
    """Why the quotation ``q`` in the note of an entry of ``step`` is not found (None if it
    is, or if what it quotes is not available to check)."""
    ref = q.ref or step
    if ref not in src.steps:
        return f"unknown step {ref}"
    if q.src in ("", "經"):
        where, hay = f"the text of {ref}", src.steps[ref]
    elif q.src == "記":
        where, hay = "the 記", src.ji
    elif q.src == "注":
        if src.zhu is None:
            return None
        where, hay = f"the 注 of {ref} or its neighbours", src.zhu_near(ref)
    elif q.src.startswith("《"):
        return None
    else:
        if src.commentary is None or q.src not in src.commentary:
            return None
        where, hay = f"the {q.src} witness", src.commentary[q.src]
    return None if contains(hay, q.words, fold) else f"「{q.words}」 is not in {where}"


def note_problems(entry: ta.TranslationEntry, src: Sources, fold: Folder) -> list[str]:
    """Problems of one entry's note: no quotation of a basis, a quotation not found."""
    quotes = quotations(entry.note, src.quote)
    out = [
        f"{entry.id} ({entry.step}): {why}"
        for q in quotes
        if (why := check_quote(q, entry.step, src, fold))
    ]
    if not any(q.src.startswith(BASES) for q in quotes):
        out.append(f"{entry.id} ({entry.step}): the note cites no basis (注, 張, 疏, 敖)")
    return out


def step_texts(edition: Edition | None = None) -> dict[str, str]:
    """Every step's text as printed, read from the pages, in the text's order."""
    edition = edition or open_edition()
    texts = printed_texts(
        edition_texts(edition), edition.path("apparatus"), edition.path("orthography")
    )
    order = list(registry.load(edition.path("registry")))
    return {sid: texts[sid] for sid in order if sid in texts}


def load_sources(witness_dir: Path | None, edition: Edition | None = None) -> Sources:
    """The step texts; the 注 and commentaries if ``witness_dir`` holds them."""
    edition = edition or open_edition()
    steps = step_texts(edition)
    ji = ji_steps(edition)
    shape = {"first_ji": ji[0] if ji else FIRST_JI, "quote": quote_pattern(QUOTE_FORM, edition)}
    if witness_dir is None or not (witness_dir / JUDOU_FILE).exists():
        return Sources(steps, **shape)
    commentary = {
        k: "".join((witness_dir / name).read_text(encoding="utf-8") for name in names)
        for k, names in COMMENTARY_FILES.items()
    }
    return Sources(steps, zhu_by_step(list(steps.items()), witness_dir), commentary, **shape)


def base_translated(edition: Edition | None = None) -> list[str]:
    """The steps whose 譯文 is the base's, in the text's order."""
    edition = edition or open_edition()
    order = list(registry.load(edition.path("registry")))
    found = []
    step = re.compile(r"^::::\{xs:step\} (\S+)\n(.*?)^::::$", re.M | re.S)
    for page in pages(edition):
        for sid, body in step.findall(page.read_text(encoding="utf-8")):
            m = re.search(r"^:::\{xs:translation\}\n((?::[\w-]+:.*\n)*)", body, re.M)
            if m and ":source:" not in m.group(1):
                found.append(sid)
    return sorted(found, key=order.index)


def audit(
    entries: Sequence[ta.TranslationEntry],
    rows: Sequence[ta.ReviewRow],
    base_steps: Sequence[str],
    src: Sources,
    fold: Folder | None = None,
) -> list[str]:
    """Every problem: the review against the entries, and every 誤譯 note's quotations."""
    fold = fold or Folder()
    out = ta.review_problems(rows, base_steps, entries, KIND)
    for e in entries:
        if e.kind == KIND:
            out.extend(note_problems(e, src, fold))
    return out


def summary(rows: Sequence[ta.ReviewRow], entries: Sequence[ta.TranslationEntry]) -> str:
    """The review in numbers: steps by status, and the 誤譯 entries."""
    counts = Counter(r.status for r in rows)
    wrong = [e for e in entries if e.kind == KIND]
    return (
        f"{len(rows)} steps: "
        + ", ".join(f"{counts[s]} {s}" for s in ta.REVIEW_STATUSES)
        + f"; {len(wrong)} {KIND} entries in {len({e.step for e in wrong})} steps"
    )


def load(
    edition_dir: Path = EDITION,
) -> tuple[list[ta.TranslationEntry], list[ta.ReviewRow], list[tuple[int, str]]]:
    """The edition's entries (held to its rules) and review rows, and the rows' problems."""
    edition = open_edition(edition_dir)
    entries = ta.load_entries(edition.path("translation_apparatus"), ta.Rules.of(edition))
    rows, problems = ta.read_review(edition.path("translation_review"))
    return entries, rows, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--witnesses", type=Path, default=WITNESSES)
    parser.add_argument("--list", action="store_true", help="print each 誤譯 entry and exit")
    add_edition_argument(parser)
    args = parser.parse_args(argv)
    edition = edition_from(args)
    entries, rows, row_problems = load(edition.folder)
    if args.list:
        for e in entries:
            if e.kind == KIND:
                print(e.id, e.step, f"{e.base} → {e.lemma}", e.note, sep="\t")
        return 0
    src = load_sources(args.witnesses, edition)
    problems = [f"translation-review.tsv:{n}: {m}" for n, m in row_problems]
    problems += audit(entries, rows, base_translated(edition), src)
    for p in problems:
        print(p)
    skipped = "" if src.zhu is not None else " (注 and commentaries not checked: no witnesses)"
    print(f"{summary(rows, entries)}; {len(problems)} problem(s){skipped}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
