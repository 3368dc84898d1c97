import { expect, type Locator, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { type ClassDateRow, classCourseDates, restoreClassCourseDates } from "./support/class-dates.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { signIn, submitSignIn } from "./support/student.ts";

/**
 * A class's course dates, managed by its instructor (issue 20; spec study §5), in Chromium against
 * the real server. The demo class's student has the class's dates on their tablet; the demo
 * instructor opens the class's Course dates tab, is told what the rule refuses as they type,
 * and moves Meteorology's end; the student's device gets the new date on its next sync, and the
 * student still only looks at them. The class's dates are put back afterwards for the specs that
 * read them as seeded.
 */

const CLASS_ID = "class-2026-a";
/** Meteorology's new end (the class's dates are 2026's; the rule allows 2 years back, 4 ahead). */
const NEW_END = "2027-01-29";

/** The class's dates as the spec found them (the demo's: Air Law, then Meteorology). */
let SEEDED: ClassDateRow[] = [];
test.beforeAll(() => {
  SEEDED = classCourseDates(CLASS_ID);
});
test.afterAll(() => restoreClassCourseDates(CLASS_ID, SEEDED));

/** A module's date field (ui/CourseDatesTable) within `scope`, and the ISO date it holds. */
const field = (scope: Locator, moduleId: number, which: "start" | "end") =>
  scope.getByTestId(`course-date-${moduleId}-${which}`);
const isoOf = (scope: Locator, moduleId: number, which: "start" | "end") =>
  field(scope, moduleId, which).locator("input[name^='course-date-']");
/** Types a date as a person does: the day segment, then the digits dd mm yyyy. */
async function typeDate(page: Page, scope: Locator, moduleId: number, which: "start" | "end", iso: string) {
  const [y, m, d] = iso.split("-");
  await field(scope, moduleId, which).getByRole("spinbutton").first().click();
  await page.keyboard.type(`${d}${m}${y}`);
}

test("the instructor moves a module's dates for the class, and the class's student gets them on their next sync, read-only", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  expect(SEEDED.map((r) => r.module_id)).toEqual([301, 302]);
  const seededEnd = SEEDED[1]?.end_date ?? "";

  // The class's student, on a tablet of their own, has the class's dates.
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const student = await tablet.newPage();
  await signIn(student, "class@preflight.test", "preflight");
  const modal = student.getByTestId("course-dates-modal");
  await student.getByTestId("progress-edit-dates").click();
  await expect(isoOf(modal, 302, "end")).toHaveValue(seededEnd);
  await modal.getByRole("button", { name: "Close" }).click();

  // The instructor opens the class's Course dates tab.
  const problems: string[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });
  await submitSignIn(page, "instructor@preflight.test", "preflight");
  await expect(page).toHaveURL(/\/school\/?$/);
  await page.getByTestId("school-class").click();
  await expect(page).toHaveURL(new RegExp(`/school/class/${CLASS_ID}$`));
  await page.getByTestId("class-tab-course-dates").click();
  const editor = page.getByTestId("class-course-dates");
  await expect(editor.getByTestId("course-date-row")).toHaveCount(2);
  await expect(editor.getByRole("heading")).toHaveText("ATPL(A) - 2020 syllabus (including example exam questions)");
  await expect(editor).toContainText("Saved dates reach the 6 students of this class who study this syllabus");
  await expect(isoOf(editor, 301, "start")).toHaveValue(SEEDED[0]?.start_date ?? "");
  await expect(isoOf(editor, 302, "end")).toHaveValue(seededEnd);
  const update = editor.getByRole("button", { name: "Update" });
  await expect(update).toBeDisabled();

  // What the rule refuses is said as it is typed, with the spec's words, and blocks Update.
  await typeDate(page, editor, 302, "start", SEEDED[0]?.end_date ?? "");
  await expect(editor.getByText("Modules must not overlap")).toHaveCount(2);
  await expect(update).toBeDisabled();
  problems.push(...(await checkScreen(page, "school-course-dates-invalid")));
  await editor.getByRole("button", { name: "Revert" }).click();
  await expect(isoOf(editor, 302, "start")).toHaveValue(SEEDED[1]?.start_date ?? "");
  await typeDate(page, editor, 302, "end", SEEDED[1]?.start_date ?? "");
  await expect(editor.getByText("End date must be after the start date")).toBeVisible();
  await expect(update).toBeDisabled();
  await editor.getByRole("button", { name: "Revert" }).click();

  // Meteorology's end moved: the server's message says so, and the class's dates are the new ones.
  await typeDate(page, editor, 302, "end", NEW_END);
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByTestId("snackbar").getByText("The class's course dates have been updated.")).toBeVisible();
  await expect(isoOf(editor, 302, "end")).toHaveValue(NEW_END);
  await expect(update).toBeDisabled();
  expect(classCourseDates(CLASS_ID)).toEqual([SEEDED[0], { ...SEEDED[1], end_date: NEW_END }]);
  problems.push(...(await checkScreen(page, "school-course-dates")));

  // The student's next sync (the app opened again) brings the new end; the dates stay the class's.
  await student.reload();
  await expect(student.getByText(/questions are on this device/)).toBeVisible();
  await expect
    .poll(
      async () => {
        await student.getByTestId("progress-edit-dates").click();
        const value = await isoOf(modal, 302, "end").inputValue();
        await modal.getByRole("button", { name: "Close" }).click();
        return value;
      },
      { timeout: 30_000 },
    )
    .toBe(NEW_END);
  await student.getByTestId("progress-edit-dates").click();
  const [y, m, d] = NEW_END.split("-");
  await expect(field(modal, 302, "end").getByRole("group")).toHaveText(`${d}/${m}/${y}`);
  for (const moduleId of [301, 302])
    for (const which of ["start", "end"] as const)
      await expect(field(modal, moduleId, which)).toHaveAttribute("data-disabled", "true");
  await expect(modal.getByRole("button", { name: "Update" })).toHaveCount(0);
  await expect(modal.getByTestId("class-managed-lock")).toHaveCount(4);
  await shootAtSizes(student, "school-course-dates-student");
  await tablet.close();

  expect(problems).toEqual([]);
});
