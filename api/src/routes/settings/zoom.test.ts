import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../../test-support/rows.ts";

for (const dialect of DIALECTS) {
  describe(`zoom [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let userId: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000);
      cookie = await t.login();
      userId = ((await (await t.request("/api/auth/me", { cookie })).json()) as { user: { id: string } }).user.id;
    });
    afterAll(() => t.close());

    const zoomOf = async () =>
      (
        await t.deps.db
          .selectFrom("user_settings")
          .select("zoom_tenths")
          .where("user_id", "=", userId)
          .executeTakeFirst()
      )?.zoom_tenths;

    it("keeps the zoom in tenths, for every step from 1.0 to 1.8", async () => {
      for (const zoom of [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.1 + 0.1]) {
        const res = await t.request("/zoom", { method: "POST", cookie, json: { zoom } });
        expect(res.status, String(zoom)).toBe(200);
        expect(await res.json()).toEqual({ success: true });
        expect(await zoomOf()).toBe(Math.round(zoom * 10));
        t.clock.advance(1000);
      }
    });

    it.each([
      [{ zoom: 2.0 }, "zoom must be between 1.0 and 1.8 in steps of 0.1"],
      [{ zoom: 1.25 }, "zoom must be between 1.0 and 1.8 in steps of 0.1"],
      [{ zoom: 0.9 }, "zoom must be between 1.0 and 1.8 in steps of 0.1"],
      [{ zoom: "1.2" }, "zoom must be between 1.0 and 1.8 in steps of 0.1"],
      [{}, "zoom"],
      ["{", "Malformed JSON in request body"],
    ])("[SR13] refuses %j with a 400 and writes nothing", async (body, message) => {
      const before = await rowCounts(t.deps.db, ACTIVITY_TABLES);
      const res =
        typeof body === "string"
          ? await t.request("/zoom", { method: "POST", cookie, headers: { "Content-Type": "application/json" }, body })
          : await t.request("/zoom", { method: "POST", cookie, json: body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
      expect(await rowCounts(t.deps.db, ACTIVITY_TABLES)).toEqual(before);
    });

    it("[SR18] an older zoom replayed late from another device does not undo a newer one", async () => {
      t.clock.advance(60 * 60 * 1000); // 13:00Z, after the direct calls above
      const a = await FakeDevice.signIn(t);
      const older = a.mutation("POST /zoom", { zoom: 1.7 }, { createdAt: "2026-11-21T12:30:00.000Z" });
      const b = await FakeDevice.signIn(t);
      await b.pushOk([b.mutation("POST /zoom", { zoom: 1.3 }, { createdAt: "2026-11-21T12:35:00.000Z" })]);
      cookie = await t.login();
      const res = await t.request("/sync/push", {
        method: "POST",
        cookie,
        json: { protocol: 1, clientId: a.clientId, mutations: [older] },
      });
      expect(((await res.json()) as { results: { status: string }[] }).results[0]?.status).toBe("applied");
      expect(await zoomOf()).toBe(13);
    });

    it("[ID2] needs a session", async () => {
      expect((await t.request("/zoom", { method: "POST", json: { zoom: 1.2 } })).status).toBe(401);
    });
  });
}
