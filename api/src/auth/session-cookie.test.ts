import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";

/** The session cookie a sign-in sets, and what the server keeps of it. */
for (const dialect of DIALECTS) {
  describe(`session cookie [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("[ID4] a random 32-byte token, httpOnly, SameSite=Lax, kept 90 days; the server stores only its sha256", async () => {
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await t.request("/api/auth/login", {
          method: "POST",
          json: { email: "student@preflight.test", password: "preflight" },
        });
        expect(res.status).toBe(200);
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pf_session="));
        const [pair = "", ...attributes] = (cookie ?? "").split("; ");
        const token = pair.slice("pf_session=".length);
        expect(Buffer.from(token, "base64url")).toHaveLength(32);
        expect(attributes).toEqual(expect.arrayContaining(["Max-Age=7776000", "Path=/", "HttpOnly", "SameSite=Lax"]));
        expect(attributes).not.toContain("Secure"); // plain http here; SECURE_COOKIES=1 adds it over https
        tokens.push(token);
      }
      expect(tokens[0]).not.toBe(tokens[1]);
      const rows = await t.deps.db.selectFrom("sessions").selectAll().execute();
      const stored = JSON.stringify(rows);
      for (const token of tokens) {
        expect(stored).not.toContain(token);
        expect(rows.map((r) => r.id)).toContain(createHash("sha256").update(token).digest("hex"));
      }
    });

    it("[ID10] a request on a session ended by a sign-in elsewhere is refused without deleting the session cookie", async () => {
      const old = await t.login();
      const fresh = await t.login();
      const res = await t.request("/api/auth/me", { cookie: old });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("session_replaced");
      const cookies = res.headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith("pf_logged_out="))).toBe(true);
      expect(cookies.filter((c) => c.startsWith("pf_session="))).toEqual([]);
      expect((await t.request("/api/auth/me", { cookie: fresh })).status).toBe(200);
    });
  });
}
