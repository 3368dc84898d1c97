/**
 * User step: tests, answer records, flags, notes, review marks, seen-in-exam reports and reviews
 * changed on the server.
 *
 * - Answer records are facts (append-only, named by the save's id): merged by id, never doubled.
 * - A test with no change waiting in the outbox takes the server's row, and its answers become
 *   the server's latest counted answer per question. A test with a change waiting keeps the
 *   device's version; its rows are left aside and the cursor stays before them (heldBackCursor),
 *   so they come again once the change is applied. Flags, notes and review marks likewise, per
 *   question (questionRecords): a record with no write waiting takes the server's row (the latest
 *   write, SR18, SR24, SR26), a cleared note or a mark taken off too.
 * - A test's comments (exams) come with its row: a test with nothing waiting takes the server's.
 * - Reports and reviews are added when new; the first one kept wins, as on the server.
 * - Progress resets are facts named by the reset's mutation id: the server's row replaces the
 *   device's own (the server may have moved a reset stamped ahead of its clock back to it).
 * - Question versions the bank has replaced go to the archive, so results open offline.
 */
import { userTestQuestionId } from "@preflight/sync-protocol/rules/question";
import type { PulledAnswer, PulledTest } from "@preflight/sync-protocol/schemas/pull";
import {
  answerKey,
  archiveKey,
  type LocalAnswer,
  type LocalAnswerRecord,
  type LocalUserTest,
  type UserDb,
} from "../../store/db.ts";
import { notePulledAnswers } from "../../store/pulled-answers.ts";
import { cursorKey, heldBackCursor } from "./cursor.ts";
import {
  mergePending,
  type PendingRefs,
  pendingRefs,
  type QuestionRecord,
  recordPending,
  testPending,
} from "./pending.ts";
import { fetchStep } from "./step.ts";
import type { PullCall } from "./transport.ts";

export async function pullUser(db: UserDb, ask: PullCall["user"]): Promise<{ deferred: boolean }> {
  // A change applied while the reply was on the wire may be missing from it: what was waiting
  // before the call counts as waiting too, and everything does if a change was queued meanwhile.
  const before = await pendingRefs(db);
  const reply = await fetchStep(db, "user", ask);
  const tables = [
    db.userTests,
    db.answers,
    db.answerRecords,
    db.flags,
    db.notes,
    db.testComments,
    db.reviewMarks,
    db.seenInExam,
    db.reviews,
    db.questionArchive,
    db.lessonProgress,
    db.progressResets,
    db.outbox,
    db.meta,
  ];
  return db.transaction("rw", tables, async () => {
    const pending = mergePending(before, await pendingRefs(db));
    const deferred: number[] = [];

    await db.answerRecords.bulkPut(reply.answers.map(toRecord));
    for (const test of reply.tests) {
      if (testPending(pending, test.id)) deferred.push(test.change_seq);
      else {
        await db.userTests.put(toLocalTest(test, await db.userTests.get(test.id)));
        await showServerComments(db, test);
      }
    }
    const touched = new Set([...reply.tests.map((t) => t.id), ...reply.answers.map((a) => a.user_test_id)]);
    if (touched.size > 0)
      await notePulledAnswers(db, [
        ...reply.answers.map((a) => a.question_id),
        ...reply.tests.flatMap((t) => t.questions.map((q) => q.question_id)),
      ]);
    for (const testId of touched) {
      if (testPending(pending, testId))
        deferred.push(...reply.answers.filter((a) => a.user_test_id === testId).map((a) => a.change_seq));
      else await showServerAnswers(db, testId);
    }

    // The per-question records where the latest intent wins: the server's row, the latest write.
    const take = questionRecords(pending, deferred);
    await take("flags", reply.flags, (f) =>
      db.flags.put({ questionId: f.question_id, flagged: f.flagged, updatedAt: f.updated_at }),
    );
    await take("notes", reply.notes, (n) =>
      db.notes.put({ questionId: n.question_id, text: n.text, updatedAt: n.updated_at }),
    );
    await take("reviewMarks", reply.review_marks, (m) =>
      db.reviewMarks.put({ questionId: m.question_id, marked: m.marked, updatedAt: m.updated_at }),
    );
    for (const report of reply.seen_in_exam) {
      if (await db.seenInExam.get(report.id)) continue;
      await db.seenInExam.add({
        id: report.id,
        questionId: report.question_id,
        date_seen: report.date_seen,
        authority: report.authority,
        createdAt: report.created_at,
      });
    }
    for (const review of reply.reviews) {
      const key = userTestQuestionId(review.user_test_id, review.position);
      if (await db.reviews.get(key)) continue;
      await db.reviews.add({
        key,
        testId: review.user_test_id,
        questionId: review.question_id,
        viewedAt: review.viewed_at,
      });
    }
    // Lesson progress only grows (the highest page opened), so the larger of the two is kept.
    for (const progress of reply.lesson_progress) {
      const local = await db.lessonProgress.get(progress.lesson_id);
      if (local && local.page >= progress.page && (local.completed || !progress.completed)) continue;
      await db.lessonProgress.put({
        lessonId: progress.lesson_id,
        page: Math.max(progress.page, local?.page ?? 0),
        completed: progress.completed || (local?.completed ?? false),
        updatedAt: progress.updated_at,
      });
    }
    await db.progressResets.bulkPut(
      reply.progress_resets.map((r) => ({ id: r.id, subject: r.subject_id, resetAt: r.reset_at })),
    );
    await db.questionArchive.bulkPut(
      reply.question_versions.map((question) => ({ key: archiveKey(question.id, question.version), question })),
    );

    await db.meta.put({ key: cursorKey("user"), value: heldBackCursor(reply.cursor, deferred) });
    return { deferred: deferred.length > 0 };
  });
}

/** The test's comments as the server holds them (the latest intent of any device): kept, changed or taken away. */
async function showServerComments(db: UserDb, test: PulledTest): Promise<void> {
  const held = await db.testComments.where("key").startsWith(`${test.id}:`).toArray();
  const server = new Map(
    test.questions.flatMap((q) => (q.comment ? [[answerKey(test.id, q.question_id), q] as const] : [])),
  );
  const gone = held.filter((c) => !server.has(c.key)).map((c) => c.key);
  if (gone.length) await db.testComments.bulkDelete(gone);
  for (const [key, q] of server) {
    const local = held.find((c) => c.key === key);
    if (local?.text === q.comment) continue;
    await db.testComments.put({
      key,
      testId: test.id,
      questionId: q.question_id,
      text: q.comment as string,
      updatedAt: local?.updatedAt ?? test.finished_at ?? test.started,
    });
  }
}

/**
 * Takes the pulled rows of one kind of per-question record: each row whose question has no write
 * of that record waiting is put; the others are left aside, their change numbers held back (PL5).
 */
function questionRecords(pending: PendingRefs, deferred: number[]) {
  return async <R extends { question_id: number; change_seq: number }>(
    kind: QuestionRecord,
    rows: readonly R[],
    put: (row: R) => Promise<unknown>,
  ): Promise<void> => {
    for (const row of rows) {
      if (recordPending(pending, kind, row.question_id)) deferred.push(row.change_seq);
      else await put(row);
    }
  };
}

function toRecord(answer: PulledAnswer): LocalAnswerRecord {
  return {
    id: answer.id,
    testId: answer.user_test_id,
    questionId: answer.question_id,
    questionVersion: answer.question_version,
    given: answer.given,
    correct: answer.correct,
    applied: answer.applied,
    createdAt: answer.created_at,
    receivedAt: answer.received_at,
  };
}

/** The server's test; where the student was and the device's own prediction stay. */
function toLocalTest(test: PulledTest, local: LocalUserTest | undefined): LocalUserTest {
  return {
    id: test.id,
    title: test.title,
    test_type: test.test_type,
    display_answers: test.display_answers,
    time_limit: test.time_limit,
    pass_percentage: test.pass_percentage,
    question_ids: test.questions.map((q) => q.question_id),
    question_versions: test.questions.map((q) => q.version),
    started: test.started,
    finished: test.finished_at,
    ended: test.ended,
    can_retake: test.can_retake,
    hide_results: test.hide_results,
    retake_of: test.retake_of,
    fixed_test_id: test.fixed_test_id,
    hide_answers: test.hide_answers,
    progress_test_id: test.progress_test_id ?? local?.progress_test_id ?? null,
    predicted: local?.predicted ?? null,
    marked: test.result,
    position: local?.position ?? 1,
  };
}

/** The test's answers as the server counts them: the latest applied record per question (SR8). */
async function showServerAnswers(db: UserDb, testId: string): Promise<void> {
  const records = (await db.answerRecords.where("testId").equals(testId).toArray())
    .filter((r) => r.applied)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.receivedAt.localeCompare(b.receivedAt));
  const latest = new Map<number, LocalAnswerRecord>();
  for (const record of records) latest.set(record.questionId, record);
  const answers: LocalAnswer[] = [...latest.values()].map((r) => ({
    key: answerKey(testId, r.questionId),
    testId,
    questionId: r.questionId,
    given: r.given,
    correct: r.correct === true,
    savedAt: r.createdAt,
  }));
  await db.answers.where("testId").equals(testId).delete();
  await db.answers.bulkPut(answers);
}
