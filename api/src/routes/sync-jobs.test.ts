/**
 * What the jobs panel relies on from the server: GET /sync/check tells while a push of the
 * student's is being applied, and a parked change retried from the device (a new mutation: new
 * id, next seq, same call and body) is applied exactly once, while the parked one's own id keeps
 * answering with its stored failure.
 */
import { randomUUID } from "node:crypto";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../deps.ts";
import type { Replayer } from "../sync/replay.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType } from "../test-support/mutations.ts";
import { syncRoutes } from "./sync.ts";

for (const dialect of DIALECTS) {
  describe(`sync jobs [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      mc = (await questionsByType(t)).multiple_choice;
    });
    afterAll(() => t.close());

    const check = async (cookie: string) =>
      (await (await t.request("/sync/check", { cookie })).json()) as { available: boolean; is_syncing: boolean };

    it("GET /sync/check says is_syncing while one of the student's pushes is being applied, and only theirs", async () => {
      // The route with a replayer that holds each push until the test lets it go; two users
      // signed in for real (the route checks the session itself).
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const replayer = {
        push: async () => {
          await held;
          return [];
        },
      } as unknown as Replayer;
      const app = new Hono<AppEnv>().route("/", syncRoutes(replayer, t.deps));
      const cookies: Record<string, string> = { a: await t.login(), b: await t.login("admin@preflight.test") };
      const checkAs = async (user: string) =>
        (
          (await (await app.request("/sync/check", { headers: { Cookie: cookies[user] ?? "" } })).json()) as {
            is_syncing: boolean;
          }
        ).is_syncing;
      const body = JSON.stringify({
        protocol: 1,
        clientId: randomUUID(),
        mutations: [
          {
            id: randomUUID(),
            clientId: randomUUID(),
            seq: 1,
            userId: "a",
            createdAt: new Date().toISOString(),
            call: "POST /zoom",
            body: {},
          },
        ],
      });
      expect(await checkAs("a")).toBe(false);
      const push = app.request("/sync/push", {
        method: "POST",
        headers: { Cookie: cookies.a ?? "", "Content-Type": "application/json" },
        body,
      });
      await vi.waitFor(async () => expect(await checkAs("a")).toBe(true));
      expect(await checkAs("b")).toBe(false);
      release();
      expect((await push).status).toBe(200);
      expect(await checkAs("a")).toBe(false);
    });

    it.runIf(dialect === "postgres")(
      "on PostgreSQL every instance's GET /sync/check sees a push another instance is applying",
      async () => {
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const replayer = { push: () => held.then(() => []) } as unknown as Replayer;
        // Two instances: each its own routes (and its own memory) over the one database.
        const [one, two] = [1, 2].map(() => new Hono<AppEnv>().route("/", syncRoutes(replayer, t.deps)));
        const device = await FakeDevice.signIn(t, "admin@preflight.test");
        const checkOn = async (app: Hono<AppEnv>) =>
          (
            (await (await app.request("/sync/check", { headers: { Cookie: device.cookie } })).json()) as {
              is_syncing: boolean;
            }
          ).is_syncing;
        const push = one?.request("/sync/push", {
          method: "POST",
          headers: { Cookie: device.cookie, "Content-Type": "application/json" },
          body: JSON.stringify({
            protocol: 1,
            clientId: device.clientId,
            mutations: [device.mutation("POST /zoom", { zoom: 1 })],
          }),
        });
        await vi.waitFor(async () => expect(await checkOn(two as Hono<AppEnv>)).toBe(true));
        release();
        expect((await push)?.status).toBe(200);
        expect(await checkOn(two as Hono<AppEnv>)).toBe(false);
        expect(await checkOn(one as Hono<AppEnv>)).toBe(false);
      },
    );

    it("is_syncing ends even when the push fails", async () => {
      const device = await FakeDevice.signIn(t);
      const stranger = device.mutation("POST /test/current/save", {}, { userId: randomUUID() });
      expect((await device.push([stranger])).status).toBe(403);
      expect((await check(device.cookie)).is_syncing).toBe(false);
    });

    it("[ID1][SR12] a batch with another account's change behind valid ones applies none of it", async () => {
      const device = await FakeDevice.signIn(t);
      const testId = randomUUID();
      const valid = device.mutation("POST /test/generate/practice", generateBody(testId, [(mc[0] as BankQuestion).id]));
      const foreign = device.mutation("POST /zoom", { zoom: 1.2 }, { userId: randomUUID() });
      expect((await device.push([valid, foreign])).status).toBe(403);
      const stored = await t.deps.db
        .selectFrom("mutations")
        .select("id")
        .where("id", "in", [valid.id, foreign.id])
        .execute();
      expect(stored).toEqual([]);
      expect(await t.deps.db.selectFrom("user_tests").select("id").where("id", "=", testId).execute()).toEqual([]);
    });

    it("a refused, recorded change retried as a new mutation is applied once; its old id stays refused", async () => {
      const device = await FakeDevice.signIn(t);
      const testId = randomUUID();
      const q = mc[1] as BankQuestion;
      const body = { user_test_id: testId, question_id: q.id, answers: correctIds(q) };
      // The save reaches the server before its test does (the test is made on another device later).
      const parked = device.mutation("POST /test/current/save", body);
      const [refused] = await device.pushOk([parked]);
      expect(refused).toMatchObject({ status: "failed", error: { code: "not_found" } });

      const direct = await t.request("/test/generate/practice", {
        method: "POST",
        cookie: device.cookie,
        json: generateBody(testId, [q.id]),
      });
      expect(direct.status).toBe(200);

      // Sending the parked one again under its own id only repeats the stored failure (SR1).
      expect((await device.pushOk([parked]))[0]).toMatchObject({ status: "failed", error: { code: "not_found" } });
      // The retry: a new id at the next seq, the same call, body and intent time.
      const retried = device.mutation("POST /test/current/save", body, { createdAt: parked.createdAt });
      expect((await device.pushOk([retried]))[0]).toMatchObject({ status: "applied", reply: { correct: true } });
      // Its reply lost and the retry sent again: a duplicate, nothing more.
      expect((await device.pushOk([retried]))[0]).toMatchObject({ status: "duplicate" });
      const answers = await t.deps.db.selectFrom("answers").selectAll().where("user_test_id", "=", testId).execute();
      expect(answers.map((a) => a.id)).toEqual([retried.id]);
    });

    it("a skipped change's own id answers 'skipped' for ever, so a retry must be a new mutation", async () => {
      const device = await FakeDevice.signIn(t);
      const first = device.mutation("POST /sync/skip", { reason: "http_413: too large" });
      expect((await device.pushOk([first]))[0]).toMatchObject({ status: "failed", error: { code: "skipped" } });
      const sameId = { ...first, call: "POST /zoom", body: { zoom: 1.2 } };
      expect((await device.pushOk([sameId]))[0]).toMatchObject({ status: "failed", error: { code: "skipped" } });
      const retried = device.mutation("POST /zoom", { zoom: 1.2 });
      expect((await device.pushOk([retried]))[0]).toMatchObject({ status: "applied" });
    });
  });
}
