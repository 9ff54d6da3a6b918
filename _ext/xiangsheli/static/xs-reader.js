// Reading aids on the pages of the rite (loaded where there are steps: reader.py).
// - Copying: a selection copies the text and translation only, as the PDF does — no step
//   numbers, apparatus markers, 譯文 labels or cite controls (those are user-select: none in
//   the CSS too; this handler is for the browsers that copy them all the same).
// - Keyboard: the term links (thousands on a page, styled as text) leave the tab order; they
//   stay links for the mouse and are all reachable from the headword indexes.
// - Search hits: ?hl=阼階 (space-separated words) marks the words on the page a hit opens.
(() => {
  "use strict";
  const SKIP = ".xs-num, .xs-app-ref, .xs-app-pop, .xs-trans-label, .xs-cite, .headerlink, .xs-text-switch";

  document.addEventListener("copy", (event) => {
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed || !sel.rangeCount || !event.clipboardData) return;
    const frag = sel.getRangeAt(0).cloneContents();
    if (!frag.querySelector(SKIP)) return; // nothing to leave out: the browser's own copy
    frag.querySelectorAll(SKIP).forEach((el) => el.remove());
    // innerText of a rendered copy keeps the line breaks between steps and their blocks.
    const holder = document.createElement("div");
    holder.style.cssText = "position:fixed;left:-10000px;top:0;width:40em;white-space:normal";
    holder.append(frag);
    (document.querySelector("article") || document.body).append(holder);
    const text = holder.innerText.replace(/\n{3,}/g, "\n\n").trim();
    event.clipboardData.setData("text/plain", text);
    event.clipboardData.setData("text/html", holder.innerHTML);
    holder.remove();
    event.preventDefault();
  });

  document.querySelectorAll("a.xs-term").forEach((a) => {
    a.tabIndex = -1;
  });

  const words = (new URLSearchParams(window.location.search).get("hl") || "")
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return;
  const blocks = document.querySelectorAll(".xs-step .xs-text, .xs-step .xs-trans");
  for (const block of blocks) {
    // The block's text as read (markers and labels left out), and where each piece comes from.
    const pieces = [];
    let text = "";
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      pieces.push([n, text.length]);
      text += n.data;
    }
    const hits = [];
    for (const w of words) {
      for (let at = text.indexOf(w); at !== -1; at = text.indexOf(w, at + w.length)) {
        hits.push([at, at + w.length]);
      }
    }
    // From the end backwards, so that splitting a text node leaves the earlier offsets valid.
    hits.sort((a, b) => b[0] - a[0]);
    let floor = Infinity;
    for (const [start, end] of hits) {
      if (end > floor) continue; // overlaps a later hit already marked
      floor = start;
      for (let i = pieces.length - 1; i >= 0; i--) {
        const [node, from] = pieces[i];
        const to = from + node.data.length;
        if (to <= start || from >= end) continue;
        node.splitText(Math.min(end, to) - from);
        const mid = node.splitText(Math.max(start, from) - from);
        const mark = document.createElement("mark");
        mark.className = "xs-hl";
        mid.replaceWith(mark);
        mark.append(mid);
      }
    }
  }
})();
