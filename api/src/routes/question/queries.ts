/**
 * Reads about questions: the statistics over every student, the bank of a syllabus, and the
 * Question entity of the spec as served to one test.
 */
import { EASA_LEARNING_OBJECTIVE_VERSION, stripHtml } from "@preflight/sync-protocol/rules/question";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { TestQuestion } from "@preflight/sync-protocol/schemas/question";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { Database, UserTestsTable } from "../../db/schema.ts";
import { syllabusById } from "../../read/syllabus.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface StatsRow {
  question_id: number;
  answered: number;
  sum_correct: number;
  updated: string | null;
}

/**
 * Statistics over every student's applied answers: the latest answer per test question
 * (a test belongs to one student, so per student per test question) counts once.
 * `updated` is when the latest of those answers reached the server. Read from the summary
 * `question_stats`, kept beside each answer written (routes/test/effects.ts), with the deltas
 * still waiting in `question_stats_pending` (PostgreSQL, folded in the background by
 * stats-fold.ts) added in the same statement, so a fold running meanwhile counts nothing twice.
 * Never a scan of the answers.
 */
export async function questionStats(db: Db, questionId?: number): Promise<Map<number, StatsRow>> {
  const only = questionId === undefined ? sql`` : sql`where question_id = ${questionId}`;
  const result = await sql<{
    question_id: number;
    answered: number | string;
    sum_correct: number | string;
    updated: string | null;
  }>`
    select question_id, sum(answered) as answered, sum(sum_correct) as sum_correct, max(updated) as updated
    from (
      select question_id, answered, sum_correct, updated from question_stats ${only}
      union all
      select question_id, answered, sum_correct, updated from question_stats_pending ${only}
    ) summed
    group by question_id`.execute(db);
  const out = new Map<number, StatsRow>();
  for (const r of result.rows) {
    const id = Number(r.question_id);
    if (Number(r.answered) === 0) continue;
    out.set(id, {
      question_id: id,
      answered: Number(r.answered),
      sum_correct: Number(r.sum_correct),
      updated: r.updated,
    });
  }
  return out;
}

/**
 * The same statistics counted from the answers themselves (a scan of every student's answers):
 * what the summary must agree with, for tests and for checking a database by hand.
 */
export async function questionStatsByScan(db: Db, questionId?: number): Promise<Map<number, StatsRow>> {
  const only = questionId === undefined ? sql`` : sql`and question_id = ${questionId}`;
  const result = await sql<{
    question_id: number;
    answered: number | string;
    sum_correct: number | string | null;
    updated: string | null;
  }>`
    select question_id, count(*) as answered, sum(correct) as sum_correct, max(received_at) as updated
    from (
      select question_id, correct, received_at,
        row_number() over (
          partition by user_test_id, question_id order by created_at desc, received_at desc, id desc
        ) as rn
      from answers
      where applied = 1 ${only}
    ) latest
    where rn = 1
    group by question_id`.execute(db);
  const out = new Map<number, StatsRow>();
  for (const r of result.rows) {
    const id = Number(r.question_id);
    out.set(id, {
      question_id: id,
      answered: Number(r.answered),
      sum_correct: Number(r.sum_correct ?? 0),
      updated: r.updated,
    });
  }
  return out;
}

/** The ids of the questions in a syllabus's bank (its edition; example questions only if included). */
export async function bankQuestionIds(db: Db, syllabusId: number): Promise<number[]> {
  const syllabus = await syllabusById(db, syllabusId);
  if (!syllabus) return [];
  const rows = await db
    .selectFrom("questions")
    .select(["id", "editions", "example"])
    .where("retired_at", "is", null)
    // A school's own question is in no bank: it comes only with that school's fixed tests.
    .where("school_id", "is", null)
    .orderBy("id")
    .execute();
  return rows
    .filter((r) => (JSON.parse(r.editions) as string[]).includes(syllabus.edition))
    .filter((r) => syllabus.include_examples === 1 || r.example === 0)
    .map((r) => r.id);
}

/**
 * Whether a test may show correctness and explanations: during the test when it shows answers
 * after each choice or before it; otherwise once finished, unless its results are hidden (spec:
 * 'Test completed. The results have been sent to your school.').
 */
export function revealsAnswers(
  test: Pick<Selectable<UserTestsTable>, "display_answers" | "finished_at" | "hide_results" | "hide_answers">,
) {
  if (test.display_answers === "after_choice" || test.display_answers === "before_choice") return true;
  return test.finished_at !== null && test.hide_results === 0 && test.hide_answers === 0;
}

/** The student's latest applied answer to one question of a test, or null. */
async function latestGiven(db: Db, testId: string, questionId: number): Promise<GivenAnswer | null> {
  const row = await db
    .selectFrom("answers")
    .select("given")
    .where("user_test_id", "=", testId)
    .where("question_id", "=", questionId)
    .where("applied", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("received_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.given) as GivenAnswer) : null;
}

/** The EASA topic (level-2 heading, e.g. 010.01) a syllabus code sits under. */
async function topicOf(db: Db, syllabusCode: string): Promise<{ id: string; title: string } | null> {
  const topicCode = syllabusCode.split(".").slice(0, 2).join(".");
  const rows = await db
    .selectFrom("syllabus_nodes")
    .select(["code", "title"])
    .where("code", "in", [topicCode, syllabusCode])
    .execute();
  const row = rows.find((r) => r.code === topicCode) ?? rows[0];
  return row ? { id: row.code, title: row.title } : null;
}

/**
 * The spec's Question entity for position `position` of a test, from the question version the
 * test was built with; null when the test has no such position.
 */
export async function loadTestQuestion(
  db: Db,
  userId: string,
  test: Selectable<UserTestsTable>,
  position: number,
): Promise<TestQuestion | null> {
  const slot = await db
    .selectFrom("user_test_questions")
    .innerJoin("question_versions", (j) =>
      j
        .onRef("question_versions.question_id", "=", "user_test_questions.question_id")
        .onRef("question_versions.version", "=", "user_test_questions.question_version"),
    )
    .innerJoin("questions", "questions.id", "user_test_questions.question_id")
    .select([
      "user_test_questions.question_id",
      "user_test_questions.question_version",
      "question_versions.content",
      "questions.school_id",
    ])
    .where("user_test_questions.user_test_id", "=", test.id)
    .where("user_test_questions.position", "=", position)
    .executeTakeFirst();
  if (!slot) return null;
  const q = JSON.parse(slot.content) as BankQuestion;
  const reveal = revealsAnswers(test);
  const given = await latestGiven(db, test.id, slot.question_id);
  const chosen = new Set(Array.isArray(given) ? given : []);
  const value = given && !Array.isArray(given) ? given.value : null;

  const [flag, seen, stats, topic] = await Promise.all([
    db
      .selectFrom("flags")
      .select("flagged")
      .where("user_id", "=", userId)
      .where("question_id", "=", slot.question_id)
      .executeTakeFirst(),
    db
      .selectFrom("seen_in_exam")
      .innerJoin("authorities", "authorities.id", "seen_in_exam.authority_id")
      .select(["seen_in_exam.date_seen", "authorities.title"])
      .where("seen_in_exam.user_id", "=", userId)
      .where("seen_in_exam.question_id", "=", slot.question_id)
      .orderBy("seen_in_exam.date_seen", "desc")
      .orderBy("seen_in_exam.created_at", "desc")
      .execute(),
    questionStats(db, slot.question_id),
    topicOf(db, q.syllabus_code),
  ]);
  const stat = stats.get(slot.question_id);
  const range = q.text_range;

  return {
    id: q.id,
    version: slot.question_version,
    question: q.question,
    question_stripped: stripHtml(q.question),
    question_number: position,
    type: q.type,
    answers: q.answers.map((a) => ({
      id: a.id,
      answer: a.answer,
      selected: chosen.has(a.id),
      ...(reveal ? { correct: a.correct } : {}),
      ...(a.group !== undefined ? { question_cloze_group: a.group } : {}),
    })),
    explanation: reveal ? q.explanation : null,
    annexImages: q.annex_images.map((i) => ({ file: i.file, is_animated: i.is_animated })),
    answerImages: q.answer_images.map((i) => ({ file: i.file, is_animated: i.is_animated })),
    stats: {
      answered: stat?.answered ?? 0,
      sum_correct: stat?.sum_correct ?? 0,
      updated: stat?.updated ?? null,
      learningObjectives: q.learning_objectives.map((code) => ({ code, version: EASA_LEARNING_OBJECTIVE_VERSION })),
    },
    seen_in_exam: seen.map((s) => ({ date_seen: s.date_seen, authority: { title: s.title } })),
    total_correct: q.total_correct ?? (q.type === "text" ? 1 : q.answers.filter((a) => a.correct).length),
    text_range: range
      ? {
          units: range.units,
          value,
          ...(reveal
            ? {
                min: range.min,
                max: range.max,
                exact: range.exact,
                correct: value === null ? null : value >= range.min && value <= range.max,
              }
            : {}),
        }
      : null,
    // A school's own question keeps where its answer is found while its answers are hidden.
    reference: reveal || slot.school_id === null ? q.reference : null,
    score: q.score,
    isFlagged: flag?.flagged === 1,
    topic,
  };
}
