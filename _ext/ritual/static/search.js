// Character search of the steps (the search page; index in _static/xs-search-index.js).
// Any character or phrase: the query's characters and bigrams are looked up in the index, their
// step lists intersected, and each candidate checked by substring. Traditional and Simplified
// forms find each other (the index's fold table). Runs offline, from file:// as well.
(() => {
  "use strict";

  const index = window.XS_SEARCH_INDEX;
  const root = document.querySelector(".xs-search");
  if (!root) return;
  const form = root.querySelector("form");
  const input = root.querySelector("input[name=q]");
  const status = root.querySelector(".xs-search-status");
  const list = root.querySelector(".xs-search-results");
  if (!index) {
    status.textContent = "檢索索引未載入。";
    return;
  }

  const [ID, NUMBER, HREF, SECTION, TEXT, TRANS] = [0, 1, 2, 3, 4, 5];
  const fold = index.fold;
  const maxN = index.max_n;
  const simplified = (document.documentElement.lang || "").toLowerCase().startsWith("zh-hans");
  const contentRoot = document.documentElement.dataset.content_root || "";
  // Same characters as search_index.WORD_CHAR (n-grams never cross punctuation or spaces).
  const WORD = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}0-9A-Za-z]$/u;

  const foldText = (s) => Array.from(s, (c) => fold[c] || c).join("");
  const folded = index.docs.map((d) => [foldText(d[TEXT]), foldText(d[TRANS])]);

  const queryGrams = (q) => {
    const grams = new Set();
    let run = [];
    const flush = () => {
      const n = Math.min(maxN, run.length);
      for (let i = 0; i + n <= run.length && n > 0; i++) grams.add(run.slice(i, i + n).join(""));
      run = [];
    };
    for (const c of Array.from(q)) {
      if (WORD.test(c)) run.push(c);
      else flush();
    }
    flush();
    return [...grams];
  };

  const intersect = (a, b) => {
    const out = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) {
        out.push(a[i]);
        i++;
        j++;
      } else if (a[i] < b[j]) i++;
      else j++;
    }
    return out;
  };

  const positions = (hay, needle) => {
    const out = [];
    let at = hay.indexOf(needle);
    while (at !== -1) {
      out.push(at);
      at = hay.indexOf(needle, at + 1);
    }
    return out;
  };

  const search = (query) => {
    const q = foldText(query.trim());
    if (!q) return [];
    const lists = queryGrams(q).map((g) => index.grams[g] || []);
    let candidates;
    if (lists.length === 0) candidates = index.docs.map((_, i) => i);
    else {
      lists.sort((a, b) => a.length - b.length);
      candidates = lists.reduce(intersect);
    }
    const results = [];
    for (const row of candidates) {
      const inText = positions(folded[row][0], q);
      const inTrans = positions(folded[row][1], q);
      if (inText.length || inTrans.length) results.push({ row, inText, inTrans, length: q.length });
    }
    return results;
  };

  const highlighted = (text, hits, length) => {
    const frag = document.createDocumentFragment();
    let last = 0;
    for (const at of hits) {
      if (at < last) continue;
      frag.append(text.slice(last, at));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(at, at + length);
      frag.append(mark);
      last = at + length;
    }
    frag.append(text.slice(last));
    return frag;
  };

  const shown = (s) => (simplified ? foldText(s) : s);
  const say = simplified
    ? {
        empty: (n) => `共 ${n} 节可检索：输入一字或一词。`,
        found: (q, n, a, b) => `「${q}」见于 ${n} 节（原文 ${a} 节，译文 ${b} 节）。`,
        none: (q) => `未见「${q}」。`,
        step: (n) => `第 ${n} 节 `,
        trans: "译文",
      }
    : {
        empty: (n) => `共 ${n} 節可檢索：輸入一字或一詞。`,
        found: (q, n, a, b) => `「${q}」見於 ${n} 節（原文 ${a} 節，譯文 ${b} 節）。`,
        none: (q) => `未見「${q}」。`,
        step: (n) => `第 ${n} 節 `,
        trans: "譯文",
      };

  const render = (query, results) => {
    list.replaceChildren();
    if (!query.trim()) {
      status.textContent = say.empty(index.docs.length);
      return;
    }
    const inText = results.filter((r) => r.inText.length).length;
    const inTrans = results.filter((r) => r.inTrans.length).length;
    const q = query.trim();
    status.textContent = results.length
      ? say.found(q, results.length, inText, inTrans)
      : say.none(q);
    for (const r of results) {
      const d = index.docs[r.row];
      const li = document.createElement("li");
      li.className = "xs-search-hit";
      li.dataset.step = d[ID];
      const head = document.createElement("p");
      head.className = "xs-search-head";
      const a = document.createElement("a");
      a.href = contentRoot + d[HREF];
      a.className = "xs-search-link";
      a.append(say.step(d[NUMBER]));
      const code = document.createElement("code");
      code.textContent = d[ID];
      a.append(code);
      head.append(a);
      if (d[SECTION]) {
        const sec = document.createElement("span");
        sec.className = "xs-search-section";
        sec.textContent = shown(d[SECTION]);
        head.append(" ", sec);
      }
      li.append(head);
      const text = document.createElement("p");
      text.className = "xs-search-text";
      text.append(highlighted(shown(d[TEXT]), r.inText, r.length));
      li.append(text);
      if (r.inTrans.length) {
        const trans = document.createElement("p");
        trans.className = "xs-search-trans";
        const label = document.createElement("span");
        label.className = "xs-trans-label";
        label.textContent = say.trans;
        trans.append(label, highlighted(shown(d[TRANS]), r.inTrans, r.length));
        li.append(trans);
      }
      list.append(li);
    }
  };

  const run = (query, push) => {
    render(query, search(query));
    if (push) {
      const url = new URL(window.location.href);
      if (query.trim()) url.searchParams.set("q", query.trim());
      else url.searchParams.delete("q");
      url.searchParams.delete("check_keywords");
      url.searchParams.delete("area");
      window.history.replaceState(null, "", url);
    }
  };

  let timer = null;
  input.addEventListener("input", () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => run(input.value, true), 150);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    run(input.value, true);
  });

  const initial = new URLSearchParams(window.location.search).get("q") || "";
  document.querySelectorAll('input[name="q"]').forEach((el) => {
    el.value = initial;
  });
  run(initial, false);
  root.dataset.ready = "true";
})();
