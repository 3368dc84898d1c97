import { randomUUID } from "node:crypto";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { type CourseProgressReply, courseProgressReplySchema } from "@preflight/sync-protocol/schemas/analysis-course";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { correctIds, FakeDevice } from "../../test-support/mutations.ts";

const fixtures = loadFixtures();
const AIR_LAW = 301;
const MET = 302;
const AIR_LAW_PT = 1;
const airLawLessons = fixtures.lessons.filter((l) => l.subject === "010");
const metLessons = fixtures.lessons.filter((l) => l.subject === "050");
/** Air Law: its lessons and its progress test; Meteorology likewise. */
const AIR_LAW_PARTS = airLawLessons.length + 1;

/** The points of a series as date → Percent. */
function points(reply: CourseProgressReply, type: "Target" | "Completed"): Record<string, number> {
  return Object.fromEntries((reply.averaged.find((s) => s.Type === type)?.Data ?? []).map((p) => [p.date, p.Percent]));
}
const pct = (done: number, total: number) => Math.round((done * 100) / total);

for (const dialect of DIALECTS) {
  describe(`course progress graph: GET /analysis/course and /analysis/course/{module} [${dialect}]`, () => {
    let t: TestApp;
    let metParts = 0;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      const parts = await t.deps.db
        .selectFrom("module_parts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("module_id", "=", MET)
        .executeTakeFirstOrThrow();
      metParts = Number(parts.n);
    });
    afterAll(() => t.close());

    const newStudent = (classId: string | null = null) => FakeDevice.signInAsNewStudent(t, classId);
    async function giveDates(device: FakeDevice, dates: Record<number, [string, string]>) {
      for (const [moduleId, [start, end]] of Object.entries(dates))
        await t.deps.db
          .insertInto("course_dates")
          .values({
            id: randomUUID(),
            class_id: null,
            user_id: device.userId,
            module_id: Number(moduleId),
            start_date: start,
            end_date: end,
          })
          .execute();
    }
    async function get(device: FakeDevice, path: string): Promise<CourseProgressReply> {
      const res = await t.request(path, { cookie: device.cookie });
      expect(res.status).toBe(200);
      return courseProgressReplySchema.parse(await res.json());
    }
    /** The question as the bank holds it now, to answer it right. */
    async function questions(ids: number[]): Promise<BankQuestion[]> {
      const rows = await t.deps.db
        .selectFrom("question_versions")
        .select(["question_id", "version", "content"])
        .where("question_id", "in", ids)
        .execute();
      const latest = new Map<number, { version: number; content: string }>();
      for (const r of rows) if ((latest.get(r.question_id)?.version ?? 0) < r.version) latest.set(r.question_id, r);
      return ids.map((id) => JSON.parse(latest.get(id)?.content as string) as BankQuestion);
    }
    const rightAnswer = (q: BankQuestion) =>
      q.type === "text" ? { value: q.text_range?.exact ?? null } : correctIds(q);

    /** Takes the Air Law progress test started at `at`, right or not at all, finished an hour later. */
    async function takeAirLawTest(device: FakeDevice, at: string, right: boolean) {
      const row = await t.deps.db
        .selectFrom("progress_tests")
        .select("question_ids")
        .where("id", "=", AIR_LAW_PT)
        .executeTakeFirstOrThrow();
      const ids = JSON.parse(row.question_ids) as number[];
      const testId = randomUUID();
      const finished = new Date(Date.parse(at) + 3_600_000).toISOString();
      const results = await device.pushOk([
        device.mutation(
          "POST /test/generate/progress_test",
          {
            user_test_id: testId,
            test_type: "progress_test",
            title: "Air Law progress test",
            display_answers: "after_test",
            time_limit: null,
            pass_percentage: 75,
            question_ids: ids,
            started: at,
            progress_test_id: AIR_LAW_PT,
          },
          { createdAt: at },
        ),
        ...(right
          ? (await questions(ids)).map((q) =>
              device.mutation(
                "POST /test/current/save",
                { user_test_id: testId, question_id: q.id, answers: rightAnswer(q) },
                { createdAt: at },
              ),
            )
          : []),
        device.mutation(
          `POST /test/current/finish/${testId}`,
          { flush_session: true, finished },
          { createdAt: finished },
        ),
      ]);
      expect(results.map((r) => r.status)).toEqual(results.map(() => "applied"));
      const marked = await t.deps.db
        .selectFrom("user_tests")
        .select(["pass", "finished_at"])
        .where("id", "=", testId)
        .executeTakeFirstOrThrow();
      expect(marked.pass).toBe(right ? 1 : 0);
    }

    it("a fresh student without course dates: nothing planned, nothing done, the summary's totals", async () => {
      const device = await newStudent();
      const reply = await get(device, "/analysis/course");
      expect(reply.averaged).toEqual([
        { Type: "Target", Data: [] },
        {
          Type: "Completed",
          Data: [
            { date: "2026-11-20", Percent: 0 },
            { date: "2026-11-21", Percent: 0 },
          ],
        },
      ]);
      expect(reply.summary).toEqual({
        lessons: { completed: 0, total: airLawLessons.length + metLessons.length },
        progress_tests: { completed: 0, total: 2, score: null },
      });
    });

    it("Target follows the course dates; Completed the days lessons were read and the progress test first passed", async () => {
      const device = await newStudent();
      await giveDates(device, { [AIR_LAW]: ["2026-11-01", "2026-11-10"], [MET]: ["2026-11-11", "2026-11-30"] });
      // Lesson 1 read to its end on 5 November, the other Air Law lessons on the 8th.
      const [first, ...rest] = airLawLessons;
      const read = (lesson: (typeof airLawLessons)[number], at: string) =>
        device.mutation(
          "POST /api/lesson/progress",
          { lesson_id: lesson.id, page: lesson.pages.length },
          { createdAt: at },
        );
      await device.pushOk([
        read(first as (typeof airLawLessons)[number], "2026-11-05T12:00:00.000Z"),
        ...rest.map((l) => read(l, "2026-11-08T12:00:00.000Z")),
      ]);
      // The progress test failed on the 11th, passed on the 12th.
      await takeAirLawTest(device, "2026-11-11T08:00:00.000Z", false);
      await takeAirLawTest(device, "2026-11-12T08:00:00.000Z", true);

      const airLaw = await get(device, `/analysis/course/${AIR_LAW}`);
      expect(points(airLaw, "Target")).toMatchObject({ "2026-10-31": 0, "2026-11-01": pct(1, AIR_LAW_PARTS) });
      expect(airLaw.averaged[0].Data.at(-1)).toEqual({ date: "2026-11-21", Percent: 100 });
      expect(points(airLaw, "Target")["2026-11-10"]).toBe(100);
      expect(points(airLaw, "Completed")).toMatchObject({
        "2026-10-31": 0,
        "2026-11-01": 0,
        "2026-11-05": pct(1, AIR_LAW_PARTS),
        "2026-11-08": pct(AIR_LAW_PARTS - 1, AIR_LAW_PARTS),
        // The failed attempt of the 11th counts nothing; the first pass completes the module.
        "2026-11-10": pct(AIR_LAW_PARTS - 1, AIR_LAW_PARTS),
        "2026-11-12": 100,
        "2026-11-21": 100,
      });
      expect(airLaw.averaged[1].Data.at(-1)?.date).toBe("2026-11-21");
      expect(airLaw.summary).toEqual({
        lessons: { completed: airLawLessons.length, total: airLawLessons.length },
        progress_tests: { completed: 1, total: 1, score: 100 },
      });

      const met = await get(device, `/analysis/course/${MET}`);
      expect(points(met, "Target")).toMatchObject({
        "2026-11-10": 0,
        "2026-11-11": pct(1, metParts),
        "2026-11-30": 100,
      });
      expect(met.averaged[1].Data.every((p) => p.Percent === 0)).toBe(true);
      expect(met.averaged[1].Data.at(-1)?.date).toBe("2026-11-21");

      const course = await get(device, "/analysis/course");
      const total = AIR_LAW_PARTS + metParts;
      expect(points(course, "Target")).toMatchObject({ "2026-11-10": pct(AIR_LAW_PARTS, total), "2026-11-30": 100 });
      expect(points(course, "Completed")).toMatchObject({
        "2026-11-05": pct(1, total),
        "2026-11-12": pct(AIR_LAW_PARTS, total),
        "2026-11-21": pct(AIR_LAW_PARTS, total),
      });
      expect(course.summary.progress_tests).toEqual({ completed: 1, total: 2, score: 100 });
    });

    it("a class's student plans by the class's course dates", async () => {
      const cadet = await newStudent("class-2026-a");
      const course = await get(cadet, "/analysis/course");
      const total = AIR_LAW_PARTS + metParts;
      expect(points(course, "Target")).toMatchObject({
        "2026-09-06": 0,
        "2026-09-07": pct(1, total),
        "2026-10-30": pct(AIR_LAW_PARTS, total),
        "2026-11-21": expect.any(Number),
        "2026-12-18": 100,
      });
    });

    it("bad input: a module that is not a number is a 400, one not in the syllabus a 404, no session a 401", async () => {
      const device = await newStudent();
      for (const [path, status, message] of [
        ["/analysis/course/abc", 400, /module must be a number/],
        ["/analysis/course/1.5", 400, /module must be a whole number/],
        ["/analysis/course/0", 400, /module must be a module id/],
        ["/analysis/course/-3", 400, /module must be a module id/],
        ["/analysis/course/999", 404, /No module 999 in your syllabus/],
        // Another syllabus's module is not the student's.
        ["/analysis/course/101", 404, /No module 101 in your syllabus/],
      ] as const) {
        const res = await t.request(path, { cookie: device.cookie });
        expect(res.status, path).toBe(status);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
      }
      expect((await t.request("/analysis/course")).status).toBe(401);
      expect((await t.request(`/analysis/course/${AIR_LAW}`)).status).toBe(401);
    });
  });
}
