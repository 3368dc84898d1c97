import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { UserStepReply } from "@preflight/sync-protocol/schemas/pull";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, questionsByType } from "../../test-support/mutations.ts";
import { rowCounts } from "../../test-support/rows.ts";

/** Device intents are stamped in the morning; the server's clock reads noon, so none is clamped. */
const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 10, 21, hh, mm)).toISOString();
const LONGEST = "n".repeat(2000);

for (const dialect of DIALECTS) {
  describe(`a student's notes on questions (POST /api/question/note) [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000); // 12:00Z
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const q = (i: number) => (mc[i] as BankQuestion).id;
    const noteRows = (userId: string, questionId: number) =>
      t.deps.db
        .selectFrom("question_notes")
        .select(["text", "updated_at"])
        .where("user_id", "=", userId)
        .where("question_id", "=", questionId)
        .execute();
    const post = (device: FakeDevice, path: string, json: unknown, headers: Record<string, string> = {}) =>
      t.request(path, { method: "POST", cookie: device.cookie, json, headers });

    /** A device of a student of their own: their notes can be counted. */
    const newStudent = () => FakeDevice.signInAsNewStudent(t);

    /** Pushes one device's queue (two devices of a student here share its one session: ID3 is not the point). */
    async function pushFrom(device: FakeDevice, mutations: Mutation[]) {
      const res = await t.request("/sync/push", {
        method: "POST",
        cookie: device.cookie,
        json: { protocol: 1, clientId: device.clientId, mutations },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: { status: string; reply?: unknown; error?: unknown }[] }).results;
    }

    it("writes, replaces and clears a note; the reply is the note held; plain text as written", async () => {
      const device = await newStudent();
      const text = "VMC below FL100:\n<b>5 km</b> & 1500 m horizontally";
      const first = await post(device, "/api/question/note", { question_id: q(0), text });
      expect(first.status).toBe(200);
      const reply = (await first.json()) as { text: string; updated_at: string };
      expect(reply.text).toBe(text);
      expect(await noteRows(device.userId, q(0))).toEqual([{ text, updated_at: reply.updated_at }]);

      t.clock.advance(1000);
      expect(
        await (await post(device, "/api/question/note", { question_id: q(0), text: "Replaced" })).json(),
      ).toMatchObject({
        text: "Replaced",
      });
      // Windows line endings are stored as \n; the longest note fits.
      t.clock.advance(1000);
      await post(device, "/api/question/note", { question_id: q(1), text: "a\r\nb" });
      expect((await noteRows(device.userId, q(1)))[0]?.text).toBe("a\nb");
      t.clock.advance(1000);
      expect((await post(device, "/api/question/note", { question_id: q(1), text: LONGEST })).status).toBe(200);

      // Clearing (empty text, or only white space) is a write too: the row stays, empty.
      t.clock.advance(1000);
      const cleared = await post(device, "/api/question/note", { question_id: q(0), text: "  \n " });
      expect(await cleared.json()).toMatchObject({ text: "" });
      expect(await noteRows(device.userId, q(0))).toEqual([{ text: "", updated_at: expect.any(String) }]);
    });

    it.each([
      [
        "a note one character over the limit",
        { question_id: 10001, text: `${LONGEST}x` },
        "text: A note can be at most 2,000 characters",
      ],
      ["a note without text", { question_id: 10001 }, "text"],
      ["a note whose text is not text", { question_id: 10001, text: 42 }, "text must be text"],
      ["a note without question_id", { text: "x" }, "question_id"],
      ["a note on question 0", { question_id: 0, text: "x" }, "question_id must be positive"],
      ["a note on an unknown question", { question_id: 99_999_999, text: "x" }, "Question 99999999 does not exist"],
    ])("[SR14] refuses %s with a 400 that says why, and writes nothing", async (_name, body, message) => {
      const device = await newStudent();
      const before = await rowCounts(t.deps.db, ["question_notes", "mutations", "user_change_counters"]);
      const res = await post(device, "/api/question/note", body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("bad_request");
      expect(error.message).toContain(message);
      expect(await rowCounts(t.deps.db, ["question_notes", "mutations", "user_change_counters"])).toEqual(before);
    });

    it("[SR3] a queued note the server refuses is recorded as failed, writes nothing, and the queue moves on", async () => {
      const device = await newStudent();
      const tooLong = device.mutation("POST /api/question/note", { question_id: q(2), text: `${LONGEST}x` });
      const unknown = device.mutation("POST /api/question/note", { question_id: 99_999_999, text: "x" });
      const good = device.mutation("POST /api/question/note", { question_id: q(2), text: "kept" });
      const results = await pushFrom(device, [tooLong, unknown, good]);
      expect(results.map((r) => r.status)).toEqual(["failed", "failed", "applied"]);
      expect(results[0]).toMatchObject({
        error: { code: "bad_request", message: "text: A note can be at most 2,000 characters" },
      });
      expect(results[1]).toMatchObject({ error: { code: "bad_request", message: "Question 99999999 does not exist" } });
      expect((await noteRows(device.userId, q(2))).map((r) => r.text)).toEqual(["kept"]);
    });

    it("[SR1] a resent note is applied once and answered as a duplicate with its first reply", async () => {
      const device = await newStudent();
      const first = device.mutation(
        "POST /api/question/note",
        { question_id: q(3), text: "first" },
        { createdAt: at(9, 0) },
      );
      const second = device.mutation(
        "POST /api/question/note",
        { question_id: q(3), text: "second" },
        { createdAt: at(9, 1) },
      );
      const [applied] = await pushFrom(device, [first]);
      expect(applied).toMatchObject({ status: "applied", reply: { text: "first", updated_at: at(9, 0) } });
      // The same push again (a lost reply, a duplicated request): answered from its row, nothing changes.
      const [again] = await pushFrom(device, [first]);
      expect(again).toMatchObject({ status: "duplicate", reply: { text: "first", updated_at: at(9, 0) } });
      await pushFrom(device, [second]);
      // Both once more, after the second acknowledged the first (its row pruned, SR23): still nothing changes.
      const late = await pushFrom(device, [first, second]);
      expect(late.map((r) => r.status)).toEqual(["duplicate", "duplicate"]);
      expect(await noteRows(device.userId, q(3))).toEqual([{ text: "second", updated_at: at(9, 1) }]);

      // The online call with an Idempotency-Key: the same key is answered from its row.
      const key = "0192f0c4-5b7e-7a1c-9d2e-000000000019";
      const direct = await post(
        device,
        "/api/question/note",
        { question_id: q(4), text: "online" },
        { "Idempotency-Key": key },
      );
      t.clock.advance(1000);
      const repeat = await post(
        device,
        "/api/question/note",
        { question_id: q(4), text: "something else" },
        { "Idempotency-Key": key },
      );
      expect(await repeat.json()).toEqual(await direct.json());
      expect((await noteRows(device.userId, q(4))).map((r) => r.text)).toEqual(["online"]);
    });

    it("[SR24] notes from two devices converge on the latest write, whatever order they arrive in; a clear too", async () => {
      const tablet = await newStudent();
      const laptop = new FakeDevice(t, tablet.cookie, tablet.userId);
      // The laptop's later write arrives first; the tablet's older one, written offline, late.
      await pushFrom(laptop, [
        laptop.mutation(
          "POST /api/question/note",
          { question_id: q(5), text: "laptop, later" },
          { createdAt: at(10, 5) },
        ),
      ]);
      const [late] = await pushFrom(tablet, [
        tablet.mutation(
          "POST /api/question/note",
          { question_id: q(5), text: "tablet, earlier" },
          { createdAt: at(10, 0) },
        ),
      ]);
      expect(late).toMatchObject({ status: "applied", reply: { text: "laptop, later", updated_at: at(10, 5) } });
      expect((await noteRows(tablet.userId, q(5))).map((r) => r.text)).toEqual(["laptop, later"]);

      // A clear is a write like any other: an older write arriving after it does not bring text back.
      await pushFrom(laptop, [
        laptop.mutation("POST /api/question/note", { question_id: q(5), text: "" }, { createdAt: at(10, 10) }),
      ]);
      await pushFrom(tablet, [
        tablet.mutation(
          "POST /api/question/note",
          { question_id: q(5), text: "tablet, offline" },
          { createdAt: at(10, 8) },
        ),
      ]);
      expect((await noteRows(tablet.userId, q(5))).map((r) => r.text)).toEqual([""]);
      // And a later write after the clear writes again.
      await pushFrom(tablet, [
        tablet.mutation("POST /api/question/note", { question_id: q(5), text: "again" }, { createdAt: at(10, 20) }),
      ]);
      expect((await noteRows(tablet.userId, q(5))).map((r) => r.text)).toEqual(["again"]);
    });

    it("[SR24] a device clock running ahead cannot win every later change", async () => {
      const device = await newStudent();
      const future = new Date(Date.UTC(2027, 0, 1)).toISOString();
      await pushFrom(device, [
        device.mutation(
          "POST /api/question/note",
          { question_id: q(6), text: "from the future" },
          { createdAt: future },
        ),
      ]);
      t.clock.advance(60_000);
      expect(await (await post(device, "/api/question/note", { question_id: q(6), text: "now" })).json()).toMatchObject(
        {
          text: "now",
        },
      );
    });

    it("is one note per student: another student's note on the same question is theirs alone", async () => {
      const owner = await newStudent();
      const other = await newStudent();
      await post(owner, "/api/question/note", { question_id: q(7), text: "the owner's own words" });
      const res = await post(other, "/api/question/note", { question_id: q(7), text: "another student's" });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ text: "another student's" });
      expect((await noteRows(owner.userId, q(7))).map((r) => r.text)).toEqual(["the owner's own words"]);
      expect((await noteRows(other.userId, q(7))).map((r) => r.text)).toEqual(["another student's"]);
      const pulled = (await (await post(other, "/user-sync/sync", { cursor: null })).json()) as UserStepReply;
      expect(JSON.stringify(pulled)).not.toContain("the owner's own words");
    });

    it("[PL2] [PL3] the user step brings the notes changed since the cursor, a cleared one as empty text", async () => {
      const device = await newStudent();
      const pull = async (cursor: string | null) => {
        const reply = (await (await post(device, "/user-sync/sync", { cursor })).json()) as UserStepReply;
        if (!reply.success) throw new Error(reply.message);
        return reply;
      };
      const empty = await pull(null);
      expect(empty.notes).toEqual([]);
      await post(device, "/api/question/note", { question_id: q(8), text: "one" });
      t.clock.advance(1000);
      await post(device, "/api/question/note", { question_id: q(9), text: "two" });
      const both = await pull(empty.cursor);
      expect(both.notes.map((n) => [n.question_id, n.text])).toEqual([
        [q(8), "one"],
        [q(9), "two"],
      ]);
      t.clock.advance(1000);
      await post(device, "/api/question/note", { question_id: q(8), text: "" });
      const after = await pull(both.cursor);
      expect(after.notes).toEqual([
        { question_id: q(8), text: "", updated_at: expect.any(String), change_seq: expect.any(Number) },
      ]);
      expect((await pull(after.cursor)).notes).toEqual([]);
    });

    it("[ID2] needs a session", async () => {
      const res = await t.request("/api/question/note", { method: "POST", json: { question_id: q(0), text: "x" } });
      expect(res.status).toBe(401);
    });
  });
}
