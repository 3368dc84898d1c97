/** Helpers for the syllabus page's end-to-end specs: the device's update mode and the grid. */
import { expect, type Page } from "@playwright/test";
import { putDeviceRow } from "./device-store.ts";

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
