/**
 * Fixed tests set by a school, the results that go to it and its exports (issue 20;
 * sync-protocol/schemas/school-tests.ts). Instructors only; every test, class and student named
 * is checked against the instructor's school, and another school's is answered as one that does
 * not exist (404).
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  SCHOOL_TEST_LIMITS,
  SCHOOL_TEST_MESSAGES,
  type SchoolFixedTestReply,
  type SchoolFixedTestsReply,
  type SchoolQuestionsReply,
  type SchoolTestResultsReply,
} from "@preflight/sync-protocol/schemas/school-tests";
import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { questionIdsOf } from "../fixed/queries.ts";
import { instructorClass, instructorSchool } from "../school/instructor.ts";
import { classOverview, classStudents } from "../school/queries.ts";
import { classOverviewCsv, testResultsCsv } from "./csv.ts";
import {
  assertSchoolClasses,
  attemptsTaken,
  classesOfTests,
  editorView,
  findQuestions,
  questionContents,
  resolveChoice,
  type SchoolTestRow,
  saveSchoolTest,
  schoolQuestion,
  schoolStudent,
  schoolTestRow,
  schoolTestRows,
} from "./queries.ts";
import { studentReportPdf } from "./report-pdf.ts";
import { notStarted, questionFigures, testAttempts } from "./results.ts";

/** A file to download, named for the instructor's folder; never cached (it holds students' results). */
function download(c: Context<AppEnv>, body: string | Uint8Array, type: string, filename: string): Response {
  c.header("Content-Type", type);
  c.header("Content-Disposition", `attachment; filename="${filename}"`);
  c.header("Cache-Control", "no-store");
  return c.body(typeof body === "string" ? body : new Uint8Array(body));
}

/** Letters, digits and dashes: a file name from a title or a person's name. */
function fileSlug(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/[\s_]+/g, "-")
      .toLowerCase()
      .slice(0, 60) || "export"
  );
}

type School = { id: number; name: string };

export function schoolTestsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  const testOf = async (schoolId: number, testId: number): Promise<SchoolTestRow> => {
    const row = await schoolTestRow(deps.db, schoolId, testId);
    if (!row) throw new ApiError("not_found", SCHOOL_TEST_MESSAGES.testNotFound);
    return row;
  };

  const editor = async (schoolId: number, row: SchoolTestRow) => {
    const [questions, classes, taken] = await Promise.all([
      questionContents(deps.db, schoolId, questionIdsOf(row)),
      classesOfTests(deps.db, [row.id]),
      attemptsTaken(deps.db, [row.id]),
    ]);
    return editorView(row, {
      questions: questions.map(schoolQuestion),
      class_ids: classes.get(row.id) ?? [],
      attempts_taken: taken.get(row.id) ?? 0,
    });
  };

  const results = async (school: School, row: SchoolTestRow): Promise<SchoolTestResultsReply> => {
    const [classes, taken, withTitles] = await Promise.all([
      classesOfTests(deps.db, [row.id]),
      attemptsTaken(deps.db, [row.id]),
      testAttempts(deps.db, { test: row }),
    ]);
    const attempts = withTitles.map(({ title: _title, ...attempt }) => attempt);
    const classIds = classes.get(row.id) ?? [];
    const { questions: _questions, ...test } = editorView(row, {
      questions: [],
      class_ids: classIds,
      attempts_taken: taken.get(row.id) ?? 0,
    });
    return {
      school,
      test,
      attempts,
      questions: await questionFigures(deps.db, school.id, questionIdsOf(row), attempts),
      not_started: await notStarted(deps.db, classIds, attempts),
    };
  };

  mount(routes.schoolFixedTests, async (c) => {
    const school = await instructorSchool(deps, c.var.user);
    const rows = await schoolTestRows(deps.db, school.id);
    const ids = rows.map((r) => r.id);
    const [classes, taken] = await Promise.all([classesOfTests(deps.db, ids), attemptsTaken(deps.db, ids)]);
    const tests = rows.map((row) => {
      const { questions: _questions, ...view } = editorView(row, {
        questions: [],
        class_ids: classes.get(row.id) ?? [],
        attempts_taken: taken.get(row.id) ?? 0,
      });
      return { ...view, question_count: questionIdsOf(row).length };
    });
    return c.json({ school, tests } satisfies SchoolFixedTestsReply);
  });

  mount(routes.schoolFixedTest, async (c, { params }) => {
    const school = await instructorSchool(deps, c.var.user);
    const row = await testOf(school.id, params.test_id);
    return c.json({ test: await editor(school.id, row) } satisfies SchoolFixedTestReply);
  });

  mount(routes.createSchoolFixedTest, async (c, { body }) => {
    const user = c.var.user;
    const school = await instructorSchool(deps, user);
    await assertSchoolClasses(deps.db, school.id, body.class_ids);
    const now = deps.clock.now();
    const questionIds = await resolveChoice(deps.db, school.id, body.questions, now.getTime());
    const id = await saveSchoolTest(deps.db, deps.dialect, {
      schoolId: school.id,
      instructorId: user.id,
      draft: body,
      questionIds,
      now: now.toISOString(),
    });
    const row = await testOf(school.id, id);
    return c.json(
      { message: SCHOOL_TEST_MESSAGES.created, test: await editor(school.id, row) } satisfies SchoolFixedTestReply,
      201,
    );
  });

  mount(routes.updateSchoolFixedTest, async (c, { params, body }) => {
    const user = c.var.user;
    const school = await instructorSchool(deps, user);
    const existing = await testOf(school.id, params.test_id);
    await assertSchoolClasses(deps.db, school.id, body.class_ids);
    const now = deps.clock.now();
    // The same hand-picked list keeps its order; a bank choice draws again.
    const questionIds = await resolveChoice(deps.db, school.id, body.questions, now.getTime());
    await saveSchoolTest(deps.db, deps.dialect, {
      schoolId: school.id,
      instructorId: user.id,
      draft: body,
      questionIds,
      now: now.toISOString(),
      existing,
    });
    const row = await testOf(school.id, existing.id);
    return c.json({
      message: SCHOOL_TEST_MESSAGES.saved,
      test: await editor(school.id, row),
    } satisfies SchoolFixedTestReply);
  });

  mount(routes.schoolTestResults, async (c, { params }) => {
    const school = await instructorSchool(deps, c.var.user);
    const row = await testOf(school.id, params.test_id);
    return c.json(await results(school, row));
  });

  mount(routes.schoolTestResultsCsv, async (c, { params }) => {
    const school = await instructorSchool(deps, c.var.user);
    const row = await testOf(school.id, params.test_id);
    const csv = testResultsCsv(await results(school, row));
    return download(c, csv, "text/csv; charset=utf-8", `${fileSlug(row.title)}-results.csv`);
  });

  mount(routes.classOverviewCsv, async (c, { params }) => {
    const { school, found } = await instructorClass(deps, c.var.user, params.class_id);
    const now = deps.clock.now();
    const overview = await classOverview(deps.db, await classStudents(deps.db, found.id), now);
    const csv = classOverviewCsv({ school, class: found, as_of: now.toISOString(), ...overview });
    return download(c, csv, "text/csv; charset=utf-8", `${fileSlug(found.name)}-overview.csv`);
  });

  mount(routes.studentReportPdf, async (c, { params }) => {
    const school = await instructorSchool(deps, c.var.user);
    const student = await schoolStudent(deps.db, school.id, params.user_id);
    if (!student) throw new ApiError("not_found", SCHOOL_TEST_MESSAGES.studentNotFound);
    const now = deps.clock.now();
    const overview = await classOverview(deps.db, [student], now);
    const figures = overview.students[0];
    if (!figures) throw new ApiError("not_found", SCHOOL_TEST_MESSAGES.studentNotFound);
    const pdf = await studentReportPdf({
      school: school.name,
      className: student.class_name,
      subjects: overview.subjects,
      student: figures,
      attempts: await testAttempts(deps.db, { schoolId: school.id, userId: student.id }),
      generatedAt: now,
    });
    return download(c, pdf, "application/pdf", `${fileSlug(`${student.lastname} ${student.firstname}`)}-report.pdf`);
  });

  mount(routes.schoolQuestions, async (c, { query }) => {
    const school = await instructorSchool(deps, c.var.user);
    const found = await findQuestions(deps.db, school.id, query);
    return c.json({
      questions: found.slice(0, SCHOOL_TEST_LIMITS.searchResults).map(schoolQuestion),
      total: found.length,
    } satisfies SchoolQuestionsReply);
  });

  return app;
}
