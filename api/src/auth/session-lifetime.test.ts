import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { DEFAULT_SESSION_LIFETIME, hashToken, LAST_SEEN_INTERVAL_MS, sessionLifetimeFromEnv } from "./session.ts";

const DAY = 24 * 60 * 60 * 1000;
const LOGIN = { email: "student@preflight.test", password: "preflight" };

/**
 * Sessions end after SESSION_IDLE_DAYS without a request and SESSION_MAX_DAYS after sign-in; the
 * device then reads 'Session expired' and signs in again, its outbox kept (spec study 8).
 */
for (const dialect of DIALECTS) {
  describe(`session lifetime [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      t.deps.sessionLifetime = undefined;
      t.deps.secureCookies = undefined;
      t.deps.trustProxy = undefined;
    });

    const session = (cookie: string) =>
      t.deps.db
        .selectFrom("sessions")
        .select(["last_seen_at", "ended_at", "ended_reason"])
        .where("id", "=", hashToken(cookie.split("=")[1] ?? ""))
        .executeTakeFirstOrThrow();
    const me = async (cookie: string) => {
      const res = await t.request("/api/auth/me", { cookie });
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
    };

    it("defaults suit students offline for days: 30 days idle, 90 days in all; the cookie lives as long", async () => {
      expect(DEFAULT_SESSION_LIFETIME).toEqual({ idleDays: 30, maxDays: 90 });
      expect(sessionLifetimeFromEnv({})).toEqual(DEFAULT_SESSION_LIFETIME);
      expect(sessionLifetimeFromEnv({ SESSION_IDLE_DAYS: "7", SESSION_MAX_DAYS: "14" })).toEqual({
        idleDays: 7,
        maxDays: 14,
      });
      expect(sessionLifetimeFromEnv({ SESSION_IDLE_DAYS: "soon", SESSION_MAX_DAYS: "-1" })).toEqual(
        DEFAULT_SESSION_LIFETIME,
      );
      t.deps.sessionLifetime = { idleDays: 7, maxDays: 14 };
      const res = await t.request("/api/auth/login", { method: "POST", json: LOGIN });
      expect(res.headers.get("set-cookie")).toContain(`Max-Age=${14 * 24 * 60 * 60}`);
    });

    it("a session unused for the idle limit ends ('idle_timeout'), and the device reads 'Session expired'", async () => {
      const cookie = await t.login();
      t.clock.advance(29 * DAY);
      expect((await me(cookie)).status).toBe(200); // used on day 29: the idle clock starts again
      t.clock.advance(29 * DAY);
      expect((await me(cookie)).status).toBe(200);
      t.clock.advance(30 * DAY);
      expect(await me(cookie)).toEqual({
        status: 401,
        body: { error: { code: "unauthenticated", message: "Session expired" } },
      });
      expect(await session(cookie)).toMatchObject({
        ended_at: t.clock.now().toISOString(),
        ended_reason: "idle_timeout",
      });
      // A new sign-in works as before.
      expect((await me(await t.login())).status).toBe(200);
    });

    it("a session in daily use still ends at the absolute limit ('expired')", async () => {
      t.deps.sessionLifetime = { idleDays: 30, maxDays: 10 };
      const cookie = await t.login();
      for (let day = 1; day < 10; day++) {
        t.clock.advance(DAY);
        expect((await me(cookie)).status).toBe(200);
      }
      t.clock.advance(DAY);
      expect((await me(cookie)).status).toBe(401);
      expect((await session(cookie)).ended_reason).toBe("expired");
    });

    it("last_seen_at is written at most once per interval, not on every request", async () => {
      const cookie = await t.login();
      const signedIn = (await session(cookie)).last_seen_at;
      t.clock.advance(LAST_SEEN_INTERVAL_MS - 1000);
      await me(cookie);
      await me(cookie);
      expect((await session(cookie)).last_seen_at).toBe(signedIn);
      t.clock.advance(1000);
      await me(cookie);
      expect((await session(cookie)).last_seen_at).toBe(t.clock.now().toISOString());
    });

    describe("Secure cookies", () => {
      const login = (url: string, headers: Record<string, string> = {}) =>
        t.request(url, { method: "POST", json: LOGIN, headers });
      const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.includes("pf_session=")) ?? "";

      it("over plain http: pf_session without Secure", async () => {
        const cookie = sessionCookie(await login("/api/auth/login"));
        expect(cookie).toMatch(/^pf_session=/);
        expect(cookie).not.toContain("Secure");
      });

      it("over https: __Host-pf_session, Secure, Path=/, no Domain; it signs requests in, and sign-out clears it", async () => {
        const cookie = sessionCookie(await login("https://app.preflight.test/api/auth/login"));
        expect(cookie).toMatch(/^__Host-pf_session=/);
        expect(cookie.split("; ")).toEqual(expect.arrayContaining(["Secure", "Path=/", "HttpOnly", "SameSite=Lax"]));
        expect(cookie).not.toContain("Domain");
        const pair = cookie.split(";")[0] ?? "";
        expect((await t.request("https://app.preflight.test/api/auth/me", { cookie: pair })).status).toBe(200);
        const out = await t.request("https://app.preflight.test/api/auth/logout", { method: "POST", cookie: pair });
        expect(sessionCookie(out)).toMatch(/^__Host-pf_session=; Max-Age=0/);
        expect((await t.request("https://app.preflight.test/api/auth/me", { cookie: pair })).status).toBe(401);
      });

      it("behind a proxy: X-Forwarded-Proto https counts only with TRUST_PROXY", async () => {
        const forwarded = { "X-Forwarded-Proto": "https" };
        expect(sessionCookie(await login("/api/auth/login", forwarded))).toMatch(/^pf_session=/);
        t.deps.trustProxy = true;
        expect(sessionCookie(await login("/api/auth/login", forwarded))).toMatch(/^__Host-pf_session=.*Secure/);
        expect(sessionCookie(await login("/api/auth/login", { "X-Forwarded-Proto": "http" }))).toMatch(/^pf_session=/);
      });

      it("SECURE_COOKIES=1 makes every session cookie Secure", async () => {
        t.deps.secureCookies = true;
        expect(sessionCookie(await login("/api/auth/login"))).toMatch(/^__Host-pf_session=.*Secure/);
      });
    });
  });
}
