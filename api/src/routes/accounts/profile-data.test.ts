import { randomUUID } from "node:crypto";
import { profileDataSchema } from "@preflight/sync-protocol/schemas/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

const ALLOWED_SYLLABI = [
  {
    id: 1,
    title: "ATPL(A) - pre-2020 syllabus",
    warning:
      "The pre-2020 syllabus is only for students who began their exams before 2020 under the old learning objectives.",
    school_id: 1,
  },
  {
    id: 2,
    title: "ATPL(A) - 2020 syllabus (excluding example exam questions)",
    warning: "Without the example exam questions some topics have few or no questions.",
    school_id: 1,
  },
  { id: 3, title: "ATPL(A) - 2020 syllabus (including example exam questions)", warning: null, school_id: 1 },
];

for (const dialect of DIALECTS) {
  describe(`GET /api/profile [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    const profile = async (cookie: string) => {
      const res = await t.request("/api/profile", { cookie });
      expect(res.status).toBe(200);
      return profileDataSchema.parse(await res.json());
    };

    it("the demo student: details, one subscription of the account's dates, no class, the allowed schools' exams", async () => {
      const cookie = await t.login("student@preflight.test");
      const me = (await (await t.request("/api/auth/me", { cookie })).json()) as { user: { id: string } };
      const data = await profile(cookie);
      expect(data).toEqual({
        user_id: me.user.id,
        firstname: "Sam",
        lastname: "Student",
        email: "student@preflight.test",
        pending_email: null,
        question_bank_id: 3,
        manual_update: 0,
        subscription: { start: "2026-01-01", end: "2027-12-31", no_expiry: false, free_trial: false },
        userSubscriptions: [{ length: 730, start: "2026-01-01", end: "2027-12-31", kind: "purchase" }],
        student_id: null,
        class: null,
        school: null,
        offline_account: false,
        preferences: expect.arrayContaining([expect.objectContaining({ id: 1 })]),
        user_preferences: [],
        syllabi: ALLOWED_SYLLABI,
      });
      expect(data.preferences.length).toBeGreaterThan(0);
    });

    it("the class student: class, the class's school, student id, and the exams of that school only", async () => {
      const cookie = await t.login("class@preflight.test");
      expect(await profile(cookie)).toMatchObject({
        email: "class@preflight.test",
        student_id: "PFA-2026-017",
        class: { name: "ATPL Integrated 2026-A" },
        school: { id: 2, name: "Preflight Flight Academy" },
        syllabi: [],
      });
      await t.deps.db
        .insertInto("syllabi")
        .values({
          id: 40,
          title: "Academy ATPL(A)",
          licence: "ATPL(A)",
          edition: "2020",
          include_examples: 1,
          active: 1,
          school_id: 2,
          warning: "Academy students only",
        } as never)
        .execute();
      try {
        expect((await profile(cookie)).syllabi).toEqual([
          { id: 40, title: "Academy ATPL(A)", warning: "Academy students only", school_id: 2 },
        ]);
        // A closed school's exam is not offered to a student without a class.
        expect((await profile(await t.login("student@preflight.test"))).syllabi).toEqual(ALLOWED_SYLLABI);
      } finally {
        await t.deps.db.deleteFrom("syllabi").where("id", "=", 40).execute();
      }
    });

    it("lists every subscription held, oldest first; a free trial held today and an open-ended one say so", async () => {
      const student = await newAccount(t, { subscription_start: "2026-11-21", subscription_end: "2026-11-27" });
      const cookie = await t.login(student.email);
      const now = t.clock.now().toISOString();
      const row = (kind: "free_trial" | "purchase", start: string, end: string | null, length: number) => ({
        id: randomUUID(),
        user_id: student.id,
        kind,
        length_days: length,
        start_date: start,
        end_date: end,
        created_at: now,
      });
      await t.deps.db
        .insertInto("user_subscriptions")
        .values([row("free_trial", "2026-11-21", "2026-11-27", 7), row("purchase", "2025-01-01", "2025-12-31", 365)])
        .execute();
      expect(await profile(cookie)).toMatchObject({
        subscription: { start: "2026-11-21", end: "2026-11-27", no_expiry: false, free_trial: true },
        userSubscriptions: [
          { kind: "purchase", start: "2025-01-01", end: "2025-12-31", length: 365 },
          { kind: "free_trial", start: "2026-11-21", end: "2026-11-27", length: 7 },
        ],
      });
      await t.deps.db
        .insertInto("user_subscriptions")
        .values(row("purchase", "2026-11-21", null, 0))
        .execute();
      await t.deps.db.updateTable("users").set({ subscription_end: null }).where("id", "=", student.id).execute();
      expect((await profile(cookie)).subscription).toEqual({
        start: "2026-11-21",
        end: null,
        no_expiry: true,
        free_trial: false,
      });
    });

    it("a student without a subscription has none", async () => {
      const student = await newAccount(t, { subscription_start: null, subscription_end: null });
      expect(await profile(await t.login(student.email))).toMatchObject({
        subscription: { start: null, end: null, no_expiry: false, free_trial: false },
        userSubscriptions: [],
      });
    });

    it("[ID2] needs a session", async () => {
      const res = await t.request("/api/profile");
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Please sign in");
    });
  });
}
