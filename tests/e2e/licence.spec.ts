import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_LICENCE_ACCOUNT, DEMO_LICENCE_KEYS } from "../../api/src/demo/licences.ts";
import { UserDb } from "../../web/src/local/store/db.ts";
import {
  LEGACY_DEVICE_RECORDS,
  LEGACY_USER_DB,
  LEGACY_USER_RECORDS,
  USER_DB_V1_STORES,
} from "../../web/src/local/store/fake-legacy-release.ts";
import { E2E_DATABASE } from "./support/env.ts";

/**
 * Licence activation (spec accounts 2, 4, 5, 8) in Chromium against the real server: the
 * installed app activated with the demo account number and key, then the device's legacy
 * migration; and an older release's database, prepared on the device, migrated with every record.
 */

function serverSeats(key: string): { install_reference: string }[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select install_reference from licence_activations where licence_key = ?")
      .all(key.replace(/-/g, "")) as { install_reference: string }[];
  } finally {
    db.close();
  }
}

/** The installation reference the device keeps (local/store/installation.ts). */
function deviceInstallReference(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open("preflight-installation");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("values").objectStore("values").get("reference");
          get.onsuccess = () => resolve((get.result as { value: string }).value);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

async function activateWith(page: Page, accountNumber: string, key: string) {
  await page.getByLabel("Account number").fill(accountNumber);
  await page.getByLabel("Licence key").fill("");
  await page.getByLabel("Licence key").pressSequentially(key.replace(/-/g, "").toLowerCase());
  await expect(page.getByLabel("Licence key")).toHaveValue(key);
  await page.getByRole("button", { name: "Activate" }).click();
}

test("an installation is activated with the demo account number and licence key, then goes on to sign in", async ({
  page,
}) => {
  await page.goto("/activate");
  await page.getByRole("button", { name: "Activate" }).click();
  const note = page.getByTestId("snackbar").last();
  await expect(note).toContainText("Missing data");
  await expect(note).toContainText("Enter a licence key and account number");

  await activateWith(page, DEMO_LICENCE_ACCOUNT.accountNumber, DEMO_LICENCE_KEYS.expired);
  await expect(page.getByTestId("snackbar").last()).toContainText("Invalid");
  await expect(page.getByTestId("snackbar").last()).toContainText("This licence key expired on");
  await activateWith(page, DEMO_LICENCE_ACCOUNT.accountNumber, DEMO_LICENCE_KEYS.usedUp);
  await expect(page.getByTestId("snackbar").last()).toContainText("already in use on 1 installation");
  await expect(page).toHaveURL(/\/activate$/);

  const before = serverSeats(DEMO_LICENCE_KEYS.valid).length;
  await activateWith(page, DEMO_LICENCE_ACCOUNT.accountNumber, DEMO_LICENCE_KEYS.valid);
  await expect(page).toHaveURL(/\/activate\/migration$/);
  await expect(page.getByText("Checking for legacy application data...")).toBeVisible();
  await expect(page.getByText("Migration complete")).toBeVisible();
  const install = await deviceInstallReference(page);
  const seats = serverSeats(DEMO_LICENCE_KEYS.valid);
  expect(seats).toHaveLength(before + 1);
  expect(seats.map((s) => s.install_reference)).toContain(install);

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("an older release's database on the device is migrated on activation, every record kept", async ({ page }) => {
  // Written on the app's origin before the app opens any database, as the older release left it:
  // schema version 1 (Dexie keeps version × 10).
  await page.goto("/api/health");
  await page.evaluate(
    async ({ userDb, stores, records, device }) => {
      const create = (name: string, build: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name, 10);
          request.onupgradeneeded = () => build(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const fill = (db: IDBDatabase, table: string, rows: unknown[]) =>
        new Promise<void>((resolve, reject) => {
          const tx = db.transaction(table, "readwrite");
          for (const row of rows) tx.objectStore(table).put(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      const user = await create(userDb, (db) => {
        for (const [table, spec] of Object.entries(stores)) {
          const [key, ...indexes] = spec.split(",").map((s) => s.trim());
          const store = db.createObjectStore(table, { keyPath: key });
          for (const index of indexes) store.createIndex(index, index);
        }
      });
      for (const [table, rows] of Object.entries(records)) await fill(user, table, rows);
      user.close();
      const old = await create("preflight", (db) => {
        db.createObjectStore("session", { keyPath: "key" });
        db.createObjectStore("accounts", { keyPath: "userId" });
      });
      await fill(old, "accounts", device.accounts);
      old.close();
    },
    { userDb: LEGACY_USER_DB, stores: USER_DB_V1_STORES, records: LEGACY_USER_RECORDS, device: LEGACY_DEVICE_RECORDS },
  );

  await page.goto("/activate");
  await activateWith(page, DEMO_LICENCE_ACCOUNT.accountNumber, DEMO_LICENCE_KEYS.valid);
  await expect(page).toHaveURL(/\/activate\/migration$/);
  await expect(page.getByText("Checking for legacy application data...")).toBeVisible();
  await expect(page.getByText("Migration complete")).toBeVisible();
  await expect(page.getByTestId("legacy-migration-summary")).toContainText("brought up to date");

  const after = await page.evaluate(
    async ({ userDb, tables }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(userDb);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const all = (table: string) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(table).objectStore(table).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) rows[table] = await all(table);
      const result = { version: db.version, stores: [...db.objectStoreNames], rows };
      db.close();
      return result;
    },
    { userDb: LEGACY_USER_DB, tables: Object.keys(LEGACY_USER_RECORDS) },
  );

  // At the app's current schema (IndexedDB keeps Dexie's version × 10), with every later store.
  expect(after.version).toBe(new UserDb("schema-probe").verno * 10);
  expect(after.stores).toEqual(expect.arrayContaining(["flags", "questionArchive", "progressResets"]));
  // Every record of every table, each field as the old release wrote it.
  for (const [table, rows] of Object.entries(LEGACY_USER_RECORDS)) {
    expect(after.rows[table]).toHaveLength(rows.length);
    for (const row of rows) expect(after.rows[table]).toContainEqual(expect.objectContaining(row));
  }
  // And upgraded as the current schema says: the finished test has ended, versions are kept.
  expect(after.rows.userTests).toContainEqual(
    expect.objectContaining({ id: "legacy-test-finished", ended: "finished", question_versions: [1, 1] }),
  );

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
