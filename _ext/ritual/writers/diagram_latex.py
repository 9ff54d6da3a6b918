"""LaTeX visitors of the diagram and stage nodes: the plans as vector PDF figures.

The SVG of each diagram is written to ``_diagrams/<id>.svg`` in the LaTeX output directory and
converted to PDF there with ``rsvg-convert`` (Debian ``librsvg2-bin``), or with the
``cairosvg`` package if that is what is installed. Both find the SVG's font family (Noto Serif
CJK TC) through fontconfig and embed it, so the labels print as text, not tofu. A conversion
is skipped when the PDF is newer than an unchanged SVG. The plan is the book's own drawing
(:func:`.diagram.svg.print_medium`: fitted to ``xs_plan_print_box``, a pixel to a point, no
title over it) and is printed at the width it was drawn for. The figure is captioned with the
edition's own numbering (圖一, 圖二 … in reading order, the same as in the site), so it does not
depend on the document class's figure counter. The stage view is interactive: in print only
its body (the explanation) is kept.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from ..core.diagram.plan import num, to_svg
from ..warnings import XsWarning, warn

OUT_DIR = "_diagrams"


def svg_to_pdf(svg: Path, pdf: Path) -> str | None:
    """Convert; return None on success or the reason it could not be done."""
    if pdf.exists() and pdf.stat().st_mtime >= svg.stat().st_mtime:
        return None
    tool = shutil.which("rsvg-convert")
    if tool:
        result = subprocess.run(
            [tool, "--format=pdf", "--output", str(pdf), str(svg)],
            capture_output=True,
            text=True,
        )
        return None if result.returncode == 0 else f"rsvg-convert failed: {result.stderr.strip()}"
    try:
        import cairosvg
    except ImportError:
        return "neither rsvg-convert (librsvg2-bin) nor cairosvg is installed"
    try:
        cairosvg.svg2pdf(url=str(svg), write_to=str(pdf))
    except Exception as exc:  # cairosvg raises a variety of errors on bad input
        return f"cairosvg failed: {exc}"
    return None


def _visit_diagram(self, node):
    fig_id = node["fig_id"]
    out = Path(self.builder.outdir) / OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    svg, pdf = out / f"{fig_id}.svg", out / f"{fig_id}.pdf"
    plan = node.get("plan")
    text = to_svg(plan) if plan is not None else ""
    if not svg.exists() or svg.read_text(encoding="utf-8") != text:
        svg.write_text(text, encoding="utf-8")
    problem = svg_to_pdf(svg, pdf) if text else "no drawing"
    self.body.append("\n\\begin{figure}[tbp]\n\\centering\n")
    self.body.append(self.hypertarget(fig_id, anchor=True))
    if problem is None:
        # printed at the width it was drawn for: a pixel of the print drawing is a point
        self.body.append(
            f"\\includegraphics[width={num(plan.width)}pt]{{{OUT_DIR}/{fig_id}.pdf}}\n"
        )
    else:
        warn(f"diagram {fig_id!r} left out of the PDF: {problem}", XsWarning.DIAGRAM_TOOL, node)
    label = self.encode(node.get("label", ""))
    title = self.encode(node.get("title", ""))
    step = self.encode(node.get("step_label", ""))
    self.body.append(f"\\begin{{xsplancaption}}{{{label}}}{{{title}}}{{{step}}}\n")


def _depart_diagram(self, node):
    self.body.append("\\end{xsplancaption}\n\\end{figure}\n")


diagram_latex = (_visit_diagram, _depart_diagram)


def _pass(self, node):
    pass


stage_latex = (_pass, _pass)
