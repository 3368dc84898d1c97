/**
 * The school area (issue 20): an instructor's classes and the class overview, on both
 * databases. The demo class is given its weeks of study (demo/class-activity.ts); each figure of
 * the overview is worked out again here from the students' rows with the shared rules, and checked
 * against what each student's own routes answer them. Every other caller is refused: a student
 * and the maintenance user with 403, another school's instructor with 404 for every class of this
 * school (worded as a class that does not exist), bad input with a 400 that says what is wrong.
 */

import { courseStanding } from "@preflight/sync-protocol/rules/course-progress";
import { READINESS_MIN_ANSWERS, recencyWeight } from "@preflight/sync-protocol/rules/readiness";
import { averageMockExamReplySchema } from "@preflight/sync-protocol/schemas/analysis";
import { courseProgressReplySchema } from "@preflight/sync-protocol/schemas/analysis-course";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import {
  type ClassOverviewReply,
  classOverviewReplySchema,
  SCHOOL_MESSAGES,
  schoolClassesReplySchema,
} from "@preflight/sync-protocol/schemas/school";
import {
  type SchoolFixedTestsReply,
  schoolFixedTestsReplySchema,
  schoolTestResultsReplySchema,
} from "@preflight/sync-protocol/schemas/school-tests";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLASS_ID, seedDemoClassActivity } from "../../demo/class-activity.ts";
import { newAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

const DEMO_SCHOOL = { id: 2, name: "Preflight Flight Academy" };
const OTHER_SCHOOL = { id: 3, name: "Elsewhere Aviation" };
const OTHER_CLASS = "elsewhere-2026";

for (const dialect of DIALECTS) {
  describe(`school area: GET /school/classes and /school/classes/{class_id} [${dialect}]`, () => {
    let t: TestApp;
    let instructor: string;
    let otherInstructor: string;
    let overview: ClassOverviewReply;

    const get = (path: string, cookie?: string) => t.request(path, cookie ? { cookie } : {});
    async function refusal(res: Response) {
      return { status: res.status, error: errorBodySchema.parse(await res.json()).error };
    }

    beforeAll(async () => {
      t = await createTestApp(dialect);
      // A second school with a class and an instructor of its own.
      await t.deps.db.insertInto("schools").values(OTHER_SCHOOL).execute();
      await t.deps.db.insertInto("classes").values({ id: OTHER_CLASS, name: "Elsewhere 2026", school_id: 3 }).execute();
      await newAccount(t, { class_id: OTHER_CLASS });
      const other = await newAccount(t, { role: "instructor", school_id: 3, syllabus_id: null });
      expect(await seedDemoClassActivity(t.deps)).toBe(true);
      instructor = await t.login("instructor@preflight.test");
      otherInstructor = await t.login(other.email);
      const res = await get(`/school/classes/${DEMO_CLASS_ID}`, instructor);
      expect(res.status).toBe(200);
      overview = classOverviewReplySchema.parse(await res.json());
    }, 120_000);
    afterAll(() => t.close());

    it("lists the instructor's own school's classes with their students, and nothing of another school's", async () => {
      const mine = schoolClassesReplySchema.parse(await (await get("/school/classes", instructor)).json());
      expect(mine).toEqual({
        school: DEMO_SCHOOL,
        classes: [{ id: DEMO_CLASS_ID, name: "ATPL Integrated 2026-A", students: 6 }],
      });
      const theirs = schoolClassesReplySchema.parse(await (await get("/school/classes", otherInstructor)).json());
      expect(theirs).toEqual({
        school: OTHER_SCHOOL,
        classes: [{ id: OTHER_CLASS, name: "Elsewhere 2026", students: 1 }],
      });
    });

    it("seeds the demo class's activity once: a second run changes nothing", async () => {
      expect(await seedDemoClassActivity(t.deps)).toBe(false);
    });

    it("seeds a test of the school's own for the class, sat once by each classmate who sits mock exams", async () => {
      const list = schoolFixedTestsReplySchema.parse(await (await get("/school/fixed-tests", instructor)).json());
      expect(list.tests).toHaveLength(1);
      const [test] = list.tests as [SchoolFixedTestsReply["tests"][number]];
      expect(test).toMatchObject({
        title: "Air Law class check",
        question_count: 12,
        time_limit: 20,
        class_ids: [DEMO_CLASS_ID],
        attempts_taken: 4,
      });
      // Open now: from three weeks ago to nine days ahead.
      const now = t.clock.now().getTime();
      expect(Date.parse(test.opens_at ?? "") < now && now < Date.parse(test.closes_at ?? "")).toBe(true);
      const results = schoolTestResultsReplySchema.parse(
        await (await get(`/school/fixed-tests/${test.id}/results`, instructor)).json(),
      );
      // Alex, Blair, Dana and Finley sit mock exams; Emery does not, and Casey has not started.
      expect(results.attempts.map((a) => a.student.firstname).sort()).toEqual(["Alex", "Blair", "Dana", "Finley"]);
      expect(results.attempts.every((a) => a.finished_at !== null && a.score !== null)).toBe(true);
      expect(results.not_started.map((s) => s.firstname).sort()).toEqual(["Casey", "Emery"]);
      // Nothing of it for another school's instructor.
      expect((await get(`/school/fixed-tests/${test.id}/results`, otherInstructor)).status).toBe(404);
    });

    it("names the class's students, by last name, with their school numbers", () => {
      expect(overview.school).toEqual(DEMO_SCHOOL);
      expect(overview.class).toEqual({ id: DEMO_CLASS_ID, name: "ATPL Integrated 2026-A" });
      expect(overview.as_of).toBe(t.clock.now().toISOString());
      expect(overview.students.map((s) => `${s.lastname} ${s.student_id}`)).toEqual([
        "Airways PFA-2026-004",
        "Bearing PFA-2026-009",
        "Cadet PFA-2026-017",
        "Descent PFA-2026-021",
        "Elevator PFA-2026-026",
        "Flaps PFA-2026-031",
      ]);
      expect(overview.subjects.map((s) => s.code)).toEqual([...overview.subjects.map((s) => s.code)].sort());
      expect(overview.subjects.length).toBeGreaterThan(0);
    });

    it("counts lessons completed and progress tests passed from each student's rows", async () => {
      const db = t.deps.db;
      const parts = await db
        .selectFrom("module_parts")
        .innerJoin("modules", "modules.id", "module_parts.module_id")
        .select(["module_parts.type", "module_parts.lesson_id", "module_parts.progress_test_id"])
        .where("modules.syllabus_id", "=", 3)
        .execute();
      const lessons = new Set(parts.flatMap((p) => (p.lesson_id === null ? [] : [p.lesson_id])));
      const tests = new Set(parts.flatMap((p) => (p.progress_test_id === null ? [] : [p.progress_test_id])));
      for (const student of overview.students) {
        const read = await db
          .selectFrom("lesson_progress")
          .select("lesson_id")
          .where("user_id", "=", student.id)
          .where("completed", "=", 1)
          .execute();
        const passed = await db
          .selectFrom("user_tests")
          .select("progress_test_id")
          .where("user_id", "=", student.id)
          .where("pass", "=", 1)
          .where("finished_at", "is not", null)
          .where("progress_test_id", "is not", null)
          .execute();
        expect(student.lessons, student.email).toEqual({
          completed: read.filter((r) => lessons.has(r.lesson_id)).length,
          total: lessons.size,
        });
        expect(student.progress_tests, student.email).toEqual({
          passed: new Set(passed.map((p) => p.progress_test_id).filter((id) => tests.has(id as number))).size,
          total: tests.size,
        });
      }
      // The class is a real one: some read most of what is open by now (the later lessons wait
      // for their dates), some little.
      const read = overview.students.map((s) => s.lessons.completed);
      expect(Math.max(...read)).toBeGreaterThan(lessons.size / 2);
      expect(Math.min(...read)).toBeLessThan(lessons.size / 3);
      expect(overview.students.some((s) => s.progress_tests.passed > 0)).toBe(true);
    });

    it("averages each student's mock exams (timed tests) from their marked tests' scores", async () => {
      for (const student of overview.students) {
        const mocks = await t.deps.db
          .selectFrom("user_tests")
          .select("percentage")
          .where("user_id", "=", student.id)
          .where("test_type", "=", "timed")
          .where("finished_at", "is not", null)
          .execute();
        // Each demo mock exam is of one subject: its score in the subject is its score.
        const scores = mocks.map((m) => Number(m.percentage));
        const mean = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) * 10) / scores.length) / 10 : null;
        expect(student.mock_exams, student.email).toEqual({ average: mean, scores: scores.length });
      }
      expect(overview.students.filter((s) => s.mock_exams.average !== null).length).toBeGreaterThan(3);
    });

    it("gives each student's progress against the course dates as their own My Progress chart ends today", async () => {
      for (const student of overview.students) {
        const cookie = await t.login(student.email);
        const own = courseProgressReplySchema.parse(await (await get("/analysis/course", cookie)).json());
        expect(student.course, student.email).toEqual(courseStanding(own, t.clock.now()));
        expect(student.lessons.completed).toBe(own.summary.lessons.completed);
        expect(student.progress_tests.passed).toBe(own.summary.progress_tests.completed);
        // And the mock exams the student's own Analysis page averages, subject by subject.
        const mocks = averageMockExamReplySchema.parse(await (await get("/analysis/average-timed", cookie)).json());
        expect(mocks.tests.reduce((a, b) => a + b, 0)).toBe(student.mock_exams.scores);
      }
      // The class's dates plan part of the course by today: some students are behind, some not.
      const standings = new Set(overview.students.map((s) => s.course.standing));
      expect(standings.has("behind")).toBe(true);
      expect(standings.size).toBeGreaterThan(1);
      expect(overview.students.every((s) => s.course.planned !== null)).toBe(true);
    });

    it("gives exam readiness per subject once a subject holds enough recent answers, else what is still needed", async () => {
      const now = t.clock.now().getTime();
      const subjectOf = new Map(
        (await t.deps.db.selectFrom("questions").select(["id", "subject"]).execute()).map((q) => [
          Number(q.id),
          q.subject,
        ]),
      );
      for (const student of overview.students) {
        expect(student.readiness.map((r) => r.subject)).toEqual(overview.subjects.map((s) => s.code));
        // The latest answer of each test's question, weighted by its age (the readiness rule's weight).
        const rows = await t.deps.db
          .selectFrom("answers")
          .select(["user_test_id", "question_id", "created_at"])
          .where("user_id", "=", student.id)
          .where("applied", "=", 1)
          .where("answered", "=", 1)
          .where("correct", "is not", null)
          .execute();
        const latest = new Map<string, { question: number; at: string }>();
        for (const r of rows) {
          const key = `${r.user_test_id}:${r.question_id}`;
          const held = latest.get(key);
          if (!held || r.created_at > held.at) latest.set(key, { question: Number(r.question_id), at: r.created_at });
        }
        const weight = new Map<string, number>();
        for (const a of latest.values()) {
          const subject = subjectOf.get(a.question) as string;
          weight.set(subject, (weight.get(subject) ?? 0) + recencyWeight(Date.parse(a.at), now));
        }
        for (const r of student.readiness) {
          const counted = Math.round(weight.get(r.subject) ?? 0);
          if (counted < READINESS_MIN_ANSWERS)
            expect(r, r.subject).toEqual({
              subject: r.subject,
              kind: "too_few",
              needed: READINESS_MIN_ANSWERS - counted,
            });
          else {
            expect(r.kind, `${student.email} ${r.subject}`).toBe("estimate");
            if (r.kind === "estimate") expect(r.low <= r.chance && r.chance <= r.high).toBe(true);
          }
        }
      }
      expect(overview.students.some((s) => s.readiness.some((r) => r.kind === "estimate"))).toBe(true);
    });

    it("tells when each student was last active", async () => {
      const stamps = await t.deps.db
        .selectFrom("user_activity")
        .select(["user_id", "last_active_at"])
        .where(
          "user_id",
          "in",
          overview.students.map((s) => s.id),
        )
        .execute();
      for (const s of overview.students) {
        const stamp = stamps.find((r) => r.user_id === s.id)?.last_active_at;
        expect(s.last_active_at, s.email).toBe(stamp ?? null);
      }
      // Some worked today, one not for two weeks, and the demo's class student not at all yet.
      expect(overview.students.find((s) => s.email === "class@preflight.test")?.last_active_at).toBeNull();
      const days = overview.students
        .filter((s) => s.last_active_at !== null)
        .map((s) => (t.clock.now().getTime() - Date.parse(s.last_active_at ?? "")) / 86_400_000);
      expect(Math.min(...days)).toBeLessThan(1);
      expect(Math.max(...days)).toBeGreaterThan(14);
    });

    it("refuses another school's instructor every class and student of this school, as a class that does not exist", async () => {
      const res = await get(`/school/classes/${DEMO_CLASS_ID}`, otherInstructor);
      expect(await refusal(res)).toEqual({
        status: 404,
        error: expect.objectContaining({ code: "not_found", message: SCHOOL_MESSAGES.classNotFound }),
      });
      // Exactly as a class that exists nowhere.
      const none = await get("/school/classes/no-such-class", otherInstructor);
      expect(await refusal(none)).toEqual({
        status: 404,
        error: expect.objectContaining({ code: "not_found", message: SCHOOL_MESSAGES.classNotFound }),
      });
      // Nor does the demo instructor reach the other school's class.
      expect((await get(`/school/classes/${OTHER_CLASS}`, instructor)).status).toBe(404);
      // A student's id is no class id: nothing of theirs comes back either.
      for (const student of overview.students) {
        const reply = await get(`/school/classes/${student.id}`, otherInstructor);
        expect(reply.status).toBe(404);
        expect(await reply.text()).not.toContain(student.email);
      }
    });

    it("refuses students and the maintenance user with 403, and asks a caller without a session to sign in", async () => {
      const student = await t.login("class@preflight.test");
      const admin = await t.login("admin@preflight.test");
      for (const cookie of [student, admin])
        for (const path of ["/school/classes", `/school/classes/${DEMO_CLASS_ID}`]) {
          const { status, error } = await refusal(await get(path, cookie));
          expect({ path, status, code: error.code }).toEqual({ path, status: 403, code: "forbidden" });
        }
      expect((await get(`/school/classes/${DEMO_CLASS_ID}`)).status).toBe(401);
    });

    it("refuses an instructor account linked to no school rather than guess one", async () => {
      const lost = await newAccount(t, { role: "instructor", school_id: null, syllabus_id: null });
      const cookie = await t.login(lost.email);
      const { status, error } = await refusal(await get("/school/classes", cookie));
      expect({ status, message: error.message }).toEqual({ status: 403, message: SCHOOL_MESSAGES.noSchool });
    });

    it("answers a malformed class id with a 400 that says what is wrong", async () => {
      const { status, error } = await refusal(
        await get(`/school/classes/${encodeURIComponent("a b;drop")}`, instructor),
      );
      expect(status).toBe(400);
      expect(JSON.stringify(error)).toContain("class_id must be letters, digits, - or _");
      expect((await get(`/school/classes/${"x".repeat(65)}`, instructor)).status).toBe(400);
    });
  });
}
