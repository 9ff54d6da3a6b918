/* The critical apparatus in the page: switch the whole page between the edited text and the
   base text as transmitted; tap (or click, or Enter on) a marker to show its entry beside it
   (xs-app-pop.js and .css, fetched when a marker is first used; without scripts the marker
   leads to the entry in the phase's 校記). Needs xs-load.js. No external code. */
(function () {
  "use strict";
  // The emendations with a 校記 (.xs-lemma) and the forms corrected as a class, declared in
  // the 凡例 (.xs-ortho: 于 where the base's conversion wrote 於): both carry data-base.
  const lemmas = document.querySelectorAll(".xs-lemma, .xs-ortho");
  if (!lemmas.length) return;

  // Switch between the edited text and the text as transmitted (底本).
  const article = document.querySelector("article[role=main]") || document.body;
  const bar = document.createElement("div");
  bar.className = "xs-text-switch";
  // The words are the page's (template#xs-app-words), so the Simplified copy has its own.
  const words = document.getElementById("xs-app-words");
  const say = function (key, fallback) {
    const w = words && words.content.querySelector('[data-say="' + key + '"]');
    return w ? w.textContent : fallback;
  };
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-pressed", "false");
  button.textContent = say("base", "底本");
  button.title = say("title", "");
  bar.appendChild(button);
  const heading = article.querySelector("h1");
  (heading ? heading.parentNode : article).insertBefore(bar, heading ? heading.nextSibling : article.firstChild);
  let showingBase = false;
  // Each reading's own nodes, put back whole when the edited text returns: a rare character's
  // pinyin (.xs-py) inside a reading was lost when its text alone was kept.
  const edited = new Map();
  button.addEventListener("click", function () {
    showingBase = !showingBase;
    lemmas.forEach(function (el) {
      if (!edited.has(el)) edited.set(el, Array.from(el.childNodes));
      if (showingBase) el.textContent = el.dataset.base;
      else el.replaceChildren(...edited.get(el));
    });
    document.body.classList.toggle("xs-showing-base", showingBase);
    button.setAttribute("aria-pressed", String(showingBase));
    button.textContent = showingBase ? say("edited", "校訂本") : say("base", "底本");
  });

  // The entry beside its marker: its code and styles are fetched at the first tap (xs-load.js).
  const popup = function () {
    return Promise.all([window.xsLoad("xs-app-pop.css"), window.xsLoad("xs-app-pop.js")]);
  };
  document.querySelectorAll(".xs-app-ref").forEach(function (ref) {
    ref.addEventListener("click", function (event) {
      event.preventDefault();
      popup().then(function () { window.xsAppPop(ref); }, function () {
        window.location.hash = ref.hash; // not loaded: the entry in the 校記, as without scripts
      });
    });
  });
})();
