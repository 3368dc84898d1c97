import { CLASS_MANAGED_REFUSAL, COURSE_DATES_UPDATED_MESSAGE } from "@preflight/sync-protocol/rules/course-dates";
import { courseDatesReplySchema } from "@preflight/sync-protocol/schemas/profile";
import { syllabusStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";
import { rowCounts } from "../../test-support/rows.ts";

const TABLES = ["course_dates", "mutations"] as const;
const DATES = {
  syllabus_id: 3,
  modules: [
    { module_id: 301, start: "2026-12-01", end: "2027-01-29" },
    { module_id: 302, start: "2027-02-01", end: "2027-03-31" },
  ],
};

for (const dialect of DIALECTS) {
  describe(`course dates [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
    });
    afterAll(() => t.close());

    const post = (body: unknown, who = cookie) =>
      t.request("/profile/course-dates", { method: "POST", cookie: who, json: body });
    const ownDates = async (email: string) =>
      t.deps.db
        .selectFrom("course_dates")
        .innerJoin("users", "users.id", "course_dates.user_id")
        .select(["module_id", "start_date", "end_date"])
        .where("users.email", "=", email)
        .orderBy("module_id")
        .execute();

    it("keeps the student's own dates and replies with them; the syllabus step sends them", async () => {
      const res = await post(DATES);
      expect(res.status).toBe(200);
      expect(courseDatesReplySchema.parse(await res.json())).toEqual({
        success: true,
        message: COURSE_DATES_UPDATED_MESSAGE,
        syncData: { pull: ["syllabus"] },
        course_dates: DATES.modules,
      });
      expect(await ownDates("student@preflight.test")).toEqual([
        { module_id: 301, start_date: "2026-12-01", end_date: "2027-01-29" },
        { module_id: 302, start_date: "2027-02-01", end_date: "2027-03-31" },
      ]);
      const pulled = syllabusStepReplySchema.parse(
        await (await t.request("/user-sync/syllabus", { method: "POST", cookie, json: { cursor: null } })).json(),
      );
      expect(pulled.success && pulled.changed && pulled.course_dates).toEqual(DATES.modules);
      const listed = await (await t.request("/api/syllabi_dates", { cookie })).json();
      expect(listed).toMatchObject({
        class_managed: false,
        course: [
          { syllabus_id: 3, modules: [{ module_id: 301, title: "Air Law", start: "2026-12-01" }, { module_id: 302 }] },
        ],
      });
    });

    it("changes one module, checked against the dates held for the others", async () => {
      const res = await post({ syllabus_id: 3, modules: [{ module_id: 302, start: "2027-01-15", end: "2027-03-31" }] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Air Law end date: Modules must not overlap\nMeteorology start date: Modules must not overlap",
      );
      const ok = await post({ syllabus_id: 3, modules: [{ module_id: 302, start: "2027-02-02", end: "2027-04-30" }] });
      expect(ok.status).toBe(200);
      expect((await ownDates("student@preflight.test")).map((d) => d.end_date)).toEqual(["2027-01-29", "2027-04-30"]);
    });

    it.each([
      [
        { ...DATES, modules: [{ module_id: 301, start: "2027-01-10", end: "2027-01-01" }] },
        "Start date must be before the end date",
      ],
      [
        { ...DATES, modules: [{ module_id: 301, start: "2027-01-10", end: "2027-01-01" }] },
        "End date must be after the start date",
      ],
      [
        { ...DATES, modules: [{ module_id: 301, start: "2024-11-20", end: "2025-01-01" }] },
        "Choose a date between 2024-11-21 and 2030-11-21",
      ],
      [
        { ...DATES, modules: [{ module_id: 301, start: "2027-02-30", end: "2027-03-01" }] },
        "Enter a date as YYYY-MM-DD",
      ],
      [
        { ...DATES, modules: [{ module_id: 999, start: "2027-01-01", end: "2027-01-02" }] },
        "Unknown module ids for your syllabus: 999",
      ],
      [{ ...DATES, syllabus_id: 2 }, "syllabus_id: this is not your syllabus"],
      [{ ...DATES, modules: [] }, "modules must name at least one module"],
      [{ ...DATES, modules: [DATES.modules[0], DATES.modules[0]] }, "modules must not repeat a module"],
      [
        { ...DATES, modules: [{ module_id: 301, start: "1/12/2026", end: "2027-01-01" }] },
        "start: Enter a date as YYYY-MM-DD",
      ],
      [{ syllabus_id: 3 }, "modules"],
      [{ ...DATES, extra: true }, "extra"],
    ])("refuses %j with a 400 and writes nothing", async (body, message) => {
      const before = await rowCounts(t.deps.db, [...TABLES]);
      const stored = await ownDates("student@preflight.test");
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
      expect(await ownDates("student@preflight.test")).toEqual(stored);
      expect((await rowCounts(t.deps.db, [...TABLES])).course_dates).toBe(before.course_dates);
    });

    it("refuses a student whose dates are managed for their class", async () => {
      const classCookie = await t.login("class@preflight.test");
      const before = await rowCounts(t.deps.db, ["course_dates"]);
      const res = await post(DATES, classCookie);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "forbidden", message: CLASS_MANAGED_REFUSAL } });
      expect(await rowCounts(t.deps.db, ["course_dates"])).toEqual(before);
      expect(await ownDates("class@preflight.test")).toEqual([]);
      // Queued from a device, it is refused on record and changes nothing.
      const device = await FakeDevice.signIn(t, "class@preflight.test");
      const [result] = await device.pushOk([device.mutation("POST /profile/course-dates", DATES)]);
      expect(result).toMatchObject({ status: "failed", error: { code: "forbidden" } });
      expect(await ownDates("class@preflight.test")).toEqual([]);
      expect(await (await t.request("/api/syllabi_dates", { cookie: device.cookie })).json()).toMatchObject({
        class_managed: true,
      });
    });

    it("[SR1] applies a queued change exactly once, however often it is sent", async () => {
      const device = await FakeDevice.signIn(t);
      cookie = device.cookie;
      const body = { syllabus_id: 3, modules: [{ module_id: 301, start: "2026-11-30", end: "2027-01-20" }] };
      const mutation = device.mutation("POST /profile/course-dates", body);
      const [first] = await device.pushOk([mutation]);
      const [again] = await device.pushOk([mutation]);
      expect(first).toMatchObject({ status: "applied" });
      expect(again).toMatchObject({ status: "duplicate" });
      const rows = await ownDates("student@preflight.test");
      expect(rows.filter((r) => r.module_id === 301)).toEqual([
        { module_id: 301, start_date: "2026-11-30", end_date: "2027-01-20" },
      ]);
    });

    it("[ID2] needs a session", async () => {
      expect((await t.request("/profile/course-dates", { method: "POST", json: DATES })).status).toBe(401);
      expect((await t.request("/api/syllabi_dates")).status).toBe(401);
    });
  });
}
