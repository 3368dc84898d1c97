import { expect, test } from "@playwright/test";
import { putDeviceRow, readDeviceStores } from "./support/device-store.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * Reset progress refused (spec study 8): 'Unable to reset progress'. The device still holds a
 * subject the server's bank no longer has; its reset is queued, the server refuses it, and the
 * device takes its own reset back so its graphs agree with the server again.
 */
test.use({ reducedMotion: "reduce" });

test("a reset the server refuses: 'Unable to reset progress', and the device's reset is taken back", async ({
  page,
}) => {
  const student = await createStudent("reset-refused");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  await putDeviceRow(page, "questions", {
    id: 9_099_001,
    version: 1,
    subject: "099",
    syllabus_code: "099.01.01.01",
    type: "multiple_choice",
    question: "A question of a subject the school has withdrawn?",
    answers: [],
  });
  await page.goto("/analysis#subject");
  const subject = page.getByLabel("Filter by subject");
  await subject.selectOption("099");
  await page.getByTestId("reset-progress").click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Unable to reset progress" })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => ((await readDeviceStores(page, ["progressResets"])).progressResets ?? []).length)
    .toBe(0);
});
