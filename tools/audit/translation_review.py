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

The forms, the folding (punctuation and 異體字 ignored, `` … `` an omission) and the check are
:mod:`tools.audit.quotations`, shared with the positions' audit; the 注 of a step is found by
its alignment (:func:`tools.audit.positions_basis.zhu_by_step`). Without the witnesses only
the step texts are checked. Exit status 1 when anything is found.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "_ext"))
sys.path.insert(0, str(ROOT))

from ritual.core import registry  # noqa: E402
from ritual.core import translation_apparatus as ta  # noqa: E402

from tools.audit.positions_basis import JUDOU_FILE, WITNESSES, zhu_by_step  # noqa: E402
from tools.audit.quotations import (  # noqa: E402
    FIRST_JI,
    QUOTE_FORM,
    Folder,
    Sources,
    check_quote,
    quotations,
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
#: The sources a note's basis may be (at least one of them is quoted).
BASES = ("注", "張", "疏", "敖", "《")


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
    texts = Sources(
        steps, first_ji=ji[0] if ji else FIRST_JI, quote=quote_pattern(QUOTE_FORM, edition)
    )
    if witness_dir is None or not (witness_dir / JUDOU_FILE).exists():
        return texts
    commentary = {
        k: "".join((witness_dir / name).read_text(encoding="utf-8") for name in names)
        for k, names in COMMENTARY_FILES.items()
    }
    return replace(texts, zhu=zhu_by_step(list(steps.items()), witness_dir), commentary=commentary)


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
