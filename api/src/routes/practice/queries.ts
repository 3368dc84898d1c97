/**
 * Reads behind the practice builder's lists and the built-test summary: the subjects and
 * headings of the student's bank, and the student's earlier tests of the same questions.
 */
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { bankQuestionIds } from "../question/queries.ts";

type Db = Kysely<Database>;

/** The subjects holding questions of the student's bank, in code order, with how many. */
export async function bankSubjects(
  db: Db,
  syllabusId: number,
): Promise<{ id: string; code: string; title: string; questions: number }[]> {
  const inBank = new Set(await bankQuestionIds(db, syllabusId));
  const rows = await db.selectFrom("questions").select(["id", "subject"]).where("retired_at", "is", null).execute();
  const counts = new Map<string, number>();
  for (const r of rows) if (inBank.has(Number(r.id))) counts.set(r.subject, (counts.get(r.subject) ?? 0) + 1);
  if (counts.size === 0) return [];
  const subjects = await db
    .selectFrom("subjects")
    .select(["code", "title"])
    .where("code", "in", [...counts.keys()])
    .execute();
  const titles = new Map(subjects.map((s) => [s.code, s.title]));
  return [...counts.keys()]
    .sort()
    .map((code) => ({ id: code, code, title: titles.get(code) ?? code, questions: counts.get(code) ?? 0 }));
}

/**
 * The headings one level under `parent` (a topic or subtopic code) that hold questions of the
 * student's bank, in syllabus order, titled from the syllabus (by code when it lacks one).
 */
export async function bankHeadingsUnder(
  db: Db,
  syllabusId: number,
  parent: string,
): Promise<{ id: string; title: string }[]> {
  const depth = parent.split(".").length + 1;
  const inBank = new Set(await bankQuestionIds(db, syllabusId));
  const rows = await db
    .selectFrom("questions")
    .select(["id", "syllabus_code"])
    .where("syllabus_code", "like", `${parent}.%`)
    .where("retired_at", "is", null)
    .execute();
  const codes = [
    ...new Set(
      rows
        .filter((r) => inBank.has(Number(r.id)))
        .map((r) => r.syllabus_code.split("."))
        .filter((parts) => parts.length >= depth)
        .map((parts) => parts.slice(0, depth).join(".")),
    ),
  ];
  if (codes.length === 0) return [];
  const nodes = await db.selectFrom("syllabus_nodes").select(["code", "title"]).where("code", "in", codes).execute();
  const titles = new Map(nodes.map((n) => [n.code, n.title]));
  return codes.sort().map((code) => ({ id: code, title: titles.get(code) ?? code }));
}

/** The student's earlier tests of this type holding exactly these questions (any order). */
export async function earlierTestsOf(
  db: Db,
  userId: string,
  testType: TestType,
  questionIds: readonly number[],
): Promise<{ score: number | null; finished: boolean }[]> {
  const rows = await db
    .selectFrom("user_tests")
    .innerJoin("user_test_questions", "user_test_questions.user_test_id", "user_tests.id")
    .select(["user_tests.id", "user_tests.score", "user_tests.finished_at", "user_test_questions.question_id"])
    .where("user_tests.user_id", "=", userId)
    .where("user_tests.test_type", "=", testType)
    .execute();
  const tests = new Map<string, { score: number | null; finished: boolean; ids: number[] }>();
  for (const r of rows) {
    const test = tests.get(r.id) ?? { score: r.score, finished: r.finished_at !== null, ids: [] };
    test.ids.push(Number(r.question_id));
    tests.set(r.id, test);
  }
  const wanted = [...questionIds].sort((a, b) => a - b).join(",");
  return [...tests.values()]
    .filter((t) => t.ids.sort((a, b) => a - b).join(",") === wanted)
    .map(({ score, finished }) => ({ score, finished }));
}
