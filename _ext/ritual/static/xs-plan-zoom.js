// A plan (figure.xs-diagram) full screen, to read its labels on a phone: window.xsPlanZoom(
// figure, opener[, caption]), called by xs-reader.js and xs-stage.js (the stage view's plans)
// (its 「放大」 button, or a tap on the plan), which
// loads this file and xs-plan-zoom.css when a plan is first opened. The dialog shows the SVG at
// its own size (1:1, wider than a phone), and zooms with pinch, Ctrl/⌘ + wheel or trackpad
// pinch, the ＋/－ buttons and the + - 0 keys; one finger, the wheel or the arrow keys move it.
// Close: the button, Escape, or the backdrop; the focus goes back to the opener.
(() => {
  "use strict";
  const hans = (document.documentElement.lang || "").toLowerCase() === "zh-hans";
  const W = hans
    ? { out: "缩小", in: "放大", one: "1:1 原大", close: "关闭" }
    : { out: "縮小", in: "放大", one: "1:1 原大", close: "關閉" };
  const MIN = 0.25;
  const MAX = 6;
  let dialog, view, title, svg, opener;
  let scale = 1;
  let size = [0, 0];

  const button = (label, text, go) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (label !== text) b.setAttribute("aria-label", label);
    b.addEventListener("click", go);
    return b;
  };

  // Zoom to s, keeping the point (x, y) of the view (its centre by default) where it is.
  const zoom = (s, x, y) => {
    s = Math.max(MIN, Math.min(MAX, s));
    const cx = x === undefined ? view.clientWidth / 2 : x;
    const cy = y === undefined ? view.clientHeight / 2 : y;
    const px = (view.scrollLeft + cx) / scale;
    const py = (view.scrollTop + cy) / scale;
    scale = s;
    svg.setAttribute("width", String(size[0] * s));
    svg.setAttribute("height", String(size[1] * s));
    view.scrollLeft = px * s - cx;
    view.scrollTop = py * s - cy;
  };

  const build = () => {
    dialog = document.createElement("dialog");
    dialog.className = "xs-zoom";
    const bar = document.createElement("div");
    bar.className = "xs-zoom-bar";
    title = document.createElement("span");
    title.className = "xs-zoom-title";
    title.id = "xs-zoom-title";
    bar.append(
      title,
      button(W.out, "－", () => zoom(scale / 1.5)),
      button(W.in, "＋", () => zoom(scale * 1.5)),
      button(W.one, "1:1", () => zoom(1)),
      button(W.close, "×", () => dialog.close()),
    );
    view = document.createElement("div");
    view.className = "xs-zoom-view";
    view.tabIndex = 0;
    view.setAttribute("role", "group");
    view.setAttribute("aria-labelledby", "xs-zoom-title");
    dialog.setAttribute("aria-labelledby", "xs-zoom-title");
    dialog.append(bar, view);
    document.body.append(dialog);
    dialog.addEventListener("close", () => {
      view.replaceChildren();
      if (opener) opener.focus();
    });
    // a click on the backdrop (the dialog box itself, outside its contents) closes it
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
    view.addEventListener("keydown", (e) => {
      const k = { "+": 1.25, "=": 1.25, "-": 0.8, _: 0.8 }[e.key];
      if (k) zoom(scale * k);
      else if (e.key === "0") zoom(1);
      else return;
      e.preventDefault();
    });
    view.addEventListener("wheel", (e) => {
      if (!e.ctrlKey && !e.metaKey) return; // plain wheel: scroll
      e.preventDefault();
      const r = view.getBoundingClientRect();
      zoom(scale * Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    // Pinch: two fingers (one finger pans natively: touch-action: pan-x pan-y).
    const touches = new Map();
    let pinch = null;
    const spread = () => {
      const [a, b] = [...touches.values()];
      return [Math.hypot(a[0] - b[0], a[1] - b[1]), (a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    };
    view.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "touch") return;
      touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (touches.size === 2) pinch = [spread()[0], scale];
    });
    view.addEventListener("pointermove", (e) => {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (!pinch || touches.size !== 2) return;
      const [d, mx, my] = spread();
      const r = view.getBoundingClientRect();
      zoom(pinch[1] * (d / pinch[0]), mx - r.left, my - r.top);
    });
    const lift = (e) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
    };
    view.addEventListener("pointerup", lift);
    view.addEventListener("pointercancel", lift);
  };

  // figure: a rite page's figure.xs-diagram, or the stage view's plan (its svg as it stands
  // at the step shown, and the step as the caption).
  const show = (figure, from, caption) => {
    if (!dialog) build();
    opener = from;
    const original = figure.querySelector(".xs-diagram-plan svg") || figure.querySelector("svg");
    svg = original.cloneNode(true);
    // ids stay unique: the copy's references (its <use>, its clip) resolve to the page's plan
    svg.querySelectorAll("[id]").forEach((el) => el.removeAttribute("id"));
    svg.removeAttribute("aria-labelledby");
    svg.setAttribute("aria-hidden", "true");
    size = [parseFloat(svg.getAttribute("width")), parseFloat(svg.getAttribute("height"))];
    const label = figure.querySelector("figcaption");
    title.textContent = label
      ? [...label.querySelectorAll(".xs-diagram-label, .xs-diagram-title")].map((x) => x.textContent).join(" ")
      : caption || "";
    view.replaceChildren(svg);
    scale = 1;
    dialog.showModal();
    zoom(1, 0, 0);
    view.scrollLeft = 0;
    view.scrollTop = 0;
    view.focus();
  };

  window.xsPlanZoom = show;
})();
