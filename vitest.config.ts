import { defineConfig } from "vitest/config";

// Two projects: unit tests sit beside their code; integration tests drive the API and core
// against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "{app,core,db,demo,server,contract,scripts,bench}/**/*.test.{ts,tsx}",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["./tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/setup/global-database.ts"],
          setupFiles: ["./tests/setup/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
