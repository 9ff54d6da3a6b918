"""Settings of the edition 儀禮·鄉射禮 (Sphinx; built with ``-c . source``)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "_ext"))

from ritual.core.numerals import date_in_words, year_in_words  # noqa: E402

# -- The edition -----------------------------------------------------------------------------
project = "儀禮·鄉射禮"
author = "鄉射禮校注本編輯組"
copyright = "2026，鄉射禮校注本編輯組（正文以 CC BY-SA 4.0 授權）"
#: The version, written once: pyproject.toml's (CITATION.cff's is checked against it).
version = release = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"
]

#: The date of this version (CHANGELOG.md, CITATION.cff): citations give it, whatever day
#: the site is rebuilt.
xs_release_date = "2026-12-07"
xs_edition_title = "儀禮·鄉射禮：彙校譯注本 (The Village Archery Rite: a critical edition)"
xs_base_text = (
    "網絡傳本《儀禮·鄉射禮》原文與譯文（即校勘符號表之「底」），"
    "據漢籍リポジトリ（Kanseki Repository）所收諸本校訂"
)

# -- Sphinx ------------------------------------------------------------------------------------
extensions = ["myst_parser", "sphinx_design", "ritual", "ritual_site"]
# The edition's data: source/_edition (edition.toml, registry, apparatus, vocabularies, plan).
xs_edition = "_edition"
# The site has no host yet: citations give paths relative to the site's root, and the pages
# carry no canonical link or sitemap. A deployment passes its address:
#   make html SPHINXOPTS="-W --keep-going -n -D xs_base_url=https://…/"
suppress_warnings = ["xs.no_base_url"]
myst_enable_extensions = ["colon_fence", "attrs_block", "attrs_inline", "deflist"]
myst_heading_anchors = 0
language = "zh_TW"
root_doc = "index"
exclude_patterns = ["_build", "_edition"]
templates_path = [str(ROOT / "_templates")]
nitpicky = True
today_fmt = "%Y-%m-%d"

# -- HTML ----------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "儀禮·鄉射禮"
html_static_path = [str(ROOT / "_static")]
html_css_files = ["edition.css"]
# the 侯 (the target of the rite): its frame, its square and its centre
html_favicon = str(ROOT / "_static" / "favicon.svg")
html_permalinks_icon = "¶"
html_last_updated_fmt = None
html_copy_source = False
# No general index: the edition's indexes are its term indexes (xs-vessel … and indexes.md);
# Sphinx's genindex.html would be an empty 索引 page (ritual_site keeps the inventory to
# the pages the site has).
html_use_index = False
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

# -- LaTeX (the print edition: `make pdf` → _build/latex/xiangsheli.pdf) ------------------------
# XeLaTeX + xeCJK. The book's design is the engine's: paper (xs_latex_paper, 16開), fonts, title
# page and PDF metadata are made from the values above by _ext/ritual/latex/book.py (a key set
# in latex_elements here would win), the typography is _ext/ritual/latex/ritual.sty.
# Debian: texlive-xetex texlive-lang-chinese texlive-latex-extra texlive-latex-recommended
# texlive-fonts-recommended fonts-noto-cjk fonts-hanazono fonts-lmodern latexmk poppler-utils
# (the last for tools/check_pdf.py).
latex_engine = "xelatex"
# toctree_only: the root page's own blurb is for the web; the book has a title page instead.
latex_documents = [("index", "xiangsheli.tex", project, author, "manual", True)]
# The term indexes are printed by the xs:indexes directive on source/indexes.md (the engine
# leaves the site's, whose entries link to its headword pages, out of the book).
latex_show_urls = "no"
latex_show_pagerefs = False
xs_latex_subject = "The Village Archery Rite (Yili, chapter 5): a critical edition with translation"
xs_latex_keywords = ["儀禮", "鄉射禮", "校勘", "譯注", "Yili", "critical edition"]

# -- The vertical book (`make vertical` → _build/vertical/xiangsheli-zhipai.pdf) ----------------
# LuaLaTeX + LuaTeX-ja, jlreq in tate; the engine lays the columns out (_ext/ritual/vertical),
# the page design is _ext/ritual/latex/xsvertical.sty. A5, the 經 in 14 pt, 22 characters a
# column and 10 columns a half-leaf, as the 經注本 of the 儀禮 are cut (十行本: 10 columns).
xs_vertical_title = "儀禮"
xs_vertical_pdf_subject = (
    "The Village Archery Rite (Yili, chapter 5) with Zheng Xuan's commentary, "
    "set vertically with the commentary in double lines (經注本)"
)
xs_vertical_title_right = "漢鄭玄注"
xs_vertical_title_left = f"{author}彙校　{year_in_words(int(xs_release_date[:4]))}年"
# The 首題 and 尾題 that open and close the text, as the 四部叢刊本 of the 鄭注 prints this 卷
# (「儀禮卷第五」「鄕射禮第五　儀禮　鄭氏注」 … 「儀禮卷第五」); after the 尾題 the engine
# counts the characters of the book's 經 and 注 (xs_vertical_counts), as that print does.
xs_vertical_head = [["儀禮卷第五"], ["鄉射禮第五", "儀禮", "鄭氏注"]]
xs_vertical_tail = [["儀禮卷第五"]]
# The book's 凡例, after its title page (the sigla come first, from the sigla table): what its
# 校記 say and where they say 見凡例; the site's 凡例 (source/conventions.md) says it at length.
xs_vertical_conventions = [
    [
        "校記",
        "經文校改之處，字旁小號即校記之號，與網頁本、橫排本同，列於本葉之末；"
        "本葉之末容之不下者，全條移於次葉之末，不分割。每條先列其號與校文（粗體，即正文所印之字），"
        "次列各本之讀法，各附其本之符號（色淡），讀法之間以「；」相隔，「。」後為按語；"
        "〔無〕謂某本無其字；校文右旁小號謂其為本節第幾見；校文加「下」「上」者，標正文無其字之處。"
        "校文、讀法、按語皆與前某條同者，但云「同第某條」。按語引本篇他節，稱其節號（「第某節」）；"
        "引各本之葉，書其卷葉（「卷某第某葉上」，上下謂前後半葉）。校記之號一經發布，不改不重用；"
        "前版刪去之條不再用其號，故號有缺（六、二十三、七十一、八十四），非遺漏。"
        "改底本句讀者四條（九十五至九十八），無標點本不印。",
    ],
    [
        "過濾之包裹",
        "底本之網頁過濾器把一字包作「一某一」，其後並多一空格（「交」作「一交一 」）；"
        "本書去其包裹，校記所錄底本之文存其空格。",
    ],
    [
        "字形",
        "底本由簡體轉為繁體，「于」一律作「於」，「个」一律作「個」；凡有其文之本皆作「于」「个」者，"
        "本書以類校正，不逐處出校，各處見網頁本之字形記錄表。異體字從底本之通行字形，亦不出校。",
    ],
    [
        "注",
        "鄭注據四部叢刊本；其缺葉之注據張爾岐《儀禮鄭註句讀》，叢本存其半者，所補之字以〔…〕括之。"
        "注以雙行小字夾於經文之間，照錄其本之字（筭、旜、巳之類；訛字亦照錄，見網頁本凡例）。",
    ],
    [
        "節號",
        "以小字橫置於版框之上，當其節始之行；校記所稱「第某節」即此號，與網頁本同。",
    ],
    [
        "首題尾題",
        "卷端首題、卷末尾題依四部叢刊本之式；尾題之次行以雙行小字記本書經、注之字數，"
        "亦依其例（刊本記於尾題之下），本書自計，標點不計。",
    ],
]
xs_vertical_colophon = [
    ["底本", "網絡傳本《儀禮·鄉射禮》，以漢籍リポジトリ所收諸本校"],
    ["注", "鄭玄注，據四部叢刊本《儀禮鄭注》，闕頁據張爾岐《儀禮鄭註句讀》"],
    ["版本", f"{release}（{date_in_words(xs_release_date)}）"],
    ["許可", "CC BY-SA 4.0"],
]
