/**
 * POST /user-sync/sync (the spec's "user" step): the student's tests (with their questions and
 * versions, and the server's marking), answer records, flags, notes, review marks, seen-in-exam reports, reviews,
 * lesson progress and progress resets changed since the cursor. Also the question versions those
 * tests were built with that are no longer the bank's current ones, so their results open
 * offline on another device.
 */

import type { DisplayAnswers, TestType } from "@preflight/sync-protocol/rules/constants";
import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { type ShownQuestionVersion, withholdAnswers } from "@preflight/sync-protocol/rules/withheld-answers";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { PulledTest, UserStepReply } from "@preflight/sync-protocol/schemas/pull";
import type { TestEndReason } from "@preflight/sync-protocol/schemas/test";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { AppDeps, AuthedUser } from "../../deps.ts";
import { hideFixedResults, privacyOf } from "../../read/result-visibility.ts";
import { answerCounts, testResultOf } from "../../read/tests.ts";
import { type ChangeRange, changeRange } from "./cursor.ts";

const IN_CHUNK = 500;

export async function userStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<UserStepReply> {
  const { db } = deps;
  const range = await changeRange(db, user.id, cursor);
  const hideAll = await hideFixedResults(db);
  const [tests, answers, flags, notes, reviewMarks, seen, reviews, lessonProgress, resets] = await Promise.all([
    changedTests(db, user.id, range, hideAll),
    db
      .selectFrom("answers")
      .select([
        "id",
        "user_test_id",
        "question_id",
        "question_version",
        "given",
        "correct",
        "applied",
        "created_at",
        "received_at",
        "change_seq",
      ])
      .where(changedFor("answers", user.id, range))
      .orderBy("change_seq")
      .execute(),
    db
      .selectFrom("flags")
      .select(["question_id", "flagged", "updated_at", "change_seq"])
      .where(changedFor("flags", user.id, range))
      .orderBy("change_seq")
      .execute(),
    db
      .selectFrom("question_notes")
      .select(["question_id", "text", "updated_at", "change_seq"])
      .where(changedFor("question_notes", user.id, range))
      .orderBy("change_seq")
      .execute(),
    db
      .selectFrom("question_review_marks")
      .select(["question_id", "marked", "updated_at", "change_seq"])
      .where(changedFor("question_review_marks", user.id, range))
      .orderBy("change_seq")
      .execute(),
    db
      .selectFrom("seen_in_exam")
      .select(["id", "question_id", "date_seen", "authority_id", "created_at", "change_seq"])
      .where(changedFor("seen_in_exam", user.id, range))
      .orderBy("change_seq")
      .execute(),
    db
      .selectFrom("reviews")
      .innerJoin("user_test_questions", (j) =>
        j
          .onRef("user_test_questions.user_test_id", "=", "reviews.user_test_id")
          .onRef("user_test_questions.question_id", "=", "reviews.question_id"),
      )
      .select([
        "reviews.user_test_id",
        "reviews.question_id",
        "user_test_questions.position",
        "reviews.viewed_at",
        "reviews.change_seq",
      ])
      .where(changedFor("reviews", user.id, range))
      .orderBy("reviews.change_seq")
      .execute(),
    db
      .selectFrom("lesson_progress")
      .select(["lesson_id", "page", "completed", "updated_at", "change_seq"])
      .where(changedFor("lesson_progress", user.id, range))
      .orderBy("change_seq")
      .execute(),
    db
      .selectFrom("progress_resets")
      .select(["id", "subject_id", "reset_at", "change_seq"])
      .where(changedFor("progress_resets", user.id, range))
      .orderBy("change_seq")
      .execute(),
  ]);
  // Which of the student's tests say nothing of which answers were right (rules/hidden-results).
  const reviewHidden = await testsWithReviewHidden(db, [...new Set(answers.map((a) => a.user_test_id))], hideAll);
  return {
    success: true,
    cursor: String(range.to),
    lesson_progress: lessonProgress.map((p) => ({ ...p, completed: p.completed === 1 })),
    progress_resets: resets,
    tests,
    answers: answers.map((a) => ({
      id: a.id,
      user_test_id: a.user_test_id,
      question_id: a.question_id,
      question_version: a.question_version,
      given: JSON.parse(a.given) as GivenAnswer,
      correct: a.correct === null || reviewHidden.has(a.user_test_id) ? null : a.correct === 1,
      applied: a.applied === 1,
      created_at: a.created_at,
      received_at: a.received_at,
      change_seq: a.change_seq,
    })),
    flags: flags.map((f) => ({ ...f, flagged: f.flagged === 1 })),
    notes,
    review_marks: reviewMarks.map((m) => ({ ...m, marked: m.marked === 1 })),
    seen_in_exam: seen.map(({ authority_id, ...s }) => ({ ...s, authority: authority_id })),
    reviews,
    question_versions: await olderVersions(
      db,
      tests.map((t) => t.id),
      // The pulled tests carry their own hiding: no second read of their rows.
      new Set(tests.filter((t) => !resultVisibility(t, hideAll).review).map((t) => t.id)),
    ),
  };
}

/** The student's rows of `table` changed in the range: user_id = the student, from < change_seq <= to. */
function changedFor(table: keyof Database, userId: string, range: ChangeRange): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`${column("user_id")} = ${userId} and ${column("change_seq")} > ${range.from} and ${column("change_seq")} <= ${range.to}`;
}

/** Among these tests, those whose review (which answers were right) the student may not see. */
async function testsWithReviewHidden(db: Kysely<Database>, testIds: string[], hideAll: boolean): Promise<Set<string>> {
  const hidden = new Set<string>();
  for (let i = 0; i < testIds.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom("user_tests")
      .select(["id", "test_type", "hide_results", "hide_answers"])
      .where("id", "in", testIds.slice(i, i + IN_CHUNK))
      .execute();
    for (const r of rows) if (!resultVisibility(privacyOf(r), hideAll).review) hidden.add(r.id);
  }
  return hidden;
}

async function changedTests(
  db: Kysely<Database>,
  userId: string,
  range: ChangeRange,
  hideAll: boolean,
): Promise<PulledTest[]> {
  const rows = await db
    .selectFrom("user_tests")
    .selectAll()
    .where(changedFor("user_tests", userId, range))
    .orderBy("change_seq")
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const questions = new Map<string, { question_id: number; version: number; comment?: string }[]>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const slice = ids.slice(i, i + IN_CHUNK);
    const slots = await db
      .selectFrom("user_test_questions")
      .select(["user_test_id", "question_id", "question_version", "comment"])
      .where("user_test_id", "in", slice)
      .orderBy("user_test_id")
      .orderBy("position")
      .execute();
    for (const s of slots) {
      const list = questions.get(s.user_test_id) ?? [];
      // A comment only where there is one: most questions of most tests have none.
      list.push({
        question_id: s.question_id,
        version: s.question_version,
        ...(s.comment ? { comment: s.comment } : {}),
      });
      questions.set(s.user_test_id, list);
    }
  }
  const counts = await answerCounts(db, ids);
  return rows.map((t) => {
    // The result as the results routes read it (read/tests.ts); none before the test is finished,
    // and none while the school hides its score.
    const scoreShown = resultVisibility(privacyOf(t), hideAll).score;
    const result = t.finished_at === null || !scoreShown ? null : testResultOf(t, counts.get(t.id));
    return {
      id: t.id,
      title: t.title,
      test_type: t.test_type as TestType,
      display_answers: t.display_answers as DisplayAnswers,
      time_limit: t.time_limit,
      pass_percentage: t.pass_percentage,
      started: t.started,
      finished_at: t.finished_at,
      ended: t.ended as TestEndReason | null,
      can_retake: t.can_retake === 1,
      hide_results: t.hide_results === 1,
      retake_of: t.retake_of,
      fixed_test_id: t.fixed_test_id,
      hide_answers: t.hide_answers === 1,
      progress_test_id: t.progress_test_id ?? null,
      questions: questions.get(t.id) ?? [],
      result,
      change_seq: t.change_seq,
    };
  });
}

/**
 * The versions the tests were built with that the bank has since replaced. A school's own
 * question comes withheld when only tests hiding their review hold that version.
 */
async function olderVersions(
  db: Kysely<Database>,
  testIds: string[],
  reviewHidden: Set<string>,
): Promise<ShownQuestionVersion[]> {
  const found = new Map<string, { question: BankQuestion; version: number; school: boolean; shown: boolean }>();
  for (let i = 0; i < testIds.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom("user_test_questions")
      .innerJoin("questions", "questions.id", "user_test_questions.question_id")
      .innerJoin("question_versions", (j) =>
        j
          .onRef("question_versions.question_id", "=", "user_test_questions.question_id")
          .onRef("question_versions.version", "=", "user_test_questions.question_version"),
      )
      .select([
        "user_test_questions.user_test_id",
        "user_test_questions.question_id",
        "user_test_questions.question_version",
        "questions.school_id",
        "question_versions.content",
      ])
      .where("user_test_questions.user_test_id", "in", testIds.slice(i, i + IN_CHUNK))
      .whereRef("user_test_questions.question_version", "<>", "questions.current_version")
      .execute();
    for (const r of rows) {
      const key = `${r.question_id}:${r.question_version}`;
      const entry = found.get(key) ?? {
        question: JSON.parse(r.content) as BankQuestion,
        version: r.question_version,
        school: r.school_id !== null,
        shown: false,
      };
      entry.shown ||= !reviewHidden.has(r.user_test_id);
      found.set(key, entry);
    }
  }
  return [...found.values()].map(({ question, version, school, shown }) => ({
    ...(school && !shown ? withholdAnswers(question) : question),
    version,
  }));
}
