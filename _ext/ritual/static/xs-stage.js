/* The stage view (issue 6): step through the rite and watch who moves where.
 *
 * Reads window.XS_STAGE (written by the build as _diagrams/stage-data.js): tables of roles,
 * places, facings, furnishings and pages, and per step its text and what changed: its number
 * ("n", where it is not the count), phase ("p") and page ("u"); "fig", the figures that came,
 * moved or act in it, each as [role, place, facing,
 * bearing, moved, hallX, hallY, rangeX, rangeY, hallLabel, rangeLabel(, notes of 注 the
 * position rests on)] (pixels of the plans
 * drawn on the page; a label is an index into the table "labels", whose rows are [dx, dy,
 * anchor, vertical], then, for a name set away from its marker, its leader line [x0, y0, x1,
 * y1], all relative to the marker); "gone", the roles that left;
 * "order", the order of the key when it is not the previous one with newcomers at the end;
 * "furn", the furnishings on the plan. Everyone else stays where they were, unmarked.
 * Needs xs-load.js (in the page's head). No external scripts; works from file:// as well as
 * from a server.
 */
(function () {
  "use strict";
  const D = window.XS_STAGE;
  const root = document.querySelector(".xs-stage");
  if (!D || !root) return;
  const NS = "http://www.w3.org/2000/svg";
  const INK = "#2b2722", VERMILION = "#b0372a", LIGHT = "#f6dcd6", PAPER = "#fdfbf6";
  const steps = D.steps, N = steps.length;

  // carry figures and furnishings forward so that every step has its full state
  const figs = [], furn = [], state = {};
  let order = [], lastFurn = [];
  steps.forEach(function (s, j) {
    const acting = {};
    // the number, phase and page come only where they are not the count, the previous step's
    if (s.n === undefined) s.n = String(j + 1);
    if (j && s.p === undefined) s.p = steps[j - 1].p;
    if (j && s.u === undefined) s.u = steps[j - 1].u;
    (s.gone || []).forEach(function (r) {
      delete state[r];
      order = order.filter(function (x) { return x !== r; });
    });
    (s.fig || []).forEach(function (e) {
      e[9] = D.labels[e[9]];
      e[10] = D.labels[e[10]];
      if (!(e[0] in state)) order.push(e[0]);
      state[e[0]] = e;
      acting[e[0]] = true;
    });
    if (s.order) order = s.order.slice();
    figs.push(order.map(function (r) {
      if (acting[r]) return state[r];
      const c = state[r].slice();
      c[4] = 0;
      return c;
    }));
    if (s.furn) lastFurn = s.furn;
    furn.push(lastFurn);
  });

  const stepAt = {};
  steps.forEach(function (s, j) { stepAt[s.id] = j; });
  const $ = function (sel) { return root.querySelector(sel); };
  // The page's words for the script's messages (a <template> in the page, so that the
  // Simplified copy of the page has them converted), with {n}-style blanks.
  const words = $("template.xs-stage-say");
  function say(key, vars) {
    const w = words && words.content.querySelector('[data-say="' + key + '"]');
    return (w ? w.textContent : key).replace(/\{(\w+)\}/g, function (_, k) { return vars[k]; });
  }
  // A text's kept forms (ritual/core/kept.py): U+E000 … U+E001, or U+E002 … U+E001 where the
  // copy's script would have changed them; the text without the marks, and those spans.
  function unmark(str) {
    const re = /([\ue000\ue002])([^\ue001]*)\ue001/g, kept = [];
    let out = "", at = 0, m;
    while ((m = re.exec(str))) {
      out += str.slice(at, m.index);
      if (m[1] === "\ue002") kept.push([out.length, out.length + m[2].length]);
      out += m[2];
      at = re.lastIndex;
    }
    return { text: out + str.slice(at), kept: kept };
  }
  // t.text[from, to) appended to el, its marked kept forms as span.xs-kept
  function appendKept(el, t, from, to) {
    let at = from;
    t.kept.forEach(function (k) {
      const lo = Math.max(k[0], at), hi = Math.min(k[1], to);
      if (lo >= hi) return;
      if (lo > at) el.appendChild(document.createTextNode(t.text.slice(at, lo)));
      const span = el.appendChild(document.createElement("span"));
      span.className = "xs-kept";
      span.title = say("kept", {});
      span.textContent = t.text.slice(lo, hi);
      at = hi;
    });
    if (to > at) el.appendChild(document.createTextNode(t.text.slice(at, to)));
  }
  // a note's words t appended to el, each of its errata ([start, end, the others' reading,
  // their sigla, the note's witness]) marked as its page marks it: one element, a kept form
  // too where this copy's script would have changed the reading, with the erratum's title
  function appendNote(el, t, errata) {
    let at = 0;
    errata.forEach(function (x) {
      if (x[0] > at) appendKept(el, t, at, x[0]);
      const sic = el.appendChild(document.createElement("span"));
      const kept = t.kept.some(function (k) { return k[0] < x[1] && x[0] < k[1]; });
      sic.className = kept ? "xs-kept xs-zhu-sic" : "xs-zhu-sic";
      sic.title = say("sic", { witness: x[4], witnesses: x[3], reading: x[2] });
      sic.textContent = t.text.slice(x[0], x[1]);
      at = x[1];
    });
    appendKept(el, t, at, t.text.length);
  }
  const input = $(".xs-stage-n"), slider = $(".xs-stage-slider");
  input.max = slider.max = String(N);
  const plans = {}, layers = {}, markers = { hall: {}, range: {} };
  root.querySelectorAll(".xs-stage-plan").forEach(function (div) {
    const v = div.getAttribute("data-view");
    plans[v] = div;
    const svg = div.querySelector("svg");
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "xs-stage-layer");
    svg.appendChild(g);
    layers[v] = g;
    // 「放大」: the plan as it stands at this step, full screen (xs-load.js and xs-plan-zoom.js,
    // as the rite's pages open their plans), so that its names can be read on a phone.
    window.xsZoomable(div, function (button) {
      window.xsPlanZoom(div, button, $(".xs-stage-phase").textContent);
    });
  });

  function el(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function makeMarker(view, r) {
    const small = view === "range";
    const rad = small ? 2.6 : 5.2, tip = rad + (small ? 4 : 7), base = rad - 0.6, wing = small ? 2 : 3.6;
    const g = el("g", { "class": "xs-stage-marker" }, layers[view]);
    const title = el("title", {}, g);
    const arrow = el("g", { "class": "xs-stage-arrow" }, g);
    el("polygon", { points: "0," + (-tip) + " " + wing + "," + (-base) + " " + (-wing) + "," + (-base) }, arrow);
    el("circle", { r: rad, "stroke-width": small ? 0.9 : 1.4 }, g);
    const leader = el("line", { "stroke-width": 0.6, visibility: "hidden" }, g);
    const halo = el("text", { "font-size": small ? 9 : 11, fill: PAPER, stroke: PAPER, "stroke-width": 3, "stroke-linejoin": "round" }, g);
    const text = el("text", { "font-size": small ? 9 : 11 }, g);
    const m = { g: g, title: title, arrow: arrow, leader: leader, halo: halo, text: text, rad: rad, angle: null, label: null, small: small };
    markers[view][r] = m;
    return m;
  }

  const ANCHOR = ["start", "middle", "end"];
  // spot = [dx, dy, anchor, vertical(, leader x0, y0, x1, y1)] worked out by the build so
  // that labels avoid each other (as in the static plans); empty = no label in this view
  function setLabel(m, name, spot) {
    const key = spot && spot.length ? name + "@" + spot.join(",") : "";
    if (m.label === key) return;
    m.label = key;
    const line = key && spot.length > 4;
    m.leader.setAttribute("visibility", line ? "visible" : "hidden");
    if (line) {
      m.leader.setAttribute("x1", spot[4]);
      m.leader.setAttribute("y1", spot[5]);
      m.leader.setAttribute("x2", spot[6]);
      m.leader.setAttribute("y2", spot[7]);
    }
    [m.halo, m.text].forEach(function (t) {
      while (t.firstChild) t.removeChild(t.firstChild);
      if (!key) return;
      const size = m.small ? 9 : 11, dx = spot[0], dy = spot[1], anchor = ANCHOR[spot[2]];
      if (!spot[3]) {
        t.setAttribute("text-anchor", anchor);
        t.setAttribute("x", dx);
        t.setAttribute("y", dy + size * 0.36);
        t.textContent = name;
      } else {
        t.setAttribute("text-anchor", "middle");
        const h = name.length * size;
        const top = anchor === "start" ? dy : anchor === "end" ? dy - h : dy - h / 2;
        for (let i = 0; i < name.length; i++) {
          const span = document.createElementNS(NS, "tspan");
          span.setAttribute("x", dx);
          span.setAttribute("y", top + (i + 0.88) * size);
          span.textContent = name[i];
          t.appendChild(span);
        }
      }
    });
  }

  function draw(view, i) {
    const present = {};
    figs[i].forEach(function (e) {
      const r = e[0], m = markers[view][r] || makeMarker(view, r);
      const x = view === "hall" ? e[5] : e[7], y = view === "hall" ? e[6] : e[8];
      present[r] = true;
      m.g.style.display = "";
      m.g.style.transform = "translate(" + x + "px," + y + "px)";
      // turn the short way round
      const b = e[3];
      if (m.angle === null) m.angle = b;
      else { const d = ((b - m.angle) % 360 + 540) % 360 - 180; m.angle += d; }
      m.arrow.style.transform = "rotate(" + m.angle + "deg)";
      const moved = e[4] === 1, stroke = moved ? VERMILION : INK;
      m.arrow.firstChild.setAttribute("fill", stroke);
      const c = m.g.querySelector("circle");
      c.setAttribute("fill", moved ? LIGHT : "#ffffff");
      c.setAttribute("stroke", stroke);
      m.text.setAttribute("fill", stroke);
      m.leader.setAttribute("stroke", stroke);
      const role = D.roles[r];
      m.title.textContent = role + "：" + D.places[e[1]] + "，" + D.facings[e[2]];
      setLabel(m, role, view === "hall" ? e[9] : e[10]);
    });
    Object.keys(markers[view]).forEach(function (r) {
      if (!present[r]) markers[view][r].g.style.display = "none";
    });
    const shown = {};
    furn[i].forEach(function (k) { shown[k] = true; });
    D.furnishings.forEach(function (_, k) {
      const g = document.getElementById("xs-stage-" + view + "-furn-" + k);
      if (g) g.style.display = shown[k] ? "" : "none";
    });
  }

  let current = 0, view = "hall";
  const note = $(".xs-stage-note");
  function show(i, push) {
    i = Math.max(0, Math.min(N - 1, i));
    if (isNaN(i)) i = current;
    current = i;
    if (note && push !== false) note.textContent = "";
    const s = steps[i];
    input.value = slider.value = String(i + 1);
    $(".xs-stage-phase").textContent = (s.p >= 0 ? D.phases[s.p] + "　" : "") + say("step", { n: s.n }) + " · " + s.id;
    const text = $(".xs-stage-text");
    text.textContent = "";
    let a = document.createElement("a");
    a.href = D.pages[s.u] + "#" + s.id;
    // the text's formulas (揖讓如初) jump to the step they repeat (issue 14); its kept forms
    // (ritual/core/kept.py) are marked where this copy's script would have changed them
    const t = unmark(s.text);
    const spans = (D.xrefs || {})[i] || [];
    let at = 0;
    spans.forEach(function (x) {
      if (x[0] > at) appendKept(a, t, at, x[0]);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "xs-stage-xref";
      appendKept(b, t, x[0], x[1]);
      b.title = say("xref", { n: steps[x[2]].n });
      b.addEventListener("click", function (event) { event.preventDefault(); show(x[2]); });
      text.appendChild(a);
      a = document.createElement("a");
      a.href = D.pages[s.u] + "#" + s.id;
      text.appendChild(b);
      at = x[1];
    });
    appendKept(a, t, at, t.text.length);
    text.appendChild(a);
    // the step's notes of 鄭注 under its text, each mark the link to its note (issue 21)
    const zhu = $(".xs-stage-zhu");
    if (zhu) {
      zhu.textContent = "";
      ((D.zhu || {})[i] || []).forEach(function (z) {
        const p = document.createElement("p");
        p.className = "xs-stage-zhu-note";
        const mark = document.createElement("a");
        mark.className = "xs-zhu-mark";
        mark.href = D.pages[s.u] + "#" + z[0];
        mark.title = say("zhuTitle", { id: z[0] });
        mark.textContent = say("zhu", {});
        p.appendChild(mark);
        appendNote(p, unmark(z[1]), z[2] || []);
        zhu.appendChild(p);
      });
    }
    // the translation: in the Simplified copy, with the forms its page keeps marked
    const tr = $(".xs-stage-tr"), trWords = unmark(s.tr || "");
    tr.textContent = "";
    appendKept(tr, trWords, 0, trWords.text.length);
    const key = $(".xs-stage-key");
    key.textContent = "";
    figs[i].forEach(function (e) {
      const li = document.createElement("li");
      if (e[4] === 1) li.className = "xs-moved";
      li.innerHTML = '<span class="xs-key-role"></span><span class="xs-key-place"></span><span class="xs-key-facing"></span>';
      li.children[0].textContent = D.roles[e[0]];
      li.children[1].textContent = D.places[e[1]];
      li.children[2].textContent = D.facings[e[2]];
      // off the plan shown (as a static plan lists them under it: 圖外)
      if ((D.outside || [[], []])[view === "hall" ? 0 : 1].indexOf(e[1]) >= 0) {
        const off = li.appendChild(document.createElement("span"));
        off.className = "xs-key-off";
        off.textContent = say("offView", {});
      }
      // the notes of 注 the position rests on, each marked 注 and linked (issue 21)
      (e[11] || []).forEach(function (id) {
        const mark = li.appendChild(document.createElement("a"));
        mark.className = "xs-zhu-mark";
        mark.href = D.pages[steps[stepAt[id.replace(/-z\d+$/, "")]].u] + "#" + id;
        mark.title = say("basis", { id: id });
        mark.textContent = say("zhu", {});
      });
      key.appendChild(li);
    });
    if (!figs[i].length) key.appendChild(document.createElement("li")).textContent = say("nobody", {});
    draw("hall", i);
    draw("range", i);
    if (push !== false && history.replaceState) history.replaceState(null, "", "#" + s.id);
  }

  root.addEventListener("click", function (ev) {
    const b = ev.target.closest("button");
    if (!b) return;
    const go = b.getAttribute("data-go");
    if (go === "first") show(0);
    else if (go === "prev") show(current - 1);
    else if (go === "next") show(current + 1);
    else if (go === "last") show(N - 1);
    else if (b.classList.contains("xs-stage-view")) {
      view = view === "hall" ? "range" : "hall";
      plans.hall.hidden = view !== "hall";
      plans.range.hidden = view !== "range";
      b.setAttribute("aria-pressed", String(view === "range"));
      b.textContent = say(view === "range" ? "hall" : "range", {});
      show(current, false); // the key says who is off the plan now shown
    }
  });
  // An empty or unreadable box (Enter on "", "e") puts the current step back, not an error.
  function fromBox() {
    const n = parseInt(input.value, 10);
    if (isNaN(n)) input.value = String(current + 1);
    else show(n - 1);
  }
  input.addEventListener("change", fromBox);
  input.addEventListener("keydown", function (ev) { if (ev.key === "Enter") fromBox(); });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10) - 1); });
  // On this page the arrow keys step through the rite. Sphinx's doctools.js turns them into
  // "previous/next page" (navigation_with_keys) on the document; listening on the window in
  // the capture phase and stopping the event keeps the reader on the stage.
  window.addEventListener("keydown", function (ev) {
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const go = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: N - 1 }[ev.key];
    if (go === undefined) return;
    show(go);
    ev.preventDefault();
    ev.stopPropagation();
  }, true);

  // The step the address names (#<step id>, or #n=300 for the 300th), or null.
  function fromHash() {
    let m = /^#([a-z][a-z0-9]*-\d+)$/.exec(location.hash), k = null;
    if (m) {
      steps.forEach(function (s, j) { if (s.id === m[1]) k = j; });
      // a retired id leads to the step that replaced it
      if (k === null && D.retired && m[1] in D.retired) k = D.retired[m[1]];
    }
    else if ((m = /^#n=(\d+)$/.exec(location.hash))) k = parseInt(m[1], 10) - 1;
    return k;
  }
  // A new hash (typed, followed from a link, or Back/Forward) moves the plan with it.
  window.addEventListener("hashchange", function () {
    const k = fromHash();
    if (k !== null && k !== current) show(k, false);
  });

  // Whether anyone of step i stands inside the plan drawn in the hall view (門外 is off it).
  const box = plans.hall.querySelector("svg").viewBox.baseVal;
  function onPlan(i) {
    return figs[i].some(function (e) {
      return e[5] >= box.x && e[5] <= box.x + box.width && e[6] >= box.y && e[6] <= box.y + box.height;
    });
  }
  // Without a step in the address, open where the plan first has someone on it, and say so.
  let start = fromHash();
  if (start === null) {
    start = 0;
    while (start < N - 1 && !onPlan(start)) start++;
    if (start > 0 && note) {
      const before = [];
      for (let k = 0; k < start; k++) {
        const ph = D.phases[steps[k].p];
        if (ph && before.indexOf(ph) < 0) before.push(ph);
      }
      note.textContent = say("start", {
        n: steps[start].n, k: start, phases: before.length ? "（" + before.join("、") + "）" : "" });
    }
  }
  show(start, false);
})();
