"""A second edition built with the same engine: the opening of 《儀禮·鄉飲酒禮》 (issue 16).

Its own folder of data (``_edition``: edition.toml, registry, sigla, vocabulary, plan,
positions), its own id prefix (``xyj-``), and not one line of engine code of its own. The terms
it shares with 鄉射禮 in the same meaning (主人, 賓, 爵 …) are taken from that edition by
reference (``_edition/vocab/shared.tsv``), as are the facing words of the plans.

Build it in place: ``make second-edition`` (→ ``_build/xiangyinjiuli/``); the test suite builds
a copy (tests/test_second_edition.py).
"""

import os
import sys
from pathlib import Path

#: The repository, when the project is built where it stands (a copy relies on its caller's
#: path and RITUAL_MAIN_EDITION, as the test suite gives them).
REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "_ext"))

project = "儀禮·鄉飲酒禮"
author = "鄉射禮校注本編輯組"
copyright = "2026，鄉射禮校注本編輯組（正文以 CC BY-SA 4.0 授權）"
version = release = "0.1.0"
extensions = ["myst_parser", "ritual"]
myst_enable_extensions = ["colon_fence"]
root_doc = "index"
language = "zh_TW"
exclude_patterns = ["_build", "_edition"]
xs_edition_title = "儀禮·鄉飲酒禮：首四節 (The Village Drinking Rite: the opening)"
xs_base_text = "四部叢刊本《儀禮》鄭注本卷第四（叢），以本書字形表之正字"
xs_release_date = "2026-12-03"
xs_base_url = "https://example.org/xiangyinjiuli/"
#: The book (sphinx-build -M latexpdf): the engine's design, filled with this edition's title
#: and particulars; here only the file's name, and the root page's blurb left to the web.
latex_documents = [("index", "xiangyinjiuli.tex", project, author, "manual", True)]
xs_latex_subject = "The Village Drinking Rite (Yili, chapter 4), the opening: an edition"
xs_latex_keywords = ["儀禮", "鄉飲酒禮", "Yili"]
#: The 鄉射禮 edition whose terms and facings this one shares: found beside this project in the
#: repository, or where the test suite says (it builds a copy elsewhere).
xs_editions = {
    "xiangsheli": os.environ.get("RITUAL_MAIN_EDITION")
    or str(REPO / "source" / "_edition")
}
