// Character search of the steps (the search page; the index's head in _static/xs-search-index.js,
// its other parts beside it, fetched when a query needs them: ritual/core/search_index.py).
// Any character or phrase: the query's characters and bigrams are looked up in the index, their
// step lists intersected, and each candidate checked by substring. Traditional and Simplified
// forms, and a witness's variant forms (衆, 賔), find each other (the index's fold table).
// Words separated by spaces must all be in the step; the base text (底本) and the step's notes
// of 鄭注 are searched too (a hit in a note is labelled 注 and links to the note: #<step id>-z1).
// Hits are grouped by phase with their counts; a step number or id goes to the step; a hit's
// link carries ?hl= so that its page marks the words. Runs offline, from file:// as well.
// The page loads the head only (the fold table, each step's id, number, URL and phase); a query
// fetches the shards of postings of its n-grams (xs-search-gNN.js, NN = the n-gram's first code
// point modulo index.shards), then the chunks of texts of the steps they name (xs-search-dNN.js,
// index.chunk rows each): so the page weighs what its queries need, not the whole index.
(() => {
  "use strict";

  const index = window.XS_SEARCH_INDEX; // the head
  const root = document.querySelector(".xs-search");
  if (!root) return;
  const form = root.querySelector("form");
  const input = root.querySelector("input[name=q]");
  const status = root.querySelector(".xs-search-status");
  const list = root.querySelector(".xs-search-results");
  const simplified = (document.documentElement.lang || "").toLowerCase().startsWith("zh-hans");
  if (!index) {
    // (the page's script: this runs before the words below are chosen by it)
    status.textContent = simplified ? "检索索引未载入。" : "檢索索引未載入。";
    return;
  }

  const [ID, NUMBER, HREF, SECTION, TEXT, TRANS, BASE, ZHU] = [0, 1, 2, 3, 4, 5, 6, 7];
  const steps = index.steps; // each step's [id, number, url, phase]
  const FIELDS = [TEXT, TRANS, BASE];
  const fold = index.fold;
  const maxN = index.max_n;
  // The site's root (Sphinx's content_root: where _static is); the Simplified copy's pages
  // stand under zh-Hans/ below it.
  const contentRoot = (document.documentElement.dataset.content_root || "") + (simplified ? "zh-Hans/" : "");
  // Same characters as search_index.WORD_CHAR (n-grams never cross punctuation or spaces).
  const WORD = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}0-9A-Za-z]$/u;
  // Same as search_index.STEP_QUERY: a step's number (300, 第300節) or id (a prefix, a hyphen
  // and digits, as the edition forms them; hyphen and leading zeros optional).
  const STEP_QUERY = /^\s*(?:第\s*(\d{1,4})\s*[節节]?|(\d{1,4})|([a-z][a-z0-9]*?)-?(\d{1,6}))\s*$/i;

  const foldText = (s) => Array.from(s, (c) => fold[c] || c).join("");
  // A step's text carries the marks of its kept forms (ritual/core/kept.py): U+E000 … U+E001, or
  // U+E002 … U+E001 where this copy's script would have changed them; in the Simplified copy its
  // translation and notes may too. Searched without them; the latter are shown marked
  // (span.xs-kept).
  const unmark = (str) => {
    const kept = [];
    let out = "";
    let at = 0;
    const re = /([\ue000\ue002])([^\ue001]*)\ue001/g;
    for (let m = re.exec(str); m; m = re.exec(str)) {
      out += str.slice(at, m.index);
      if (m[1] === "\ue002") kept.push([out.length, out.length + m[2].length]);
      out += m[2];
      at = re.lastIndex;
    }
    return [out + str.slice(at), kept];
  };
  // The row's text, translation and notes without their marks (in place), and the spans to mark
  // in each: { text, trans, zhu: [note's spans, …] }.
  const unkeep = (d) => {
    const kept = {};
    [d[TEXT], kept.text] = unmark(d[TEXT]);
    [d[TRANS], kept.trans] = unmark(d[TRANS] || "");
    kept.zhu = (d[ZHU] || []).map((note, i) => {
      const [words, spans] = unmark(note[1]);
      d[ZHU][i] = [note[0], words];
      return spans;
    });
    return kept;
  };

  // The parts of the index, beside its head (the Simplified copy's beside its copy), each loaded
  // once, as a script (file:// too), of the head's version (index.v: never two builds' parts).
  const headScript = [...document.scripts].find((el) => /xs-search-index\.js/.test(el.src));
  const loading = {};
  const part = (kind, n) => {
    const key = `${kind}${String(n).padStart(2, "0")}`;
    if (!loading[key]) {
      loading[key] = new Promise((resolve, reject) => {
        const el = document.createElement("script");
        el.src = new URL(`xs-search-${key}.js?v=${index.v}`, headScript ? headScript.src : window.location.href).href;
        el.onload = () => resolve(window[`XS_SEARCH_${key.toUpperCase()}`]);
        el.onerror = () => {
          delete loading[key];
          reject(new Error(el.src));
        };
        document.head.append(el);
      });
    }
    return loading[key];
  };
  // The rows whose texts are loaded: the whole row, its kept spans, its fields and notes folded.
  const docs = [];
  const keptOf = [];
  const folded = [];
  const foldedZhu = [];
  const loadRows = (rows) =>
    Promise.all(
      [...new Set(rows.map((row) => Math.floor(row / index.chunk)))].map((c) =>
        part("d", c).then((chunk) =>
          chunk.forEach((more, i) => {
            const row = c * index.chunk + i;
            if (docs[row]) return;
            const d = [...steps[row], ...more];
            keptOf[row] = unkeep(d);
            folded[row] = FIELDS.map((f) => foldText(d[f] || ""));
            // the row's notes of 注, folded: [note id, words] (search_index.FIELDS: commentary)
            foldedZhu[row] = (d[ZHU] || []).map(([, w]) => foldText(w));
            docs[row] = d;
          }),
        ),
      ),
    );
  const postings = (grams) =>
    Promise.all(grams.map((g) => part("g", g.codePointAt(0) % index.shards).then((shard) => shard[g] || [])));

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

  // [start, length] of every occurrence of each word in hay (words: folded).
  const positions = (hay, words) => {
    const out = [];
    for (const w of words) {
      for (let at = hay.indexOf(w); at !== -1; at = hay.indexOf(w, at + 1)) out.push([at, w.length]);
    }
    return out.sort((a, b) => a[0] - b[0]);
  };

  // The words of a query: separated by spaces (of any width), each folded.
  const words = (query) => query.trim().split(/\s+/).filter(Boolean).map(foldText);

  // The rows holding every word (in text, translation or base text), with their hits per field.
  const search = async (query) => {
    const ws = words(query);
    if (!ws.length) return [];
    const grams = [...new Set(ws.flatMap(queryGrams))];
    let candidates;
    if (grams.length === 0) candidates = steps.map((_, i) => i);
    else {
      const lists = await postings(grams);
      lists.sort((a, b) => a.length - b.length);
      candidates = lists.reduce(intersect);
    }
    await loadRows(candidates);
    const results = [];
    for (const row of candidates) {
      const [text, trans, base] = folded[row];
      const notes = foldedZhu[row];
      const all = [text, trans, base, ...notes].join("\n");
      if (!ws.every((w) => all.includes(w))) continue;
      results.push({
        row,
        inText: positions(text, ws),
        inTrans: positions(trans, ws),
        // [note's place in the row, its hits], for the notes with a hit
        inZhu: notes.map((n, i) => [i, positions(n, ws)]).filter(([, hits]) => hits.length),
        // the base text only for what the edited text lacks (a reading emended away)
        inBase: positions(base, ws.filter((w) => !text.includes(w))),
      });
    }
    return results;
  };

  const stepFor = (query) => {
    const m = STEP_QUERY.exec(query);
    if (!m) return null;
    const sameId = (docId) => {
      const cut = docId.lastIndexOf("-");
      return (
        docId.slice(0, cut).toLowerCase() === m[3].toLowerCase() &&
        Number(docId.slice(cut + 1)) === Number(m[4])
      );
    };
    const n = Number(m[1] || m[2]);
    let row = steps.findIndex((d) => (m[3] ? sameId(d[ID]) : d[NUMBER] === n));
    if (row < 0 && m[3]) {
      // a retired id names the step that holds its text now (search_index.step_for)
      const old = Object.keys(index.retired || {}).find(sameId);
      if (old) row = steps.findIndex((d) => d[ID] === index.retired[old]);
    }
    return row < 0 ? null : row;
  };

  // text[from, to) into el, the kept spans in it marked
  const appendKept = (el, text, from, to, kept) => {
    let at = from;
    for (const [a, b] of kept) {
      const lo = Math.max(a, at);
      const hi = Math.min(b, to);
      if (lo >= hi) continue;
      if (lo > at) el.append(text.slice(at, lo));
      const span = document.createElement("span");
      span.className = "xs-kept";
      span.title = say.kept;
      span.textContent = text.slice(lo, hi);
      el.append(span);
      at = hi;
    }
    if (to > at) el.append(text.slice(at, to));
  };

  const highlighted = (text, hits, kept = []) => {
    const frag = document.createDocumentFragment();
    let last = 0;
    for (const [at, length] of hits) {
      if (at < last) continue;
      appendKept(frag, text, last, at, kept);
      const mark = document.createElement("mark");
      appendKept(mark, text, at, at + length, kept);
      frag.append(mark);
      last = at + length;
    }
    appendKept(frag, text, last, text.length, kept);
    return frag;
  };

  // The Simplified copy of the page loads the Simplified copy of the index (converted by the
  // build, as the pages are): its texts are shown as they stand.
  const shown = (s) => s;
  const say = simplified
    ? {
        empty: (n) => `共 ${n} 节可检索：输入一字或一词，或以空格分隔数词；输入节次（如 300）径至该节。`,
        found: (q, n, a, b, c, g, z) =>
          `「${q}」见于 ${n} 节，分属 ${g} 仪节（原文 ${a} 节，译文 ${b} 节${c ? `，底本 ${c} 节` : ""}${z ? `，注 ${z} 节` : ""}）。`,
        none: (q) => `未见「${q}」。`,
        step: (n) => `第 ${n} 节 `,
        count: (n) => `${n} 节`,
        jump: "径至",
        trans: "译文",
        base: "底本",
        zhu: "注",
        zhuTitle: (id) => `郑注 ${id}`,
        kept: "依校订本原字，不转简体",
        failed: "检索索引未能载入。",
      }
    : {
        empty: (n) => `共 ${n} 節可檢索：輸入一字或一詞，或以空格分隔數詞；輸入節次（如 300）徑至該節。`,
        found: (q, n, a, b, c, g, z) =>
          `「${q}」見於 ${n} 節，分屬 ${g} 儀節（原文 ${a} 節，譯文 ${b} 節${c ? `，底本 ${c} 節` : ""}${z ? `，注 ${z} 節` : ""}）。`,
        none: (q) => `未見「${q}」。`,
        step: (n) => `第 ${n} 節 `,
        count: (n) => `${n} 節`,
        jump: "徑至",
        trans: "譯文",
        base: "底本",
        zhu: "注",
        zhuTitle: (id) => `鄭注 ${id}`,
        kept: "依校訂本原字，不轉簡體",
        failed: "檢索索引未能載入。",
      };

  // The step's page, with the words found (as printed there) for xs-reader.js to mark: ?hl=.
  // A note's link is the note's own anchor on the step's page (#<step id>-z1).
  const stepLink = (d, forms, anchor = null) => {
    const [path, hash] = d[HREF].split("#");
    const hl = forms && forms.size ? `?hl=${encodeURIComponent([...forms].join(" "))}` : "";
    return `${contentRoot}${path}${hl}#${anchor || hash}`;
  };

  const line = (cls, label, text, hits, kept) => {
    const p = document.createElement("p");
    p.className = cls;
    if (label) {
      const span = document.createElement("span");
      span.className = "xs-search-label";
      span.textContent = label;
      p.append(span);
    }
    p.append(highlighted(text, hits, kept));
    return p;
  };

  const hitItem = (r) => {
    const d = docs[r.row];
    const text = shown(d[TEXT]);
    const trans = shown(d[TRANS]);
    const forms = new Set();
    for (const [hay, hits] of [[text, r.inText], [trans, r.inTrans]]) {
      for (const [at, length] of hits) forms.add(hay.slice(at, at + length));
    }
    const li = document.createElement("li");
    li.className = "xs-search-hit";
    li.dataset.step = d[ID];
    const head = document.createElement("p");
    head.className = "xs-search-head";
    const a = document.createElement("a");
    a.href = stepLink(d, forms);
    a.className = "xs-search-link";
    a.append(say.step(d[NUMBER]));
    const code = document.createElement("code");
    code.textContent = d[ID];
    a.append(code);
    head.append(a);
    li.append(head);
    li.append(line("xs-search-text", "", text, r.inText, keptOf[r.row].text));
    if (r.inTrans.length) li.append(line("xs-search-trans", say.trans, trans, r.inTrans, keptOf[r.row].trans));
    if (r.inBase.length) li.append(line("xs-search-base", say.base, shown(d[BASE]), r.inBase));
    // A hit in a note of 注: the note, labelled 注, the label its link.
    for (const [i, hits] of r.inZhu) {
      const [id, words] = d[ZHU][i];
      const p = line("xs-search-zhu", "", shown(words), hits, keptOf[r.row].zhu[i]);
      const a = document.createElement("a");
      a.className = "xs-search-label xs-search-zhu-link";
      a.href = stepLink(d, new Set(hits.map(([at, n]) => words.slice(at, at + n))), id);
      a.title = say.zhuTitle(id);
      a.textContent = say.zhu;
      p.prepend(a);
      li.append(p);
    }
    return li;
  };

  // The results, grouped by phase (儀節) in reading order, each group with its count.
  const render = (query, results) => {
    list.replaceChildren();
    const q = query.trim();
    const target = stepFor(q);
    if (!q) {
      status.textContent = say.empty(steps.length);
      return target;
    }
    if (target !== null) {
      const d = steps[target];
      const li = document.createElement("li");
      li.className = "xs-search-jump";
      const a = document.createElement("a");
      a.href = stepLink(d, null);
      a.append(`${say.jump} ${say.step(d[NUMBER])}`);
      const code = document.createElement("code");
      code.textContent = d[ID];
      a.append(code, d[SECTION] ? `（${shown(d[SECTION])}）` : "");
      li.append(a);
      list.append(li);
    }
    let group = null;
    let groups = 0;
    for (const r of results) {
      const section = steps[r.row][SECTION];
      if (!group || group.section !== section) {
        const li = document.createElement("li");
        li.className = "xs-search-group";
        const h = document.createElement("h2");
        h.className = "xs-search-phase";
        const count = document.createElement("span");
        count.className = "xs-search-count";
        h.append(shown(section) || "—", " ", count);
        const ol = document.createElement("ol");
        li.append(h, ol);
        list.append(li);
        group = { section, ol, count, n: 0 };
        groups++;
      }
      group.ol.append(hitItem(r));
      group.n++;
      group.count.textContent = say.count(group.n);
    }
    const n = (key) => results.filter((r) => r[key].length).length;
    if (results.length) {
      status.textContent = say.found(q, results.length, n("inText"), n("inTrans"), n("inBase"), groups, n("inZhu"));
    } else status.textContent = target === null ? say.none(q) : "";
    return target;
  };

  // A query's results, once its parts are loaded; only the latest query's are shown.
  let latest = 0;
  const run = async (query, push) => {
    const mine = ++latest;
    let results;
    try {
      results = await search(query);
    } catch {
      if (mine === latest) status.textContent = say.failed;
      return;
    }
    if (mine !== latest) return;
    render(query, results);
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
  // Enter on a step number goes to the step.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    run(input.value, true);
    const target = stepFor(input.value.trim());
    if (target !== null) window.location.assign(stepLink(steps[target], null));
  });

  const initial = new URLSearchParams(window.location.search).get("q") || "";
  document.querySelectorAll('input[name="q"]').forEach((el) => {
    el.value = initial;
  });
  const target = stepFor(initial.trim());
  run(initial, false).then(() => {
    root.dataset.ready = "true";
  });
  // Arriving with a step number (the sidebar's box): straight on to the step, in place of this
  // page in the history; coming Back (or reloading) shows the page with its 徑至 link instead.
  const nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  if (target !== null && (!nav || nav.type === "navigate")) {
    window.location.replace(stepLink(steps[target], null));
  }
})();
