// Browser test of the reading switch 經 / 經注 / 經注譯 (issue 21): the default state 經注 with and
// without scripts, real buttons with aria-pressed and targets of at least 24x24 CSS px, the
// choice kept across pages and visits (localStorage "xs-reading"), the keyboard, a phone, and
// the Simplified copy.
//
//   node tests/browser/reading.mjs BASE_URL [--screenshots DIR]
//
// BASE_URL serves _build/html (tests/test_browser.py starts python's http.server on 127.0.0.1).
import { chromium } from "playwright-core";
import path from "node:path";
import { harness } from "./harness.mjs";

const { shots, check, url, section, finish } = harness("reading.mjs");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const errors = [];
const open = async (options) => {
  const context = await browser.newContext({ ...options, reducedMotion: "reduce" });
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  page.on("pageerror", (err) => errors.push(`${page.url()}: ${err}`));
  return { context, page };
};
const shot = async (page, name) => {
  if (shots) await page.screenshot({ path: path.join(shots, `reading-${name}.png`) });
};

// What the page shows: is the first 注 and the first 譯文 rendered; the pressed button's state.
const state = (page) =>
  page.evaluate(() => {
    const shown = (sel) => {
      const el = document.querySelector(sel);
      return !!el && el.getClientRects().length > 0;
    };
    const pressed = [...document.querySelectorAll(".xs-reading-switch button[aria-pressed=true]")];
    return {
      zhu: shown(".xs-zhu"),
      trans: shown(".xs-step > .xs-trans"),
      pressed: pressed.map((b) => b.dataset.reading),
      attr: document.documentElement.getAttribute("data-xs-reading"),
      stored: (() => { try { return localStorage.getItem("xs-reading"); } catch { return "?"; } })(),
    };
  });

await section("without scripts: the default state 經注", async () => {
  const { context, page } = await open({ ...DESKTOP, javaScriptEnabled: false });
  await page.goto(url("rite/before.html"));
  const zhu = await page.locator(".xs-zhu").first().isVisible();
  const trans = await page.locator(".xs-step > .xs-trans").first().isVisible();
  check(zhu && !trans, `no script: 注 shown (${zhu}), 譯文 not (${trans})`);
  check((await page.locator(".xs-reading-switch").count()) === 0, "no script: no dead buttons");
  await context.close();
});

await section("the switch on a desktop", async () => {
  const { context, page } = await open(DESKTOP);
  await page.goto(url("rite/before.html"));
  let s = await state(page);
  check(s.zhu && !s.trans && s.pressed.join() === "jingzhu" && s.attr === null,
    `default 經注: ${JSON.stringify(s)}`);
  const buttons = page.locator(".xs-reading-switch button");
  check((await buttons.count()) === 3, "three buttons");
  check((await buttons.allTextContents()).join("/") === "經/經注/經注譯", "labelled 經 / 經注 / 經注譯");
  const group = page.locator(".xs-reading-switch");
  check((await group.getAttribute("role")) === "group" && !!(await group.getAttribute("aria-label")),
    "a labelled group");
  for (const b of await buttons.all()) {
    const box = await b.boundingBox();
    const tag = await b.evaluate((el) => `${el.tagName}:${el.type}`);
    check(box.width >= 24 && box.height >= 24 && tag === "BUTTON:button",
      `${await b.textContent()}: a real button, ${box.width.toFixed(0)}x${box.height.toFixed(0)} px`);
  }
  await page.getByRole("button", { name: "經", exact: true }).click();
  s = await state(page);
  check(!s.zhu && !s.trans && s.pressed.join() === "jing" && s.stored === "jing", `經: ${JSON.stringify(s)}`);
  await shot(page, "jing");
  await page.getByRole("button", { name: "經注譯", exact: true }).click();
  s = await state(page);
  check(s.zhu && s.trans && s.pressed.join() === "jingzhuyi" && s.stored === "jingzhuyi",
    `經注譯: ${JSON.stringify(s)}`);
  await shot(page, "jingzhuyi");
  // across pages
  await page.goto(url("rite/drinking.html"));
  s = await state(page);
  check(s.zhu && s.trans && s.pressed.join() === "jingzhuyi", `kept on the next page: ${JSON.stringify(s)}`);
  // the keyboard: Tab reaches the buttons, Enter and Space press them
  const jing = page.getByRole("button", { name: "經", exact: true });
  await jing.focus();
  await page.keyboard.press("Enter");
  s = await state(page);
  check(!s.zhu && s.pressed.join() === "jing", "Enter presses 經");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  s = await state(page);
  check(s.zhu && !s.trans && s.pressed.join() === "jingzhu" && s.stored === "jingzhu",
    `Tab, Space presses 經注: ${JSON.stringify(s)}`);
  // across visits: a new page of the same context (the same browser profile) after a choice
  await page.getByRole("button", { name: "經", exact: true }).click();
  const again = await context.newPage();
  await again.goto(url("rite/ji.html"));
  s = await state(again);
  check(!s.zhu && s.attr === "jing" && s.pressed.join() === "jing", `kept for the next visit: ${JSON.stringify(s)}`);
  // a 注's permalink opened in 經 shows its note, without changing the kept choice
  await again.goto(url("rite/before.html#xs-0002-z1"));
  s = await state(again);
  check(await again.locator("#xs-0002-z1").isVisible(), "a note's permalink shows its note in 經");
  check(s.stored === "jing" && s.pressed.join() === "jingzhu", `for this page only: ${JSON.stringify(s)}`);
  await context.close();
});

await section("copying copies what the state shows", async () => {
  const { context, page } = await open(DESKTOP);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url("")).origin });
  await page.goto(url("rite/before.html"));
  const copy = () => page.evaluate(async () => {
    const range = document.createRange();
    range.setStartBefore(document.getElementById("xs-0002").querySelector(".xs-text"));
    range.setEndAfter(document.getElementById("xs-0002").querySelector(".xs-trans"));
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    document.execCommand("copy");
    return navigator.clipboard.readText();
  });
  let clip = await copy();
  check(clip.includes("【注】主人州長也") && !clip.includes("主人答兩拜"), `經注: text and 注 (${clip.length} chars)`);
  await page.getByRole("button", { name: "經", exact: true }).click();
  clip = await copy();
  check(clip.trim() === "主人答再拜，乃請。", `經: the text alone (${JSON.stringify(clip.trim())})`);
  await context.close();
});

await section("a stored state that is not one of the three is ignored", async () => {
  const { context, page } = await open(DESKTOP);
  await page.goto(url("rite/before.html"));
  await page.evaluate(() => localStorage.setItem("xs-reading", "bogus"));
  await page.reload();
  const s = await state(page);
  check(s.zhu && !s.trans && s.pressed.join() === "jingzhu", `bogus → 經注: ${JSON.stringify(s)}`);
  await context.close();
});

await section("a phone, and the Simplified copy", async () => {
  const { context, page } = await open(PHONE);
  await page.goto(url("zh-Hans/rite/first-round.html"));
  const buttons = page.locator(".xs-reading-switch button");
  check((await buttons.allTextContents()).join("/") === "经/经注/经注译", "Simplified words");
  for (const b of await buttons.all()) {
    const box = await b.boundingBox();
    check(box.width >= 24 && box.height >= 24, `phone: ${await b.textContent()} ${box.width.toFixed(0)}x${box.height.toFixed(0)} px`);
  }
  await buttons.nth(2).tap();
  const s = await state(page);
  check(s.zhu && s.trans && s.stored === "jingzhuyi", `tapped 经注译: ${JSON.stringify(s)}`);
  await shot(page, "phone");
  await context.close();
});

// -- the search covers the 注: a hit labelled 注 links to its note, in both scripts -------------
for (const [prefix, query, label] of [["", "州長", "注"], ["zh-Hans/", "州长", "注"]]) {
  await section(`search ${prefix || "(Traditional)"}`, async () => {
    const { context, page } = await open(DESKTOP);
    await page.goto(url(`${prefix}search.html?q=${encodeURIComponent(query)}`));
    const link = page.locator(".xs-search-zhu-link").first();
    await link.waitFor();
    const href = await link.getAttribute("href");
    check((await link.textContent()) === label && /rite\/before\.html\?hl=[^#]+#xs-0002-z1$/.test(href),
      `${prefix}search ${query}: a hit labelled 注 linking to the note (${href})`);
    check((await page.locator(".xs-search-zhu mark").first().textContent()) === query, "the words marked in the note");
    const status = await page.locator(".xs-search-status").textContent();
    check(/注 3 [節节]/.test(status), `the status counts the notes: ${status}`);
    await shot(page, `search-${prefix ? "hans" : "hant"}`);
    // in 經 the note is shown all the same when its hit is opened
    await page.evaluate(() => localStorage.setItem("xs-reading", "jing"));
    await link.click();
    await page.waitForURL(/#xs-0002-z1$/);
    check(await page.locator("#xs-0002-z1").isVisible(), "the hit opens its note, shown in 經 too");
    check((page.url().includes("zh-Hans/")) === !!prefix, `the note's page in the same script (${page.url()})`);
    await context.close();
  });
}

await section("a search hit in a 譯文 shows the 譯文", async () => {
  const { context, page } = await open(DESKTOP);
  await page.goto(url("rite/before.html?hl=" + encodeURIComponent("致辭邀請") + "#xs-0002"));
  const s = await state(page);
  check(s.trans && s.pressed.join() === "jingzhuyi" && s.stored === null, `譯文 shown for the hit: ${JSON.stringify(s)}`);
  await context.close();
});

// -- the stage view shows the step's 注 under the step's text, each linked to its note ----------
for (const prefix of ["", "zh-Hans/"]) {
  await section(`stage ${prefix || "(Traditional)"}`, async () => {
    const { context, page } = await open(DESKTOP);
    await page.goto(url(`${prefix}stage.html#xs-0047`));
    const notes = page.locator(".xs-stage-zhu .xs-stage-zhu-note");
    await notes.first().waitFor();
    const ids = await notes.evaluateAll((ps) => ps.map((p) => p.querySelector("a").hash));
    check(JSON.stringify(ids) === JSON.stringify(["#xs-0047-z1", "#xs-0047-z2", "#xs-0047-z3", "#xs-0047-z4"]),
      `${prefix}stage xs-0047: its four notes, in order (${ids})`);
    const first = await notes.first().textContent();
    check(first === (prefix ? "注郤左手执本右手绝末以祭也肺离上为本下为末" : "注郤左手執本右手絕末以祭也肺離上為本下為末"),
      `${prefix}stage: the note's words in the page's script (${first})`);
    const order = await page.evaluate(() => {
      const [t, z, tr] = [".xs-stage-text", ".xs-stage-zhu", ".xs-stage-tr"].map((q) => document.querySelector(q));
      return t.compareDocumentPosition(z) & Node.DOCUMENT_POSITION_FOLLOWING && z.compareDocumentPosition(tr) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    check(!!order, "under the step's text, before its 譯文");
    await shot(page, `stage-${prefix ? "hans" : "hant"}`);
    await page.locator("button[data-go=next]").click();
    check((await notes.count()) === 0 && !(await page.locator(".xs-stage-zhu").isVisible()), "a step without notes shows none");
    await page.locator("button[data-go=prev]").click();
    await notes.first().locator("a").click();
    await page.waitForURL(/#xs-0047-z1$/);
    check(await page.locator("#xs-0047-z1").isVisible() && page.url().includes(`${prefix}rite/`),
      `a note's mark opens the note on its page (${page.url()})`);
    await context.close();
  });
}

check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
await browser.close();
finish();
