import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getForm, signedInAccount, TEST_PASSWORD } from "../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { LIMITS } from "./limits.ts";

/** The joining and password forms' limits (auth/limits.ts); sign-in's are in limits.test.ts. */
for (const dialect of DIALECTS) {
  describe(`brute-force limits on the account forms [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.deps.trustProxy = true;
    });
    afterAll(() => t.close());

    const post = (path: string, json: unknown, from: string, cookie?: string) =>
      t.request(path, { method: "POST", json, cookie, headers: { "X-Forwarded-For": from } });
    const expectRefused = async (res: Response, seconds = 30) => {
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toBe(String(seconds));
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_many_requests");
    };

    it("counts every registration per address: 10 an hour, then a wait", async () => {
      const register = async (n: number, from: string) => {
        const form = await getForm(t, "/api/register");
        const email = `limit${n}@example.test`;
        return post(
          "/register",
          {
            _token: form.token,
            firstname: "Nina",
            lastname: "Newcomer",
            email,
            password: "vfr-cruise",
            password_confirmation: "vfr-cruise",
            syllabus_id: 3,
          },
          from,
          form.cookie,
        );
      };
      for (let i = 0; i < LIMITS.registerAddress.freeFailures; i++)
        expect((await register(i, "198.51.100.20")).status).toBe(200);
      await expectRefused(await register(100, "198.51.100.20"));
      expect((await register(101, "198.51.100.21")).status).toBe(200);
      t.clock.advance(LIMITS.registerAddress.windowMs);
    });

    it("counts every free-trial request per address: 10 an hour, then a wait", async () => {
      const startTrial = async (n: number, from: string) => {
        const form = await getForm(t, "/api/free-trial");
        const json = {
          token: form.token,
          firstname: "Theo",
          lastname: "Trial",
          email: `trial${n}@example.test`,
          licence_type_id: 1,
        };
        return post("/free-trial", json, from, form.cookie);
      };
      for (let i = 0; i < LIMITS.freeTrialAddress.freeFailures; i++)
        expect((await startTrial(i, "198.51.100.30")).status).toBe(200);
      await expectRefused(await startTrial(100, "198.51.100.30"));
      expect((await startTrial(101, "198.51.100.31")).status).toBe(200);
      t.clock.advance(LIMITS.freeTrialAddress.windowMs);
    });

    it("limits wrong current passwords of an e-mail change per account; the right one clears the count", async () => {
      const student = await signedInAccount(t);
      const change = (current_password: string, from: string) =>
        post(
          "/profile/email",
          { email: `moved-${current_password}@example.test`, current_password },
          from,
          student.cookie,
        );
      for (let i = 0; i < LIMITS.emailChangeUser.freeFailures - 1; i++)
        expect((await change("wrong", `203.0.113.${i + 1}`)).status).toBe(400);
      expect((await change(TEST_PASSWORD, "203.0.113.50")).status).toBe(200);
      for (let i = 0; i < LIMITS.emailChangeUser.freeFailures; i++)
        expect((await change("wrong", `203.0.113.${i + 60}`)).status).toBe(400);
      // Limited now, even with the right password and from a new address.
      await expectRefused(await change(TEST_PASSWORD, "203.0.113.99"));
      t.clock.advance(LIMITS.emailChangeUser.windowMs);
    });

    it("counts reset mail requests per address, whether or not the addresses have accounts", async () => {
      for (let i = 0; i < LIMITS.resetMailAddress.freeFailures; i++)
        expect((await post("/password/email", { email: `someone${i}@example.test` }, "198.51.100.22")).status).toBe(
          200,
        );
      await expectRefused(await post("/password/email", { email: "student@preflight.test" }, "198.51.100.22"));
      t.clock.advance(LIMITS.resetMailAddress.windowMs);
    });

    it("limits wrong reset codes per e-mail, refusing even from a new address", async () => {
      const email = "student@preflight.test";
      const reset = (from: string) =>
        post(
          "/password/reset",
          { token: "WRONG123", email, password: "secret2", password_confirmation: "secret2" },
          from,
        );
      for (let i = 0; i < LIMITS.resetAccount.freeFailures; i++)
        expect((await reset(`192.0.2.${i + 1}`)).status).toBe(400);
      await expectRefused(await reset("192.0.2.100"));
      t.clock.advance(LIMITS.resetAccount.windowMs);
    });

    it("limits wrong reset codes and activation links per address", async () => {
      const from = "198.51.100.23";
      for (let i = 0; i < LIMITS.resetAddress.freeFailures; i++) {
        const json = {
          token: "WRONG123",
          email: `x${i}@example.test`,
          password: "secret2",
          password_confirmation: "secret2",
        };
        expect((await post("/password/reset", json, from)).status).toBe(400);
      }
      await expectRefused(
        await post(
          "/password/reset",
          { token: "WRONG123", email: "y@example.test", password: "secret2", password_confirmation: "secret2" },
          from,
        ),
      );
      for (let i = 0; i < LIMITS.activationAddress.freeFailures; i++)
        expect((await post("/register/activate", { token: `not-a-real-activation-token-${i}` }, from)).status).toBe(
          400,
        );
      await expectRefused(await post("/register/activate", { token: "not-a-real-activation-token" }, from));
    });
  });
}
