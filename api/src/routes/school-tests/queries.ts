/**
 * What the school's fixed tests read and write (issue 20): the school's tests and the classes
 * they are assigned to, the questions a school may use (the bank's and its own), and the save of
 * a test the editor sent. Every read is bounded by the school: a test of another school is never
 * found here.
 */

import { stripHtml } from "@preflight/sync-protocol/rules/html";
import { pickQuestions } from "@preflight/sync-protocol/rules/selection";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import {
  type FixedTestDraft,
  type QuestionChoice,
  SCHOOL_TEST_MESSAGES,
  type SchoolFixedTest,
  type SchoolQuestion,
} from "@preflight/sync-protocol/schemas/school-tests";
import { type Selectable, sql } from "kysely";
import { hashPassword } from "../../auth/password.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Db, FixedTestsTable } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";

export type SchoolTestRow = Selectable<FixedTestsTable>;

const QUESTION_TEXT_LENGTH = 200;

/** The school's fixed tests, newest first. */
export function schoolTestRows(db: Db, schoolId: number): Promise<SchoolTestRow[]> {
  return db.selectFrom("fixed_tests").selectAll().where("school_id", "=", schoolId).orderBy("id", "desc").execute();
}

/** The test, when it is this school's; undefined otherwise (another school's, or none). */
export function schoolTestRow(db: Db, schoolId: number, testId: number): Promise<SchoolTestRow | undefined> {
  return db
    .selectFrom("fixed_tests")
    .selectAll()
    .where("id", "=", testId)
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
}

/** Test id → the classes it is assigned to, by id. */
export async function classesOfTests(db: Db, testIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(testIds.map((id) => [id, []]));
  if (testIds.length === 0) return out;
  const rows = await db
    .selectFrom("fixed_test_classes")
    .select(["fixed_test_id", "class_id"])
    .where("fixed_test_id", "in", testIds)
    .orderBy("class_id")
    .execute();
  for (const row of rows) out.get(row.fixed_test_id)?.push(row.class_id);
  return out;
}

/** Test id → attempts started by students. */
export async function attemptsTaken(db: Db, testIds: number[]): Promise<Map<number, number>> {
  if (testIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("user_tests")
    .select(["fixed_test_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("fixed_test_id", "in", testIds)
    .groupBy("fixed_test_id")
    .execute();
  return new Map(rows.map((r) => [r.fixed_test_id as number, Number(r.n)]));
}

/** The test as the editor shows it (its questions described by describeQuestions). */
export function editorView(
  row: SchoolTestRow,
  extra: { questions: SchoolQuestion[]; class_ids: string[]; attempts_taken: number },
): SchoolFixedTest {
  return {
    id: row.id,
    title: row.title,
    questions: extra.questions,
    time_limit: row.time_limit,
    pass_percentage: row.pass_percentage ?? 75,
    attempts: row.attempts,
    has_password: row.password_hash !== null,
    hide_results: row.hide_results === 1,
    hide_answers: row.hide_answers === 1,
    opens_at: row.opens_at ?? null,
    closes_at: row.closes_at ?? null,
    disabled_reason: row.disabled_reason,
    class_ids: extra.class_ids,
    attempts_taken: extra.attempts_taken,
    updated_at: row.updated_at ?? "",
  };
}

/** A question as the school reads it, from its content. */
export function schoolQuestion(question: BankQuestion): SchoolQuestion {
  // A cloze's gaps read as blanks, as the student sees them before choosing.
  const text = stripHtml(question.question)
    .replace(/\{\{\d+\}\}/g, "___")
    .replace(/\s+/g, " ")
    .trim();
  return {
    id: question.id,
    subject: question.subject,
    syllabus_code: question.syllabus_code,
    reference: question.reference,
    text: text.length > QUESTION_TEXT_LENGTH ? `${text.slice(0, QUESTION_TEXT_LENGTH - 1)}…` : text,
  };
}

/** The questions a school may use: not retired, and the bank's or the school's own. */
function usableQuestions(db: Db, schoolId: number) {
  return db
    .selectFrom("questions")
    .innerJoin("question_versions", (j) =>
      j
        .onRef("question_versions.question_id", "=", "questions.id")
        .onRef("question_versions.version", "=", "questions.current_version"),
    )
    .where("questions.retired_at", "is", null)
    .where((eb) => eb.or([eb("questions.school_id", "is", null), eb("questions.school_id", "=", schoolId)]));
}

/** The current content of the questions (any the school may use), in the order asked. */
export async function questionContents(db: Db, schoolId: number, ids: number[]): Promise<BankQuestion[]> {
  const found = new Map<number, BankQuestion>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await usableQuestions(db, schoolId)
      .select(["questions.id", "question_versions.content"])
      .where("questions.id", "in", ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.id, JSON.parse(row.content) as BankQuestion);
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The questions of a subject (and topic), matching `contains` in their text or reference. */
export async function findQuestions(
  db: Db,
  schoolId: number,
  filter: { subject: string; topic?: string | null | undefined; contains?: string | undefined },
): Promise<BankQuestion[]> {
  let query = usableQuestions(db, schoolId)
    .select(["questions.id", "question_versions.content"])
    .where("questions.subject", "=", filter.subject);
  const topic = filter.topic;
  if (topic)
    query = query.where((eb) =>
      eb.or([eb("questions.syllabus_code", "=", topic), eb("questions.syllabus_code", "like", `${topic}.%`)]),
    );
  const rows = await query.orderBy("questions.id").execute();
  const questions = rows.map((r) => JSON.parse(r.content) as BankQuestion);
  const words = filter.contains?.toLowerCase().trim();
  if (!words) return questions;
  return questions.filter(
    (q) => q.reference.toLowerCase().includes(words) || stripHtml(q.question).toLowerCase().includes(words),
  );
}

/**
 * The question ids a choice names: by hand, each must be one the school may use; from the bank,
 * `count` picked at random (seeded by the time of the save) among the subject's or topic's.
 */
export async function resolveChoice(db: Db, schoolId: number, choice: QuestionChoice, seed: number): Promise<number[]> {
  if (choice.kind === "list") {
    const usable = new Set((await questionContents(db, schoolId, choice.question_ids)).map((q) => q.id));
    const unknown = choice.question_ids.filter((id) => !usable.has(id));
    if (unknown.length > 0)
      throw new ApiError("bad_request", SCHOOL_TEST_MESSAGES.unknownQuestions(unknown.slice(0, 10)));
    return choice.question_ids;
  }
  const candidates = (await findQuestions(db, schoolId, choice)).map((q) => q.id);
  if (candidates.length < choice.count)
    throw new ApiError("bad_request", SCHOOL_TEST_MESSAGES.tooFewQuestions(candidates.length));
  return pickQuestions(candidates, choice.count, seed);
}

/** The school's classes among `classIds`; any other is refused. */
export async function assertSchoolClasses(db: Db, schoolId: number, classIds: string[]): Promise<void> {
  if (classIds.length === 0) return;
  const unique = [...new Set(classIds)];
  const rows = await db
    .selectFrom("classes")
    .select("id")
    .where("id", "in", unique)
    .where("school_id", "=", schoolId)
    .execute();
  if (rows.length !== unique.length) throw new ApiError("bad_request", SCHOOL_TEST_MESSAGES.unknownClasses);
}

/**
 * The syllabus a school test is filed under (the column predates school tests and is required):
 * the school's own syllabus when it has one, else the first. A school test reaches students by
 * its classes, never by this.
 */
async function syllabusFor(db: Db, schoolId: number): Promise<number> {
  const row = await db
    .selectFrom("syllabi")
    .select("id")
    .orderBy((eb) => eb.case().when("school_id", "=", schoolId).then(0).else(1).end())
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SaveTest {
  schoolId: number;
  instructorId: string;
  draft: FixedTestDraft;
  questionIds: number[];
  now: string;
  /** The test being edited; undefined to create one. */
  existing?: SchoolTestRow;
}

/**
 * Writes the test and its classes in one transaction. A new test takes the next id (the table
 * has no sequence: ids of the seeded tests are set by hand), under a table lock on PostgreSQL so
 * two instructors saving at once cannot take the same one.
 */
export async function saveSchoolTest(db: Db, dialect: Dialect, save: SaveTest): Promise<number> {
  const { draft, existing } = save;
  const passwordHash =
    draft.password === undefined
      ? (existing?.password_hash ?? null)
      : draft.password === null
        ? null
        : await hashPassword(draft.password);
  const fields = {
    title: draft.title,
    question_ids: JSON.stringify(save.questionIds),
    time_limit: draft.time_limit,
    pass_percentage: draft.pass_percentage,
    attempts: draft.attempts,
    password_hash: passwordHash,
    hide_results: draft.hide_results ? (1 as const) : (0 as const),
    hide_answers: draft.hide_answers ? (1 as const) : (0 as const),
    disabled_reason: draft.disabled_reason,
    opens_at: draft.opens_at === null ? null : new Date(draft.opens_at).toISOString(),
    closes_at: draft.closes_at === null ? null : new Date(draft.closes_at).toISOString(),
    updated_at: save.now,
  };
  const syllabusId = await syllabusFor(db, save.schoolId);
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await trx
        .updateTable("fixed_tests")
        .set(fields)
        .where("id", "=", id)
        .where("school_id", "=", save.schoolId)
        .execute();
      await trx.deleteFrom("fixed_test_classes").where("fixed_test_id", "=", id).execute();
    } else {
      if (dialect === "postgres") await sql`lock table fixed_tests in exclusive mode`.execute(trx);
      const top = await trx
        .selectFrom("fixed_tests")
        .select((eb) => [eb.fn.max("id").as("id"), eb.fn.max("position").as("position")])
        .executeTakeFirst();
      id = Number(top?.id ?? 0) + 1;
      await trx
        .insertInto("fixed_tests")
        .values({
          id,
          ...fields,
          syllabus_id: syllabusId,
          school_id: save.schoolId,
          created_by: save.instructorId,
          position: Number(top?.position ?? 0) + 1,
        })
        .execute();
    }
    const classIds = [...new Set(draft.class_ids)];
    if (classIds.length > 0)
      await trx
        .insertInto("fixed_test_classes")
        .values(classIds.map((class_id) => ({ fixed_test_id: id, class_id })))
        .execute();
    return id;
  });
}

/** A student of one of the school's classes, with what the class overview reads; undefined otherwise. */
export function schoolStudent(db: Db, schoolId: number, userId: string) {
  return db
    .selectFrom("users")
    .innerJoin("classes", "classes.id", "users.class_id")
    .select([
      "users.id",
      "users.firstname",
      "users.lastname",
      "users.email",
      "users.student_id",
      "users.syllabus_id",
      "classes.name as class_name",
    ])
    .where("users.id", "=", userId)
    .where("users.role", "=", "student")
    .where("classes.school_id", "=", schoolId)
    .executeTakeFirst();
}
