/**
 * A class's course dates, managed by its school's instructor (issue 20; spec study §5: a class's
 * students have their dates managed for the class), on both databases. The demo instructor reads
 * the demo class's dates and replaces them; every student of the class then gets the new dates
 * on their next sync (the syllabus step reports a change against the cursor they held), and a
 * student of no class does not. The replace is checked with the student's own rule and messages
 * (rules/course-dates.ts) and writes nothing when refused; another school's instructor gets the
 * 404 of a class that does not exist, students and the maintenance user a 403.
 */

import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { syllabiDatesReplySchema } from "@preflight/sync-protocol/schemas/profile";
import { type SyllabusStepReply, syllabusStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { SCHOOL_MESSAGES } from "@preflight/sync-protocol/schemas/school";
import {
  CLASS_COURSE_DATES_MESSAGES,
  classCourseDatesReplySchema,
  classCourseDatesUpdateReplySchema,
} from "@preflight/sync-protocol/schemas/school-course-dates";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { rowCounts } from "../../test-support/rows.ts";

const CLASS_ID = "class-2026-a";
const OTHER_CLASS = "elsewhere-2026";
const PATH = `/school/classes/${CLASS_ID}/course-dates`;
const SYLLABUS = { id: 3, name: "ATPL(A) - 2020 syllabus (including example exam questions)" };
/** The demo class's dates as seeded (api/src/demo/seed.ts). */
const SEEDED = [
  { module_id: 301, start: "2026-09-07", end: "2026-10-30" },
  { module_id: 302, start: "2026-11-02", end: "2026-12-18" },
];
const MOVED = [
  { module_id: 301, start: "2026-09-07", end: "2026-11-13" },
  { module_id: 302, start: "2026-11-16", end: "2027-01-29" },
];

for (const dialect of DIALECTS) {
  describe(`a class's course dates: GET and PUT /school/classes/{class_id}/course-dates [${dialect}]`, () => {
    let t: TestApp;
    let instructor: string;
    let otherInstructor: string;

    const get = (cookie?: string, path = PATH) => t.request(path, cookie ? { cookie } : {});
    const put = (body: unknown, cookie: string | undefined = instructor, path = PATH) =>
      t.request(path, { method: "PUT", json: body, ...(cookie ? { cookie } : {}) });
    async function refusal(res: Response) {
      return { status: res.status, error: errorBodySchema.parse(await res.json()).error };
    }
    /** The class's own rows, as stored. */
    const classRows = (classId = CLASS_ID) =>
      t.deps.db
        .selectFrom("course_dates")
        .select(["module_id", "start_date as start", "end_date as end", "user_id"])
        .where("class_id", "=", classId)
        .orderBy("module_id")
        .execute();
    const stored = async () => (await classRows()).map(({ user_id: _, ...row }) => row);
    const pullSyllabus = async (cookie: string, cursor: string | null): Promise<SyllabusStepReply> => {
      const res = await t.request("/user-sync/syllabus", { method: "POST", cookie, json: { cursor } });
      expect(res.status).toBe(200);
      return syllabusStepReplySchema.parse(await res.json());
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await t.deps.db.insertInto("schools").values({ id: 3, name: "Elsewhere Aviation" }).execute();
      await t.deps.db.insertInto("classes").values({ id: OTHER_CLASS, name: "Elsewhere 2026", school_id: 3 }).execute();
      const other = await newAccount(t, { role: "instructor", school_id: 3, syllabus_id: null });
      instructor = await t.login("instructor@preflight.test");
      otherInstructor = await t.login(other.email);
    }, 60_000);
    afterAll(() => t.close());
    // Each test starts from the seeded dates.
    beforeEach(async () => {
      await t.deps.db.deleteFrom("course_dates").where("class_id", "=", CLASS_ID).execute();
      await t.deps.db
        .insertInto("course_dates")
        .values(
          SEEDED.map((d) => ({
            id: `seeded-${d.module_id}`,
            class_id: CLASS_ID,
            user_id: null,
            module_id: d.module_id,
            start_date: d.start,
            end_date: d.end,
          })),
        )
        .execute();
    });

    it("gives the instructor the class's dates per syllabus its students study, every module in order", async () => {
      const res = await get(instructor);
      expect(res.status).toBe(200);
      expect(classCourseDatesReplySchema.parse(await res.json())).toEqual({
        class: { id: CLASS_ID, name: "ATPL Integrated 2026-A" },
        course: [
          {
            syllabus_id: SYLLABUS.id,
            syllabus_name: SYLLABUS.name,
            students: 1,
            modules: [
              { module_id: 301, title: "Air Law", ...SEEDED[0] },
              { module_id: 302, title: "Meteorology", ...SEEDED[1] },
            ],
          },
        ],
      });
    });

    it("replaces the class's dates, and every student of the class gets them on their next sync", async () => {
      const cadet = await t.login("class@preflight.test");
      const classmate = await newAccount(t, { class_id: CLASS_ID });
      const classmateCookie = await t.login(classmate.email);
      const loner = await newAccount(t);
      const lonerCookie = await t.login(loner.email);
      // Each device's last sync, before the instructor's change.
      const before = await Promise.all([cadet, classmateCookie, lonerCookie].map((c) => pullSyllabus(c, null)));
      for (const reply of before.slice(0, 2))
        expect(reply.success && reply.changed && reply.course_dates).toEqual(SEEDED);
      expect(before[2]?.success && before[2].changed && before[2].course_dates).toEqual([]);
      const cursors = before.map((r) => (r.success ? r.cursor : ""));
      // Nothing changed yet: every device is told so.
      for (const [i, c] of [cadet, classmateCookie, lonerCookie].entries())
        expect(await pullSyllabus(c, cursors[i] ?? null)).toMatchObject({ success: true, changed: false });

      const res = await put({ syllabus_id: SYLLABUS.id, modules: MOVED });
      expect(res.status).toBe(200);
      expect(classCourseDatesUpdateReplySchema.parse(await res.json())).toEqual({
        success: true,
        message: "The class's course dates have been updated.",
        class: { id: CLASS_ID, name: "ATPL Integrated 2026-A" },
        course: [
          {
            syllabus_id: SYLLABUS.id,
            syllabus_name: SYLLABUS.name,
            students: 2,
            modules: [
              { module_id: 301, title: "Air Law", ...MOVED[0] },
              { module_id: 302, title: "Meteorology", ...MOVED[1] },
            ],
          },
        ],
      });
      expect(await classRows()).toEqual(MOVED.map((d) => ({ ...d, user_id: null })));

      // The class's students: a change against the cursor they held, with the new dates.
      for (const [i, c] of [cadet, classmateCookie].entries()) {
        const after = await pullSyllabus(c, cursors[i] ?? null);
        expect(after).toMatchObject({ success: true, changed: true, course_dates: MOVED });
        if (after.success) expect(after.cursor).not.toBe(cursors[i]);
      }
      // A student of no class: nothing changed for them.
      expect(await pullSyllabus(lonerCookie, cursors[2] ?? null)).toEqual({
        success: true,
        cursor: cursors[2],
        changed: false,
      });
      // The online modal's read says the same, still managed for the class.
      const listed = syllabiDatesReplySchema.parse(
        await (await t.request("/api/syllabi_dates", { cookie: cadet })).json(),
      );
      expect(listed.class_managed).toBe(true);
      expect(listed.course[0]?.modules.map(({ module_id, start, end }) => ({ module_id, start, end }))).toEqual(MOVED);
    });

    it("takes the modules in any order, judging neighbours in module order", async () => {
      const res = await put({ syllabus_id: SYLLABUS.id, modules: [...MOVED].reverse() });
      expect(res.status).toBe(200);
      expect(await stored()).toEqual(MOVED);
    });

    it("replaces the whole set: a module not named has no class dates afterwards", async () => {
      const res = await put({ syllabus_id: SYLLABUS.id, modules: [MOVED[0]] });
      expect(res.status).toBe(200);
      const reply = classCourseDatesUpdateReplySchema.parse(await res.json());
      expect(reply.course[0]?.modules[1]).toEqual({ module_id: 302, title: "Meteorology", start: null, end: null });
      expect(await stored()).toEqual([MOVED[0]]);
    });

    it("leaves one set of dates when two saves cross, never a mix or two rows for a module", async () => {
      const other = [
        { module_id: 301, start: "2026-10-05", end: "2026-11-27" },
        { module_id: 302, start: "2026-11-30", end: "2027-02-26" },
      ];
      // Several rounds, so the saves meet mid-transaction in some of them.
      for (let round = 0; round < 8; round++) {
        const replies = await Promise.all(
          [MOVED, other, MOVED, other].map((modules) => put({ syllabus_id: SYLLABUS.id, modules })),
        );
        expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        expect([JSON.stringify(MOVED), JSON.stringify(other)]).toContain(JSON.stringify(await stored()));
      }
    });

    const valid = { syllabus_id: SYLLABUS.id, modules: MOVED };
    it.each([
      [
        "overlapping modules",
        { ...valid, modules: [MOVED[0], { module_id: 302, start: "2026-11-13", end: "2027-01-29" }] },
        "Air Law end date: Modules must not overlap\nMeteorology start date: Modules must not overlap",
      ],
      [
        "a start after its end",
        { ...valid, modules: [{ module_id: 301, start: "2026-11-13", end: "2026-09-07" }] },
        "Air Law start date: Start date must be before the end date\nAir Law end date: End date must be after the start date",
      ],
      [
        "a start on its end",
        { ...valid, modules: [{ module_id: 301, start: "2026-11-13", end: "2026-11-13" }] },
        "Air Law start date: Start date must be before the end date",
      ],
      [
        "a date more than 2 years back",
        { ...valid, modules: [{ module_id: 301, start: "2024-11-20", end: "2025-01-10" }] },
        "Air Law start date: Choose a date between 2024-11-21 and 2030-11-21",
      ],
      [
        "a date more than 4 years ahead",
        { ...valid, modules: [{ module_id: 301, start: "2030-10-01", end: "2030-11-22" }] },
        "Air Law end date: Choose a date between 2024-11-21 and 2030-11-21",
      ],
      [
        "a day that is not in the calendar",
        { ...valid, modules: [{ module_id: 301, start: "2027-02-30", end: "2027-03-10" }] },
        "Air Law start date: Enter a date as YYYY-MM-DD",
      ],
      [
        "a date not written YYYY-MM-DD",
        { ...valid, modules: [{ ...MOVED[0], end: "13/11/2026" }] },
        "end: Enter a date as YYYY-MM-DD",
      ],
      [
        "a module of no syllabus of the class",
        { ...valid, modules: [{ module_id: 999, start: "2027-01-01", end: "2027-01-02" }] },
        "Unknown module ids for this syllabus: 999",
      ],
      [
        "a syllabus no student of the class studies",
        { ...valid, syllabus_id: 2 },
        CLASS_COURSE_DATES_MESSAGES.notClassSyllabus,
      ],
      ["no modules", { ...valid, modules: [] }, "modules must name at least one module"],
      ["a module named twice", { ...valid, modules: [MOVED[0], MOVED[0]] }, "modules must not repeat a module"],
      ["no modules field", { syllabus_id: SYLLABUS.id }, "modules"],
      ["a field it does not know", { ...valid, extra: true }, "extra"],
      ["a syllabus id that is no number", { ...valid, syllabus_id: "3" }, "syllabus_id must be a number"],
    ])("refuses %s with a 400 that says so, and writes nothing", async (_, body, message) => {
      const before = await rowCounts(t.deps.db, ["course_dates"]);
      const res = await put(body);
      const { status, error } = await refusal(res);
      expect({ status, code: error.code }).toEqual({ status: 400, code: "bad_request" });
      expect(error.message).toContain(message);
      expect(await stored()).toEqual(SEEDED);
      expect(await rowCounts(t.deps.db, ["course_dates"])).toEqual(before);
    });

    it("answers another school's instructor as for a class that does not exist, and changes nothing", async () => {
      const notFound = {
        status: 404,
        error: expect.objectContaining({ code: "not_found", message: SCHOOL_MESSAGES.classNotFound }),
      };
      expect(await refusal(await get(otherInstructor))).toEqual(notFound);
      expect(await refusal(await put(valid, otherInstructor))).toEqual(notFound);
      const nowhere = "/school/classes/no-such-class/course-dates";
      expect(await refusal(await get(otherInstructor, nowhere))).toEqual(notFound);
      expect(await refusal(await put(valid, otherInstructor, nowhere))).toEqual(notFound);
      // Nor does the demo instructor reach the other school's class.
      const theirs = `/school/classes/${OTHER_CLASS}/course-dates`;
      expect(await refusal(await get(instructor, theirs))).toEqual(notFound);
      expect(await refusal(await put(valid, instructor, theirs))).toEqual(notFound);
      expect(await stored()).toEqual(SEEDED);
      expect(await classRows(OTHER_CLASS)).toEqual([]);
    });

    it("refuses students and the maintenance user with 403, an instructor of no school too, and asks for a session", async () => {
      const student = await t.login("class@preflight.test");
      const admin = await t.login("admin@preflight.test");
      const lost = await newAccount(t, { role: "instructor", school_id: null, syllabus_id: null });
      const lostCookie = await t.login(lost.email);
      for (const cookie of [student, admin, lostCookie]) {
        for (const res of [await get(cookie), await put(valid, cookie)]) {
          const { status, error } = await refusal(res);
          expect({ status, code: error.code }).toEqual({ status: 403, code: "forbidden" });
        }
      }
      expect((await refusal(await put(valid, lostCookie))).error.message).toBe(SCHOOL_MESSAGES.noSchool);
      expect((await get()).status).toBe(401);
      expect((await t.request(PATH, { method: "PUT", json: valid })).status).toBe(401);
      expect(await stored()).toEqual(SEEDED);
    });

    it("answers a malformed class id with a 400 that says what is wrong", async () => {
      const { status, error } = await refusal(await put(valid, instructor, "/school/classes/a%20b/course-dates"));
      expect(status).toBe(400);
      expect(error.message).toContain("class_id must be letters, digits, - or _");
    });
  });
}
