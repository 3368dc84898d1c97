import type { Page } from "@playwright/test";

/**
 * Reads stores of the signed-in student's device database straight from IndexedDB, so a test
 * checks what the device really holds rather than what a screen says.
 */
export async function readDeviceStores(page: Page, stores: string[]): Promise<Record<string, unknown[]>> {
  return page.evaluate(async (names) => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const all = (db: IDBDatabase, store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const device = await open("preflight");
    const [session] = (await all(device, "session")) as { userId: string }[];
    device.close();
    if (!session) throw new Error("nobody is signed in on this device");
    const user = await open(`preflight-user-${session.userId}`);
    const result: Record<string, unknown[]> = {};
    for (const name of names) result[name] = await all(user, name);
    user.close();
    return result;
  }, stores);
}

/** Puts one row into, or deletes one key from, a store of the signed-in student's device database. */
async function changeDeviceStore(
  page: Page,
  store: string,
  change: { put: Record<string, unknown> } | { delete: string | number },
): Promise<void> {
  await page.evaluate(
    async ([name, what]) => {
      const open = (db: string) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(db);
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
        const tx = user.transaction(name, "readwrite");
        if ("put" in what) tx.objectStore(name).put(what.put);
        else tx.objectStore(name).delete(what.delete);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      user.close();
    },
    [store, change] as const,
  );
}

export async function putDeviceRow(page: Page, store: string, row: Record<string, unknown>): Promise<void> {
  await changeDeviceStore(page, store, { put: row });
}

/** Deletes a row behind the app's back (as if a refresh removed it while a screen was open). */
export async function deleteDeviceRow(page: Page, store: string, key: string | number): Promise<void> {
  await changeDeviceStore(page, store, { delete: key });
}
