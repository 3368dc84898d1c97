import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, questionsByType } from "../../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../../test-support/rows.ts";

/** Device intents are stamped in the morning; the server's clock reads noon, so none is clamped. */
const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 10, 21, hh, mm)).toISOString();

for (const dialect of DIALECTS) {
  describe(`question flags and seen-in-exam [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let userId: string;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000); // 12:00Z
      mc = (await questionsByType(t)).multiple_choice;
      cookie = await t.login();
      userId = ((await (await t.request("/api/auth/me", { cookie })).json()) as { user: { id: string } }).user.id;
    });
    afterAll(() => t.close());

    const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
      t.request(path, { method: "POST", cookie, json, headers });
    const flagOf = async (questionId: number) =>
      (
        await t.deps.db
          .selectFrom("flags")
          .select("flagged")
          .where("user_id", "=", userId)
          .where("question_id", "=", questionId)
          .executeTakeFirst()
      )?.flagged ?? 0;
    const q = (i: number) => (mc[i] as BankQuestion).id;

    /** Pushes a device's queue with a fresh session (one device signed in at a time). */
    async function pushFrom(device: FakeDevice, mutations: Mutation[]) {
      cookie = await t.login();
      const res = await t.request("/sync/push", {
        method: "POST",
        cookie,
        json: { protocol: 1, clientId: device.clientId, mutations },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: { status: string; reply?: unknown }[] }).results;
    }

    it("the online call toggles and replies with the new state", async () => {
      const first = await post("/api/question/flag", { question_id: q(0) });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ flagged: true });
      expect(await flagOf(q(0))).toBe(1);
      expect(await (await post("/api/question/flag", { question_id: q(0) })).json()).toEqual({ flagged: false });
      expect(await flagOf(q(0))).toBe(0);
    });

    it("with `flagged` it sets that state, so a repeat changes nothing", async () => {
      expect(await (await post("/api/question/flag", { question_id: q(1), flagged: true })).json()).toEqual({
        flagged: true,
      });
      expect(await (await post("/api/question/flag", { question_id: q(1), flagged: true })).json()).toEqual({
        flagged: true,
      });
      expect(await flagOf(q(1))).toBe(1);
    });

    it("[SR18] flags from two devices converge on the latest intent, whatever order they arrive in", async () => {
      const a = await FakeDevice.signIn(t);
      const b = await FakeDevice.signIn(t);
      // Newer intent first, older one late: the older one must not undo the newer.
      const bNewer = b.mutation(
        "POST /api/question/flag",
        { question_id: q(2), flagged: false },
        { createdAt: at(10, 5) },
      );
      const aOlder = a.mutation(
        "POST /api/question/flag",
        { question_id: q(2), flagged: true },
        { createdAt: at(10, 0) },
      );
      await pushFrom(b, [bNewer]);
      const [late] = await pushFrom(a, [aOlder]);
      expect(late).toMatchObject({ status: "applied", reply: { flagged: false } });
      expect(await flagOf(q(2))).toBe(0);

      // In arrival order it converges on the same latest intent.
      const a2 = a.mutation("POST /api/question/flag", { question_id: q(3), flagged: true }, { createdAt: at(10, 0) });
      const b2 = b.mutation("POST /api/question/flag", { question_id: q(3), flagged: false }, { createdAt: at(10, 5) });
      await pushFrom(a, [a2]);
      expect(await flagOf(q(3))).toBe(1);
      await pushFrom(b, [b2]);
      expect(await flagOf(q(3))).toBe(0);
    });

    it("[SR18] unflag all clears flags set before it; a later flag stays and an older late one does not apply", async () => {
      const a = await FakeDevice.signIn(t);
      const b = await FakeDevice.signIn(t);
      await pushFrom(a, [
        a.mutation("POST /api/question/flag", { question_id: q(4), flagged: true }, { createdAt: at(9, 0) }),
      ]);
      const flaggedAfter = a.mutation(
        "POST /api/question/flag",
        { question_id: q(5), flagged: true },
        { createdAt: at(11, 0) },
      );
      await pushFrom(a, [flaggedAfter]);
      const olderOffline = b.mutation(
        "POST /api/question/flag",
        { question_id: q(6), flagged: true },
        { createdAt: at(9, 30) },
      );
      const clearAll = b.mutation("POST /api/question/unflag_all", {}, { createdAt: at(10, 0) });
      // b queued a flag before its unflag-all; a third device's unflag-all (same time) arrives first.
      const c = await FakeDevice.signIn(t);
      const [cleared] = await pushFrom(c, [c.mutation("POST /api/question/unflag_all", {}, { createdAt: at(10, 0) })]);
      expect(cleared).toMatchObject({ status: "applied", reply: { success: true } });
      const [late] = await pushFrom(b, [olderOffline, clearAll]);
      expect(late).toMatchObject({ status: "applied", reply: { flagged: false } });
      expect(await flagOf(q(4))).toBe(0);
      expect(await flagOf(q(5))).toBe(1);
      expect(await flagOf(q(6))).toBe(0);
    });

    it("[SR18] a device clock running ahead cannot win every later change", async () => {
      const a = await FakeDevice.signIn(t);
      const future = new Date(Date.UTC(2027, 0, 1)).toISOString();
      await pushFrom(a, [
        a.mutation("POST /api/question/flag", { question_id: q(7), flagged: true }, { createdAt: future }),
      ]);
      t.clock.advance(60_000);
      expect(await (await post("/api/question/flag", { question_id: q(7), flagged: false })).json()).toEqual({
        flagged: false,
      });
    });

    it("unflag all through the spec path", async () => {
      await post("/api/question/flag", { question_id: q(8), flagged: true });
      t.clock.advance(1000);
      const res = await post("/api/question/unflag_all", {});
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect(await flagOf(q(8))).toBe(0);
    });

    it("[SR19] reports a question as seen in exam, once per report id", async () => {
      const report = { report_id: randomUUID(), date_seen: "2026-10", authority: "de_lba" };
      const res = await post(`/questions/${q(9)}/seen-in-exam`, report);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "Thank you, this question has been marked as seen in exam." });
      const again = await post(`/questions/${q(9)}/seen-in-exam`, report);
      expect(again.status).toBe(200);
      const rows = await t.deps.db.selectFrom("seen_in_exam").selectAll().where("id", "=", report.report_id).execute();
      expect(rows).toEqual([
        expect.objectContaining({ user_id: userId, question_id: q(9), date_seen: "2026-10", authority_id: "de_lba" }),
      ]);
      // The same report id for another question is someone else's name.
      const reused = await post(`/questions/${q(8)}/seen-in-exam`, report);
      expect(reused.status).toBe(409);
      expect(((await reused.json()) as { error: { message: string } }).error.message).toBe(
        "report_id is already used by another report",
      );
      // This month counts as not in the future.
      const thisMonth = await post(`/questions/${q(9)}/seen-in-exam`, {
        ...report,
        report_id: randomUUID(),
        date_seen: "2026-11",
      });
      expect(thisMonth.status).toBe(200);
    });

    it.each([
      ["malformed JSON", "/api/question/flag", "{", "Malformed JSON in request body"],
      ["a flag without question_id", "/api/question/flag", { flagged: true }, "question_id"],
      ["a flag of a non-boolean", "/api/question/flag", { question_id: 10001, flagged: "yes" }, "flagged"],
      [
        "a flag of an unknown question",
        "/api/question/flag",
        { question_id: 99_999_999 },
        "Question 99999999 does not exist",
      ],
      [
        "a report for next month",
        "/questions/10001/seen-in-exam",
        { report_id: "5f0c7e4e-8a43-4c36-9b59-3c4a14a0a001", date_seen: "2026-12", authority: "de_lba" },
        "date_seen: 2026-12 is in the future",
      ],
      [
        "a report with an unknown authority",
        "/questions/10001/seen-in-exam",
        { report_id: "5f0c7e4e-8a43-4c36-9b59-3c4a14a0a002", date_seen: "2026-10", authority: "atlantis_caa" },
        'authority: unknown authority "atlantis_caa"',
      ],
      [
        "a report with a malformed month",
        "/questions/10001/seen-in-exam",
        { report_id: "5f0c7e4e-8a43-4c36-9b59-3c4a14a0a003", date_seen: "2026-13", authority: "de_lba" },
        "date_seen must be a month, YYYY-MM",
      ],
      [
        "a report without report_id",
        "/questions/10001/seen-in-exam",
        { date_seen: "2026-10", authority: "de_lba" },
        "report_id",
      ],
      [
        "a report without authority",
        "/questions/10001/seen-in-exam",
        { report_id: "5f0c7e4e-8a43-4c36-9b59-3c4a14a0a004", date_seen: "2026-10", authority: "" },
        "Please choose an authority",
      ],
      [
        "a report for a path that is not a question id",
        "/questions/abc/seen-in-exam",
        { report_id: "5f0c7e4e-8a43-4c36-9b59-3c4a14a0a005", date_seen: "2026-10", authority: "de_lba" },
        "The question id in the path must be a positive whole number",
      ],
      [
        "a report for an unknown question",
        "/questions/99999999/seen-in-exam",
        { report_id: "5f0c7e4e-8a43-4c36-9b59-3c4a14a0a006", date_seen: "2026-10", authority: "de_lba" },
        "Question 99999999 does not exist",
      ],
    ])("[SR14] refuses %s with a 400 that says why, and writes nothing", async (_name, path, body, message) => {
      const before = await rowCounts(t.deps.db, ACTIVITY_TABLES);
      const res =
        typeof body === "string"
          ? await t.request(path, { method: "POST", cookie, headers: { "Content-Type": "application/json" }, body })
          : await post(path, body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("bad_request");
      expect(error.message).toContain(message);
      expect(await rowCounts(t.deps.db, ACTIVITY_TABLES)).toEqual(before);
    });

    it("[SR3] [SR19] a queued report for a future month is refused on replay and the queue moves on", async () => {
      const device = await FakeDevice.signIn(t);
      const bad = device.mutation(`POST /questions/${q(10)}/seen-in-exam`, {
        report_id: randomUUID(),
        date_seen: "2027-01",
        authority: "de_lba",
      });
      const good = device.mutation("POST /api/question/flag", { question_id: q(10), flagged: true });
      const results = await pushFrom(device, [bad, good]);
      expect(results.map((r) => r.status)).toEqual(["failed", "applied"]);
      expect(results[0]).toMatchObject({
        error: { code: "bad_request", message: "date_seen: 2027-01 is in the future" },
      });
    });

    it("lists the authorities by group, in order", async () => {
      const res = await t.request("/api/authorities", { cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { group: string; authorities: { id: string; title: string }[] }[] };
      expect(body.data[0]).toEqual({
        group: "EASA",
        authorities: [{ id: "all_easa", title: "All EASA member states" }],
      });
      expect(body.data[1]?.group).toBe("National aviation authorities");
      expect(body.data[1]?.authorities).toContainEqual({ id: "de_lba", title: "Luftfahrt-Bundesamt (Germany)" });
    });

    it("[ID2] every call needs a session", async () => {
      for (const [method, path] of [
        ["POST", "/api/question/flag"],
        ["POST", "/api/question/unflag_all"],
        ["POST", "/questions/10001/seen-in-exam"],
        ["GET", "/api/authorities"],
      ] as const) {
        const res = await t.request(path, { method, ...(method === "POST" ? { json: {} } : {}) });
        expect(res.status, path).toBe(401);
      }
    });
  });
}
