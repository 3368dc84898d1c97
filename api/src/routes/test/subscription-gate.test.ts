/**
 * Issue 15, access by subscription: a new test starts only while the student's subscription or
 * free trial runs; tests already started are answered and finished whatever happens to the
 * subscription; a school's fixed test starts without one. The server judges the day at the
 * intent's time (arrival less the wait in the outbox), in the last time zone to reach it.
 */
import { randomUUID } from "node:crypto";
import { type FixedTest, fixedTestsReplySchema } from "@preflight/sync-protocol/schemas/fixed";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsersTable } from "../../db/schema.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, generateBody, questionsByType } from "../../test-support/mutations.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const dialect of DIALECTS) {
  describe(`new tests need a running subscription [${dialect}]`, () => {
    let t: TestApp;
    let questionIds: number[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      questionIds = (await questionsByType(t)).multiple_choice.slice(0, 3).map((q) => q.id);
    });
    afterAll(() => t.close());

    /** A student of their own whose subscription is as given, signed in on a device. */
    async function studentWith(dates: Pick<Insertable<UsersTable>, "subscription_start" | "subscription_end">) {
      const device = await FakeDevice.signInAsNewStudent(t);
      await t.deps.db.updateTable("users").set(dates).where("id", "=", device.userId).execute();
      return device;
    }
    const today = () => t.clock.now().toISOString().slice(0, 10);
    const dayOffset = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
    const testRows = (userId: string) =>
      t.deps.db.selectFrom("user_tests").select(["id"]).where("user_id", "=", userId).execute();
    const generateOnline = (device: FakeDevice, body = generateBody(randomUUID(), questionIds)) =>
      t.request("/test/generate/practice", { method: "POST", cookie: device.cookie, json: body });

    it("refuses a practice test online once the subscription ended, says when, and writes nothing", async () => {
      // Two days ago: yesterday is still the end day in the last time zone until noon UTC.
      const device = await studentWith({ subscription_start: "2025-01-01", subscription_end: dayOffset(-2) });
      const res = await generateOnline(device);
      expect(res.status).toBe(403);
      const [y, m, d] = dayOffset(-2).split("-");
      expect(await res.json()).toEqual({
        error: {
          code: "subscription_required",
          message: `Your subscription ended on ${d}/${m}/${y}: extend it on the Subscription page to start new tests. Your lessons, results and flagged questions stay open.`,
        },
      });
      expect(await testRows(device.userId)).toEqual([]);
    });

    it("refuses the same test pushed from the outbox as a failed mutation, the queue moving on", async () => {
      const device = await studentWith({ subscription_start: null, subscription_end: null });
      const [result] = await device.pushOk([
        device.mutation("POST /test/generate/practice", generateBody(randomUUID(), questionIds), {
          createdAt: t.clock.now().toISOString(),
        }),
      ]);
      expect(result).toMatchObject({
        status: "failed",
        error: { code: "subscription_required", message: expect.stringMatching(/^New tests need a subscription/) },
      });
      expect(await testRows(device.userId)).toEqual([]);
    });

    it("names an ended free trial as such", async () => {
      const device = await studentWith({ subscription_start: dayOffset(-9), subscription_end: dayOffset(-2) });
      await t.deps.db
        .insertInto("user_subscriptions")
        .values({
          id: randomUUID(),
          user_id: device.userId,
          kind: "free_trial",
          length_days: 8,
          start_date: dayOffset(-9),
          end_date: dayOffset(-2),
          created_at: t.clock.now().toISOString(),
        })
        .execute();
      const res = await generateOnline(device);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /^Your free trial ended on /,
      );
    });

    it("lets a running subscription, a running free trial and one without expiry start tests", async () => {
      for (const dates of [
        { subscription_start: "2026-01-01", subscription_end: today() },
        { subscription_start: "2026-01-01", subscription_end: null },
      ]) {
        const device = await studentWith(dates);
        expect((await generateOnline(device)).status).toBe(200);
      }
    });

    it("still counts the end day while it is that day anywhere: until noon UTC of the next day", async () => {
      const end = today();
      const device = await studentWith({ subscription_start: "2026-01-01", subscription_end: end });
      const midnight = Date.parse(`${end}T00:00:00Z`) + DAY;
      const clockAt = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
      const start = t.clock.now().getTime();
      try {
        clockAt(midnight + 11 * HOUR);
        expect((await generateOnline(device)).status).toBe(200);
        clockAt(midnight + 12 * HOUR + 1000);
        expect((await generateOnline(device)).status).toBe(403);
      } finally {
        clockAt(start);
      }
    });

    it("accepts a test started offline on the last day and pushed two days later, judged by when it was started", async () => {
      const device = await studentWith({ subscription_start: "2026-01-01", subscription_end: today() });
      const startedAt = t.clock.now().toISOString();
      const testId = randomUUID();
      const body = { ...generateBody(testId, questionIds), started: startedAt };
      const base = t.clock.now().getTime();
      t.clock.advance(2 * DAY);
      try {
        const res = await t.request("/sync/push", {
          method: "POST",
          cookie: device.cookie,
          json: {
            protocol: 1,
            clientId: device.clientId,
            sentAt: t.clock.now().toISOString(),
            mutations: [device.mutation("POST /test/generate/practice", body, { createdAt: startedAt })],
          },
        });
        const { results } = (await res.json()) as { results: { status: string }[] };
        expect(results[0]?.status).toBe("applied");
        // A push that does not say when it was sent is judged by its arrival: past the end.
        const late = await device.pushOk([
          device.mutation("POST /test/generate/practice", generateBody(randomUUID(), questionIds), {
            createdAt: startedAt,
          }),
        ]);
        expect(late[0]).toMatchObject({ status: "failed", error: { code: "subscription_required" } });
      } finally {
        t.clock.advance(base - t.clock.now().getTime());
      }
    });

    it("answers and finishes a test started in time after the subscription ended, and keeps its result readable", async () => {
      const device = await studentWith({ subscription_start: "2026-01-01", subscription_end: today() });
      const testId = randomUUID();
      expect((await generateOnline(device, generateBody(testId, questionIds))).status).toBe(200);
      await t.deps.db
        .updateTable("users")
        .set({ subscription_end: "2026-01-31" })
        .where("id", "=", device.userId)
        .execute();
      const questions = await questionsByType(t);
      const first = questions.multiple_choice.find((q) => q.id === questionIds[0]);
      const save = await t.request("/test/current/save", {
        method: "POST",
        cookie: device.cookie,
        json: { user_test_id: testId, question_id: first?.id, answers: [first?.answers[0]?.id] },
      });
      expect(save.status).toBe(200);
      const finish = await t.request(`/test/current/finish/${testId}`, {
        method: "POST",
        cookie: device.cookie,
        json: { flush_session: true },
      });
      expect(finish.status).toBe(200);
      expect(await finish.json()).toMatchObject({ result: { id: testId, answered: 1 } });
      expect((await generateOnline(device)).status).toBe(403);
    });

    it("starts a school's fixed test without a subscription: the school sets it", async () => {
      const device = await studentWith({ subscription_start: null, subscription_end: null });
      const reply = fixedTestsReplySchema.parse(
        await (await t.request("/api/user/fixed_tests", { cookie: device.cookie })).json(),
      );
      const open = reply.tests.find((x) => x.title === "Air Law mock exam") as FixedTest;
      const res = await t.request("/test/generate/exam", {
        method: "POST",
        cookie: device.cookie,
        json: {
          user_test_id: randomUUID(),
          test_type: "exam",
          title: open.title,
          display_answers: "after_test",
          time_limit: null,
          pass_percentage: null,
          question_ids: open.question_ids,
          question_versions: open.question_versions,
          started: t.clock.now().toISOString(),
          fixed_test_id: open.id,
        },
      });
      expect(res.status).toBe(200);
    });
  });
}
