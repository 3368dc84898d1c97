import "fake-indexeddb/auto";
import { resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { MUTATIONS } from "@preflight/sync-protocol/mutations";
import { beforeEach, describe, expect, it } from "vitest";
import { park, settle } from "../outbox/sending.ts";
import { getMeta } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import {
  markReviewed,
  QuestionInputError,
  reportSeenInExam,
  saveNote,
  seenInExamOutcome,
  setZoom,
  toggleFlag,
  unflagAll,
} from "./question.ts";
import { createTest, finishTest } from "./test.ts";

describe("question actions", () => {
  beforeEach(resetDatabases);

  const calls = async (scope: Awaited<ReturnType<typeof signedInScope>>) =>
    (await scope.db.outbox.orderBy("seq").toArray()).map((e) => [e.call, e.body]);

  it("[OB1] toggleFlag changes the local flag and queues the state it set, in one transaction", async () => {
    const scope = await signedInScope();
    expect(await toggleFlag(scope, 10001)).toBe(true);
    expect(await scope.db.flags.get(10001)).toMatchObject({ flagged: true });
    expect(await toggleFlag(scope, 10001)).toBe(false);
    expect(await scope.db.flags.get(10001)).toMatchObject({ flagged: false });
    expect(await calls(scope)).toEqual([
      ["POST /api/question/flag", { question_id: 10001, flagged: true }],
      ["POST /api/question/flag", { question_id: 10001, flagged: false }],
    ]);
    expect(scope.nudges).toBe(2);
  });

  it("unflagAll clears every local flag and queues one unflag_all", async () => {
    const scope = await signedInScope();
    await toggleFlag(scope, 1);
    await toggleFlag(scope, 2);
    expect(await unflagAll(scope)).toBe(2);
    expect((await scope.db.flags.toArray()).every((f) => !f.flagged)).toBe(true);
    expect((await calls(scope)).at(-1)).toEqual(["POST /api/question/unflag_all", {}]);
  });

  describe("the student's note on a question (rules/notes.ts)", () => {
    it("[OB1] saveNote keeps the note and queues it whole, stamped with its write's time", async () => {
      const scope = await signedInScope();
      expect(await saveNote(scope, 10001, "QNH:\r\nfield elevation")).toBe(true);
      const [entry] = await scope.db.outbox.toArray();
      expect(await scope.db.notes.get(10001)).toEqual({
        questionId: 10001,
        text: "QNH:\nfield elevation",
        updatedAt: entry?.createdAt,
      });
      expect(await calls(scope)).toEqual([
        ["POST /api/question/note", { question_id: 10001, text: "QNH:\nfield elevation" }],
      ]);
      expect(scope.nudges).toBe(1);
    });

    it("[OB8] a note that already reads so changes and queues nothing", async () => {
      const scope = await signedInScope();
      await saveNote(scope, 10001, "same");
      expect(await saveNote(scope, 10001, "same")).toBe(false);
      // No note, and nothing written: nothing to clear either.
      expect(await saveNote(scope, 10002, "   ")).toBe(false);
      expect(await scope.db.notes.get(10002)).toBeUndefined();
      expect(await scope.db.outbox.count()).toBe(1);
      expect(scope.nudges).toBe(1);
    });

    it("clearing is a write: empty text is kept and queued, as is a note of nothing but spaces", async () => {
      const scope = await signedInScope();
      await saveNote(scope, 10001, "to go");
      expect(await saveNote(scope, 10001, " \n ")).toBe(true);
      expect(await scope.db.notes.get(10001)).toMatchObject({ text: "" });
      expect((await calls(scope)).at(-1)).toEqual(["POST /api/question/note", { question_id: 10001, text: "" }]);
    });

    it("drops control characters a paste may bring, so what is queued is what the server takes", async () => {
      const scope = await signedInScope();
      await saveNote(scope, 10001, "tab\tkept\u0000\u000b");
      expect(await scope.db.notes.get(10001)).toMatchObject({ text: "tab\tkept" });
      const [entry] = await scope.db.outbox.toArray();
      expect(MUTATIONS["POST /api/question/note"].safeParse(entry?.body).success).toBe(true);
    });

    it("[OB3] refuses a note over the limit before writing or queuing anything", async () => {
      const scope = await signedInScope();
      await expect(saveNote(scope, 10001, "n".repeat(2001))).rejects.toMatchObject({
        reason: "note_too_long",
        message: "A note can be at most 2,000 characters",
      });
      expect(await scope.db.notes.count()).toBe(0);
      expect(await scope.db.outbox.count()).toBe(0);
      expect(await saveNote(scope, 10001, "n".repeat(2000))).toBe(true);
    });
  });

  describe("what became of a seen-in-exam report (study §8: Success or Error with the server's message)", () => {
    const reported = async () => {
      const scope = await signedInScope();
      const report = await reportSeenInExam(scope, 10001, "2026-10", "all_easa");
      const entry = (await scope.db.outbox.toArray())[0];
      if (!entry) throw new Error("nothing queued");
      return { scope, report, entry };
    };

    it("taken by the server: applied, with the server's message kept on the report", async () => {
      const { scope, report, entry } = await reported();
      const message = "Thank you, this question has been marked as seen in exam.";
      await settle(scope.db, entry, { id: entry.id, seq: entry.seq, status: "applied", reply: { message } });
      expect(await seenInExamOutcome(scope.db, report.id, { waitMs: 0 })).toEqual({ kind: "applied", message });
      expect(await scope.db.seenInExam.get(report.id)).toMatchObject({ serverMessage: message });
    });

    it("refused: the server's message, and the report is taken off the device", async () => {
      const { scope, report, entry } = await reported();
      await park(scope.db, entry, "not_found", "Seen in exam reports are not enabled", new Date());
      expect(await seenInExamOutcome(scope.db, report.id, { waitMs: 0 })).toEqual({
        kind: "refused",
        message: "Seen in exam reports are not enabled",
      });
      expect(await scope.db.seenInExam.get(report.id)).toBeUndefined();
    });

    it("not sent within the wait (offline): still queued on the device", async () => {
      const { scope, report } = await reported();
      expect(await seenInExamOutcome(scope.db, report.id, { waitMs: 30, pollMs: 10 })).toEqual({ kind: "queued" });
      expect(await scope.db.seenInExam.get(report.id)).toBeTruthy();
    });

    it("answered while waiting: the wait ends with the server's answer", async () => {
      const { scope, report, entry } = await reported();
      const waiting = seenInExamOutcome(scope.db, report.id, { waitMs: 5000, pollMs: 10 });
      await settle(scope.db, entry, { id: entry.id, seq: entry.seq, status: "duplicate", reply: { message: "Done" } });
      expect(await waiting).toEqual({ kind: "applied", message: "Done" });
    });
  });

  it("reportSeenInExam keeps the report and queues it under the report's own id", async () => {
    const scope = await signedInScope();
    await scope.db.authorities.bulkPut([
      { id: "de_lba", title: "Luftfahrt-Bundesamt (Germany)", group: "N", position: 0 },
    ]);
    const report = await reportSeenInExam(scope, 10001, "2026-10", "de_lba");
    expect(await scope.db.seenInExam.get(report.id)).toMatchObject({ questionId: 10001, date_seen: "2026-10" });
    expect(await calls(scope)).toEqual([
      ["POST /questions/10001/seen-in-exam", { report_id: report.id, date_seen: "2026-10", authority: "de_lba" }],
    ]);
  });

  it.each([
    ["2026-12", "de_lba", "date_seen: 2026-12 is in the future"],
    ["2026-13", "de_lba", "date_seen must be a month, YYYY-MM"],
    ["2026-10", "atlantis_caa", 'authority: unknown authority "atlantis_caa"'],
    ["2026-10", " ", "Please choose an authority"],
  ])("[OB3] refuses a report for %s / %j before queuing anything", async (month, authority, message) => {
    const scope = await signedInScope();
    await scope.db.authorities.bulkPut([{ id: "de_lba", title: "LBA", group: "N", position: 0 }]);
    await expect(reportSeenInExam(scope, 10001, month, authority)).rejects.toThrow(message);
    expect(await scope.db.seenInExam.count()).toBe(0);
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("markReviewed is idempotent: a second mark of the same question does nothing and queues nothing", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 2,
      display_answers: "after_test",
      seed: 1,
    });
    await finishTest(scope, test.id);
    const q = test.question_ids[1] as number;
    expect(await markReviewed(scope, test.id, 2, q)).toBe(true);
    const nudges = scope.nudges;
    expect(await markReviewed(scope, test.id, 2, q)).toBe(false);
    expect(scope.nudges).toBe(nudges);
    expect(await scope.db.reviews.get(`${test.id}:2`)).toMatchObject({ testId: test.id, questionId: q });
    const reviews = (await calls(scope)).filter(([call]) => call === "POST /api/review");
    expect(reviews).toEqual([["POST /api/review", { user_test_question_id: `${test.id}:2` }]]);
  });

  it("markReviewed refuses a test that is still running", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([multipleChoice(1)]);
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    await expect(markReviewed(scope, test.id, 1, 1)).rejects.toBeInstanceOf(QuestionInputError);
    await expect(markReviewed(scope, test.id, 1, 1)).rejects.toMatchObject({ reason: "test_not_finished" });
    expect(await scope.db.reviews.count()).toBe(0);
  });

  it("setZoom keeps the zoom in meta and queues it; a zoom off the steps is refused", async () => {
    const scope = await signedInScope();
    expect(await setZoom(scope, 1.1 + 0.1)).toBe(1.2);
    expect(await getMeta(scope.db, "zoom")).toBe(1.2);
    expect(await calls(scope)).toEqual([["POST /zoom", { zoom: 1.2 }]]);
    for (const bad of [2, 1.25, 0.9])
      await expect(setZoom(scope, bad)).rejects.toThrow("zoom must be between 1.0 and 1.8 in steps of 0.1");
    expect(await getMeta(scope.db, "zoom")).toBe(1.2);
    expect(await scope.db.outbox.count()).toBe(1);
  });

  it("every queued body passes the catalogue's schema, as the server will check it", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([multipleChoice(1)]);
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    await finishTest(scope, test.id);
    await toggleFlag(scope, 1);
    await unflagAll(scope);
    await reportSeenInExam(scope, 1, "2026-11", "all_easa");
    await markReviewed(scope, test.id, 1, 1);
    await setZoom(scope, 1.8);
    const entries = await scope.db.outbox.orderBy("seq").toArray();
    expect(entries).toHaveLength(7);
    for (const entry of entries) {
      const resolved = resolveCall(entry.call);
      expect(resolved, entry.call).not.toBeNull();
      if (resolved) expect(MUTATIONS[resolved.template].safeParse(entry.body).success, entry.call).toBe(true);
    }
  });
});
