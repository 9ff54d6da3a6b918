// The cite control of each step (<details class="xs-cite">, made by citation.py).
// Its citations (簡式, GB/T 7714, Chicago) are the same for every step but for its number, id
// and URL, so the page carries them once, as templates (<script type="application/json"
// id="xs-cite-forms">). When a control first opens, this script writes them into its panel
// with a copy button, adds the access date (GB/T 7714 引用日期) and copies the GB/T 7714 and
// Chicago forms to the clipboard; "複製引文" copies again. The status line says what happened
// (role="status", read out by screen readers), and a link shows the step in the stage view.
// Without scripts the panel holds the step's permanent link. The controls' names (「引用第 17
// 節」, the panel's 「第 17 節之引文」) and every word this script shows, the forms' labels
// (簡式) among them, come once per page, in
// <template id="xs-cite-words"> (citation.py; converted in the Simplified copy), and are given
// to each control here: a hundred controls on a page carry only what differs between them.
(() => {
  "use strict";

  const today = () => {
    const d = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };

  const wordsEl = document.getElementById("xs-cite-words");
  const say = (key, details) => {
    const el = wordsEl && wordsEl.content.querySelector(`[data-say="${key}"]`);
    const text = el ? el.textContent : "";
    return details
      ? text.split("{n}").join(details.dataset.n || "").split("{id}").join(details.dataset.step || "")
      : text;
  };
  // Each control's names, for assistive technology and the pointer's tooltip.
  document.querySelectorAll("details.xs-cite").forEach((details) => {
    const summary = details.querySelector("summary");
    const panel = details.querySelector(".xs-cite-panel");
    if (summary) {
      summary.classList.add("xs-cite-btn");
      summary.title = say("title", details);
      summary.setAttribute("aria-label", say("label", details));
    }
    if (panel) {
      panel.setAttribute("role", "group");
      panel.setAttribute("aria-label", say("panel", details));
      const link = panel.querySelector("a");
      if (link) link.classList.add("xs-cite-link");
    }
  });

  // A run of Chinese: Han characters and the punctuation set among them (《儀禮》·「」：).
  const HAN = "\\u3400-\\u9fff\\uf900-\\ufaff\\u3000-\\u303f\\uff00-\\uffef\\u00b7";
  const HAN_RUN = new RegExp(`([${HAN}]+)`);

  let forms = null;
  const templates = () => {
    if (forms === null) {
      const el = document.getElementById("xs-cite-forms");
      try {
        forms = el ? JSON.parse(el.textContent) : {};
      } catch {
        forms = {};
      }
    }
    return forms;
  };

  // The page's address: the published one (xs_base_url), or, for a site without an address
  // yet, the page's path from the site's root resolved where the reader has the site, so that
  // a copied citation never ends in a bare relative path. The Simplified copy cites the
  // Traditional page (the root is its data-content_root, "../").
  const pageAddress = () => {
    const page = templates().page || "";
    if (/^[a-z][a-z0-9+.-]*:/i.test(page)) return page;
    const root = document.documentElement.dataset.content_root || "./";
    return new URL(page, new URL(root, location.href)).href;
  };

  const fill = (template, details) =>
    template
      .split("{n}").join(details.dataset.n || "")
      .split("{id}").join(details.dataset.step || "")
      .split("{url}").join(`${pageAddress()}#${details.dataset.step || ""}`)
      .split("{date}").join(today());

  // Write the rows of the citation forms, and the copy button and status line beside the
  // permanent link, once per control.
  const complete = (details) => {
    const panel = details.querySelector(".xs-cite-panel");
    if (!panel || panel.dataset.complete) return;
    panel.dataset.complete = "1";
    const link = panel.querySelector(".xs-cite-link");
    const actions = link ? link.closest("p") : panel.appendChild(document.createElement("p"));
    for (const form of templates().forms || []) {
      const row = document.createElement("p");
      row.className = "xs-cite-row";
      const label = document.createElement("span");
      label.className = "xs-cite-label";
      label.textContent = say(`form-${form.format}`, details);
      const text = document.createElement("span");
      text.className = "xs-cite-text";
      text.dataset.format = form.format;
      if (form.lang) text.lang = form.lang;
      const filled = fill(form.template, details);
      const own = templates().lang;
      if (form.lang && own && form.lang !== own) {
        // A citation in another language (Chicago, in English) names the edition in its own
        // words: those say so, for a screen reader to read them in their language.
        // split() with a capturing group: the runs of Chinese at the odd places
        filled.split(HAN_RUN).forEach((part, i) => {
          if (i % 2 === 0) {
            if (part) text.append(part);
            return;
          }
          const han = document.createElement("span");
          han.lang = own;
          han.textContent = part;
          text.append(han);
        });
      } else {
        text.textContent = filled;
      }
      row.append(label, " ", text);
      panel.insertBefore(row, actions);
    }
    actions.className = "xs-cite-actions";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "xs-cite-copy";
    button.textContent = say("copy");
    const status = document.createElement("span");
    status.className = "xs-cite-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    actions.prepend(button, " ");
    actions.append(" ", status);
    // The step in the stage view (its page named by reading_scripts.py's #xs-reader data).
    const stage = reader().stage;
    if (stage) {
      const go = document.createElement("a");
      go.className = "xs-cite-stage";
      go.href = `${stage}#${details.dataset.step}`;
      go.textContent = say("stage");
      actions.append(" ", go);
    }
  };

  let readerData = null;
  const reader = () => {
    if (readerData === null) {
      try {
        readerData = JSON.parse(document.getElementById("xs-reader").textContent);
      } catch {
        readerData = {};
      }
    }
    return readerData;
  };

  const rowText = (details, format) => {
    const el = details.querySelector(`.xs-cite-text[data-format="${format}"]`);
    return el ? el.textContent.trim() : "";
  };

  const citation = (details) =>
    [rowText(details, "gbt"), rowText(details, "chicago")].filter(Boolean).join("\n");

  const fallbackCopy = (text) => {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  };

  const copy = async (text) => {
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch {
        /* fall through */
      }
    }
    return fallbackCopy(text);
  };

  const report = (details, message) => {
    const status = details.querySelector(".xs-cite-status");
    if (status) status.textContent = message;
  };

  const copyCitation = async (details) => {
    const text = citation(details);
    details.dataset.citation = text;
    const ok = await copy(text);
    report(details, say(ok ? "copied" : "failed"));
  };

  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.classList.contains("xs-cite")) {
        return;
      }
      if (!details.open) {
        report(details, "");
        return;
      }
      document.querySelectorAll("details.xs-cite[open]").forEach((other) => {
        if (other !== details) other.open = false;
      });
      complete(details);
      copyCitation(details);
    },
    true,
  );

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".xs-cite-copy");
    if (button) copyCitation(button.closest("details.xs-cite"));
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const details = event.target.closest && event.target.closest("details.xs-cite[open]");
    if (!details) return;
    details.open = false;
    details.querySelector("summary").focus();
  });
})();
