// Reading aids on the pages of the rite (loaded where there are steps: reading_scripts.py).
// - Copying: a selection copies the text and translation only, as the PDF does — no step
//   numbers, apparatus markers, 譯文 labels or cite controls (those are user-select: none in
//   the CSS too; this handler is for the browsers that copy them all the same); a note of 鄭注
//   shown in the text is copied after its lemma, marked 【注】.
// - Terms: plain text by default, so that a tap or a click meant to select never navigates
//   away (issue 25); 「索引連結」 in the reading bar (a toggle button, its choice kept in
//   localStorage["xs-term-links"]) makes each term a link to its headword page, in the tab
//   order then, and marked as links. Every headword page is also reachable from the indexes.
// - Keyboard: the marks of the 注 (permalinks, hundreds on a page) leave the tab order.
// - Search hits: ?hl=阼階 (space-separated words) marks the words on the page a hit opens
//   (xs-highlight.js, fetched only then).
// - Plans: a 「放大」 button on each; the full-screen view (xs-plan-zoom.js and .css) is fetched
//   when a plan is first opened. Fetched on demand, they weigh nothing on the pages until used.
// The fetching and the button are xs-load.js's (xsLoad, xsZoomable), shared with the stage.
(() => {
  "use strict";
  const SKIP = ".xs-num, .xs-app-ref, .xs-app-pop, .xs-trans-label, .xs-cite, .headerlink, .xs-text-switch, .xs-zhu-mark, .xs-ties, .xs-reading-switch, .xs-term-links";

  document.addEventListener("copy", (event) => {
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed || !sel.rangeCount || !event.clipboardData) return;
    const frag = sel.getRangeAt(0).cloneContents();
    if (!frag.querySelector(SKIP) && !frag.querySelector(".xs-zhu")) return; // the browser's own copy
    frag.querySelectorAll(SKIP).forEach((el) => el.remove());
    // A note of 鄭注 is copied as the book prints it: after its lemma, marked 【注】.
    frag.querySelectorAll(".xs-zhu").forEach((el) => el.prepend("【注】"));
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

  // The marks of the 注 (each its note's permalink, hundreds on a page) leave the tab order:
  // the notes are read in place, and each is an object of the inventory.
  document.querySelectorAll("a.xs-zhu-mark").forEach((a) => {
    a.tabIndex = -1;
  });

  // Term links, where the reader asks for them. A term is <a class="xs-term xs-<kind>"> without
  // href; its headword is data-h or its text (reading_scripts.py, writers/html.py).
  const data = (() => {
    try {
      return JSON.parse(document.getElementById("xs-reader").textContent);
    } catch {
      return {};
    }
  })();
  const terms = document.querySelectorAll("a.xs-term");
  const words = document.getElementById("xs-reader-words");
  if (terms.length && data.terms && words) {
    const KEY = "xs-term-links";
    const say = (key) => (words.content.querySelector(`[data-say="${key}"]`) || {}).textContent || "";
    const kindOf = (a) => [...a.classList].find((c) => c !== "xs-term" && c !== "xs-negated" && c.startsWith("xs-"));
    const hrefOf = (a) =>
      `${data.terms}${kindOf(a).slice(3)}/${encodeURIComponent(a.dataset.h || a.textContent)}.html`;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "xs-term-links";
    button.textContent = say("terms");
    button.title = say("terms-title");
    const links = (on, keep) => {
      document.documentElement.toggleAttribute("data-xs-term-links", on);
      button.setAttribute("aria-pressed", String(on));
      terms.forEach((a) => {
        if (on) a.setAttribute("href", hrefOf(a));
        else a.removeAttribute("href");
      });
      if (keep) {
        try {
          if (on) localStorage.setItem(KEY, "on");
          else localStorage.removeItem(KEY);
        } catch { /* private mode: this page only */ }
      }
    };
    const stored = () => {
      try {
        return localStorage.getItem(KEY) === "on";
      } catch {
        return false;
      }
    };
    button.addEventListener("click", () => links(button.getAttribute("aria-pressed") !== "true", true));
    window.addEventListener("storage", (event) => {
      if (event.key === KEY) links(event.newValue === "on", false);
    });
    links(stored(), false);
    // In the reading bar (xs-reading-switch.js draws it; deferred scripts run before
    // DOMContentLoaded), else under the title.
    const place = () => {
      const bar = document.querySelector(".xs-reading-switch");
      const heading = document.querySelector("article h1");
      if (bar) bar.after(button);
      else if (heading) heading.after(button);
    };
    if (document.readyState === "complete") place();
    else document.addEventListener("DOMContentLoaded", place);
  }


  if (new URLSearchParams(window.location.search).get("hl")) window.xsLoad("xs-highlight.js");

  document.querySelectorAll("figure.xs-diagram .xs-diagram-plan").forEach((plan) => {
    if (plan.querySelector("svg")) {
      window.xsZoomable(plan, (button) => window.xsPlanZoom(plan.closest("figure"), button));
    }
  });
})();
