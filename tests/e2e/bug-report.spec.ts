/**
 * Bug reports and client error reports (issue 16): a student's bug report arrives on the server
 * with the device data (their answers, no content table) and the device log, and a maintenance
 * user sees it on Reports and downloads it; a student cannot open Reports. A thrown error in the
 * page is reported once, a storm of 50 gives at most 5 on the server in the minute, and one
 * thrown offline arrives after the network returns.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { BUG_REPORT_MESSAGES } from "../../sync-protocol/schemas/diagnostics.ts";
import { readDeviceStores } from "./support/device-store.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createMaintenanceUser, createStudent, readServerDb, serverUserId } from "./support/server-db.ts";
import { answerCurrent, signIn } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/** What the updater downloads again: never in a bug report's device data. */
const CONTENT_TABLES = [
  "questions",
  "lessonContent",
  "syllabusNodes",
  "learningObjectives",
  "installedPacks",
  "packChunks",
];

interface DexieExport {
  formatName: string;
  data: {
    databaseName: string;
    tables: { name: string }[];
    data: { tableName: string; rows: Record<string, unknown>[] }[];
  };
}

function serverBugReports(userId: string) {
  return readServerDb((db) =>
    db
      .prepare(
        "select id, details, page, user_agent, export_gz, log from bug_reports where user_id = ? order by created_at",
      )
      .all(userId),
  ) as { id: string; details: string; page: string; user_agent: string; export_gz: Buffer; log: string }[];
}

function serverErrors(userId: string, like: string) {
  return readServerDb((db) =>
    db
      .prepare("select message, kind, count, received_at from client_errors where user_id = ? and message like ?")
      .all(userId, like),
  ) as { message: string; kind: string; count: number; received_at: string }[];
}

function pendingErrors(page: Page): Promise<{ message: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("preflight");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("pendingErrors").objectStore("pendingErrors").getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function signInAs(context: BrowserContext, user: { email: string; password: string }): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  return page;
}

test("a student's bug report arrives with the device data and log; a maintenance user sees and downloads it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent("bugreport");
  const userId = serverUserId(student.email);
  await signIn(page, student.email, student.password);

  // Something of the student's own on the device: an answer in a practice test.
  const testId = await startTest(page, { display: "After test" });
  await answerCurrent(page, "click");
  await page.getByTestId("next").click();
  await expect.poll(async () => (await readDeviceStores(page, ["answers"])).answers?.length).toBeGreaterThan(0);

  // The form on This device: details required, the note says what is sent.
  await page.goto("/device");
  const form = page.getByTestId("bug-report");
  await expect(form.getByTestId("bug-report-note")).toHaveText(BUG_REPORT_MESSAGES.note);
  await form.getByTestId("bug-report-submit").click();
  await expect(form.getByText(BUG_REPORT_MESSAGES.detailsRequired)).toBeVisible();
  expect(serverBugReports(userId)).toEqual([]);
  await form.getByLabel("Details").fill("The practice test froze after my first answer.");
  await shootAtSizes(page, "bug-report-form", { focus: form });
  await form.getByTestId("bug-report-submit").click();
  await expect(form.getByTestId("bug-report-sent")).toHaveText(BUG_REPORT_MESSAGES.received);
  await shootAtSizes(page, "bug-report-sent", { focus: form });

  // On the server: the details, the page and browser, the device data with the student's answer
  // and no content table, and the device log.
  const [report] = serverBugReports(userId);
  expect(report).toMatchObject({ details: "The practice test froze after my first answer.", page: "/device" });
  expect(report?.user_agent).toContain("Chrome");
  const exported = JSON.parse(gunzipSync(report?.export_gz as Buffer).toString()) as DexieExport;
  expect(exported.formatName).toBe("dexie");
  expect(exported.data.databaseName).toBe(`preflight-user-${userId}`);
  const tables = exported.data.tables.map((t) => t.name);
  expect(tables).toEqual(expect.arrayContaining(["answers", "userTests", "outbox", "meta"]));
  for (const table of CONTENT_TABLES) expect(tables).not.toContain(table);
  const answers = exported.data.data.find((t) => t.tableName === "answers")?.rows ?? [];
  expect(answers.map((a) => a.testId)).toContain(testId);
  const log = JSON.parse(report?.log as string) as { message: string }[];
  expect(log.some((line) => line.message.startsWith("app started"))).toBe(true);

  // A student has no Reports: not in the navigation, and the page says it is for maintenance.
  await expect(page.getByTestId("nav-reports")).toHaveCount(0);
  await page.goto("/maintenance/reports");
  await expect(page.getByTestId("maintenance-only")).toBeVisible();

  // A maintenance user on another device: Reports lists the report and downloads its data.
  const staffContext = await browser.newContext();
  const staff = await signInAs(staffContext, await createMaintenanceUser("reports"));
  await staff.getByTestId("nav-reports").click();
  await expect(staff).toHaveURL(/\/maintenance\/reports$/);
  const row = staff.getByTestId("bug-report-row").filter({ hasText: "The practice test froze after my first answer." });
  await expect(row).toContainText(student.email);
  await shootAtSizes(staff, "maintenance-reports", { fullPage: true });
  const [download] = await Promise.all([staff.waitForEvent("download"), row.getByTestId("bug-report-device").click()]);
  const file = await download.path();
  const downloaded = JSON.parse(gunzipSync(readFileSync(file)).toString()) as DexieExport;
  expect(downloaded.data.databaseName).toBe(`preflight-user-${userId}`);
  // The maintenance user's own report goes from the same form at the end of the page.
  await expect(staff.getByTestId("bug-report")).toBeVisible();
  await staffContext.close();
});

test("a thrown error is reported once; one thrown offline arrives back online; a storm gives at most 5 a minute", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent("errors");
  const userId = serverUserId(student.email);
  await signIn(page, student.email, student.password);

  // The same error thrown twice from the same place: one report.
  await page.evaluate(() => {
    const boom = () => {
      throw new Error("e2e: thrown once");
    };
    setTimeout(boom, 0);
    setTimeout(boom, 20);
  });
  await expect.poll(() => serverErrors(userId, "%e2e: thrown once%").length).toBe(1);
  await page.waitForTimeout(2_000);
  expect(serverErrors(userId, "%e2e: thrown once%")).toEqual([
    expect.objectContaining({ message: "Error: e2e: thrown once", kind: "error" }),
  ]);

  // Offline: it waits on the device, then arrives once the network returns.
  await context.setOffline(true);
  await page.evaluate(() => {
    setTimeout(() => Promise.reject(new Error("e2e: rejected offline")), 0);
  });
  await expect
    .poll(async () => (await pendingErrors(page)).map((e) => e.message))
    .toEqual(["Error: e2e: rejected offline"]);
  expect(serverErrors(userId, "%e2e: rejected offline%")).toEqual([]);
  await context.setOffline(false);
  await expect
    .poll(() => serverErrors(userId, "%e2e: rejected offline%").map((e) => e.kind))
    .toEqual(["unhandledrejection"]);
  await expect.poll(async () => (await pendingErrors(page)).length).toBe(0);

  // A storm of 50 different errors within the minute: at most 5 reports reach the server.
  await page.evaluate(() => {
    for (let i = 0; i < 50; i++)
      setTimeout(() => {
        throw new Error(`e2e: storm ${i}`);
      }, i * 10);
  });
  await expect.poll(() => serverErrors(userId, "%e2e: storm%").length).toBeGreaterThan(0);
  await page.waitForTimeout(5_000);
  const storm = serverErrors(userId, "%e2e: storm%");
  expect(storm.length).toBeLessThanOrEqual(5);
  const all = serverErrors(userId, "%");
  const first = Date.parse(all[0]?.received_at as string);
  expect(all.filter((e) => Date.parse(e.received_at) - first < 60_000).length).toBeLessThanOrEqual(5);
});
