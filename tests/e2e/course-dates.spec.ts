import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { SAVED_ON_DEVICE } from "../../web/src/ui/offline-words.ts";
import { E2E_DATABASE } from "./support/env.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, dayFromToday, giveCourseDates, serverUserId } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * The Edit course dates modal from the dashboard, in Chromium against the real server: each
 * validation message, Revert, an Update made offline that reaches the server exactly once when
 * the network returns, a class's student who may only look, and a student with no dates.
 */

function serverState(userId: string) {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return {
      dates: db
        .prepare("select module_id, start_date, end_date from course_dates where user_id = ? order by module_id")
        .all(userId) as { module_id: number; start_date: string; end_date: string }[],
      applied: (
        db
          .prepare("select count(*) as n from mutations where user_id = ? and call = 'POST /profile/course-dates'")
          .get(userId) as { n: number }
      ).n,
    };
  } finally {
    db.close();
  }
}

const modal = (page: Page) => page.getByTestId("course-dates-modal");
const MODULES: Record<string, number> = { "Air Law": 301, Meteorology: 302 };
/** The dd/mm/yyyy field (ui/DateField) of "Air Law start date" and the like. */
const field = (page: Page, name: string) => {
  const [, module, end] = /^(.*) (start|end) date$/.exec(name) ?? [];
  return modal(page).getByTestId(`course-date-${MODULES[module ?? ""]}-${end}`);
};
/** The ISO date the field holds (its hidden input, named like the field's test id). */
const isoOf = (page: Page, name: string) => field(page, name).locator("input[name^='course-date-']");
/** Types a date as a student does: the day segment, then the digits dd mm yyyy. */
async function typeDate(page: Page, name: string, iso: string) {
  const [y, m, d] = iso.split("-");
  await field(page, name).getByRole("spinbutton").first().click();
  await page.keyboard.type(`${d}${m}${y}`);
}

test("course dates: each validation message, Revert, and an offline Update synced exactly once", async ({
  page,
  context,
}) => {
  const student = await createStudent("course-dates");
  const userId = serverUserId(student.email);
  const airLaw: [string, string] = [dayFromToday(10), dayFromToday(60)];
  const met: [string, string] = [dayFromToday(61), dayFromToday(120)];
  giveCourseDates(userId, { 301: airLaw, 302: met });
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  await page.getByTestId("progress-edit-dates").click();
  await expect(modal(page).getByTestId("course-date-row")).toHaveCount(2);
  await expect(isoOf(page, "Air Law start date")).toHaveValue(airLaw[0]);
  await expect(isoOf(page, "Meteorology end date")).toHaveValue(met[1]);
  // Shown day first, as every date of the app.
  const [y, m, d] = airLaw[0].split("-");
  await expect(field(page, "Air Law start date").getByRole("group")).toHaveText(`${d}/${m}/${y}`);
  const update = modal(page).getByRole("button", { name: "Update" });
  await expect(update).toBeDisabled();
  // The field's limits: 2 years back, 4 years ahead; a date beyond is marked invalid.
  await typeDate(
    page,
    "Air Law end date",
    dayFromToday(0).replace(/^(\d{4})/, (y) => String(Number(y) + 5)),
  );
  await expect(field(page, "Air Law end date")).toHaveAttribute("data-invalid", "true");
  await expect(update).toBeDisabled();
  await modal(page).getByRole("button", { name: "Revert" }).click();
  await expect(isoOf(page, "Air Law end date")).toHaveValue(airLaw[1]);
  await shootAtSizes(page, "course-dates");

  await typeDate(page, "Air Law start date", dayFromToday(70));
  await expect(modal(page).getByText("Start date must be before the end date")).toBeVisible();
  await expect(modal(page).getByText("End date must be after the start date")).toBeVisible();
  await expect(update).toBeDisabled();
  await modal(page).getByRole("button", { name: "Revert" }).click();
  await expect(isoOf(page, "Air Law start date")).toHaveValue(airLaw[0]);
  await expect(modal(page).getByText("Start date must be before the end date")).toHaveCount(0);

  await typeDate(page, "Meteorology start date", dayFromToday(50));
  await expect(modal(page).getByText("Modules must not overlap")).toHaveCount(2);
  await expect(update).toBeDisabled();
  await shootAtSizes(page, "course-dates-invalid");
  await modal(page).getByRole("button", { name: "Revert" }).click();
  await expect(isoOf(page, "Meteorology start date")).toHaveValue(met[0]);

  // Offline: the change is kept on the device and queued, and the student is told so plainly.
  await context.setOffline(true);
  await typeDate(page, "Meteorology end date", dayFromToday(150));
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByTestId("snackbar").getByText(SAVED_ON_DEVICE)).toBeVisible();
  await expect(page.getByText("Your course dates have been updated.")).toHaveCount(0);
  await expect(modal(page)).toBeHidden();
  await page.getByTestId("progress-edit-dates").click();
  await expect(isoOf(page, "Meteorology end date")).toHaveValue(dayFromToday(150));
  await modal(page).getByRole("button", { name: "Close" }).click();
  expect(serverState(userId).dates.find((d) => d.module_id === 302)?.end_date).toBe(met[1]);

  // Back online: the server takes it once.
  await context.setOffline(false);
  await expect
    .poll(() => serverState(userId).dates.find((d) => d.module_id === 302)?.end_date, { timeout: 30_000 })
    .toBe(dayFromToday(150));
  await page.reload();
  await expect(page.getByText(/questions are on this device/)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(serverState(userId)).toEqual({
    dates: [
      { module_id: 301, start_date: airLaw[0], end_date: airLaw[1] },
      { module_id: 302, start_date: met[0], end_date: dayFromToday(150) },
    ],
    applied: 1,
  });
  await page.getByTestId("progress-edit-dates").click();
  await expect(isoOf(page, "Meteorology end date")).toHaveValue(dayFromToday(150));
});

test("a class's student sees their dates but cannot edit them", async ({ page }) => {
  await signIn(page, "class@preflight.test", "preflight");
  await page.getByTestId("progress-edit-dates").click();
  await expect(modal(page).getByTestId("course-date-row")).toHaveCount(2);
  await expect(isoOf(page, "Air Law start date")).toHaveValue("2026-09-07");
  for (const name of ["Air Law start date", "Air Law end date", "Meteorology start date", "Meteorology end date"])
    await expect(field(page, name)).toHaveAttribute("data-disabled", "true");
  await expect(modal(page).getByRole("button", { name: "Update" })).toHaveCount(0);
  const locks = modal(page).getByTestId("class-managed-lock");
  await locks.nth(0).hover();
  await expect(page.getByRole("tooltip")).toHaveText("The start date cannot be edited as it is managed for your class");
  await locks.nth(1).hover();
  await expect(page.getByRole("tooltip")).toHaveText("The end date cannot be edited as it is managed for your class");
  await shootAtSizes(page, "course-dates-class");
});

test("a student without course dates plans them: each module blank, one date alone refused, both saved and on the server", async ({
  page,
}) => {
  const student = await createStudent("no-dates");
  const userId = serverUserId(student.email);
  await signIn(page, student.email, student.password);
  await page.getByTestId("progress-edit-dates").click();
  await expect(modal(page).getByTestId("course-date-row")).toHaveCount(2);
  await expect(isoOf(page, "Air Law start date")).toHaveValue("");
  await expect(isoOf(page, "Meteorology end date")).toHaveValue("");
  // A blank field shows the order to type in.
  await expect(field(page, "Air Law start date").getByRole("group")).toHaveText("dd/mm/yyyy");
  const update = modal(page).getByRole("button", { name: "Update" });
  await expect(update).toBeDisabled();

  await typeDate(page, "Air Law start date", dayFromToday(10));
  await expect(modal(page).getByText("Enter a date as YYYY-MM-DD")).toBeVisible();
  await expect(update).toBeDisabled();
  await typeDate(page, "Air Law end date", dayFromToday(60));
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText("Your course dates have been updated.")).toBeVisible();
  await expect
    .poll(() => serverState(userId).dates, { timeout: 30_000 })
    .toEqual([{ module_id: 301, start_date: dayFromToday(10), end_date: dayFromToday(60) }]);
});
