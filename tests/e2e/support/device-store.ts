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

/** Puts, deletes or updates rows of a store of the signed-in student's device database. */
async function changeDeviceStore(
  page: Page,
  store: string,
  change:
    | { put: Record<string, unknown> }
    | { delete: string | number }
    | { update: { where: [string, string | number]; set: Record<string, unknown> } },
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
        const store = tx.objectStore(name);
        if ("put" in what) store.put(what.put);
        else if ("delete" in what) store.delete(what.delete);
        else {
          const [field, value] = what.update.where;
          const request = store.openCursor();
          request.onsuccess = () => {
            const cursor = request.result;
            if (!cursor) return;
            const row = cursor.value as Record<string, unknown>;
            if (row[field] === value) cursor.update({ ...row, ...what.update.set });
            cursor.continue();
          };
        }
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

/** Sets fields on every row of a store whose `field` equals `value` (e.g. all questions of a subject). */
export async function updateDeviceRows(
  page: Page,
  store: string,
  where: [string, string | number],
  set: Record<string, unknown>,
): Promise<void> {
  await changeDeviceStore(page, store, { update: { where, set } });
}

/** Deletes a row behind the app's back (as if a refresh removed it while a screen was open). */
export async function deleteDeviceRow(page: Page, store: string, key: string | number): Promise<void> {
  await changeDeviceStore(page, store, { delete: key });
}
