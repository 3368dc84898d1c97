import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import Database from "better-sqlite3";
import { readDeviceStores } from "./support/device-store.ts";
import { E2E_DATABASE, E2E_PORT } from "./support/env.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn } from "./support/student.ts";
import { openSyllabus, partRow, putDeviceMeta } from "./support/syllabus.ts";

/**
 * Must show: a progress test that needs the new version is refused, then opens after the update.
 * A revision of one of the Air Law progress test's questions is imported on the server while the
 * device is in manual update mode (it does not update by itself): opening the test says 'Update
 * required to access'; a download that fails counts an attempt, and at MAX_UPDATE_ATTEMPTS (2)
 * the test is out of date; 'Download test' that succeeds runs the updater and the test opens.
 */
const repoRoot = join(import.meta.dirname, "../..");
const shots = join(repoRoot, "tests/artifacts/screens");
const fixtures = loadFixtures();
const OUT_OF_DATE = "This test is out of date. You must download the latest update in order to access this test.";

function airLawTestQuestions(): number[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return JSON.parse(
      (db.prepare("select question_ids from progress_tests where id = 1").get() as { question_ids: string })
        .question_ids,
    );
  } finally {
    db.close();
  }
}

test("[CT9] a progress test that needs the new version is refused, then opens after the update", async ({ page }) => {
  test.setTimeout(240_000);
  const student = await createStudent("update-required");
  await signIn(page, student.email, student.password);
  // Manual update mode: the device waits for the student.
  await putDeviceMeta(page, "updateMode", 1);

  // A revision of the progress test's first question is published on the server.
  const [revisedId] = airLawTestQuestions();
  const bank = structuredClone(fixtures.questions.filter((q) => q.subject === "010"));
  const revised = bank.find((q) => q.id === revisedId) as (typeof bank)[number];
  revised.question = `${revised.question} (revised for the syllabus spec)`;
  mkdirSync(join(repoRoot, "tests/artifacts"), { recursive: true });
  const file = join(repoRoot, `tests/artifacts/pt-revision-${E2E_PORT}.json`);
  writeFileSync(file, JSON.stringify(bank));
  const out = execFileSync("node", ["--import", "tsx", "api/src/content/import-cli.ts", file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE, SEED: "0" },
    encoding: "utf8",
  });
  expect(out).toMatch(/1 changed/);

  await page.goto("/dashboard");
  await openSyllabus(page);
  const before = (await readDeviceStores(page, ["questions"])).questions as { id: number; version: number }[];
  expect(before.find((q) => q.id === revisedId)?.version).toBe(1);

  const openTest = async () => {
    await partRow(page, "Air Law progress test").getByRole("button").click();
    await page.getByRole("dialog").getByTestId("pt-start").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading")).toHaveText("Update required to access");
    return dialog;
  };

  // Downloads that fail: the attempt counter grows, and at two the test is out of date.
  let dialog = await openTest();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(shots, "update-required-1280.png") });
  await page.route("**/api/content/manifest", (route) => route.fulfill({ status: 503, body: "down" }));
  await dialog.getByTestId("download-test").click();
  await expect(dialog.getByTestId("test-update-error")).toHaveText("There was an error downloading the test update", {
    timeout: 60_000,
  });
  await dialog.getByTestId("download-test").click();
  await expect(dialog.getByTestId("out-of-date")).toHaveText(OUT_OF_DATE, { timeout: 60_000 });
  await expect(dialog.getByTestId("download-test")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.unroute("**/api/content/manifest");

  // Asked again, the download succeeds: the updater brings the new version and the test opens.
  dialog = await openTest();
  await dialog.getByTestId("download-test").click();
  await expect(page).toHaveURL(/\/test\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId("question")).toBeVisible();
  const after = (await readDeviceStores(page, ["questions", "userTests"])) as {
    questions: { id: number; version: number; question: string }[];
    userTests: { test_type: string; progress_test_id: number; question_ids: number[]; question_versions: number[] }[];
  };
  expect(after.questions.find((q) => q.id === revisedId)).toMatchObject({ version: 2 });
  const taken = after.userTests.find((t) => t.progress_test_id === 1);
  expect(taken?.test_type).toBe("progress_test_attempt");
  expect(taken?.question_versions[taken.question_ids.indexOf(revisedId as number)]).toBe(2);
  await expect(page.getByTestId("question")).toContainText("(revised for the syllabus spec)");
});
