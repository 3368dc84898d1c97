import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { DEMO_FIXED_TEST_PASSWORD } from "../demo/fixed-tests.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { LIMITS } from "./limits.ts";

const STUDENT = "student@preflight.test";
const SECOND = 1000;

for (const dialect of DIALECTS) {
  describe(`brute-force limits [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      // Each test signs in from its own address (first X-Forwarded-For hop), so address buckets stay apart.
      t.deps.trustProxy = true;
    });
    afterAll(() => t.close());

    const login = (email: string, password: string, from: string) =>
      t.request("/api/auth/login", { method: "POST", json: { email, password }, headers: { "X-Forwarded-For": from } });
    const failTimes = async (n: number, email: string, from: string) => {
      for (let i = 0; i < n; i++) expect((await login(email, "wrong-password", from)).status).toBe(401);
    };
    const expectRefused = async (res: Response, seconds: number) => {
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toBe(String(seconds));
      const body = (await res.json()) as { error: { code: string; message: string; details: unknown } };
      expect(body.error.code).toBe("too_many_requests");
      expect(body.error.details).toEqual({ retry_after_seconds: seconds });
      return body.error.message;
    };

    it("refuses sign-in for 30 s after 5 wrong passwords, even with the right one", async () => {
      await failTimes(5, STUDENT, "198.51.100.1");
      const message = await expectRefused(await login(STUDENT, "preflight", "198.51.100.1"), 30);
      expect(message).toBe("Too many attempts. Please wait 1 minute and try again.");
      // From another address too: the account's own bucket is closed.
      await expectRefused(await login(STUDENT, "preflight", "198.51.100.2"), 30);
      t.clock.advance(30 * SECOND);
      expect((await login(STUDENT, "preflight", "198.51.100.1")).status).toBe(200);
    });

    it("makes each further wrong password wait twice as long, and a success resets the account's count", async () => {
      const email = "class@preflight.test";
      await failTimes(5, email, "198.51.100.3");
      t.clock.advance(30 * SECOND);
      await failTimes(1, email, "198.51.100.3");
      await expectRefused(await login(email, "preflight", "198.51.100.3"), 60);
      t.clock.advance(60 * SECOND);
      await failTimes(1, email, "198.51.100.3");
      await expectRefused(await login(email, "preflight", "198.51.100.3"), 120);
      t.clock.advance(120 * SECOND);
      expect((await login(email, "preflight", "198.51.100.3")).status).toBe(200);
      // Counted from nothing again: 5 more wrong ones before the first wait.
      await failTimes(5, email, "198.51.100.3");
      await expectRefused(await login(email, "preflight", "198.51.100.3"), 30);
      t.clock.advance(30 * SECOND);
    });

    it("answers an unknown e-mail exactly like a known one", async () => {
      const known = await login("admin@preflight.test", "wrong-password", "198.51.100.4");
      const unknown = await login("nobody@preflight.test", "wrong-password", "198.51.100.4");
      expect(unknown.status).toBe(known.status);
      expect(await unknown.json()).toEqual(await known.json());
      await failTimes(4, "nobody@preflight.test", "198.51.100.4");
      await failTimes(4, "admin@preflight.test", "198.51.100.4");
      const refusedUnknown = await login("nobody@preflight.test", "x", "198.51.100.4");
      const refusedKnown = await login("admin@preflight.test", "x", "198.51.100.4");
      expect(refusedUnknown.headers.get("Retry-After")).toBe(refusedKnown.headers.get("Retry-After"));
      expect(await refusedUnknown.json()).toEqual(await refusedKnown.json());
      t.clock.advance(30 * SECOND);
    });

    it("limits one address across many accounts, leaving other addresses alone", async () => {
      const from = "203.0.113.9";
      for (let i = 0; i < LIMITS.loginAddress.freeFailures; i++) await failTimes(1, `guess${i}@preflight.test`, from);
      await expectRefused(await login("fresh@preflight.test", "wrong-password", from), 30);
      await expectRefused(await login(STUDENT, "preflight", from), 30);
      // The account itself is not limited: from elsewhere it signs in.
      expect((await login(STUDENT, "preflight", "203.0.113.10")).status).toBe(200);
      t.clock.advance(30 * SECOND);
    });

    it("shares the counts between two API instances on one database", async () => {
      const other = createApp({ ...t.deps });
      const email = "shared@preflight.test";
      const viaOther = (password: string) =>
        other.request("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.5" },
          body: JSON.stringify({ email, password }),
        });
      await failTimes(3, email, "198.51.100.5");
      for (let i = 0; i < 2; i++) expect((await viaOther("wrong-password")).status).toBe(401);
      await expectRefused(await viaOther("wrong-password"), 30);
      await expectRefused(await login(email, "wrong-password", "198.51.100.5"), 30);
      t.clock.advance(30 * SECOND);
    });

    it("closes the account until the window ends at the ceiling", async () => {
      const email = "ceiling@preflight.test";
      const policy = LIMITS.loginAccount;
      for (let i = 0; i < policy.ceiling; i++) {
        // A new address each time, and waiting out each delay, so only the account's bucket counts.
        t.clock.advance(policy.maxDelayMs);
        await failTimes(1, email, `192.0.2.${i + 1}`);
      }
      t.clock.advance(policy.maxDelayMs);
      const res = await login(email, "x", "192.0.2.200");
      expect(res.status).toBe(429);
      const wait = Number(res.headers.get("Retry-After"));
      expect(wait).toBeGreaterThan(policy.maxDelayMs / SECOND);
      expect(wait).toBeLessThanOrEqual(policy.windowMs / SECOND);
      t.clock.advance(policy.windowMs);
      expect((await login(email, "x", "192.0.2.200")).status).toBe(401);
    });

    it("limits a fixed test's password per student, and the right password resets it", async () => {
      const cookie = await t.login();
      const school = await t.deps.db
        .selectFrom("fixed_tests")
        .select("id")
        .where("title", "=", "Air Law school exam")
        .where("syllabus_id", "=", (eb) =>
          eb.selectFrom("users").select("syllabus_id").where("email", "=", STUDENT).$castTo<number>(),
        )
        .executeTakeFirstOrThrow();
      const check = (password: string, from = "198.51.100.6") =>
        t.request("/test/verify-password", {
          method: "POST",
          cookie,
          headers: { "X-Forwarded-For": from },
          json: { test_id: school.id, test_type: "exam", password },
        });
      for (let i = 0; i < 5; i++) expect(await (await check("nope")).json()).toMatchObject({ success: false });
      await expectRefused(await check(DEMO_FIXED_TEST_PASSWORD), 30);
      await expectRefused(await check(DEMO_FIXED_TEST_PASSWORD, "198.51.100.7"), 30);
      t.clock.advance(30 * SECOND);
      expect(await (await check(DEMO_FIXED_TEST_PASSWORD)).json()).toMatchObject({ success: true });
      for (let i = 0; i < 5; i++) expect(await (await check("nope")).json()).toMatchObject({ success: false });
      await expectRefused(await check("nope"), 30);
      t.clock.advance(30 * SECOND);
    });
  });
}
