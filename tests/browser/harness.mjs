// What every browser test script of the site shares: its command line, the checks it counts and
// prints, and how it ends. One place, so the three scripts (search-and-cite, reader, scripts)
// report and exit alike, as tests/test_browser.py reads them.
import { mkdirSync } from "node:fs";

/** The command line `node <script> BASE_URL [--screenshots DIR]`, and the check counters. */
export function harness(script) {
  const args = process.argv.slice(2);
  const base = (args[0] || "").replace(/\/?$/, "/");
  const shotIndex = args.indexOf("--screenshots");
  const shots = shotIndex >= 0 ? args[shotIndex + 1] : null;
  if (!base.startsWith("http")) {
    console.error(`usage: node ${script} BASE_URL [--screenshots DIR]`);
    process.exit(2);
  }
  if (shots) mkdirSync(shots, { recursive: true });

  let failed = 0;
  let passed = 0;
  // One line per check: "ok  …" or "FAIL …".
  const check = (ok, message) => {
    if (ok) passed++;
    else failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${message}`);
  };
  const url = (p) => new URL(p, base).href;
  // A part of the test: an exception (a timeout, a missing element) fails it and the rest runs on.
  const section = async (name, run) => {
    try {
      await run();
    } catch (err) {
      check(false, `${name}: ${String(err.message || err).split("\n")[0]}`);
    }
  };
  // The summary line, and a non-zero exit if any check failed.
  const finish = () => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  };
  return { base, shots, check, url, section, finish };
}
