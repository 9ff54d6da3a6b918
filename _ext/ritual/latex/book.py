"""The print edition's design, as Sphinx's ``latex_elements``, made from the configuration.

What an edition's ``conf.py`` would otherwise copy to get the book (paper and text block,
fonts, PDF metadata, title page, contents and back matter) is the engine's: every edition
built with it gets the same book, with its own title, editors and metadata. The typography
itself (sizes, headings, running heads, the title page's layout) is in ``ritual.sty``; here are
only the parts Sphinx's LaTeX template places outside the style file (the class options, the
fonts before ``sphinx.sty``, ``geometry``, ``hyperref`` and the macros the style file reads).

The values come from the edition's settings: ``xs_edition_title`` (its parts: the collection
and the work, over the subtitle and the English title), ``xs_base_text``, ``author``,
``release``, ``copyright``; ``xs_latex_paper`` and the first number of ``xs_plan_print_box``
(the text width, which the printed plans are drawn to fit); ``xs_latex_subject`` and
``xs_latex_keywords`` (the PDF's document properties); the edition's ``lang`` (``/Lang``).

They are filled in at ``config-inited`` under the project's own ``latex_elements``: a key set in
``conf.py`` wins, so an edition changes one part (another CJK font, say) without the rest.
"""

from __future__ import annotations

from typing import NamedTuple

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import texescape

from ..core.edition import Edition
from ..domain import XsDomain
from ..i18n import _

#: The book's margins and running-head measures (16開: see :data:`PAPER`); the outer margin is
#: what the paper's width leaves beside the text block and ``inner``: the step numbers stand in it.
INNER = 21.0  # mm
MARGINS = (
    f"inner={INNER:g}mm,top=24mm,bottom=30mm,"
    "headheight=14pt,headsep=16pt,footskip=24pt,"
    "marginparwidth=15mm,marginparsep=4mm"
)

#: Latin Modern (OTF, fonts-lmodern) for Latin. Noto Serif/Sans CJK (fonts-noto-cjk) come as
#: OpenType collections (.ttc) whose faces are JP, KR, SC, TC, HK (the Sans file then has the
#: Mono faces), in Noto CJK's documented order; the TC face is chosen by file and FontIndex,
#: which fontspec writes to the log as [NotoSerifCJK-Regular.ttc:3]. (The faces share one CFF
#: table named ...CJKjp, so pdffonts shows "NotoSerifCJKjp" whatever the face; the glyphs come
#: from the TC face's cmap.) tools/check_pdf.py reads the log and fails if a face other than a
#: TC one was loaded. An edition in another script sets ``latex_elements["fontpkg"]``.
FONTS = r"""
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
% The middle dot between titles (儀禮·士冠禮, 《周南·關雎》: the 間隔號) is a full-width mark of
% the CJK face, as the Chinese around it; xeCJK takes U+00B7 for Latin, set narrow in Latin Modern.
\xeCJKDeclareCharClass{FullRight}{"00B7}
\xeCJKsetwidth{·}{1em}
% The ellipsis keeps to what comes before it: xeCJK's long marks (LongPunct) let a line break
% before them, even after an opening mark (「 ended a line and …」 began the next: 注「…」 in
% the 凡例), which Chinese typesetting forbids. Out of that list it is the closing mark of its
% class: it does not begin a line, and 「……」 is not parted.
\xeCJKsetup{LongPunct-={…}}
% Characters beyond Noto CJK (Extension B: 𡵨 𥘉 𩔖 in the 鄭注) from HanaMinB (fonts-hanazono,
% as the vertical book has them); the log check fails on any glyph still missing.
\setCJKfallbackfamilyfont{\CJKrmdefault}{HanaMinB}
"""

#: The name of the contents and of the index in the book's language (Sphinx's template names
#: them in the class's, English: babel is loaded for the Latin text): msgids of the catalog.
CONTENTS_NAME = "Contents"
INDEX_NAME = "Index"
#: … and of the list of the plans after the contents (LaTeX's list of figures)
PLANS_NAME = "List of plans"

#: Sphinx's map of the TeX specials (``sphinx.util.texescape``: ``\\``, ``{}``, ``~``, ``^``,
#: ``[]`` …). Its ``escape()`` would also write the hyphen as ``\sphinxhyphen{}``, which the
#: body's text needs against TeX's ligatures but a macro's value (a licence, ``CC BY-SA``)
#: does not.
_TEX_SPECIALS = str.maketrans(dict(texescape.tex_replacements))


def _escape(text: str) -> str:
    """Escape TeX specials in a plain string of the configuration."""
    return text.translate(_TEX_SPECIALS)


class Title(NamedTuple):
    """The parts of ``xs_edition_title`` (``集·篇：副題 (English)``) the book prints."""

    #: the Chinese title, without the English (the PDF's title): ``集·篇：副題``
    title: str
    #: the collection the work belongs to, over the title on the title page (may be empty)
    series: str
    #: the work: the title page's great title
    work: str
    subtitle: str
    english: str


def split_title(edition_title: str) -> Title:
    """``儀禮·X：彙校譯注本 (The …: a critical edition)`` → its parts (any may be missing)."""
    chinese, _, english = edition_title.partition(" (")
    title, _, subtitle = chinese.partition("：")
    series, _, work = title.rpartition("·")
    return Title(chinese, series, work, subtitle, english.removesuffix(")"))


def macros(config: Config) -> dict[str, str]:
    """The edition's particulars as the macros ``ritual.sty`` prints (title page, 版權頁)."""
    parts = split_title(config.xs_edition_title)
    values = {
        "xsedtitle": config.xs_edition_title,
        "xsbasetext": config.xs_base_text,
        "xsversion": config.release,
        "xscopyright": config.copyright,
        "xsauthor": config.author,
        "xssubtitle": parts.subtitle,
        "xsentitle": parts.english,
        "xsseries": parts.series,
        "xsworktitle": parts.work,
    }
    return {
        name: "\\def\\%s{%s}" % (name, _escape(value))  # noqa: UP031
        for name, value in values.items()
    }


def captions() -> str:
    """The contents' and the index's names, set after Sphinx's own (which come from the first
    toctree's caption and from babel's English)."""
    contents = f"\\renewcommand{{\\contentsname}}{{{_(CONTENTS_NAME)}}}"
    index = f"\\renewcommand{{\\indexname}}{{{_(INDEX_NAME)}}}"
    plans = f"\\renewcommand{{\\listfigurename}}{{{_(PLANS_NAME)}}}"

    return f"\\addto\\captionsenglish{{{contents}{index}{plans}}}\n{contents}{plans}\n"


def geometry(paper: tuple[float, float], text_width: float) -> str:
    """The page: paper (mm) and text width (pt), with :data:`MARGINS`.

    The width is given as the outer margin it leaves: Sphinx passes geometry its own
    ``hmargin`` (1in), and with ``inner`` and that right margin a ``textwidth`` is the third of
    three (geometry ignores it, and the text block came out 1in from the paper's outer edge,
    wider than the plans that are drawn to the text's width)."""
    width, height = paper
    outer = width - INNER - text_width * 25.4 / 72.27  # TeX points in mm
    return (
        f"\\usepackage[paperwidth={width:g}mm,paperheight={height:g}mm,"
        f"outer={outer:.2f}mm,{MARGINS}]{{geometry}}"
    )


def hyperref(config: Config, lang: str) -> str:
    """``hyperref`` with the PDF's document properties: title, editors, subject, keywords,
    language (``/Lang``, which tools/check_pdf.py reads)."""
    info = [
        ("pdftitle", split_title(config.xs_edition_title).title),
        ("pdfauthor", config.author),
        ("pdfsubject", config.xs_latex_subject),
        ("pdfkeywords", ", ".join(config.xs_latex_keywords)),
        ("pdfcreator", "Sphinx, XeLaTeX, xeCJK"),
    ]
    properties = ",\n  ".join(f"{key}={{{_escape(value)}}}" for key, value in info if value)
    return (
        "\n\\usepackage[unicode, bookmarksnumbered=false, bookmarksopen=true, "
        "bookmarksopenlevel=0,\n"
        f"  pdfpagelabels, pdfdisplaydoctitle, pdflang={{{lang}}}, hidelinks]{{hyperref}}\n"
        f"\\hypersetup{{{properties}}}\n"
        "\\usepackage{hypcap}\n"
        "\\urlstyle{same}\n"
    )


def elements(config: Config, lang: str) -> dict[str, str]:
    """The book's ``latex_elements``: the design, with this edition's particulars."""
    return {
        # The class option only names a size LaTeX knows; geometry sets the paper.
        "papersize": "a4paper",
        "pointsize": "11pt",
        "classoptions": ",twoside,openany",
        "geometry": geometry(config.xs_latex_paper, config.xs_plan_print_box[0]),
        "fontpkg": FONTS,
        "fncychap": "",  # no "Chapter 1" banner
        "babel": "\\usepackage[english]{babel}",
        "hyperref": hyperref(config, lang),
        "preamble": "\n".join(macros(config).values()) + "\n" + captions(),
        "maketitle": "\\xsmaketitle",
        "tableofcontents": "\\xstableofcontents",
        "atendofbody": "\\xsbackmatter",
        "makeindex": "",
        "printindex": "",  # no general (Sphinx) index: the edition's term indexes stand instead
        "sphinxsetup": "",
    }


def apply_book_design(config: Config, lang: str) -> None:
    """Fill ``latex_elements`` with the book's design under the project's own keys, and make
    the manual a ``book`` (its ``\\frontmatter`` gives roman folios to 目錄 and 凡例) unless
    the project chose another class. Called once the values are checked (``config-inited``)."""
    config.latex_elements = {**elements(config, lang), **config.latex_elements}
    config.latex_docclass = {"manual": "book", **config.latex_docclass}


def design_the_book(app: Sphinx, config: Config, edition: Edition) -> None:
    """``xs-edition-loaded`` (at ``config-inited``, once the values are checked)."""
    apply_book_design(config, edition.lang)


def leave_out_site_indices(app: Sphinx) -> None:
    """``builder-inited`` (LaTeX): the edition's term indices are the site's (every entry a
    link to its headword page, which the book does not have: the LaTeX writer would print
    their letters alone); the book prints them with the ``xs:indexes`` directive instead. So
    where the project asks for every domain index (``latex_domain_indices = True``, Sphinx's
    default), it gets every other domain's; a list or ``False`` of its own is kept."""
    if app.builder.format != "latex" or app.config.latex_domain_indices is not True:
        return
    app.config.latex_domain_indices = [
        f"{domain.name}-{index.name}"
        for domain in app.env.domains.sorted()
        if domain.name != XsDomain.name
        for index in domain.indices
    ]
