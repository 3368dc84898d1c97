/**
 * Bug reports and client error reports (issue 16): any signed-in user sends a bug report with
 * the device data and its log, kept gzip-compressed; every bad input is a 4xx with a message and
 * writes nothing; maintenance users list and download them, students cannot. Client errors are
 * stored at most 5 a minute per user, a resent error once.
 */
import { randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  BUG_REPORT_LIMITS,
  BUG_REPORT_MESSAGES,
  bugReportListReplySchema,
  type ClientError,
  clientErrorListReplySchema,
  clientErrorsReplySchema,
} from "@preflight/sync-protocol/schemas/diagnostics";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ORIGIN, createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

type Body = NonNullable<RequestInit["body"]>;
const FROM_APP = { Origin: APP_ORIGIN, "Sec-Fetch-Site": "same-origin" };
const EXPORT = JSON.stringify({
  formatName: "dexie",
  formatVersion: 1,
  data: { databaseName: "preflight-user-x", tables: [{ name: "answers", rowCount: 1 }], data: [] },
});
const LOG = [
  { at: "2026-11-21T08:59:00.000Z", level: "warn", message: "sync failed: offline" },
  { at: "2026-11-21T08:59:30.000Z", level: "error", message: "TypeError: x is undefined\n    at f (app.js:1:2)" },
];

function report(
  details: string | undefined,
  exported: Uint8Array | string | undefined,
  extra: Record<string, string> = {},
) {
  const data = new FormData();
  if (details !== undefined) data.set("details", details);
  if (exported !== undefined)
    data.set("export", new Blob([exported as Uint8Array<ArrayBuffer>], { type: "application/gzip" }), "device.json.gz");
  for (const [k, v] of Object.entries(extra)) data.set(k, v);
  return data;
}

const anError = (over: Partial<ClientError> = {}) => ({
  id: randomUUID(),
  kind: "error",
  message: "TypeError: boom",
  stack: "at f (app.js:1:2)",
  page: "/dashboard",
  count: 1,
  at: "2026-11-21T08:59:00.000Z",
  app_version: "1.0.0",
  ...over,
});

describe.each(DIALECTS)("bug reports and client errors (%s)", (dialect) => {
  let t: TestApp;
  let student: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    student = await t.login();
    admin = await t.login("admin@preflight.test");
  });
  afterAll(() => t.close());

  const send = (body: Body, cookie = student, headers: Record<string, string> = FROM_APP) =>
    t.request("/maintenance/bug-report", { method: "POST", cookie, headers, body });
  const count = async (table: "bug_reports" | "client_errors") =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const list = async () =>
    bugReportListReplySchema.parse(await (await t.request("/api/maintenance/bug-reports", { cookie: admin })).json())
      .bug_reports;

  it("keeps a student's report with the device data and log; maintenance lists it and downloads both", async () => {
    const res = await send(
      report("  The timer froze on question 3.  ", gzipSync(EXPORT), {
        log: JSON.stringify(LOG),
        page: "/device",
        app_version: "1.2.3",
      }),
      student,
      { ...FROM_APP, "User-Agent": "Chromium test" },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: BUG_REPORT_MESSAGES.received });

    const mine = (await list()).find((r) => r.details === "The timer froze on question 3.");
    expect(mine).toMatchObject({
      email: "student@preflight.test",
      role: "student",
      page: "/device",
      app_version: "1.2.3",
      user_agent: "Chromium test",
      export_unpacked_bytes: EXPORT.length,
      log_lines: 2,
    });
    const device = await t.request(`/api/maintenance/bug-reports/${mine?.id}/device`, { cookie: admin });
    expect(device.status).toBe(200);
    expect(device.headers.get("content-type")).toBe("application/gzip");
    expect(gunzipSync(new Uint8Array(await device.arrayBuffer())).toString()).toBe(EXPORT);
    const log = await t.request(`/api/maintenance/bug-reports/${mine?.id}/log`, { cookie: admin });
    expect(await log.json()).toEqual(LOG);
  });

  it("takes the device data as plain JSON too and keeps it compressed; a maintenance user may report", async () => {
    expect((await send(report("Plain export", EXPORT), admin)).status).toBe(200);
    const mine = (await list()).find((r) => r.details === "Plain export");
    expect(mine).toMatchObject({ role: "maintenance", log_lines: 0, export_unpacked_bytes: EXPORT.length });
    const row = await t.deps.db
      .selectFrom("bug_reports")
      .select("export_gz")
      .where("id", "=", mine?.id as string)
      .executeTakeFirstOrThrow();
    expect(gunzipSync(row.export_gz).toString()).toBe(EXPORT);
  });

  it("refuses every bad input with a 4xx and a message, and writes nothing", async () => {
    const before = await count("bug_reports");
    const overLimit = new Uint8Array(BUG_REPORT_LIMITS.maxExportBytes + 1);
    overLimit.set(gzipSync(EXPORT));
    const bomb = gzipSync(Buffer.alloc(BUG_REPORT_LIMITS.maxExportUnpackedBytes + 1, " "));
    const cases: [string, Body, number, string | undefined][] = [
      ["no details", report(undefined, gzipSync(EXPORT)), 400, BUG_REPORT_MESSAGES.detailsRequired],
      ["blank details", report("  \n ", gzipSync(EXPORT)), 400, BUG_REPORT_MESSAGES.detailsRequired],
      [
        "details too long",
        report("x".repeat(BUG_REPORT_LIMITS.maxDetailsChars + 1), gzipSync(EXPORT)),
        400,
        BUG_REPORT_MESSAGES.detailsTooLong,
      ],
      ["no device data", report("no export", undefined), 400, BUG_REPORT_MESSAGES.exportRequired],
      ["device data as text", report("text", undefined, { export: EXPORT }), 400, BUG_REPORT_MESSAGES.exportRequired],
      ["an empty file", report("empty", new Uint8Array()), 400, BUG_REPORT_MESSAGES.exportRequired],
      ["over the size limit", report("big", overLimit), 400, BUG_REPORT_MESSAGES.exportTooBig],
      ["not device data", report("other", gzipSync('{"hello":1}')), 400, BUG_REPORT_MESSAGES.exportNotDeviceData],
      [
        "broken gzip",
        report("broken", new Uint8Array([0x1f, 0x8b, 1, 2, 3])),
        400,
        BUG_REPORT_MESSAGES.exportNotDeviceData,
      ],
      ["a compressed bomb", report("bomb", bomb), 400, BUG_REPORT_MESSAGES.exportNotDeviceData],
      ["a log that is no JSON", report("log", EXPORT, { log: "{" }), 400, BUG_REPORT_MESSAGES.logNotLines],
      ["a log of no lines", report("log", EXPORT, { log: '{"a":1}' }), 400, BUG_REPORT_MESSAGES.logNotLines],
      [
        "a log too long",
        report("log", EXPORT, { log: "x".repeat(BUG_REPORT_LIMITS.maxLogChars + 1) }),
        400,
        BUG_REPORT_MESSAGES.logTooLong,
      ],
      ["a control character", report("a\u0000b", EXPORT), 400, undefined],
    ];
    for (const [label, body, status, message] of cases) {
      const res = await send(body);
      expect(res.status, label).toBe(status);
      const { error } = errorBodySchema.parse(await res.json());
      if (message) expect(JSON.stringify(error), label).toContain(message);
    }
    const json = await t.request("/maintenance/bug-report", {
      method: "POST",
      cookie: student,
      headers: FROM_APP,
      json: { details: "x" },
    });
    expect(json.status).toBe(415);
    const huge = await send(report("huge", new Uint8Array(6 * 1024 * 1024)));
    expect(huge.status).toBe(413);
    expect(errorBodySchema.parse(await huge.json()).error.message).toBe("Request body too large");
    expect(await count("bug_reports")).toBe(before);
  });

  it("is sent signed in from the app's page; the list and downloads are for maintenance users", async () => {
    const before = await count("bug_reports");
    expect((await send(report("signed out", EXPORT), "")).status).toBe(401);
    expect((await send(report("no origin", EXPORT), student, {})).status).toBe(403);
    expect((await send(report("evil", EXPORT), student, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await count("bug_reports")).toBe(before);

    const id = (await list())[0]?.id;
    expect((await t.request("/api/maintenance/bug-reports", { cookie: student })).status).toBe(403);
    expect((await t.request("/api/maintenance/bug-reports")).status).toBe(401);
    expect((await t.request(`/api/maintenance/bug-reports/${id}/device`, { cookie: student })).status).toBe(403);
    expect((await t.request(`/api/maintenance/bug-reports/${id}/log`, { cookie: student })).status).toBe(403);
    expect((await t.request("/api/maintenance/bug-reports/x/log", { cookie: admin })).status).toBe(400);
    expect((await t.request(`/api/maintenance/bug-reports/${randomUUID()}/device`, { cookie: admin })).status).toBe(
      404,
    );
    expect((await t.request("/api/maintenance/client-errors", { cookie: student })).status).toBe(403);
    expect((await t.request("/api/maintenance/bug-reports?limit=0", { cookie: admin })).status).toBe(400);
  });

  it("stores at most 5 client errors a minute per user, a resent one once, and lists them for maintenance", async () => {
    const other = await t.login("class@preflight.test");
    const post = (errors: unknown[], cookie = other) =>
      t.request("/client-errors", { method: "POST", cookie, json: { errors } });
    const mine = async () =>
      clientErrorListReplySchema
        .parse(await (await t.request("/api/maintenance/client-errors?limit=200", { cookie: admin })).json())
        .client_errors.filter((e) => e.email === "class@preflight.test");

    const first = [anError({ count: 3 }), anError(), anError()];
    let res = await post(first);
    expect(clientErrorsReplySchema.parse(await res.json())).toEqual({ success: true, accepted: 3, dropped: 0 });
    // Its reply lost, the device sends the same batch again: nothing new, nothing counted.
    res = await post(first);
    expect(await res.json()).toEqual({ success: true, accepted: 3, dropped: 0 });
    expect(await mine()).toHaveLength(3);
    expect((await mine()).find((e) => e.id === first[0]?.id)).toMatchObject({
      count: 3,
      kind: "error",
      page: "/dashboard",
    });

    // Two more fit in the minute; the rest of the batch is dropped; then the bucket is full.
    res = await post([anError(), anError(), anError(), anError()]);
    expect(await res.json()).toEqual({ success: true, accepted: 2, dropped: 2 });
    res = await post([anError()]);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mine()).toHaveLength(5);
    // Another student has a bucket of their own.
    expect((await post([anError({ kind: "render" })], student)).status).toBe(200);

    t.clock.advance(61_000);
    res = await post([anError({ kind: "unhandledrejection", stack: null })]);
    expect(await res.json()).toEqual({ success: true, accepted: 1, dropped: 0 });
    expect(await mine()).toHaveLength(6);
  });

  it("refuses bad client error batches with a 400 and stores nothing", async () => {
    const before = await count("client_errors");
    const post = (json: unknown) => t.request("/client-errors", { method: "POST", cookie: student, json });
    for (const [label, body] of [
      ["no errors", { errors: [] }],
      ["six errors", { errors: Array.from({ length: 6 }, () => anError()) }],
      ["no id", { errors: [anError({ id: undefined })] }],
      ["an unknown kind", { errors: [anError({ kind: "other" as ClientError["kind"] })] }],
      ["a long message", { errors: [anError({ message: "x".repeat(2_001) })] }],
      ["a count of 0", { errors: [anError({ count: 0 })] }],
      ["a time that is none", { errors: [anError({ at: "yesterday" })] }],
    ] as const) {
      expect((await post(body)).status, label).toBe(400);
    }
    expect((await t.request("/client-errors", { method: "POST", json: { errors: [anError()] } })).status).toBe(401);
    expect(await count("client_errors")).toBe(before);
  });
});
