import "fake-indexeddb/auto";
import { QUESTION_COMMENT_MESSAGES } from "@preflight/sync-protocol/schemas/question-comments";
import { beforeEach, describe, expect, it } from "vitest";
import { park, settle } from "../outbox/sending.ts";
import { answerKey } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import {
  QuestionCommentError,
  reportOutcome,
  reportQuestionError,
  reportStates,
  saveTestComment,
} from "./question-comments.ts";
import { createTest, finishTest } from "./test.ts";

type Scope = Awaited<ReturnType<typeof signedInScope>>;
const calls = async (scope: Scope) => (await scope.db.outbox.orderBy("seq").toArray()).map((e) => [e.call, e.body]);

async function withTest(test_type: "timed" | "practice") {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([1, 2, 3].map(multipleChoice));
  const test = await createTest(scope, {
    test_type,
    title: test_type === "timed" ? "Mock exam" : "Practice",
    count: 3,
    display_answers: "after_test",
    time_limit: test_type === "timed" ? 60 : null,
    seed: 1,
  });
  await scope.db.outbox.clear();
  return { scope, test, q: test.question_ids[1] as number };
}

describe("a comment on a question of a mock exam", () => {
  beforeEach(resetDatabases);

  it("[OB1] is kept with the answer's key and queued as the comment it is, in one transaction", async () => {
    const { scope, test, q } = await withTest("timed");
    expect(await saveTestComment(scope, test.id, q, "  Two answers look right.  ")).toBe("Two answers look right.");
    expect(await scope.db.testComments.get(answerKey(test.id, q))).toMatchObject({
      testId: test.id,
      questionId: q,
      text: "Two answers look right.",
    });
    expect(await calls(scope)).toEqual([
      ["POST /test/current/comment", { user_test_id: test.id, question_id: q, comment: "Two answers look right." }],
    ]);
  });

  it("[OB8] queues nothing when the text kept does not change; an empty text takes it away", async () => {
    const { scope, test, q } = await withTest("timed");
    await saveTestComment(scope, test.id, q, "First");
    await saveTestComment(scope, test.id, q, " First ");
    expect(await scope.db.outbox.count()).toBe(1);
    expect(await saveTestComment(scope, test.id, q, "")).toBeNull();
    expect(await scope.db.testComments.count()).toBe(0);
    expect((await calls(scope)).at(-1)).toEqual([
      "POST /test/current/comment",
      { user_test_id: test.id, question_id: q, comment: "" },
    ]);
  });

  it("[OB3] refuses what the server would, keeping and queueing nothing", async () => {
    const practice = await withTest("practice");
    await expect(saveTestComment(practice.scope, practice.test.id, practice.q, "c")).rejects.toMatchObject({
      reason: "not_an_exam",
      message: QUESTION_COMMENT_MESSAGES.commentNotExam,
    });
    await resetDatabases();
    const { scope, test, q } = await withTest("timed");
    await expect(saveTestComment(scope, test.id, q, "x".repeat(501))).rejects.toMatchObject({
      reason: "invalid",
      message: QUESTION_COMMENT_MESSAGES.commentTooLong,
    });
    await expect(saveTestComment(scope, test.id, 999, "c")).rejects.toBeInstanceOf(QuestionCommentError);
    await finishTest(scope, test.id);
    await scope.db.outbox.clear();
    await expect(saveTestComment(scope, test.id, q, "late")).rejects.toMatchObject({ reason: "test_ended" });
    expect(await scope.db.testComments.count()).toBe(0);
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("is queued behind the answers and before the finish, so it is sent with the test", async () => {
    const { scope, test, q } = await withTest("timed");
    await saveTestComment(scope, test.id, q, "Before the end");
    await finishTest(scope, test.id);
    expect((await calls(scope)).map(([call]) => call)).toEqual([
      "POST /test/current/comment",
      `POST /test/current/finish/${test.id}`,
    ]);
  });
});

describe("a report of an error in a question", () => {
  beforeEach(resetDatabases);

  const input = {
    questionId: 10001,
    questionVersion: 2,
    category: "typo" as const,
    description: " Spelt 'altitdue'. ",
  };

  it("[OB1] is kept on the device and queued with its own id, in one transaction", async () => {
    const scope = await signedInScope();
    const report = await reportQuestionError(scope, input);
    expect(report).toMatchObject({
      questionId: 10001,
      questionVersion: 2,
      category: "typo",
      description: "Spelt 'altitdue'.",
    });
    expect(await calls(scope)).toEqual([
      [
        "POST /questions/10001/report-error",
        {
          report_id: report.id,
          question_version: 2,
          category: "typo",
          description: "Spelt 'altitdue'.",
          user_test_id: null,
        },
      ],
    ]);
    expect(scope.nudges).toBe(1);
  });

  it("[OB3] without a description or category keeps and queues nothing", async () => {
    const scope = await signedInScope();
    await expect(reportQuestionError(scope, { ...input, description: "  " })).rejects.toMatchObject({
      message: QUESTION_COMMENT_MESSAGES.descriptionRequired,
    });
    expect(await scope.db.questionReports.count()).toBe(0);
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("says it waits on this device, then that it was sent, or that the server refused it", async () => {
    const scope = await signedInScope();
    const report = await reportQuestionError(scope, input);
    expect(await reportOutcome(scope.db, report.id, { waitMs: 0 })).toEqual({ kind: "queued" });
    expect((await reportStates(scope.db, 10001)).map((r) => r.state)).toEqual(["waiting"]);
    const entry = (await scope.db.outbox.toArray())[0];
    if (!entry) throw new Error("nothing queued");
    await settle(scope.db, entry, {
      id: entry.id,
      seq: entry.seq,
      status: "applied",
      reply: { success: true, message: "Thanks" },
    });
    expect(await reportOutcome(scope.db, report.id, { waitMs: 0 })).toEqual({
      kind: "applied",
      message: QUESTION_COMMENT_MESSAGES.reportThanks,
    });
    expect((await reportStates(scope.db, 10001)).map((r) => r.state)).toEqual(["sent"]);

    const refused = await reportQuestionError(scope, input);
    const second = (await scope.db.outbox.toArray())[0];
    if (!second) throw new Error("nothing queued");
    await park(scope.db, second, "too_many_requests", QUESTION_COMMENT_MESSAGES.tooManyReports, new Date());
    expect(await reportOutcome(scope.db, refused.id, { waitMs: 0 })).toEqual({
      kind: "refused",
      message: QUESTION_COMMENT_MESSAGES.tooManyReports,
    });
    expect((await reportStates(scope.db, 10001)).map((r) => r.state).sort()).toEqual(["refused", "sent"]);
  });
});
