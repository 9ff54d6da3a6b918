// ESLint's flat config for the project's JavaScript (`make lint`; HACKING.md, "Lint").
//
// Two kinds of code:
// - the site's scripts (`_ext/*/static/*.js`): plain browser scripts, served as they are
//   (no bundler, no modules), each wrapped in a function so that it adds to the page's globals
//   only what it says (`window.xs…`);
// - the browser tests (`tests/browser/*.mjs`): ES modules run by Node, which drive Chromium
//   with playwright-core. The functions they hand to `page.evaluate` run in the page, so they
//   see the browser's globals too.
// Beyond eslint's recommended rules: `let`/`const` only, `const` where nothing reassigns, `===`,
// and no unused variables (a caught error may go unnamed: `catch {`).
import js from "@eslint/js";
import globals from "globals";

export default [
  // the built site holds copies of the scripts, and Sphinx's and the theme's own
  { ignores: ["_build/", ".venv/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all" }],
    },
  },
  {
    files: ["_ext/*/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["tests/browser/**/*.mjs"],
    languageOptions: {
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
