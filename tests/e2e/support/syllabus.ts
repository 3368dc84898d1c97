/** Helpers for the syllabus page's end-to-end specs: the device's update mode and the grid. */
import { expect, type Page } from "@playwright/test";

/** Sets a value in the signed-in student's device `meta` store (e.g. updateMode = 1, manual). */
export async function putDeviceMeta(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    async ([k, v]) => {
      const open = (name: string) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const device = await open("preflight");
      const session = await new Promise<{ userId: string }>((resolve, reject) => {
        const request = device.transaction("session").objectStore("session").get("current");
        request.onsuccess = () => resolve(request.result as { userId: string });
        request.onerror = () => reject(request.error);
      });
      device.close();
      const user = await open(`preflight-user-${session.userId}`);
      await new Promise<void>((resolve, reject) => {
        const tx = user.transaction("meta", "readwrite");
        tx.objectStore("meta").put({ key: k, value: v });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      user.close();
    },
    [key, value] as const,
  );
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
