"""Write the proposed 原文/譯文 alignment as a TSV for an editor to review.

Usage: ``python -m tools.bootstrap.propose > tools/bootstrap/alignment.tsv``. Columns: the seed
line numbers of the 原文 lines of one group (comma-separated), the seed line numbers of the 譯文
lines that translate them (comma-separated, empty where there is none), and for the reviewer's
eye the two texts.
"""

from __future__ import annotations

import sys

from .align import align
from .seed import original_lines, translation_lines


def main() -> None:
    originals, translations = original_lines(), translation_lines()
    out = sys.stdout
    out.write("# original_lines\ttranslation_lines\toriginal\ttranslation\n")
    for oi, ti in align(originals, translations):
        o_nums = ",".join(str(n) for i in oi for n in originals[i].lines)
        t_nums = ",".join(str(translations[j].lines[0]) for j in ti)
        o_text = "".join(originals[i].text for i in oi)
        t_text = "".join(translations[j].text for j in ti)
        out.write(f"{o_nums}\t{t_nums}\t{o_text}\t{t_text}\n")


if __name__ == "__main__":
    main()
