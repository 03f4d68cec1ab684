import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/shared/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          // Each file opens its own database; argon2 and PGlite start-up need room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
