import { expect, type Page, test } from "@playwright/test";
import { dismissNotifications } from "./support/notifications.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createMaintenanceUser, createStudent, readServerDb, serverUserId } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * The maintenance users page (issue 16; spec accounts §2, §6, §7, §8): a student starts a test
 * offline on a shared device and signs out with the change unsent; a maintenance user signs in
 * there and sees both local profiles. Deleting the student's profile is refused while the change
 * waits (it survives); Sync sends it through POST /maintenance/user/{id}/sync and the server holds
 * it exactly once; Full Sync resets the profile's pull cursors; Delete (No first, then
 * I understand!) removes the profile's database. A student reaches neither the page nor the call.
 */

/** The rows of one store of any account's device database (not only the signed-in one's). */
async function deviceRows(page: Page, userId: string, store: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    async ([id, name]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(`preflight-user-${id}`);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        return await new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    [userId, store] as const,
  );
}

const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ""));

const serverCount = (sql: string, ...args: string[]) =>
  readServerDb((db) => (db.prepare(sql).get(...args) as { n: number }).n);

const profileRow = (page: Page, email: string) => page.locator(`[data-testid=local-profile][data-email="${email}"]`);

test("maintenance users: a student's unsent change survives a refused delete, Sync sends it once, Full Sync resets its cursors, Delete removes the profile", async ({
  page,
  context,
}) => {
  const student = await createStudent("musers-student");
  const studentId = serverUserId(student.email);

  // The student's change waits on the shared device: a test started offline, then signed out.
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  const testId = await startTest(page, { type: "untimed", count: 10 });
  await expect(page.getByTestId("pending-count")).toHaveText("1 pending");
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login$/);
  await context.setOffline(false);
  const cursorsAtSignIn = (await deviceRows(page, studentId, "meta")).filter((m) =>
    String(m.key).startsWith("pullCursor:"),
  );
  expect(cursorsAtSignIn.length).toBeGreaterThan(0);

  // A maintenance user signs in on the same device and opens Users.
  const admin = await createMaintenanceUser("musers-admin");
  await signIn(page, admin.email, admin.password);
  await page.getByTestId("nav-users").click();
  await expect(page).toHaveURL(/\/maintenance\/users$/);
  await expect(page.getByTestId("local-profile")).toHaveCount(2);
  const mine = profileRow(page, admin.email);
  const theirs = profileRow(page, student.email);
  await expect(mine).toContainText("Signed in");
  await expect(mine.getByTestId("profile-delete")).toBeDisabled();
  await expect(theirs.getByTestId("profile-pending")).toHaveText("1");
  const lastSync = async () =>
    (await deviceRows(page, studentId, "meta")).find((m) => m.key === "lastSyncAt")?.value as string | undefined;
  const syncedAtSignIn = (await lastSync()) ?? "";
  await expect(theirs.getByTestId("profile-last-sync")).not.toHaveText("Not yet");
  await shootAtSizes(page, "maintenance-users", { fullPage: true });

  // Delete is refused while the change waits; the change is still in the student's outbox.
  await theirs.getByTestId("profile-delete").click();
  await expect(page.getByTestId("delete-refused")).toHaveText(
    `${student.email} has 1 change not yet sent to the server. Sync the profile first, or export its pending changes to a file.`,
  );
  await expect(page.getByTestId("delete-export-pending")).toBeVisible();
  await shootAtSizes(page, "maintenance-users-delete-refused");
  await page.getByTestId("delete-refused-close").click();
  const waiting = await deviceRows(page, studentId, "outbox");
  expect(waiting.map((e) => [e.call, e.status])).toEqual([["POST /test/generate/untimed", "pending"]]);
  expect(serverCount("select count(*) as n from user_tests where id = ?", testId)).toBe(0);

  // Sync sends it as the student: the test arrives on the server, once.
  await theirs.getByTestId("profile-sync").click();
  await expect(
    page.getByText(`Sent 1 change of ${student.email}: 1 applied, 0 already on the server, 0 refused.`),
  ).toBeVisible();
  await expect(theirs.getByTestId("profile-pending")).toHaveText("0");
  expect(Date.parse((await lastSync()) ?? "")).toBeGreaterThan(Date.parse(syncedAtSignIn));
  expect(await deviceRows(page, studentId, "outbox")).toEqual([]);
  expect(serverCount("select count(*) as n from user_tests where id = ? and user_id = ?", testId, studentId)).toBe(1);
  expect(serverCount("select count(*) as n from mutations where user_id = ?", studentId)).toBe(1);

  // Sync again: nothing to send, the server says how the student stands; still once.
  await dismissNotifications(page);
  await theirs.getByTestId("profile-sync").click();
  await expect(page.getByText(`${student.email}: the server knows 1 device of this account;`)).toBeVisible();
  expect(serverCount("select count(*) as n from mutations where user_id = ?", studentId)).toBe(1);

  // Full Sync: the student's pull cursors go, so their next sign-in here pulls everything.
  await dismissNotifications(page);
  await theirs.getByTestId("profile-full-sync").click();
  await expect(
    page.getByText("The profile's data will be pulled in full at that student's next sign-in on this device.").first(),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (await deviceRows(page, studentId, "meta")).filter((m) => String(m.key).startsWith("pullCursor:")).length,
    )
    .toBe(0);

  // The maintenance user's own profile syncs as the sync button does: drain, then pull everything again.
  // (The notifications above sit over this row's buttons, and a pointer over them holds them.)
  await dismissNotifications(page);
  await mine.getByTestId("profile-full-sync").click();
  await expect(page.getByText("Sent this profile's changes and pulled all its data again.")).toBeVisible();
  await expect(page.getByText(`${admin.email}: `).first()).toBeVisible();

  // Delete: No keeps the profile; I understand! removes its database and its row.
  await dismissNotifications(page);
  await theirs.getByTestId("profile-delete").click();
  await expect(page.getByTestId("delete-warning")).toHaveText(
    "All test and lesson data of this profile on this device will be lost.",
  );
  await shootAtSizes(page, "maintenance-users-delete");
  await page.getByTestId("delete-no").click();
  await expect(page.getByTestId("delete-warning")).toHaveCount(0);
  await expect(page.getByTestId("local-profile")).toHaveCount(2);
  await theirs.getByTestId("profile-delete").click();
  await page.getByTestId("delete-confirm").click();
  await expect(page.getByText(`Every change of ${student.email} on this device has reached the server`)).toBeVisible();
  await expect(page.getByTestId("local-profile")).toHaveCount(1);
  await expect.poll(() => databaseNames(page)).not.toContain(`preflight-user-${studentId}`);
  expect(await databaseNames(page)).toContain("preflight");
  // The server keeps the account and the test.
  expect(serverCount("select count(*) as n from user_tests where id = ?", testId)).toBe(1);
});

test("maintenance users: a student meets the not-available page and is refused the call", async ({ page }) => {
  const student = await createStudent("musers-refused");
  await signIn(page, student.email, student.password);
  await page.goto("/maintenance/users");
  await expect(page.getByTestId("maintenance-only")).toBeVisible();
  await expect(page.getByTestId("local-profiles")).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  for (const path of ["sync", "delete"]) {
    const res = await page.request.post(`/maintenance/user/${serverUserId(student.email)}/${path}`, {
      headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  }
});
