// The 繁/简 switch. It keeps the reader's place (the query ?q= and the anchor #<step id>) and
// remembers the choice (localStorage "xs-script"). A later visit that enters the site from
// elsewhere (the first page of a tab, not reached from the site) goes to the chosen script's
// copy of the page, once: pages reached from within the site never move, so both scripts'
// pages, their roots included, stay reachable, and a redirect cannot repeat. Loaded in the head.
(() => {
  "use strict";
  const KEY = "xs-script";
  const html = document.documentElement;
  const here = (html.lang || "").toLowerCase() === "zh-hans" ? "zh-Hans" : "zh-Hant";
  const store = (area, value) => {
    try {
      if (value !== undefined) window[area].setItem(KEY, value);
      return window[area].getItem(KEY);
    } catch {
      return null; // storage switched off: the switch still works, nothing is remembered
    }
  };
  const chosen = store("localStorage");
  const entering = store("sessionStorage") === null;
  store("sessionStorage", here);
  let fromSite;
  try {
    fromSite = !!document.referrer && new URL(document.referrer).origin === window.location.origin;
  } catch {
    fromSite = false;
  }
  if (entering && !fromSite && (chosen === "zh-Hans" || chosen === "zh-Hant") && chosen !== here) {
    // This page in the other tree: the Simplified copies mirror the site under zh-Hans/.
    // content_root is the site's root (where _static is), in both copies.
    const root = new URL(html.dataset.content_root || "./", window.location.href).href;
    const rest = window.location.href.slice(root.length);
    window.location.replace(new URL(here === "zh-Hans" ? rest.replace(/^zh-Hans\//, "") : `zh-Hans/${rest}`, root));
    return;
  }
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a.xs-script-link");
    if (!link) return;
    store("localStorage", link.hreflang || link.lang || here);
    link.href = link.href.split(/[?#]/)[0] + window.location.search + window.location.hash;
  });
})();
