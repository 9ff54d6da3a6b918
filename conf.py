"""Settings of the edition 儀禮·鄉射禮 (Sphinx; built with ``-c . source``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "_ext"))

# -- The edition -----------------------------------------------------------------------------
project = "儀禮·鄉射禮"
author = "鄉射禮校注本編輯組"
copyright = "2026，鄉射禮校注本編輯組（正文以 CC BY-SA 4.0 授權）"
version = release = "0.1.0"
#: The date of this version (CHANGELOG.md, CITATION.cff): citations give it, whatever day
#: the site is rebuilt.
xs_release_date = "2026-12-02"
xs_edition_title = "儀禮·鄉射禮：彙校譯注本 (The Village Archery Rite: a critical edition)"
xs_base_text = (
    "網絡本《儀禮·鄉射禮》原文與譯文（即校勘符號表之「底」），"
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
# XeLaTeX + xeCJK; the page design is in _ext/ritual/latex/ritual.sty, the doctree glue
# in _ext/ritual/latex/. Debian: texlive-xetex texlive-lang-chinese texlive-latex-extra
# texlive-latex-recommended texlive-fonts-recommended fonts-noto-cjk fonts-lmodern latexmk
# poppler-utils (the last for tools/check_pdf.py).
from ritual.latex import latex_elements as _xs_latex_defs  # noqa: E402

latex_engine = "xelatex"
# toctree_only: the root page's own blurb is for the web; the book has a title page instead.
latex_documents = [("index", "xiangsheli.tex", project, author, "manual", True)]
# The book class gives \frontmatter (roman folios for 目錄, 前言, 凡例) and \mainmatter.
latex_docclass = {"manual": "book"}
# The term indexes are printed by the xs:indexes directive on source/indexes.md (macros in the
# style file); Sphinx's domain-index pages point at the site's headword pages, so not in print.
latex_domain_indices = False
latex_show_urls = "no"
latex_show_pagerefs = False

_xs_title, _, _xs_rest = xs_edition_title.partition("：")
_xs_sub, _, _xs_en = _xs_rest.partition(" (")
_xs_defs = _xs_latex_defs(
    {
        "xs_edition_title": xs_edition_title,
        "xs_base_text": xs_base_text,
        "release": release,
        "copyright": copyright,
        "author": author,
    }
)
_xs_defs["xssubtitle"] = "\\def\\xssubtitle{%s}" % _xs_sub  # noqa: UP031
_xs_defs["xsentitle"] = "\\def\\xsentitle{%s}" % _xs_en.rstrip(")")  # noqa: UP031

latex_elements = {
    # Paper: 16開 (185 × 260 mm), the customary format of Chinese scholarly editions of the
    # classics with apparatus (中華書局, 上海古籍 古籍整理 series). It takes a 26-character line
    # of 原文 in 四號 (14pt) with the 譯文 beneath, an outer margin wide enough for the step
    # numbers, and a footnote apparatus, without the cramping of A5 or 32開. Set by geometry;
    # the class option below only names a size LaTeX knows and is overridden.
    "papersize": "a4paper",
    "pointsize": "11pt",
    "classoptions": ",twoside,openany",
    "geometry": (
        "\\usepackage[paperwidth=185mm,paperheight=260mm,"
        "textwidth=364pt,inner=21mm,top=24mm,bottom=30mm,"
        "headheight=14pt,headsep=16pt,footskip=24pt,"
        "marginparwidth=15mm,marginparsep=4mm]{geometry}"
    ),
    # Latin Modern (OTF, fonts-lmodern) for Latin. Noto Serif/Sans CJK (fonts-noto-cjk) come
    # as OpenType collections (.ttc) whose faces are JP, KR, SC, TC, HK (the Sans file then has
    # the Mono faces), in Noto CJK's documented order; the TC face is chosen by file and FontIndex,
    # which fontspec writes to the log as [NotoSerifCJK-Regular.ttc:3]. (The faces share one
    # CFF table named ...CJKjp, so pdffonts shows "NotoSerifCJKjp" whatever the face; the
    # glyphs come from the TC face's cmap.) tools/check_pdf.py reads the log and fails if a
    # face other than a TC one was loaded.
    "fontpkg": r"""
\setmainfont{lmroman10}[Extension=.otf, UprightFont=*-regular, BoldFont=*-bold,
  ItalicFont=*-italic, BoldItalicFont=*-bolditalic]
\setsansfont{lmsans10}[Extension=.otf, UprightFont=*-regular, BoldFont=*-bold,
  ItalicFont=*-oblique, BoldItalicFont=*-boldoblique]
\setmonofont{lmmono10}[Extension=.otf, UprightFont=*-regular, ItalicFont=*-italic]
\setCJKmainfont{NotoSerifCJK-Regular.ttc}[FontIndex=3,
  BoldFont=NotoSerifCJK-Bold.ttc, BoldFeatures={FontIndex=3}]
\setCJKsansfont{NotoSansCJK-Regular.ttc}[FontIndex=3,
  BoldFont=NotoSansCJK-Bold.ttc, BoldFeatures={FontIndex=3}]
\xeCJKsetup{CJKecglue={\hskip 0.25em plus 0.08em minus 0.05em}, CheckSingle=true,
  PunctStyle=quanjiao, AutoFallBack=true}
% Characters beyond Noto CJK (Extension B: 𡵨 𥘉 𩔖 in the 鄭注) from HanaMinB (fonts-hanazono,
% as the vertical book has them); the log check fails on any glyph still missing.
\setCJKfallbackfamilyfont{\CJKrmdefault}{HanaMinB}
""",
    "fncychap": "",  # no "Chapter 1" banner
    "babel": "\\usepackage[english]{babel}",
    "hyperref": r"""
\usepackage[unicode, bookmarksnumbered=false, bookmarksopen=true, bookmarksopenlevel=0,
  pdfpagelabels, pdfdisplaydoctitle, pdflang={zh-Hant}, hidelinks]{hyperref}
\hypersetup{pdftitle={儀禮·鄉射禮：彙校譯注本},
  pdfauthor={@AUTHOR@},
  pdfsubject={The Village Archery Rite (Yili, chapter 5): a critical edition with translation},
  pdfkeywords={儀禮, 鄉射禮, 校勘, 譯注, Yili, critical edition},
  pdfcreator={Sphinx, XeLaTeX, xeCJK}}
\usepackage{hypcap}
\urlstyle{same}
""".replace("@AUTHOR@", author),
    "preamble": "\n".join(_xs_defs.values())
    + r"""
\addto\captionsenglish{\renewcommand{\contentsname}{目錄}\renewcommand{\indexname}{索引}}
\renewcommand{\contentsname}{目錄}
""",
    "maketitle": "\\xsmaketitle",
    "tableofcontents": "\\xstableofcontents",
    "atendofbody": "\\xsbackmatter",
    "makeindex": "",
    "printindex": "",  # no general (Sphinx) index: the four term indexes stand instead
    "sphinxsetup": "",
}

# -- The vertical book (`make vertical` → _build/vertical/xiangsheli-zhipai.pdf) ----------------
# LuaLaTeX + LuaTeX-ja, jlreq in tate; the engine lays the columns out (_ext/ritual/vertical),
# the page design is _ext/ritual/latex/xsvertical.sty. A5, the 經 in 14 pt, 22 characters a
# column and 10 columns a half-leaf, as the 經注本 of the 儀禮 are cut (十行本: 10 columns).
xs_vertical_title = "儀禮"
xs_vertical_title_right = "漢鄭玄注"
xs_vertical_title_left = f"{author}彙校　二〇二六年"
xs_vertical_colophon = [
    ["底本", "網絡本《儀禮·鄉射禮》，以漢籍リポジトリ所收諸本校"],
    ["注", "鄭玄注，據四部叢刊本《儀禮鄭注》，闕頁據張爾岐《儀禮鄭註句讀》"],
    ["版本", f"{release}（{xs_release_date}）"],
    ["許可", "CC BY-SA 4.0"],
]
