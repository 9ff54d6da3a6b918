// Marks the words a search hit was for on the page it opens: ?hl=阼階 (words separated by
// spaces), in the steps' text and translation, across the element boundaries inside them (term
// links, rare characters' readings), leaving out markers and labels. Loaded by xs-reader.js
// when the address has ?hl=.
(() => {
  "use strict";
  const SKIP = ".xs-num, .xs-app-ref, .xs-app-pop, .xs-trans-label, .xs-cite";
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
