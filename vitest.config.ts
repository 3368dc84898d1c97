import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const reporters = process.env.CI_REPORT_DIR
  ? [
      "default",
      ["json", { outputFile: `${process.env.CI_REPORT_DIR}/vitest-${process.env.VITEST_PROJECT ?? "all"}.json` }],
    ]
  : ["default"];

export default defineConfig({
  test: {
    reporters: reporters as never,
    // Vitest's default leaves one core free: on two cores that is one file at a time, while a file
    // waits on PostgreSQL, its servers or its timers. Measured: API 532 -> 412 s, unit 176 -> 120 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "sync-protocol/**/*.test.ts",
            "fixtures/**/*.test.ts",
            "web/src/**/*.test.{ts,tsx}",
            "service-worker/**/*.test.ts",
            "scripts/**/*.test.ts",
            "web/scripts/**/*.test.ts",
            "tests/spec/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**"],
          environment: "node",
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["api/src/**/*.test.ts", "tests/sync/**/*.test.ts", "tests/content/**/*.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
