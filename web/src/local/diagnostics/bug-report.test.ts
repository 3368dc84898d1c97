import "fake-indexeddb/auto";
import { gunzipSync } from "node:zlib";
import { bugReportBodySchema } from "@preflight/sync-protocol/schemas/diagnostics";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest, saveAnswer } from "../actions/test.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { logForReport, sendBugReport } from "./bug-report.ts";
import { deviceLog } from "./log-buffer.ts";

const line = (n: number) => ({
  at: "2026-11-21T09:00:00.000Z",
  level: "info" as const,
  message: `line ${n} ${"x".repeat(80)}`,
});

describe("a bug report from the device", () => {
  let sent: FormData | null;
  let answer: () => Response;
  beforeEach(async () => {
    await resetDatabases();
    sent = null;
    deviceLog.clear();
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      return answer();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("carries the details, the student's records gzip-compressed without the content, and the log", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2, 3].map(multipleChoice));
    const test = await createTest(scope, {
      test_type: "practice",
      title: "Reported",
      count: 2,
      display_answers: "after_test",
      seed: 1,
    });
    const first = test.question_ids[0] as number;
    await saveAnswer(scope, test.id, first, [first * 100 + 1]);
    deviceLog.add("warn", "sync failed: offline");
    answer = () => new Response(JSON.stringify({ success: true, message: "From the server." }), { status: 200 });

    expect(await sendBugReport(scope.db, STUDENT, "The timer froze.", "/device")).toEqual({
      kind: "sent",
      message: "From the server.",
    });
    const form = sent as unknown as FormData;
    const file = form.get("export") as Blob;
    const bytes = new Uint8Array(await file.arrayBuffer());
    // What the server reads: the schema takes the form as it travels.
    const body = bugReportBodySchema.parse({
      details: form.get("details"),
      export: { bytes },
      log: form.get("log"),
      page: form.get("page"),
    });
    expect(body.details).toBe("The timer froze.");
    expect(body.log.map((l) => l.message)).toContain("sync failed: offline");
    const exported = JSON.parse(gunzipSync(bytes).toString()) as {
      data: { tables: { name: string }[]; data: { tableName: string; rows: { testId?: string }[] }[] };
    };
    const tables = exported.data.tables.map((t) => t.name);
    expect(tables).toContain("answers");
    expect(tables).not.toContain("questions");
    expect(exported.data.data.find((t) => t.tableName === "answers")?.rows.map((r) => r.testId)).toEqual([test.id]);
  });

  it("fails with no reason the device knows when the server refuses or cannot be reached", async () => {
    const scope = await signedInScope();
    answer = () => new Response(JSON.stringify({ error: { code: "internal", message: "x" } }), { status: 500 });
    expect(await sendBugReport(scope.db, STUDENT, "x", "/device")).toEqual({ kind: "failed" });
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await sendBugReport(scope.db, STUDENT, "x", "/device")).toEqual({ kind: "failed" });
  });

  it("sends the newest log lines that fit the limit", () => {
    const lines = Array.from({ length: 100 }, (_, i) => line(i));
    expect(JSON.parse(logForReport(lines, 1_000_000))).toHaveLength(100);
    const cut = JSON.parse(logForReport(lines, 2_000)) as { message: string }[];
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(2_000);
    expect(cut.at(-1)?.message).toBe(line(99).message);
    expect(cut.length).toBeGreaterThan(5);
  });
});
