// ESLint for the whole repository (flat config). Why each rule is here: docs/decisions/037-lint-and-format.md.
// Formatting belongs to Prettier (`npm run lint` runs `prettier --check` after this), so no style rules here.
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;
const web = "apps/web/src";
const server = "apps/server/src";

// One zone per web feature: a feature may import itself, `@cultivate/shared`, components/ and lib/,
// and — the one exception — the session of `features/auth` (who is signed in and what they may do is
// needed by every screen; docs/decisions/037-lint-and-format.md, "Boundaries").
const features = fs
  .readdirSync(path.join(root, web, "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `${web}/features/${feature}`,
  from: `${web}/features`,
  except: [`./${feature}`, ...(feature === "auth" ? [] : ["./auth"])],
  message: "Features do not import each other: move the shared piece to components/, lib/ or @cultivate/shared.",
}));

const boundaries = [
  // The three workspaces: web and server meet only in packages/shared.
  { target: "apps/web", from: "apps/server", message: "The web app never imports the server." },
  { target: "apps/server", from: "apps/web", message: "The server never imports the web app." },
  { target: "packages/shared", from: "apps", message: "packages/shared imports nothing from the apps." },

  // Web: app → features → components/lib.
  ...featureZones,
  {
    target: [`${web}/features`, `${web}/components`, `${web}/lib`],
    from: `${web}/app`,
    message: "Only app/ composes the screens; nothing imports app/.",
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: `${web}/features`,
    message: "components/ and lib/ are shared by features and must not depend on one.",
  },

  // Server: routes → services → db; lib is the bottom.
  {
    target: `${server}/routes`,
    from: [`${server}/db/schema.ts`, `${server}/db/schema`],
    message: "Routes reach the tables through a service or repository (docs/decisions/037-lint-and-format.md).",
  },
  { target: `${server}/services`, from: `${server}/routes`, message: "Services never import routes." },
  {
    target: `${server}/lib`,
    from: [`${server}/services`, `${server}/routes`],
    message: "lib/ is the bottom layer: it imports no service and no route.",
  },
  {
    target: `${server}/db`,
    from: [`${server}/services`, `${server}/routes`],
    message: "The database layer imports no service and no route.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.tmp/**",
      "**/data/**",
      "apps/server/drizzle/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Names starting with _ are deliberately unused (positional parameters, rest-omit).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      eqeqeq: ["error", "always", { null: "ignore" }],
      // We match control characters on purpose (the input guard, docs/decisions/028-input-guard.md; CSV
      // cleaning; the XSS browser test); the rule exists to catch accidental ones, and every hit was deliberate.
      "no-control-regex": "off",
    },
  },

  // Type-aware rules only where a tsconfig covers the file (the three projects); they catch promises
  // nobody awaits, which plain rules cannot see.
  {
    files: [
      "packages/shared/src/**/*.ts",
      "apps/server/{src,test}/**/*.ts",
      "apps/server/*.config.ts",
      `${web}/**/*.{ts,tsx}`,
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },

  // Import boundaries and cycles.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x parses only .js dependencies and no-cycle never sees a TypeScript cycle.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["packages/shared/tsconfig.json", "apps/server/tsconfig.json", "apps/web/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaries }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
    },
  },

  // Routes and services reach the database through `app.repos`, never the raw handle
  // (docs/decisions/031-repositories-on-the-app.md).
  {
    files: [`${server}/routes/**/*.ts`, `${server}/services/**/*.ts`],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='app'][property.name='db']",
          message: "Reach the database through app.repos (a repository method), not app.db.",
        },
      ],
    },
  },

  // The browser app: hooks rules, browser globals.
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },

  // Browser tests run page.evaluate callbacks in the page.
  { files: ["e2e/**/*.ts"], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
);
