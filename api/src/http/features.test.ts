/**
 * Components switched off are refused by the server (issue 14): every call that depends on the
 * flagged or the seen-in-exam component answers 404 with the one error envelope and writes
 * nothing, online and when a queued change is replayed through /sync/push; switched on, the
 * same calls are accepted.
 */
import { randomUUID } from "node:crypto";
import type { Features } from "@preflight/sync-protocol/schemas/auth";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { featuresFromEnv } from "../deps.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { FakeDevice, generateBody, questionsByType } from "../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../test-support/rows.ts";
import { FEATURE_OFF_MESSAGES, type Feature, featureOn } from "./features.ts";

const ALL_ON: Features = { flagged: true, seen_in_exam: true, ai_tutor: true, display_answers: true };
const off = (feature: Feature): Features => ({ ...ALL_ON, [feature]: false });

/** A call that depends on a component: online as a request, queued as an outbox change (writes only). */
interface FeatureCall {
  name: string;
  feature: Feature;
  online: (questionId: number) => { method: "GET" | "POST"; path: string; json?: unknown };
  queued?: (questionId: number) => { call: string; body: unknown };
}

const seenReport = () => ({ report_id: randomUUID(), date_seen: "2026-10", authority: "de_lba" });

const CALLS: FeatureCall[] = [
  {
    name: "flag a question",
    feature: "flagged",
    online: (id) => ({ method: "POST", path: "/api/question/flag", json: { question_id: id, flagged: true } }),
    queued: (id) => ({ call: "POST /api/question/flag", body: { question_id: id, flagged: true } }),
  },
  {
    name: "unflag all",
    feature: "flagged",
    online: () => ({ method: "POST", path: "/api/question/unflag_all", json: {} }),
    queued: () => ({ call: "POST /api/question/unflag_all", body: {} }),
  },
  {
    name: "the Flagged Questions list",
    feature: "flagged",
    online: () => ({ method: "POST", path: "/api/user/flagged", json: { subject: "010" } }),
  },
  {
    name: "report a question seen in exam",
    feature: "seen_in_exam",
    online: (id) => ({ method: "POST", path: `/questions/${id}/seen-in-exam`, json: seenReport() }),
    queued: (id) => ({ call: `POST /questions/${id}/seen-in-exam`, body: seenReport() }),
  },
  {
    name: "the authorities a report names",
    feature: "seen_in_exam",
    online: () => ({ method: "GET", path: "/api/authorities" }),
  },
];

describe("featureOn", () => {
  it("reads the deployment's switches, and the defaults when none are set", () => {
    expect(featureOn({ features: off("flagged") }, "flagged")).toBe(false);
    expect(featureOn({ features: off("flagged") }, "seen_in_exam")).toBe(true);
    expect(featureOn({}, "flagged")).toBe(true);
    expect(featureOn({}, "seen_in_exam")).toBe(true);
    expect(featureOn({}, "ai_tutor")).toBe(false);
    expect(featureOn({}, "display_answers")).toBe(true);
  });

  it("PREFLIGHT_FEATURES names the components on; display_answers is one of them", () => {
    expect(featuresFromEnv("flagged,display_answers")).toEqual({
      flagged: true,
      seen_in_exam: false,
      ai_tutor: false,
      display_answers: true,
    });
    expect(featuresFromEnv("flagged, seen_in_exam").display_answers).toBe(false);
    expect(featuresFromEnv(undefined).display_answers).toBe(true);
  });
});

for (const dialect of DIALECTS) {
  describe(`components switched off are refused by the server [${dialect}]`, () => {
    let t: TestApp;
    let device: FakeDevice;
    let questionIds: number[];
    let airLawId: number;
    let next = 0;
    const aQuestion = () => questionIds[next++ % questionIds.length] as number;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000); // 12:00Z, later than every device intent
      const multipleChoice = (await questionsByType(t)).multiple_choice;
      questionIds = multipleChoice.slice(0, 20).map((q) => q.id);
      airLawId = (multipleChoice.find((q) => q.subject === "010" && !questionIds.includes(q.id)) ?? { id: 0 }).id;
      device = await FakeDevice.signInAsNewStudent(t);
    });
    afterEach(() => {
      t.deps.features = undefined;
    });
    afterAll(() => t.close());

    const request = (call: ReturnType<FeatureCall["online"]>) =>
      t.request(call.path, { method: call.method, cookie: device.cookie, json: call.json });
    const counts = () => rowCounts(t.deps.db, ACTIVITY_TABLES);

    for (const call of CALLS) {
      it(`${call.name}, online: 404 with the envelope and nothing written when ${call.feature} is off`, async () => {
        t.deps.features = off(call.feature);
        const before = await counts();
        const res = await request(call.online(aQuestion()));
        expect(res.status).toBe(404);
        expect(errorBodySchema.parse(await res.json()).error).toEqual({
          code: "not_found",
          message: FEATURE_OFF_MESSAGES[call.feature],
        });
        expect(await counts()).toEqual(before);
      });

      it(`${call.name}, online: accepted when ${call.feature} is on`, async () => {
        t.deps.features = ALL_ON;
        const res = await request(call.online(aQuestion()));
        expect(res.status).toBe(200);
      });

      const queued = call.queued;
      if (!queued) continue;

      it(`${call.name}, queued: the replayed change is refused with not_found and writes nothing when ${call.feature} is off`, async () => {
        t.deps.features = off(call.feature);
        const before = await counts();
        const { call: template, body } = queued(aQuestion());
        const change = device.mutation(template, body);
        const results = await device.pushOk([change]);
        expect(results).toEqual([
          expect.objectContaining({
            status: "failed",
            error: { code: "not_found", message: FEATURE_OFF_MESSAGES[call.feature] },
          }),
        ]);
        // Only the replay's bookkeeping row (the change's refusal, so a resend answers the same);
        // the push also prunes the rows of the device's changes acknowledged before it (SR23).
        const after = await counts();
        expect({ ...after, mutations: before.mutations }).toEqual(before);
        const stored = await t.deps.db.selectFrom("mutations").select("status").where("id", "=", change.id).execute();
        expect(stored).toEqual([{ status: "failed" }]);
      });

      it(`${call.name}, queued: the replayed change applies when ${call.feature} is on`, async () => {
        t.deps.features = ALL_ON;
        const { call: template, body } = queued(aQuestion());
        const results = await device.pushOk([device.mutation(template, body)]);
        expect(results).toEqual([expect.objectContaining({ status: "applied" })]);
      });
    }

    it("a flag refused while flagging was off is not applied later: the row stays as it was", async () => {
      const id = aQuestion();
      t.deps.features = off("flagged");
      const refused: Mutation = device.mutation("POST /api/question/flag", { question_id: id, flagged: true });
      await device.pushOk([refused]);
      t.deps.features = ALL_ON;
      // The same change resent is answered from its record, not replayed now that flagging is on.
      expect(await device.pushOk([refused])).toEqual([expect.objectContaining({ status: "failed" })]);
      const row = await t.deps.db
        .selectFrom("flags")
        .select("flagged")
        .where("user_id", "=", device.userId)
        .where("question_id", "=", id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    describe("the display_answers switch (study §6): off, a new test shows answers after the test", () => {
      const generate = (display: string) => {
        const testId = randomUUID();
        return {
          path: "/test/generate/practice",
          call: "POST /test/generate/practice",
          body: { ...generateBody(testId, [aQuestion()]), display_answers: display },
        };
      };

      it("off: a test choosing another display is refused online, and nothing is written", async () => {
        t.deps.features = off("display_answers");
        const before = await counts();
        const { path, body } = generate("after_choice");
        const res = await t.request(path, { method: "POST", cookie: device.cookie, json: body });
        expect(res.status).toBe(400);
        expect(errorBodySchema.parse(await res.json()).error).toEqual({
          code: "bad_request",
          message: FEATURE_OFF_MESSAGES.display_answers,
        });
        expect(await counts()).toEqual(before);
      });

      it("off: the same choice queued on a stale device is refused when replayed", async () => {
        t.deps.features = off("display_answers");
        const { call, body } = generate("before_choice");
        expect(await device.pushOk([device.mutation(call, body)])).toEqual([
          expect.objectContaining({
            status: "failed",
            error: { code: "bad_request", message: FEATURE_OFF_MESSAGES.display_answers },
          }),
        ]);
      });

      it("off: the default (after_test) is taken", async () => {
        t.deps.features = off("display_answers");
        const { path, body } = generate("after_test");
        const res = await t.request(path, { method: "POST", cookie: device.cookie, json: body });
        expect(res.status).toBe(200);
      });

      it("on: every display choice is taken", async () => {
        t.deps.features = ALL_ON;
        for (const display of ["after_choice", "before_choice"]) {
          const { path, body } = generate(display);
          const res = await t.request(path, { method: "POST", cookie: device.cookie, json: body });
          expect(res.status).toBe(200);
        }
      });

      it("the me reply tells the device the switch", async () => {
        t.deps.features = off("display_answers");
        const res = await t.request("/api/auth/me", { cookie: device.cookie });
        expect(((await res.json()) as { user: { features: Features } }).user.features.display_answers).toBe(false);
      });
    });

    it("the practice builder's topic list does not depend on flagging", async () => {
      t.deps.features = off("flagged");
      const res = await t.request("/api/question_topic?subject_code=010", { cookie: device.cookie });
      expect(res.status).toBe(200);
    });

    it("with seen-in-exam off, the Flagged Questions list shows no seen-in-exam reports", async () => {
      t.deps.features = ALL_ON;
      const id = airLawId;
      const flag = await request({
        method: "POST",
        path: "/api/question/flag",
        json: { question_id: id, flagged: true },
      });
      expect(flag.status).toBe(200);
      const seen = await request({ method: "POST", path: `/questions/${id}/seen-in-exam`, json: seenReport() });
      expect(seen.status).toBe(200);
      const list = async () => {
        const res = await request({ method: "POST", path: "/api/user/flagged", json: { subject: "010" } });
        const body = (await res.json()) as { data: { question: { id: number; seen_in_exam: unknown[] } }[] };
        return body.data.find((item) => item.question.id === id)?.question.seen_in_exam;
      };
      expect(await list()).toHaveLength(1);
      t.deps.features = off("seen_in_exam");
      expect(await list()).toEqual([]);
    });
  });
}
