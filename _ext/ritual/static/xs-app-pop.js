/* The entry of an apparatus marker, beside it: window.xsAppPop(marker) opens it (or closes it,
   on a second tap); apparatus.js loads this file and xs-app-pop.css at a marker's first use.
   The entry shown is the one of the phase's 校記 list (li#app-NNN): lemma ] readings with their
   sigla, the note and the witnesses' pages. It is set at the page's reading size, fits any
   screen (360 px too) inside the text's column, goes below the marker's line or above it (never
   over the marker), and closes on Escape, on a tap elsewhere, or on a second tap of its marker. */
(function () {
  "use strict";
  const simplified = (document.documentElement.lang || "").toLowerCase() === "zh-hans";
  const GAP = 6;
  const MARGIN = 8;
  let pop = null;
  let openRef = null;

  // The parts of the entry, from the 校記 list item (the marker's data-entry if it is missing).
  const entry = function (ref) {
    const li = document.getElementById(ref.getAttribute("href").slice(1));
    const head = document.createElement("span");
    head.className = "xs-app-pop-head";
    const parts = [head];
    if (!li) {
      head.textContent = ref.dataset.entry || "";
      return parts;
    }
    const p = (li.querySelector("p") || li).cloneNode(true);
    p.querySelectorAll(".xs-app-back").forEach(function (el) { el.remove(); });
    const stepRef = p.querySelector('a[href^="#xs-"]');
    if (stepRef && p.firstElementChild === stepRef) stepRef.remove(); // the marker's own step
    p.querySelectorAll(".xs-app-note, .xs-app-pages").forEach(function (el) {
      el.remove();
      el.textContent = el.textContent.trim();
      parts.push(el);
    });
    head.textContent = p.textContent.trim();
    return parts;
  };

  const close = function (refocus) {
    if (!pop) return;
    pop.remove();
    pop = null;
    if (openRef) {
      openRef.removeAttribute("aria-expanded");
      if (refocus) openRef.focus();
    }
    openRef = null;
  };

  // The box of the marker's line: the marker itself with the text just before it.
  const lineBox = function (ref) {
    const r = ref.getBoundingClientRect();
    let top = r.top;
    let bottom = r.bottom;
    const prev = ref.previousElementSibling || ref.parentElement;
    const rects = prev ? prev.getClientRects() : [];
    const last = rects[rects.length - 1];
    if (last && Math.abs(last.right - r.left) < 48 && last.bottom > r.top) {
      top = Math.min(top, last.top);
      bottom = Math.max(bottom, last.bottom);
    }
    return { left: r.left, right: r.right, top: top, bottom: bottom };
  };

  const place = function () {
    if (!pop || !openRef) return;
    // Within the text's column (the step numbers and cite controls in the margin stay free)
    // when it is wide enough, else within the screen.
    const width = document.documentElement.clientWidth;
    const column = openRef.closest(".xs-text");
    let min = MARGIN;
    let max = width - MARGIN;
    if (column) {
      const c = column.getBoundingClientRect();
      if (Math.min(c.right, max) - Math.max(c.left, min) >= 240) {
        min = Math.max(c.left, min);
        max = Math.min(c.right, max);
      }
    }
    pop.style.maxWidth = Math.max(0, Math.min(448, max - min)) + "px";
    const box = lineBox(openRef);
    const w = pop.offsetWidth;
    const h = pop.offsetHeight;
    let left = (box.left + box.right) / 2 - w / 2;
    left = Math.max(min, Math.min(left, max - w));
    const below = window.innerHeight - box.bottom;
    const top = below >= h + GAP || below >= box.top ? box.bottom + GAP : box.top - GAP - h;
    // absolute, in the coordinates of the element it is positioned against
    const origin = pop.offsetParent ? pop.offsetParent.getBoundingClientRect() : { left: 0, top: 0 };
    const border = pop.offsetParent || { clientLeft: 0, clientTop: 0 };
    pop.style.left = left - origin.left - border.clientLeft + "px";
    pop.style.top = top - origin.top - border.clientTop + "px";
  };

  const open = function (ref) {
    close(false);
    openRef = ref;
    pop = document.createElement("span");
    pop.className = "xs-app-pop";
    pop.id = "xs-app-pop";
    pop.setAttribute("role", "group");
    pop.setAttribute("aria-label", (simplified ? "校记 " : "校記 ") + ref.textContent);
    const x = document.createElement("button");
    x.type = "button";
    x.className = "xs-app-pop-close";
    x.setAttribute("aria-label", simplified ? "关闭" : "關閉");
    x.textContent = "×";
    x.addEventListener("click", function () { close(true); });
    pop.append(x, ...entry(ref));
    // right after the marker: next in the reading and tab order, inside the step
    ref.after(pop);
    ref.setAttribute("aria-expanded", "true");
    ref.setAttribute("aria-controls", pop.id);
    place();
  };

  window.xsAppPop = function (ref) {
    if (openRef === ref) close(false);
    else open(ref);
  };
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && pop) close(pop.contains(document.activeElement) || document.activeElement === openRef);
  });
  // A tap or click anywhere but the entry and its marker closes it.
  document.addEventListener("pointerdown", function (event) {
    if (pop && !pop.contains(event.target) && !openRef.contains(event.target)) close(false);
  });
  window.addEventListener("resize", place);
})();
