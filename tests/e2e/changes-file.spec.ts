import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { serverAnswers, serverTest } from "./support/server-db.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * A device that will never reconnect: its waiting changes leave as a file and are imported on
 * another device of the same student; the server applies each once, even if the file is
 * imported twice.
 */
test("[DR17] pending changes exported on one device and imported on another reach the server once", async ({
  browser,
}) => {
  const stranded = await browser.newContext();
  const page = await stranded.newPage();
  await signIn(page);
  await waitUntilReadyOffline(page);
  await stranded.setOffline(true);
  const testId = await startTest(page, { display: "After test" });
  for (let i = 0; i < 3; i++) {
    await answerCurrent(page, "click");
    await page.getByTestId("next").click();
    await expect(page.getByTestId("question-number")).toHaveText(new RegExp(`^Question 00${i + 2} `));
  }
  await expect(page.getByTestId("pending-count")).toHaveText("4 pending");
  await page.getByTestId("pending-count").click();
  await page.getByTestId("confirm-leave").click();
  await expect(page.getByTestId("changes-pending")).toHaveText("4");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-pending").click()]);
  const file = await download.path();
  const contents = JSON.parse(readFileSync(file, "utf8")) as { kind: string; mutations: unknown[] };
  expect(contents.kind).toBe("preflight-pending-changes");
  expect(contents.mutations).toHaveLength(4);
  expect(serverTest(testId)).toBeUndefined();

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second);
  await second.goto("/device");
  await second.getByTestId("import-file").setInputFiles(file);
  await expect(second.getByTestId("import-report")).toHaveText("4 saved, 0 already saved, 0 not accepted.");
  // Emptied first, as pressing the button does: the browser reports no change for the same file set twice.
  await second.getByTestId("import-file").setInputFiles([]);
  await second.getByTestId("import-file").setInputFiles(file);
  await expect(second.getByTestId("import-report")).toHaveText("0 saved, 4 already saved, 0 not accepted.");
  expect(serverTest(testId)).toBeDefined();
  expect(serverAnswers(testId)).toHaveLength(3);
  await stranded.close();
  await other.close();
});
