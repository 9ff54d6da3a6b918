// The cite control of each step (<details class="xs-cite">, made by citation.py).
// Without this script the control still opens and shows the citations to select by hand.
// With it, opening the control fills in today's date (GB/T 7714 引用日期) and copies the
// citation (GB/T 7714 and Chicago, with the step's URL) to the clipboard; "複製引文" copies
// again. The status line says what happened (role="status", read out by screen readers).
(() => {
  "use strict";

  const today = () => {
    const d = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
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
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (e) {
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
      } catch (e) {
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
    report(details, ok ? "已複製引文（GB/T 7714、Chicago）" : "未能自動複製，請選取上列文字");
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
      details.querySelectorAll(".xs-cite-date").forEach((el) => {
        el.textContent = today();
      });
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
