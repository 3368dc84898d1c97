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
