/* The text's own cross-references: a formula (a.xs-xref, 揖讓如初) shows, on hover, focus or a
   tap, the text of the steps it repeats, its basis and a "go there" link for each run of
   steps; a second tap (or the link in the popup) goes there. The data (_xrefs/xrefs-data.js,
   window.XS_XREFS) are loaded at first use; the page names where they lie in script#xs-xrefs.
   Without the script the formula is a plain link to its first referent. */
(function () {
  "use strict";
  const conf = document.getElementById("xs-xrefs");
  if (!conf) return;
  const dataUrl = JSON.parse(conf.textContent).data;
  const root = dataUrl.replace(/_xrefs\/xrefs-data\.js$/, "");
  const here = location.pathname.split("/").pop() || "index.html";
  const GAP = 6;
  const MARGIN = 8;
  let loading = null;
  let pop = null;
  let openRef = null;
  let hoverTimer = 0;

  const load = function () {
    if (window.XS_XREFS) return Promise.resolve(window.XS_XREFS);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        const s = document.createElement("script");
        s.src = dataUrl;
        s.onload = function () { resolve(window.XS_XREFS); };
        s.onerror = reject;
        document.head.appendChild(s);
      });
    }
    return loading;
  };

  const stepHref = function (data, id) {
    const step = data.steps[id];
    if (!step) return "#" + id;
    const page = data.pages[step[2]];
    return (page.split("/").pop() === here && location.pathname.endsWith(page) ? "" : root + page) + "#" + id;
  };

  // A text with its kept forms (ritual/core/kept.py: U+E000 … U+E001, or U+E002 … U+E001 where the
  // copy's script would have changed them), appended to el: those spans marked.
  const kept = function (el, text, title) {
    text.split(/([\ue000\ue002][^\ue001]*\ue001)/).forEach(function (part) {
      if (!part) return;
      if (part[0] === "\ue002") {
        const span = document.createElement("span");
        span.className = "xs-kept";
        span.title = title || "";
        span.textContent = part.slice(1, -1);
        el.appendChild(span);
      } else el.append(part.replace(/[\ue000\ue001]/g, ""));
    });
  };

  const close = function () {
    if (!pop) return;
    pop.remove();
    pop = null;
    if (openRef) openRef.removeAttribute("aria-expanded");
    openRef = null;
  };

  const place = function () {
    if (!pop || !openRef) return;
    const width = document.documentElement.clientWidth;
    const max = width - MARGIN;
    pop.style.maxWidth = Math.max(0, Math.min(448, max - MARGIN)) + "px";
    const r = openRef.getBoundingClientRect();
    const w = pop.offsetWidth;
    const h = pop.offsetHeight;
    let left = (r.left + r.right) / 2 - w / 2;
    left = Math.max(MARGIN, Math.min(left, max - w));
    const below = window.innerHeight - r.bottom;
    const top = below >= h + GAP || below >= r.top ? r.bottom + GAP : r.top - GAP - h;
    pop.style.left = left + window.scrollX + "px";
    pop.style.top = top + window.scrollY + "px";
  };

  const build = function (data, ref) {
    const info = data.refs[ref.dataset.xref];
    const box = document.createElement("div");
    box.className = "xs-xref-pop";
    box.id = "xs-xref-pop";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", ref.textContent + " " + (info ? info.see : ""));
    const x = document.createElement("button");
    x.type = "button";
    x.className = "xs-xref-pop-close";
    x.setAttribute("aria-label", data.words.close);
    x.textContent = "×";
    x.addEventListener("click", close);
    box.appendChild(x);
    if (!info) return box;
    const head = document.createElement("p");
    head.className = "xs-xref-pop-head";
    head.textContent = ref.textContent + "：" + info.see;
    box.appendChild(head);
    info.steps.forEach(function (id) {
      const step = data.steps[id];
      if (!step) return;
      const p = document.createElement("p");
      p.className = "xs-xref-pop-step";
      const n = document.createElement("span");
      n.className = "xs-xref-pop-n";
      n.textContent = step[0];
      p.append(n, " ");
      kept(p, step[1], data.words.kept);
      box.appendChild(p);
    });
    if (info.note) {
      const note = document.createElement("p");
      note.className = "xs-xref-pop-note";
      note.lang = "en";
      note.textContent = info.note;
      box.appendChild(note);
    }
    if (info.basis) {
      const basis = document.createElement("p");
      basis.className = "xs-xref-pop-basis";
      basis.textContent = info.basis;
      box.appendChild(basis);
    }
    if (info.runs.length) {
      const go = document.createElement("p");
      go.className = "xs-xref-pop-go";
      info.runs.forEach(function (run, i) {
        const a = document.createElement("a");
        a.href = stepHref(data, run[0]);
        a.textContent = data.words.go.replace("{n}", run[1]);
        if (i) go.append("　");
        go.appendChild(a);
      });
      box.appendChild(go);
    }
    return box;
  };

  const open = function (ref) {
    if (openRef === ref) return;
    close();
    openRef = ref;
    load().then(function (data) {
      if (openRef !== ref) return;
      pop = build(data, ref);
      document.body.appendChild(pop);
      ref.setAttribute("aria-expanded", "true");
      ref.setAttribute("aria-controls", pop.id);
      place();
    });
  };

  document.querySelectorAll("a.xs-xref[data-xref]").forEach(function (ref) {
    ref.addEventListener("click", function (event) {
      // first tap opens the popup; a second one follows the link
      if (openRef !== ref || !pop) {
        event.preventDefault();
        open(ref);
      }
    });
    ref.addEventListener("mouseenter", function () {
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(function () { open(ref); }, 150);
    });
    ref.addEventListener("mouseleave", function () { clearTimeout(hoverTimer); });
    ref.addEventListener("focus", function () { open(ref); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && pop) {
      const ref = openRef;
      close();
      if (ref) ref.focus({ preventScroll: true });
    }
  });
  document.addEventListener("pointerdown", function (event) {
    if (pop && !pop.contains(event.target) && !openRef.contains(event.target)) close();
  });
  window.addEventListener("resize", place);
})();
