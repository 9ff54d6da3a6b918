// Browser test of the built site: the character search, the cite control and the stage view.
//
//   node tests/browser/search-and-cite.mjs BASE_URL [--screenshots DIR]
//
// BASE_URL serves _build/html (tests/test_browser.py starts python's http.server on 127.0.0.1).
// Drives the system Chromium (CHROMIUM, default /usr/bin/chromium) with playwright-core: no
// browser is downloaded. Prints one line per check and exits non-zero if any failed.
import { chromium } from "playwright-core";
import path from "node:path";
import { harness } from "./harness.mjs";

const { base, shots, check, finish } = harness("search-and-cite.mjs");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});

const origin = new URL(base).origin;
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
const page = await context.newPage();
const external = [];
page.on("request", (req) => {
  const url = req.url();
  if (!url.startsWith(origin) && !url.startsWith("data:")) external.push(url);
});
const errors = [];
page.on("pageerror", (err) => errors.push(String(err)));

const edition = await (await fetch(new URL("edition.json", base))).json();
const expected = (q) =>
  edition.steps
    // the text, the 譯文 and the notes of 注 (the search covers them: issue 21)
    .filter((s) => s.text.includes(q) || (s.translation || "").includes(q) ||
      (s.commentary || []).some((z) => z.text.replace(/[〔〕]/g, "").includes(q)))
    .map((s) => s.id);

// -- search: from the sidebar box, then typed into the page --------------------------------
await page.goto(new URL("index.html", base).href);
await page.fill("input.sidebar-search", "觶");
await Promise.all([page.waitForNavigation(), page.press("input.sidebar-search", "Enter")]);
await page.waitForSelector(".xs-search[data-ready=true]");
check(new URL(page.url()).pathname.endsWith("/search.html"), "sidebar search box leads to search.html");

const found = () =>
  page.$$eval(".xs-search-results li.xs-search-hit", (lis) => lis.map((li) => li.dataset.step));

for (const q of ["觶", "阼階", "拜送"]) {
  await page.goto(new URL(`search.html?q=${encodeURIComponent(q)}`, base).href);
  await page.waitForSelector(".xs-search[data-ready=true]");
  const got = await found();
  const want = expected(q);
  check(
    want.length > 0 && JSON.stringify(got) === JSON.stringify(want),
    `search ${q}: ${got.length} steps, edition.json has ${want.length}`,
  );
  const marks = await page.$$eval(".xs-search-results mark", (ms) => ms.map((m) => m.textContent));
  check(marks.length > 0 && marks.every((m) => m === q), `search ${q}: hits highlighted`);
  // the step's URL, with the words found for its page to mark (?hl=, xs-reader.js)
  const href = new URL(await page.$eval(".xs-search-results a", (a) => a.href));
  const first = new URL(edition.steps.find((s) => s.id === want[0]).url, base);
  check(
    href.pathname === first.pathname && href.hash === first.hash && href.searchParams.get("hl") === q,
    `search ${q}: first result links to ${first.pathname}${first.hash} with ?hl=${q}`,
  );
}

// Typing: Simplified input finds the same steps; a phrase not in the text finds nothing.
await page.goto(new URL("search.html", base).href);
await page.waitForSelector(".xs-search[data-ready=true]");
await page.fill("#xs-search-q", "阼阶");
await page.waitForFunction(() => new URL(location.href).searchParams.get("q") === "阼阶");
check(
  JSON.stringify(await found()) === JSON.stringify(expected("阼階")),
  "typed Simplified 阼阶 finds the steps of 阼階",
);
if (shots) {
  await page.fill("#xs-search-q", "拜送");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("q") === "拜送");
  await page.screenshot({ path: path.join(shots, "search-desktop.png") });
}
await page.fill("#xs-search-q", "鄉射禮不存在之句");
await page.waitForFunction(() => document.querySelectorAll(".xs-search-hit").length === 0);
check((await page.textContent(".xs-search-status")).includes("未見"), "no match says so");
await page.fill("#xs-search-q", "");

// -- the cite control --------------------------------------------------------------------------
const step = edition.steps.find((s) => s.id === "xs-0017");
await page.goto(new URL(step.url, base).href);
const summary = page.locator('details.xs-cite[data-step="xs-0017"] > summary');
await summary.focus();
await page.keyboard.press("Enter");
const status = page.locator('details.xs-cite[data-step="xs-0017"] .xs-cite-status');
await status.filter({ hasText: "已複製" }).waitFor();
const clip = await page.evaluate(() => navigator.clipboard.readText());
const version = edition.edition.version; // the version the site is, as edition.json says
check(clip.includes("第17節（xs-0017）") && clip.includes(`${version}版`), "clipboard: GB/T 7714 line");
check(clip.includes("step 17 (xs-0017)"), "clipboard: Chicago line");
// The site has no address yet (no xs_base_url): no canonical link, and the permalink is the
// step's path from the site's root, as edition.json gives it.
check((await page.$('link[rel="canonical"]')) === null, "no canonical link without an address");
const canonical = step.url.split("#")[0];
check(clip.includes(`${canonical}#xs-0017`), `clipboard: the step's URL (${canonical}#xs-0017)`);
// …resolved where the reader has the site: never a bare site-relative path
const absolute = new URL(`${canonical}#xs-0017`, base).href;
check(clip.includes(absolute) && !clip.includes(` ${canonical}#`), `clipboard: an absolute URL (${absolute})`);
check(!clip.includes("引用日期"), "clipboard: access date filled in");
check(await summary.evaluate((el) => el.parentElement.open), "cite control opens from the keyboard");
const rows = await page.$$eval('details.xs-cite[data-step="xs-0017"] .xs-cite-row', (els) =>
  els.map((el) => el.textContent),
);
check(
  rows.length === 3 && rows[0].startsWith("簡式") && rows[0].includes(`${canonical}#xs-0017`),
  `cite panel shows the short form, GB/T 7714 and Chicago (${rows.length} rows)`,
);
// The Chicago citation is English, the edition's Chinese title in it marked as Chinese.
const chicago = await page.$eval(
  'details.xs-cite[data-step="xs-0017"] .xs-cite-text[data-format="chicago"]',
  (el) => ({ lang: el.lang, han: [...el.querySelectorAll("span[lang]")].map((s) => `${s.lang}:${s.textContent}`) }),
);
check(
  chicago.lang === "en" && chicago.han.includes("zh-Hant:儀禮·鄉射禮：彙校譯注本"),
  `cite panel: Chicago is lang=en, its Chinese words lang=zh-Hant (${chicago.han.join(" ")})`,
);
// The Simplified copy names the forms in Simplified (简式), its citations citing the edition as
// published, in Traditional.
await page.goto(new URL(`zh-Hans/${step.url}`, base).href);
await page.locator('details.xs-cite[data-step="xs-0017"] > summary').click();
const hans = await page.$$eval('details.xs-cite[data-step="xs-0017"] .xs-cite-row', (els) =>
  els.map((el) => el.textContent),
);
check(
  hans.length === 3 && hans[0].startsWith("简式") && hans[1].includes("儀禮·鄉射禮"),
  `zh-Hans cite panel: 简式, the citation in Traditional (${hans[0] || "no rows"})`,
);
// A screenshot of the page around one element (full-page coordinates, so scrolling is moot).
const around = async (p, selector, file, above = 260, height = 720) => {
  const box = await p.locator(selector).first().boundingBox();
  const scrollY = await p.evaluate(() => window.scrollY);
  const width = p.viewportSize().width;
  const y = Math.max(0, box.y + scrollY - above);
  await p.screenshot({ path: file, fullPage: true, clip: { x: 0, y, width, height } });
};
if (shots) {
  await around(page, "#xs-0017", path.join(shots, "cite-desktop.png"));
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await phone.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const p2 = await phone.newPage();
  await p2.goto(new URL(step.url, base).href);
  await p2.locator('details.xs-cite[data-step="xs-0017"] > summary').click();
  await p2.waitForTimeout(200);
  await around(p2, "#xs-0017", path.join(shots, "cite-phone.png"), 200, 844);
  await p2.goto(new URL("search.html?q=" + encodeURIComponent("阼階"), base).href);
  await p2.waitForSelector(".xs-search[data-ready=true]");
  await p2.screenshot({ path: path.join(shots, "search-phone.png") });
  await p2.goto(new URL("zh-Hans/search.html?q=" + encodeURIComponent("觯"), base).href);
  await p2.waitForSelector(".xs-search[data-ready=true]");
  await p2.screenshot({ path: path.join(shots, "search-phone-zh-Hans.png") });
  await p2.goto(new URL("rite/drinking.html", base).href);
  await p2.emulateMedia({ media: "print" });
  await p2.screenshot({ path: path.join(shots, "print-phone.png") });
  await phone.close();
}

// -- the Simplified rendering finds with the same index ------------------------------------------
await page.goto(new URL(`zh-Hans/search.html?q=${encodeURIComponent("觯")}`, base).href);
await page.waitForSelector(".xs-search[data-ready=true]");
const simp = await found();
check(JSON.stringify(simp) === JSON.stringify(expected("觶")), "zh-Hans search page: 觯 finds 觶");
const link = await page.$eval(".xs-search-results a", (a) => a.href);
check(link.includes("/zh-Hans/rite/"), "zh-Hans search results link to zh-Hans pages");

// -- the stage view: at a diagram's step it shows the diagram's positions ------------------------
let visit = 0;
for (const id of ["fig-ru-men", "fig-san-ou-wei", "fig-bin-zhu-she", "fig-bin-chu"]) {
  const d = edition.diagrams.find((x) => x.id === id);
  // a query string makes each visit a new load (a changed hash alone would not rerun the script)
  await page.goto(new URL(`stage.html?v=${visit++}#${d.steps[0]}`, base).href);
  await page.waitForSelector(".xs-stage-key li");
  const key = await page.$$eval(".xs-stage-key li", (lis) =>
    lis
      .map((li) =>
        [...li.querySelectorAll(".xs-key-role, .xs-key-place, .xs-key-facing")]
          .map((c) => c.textContent)
          .join("|"),
      )
      .sort(),
  );
  // who stands beyond the plan shown is marked so (圖外), as under a static plan
  const off = await page.$$eval(".xs-stage-key li .xs-key-off", (spans) => spans.length);
  if (id === "fig-ru-men") check(off > 0, `stage view at ${d.steps[0]} marks who stands off the plan (${off})`);
  const want = d.figures.map((f) => `${f.role}|${f.place}|${f.facing}`).sort();
  check(
    JSON.stringify(key) === JSON.stringify(want),
    `stage view at ${d.steps[0]} shows the positions of ${id} (${key.length} figures)`,
  );
}
// a position resting on the 注 links to the note (issue 21): at xs-0438 the host's 西面
const marks = await page.$$eval(".xs-stage-key a.xs-zhu-mark", (as) =>
  as.map((a) => [a.parentNode.querySelector(".xs-key-role").textContent, a.getAttribute("href")]),
);
check(
  marks.some(([role, href]) => role === "主人" && href === "rite/after.html#xs-0438-z1"),
  `stage view at xs-0438: the host's facing links to its 注 (${JSON.stringify(marks)})`,
);
const phaseLine = () => page.evaluate(() => document.querySelector(".xs-stage-phase").textContent);
const here = await phaseLine();
await page.keyboard.press("ArrowRight");
const next = await phaseLine();
check(here !== next && /第\d+節/.test(next), `→ steps the stage view on (${next})`);
check(page.url().includes("stage.html"), "→ stays on the stage page (no next-page navigation)");
await page.keyboard.press("ArrowLeft");
check((await phaseLine()) === here, "← steps back");

check(external.length === 0, `no request left the site (${external.slice(0, 3).join(", ")})`);
check(errors.length === 0, `no script errors (${errors.slice(0, 3).join("; ")})`);

await browser.close();
finish();
