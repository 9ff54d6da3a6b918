/* What the engine's page scripts share (apparatus.js, xs-reader.js, xs-stage.js): the files they
 * fetch on first use, and the 「放大」 button of a plan. Not deferred, where the theme puts the
 * page's scripts, so it has run before they run: they are all deferred (components/assets.py).
 * - window.xsLoad(name): a style sheet or script beside this one (in _static), added to the
 *   head once; a promise that settles when it has loaded or failed.
 * - window.xsZoomable(plan, zoom): a 「放大」 button on the plan (a <div> holding its SVG): it,
 *   or a click on the plan, fetches the full-screen view (xs-plan-zoom.js and .css), then calls
 *   zoom(button), which opens it. Nothing where the browser has no <dialog>.
 * No external code. */
(function () {
  "use strict";
  const here = document.currentScript ? document.currentScript.src : window.location.href;
  const loaded = {};
  const xsLoad = function (name) {
    if (!loaded[name]) {
      loaded[name] = new Promise(function (resolve, reject) {
        const css = name.endsWith(".css");
        const el = document.createElement(css ? "link" : "script");
        if (css) el.rel = "stylesheet";
        el[css ? "href" : "src"] = new URL(name, here).href;
        el.onload = resolve;
        el.onerror = reject;
        document.head.append(el);
      });
    }
    return loaded[name];
  };

  const xsZoomable = function (plan, zoom) {
    if (!window.HTMLDialogElement) return;
    const hans = (document.documentElement.lang || "").toLowerCase() === "zh-hans";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "xs-zoom-open";
    button.textContent = "⤢ 放大";
    button.setAttribute("aria-label", hans ? "放大此图" : "放大此圖");
    button.setAttribute("aria-haspopup", "dialog");
    const open = function () {
      Promise.all([xsLoad("xs-plan-zoom.css"), xsLoad("xs-plan-zoom.js")]).then(function () {
        zoom(button);
      });
    };
    button.addEventListener("click", open);
    plan.addEventListener("click", function (event) {
      if (event.target !== button) open();
    });
    plan.classList.add("xs-zoomable");
    plan.append(button);
  };

  window.xsLoad = xsLoad;
  window.xsZoomable = xsZoomable;
})();
