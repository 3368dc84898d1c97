/**
 * Every attempt of a school's fixed test as the school reads it (issue 20): score, pass, time
 * taken and each answer, hidden results included (the school sees what the student does not),
 * and per question how the finished attempts went.
 */
import { byMostMissed, givenText, questionTallies, timeTaken } from "@preflight/sync-protocol/rules/school-results";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { SchoolAttempt, SchoolTestResultsReply } from "@preflight/sync-protocol/schemas/school-tests";
import type { Db } from "../../db/schema.ts";
import { questionContents, type SchoolTestRow, schoolQuestion } from "./queries.ts";

type Attempt = SchoolAttempt;

/** Whose attempts: one test's, or one student's at any of the school's tests. */
export type AttemptsOf = { test: SchoolTestRow } | { schoolId: number; userId: string };

/** The attempts, by student name then start, each with its test's title. */
export async function testAttempts(db: Db, of: AttemptsOf): Promise<(Attempt & { title: string })[]> {
  let query = db
    .selectFrom("user_tests")
    .innerJoin("fixed_tests", "fixed_tests.id", "user_tests.fixed_test_id")
    .innerJoin("users", "users.id", "user_tests.user_id")
    .leftJoin("classes", "classes.id", "users.class_id")
    .select([
      "user_tests.id",
      "user_tests.started",
      "user_tests.finished_at",
      "user_tests.score",
      "user_tests.total_score",
      "user_tests.percentage",
      "user_tests.pass",
      "user_tests.hide_results",
      "user_tests.hide_answers",
      "users.id as user_id",
      "users.firstname",
      "users.lastname",
      "users.email",
      "users.student_id",
      "classes.name as class_name",
      "fixed_tests.title",
    ]);
  query =
    "test" in of
      ? query.where("user_tests.fixed_test_id", "=", of.test.id)
      : query.where("fixed_tests.school_id", "=", of.schoolId).where("user_tests.user_id", "=", of.userId);
  const tests = await query
    .orderBy("users.lastname")
    .orderBy("users.firstname")
    .orderBy("user_tests.started")
    .execute();
  const answers = await attemptAnswers(
    db,
    tests.map((t) => t.id),
  );
  return tests.map((t) => ({
    title: t.title,
    user_test_id: t.id,
    student: {
      id: t.user_id,
      firstname: t.firstname,
      lastname: t.lastname,
      email: t.email,
      student_id: t.student_id,
      class_name: t.class_name ?? null,
    },
    started: t.started,
    finished_at: t.finished_at,
    score: t.score,
    total_score: t.total_score,
    percentage: t.percentage === null ? null : Number(t.percentage),
    pass: t.pass === null ? null : t.pass === 1,
    time_taken: timeTaken(t.started, t.finished_at),
    hidden_from_student: t.hide_results === 1 || t.hide_answers === 1,
    answers: answers.get(t.id) ?? [],
  }));
}

/** Each attempt's questions in order, with the latest answer given to each. */
async function attemptAnswers(db: Db, testIds: string[]): Promise<Map<string, Attempt["answers"]>> {
  const out = new Map<string, Attempt["answers"]>(testIds.map((id) => [id, []]));
  if (testIds.length === 0) return out;
  const rows = await db
    .selectFrom("user_test_questions as q")
    .leftJoin("answers as a", "a.id", "q.latest_answer_id")
    .select([
      "q.user_test_id",
      "q.position",
      "q.question_id",
      "q.question_version",
      "a.given",
      "a.answered",
      "a.correct",
    ])
    .where("q.user_test_id", "in", testIds)
    .orderBy("q.user_test_id")
    .orderBy("q.position")
    .execute();
  const versions = await questionVersions(
    db,
    rows.map((r) => [r.question_id, r.question_version]),
  );
  for (const row of rows) {
    const answered = row.answered === 1;
    const question = versions.get(`${row.question_id}:${row.question_version}`);
    const given = answered && row.given ? (JSON.parse(row.given) as GivenAnswer) : null;
    out.get(row.user_test_id)?.push({
      position: row.position,
      question_id: row.question_id,
      given: question ? givenText(question, given) : null,
      correct: answered && row.correct !== null ? row.correct === 1 : null,
    });
  }
  return out;
}

/** The question versions the attempts were taken with, by "id:version". */
async function questionVersions(db: Db, pairs: [number, number][]): Promise<Map<string, BankQuestion>> {
  const out = new Map<string, BankQuestion>();
  const ids = [...new Set(pairs.map(([id]) => id))];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("question_versions")
      .select(["question_id", "version", "content"])
      .where("question_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(`${row.question_id}:${row.version}`, JSON.parse(row.content) as BankQuestion);
  }
  return out;
}

/**
 * Per question of the test (its current list), how the finished attempts went; an attempt taken
 * before the list changed counts for the questions it shares.
 */
export async function questionFigures(
  db: Db,
  schoolId: number,
  questionIds: number[],
  attempts: Attempt[],
): Promise<SchoolTestResultsReply["questions"]> {
  const positionOf = new Map(questionIds.map((id, i) => [id, i + 1]));
  const finished = attempts.filter((a) => a.finished_at !== null);
  const tallies = questionTallies(
    questionIds.length,
    finished.map((a) =>
      a.answers.flatMap((answer) => {
        const position = positionOf.get(answer.question_id);
        return position === undefined ? [] : [{ position, correct: answer.correct }];
      }),
    ),
  );
  const described = new Map((await questionContents(db, schoolId, questionIds)).map((q) => [q.id, schoolQuestion(q)]));
  return tallies.flatMap((tally) => {
    const question = described.get(questionIds[tally.position - 1] as number);
    return question ? [{ ...question, ...tally }] : [];
  });
}

/** Students of the test's classes who have not started it, by name. */
export async function notStarted(
  db: Db,
  classIds: string[],
  attempts: Attempt[],
): Promise<SchoolTestResultsReply["not_started"]> {
  if (classIds.length === 0) return [];
  const started = new Set(attempts.map((a) => a.student.id));
  const students = await db
    .selectFrom("users")
    .select(["id", "firstname", "lastname"])
    .where("class_id", "in", classIds)
    .where("role", "=", "student")
    .orderBy("lastname")
    .orderBy("firstname")
    .execute();
  return students.filter((s) => !started.has(s.id));
}

export { byMostMissed };
