import { expect, test } from "@playwright/test";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn } from "./support/student.ts";
import { openSyllabus } from "./support/syllabus.ts";

/** The syllabus page's help: the info button opens the app's modal explaining each choice. */

test("the info button explains the syllabus page's choices, legend and access modals", async ({ page }) => {
  const student = await createStudent("syllabus-help");
  await signIn(page, student.email, student.password);
  await openSyllabus(page);

  await page.getByRole("button", { name: "Help: the choices on this page" }).click();
  const dialog = page.getByRole("dialog", { name: "Using the syllabus page" });
  await expect(dialog).toBeVisible();
  const terms = dialog.locator("dt");
  await expect(terms).toHaveText([
    "Syllabus",
    "Sort by MODULE or SUBJECT",
    "Module or Subject",
    "Lessons",
    "Target",
    "Legend",
    "Insufficient module progress",
    "Access denied",
    "Lesson unavailable",
    "Progress test summary",
    "Update required to access",
  ]);
  // The legend shows the grid's own icons.
  for (const status of ["Not started", "Failed", "Complete"])
    await expect(dialog.getByRole("img", { name: status })).toBeVisible();
  await shootAtSizes(page, "syllabus-help");

  // Focus stays in the modal; Escape closes it, and so does Close.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await page.getByTestId("syllabus-help").click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("lesson-grid")).toBeVisible();
});
