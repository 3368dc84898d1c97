/** Helpers for the syllabus page's end-to-end specs: the device's update mode and the grid. */
import { expect, type Page } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { putDeviceRow, readDeviceStores } from "./device-store.ts";
import { waitForSynced } from "./server-questions.ts";

const airLawLessons = loadFixtures().lessons.filter((l) => l.subject === "010");

/** Sets a value in the signed-in student's device `meta` store (e.g. updateMode = 1, manual). */
export async function putDeviceMeta(page: Page, key: string, value: unknown): Promise<void> {
  await putDeviceRow(page, "meta", { key, value });
}

/** The grid row of a part, by its title. */
export function partRow(page: Page, title: string) {
  return page.getByTestId("syllabus-part").filter({ hasText: title });
}

/** Opens the syllabus page from the header and waits for the grid. */
export async function openSyllabus(page: Page): Promise<void> {
  await page.getByTestId("nav-syllabus").click();
  await expect(page).toHaveURL(/\/syllabus$/);
  await expect(page.getByTestId("lesson-grid")).toBeVisible();
}

/** Reads every Air Law lesson to its last page in the lesson viewer (queued as lesson progress). */
export async function readAirLawLessons(page: Page): Promise<void> {
  for (const lesson of airLawLessons) {
    await page.goto(`/lesson/${lesson.id}?page=${lesson.pages.length}`);
    await expect(page.getByText(lesson.title).first()).toBeVisible();
    // The page is recorded on the device (and queued) before the next address unloads this one.
    // Each address is a whole start of the app: on a loaded machine that took more than 15 s.
    await expect
      .poll(
        async () => {
          const { lessonProgress } = await readDeviceStores(page, ["lessonProgress"]);
          return (lessonProgress as { lessonId: number; page: number }[]).find((p) => p.lessonId === lesson.id)?.page;
        },
        { timeout: 30_000 },
      )
      .toBe(lesson.pages.length);
  }
  await waitForSynced(page);
}
