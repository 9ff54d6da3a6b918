/* The critical apparatus in the page: tap a marker to show its entry; switch the whole page
   between the edited text and the base text as transmitted. No external code. */
(function () {
  "use strict";
  const lemmas = document.querySelectorAll(".xs-lemma");
  if (!lemmas.length) return;

  // Switch between the edited text and the text as transmitted (底本).
  const article = document.querySelector("article[role=main]") || document.body;
  const bar = document.createElement("div");
  bar.className = "xs-text-switch";
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-pressed", "false");
  button.textContent = "顯示底本原貌";
  button.title = "切換校訂本與底本（網絡傳本）原貌";
  bar.appendChild(button);
  const heading = article.querySelector("h1");
  (heading ? heading.parentNode : article).insertBefore(bar, heading ? heading.nextSibling : article.firstChild);
  let showingBase = false;
  button.addEventListener("click", function () {
    showingBase = !showingBase;
    lemmas.forEach(function (el) {
      if (!("edited" in el.dataset)) el.dataset.edited = el.textContent;
      el.textContent = showingBase ? el.dataset.base : el.dataset.edited;
    });
    document.body.classList.toggle("xs-showing-base", showingBase);
    button.setAttribute("aria-pressed", String(showingBase));
    button.textContent = showingBase ? "顯示校訂本" : "顯示底本原貌";
  });

  // Tap or hover a marker: its entry shows beside it (CSS), and stays while focused.
  document.querySelectorAll(".xs-app-ref").forEach(function (ref) {
    ref.setAttribute("tabindex", "0");
    ref.addEventListener("click", function (event) {
      if (!ref.classList.contains("xs-open")) {
        event.preventDefault();
        document.querySelectorAll(".xs-app-ref.xs-open").forEach(function (o) {
          o.classList.remove("xs-open");
        });
        ref.classList.add("xs-open");
      }
    });
    ref.addEventListener("blur", function () { ref.classList.remove("xs-open"); });
  });
})();
