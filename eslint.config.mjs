// The front end's linter. scripts/test.sh installs ESLint from npm into the suite's npm cache (not into this
// folder); tests/test_js.py runs it with HICKORY_ESLINT naming that install, and wants no finding.
// js/ is ES modules for the browser (and for Node's own test runner in *.test.mjs).
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const installed = process.env.HICKORY_ESLINT ?? join(homedir(), ".cache", "hickory-widget", "npm", "eslint");
const require = createRequire(join(installed, "package.json"));
const load = async (name) => (await import(pathToFileURL(require.resolve(name)).href)).default;
const js = await load("@eslint/js");
const globals = await load("globals");

export default [
  js.configs.recommended,
  {
    files: ["js/**/*.mjs", "lite/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: { "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }] },
  },
  {
    files: ["js/**/*.test.mjs", "lite/**/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
];
