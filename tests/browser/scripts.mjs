// Browser test of both scripts' copies of the site (issue 25): in the Traditional pages and in
// their Simplified copies under zh-Hans/, the formulas' popup (如初), the apparatus entry beside
// its marker, the stage's jumps, the switch between the edited and the base text, and the
// search; on a desktop (1280 px) and a phone (390 px). Any script error, console error or failed
// request (a 404, the favicon included) fails it.
//
//   node tests/browser/scripts.mjs BASE_URL [--screenshots DIR]
//
// BASE_URL serves _build/html. Drives the system Chromium (CHROMIUM, default /usr/bin/chromium)
// with playwright-core. Prints one line per check and exits non-zero if any failed.
import { chromium } from "playwright-core";
import path from "node:path";
import { harness } from "./harness.mjs";

const { base, shots, check, url, section, finish } = harness("scripts.mjs");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const problems = [];
const open = async (options) => {
  const context = await browser.newContext({ ...options, reducedMotion: "reduce" });
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  page.on("pageerror", (err) => problems.push(`script error on ${page.url()}: ${err}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error on ${page.url()}: ${msg.text()}`);
  });
  // A request the browser cancels because the page moved on (net::ERR_ABORTED: the favicon of
  // a page the test leaves at once) is not a fault of the site; a missing file is a 404 below.
  page.on("requestfailed", (req) => {
    if (req.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`${res.status()}: ${res.url()}`);
  });
  return { context, page };
};
const shot = async (page, name) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};
const tap = async (page, locator, touch) => (touch ? locator.tap() : locator.click());

const edition = await (await fetch(url("edition.json"))).json();
// A step whose apparatus lemma the Simplified conversion would change (繫: 系), and a formula.
const keptStep = edition.steps.find((s) => (s.apparatus || []).some((a) => a.lemma === "繫"));
const formulaStep = edition.steps.find((s) => (s.references || []).length);

for (const [script, prefix] of [["繁", ""], ["简", "zh-Hans/"]]) {
  for (const [device, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const name = `${script} ${device}`;
    const touch = !!options.hasTouch;
    const { context, page } = await open(options);
    const pageOf = (step) => `${prefix}${step.url.split("#")[0]}`;

    await section(`${name}: formula popup`, async () => {
      await page.goto(url(`${pageOf(formulaStep)}#${formulaStep.id}`));
      const ref = page.locator(`#${formulaStep.id} a.xs-xref[data-xref]`).first();
      await ref.scrollIntoViewIfNeeded();
      await tap(page, ref, touch);
      await page.waitForSelector(".xs-xref-pop .xs-xref-pop-step", { timeout: 5000 });
      const pop = await page.evaluate(() => ({
        text: document.querySelector(".xs-xref-pop").textContent,
        go: (document.querySelector(".xs-xref-pop-go a") || {}).href || "",
        marks: /[\ue000-\ue002]/.test(document.querySelector(".xs-xref-pop").textContent),
      }));
      check(pop.text.length > 10 && !pop.marks, `${name}: a formula's popup shows the steps it repeats`);
      check(
        prefix ? pop.go.includes("/zh-Hans/") : !pop.go.includes("/zh-Hans/"),
        `${name}: its 前往 link stays in this script's copy (${new URL(pop.go).pathname})`,
      );
      await shot(page, `xref-${prefix ? "hans" : "hant"}-${device}`);
    });

    await section(`${name}: apparatus entry and base text`, async () => {
      await page.goto(url(`${pageOf(keptStep)}#${keptStep.id}`));
      const lemma = page.locator(`#${keptStep.id} .xs-lemma`).first();
      const before = await lemma.textContent();
      check(before === "繫", `${name}: the lemma 繫 prints as the edited text has it (${before})`);
      if (prefix) {
        const kept = await lemma.evaluate((el) => ({ cls: el.classList.contains("xs-kept"), title: el.title,
          outline: getComputedStyle(el).outlineStyle }));
        check(kept.cls && kept.title && kept.outline !== "none", `${name}: …and is marked as kept (${kept.title})`);
      }
      const ref = page.locator(`#${keptStep.id} .xs-app-ref`).first();
      await tap(page, ref, touch);
      await page.waitForSelector(".xs-app-pop");
      const popText = await page.textContent(".xs-app-pop");
      check(popText.includes("繫") && popText.includes("系"), `${name}: the entry beside its marker: ${popText.slice(0, 30)}`);
      await page.keyboard.press("Escape");
      const button = page.locator(".xs-text-switch button");
      const label = await button.textContent();
      check(label === (prefix ? "显示底本原貌" : "顯示底本原貌"), `${name}: the switch speaks this script (${label})`);
      await tap(page, button, touch);
      const after = await lemma.textContent();
      check(after === "系", `${name}: 顯示底本原貌 shows the base's 系 where the edition prints 繫 (${after})`);
      check((await button.textContent()) === (prefix ? "显示校订本" : "顯示校訂本"), `${name}: …and the switch says so`);
      await tap(page, button, touch);
      check((await lemma.textContent()) === "繫", `${name}: …and back`);
    });

    await section(`${name}: stage jumps`, async () => {
      await page.goto(url(`${prefix}stage.html#${formulaStep.id}`));
      await page.waitForSelector(".xs-stage-key li");
      const jump = page.locator(".xs-stage-text .xs-stage-xref").first();
      if ((await jump.count()) === 0) {
        check(false, `${name}: the stage shows the formula of ${formulaStep.id} as a jump`);
        return;
      }
      await tap(page, jump, touch);
      const now = await page.textContent(".xs-stage-phase");
      check(!now.endsWith(formulaStep.id), `${name}: a formula on the stage jumps to its referent (${now})`);
      await page.goto(url(`${prefix}stage.html#${keptStep.id}`));
      await page.waitForFunction((id) => document.querySelector(".xs-stage-phase").textContent.endsWith(id), keptStep.id);
      const text = await page.evaluate(() => ({
        text: document.querySelector(".xs-stage-text").textContent,
        kept: [...document.querySelectorAll(".xs-stage-text .xs-kept")].map((e) => e.textContent),
      }));
      check(text.text.includes("繫") && !/[\ue000-\ue002]/.test(text.text), `${name}: the stage prints the kept 繫 (${text.text.slice(0, 12)})`);
      check(prefix ? text.kept.includes("繫") : text.kept.length === 0, `${name}: …marked in the Simplified copy only (${text.kept.join("")})`);
    });

    await section(`${name}: search`, async () => {
      await page.goto(url(`${prefix}search.html?q=${encodeURIComponent("不繫")}`));
      await page.waitForSelector(".xs-search[data-ready=true]");
      const hits = await page.evaluate(() => ({
        ids: [...document.querySelectorAll(".xs-search-hit")].map((li) => li.dataset.step),
        marks: [...document.querySelectorAll(".xs-search-results mark")].map((m) => m.textContent),
        kept: document.querySelectorAll(".xs-search-results .xs-kept").length,
        href: (document.querySelector(".xs-search-link") || {}).href || "",
        text: (document.querySelector(".xs-search-text") || {}).textContent || "",
      }));
      check(hits.ids.includes(keptStep.id), `${name}: 不繫 finds ${keptStep.id} (${hits.ids.length} steps)`);
      check(hits.marks.every((m) => m === "不繫") && hits.marks.length > 0, `${name}: …highlighted as printed (${hits.marks.join("、")})`);
      check(!/[\ue000-\ue002]/.test(hits.text), `${name}: the hit's text has no marks of the data`);
      check(prefix ? hits.kept > 0 : hits.kept === 0, `${name}: the kept form is marked in the Simplified copy only (${hits.kept})`);
      check(
        prefix ? hits.href.includes("/zh-Hans/") : !hits.href.includes("/zh-Hans/"),
        `${name}: a hit links this script's page (${new URL(hits.href || base).pathname})`,
      );
      if (prefix) {
        await page.goto(url(`${prefix}search.html?q=${encodeURIComponent("不系")}`));
        await page.waitForSelector(".xs-search[data-ready=true]");
        const n = await page.locator(".xs-search-hit").count();
        check(n > 0, `${name}: typed in Simplified, 不系 finds it too (${n})`);
      }
      await shot(page, `search-${prefix ? "hans" : "hant"}-${device}`);
    });
    await context.close();
  }
}

check(problems.length === 0, `no script error, console error or failed request (${problems.slice(0, 5).join("; ")})`);
await browser.close();
finish();
