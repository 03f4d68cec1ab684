import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/shared/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            // The web's markup checks, rendered on the server side of React (no browser).
            "apps/web/src/**/*.test.tsx",
          ],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          // Each test's database starts from one the migrations made once (test/global-setup.ts).
          globalSetup: ["apps/server/test/global-setup.ts"],
          // Each file opens its own database; argon2 and PGlite start-up need room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
