import { randomUUID } from "node:crypto";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { ACCESS_MESSAGES } from "@preflight/sync-protocol/rules/part-access";
import { userStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import {
  lastPtResultReplySchema,
  syllabiReplySchema,
  userModulesReplySchema,
  verifyQuestionsReplySchema,
} from "@preflight/sync-protocol/schemas/syllabus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBank } from "../../content/import-bank.ts";
import { DEMO_RETRY_INTERVAL_MINUTES } from "../../demo/syllabus-access.ts";
import { INITIAL_ATTEMPT_OVERRIDE_SETTING, RESTRICT_TARGET_DATES_SETTING } from "../../read/syllabus.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";
import { rowCounts } from "../../test-support/rows.ts";
import { setAccessSetting } from "./queries.ts";

const fixtures = loadFixtures();
const AIR_LAW_PT = 1;
const MET_PT = 2;

for (const dialect of DIALECTS) {
  describe(`syllabus page: modules, access rules, lesson progress, content check [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    const newStudent = (classId: string | null = null) => FakeDevice.signInAsNewStudent(t, classId);
    const modules = async (device: FakeDevice) => {
      const res = await t.request("/api/user/modules", { method: "POST", cookie: device.cookie });
      expect(res.status).toBe(200);
      return userModulesReplySchema.parse(await res.json()).modules;
    };
    const ptQuestions = async (id: number) => {
      const row = await t.deps.db
        .selectFrom("progress_tests")
        .select("question_ids")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return JSON.parse(row.question_ids) as number[];
    };
    const startBody = async (id: number, testType = "progress_test", over: Record<string, unknown> = {}) => ({
      user_test_id: randomUUID(),
      test_type: testType,
      title: "Whatever the device says",
      display_answers: "after_test",
      time_limit: null,
      pass_percentage: 10,
      question_ids: await ptQuestions(id),
      started: "2026-11-21T09:00:00.000Z",
      progress_test_id: id,
      ...over,
    });
    /** Reads every page of every lesson of a module through the queue. */
    async function readLessons(device: FakeDevice, lessonIds: number[]) {
      const rows = await t.deps.db.selectFrom("lessons").select(["id", "pages"]).where("id", "in", lessonIds).execute();
      const results = await device.pushOk(
        rows.map((l) =>
          device.mutation("POST /api/lesson/progress", {
            lesson_id: l.id,
            page: (JSON.parse(l.pages) as unknown[]).length,
          }),
        ),
      );
      expect(results.every((r) => r.status === "applied")).toBe(true);
    }
    const airLawLessons = () => fixtures.lessons.filter((l) => l.subject === "010").map((l) => l.id);

    it("POST /api/user/modules: parts with type, content, url, pass, attempts; Meteorology needs Air Law", async () => {
      const device = await newStudent();
      const [airLaw, met] = await modules(device);
      expect(airLaw?.title).toBe("Air Law");
      expect(airLaw?.parts.map((p) => p.type)).toEqual([...airLawLessons().map(() => "lesson"), "progress_test"]);
      expect(airLaw?.parts[0]).toMatchObject({ url: "/lesson/1", pass: null, completed: false, target: null });
      expect(airLaw?.parts.at(-1)).toMatchObject({
        content: { id: AIR_LAW_PT, title: "Air Law progress test", pass_percentage: 75 },
        question_count: 20,
        allow_initial_attempt: true,
        retry_interval_minutes: DEMO_RETRY_INTERVAL_MINUTES,
        attempts: 0,
        attempted: false,
      });
      expect(airLaw?.restrictions[String(AIR_LAW_PT)]?.map((r) => r.lesson_id)).toEqual(airLawLessons());
      expect(met?.prerequisite).toEqual({ id: 301, title: "Air Law", remaining: airLaw?.parts.length });
    });

    it("targets come from the class's course dates, spread from the module's start to its end", async () => {
      const cadet = await newStudent("class-2026-a");
      const [airLaw, met] = await modules(cadet);
      expect(airLaw?.parts[0]?.target).toBe("2026-09-07");
      expect(airLaw?.parts.at(-1)?.target).toBe("2026-10-30");
      expect(met?.parts[0]?.target).toBe("2026-11-02");
      expect(met?.parts.at(-1)).toMatchObject({
        target: "2026-12-18",
        target_timestamp: Date.UTC(2026, 11, 18) / 1000,
      });
    });

    it("POST /api/lesson/progress: only grows, completes on the last page, and comes back with the user step", async () => {
      const device = await newStudent();
      const pages = fixtures.lessons.find((l) => l.id === 1)?.pages.length as number;
      const [first, back, last] = await device.pushOk([
        device.mutation("POST /api/lesson/progress", { lesson_id: 1, page: 2 }),
        device.mutation("POST /api/lesson/progress", { lesson_id: 1, page: 1 }),
        device.mutation("POST /api/lesson/progress", { lesson_id: 1, page: pages }),
      ]);
      expect(first).toMatchObject({ status: "applied", reply: { page: 2, completed: false } });
      expect(back).toMatchObject({ status: "applied", reply: { page: 2, completed: false } });
      expect(last).toMatchObject({ status: "applied", reply: { page: pages, completed: true } });
      const pulled = userStepReplySchema.parse(
        await (
          await t.request("/user-sync/sync", { method: "POST", cookie: device.cookie, json: { cursor: null } })
        ).json(),
      );
      if (!pulled.success) throw new Error("user step failed");
      expect(pulled.lesson_progress).toEqual([expect.objectContaining({ lesson_id: 1, page: pages, completed: true })]);
      expect((await modules(device))[0]?.parts[0]).toMatchObject({ pass: true, completed: true });
      // The same call direct, for online-only clients.
      const direct = await t.request("/api/lesson/progress", {
        method: "POST",
        cookie: device.cookie,
        json: { lesson_id: 2, page: 1 },
      });
      expect(direct.status).toBe(200);
      expect(await direct.json()).toMatchObject({ success: true, lesson_id: 2, page: 1 });
    });

    it("POST /api/lesson/progress refuses bad input with nothing written", async () => {
      const device = await newStudent();
      const before = await rowCounts(t.deps.db, ["lesson_progress"]);
      for (const [body, status, message] of [
        [{ lesson_id: 1, page: 0 }, 400, /page must be positive/],
        [{ lesson_id: "one", page: 1 }, 400, /lesson_id must be a number/],
        [{ lesson_id: 1 }, 400, /page/],
        [{ lesson_id: 1, page: 999 }, 400, /page 999 does not exist/],
        [{ lesson_id: 9999, page: 1 }, 404, /No lesson 9999/],
      ] as const) {
        const res = await t.request("/api/lesson/progress", { method: "POST", cookie: device.cookie, json: body });
        expect(res.status).toBe(status);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
      }
      expect(await rowCounts(t.deps.db, ["lesson_progress"])).toEqual(before);
      expect(
        (await t.request("/api/lesson/progress", { method: "POST", json: { lesson_id: 1, page: 1 } })).status,
      ).toBe(401);
    });

    it("replay refuses a progress test the rules forbid, as a failed mutation with the rule's message", async () => {
      const device = await newStudent();
      const before = await rowCounts(t.deps.db, ["user_tests"]);
      // Meteorology's progress test: Air Law comes first.
      const [met] = await device.pushOk([
        device.mutation("POST /test/generate/progress_test", await startBody(MET_PT)),
      ]);
      expect(met).toMatchObject({
        status: "failed",
        error: { code: "conflict", message: "Air Law module must be completed before you attempt this module." },
      });
      // Air Law's: an initial attempt is allowed once; the second, lessons still unread, is refused.
      const first = await startBody(AIR_LAW_PT, "progress_test_attempt");
      const second = await startBody(AIR_LAW_PT, "progress_test_attempt");
      const [ok, refused] = await device.pushOk([
        device.mutation("POST /test/generate/progress_test_attempt", first),
        device.mutation("POST /test/generate/progress_test_attempt", second),
      ]);
      expect(ok).toMatchObject({ status: "applied" });
      expect(refused).toMatchObject({ status: "failed", error: { message: ACCESS_MESSAGES.previousParts } });
      expect(await rowCounts(t.deps.db, ["user_tests"])).toEqual({ user_tests: (before.user_tests ?? 0) + 1 });
      // The test takes the progress test's title and pass mark, and records which test it is.
      const row = await t.deps.db
        .selectFrom("user_tests")
        .selectAll()
        .where("id", "=", first.user_test_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: "Air Law progress test", pass_percentage: 75, progress_test_id: AIR_LAW_PT });
      // Other questions than the test's own are refused.
      const [foreign] = await device.pushOk([
        device.mutation(
          "POST /test/generate/progress_test",
          await startBody(AIR_LAW_PT, "progress_test", { question_ids: await ptQuestions(MET_PT) }),
        ),
      ]);
      expect(foreign).toMatchObject({ status: "failed" });
      // The override switches the initial-attempt exception off.
      await setAccessSetting(t.deps.db, INITIAL_ATTEMPT_OVERRIDE_SETTING, "1");
      try {
        const other = await newStudent();
        const [overridden] = await other.pushOk([
          other.mutation(
            "POST /test/generate/progress_test_attempt",
            await startBody(AIR_LAW_PT, "progress_test_attempt"),
          ),
        ]);
        expect(overridden).toMatchObject({ status: "failed", error: { message: ACCESS_MESSAGES.previousParts } });
      } finally {
        await setAccessSetting(t.deps.db, INITIAL_ATTEMPT_OVERRIDE_SETTING, "0");
      }
      // A bad pairing of type and progress test is a bad request.
      const [wrongType] = await device.pushOk([
        device.mutation("POST /test/generate/practice", await startBody(AIR_LAW_PT, "practice")),
      ]);
      expect(wrongType).toMatchObject({ status: "failed", error: { code: "bad_request" } });
    });

    it("a target date in the future refuses the start on replay", async () => {
      const cadet = await newStudent("class-2026-a");
      await t.deps.db
        .insertInto("course_dates")
        .values({
          id: randomUUID(),
          class_id: null,
          user_id: cadet.userId,
          module_id: 301,
          start_date: "2026-12-01",
          end_date: "2026-12-31",
        })
        .execute();
      const [refused] = await cadet.pushOk([
        cadet.mutation(
          "POST /test/generate/progress_test_attempt",
          await startBody(AIR_LAW_PT, "progress_test_attempt"),
        ),
      ]);
      expect(refused).toMatchObject({ status: "failed", error: { message: ACCESS_MESSAGES.targetDate } });
      await setAccessSetting(t.deps.db, RESTRICT_TARGET_DATES_SETTING, "unrestricted");
      try {
        const [taken] = await cadet.pushOk([
          cadet.mutation(
            "POST /test/generate/progress_test_attempt",
            await startBody(AIR_LAW_PT, "progress_test_attempt"),
          ),
        ]);
        expect(taken).toMatchObject({ status: "applied" });
      } finally {
        await setAccessSetting(t.deps.db, RESTRICT_TARGET_DATES_SETTING, "parts");
      }
    });

    it("GET /api/user/last-pt-result/{id}: the retry interval after a fail, with the remaining time", async () => {
      const device = await newStudent();
      await readLessons(device, airLawLessons());
      const fresh = lastPtResultReplySchema.parse(
        await (await t.request(`/api/user/last-pt-result/${AIR_LAW_PT}`, { cookie: device.cookie })).json(),
      );
      expect(fresh).toEqual({ can_access: true, remaining_time: 0 });
      // Taken and failed (nothing answered), finished now.
      const body = await startBody(AIR_LAW_PT);
      await device.pushOk([
        device.mutation("POST /test/generate/progress_test", body),
        device.mutation(`POST /test/current/finish/${body.user_test_id}`, {
          flush_session: true,
          finished: t.clock.now().toISOString(),
        }),
      ]);
      const waiting = await (
        await t.request(`/api/user/last-pt-result/${AIR_LAW_PT}`, { cookie: device.cookie })
      ).json();
      expect(waiting).toEqual({ can_access: false, remaining_time: DEMO_RETRY_INTERVAL_MINUTES * 60 });
      expect((await modules(device))[0]?.parts.at(-1)).toMatchObject({ pass: false, attempts: 1, attempted: true });
      // A retry queued now is refused with the wait.
      const [again] = await device.pushOk([
        device.mutation("POST /test/generate/progress_test", await startBody(AIR_LAW_PT), {
          createdAt: t.clock.now().toISOString(),
        }),
      ]);
      expect(again).toMatchObject({ status: "failed", error: { message: ACCESS_MESSAGES.retryIn(3600) } });
      t.clock.advance(DEMO_RETRY_INTERVAL_MINUTES * 60_000);
      try {
        expect(
          await (await t.request(`/api/user/last-pt-result/${AIR_LAW_PT}`, { cookie: device.cookie })).json(),
        ).toEqual({
          can_access: true,
          remaining_time: 0,
        });
      } finally {
        t.clock.advance(-DEMO_RETRY_INTERVAL_MINUTES * 60_000);
      }
      for (const [path, status] of [
        ["/api/user/last-pt-result/abc", 400],
        ["/api/user/last-pt-result/0", 400],
        ["/api/user/last-pt-result/999", 404],
      ] as const)
        expect((await t.request(path, { cookie: device.cookie })).status).toBe(status);
    });

    it("POST /test/verify-questions: the pack versions the device needs, from the packs' question index", async () => {
      const device = await newStudent();
      const post = (json: unknown) =>
        t.request("/test/verify-questions", { method: "POST", cookie: device.cookie, json });
      const verify = async (json: unknown) => {
        const res = await post(json);
        expect(res.status).toBe(200);
        return verifyQuestionsReplySchema.parse(await res.json());
      };
      const release = async () =>
        Number(
          (
            await t.deps.db
              .selectFrom("content_releases")
              .select((eb) => eb.fn.max("version").as("v"))
              .executeTakeFirst()
          )?.v,
        );
      const v1 = await release();
      expect(await verify({ test_id: AIR_LAW_PT, test_type: "progress_test", installed: { "010": v1 } })).toEqual({
        update: false,
        update_type: null,
        subjects: {},
        message: null,
      });
      // A revision of one of the test's questions is published: a device still on the old pack needs it.
      const ids = await ptQuestions(AIR_LAW_PT);
      const bank = structuredClone(fixtures.questions.filter((q) => q.subject === "010"));
      const changed = bank.find((q) => q.id === ids[0]) as (typeof bank)[number];
      changed.question = `${changed.question} (revised)`;
      await importBank(t.deps.db, t.clock, bank, "air law revision");
      const v2 = await release();
      expect(v2).toBeGreaterThan(v1);
      expect(await verify({ test_id: AIR_LAW_PT, test_type: "progress_test", installed: { "010": v1 } })).toEqual({
        update: true,
        update_type: "questions",
        subjects: { "010": v2 },
        message: null,
      });
      expect(
        await verify({ test_id: AIR_LAW_PT, test_type: "progress_test", installed: {}, attempt: 2 }),
      ).toMatchObject({
        update: true,
        message: ACCESS_MESSAGES.outOfDate,
      });
      expect(
        (await verify({ test_id: AIR_LAW_PT, test_type: "progress_test_attempt", installed: { "010": v2 } })).update,
      ).toBe(false);
      // An online-only client (no installed packs named) always takes the newest.
      expect((await verify({ test_id: AIR_LAW_PT, test_type: "progress_test" })).update).toBe(false);
      // Fixed tests, from the fixed-test flow (no attempt).
      const fixed = await t.deps.db
        .selectFrom("fixed_tests")
        .select("id")
        .where("syllabus_id", "=", 3)
        .executeTakeFirstOrThrow();
      expect((await verify({ test_id: fixed.id, test_type: "exam", installed: {} })).update).toBe(true);

      for (const [json, status, message] of [
        [{ test_id: AIR_LAW_PT, test_type: "quiz" }, 400, /test_type must be one of/],
        [{ test_type: "progress_test" }, 400, /test_id/],
        [{ test_id: AIR_LAW_PT, test_type: "progress_test", installed: { air: 1 } }, 400, /three-digit subject codes/],
        [{ test_id: AIR_LAW_PT, test_type: "progress_test", attempt: -1 }, 400, /attempt must not be negative/],
        [{ test_id: AIR_LAW_PT, test_type: "progress_test", extra: 1 }, 400, /extra/],
        [{ test_id: 999, test_type: "progress_test" }, 404, /No progress test 999/],
      ] as const) {
        const res = await post(json);
        expect(res.status).toBe(status);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
      }
    });

    it("GET /test/download-update?type={t}: success and message; an unknown type is a 400", async () => {
      const device = await newStudent();
      const ok = await t.request("/test/download-update?type=questions", { cookie: device.cookie });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ success: true, message: expect.stringMatching(/release \d+/) });
      const bad = await t.request("/test/download-update?type=everything", { cookie: device.cookie });
      expect(bad.status).toBe(400);
      expect((await t.request("/test/download-update?type=questions")).status).toBe(401);
    });

    it("GET /api/syllabi and POST /api/user/active-syllabus: the licence's syllabus choices, switched online", async () => {
      const device = await newStudent();
      const syllabi = syllabiReplySchema.parse(
        await (await t.request("/api/syllabi", { cookie: device.cookie })).json(),
      );
      expect(syllabi.syllabi.map((s) => s.id)).toEqual([1, 2, 3]);
      expect(syllabi.active_syllabus).toEqual({ id: 3 });
      const post = (json?: unknown) =>
        t.request("/api/user/active-syllabus", {
          method: "POST",
          cookie: device.cookie,
          ...(json === undefined ? {} : { json }),
        });
      // Empty: the current syllabus's modules.
      const current = userModulesReplySchema.parse(await (await post()).json());
      expect(current.syllabus.id).toBe(3);
      expect(current.modules.map((m) => m.id)).toEqual([301, 302]);
      const switched = userModulesReplySchema.parse(await (await post({ syllabus: 2, module: 201 })).json());
      expect(switched.syllabus.id).toBe(2);
      expect(switched.modules.map((m) => m.id)).toEqual([201, 202]);
      const me = await t.deps.db
        .selectFrom("users")
        .select("syllabus_id")
        .where("id", "=", device.userId)
        .executeTakeFirst();
      expect(me?.syllabus_id).toBe(2);
      for (const [json, status] of [
        [{ syllabus: 99 }, 403],
        [{ syllabus: "two" }, 400],
        [{ syllabus: 3, module: 201 }, 400],
        [{ other: true }, 400],
      ] as const)
        expect((await post(json)).status).toBe(status);
      const stillTwo = await t.deps.db
        .selectFrom("users")
        .select("syllabus_id")
        .where("id", "=", device.userId)
        .executeTakeFirst();
      expect(stillTwo?.syllabus_id).toBe(2);
      expect(
        (
          await t.request("/api/user/modules", {
            method: "POST",
            cookie: device.cookie,
            headers: { "Content-Type": "application/json" },
            body: "{nope",
          })
        ).status,
      ).toBe(400);
    });

    it("[PL2] the syllabus step carries restrictions, progress tests and the access settings", async () => {
      const device = await newStudent();
      const res = await t.request("/user-sync/syllabus", {
        method: "POST",
        cookie: device.cookie,
        json: { cursor: null },
      });
      const reply = (await res.json()) as {
        modules: { restrictions: Record<string, { lesson_id: number }[]> }[];
        progress_tests: {
          id: number;
          question_ids: number[];
          question_versions: number[];
          allow_initial_attempt: boolean;
        }[];
        access_settings: unknown;
      };
      expect(reply.modules[0]?.restrictions[String(AIR_LAW_PT)]?.map((r) => r.lesson_id)).toEqual(airLawLessons());
      expect(reply.progress_tests.map((p) => p.id)).toEqual([AIR_LAW_PT, MET_PT]);
      expect(reply.progress_tests[0]?.question_ids).toHaveLength(20);
      expect(reply.progress_tests[0]?.question_versions).toHaveLength(20);
      expect(reply.progress_tests[0]?.allow_initial_attempt).toBe(true);
      expect(reply.access_settings).toEqual({ restrict_target_dates: "parts", initial_attempt_override: false });
    });
  });
}
