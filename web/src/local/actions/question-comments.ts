/**
 * Intents of issue 19: comment on a question of an exam, and report an error in a question.
 * Each is one runAction (the local row and its queued write commit together, OB1).
 *
 * - A comment is kept beside the answer to the same question (key answerKey(test, question)) and
 *   queued as the comment it now is (`POST /test/current/comment`), so the server keeps the latest
 *   intent; an empty text takes it away. It is queued behind the test's answers and before its
 *   finish, so it is sent with the test. The device refuses what the server would: a test that is
 *   not an exam, a question not in the test, a test that has ended, a text over the bound.
 * - A report is kept on the device (table questionReports) and queued with the device's id, so a
 *   resend is stored once (SR19's rule). Whether it was sent is read from the outbox (reportState):
 *   waiting while its entry is pending, refused while the entry is parked, sent once it is gone.
 *   (No drain handling: the dashboard's first page, which loads the drain, has no room for one.)
 */
import {
  allowsComments,
  QUESTION_COMMENT_MESSAGES,
  type QuestionReportCategory,
  questionReportSchema,
  testCommentSchema,
} from "@preflight/sync-protocol/schemas/question-comments";
import { v7 as uuidv7 } from "uuid";
import { delay, now } from "../../platform.ts";
import { type LocalScope, runAction } from "../outbox/action.ts";
import { answerKey, type LocalQuestionReport, type OutboxEntry, type UserDb } from "../store/db.ts";

export type QuestionCommentRefusal = "not_an_exam" | "not_in_test" | "test_ended" | "no_test" | "invalid";

/** Input the server would refuse, caught on the device before anything is queued. */
export class QuestionCommentError extends Error {
  constructor(
    readonly reason: QuestionCommentRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The first message of a schema's refusal. */
function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? "This is not valid.";
}

/**
 * Sets (or, with an empty text, takes away) the comment on question `questionId` of test
 * `testId`. Returns the comment kept (null: none). Writing what is already kept queues nothing.
 */
export async function saveTestComment(
  scope: LocalScope,
  testId: string,
  questionId: number,
  text: string,
): Promise<string | null> {
  const parsed = testCommentSchema.safeParse({ user_test_id: testId, question_id: questionId, comment: text });
  if (!parsed.success) throw new QuestionCommentError("invalid", firstIssue(parsed.error));
  const comment = parsed.data.comment;
  const { db } = scope;
  return runAction(scope, [db.testComments, db.userTests], async (ctx) => {
    const test = await db.userTests.get(testId);
    if (!test) throw new QuestionCommentError("no_test", "This test is not on this device.");
    if (!allowsComments(test.test_type))
      throw new QuestionCommentError("not_an_exam", QUESTION_COMMENT_MESSAGES.commentNotExam);
    if (test.finished) throw new QuestionCommentError("test_ended", QUESTION_COMMENT_MESSAGES.commentTestEnded);
    if (!test.question_ids.includes(questionId))
      throw new QuestionCommentError("not_in_test", `Question ${questionId} is not part of this test`);
    const key = answerKey(testId, questionId);
    const held = (await db.testComments.get(key))?.text ?? "";
    if (held === comment) return comment === "" ? null : comment;
    if (comment === "") await db.testComments.delete(key);
    else await db.testComments.put({ key, testId, questionId, text: comment, updatedAt: ctx.now.toISOString() });
    await ctx.enqueue("POST /test/current/comment", {}, { user_test_id: testId, question_id: questionId, comment });
    return comment === "" ? null : comment;
  });
}

export interface QuestionReportInput {
  questionId: number;
  questionVersion: number;
  category: QuestionReportCategory;
  description: string;
  /** The test the question was shown in, if any. */
  testId?: string | null;
}

/** Reports an error in a question; returns the report kept on the device. */
export async function reportQuestionError(scope: LocalScope, input: QuestionReportInput): Promise<LocalQuestionReport> {
  const id = uuidv7();
  const parsed = questionReportSchema.safeParse({
    report_id: id,
    question_version: input.questionVersion,
    category: input.category,
    description: input.description,
    user_test_id: input.testId ?? null,
  });
  if (!parsed.success) throw new QuestionCommentError("invalid", firstIssue(parsed.error));
  const body = parsed.data;
  const { db } = scope;
  return runAction(scope, [db.questionReports], async (ctx) => {
    const report: LocalQuestionReport = {
      id,
      questionId: input.questionId,
      questionVersion: body.question_version,
      category: body.category,
      description: body.description,
      testId: body.user_test_id ?? null,
      createdAt: ctx.now.toISOString(),
    };
    await db.questionReports.add(report);
    await ctx.enqueue("POST /questions/{id}/report-error", { id: String(input.questionId) }, body);
    return report;
  });
}

const reportIdOf = (entry: OutboxEntry): string | undefined => (entry.body as { report_id?: string } | null)?.report_id;

/** The device's reports of a question with what became of each, read from the outbox. */
export async function reportStates(db: UserDb, questionId: number): Promise<ReportState[]> {
  const reports = await db.questionReports.filter((r) => r.questionId === questionId).toArray();
  if (reports.length === 0) return [];
  const entries = new Map(
    (await db.outbox.toArray()).filter((e) => e.call.endsWith("/report-error")).map((e) => [reportIdOf(e), e]),
  );
  return reports.map((report) => {
    const entry = entries.get(report.id);
    return { report, state: !entry ? "sent" : entry.status === "failed" ? "refused" : "waiting" };
  });
}

export interface ReportState {
  report: LocalQuestionReport;
  state: "sent" | "waiting" | "refused";
}

/** What became of a report: the server took it (with its message) or refused it, or it still waits. */
export type ReportOutcome =
  | { kind: "applied"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "queued" };

/**
 * Waits up to `waitMs` for the outbox to send report `reportId`; still waiting then (offline, the
 * server unreachable), "queued": the report is kept on this device and sent when it can be.
 */
export async function reportOutcome(
  db: UserDb,
  reportId: string,
  { waitMs = 8000, pollMs = 200 }: { waitMs?: number; pollMs?: number } = {},
): Promise<ReportOutcome> {
  const until = now() + waitMs;
  for (;;) {
    const entry = (await db.outbox.toArray()).find(
      (e) => e.call.endsWith("/report-error") && reportIdOf(e) === reportId,
    );
    if (entry?.status === "failed") {
      const notice = await db.notices.get(entry.id);
      return { kind: "refused", message: notice?.message ?? entry.lastError ?? "" };
    }
    if (!entry) return { kind: "applied", message: QUESTION_COMMENT_MESSAGES.reportThanks };
    if (now() >= until) return { kind: "queued" };
    await delay(pollMs);
  }
}
