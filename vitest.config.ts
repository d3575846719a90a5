import { availableParallelism } from "node:os";
import { defineConfig, type ViteUserConfig } from "vitest/config";

// Two projects: unit tests sit beside their code; integration tests drive the API and core
// against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
// Under CI, each run also writes its results as JSON, which .ci/failures.ts prints last: the lines
// of a long run's output that survive are its tail.
const reporters: NonNullable<ViteUserConfig["test"]>["reporters"] = process.env.CI
  ? ["default", ["json", { outputFile: `ci-results/vitest-${Date.now()}-${process.pid}.json` }]]
  : ["default"];

export default defineConfig({
  test: {
    reporters,
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
          // At least two files at once. Vitest's default (one fewer than the cores) is a single worker
          // on a 2-core machine, and these files spend much of their time waiting (on the database, a
          // child process, a mail or HTTP stand-in): with two, the PGlite run took 592 s on 2 cores,
          // against 934 s with one (docs/decisions/059-test-suite-time.md).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          setupFiles: ["./tests/setup/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
