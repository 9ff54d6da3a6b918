/* The reading switch of the rite's pages (reading_switch.py): 經 / 經注 / 經注譯. Three real
   buttons, the pressed one marked aria-pressed; the choice is the page root's data-xs-reading
   (the stylesheet hides the 注 or the 譯文 by it) and is kept in localStorage["xs-reading"], so
   it holds across pages and visits. Without this script the page is in its default state, 經注.
   No external code. */
(function () {
  "use strict";
  const words = document.getElementById("xs-reading-words");
  const article = document.querySelector("article[role=main]") || document.body;
  if (!words || !document.querySelector(".xs-step")) return;
  const KEY = "xs-reading";
  const DEFAULT = "jingzhu";
  const root = document.documentElement;
  const states = Array.from(words.content.querySelectorAll("[data-state]"), function (el) {
    return el.dataset.state;
  });
  const current = function () {
    const value = root.getAttribute("data-xs-reading");
    return states.indexOf(value) >= 0 ? value : DEFAULT;
  };

  const bar = document.createElement("div");
  bar.className = "xs-reading-switch";
  bar.setAttribute("role", "group");
  const label = words.content.querySelector('[data-say="label"]');
  bar.setAttribute("aria-label", label ? label.textContent : "");
  const buttons = states.map(function (value) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.reading = value;
    button.textContent = words.content.querySelector('[data-state="' + value + '"]').textContent;
    button.addEventListener("click", function () { choose(value, true); });
    bar.appendChild(button);
    return button;
  });
  const choose = function (value, keep) {
    if (value === DEFAULT) root.removeAttribute("data-xs-reading");
    else root.setAttribute("data-xs-reading", value);
    buttons.forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.reading === value)); });
    if (keep) {
      try { window.localStorage.setItem(KEY, value); } catch { /* private mode: this page only */ }
    }
  };
  choose(current(), false);
  // A note's permalink (#<step id>-z1) opened in 經 shows the notes on this page (not kept).
  const reveal = function () {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (target && target.closest(".xs-zhu") && current() === "jing") choose(DEFAULT, false);
    // A search hit in a 譯文 (?hl=words, #step) shows the 譯文 on this page (not kept).
    const hl = new URLSearchParams(window.location.search).get("hl");
    const trans = target && hl && target.querySelector(".xs-trans");
    if (trans && current() !== "jingzhuyi" &&
        hl.split(/\s+/).some(function (w) { return w && trans.textContent.indexOf(w) >= 0; })) {
      choose("jingzhuyi", false);
    }
  };
  reveal();
  window.addEventListener("hashchange", reveal);
  // Another tab's choice follows here too.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY && states.indexOf(event.newValue) >= 0) choose(event.newValue, false);
  });
  const heading = article.querySelector("h1");
  (heading ? heading.parentNode : article).insertBefore(bar, heading ? heading.nextSibling : article.firstChild);
})();
