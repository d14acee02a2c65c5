import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

/**
 * The folders and files whose screens read every word from the catalogs (the rule below): one glob
 * a line in messages/checked/<area>.txt, each area's list kept with its catalogs.
 */
const I18N_FOLDERS = fs
  .readdirSync("messages/checked")
  .filter((name) => name.endsWith(".txt"))
  .flatMap((name) => fs.readFileSync(path.join("messages/checked", name), "utf8").split("\n"))
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

// One flat config for the whole repository: `npm run lint`. Formatting is Prettier's business.
export default defineConfig(
  globalIgnores(["build/", ".react-router/", "node_modules/", "data/", "coverage/", "test-results/", "playwright-report/", "public/sw.js", "domain/i18n/paraglide/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Playwright: fixtures receive a `use` callback (not React's use) and take `{}` when they need
    // no other fixture; no React runs in these files.
    files: ["tests/e2e/**", "playwright.config.ts"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      "no-empty-pattern": "off",
    },
  },
  {
    // Plain JavaScript run by Node (scripts, configs).
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Filipino and English (docs/decisions/219, issue 33 item 4): a word a user reads comes from the
    // catalogs (messages/<locale>/<area>.json through `m` of domain/i18n), never typed into a screen.
    // The rule reads JSX text, string literals inside JSX, and the attributes a user reads or hears;
    // each folder joins I18N_FOLDERS when its screens are moved to the catalogs.
    files: I18N_FOLDERS.length ? I18N_FOLDERS : ["messages/checked/none"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": { include: ["aria-label", "aria-description", "title", "placeholder", "alt", "label", "description", "emptyText"] },
          message: "a word the user reads: put it in messages/<locale>/<area>.json and use m.<key>() (docs/decisions/219)",
        },
      ],
    },
  },
);
