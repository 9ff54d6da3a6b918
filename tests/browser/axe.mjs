// Accessibility check of the built site: axe-core in headless Chromium (the system one).
//
//   node tests/browser/axe.mjs [_build/html] [--json report.json]
//
// Serves the site over HTTP on a free local port (so scripts and the search index load as on a
// real host), opens each main page in light and dark colour schemes, runs axe-core with the
// WCAG 2.x A/AA and best-practice rules, and prints every violation. Exits 1 if any violation is
// "serious" or "critical"; minor and moderate ones are printed but do not fail.
// tests/test_quality.py runs this; CHROMIUM overrides the browser path (default /usr/bin/chromium).
import { createServer } from 'node:http';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonPath = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const root = resolve(args[0] ?? '_build/html');

// The main pages: front matter, one rite page (the longest), the search page with a query, the
// stage view and a headword page.
const PAGES = [
  'index.html',
  'preface.html',
  'conventions.html',
  'rite/drinking.html',
  'search.html?q=%E4%B8%BB%E4%BA%BA', // 主人
  'stage.html', // the stage view
  'terms/role/%E4%B8%BB%E4%BA%BA.html', // a headword page: 行止 and KWIC tables
];
const FAILING = new Set(['serious', 'critical']);
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.inv': 'application/octet-stream',
};

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = resolve(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) { res.writeHead(403).end(); return; }
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run'],
});
const report = [];
let failing = 0;
try {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    for (const page of PAGES) {
      const tab = await context.newPage();
      const errors = [];
      tab.on('pageerror', (e) => errors.push(String(e)));
      const response = await tab.goto(base + page, { waitUntil: 'networkidle' });
      if (!response || !response.ok()) throw new Error(`${page}: HTTP ${response?.status()}`);
      if (page.startsWith('search.html')) {
        // Wait until the search has said what it found (the edition's search writes a status
        // line; Sphinx's own writes a summary under #search-results).
        await tab.waitForFunction(() => {
          const s = document.querySelector('.xs-search-status, #search-results .search-summary');
          return s && s.textContent.trim().length > 0;
        }, null, { timeout: 15000 }).catch(() => errors.push('search results did not appear'));
      }
      await tab.addScriptTag({ content: axeSource });
      const result = await tab.evaluate(async () => await window.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        resultTypes: ['violations'],
      }));
      const violations = result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
      for (const v of violations) {
        const bad = FAILING.has(v.impact);
        if (bad) failing += 1;
        console.log(`${bad ? 'FAIL' : 'note'} ${colorScheme} ${page}: ${v.impact} ${v.id} (${v.nodes}×) ${v.help}`
          + `\n       ${v.targets.join('\n       ')}`);
      }
      for (const e of errors) { failing += 1; console.log(`FAIL ${colorScheme} ${page}: ${e}`); }
      report.push({ page, colorScheme, violations, errors });
      await tab.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
if (jsonPath) await writeFile(jsonPath, JSON.stringify(report, null, 1) + '\n');
console.log(`axe: ${report.length} page views, ${failing} serious or critical problems`);
process.exit(failing ? 1 : 0);
