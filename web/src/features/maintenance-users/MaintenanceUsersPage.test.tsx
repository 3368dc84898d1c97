// @vitest-environment jsdom
/**
 * The maintenance users page (issue 16; spec accounts §2, §6, §8): every account that signed in
 * on this device is listed with its pending changes and last sync; Delete warns with No and
 * I understand!, is refused while the profile has unsent changes (offering their export) and for
 * the signed-in profile; a delete that fails says 'This user could not be deleted.'. Here the
 * server cannot be reached (no server in this test): the device's own check decides, as offline.
 * The online calls are the e2e's (tests/e2e/maintenance-users.spec.ts).
 */
import "fake-indexeddb/auto";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Dexie } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MainNav } from "../../app/MainNav.tsx";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { toggleFlag } from "../../local/actions/question.ts";
import { deviceDb, userDb } from "../../local/store/db.ts";
import { resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { MaintenanceUsersPage } from "./MaintenanceUsersPage.tsx";

const ADMIN: UserSummary = {
  ...STUDENT,
  id: "user-admin",
  email: "admin@preflight.test",
  firstname: "Ada",
  lastname: "Admin",
  role: "maintenance",
};
const OTHER: UserSummary = {
  ...STUDENT,
  id: "user-2",
  email: "class@preflight.test",
  firstname: "Cleo",
  lastname: "Class",
};

/** A device where the student flagged a question offline (1 change waiting), the class student has none, and the admin signed in last. */
async function sharedDevice() {
  const student = await signedInScope(STUDENT);
  await toggleFlag(student, 1001);
  await signedInScope(OTHER);
  await signedInScope(ADMIN);
  const accounts = deviceDb().accounts;
  await accounts.put({
    userId: STUDENT.id,
    email: STUDENT.email,
    lastSignedInAt: "2026-11-21T08:00:00Z",
    user: STUDENT,
  });
  await accounts.put({ userId: OTHER.id, email: OTHER.email, lastSignedInAt: "2026-11-21T08:30:00Z", user: OTHER });
  await accounts.put({ userId: ADMIN.id, email: ADMIN.email, lastSignedInAt: "2026-11-21T09:00:00Z", user: ADMIN });
}

const row = async (email: string) => {
  const rows = await screen.findAllByTestId("local-profile");
  const found = rows.find((r) => r.getAttribute("data-email") === email);
  if (!found) throw new Error(`no row for ${email}`);
  return within(found);
};

describe("the maintenance users page", () => {
  beforeEach(async () => {
    await resetDatabases();
    await sharedDevice();
  });
  afterEach(cleanup);

  it("lists every profile of the device, the latest sign-in first, with its pending changes and last sync", async () => {
    renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
    await waitFor(async () => expect(await screen.findAllByTestId("local-profile")).toHaveLength(3));
    expect(screen.getAllByTestId("local-profile").map((r) => r.getAttribute("data-email"))).toEqual([
      ADMIN.email,
      OTHER.email,
      STUDENT.email,
    ]);
    const student = await row(STUDENT.email);
    expect(student.getByText("Sam Student")).toBeTruthy();
    expect(student.getByTestId("profile-pending").textContent).toBe("1");
    expect(student.getByTestId("profile-last-sync").textContent).toBe("Not yet");
    for (const label of ["Sync", "Full Sync", "Delete"])
      expect(student.getByRole("button", { name: label })).toBeTruthy();
    expect((await row(OTHER.email)).getByTestId("profile-pending").textContent).toBe("0");
  });

  it("refuses to delete the signed-in profile", async () => {
    renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
    const self = await row(ADMIN.email);
    expect(self.getByText("Signed in")).toBeTruthy();
    expect((self.getByRole("button", { name: "Delete" }) as HTMLButtonElement).disabled).toBe(true);
    expect(self.getByText("You are signed in as this user, so it cannot be deleted.")).toBeTruthy();
  });

  it("refuses to delete a profile with an unsent change, offers its export, and keeps the change", async () => {
    renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
    fireEvent.click((await row(STUDENT.email)).getByRole("button", { name: "Delete" }));
    expect((await screen.findByTestId("delete-refused")).textContent).toBe(
      "student@preflight.test has 1 change not yet sent to the server. Sync the profile first, or export its pending changes to a file.",
    );
    expect(screen.getByRole("button", { name: "Export pending changes" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "I understand!" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByTestId("delete-refused")).toBeNull());
    expect(await userDb(STUDENT.id).outbox.count()).toBe(1);
    expect(await deviceDb().accounts.get(STUDENT.id)).toBeTruthy();
  });

  it("warns that all test and lesson data will be lost: No keeps the profile, I understand! deletes it from the device", async () => {
    const { notify } = renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
    fireEvent.click((await row(OTHER.email)).getByRole("button", { name: "Delete" }));
    expect((await screen.findByTestId("delete-warning")).textContent).toBe(
      "All test and lesson data of this profile on this device will be lost.",
    );
    fireEvent.click(screen.getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByTestId("delete-warning")).toBeNull());
    expect(await Dexie.getDatabaseNames()).toContain(`preflight-user-${OTHER.id}`);

    fireEvent.click((await row(OTHER.email)).getByRole("button", { name: "Delete" }));
    fireEvent.click(await screen.findByRole("button", { name: "I understand!" }));
    await waitFor(() => expect(screen.getAllByTestId("local-profile")).toHaveLength(2));
    expect(await Dexie.getDatabaseNames()).not.toContain(`preflight-user-${OTHER.id}`);
    expect(await deviceDb().accounts.get(OTHER.id)).toBeUndefined();
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        type: "success",
        title: "Delete",
        text: "class@preflight.test was deleted from this device. The account and its data on the server are kept.",
      }),
    );
    // The other profiles are untouched.
    expect(await userDb(STUDENT.id).outbox.count()).toBe(1);
  });

  it("says 'This user could not be deleted.' when the delete fails (the profile went in another tab)", async () => {
    const { notify } = renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
    fireEvent.click((await row(OTHER.email)).getByRole("button", { name: "Delete" }));
    await screen.findByTestId("delete-warning");
    await deviceDb().accounts.delete(OTHER.id);
    fireEvent.click(screen.getByRole("button", { name: "I understand!" }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ type: "danger", title: "Delete", text: "This user could not be deleted." }),
    );
  });

  it("tells that the server cannot be reached when another profile's Sync cannot send its change", async () => {
    const { notify } = renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
    fireEvent.click((await row(STUDENT.email)).getByRole("button", { name: "Sync" }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: "danger", title: "Sync" })),
    );
    expect(await userDb(STUDENT.id).outbox.count()).toBe(1);
  });

  it("offline, Sync says the device is offline and the changes stay saved on it, never an error", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      const { notify } = renderSignedIn(ADMIN, () => <MaintenanceUsersPage />);
      fireEvent.click((await row(STUDENT.email)).getByRole("button", { name: "Sync" }));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith(
          expect.objectContaining({
            type: "info",
            title: "This device is offline",
            text: "Sync needs a connection. This profile's changes stay saved on this device until then.",
          }),
        ),
      );
      expect(notify).not.toHaveBeenCalledWith(expect.objectContaining({ type: "danger" }));
      expect(await userDb(STUDENT.id).outbox.count()).toBe(1);
    } finally {
      onLine.mockRestore();
    }
  });
});

describe("the main navigation's Users", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("leads the maintenance role to /maintenance/users", async () => {
    renderSignedIn(ADMIN, () => <MainNav features={ADMIN.features} userRole="maintenance" />);
    expect((await screen.findByTestId("nav-users")).getAttribute("href")).toBe("/maintenance/users");
  });

  it("is not shown to a student", async () => {
    renderSignedIn(STUDENT, () => <MainNav features={STUDENT.features} userRole="student" />);
    await screen.findByTestId("nav-profile");
    expect(screen.queryByTestId("nav-users")).toBeNull();
  });
});
