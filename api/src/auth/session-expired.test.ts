import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";

/** Spec study 8: a request on a session that has ended is answered 'Session expired' (the page then signs in). */
for (const dialect of DIALECTS) {
  describe(`session expired [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("an ended session and an unknown one say 'Session expired'; no cookie says 'Please sign in'", async () => {
      const cookie = await t.login();
      expect((await t.request("/api/auth/logout", { method: "POST", cookie })).status).toBe(200);
      const ended = await t.request("/api/user/active-syllabus", { method: "POST", cookie, json: {} });
      expect(ended.status).toBe(401);
      expect(await ended.json()).toEqual({ error: { code: "unauthenticated", message: "Session expired" } });

      const unknown = await t.request("/api/syllabi", { cookie: "pf_session=not-a-session" });
      expect(unknown.status).toBe(401);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe("Session expired");

      const none = await t.request("/api/syllabi");
      expect(none.status).toBe(401);
      expect(((await none.json()) as { error: { message: string } }).error.message).toBe("Please sign in");
    });
  });
}
