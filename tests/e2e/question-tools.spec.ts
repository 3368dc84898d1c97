import type { Route } from "@playwright/test";
import Database from "better-sqlite3";
import { deleteDeviceRow } from "./support/device-store.ts";
import { E2E_DATABASE } from "./support/env.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { serverUserId } from "./support/server-db.ts";
import { expect, FRESH_DEVICE, test } from "./support/shared-device.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

function serverRows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The demo student's rows of a table: other specs of this worker flag and report as other students. */
function demoStudentRows<T>(select: string): T[] {
  return serverRows<T>(`${select} where user_id = ?`, serverUserId("student@preflight.test"));
}

// Tests on a device of their own: they withdraw a row from the device, or end its session.
test.beforeEach(async ({ page }, testInfo) => {
  if (!testInfo.tags.includes(FRESH_DEVICE)) return;
  await signIn(page);
  await waitUntilReadyOffline(page);
});

test("flagging marks the question and its page button, and reaches the server", async ({ page }) => {
  await startTest(page);
  const flag = page.getByTestId("flag-button");
  await flag.click();
  await expect(flag).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-testid=question-page][data-flagged=true]")).toHaveCount(1);
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending");
  await expect
    .poll(() => demoStudentRows<{ flagged: number }>("select flagged from flags").map((r) => r.flagged))
    .toContain(1);
  await flag.click();
  await expect(flag).toHaveAttribute("aria-pressed", "false");
});

test("seen in exam: no future month, the warning for a national authority, the count", async ({ page }) => {
  await startTest(page);
  await page.getByTestId("seen-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Mark as seen in exam");
  const month = dialog.getByTestId("seen-month");
  const max = await month.getAttribute("max");
  const now = new Date();
  expect(max).toBe(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`);
  await expect(dialog.getByTestId("seen-warning")).toHaveCount(0);
  await dialog.getByTestId("seen-authority").selectOption("de_lba");
  await expect(dialog.getByTestId("seen-warning")).toContainText("does not mean the question is not used");
  await dialog.getByTestId("seen-confirm").click();
  await expect(page.getByTestId("seen-count")).toHaveText("1");
  // Success shows the server's own message once it has taken the report (study §8).
  await expect(
    page.getByRole("status").filter({ hasText: "Thank you, this question has been marked as seen in exam." }),
  ).toContainText("Success");
  await expect(page.getByTestId("seen-in-exam-list")).toContainText("Luftfahrt-Bundesamt (Germany)");
  await expect
    .poll(() =>
      demoStudentRows<{ authority_id: string }>("select authority_id from seen_in_exam").map((r) => r.authority_id),
    )
    .toContain("de_lba");
  // Offline, the report waits on the device, and the notice says so.
  await page.context().setOffline(true);
  await page.getByTestId("seen-button").click();
  await dialog.getByTestId("seen-confirm").click();
  await expect(page.getByText("You are offline. This report will be sent when you are back online.")).toBeVisible();
  await shootAtSizes(page, "seen-in-exam-queued-offline");
  await expect(page.getByTestId("seen-count")).toHaveText("2");
  await page.context().setOffline(false);
  await expect.poll(() => demoStudentRows("select authority_id from seen_in_exam").length).toBe(2);
});

test("seen in exam refused: an 'Error' notification with the reason, the form reset and the dialog closed", {
  tag: FRESH_DEVICE,
}, async ({ page }) => {
  await startTest(page);
  await page.getByTestId("seen-button").click();
  const dialog = page.getByRole("dialog");
  const month = dialog.getByTestId("seen-month");
  const thisMonth = (await month.getAttribute("max")) as string;
  // The picker never takes a month after this one, even typed in.
  const future = `${Number(thisMonth.slice(0, 4)) + 1}${thisMonth.slice(4)}`;
  await month.fill(future);
  await expect(month).toHaveValue(thisMonth);
  await month.fill(`${Number(thisMonth.slice(0, 4)) - 1}${thisMonth.slice(4)}`);
  await dialog.getByTestId("seen-authority").selectOption("de_lba");
  // The authority is withdrawn (a refresh of the list) while the dialog is open.
  await deleteDeviceRow(page, "authorities", "de_lba");
  await dialog.getByTestId("seen-confirm").click();
  await expect(dialog).toHaveCount(0);
  const notice = page.getByRole("alert").filter({ hasText: "Error" });
  await expect(notice).toContainText('authority: unknown authority "de_lba"');
  await page.getByTestId("seen-button").click();
  await expect(month).toHaveValue(thisMonth);
  await expect(dialog.getByTestId("seen-authority")).toHaveValue("all_easa");
});

test("zoom goes 1.0 to 1.8 in steps of 0.1, is remembered after a reload and reaches the server", async ({ page }) => {
  await startTest(page);
  const zoom = page.getByTestId("zoom-control");
  const plus = zoom.getByRole("button", { name: /zoom in/i });
  for (let step = 1; step <= 8; step++) {
    await plus.click();
    await expect(zoom).toContainText(`${100 + step * 10}%`);
  }
  await expect(plus).toBeDisabled();
  await expect(page.getByTestId("question")).toHaveCSS("zoom", "1.8");
  await page.reload();
  await expect(page.getByTestId("zoom-control")).toContainText("180%");
  await expect
    .poll(() =>
      demoStudentRows<{ zoom_tenths: number }>("select zoom_tenths from user_settings").map((r) => r.zoom_tenths),
    )
    .toContain(18);
  await page.getByTestId("zoom-control").getByRole("button", { name: /reset/i }).click();
  await expect(page.getByTestId("zoom-control")).toContainText("100%");
});

test("online-only calls follow the request policy: 500 shows the notice, 401 goes to sign in", {
  tag: FRESH_DEVICE,
}, async ({ page }) => {
  await startTest(page);
  await page.getByTestId("finish").click();
  await page.getByTestId("confirm-finish").click();
  await expect(page.getByTestId("result-heading")).toBeVisible();
  // The routes below answer the page's own requests only: from a page the service worker
  // controls, the results call sometimes went through the worker, past the route, to the real
  // server, and the dashboard opened the results page instead of showing the notice.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBypassServiceWorker", { bypass: true });
  await page.goto("/dashboard");
  await page.context().route("**/test/results", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByTestId("recent-test").first().click();
  await expect(page.getByText("The application encountered an error")).toBeVisible();
  // Once: another failed call at once (the next click) does not show it again.
  await page.getByTestId("recent-test").first().click();
  await page.waitForTimeout(2500);
  await expect(page.getByText("The application encountered an error")).toHaveCount(1);
  await page.context().unroute("**/test/results");
  // The session is gone: the page's call and the policy's session check (/api/auth/me) both answer 401.
  const gone = (route: Route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: '{"error":{"code":"unauthenticated","message":"Please sign in"}}',
    });
  await page.context().route("**/api/auth/me", gone);
  await page.context().route("**/api/syllabi", gone);
  // Any page's call: the syllabus page asks for the syllabi when it opens.
  await page.getByTestId("nav-syllabus").click();
  await expect(page).toHaveURL(/\/login(\?reason=expired)?$/);
});
