import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
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
const field = (page: Page, name: string) => modal(page).getByLabel(name, { exact: true });

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
  await expect(field(page, "Air Law start date")).toHaveValue(airLaw[0]);
  await expect(field(page, "Meteorology end date")).toHaveValue(met[1]);
  const update = modal(page).getByRole("button", { name: "Update" });
  await expect(update).toBeDisabled();
  // The picker's limits: 2 years back, 4 years ahead.
  await expect(field(page, "Air Law start date")).toHaveAttribute(
    "min",
    dayFromToday(0).replace(/^(\d{4})/, (y) => String(Number(y) - 2)),
  );
  await expect(field(page, "Air Law start date")).toHaveAttribute(
    "max",
    dayFromToday(0).replace(/^(\d{4})/, (y) => String(Number(y) + 4)),
  );
  await shootAtSizes(page, "course-dates");

  await field(page, "Air Law start date").fill(dayFromToday(70));
  await expect(modal(page).getByText("Start date must be before the end date")).toBeVisible();
  await expect(modal(page).getByText("End date must be after the start date")).toBeVisible();
  await expect(update).toBeDisabled();
  await modal(page).getByRole("button", { name: "Revert" }).click();
  await expect(field(page, "Air Law start date")).toHaveValue(airLaw[0]);
  await expect(modal(page).getByRole("alert")).toHaveCount(0);

  await field(page, "Meteorology start date").fill(dayFromToday(50));
  await expect(modal(page).getByText("Modules must not overlap")).toHaveCount(2);
  await expect(update).toBeDisabled();
  await shootAtSizes(page, "course-dates-invalid");
  await modal(page).getByRole("button", { name: "Revert" }).click();
  await expect(field(page, "Meteorology start date")).toHaveValue(met[0]);

  // Offline: the change is kept on the device and queued.
  await context.setOffline(true);
  await field(page, "Meteorology end date").fill(dayFromToday(150));
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText("Your course dates have been updated.")).toBeVisible();
  await expect(modal(page)).toBeHidden();
  await page.getByTestId("progress-edit-dates").click();
  await expect(field(page, "Meteorology end date")).toHaveValue(dayFromToday(150));
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
  await expect(field(page, "Meteorology end date")).toHaveValue(dayFromToday(150));
});

test("a class's student sees their dates but cannot edit them", async ({ page }) => {
  await signIn(page, "class@preflight.test", "preflight");
  await page.getByTestId("progress-edit-dates").click();
  await expect(modal(page).getByTestId("course-date-row")).toHaveCount(2);
  await expect(field(page, "Air Law start date")).toHaveValue("2026-09-07");
  for (const name of ["Air Law start date", "Air Law end date", "Meteorology start date", "Meteorology end date"])
    await expect(field(page, name)).toBeDisabled();
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
  await expect(field(page, "Air Law start date")).toHaveValue("");
  await expect(field(page, "Meteorology end date")).toHaveValue("");
  const update = modal(page).getByRole("button", { name: "Update" });
  await expect(update).toBeDisabled();

  await field(page, "Air Law start date").fill(dayFromToday(10));
  await expect(modal(page).getByText("Enter a date as YYYY-MM-DD")).toBeVisible();
  await expect(update).toBeDisabled();
  await field(page, "Air Law end date").fill(dayFromToday(60));
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText("Your course dates have been updated.")).toBeVisible();
  await expect
    .poll(() => serverState(userId).dates, { timeout: 30_000 })
    .toEqual([{ module_id: 301, start_date: dayFromToday(10), end_date: dayFromToday(60) }]);
});
