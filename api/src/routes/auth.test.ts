import { randomBytes, scryptSync } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/schemas/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";

for (const dialect of DIALECTS) {
  describe(`auth [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("signs in a demo account, sets an httpOnly session cookie and answers /me", async () => {
      const res = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "student@preflight.test", password: "preflight" },
      });
      expect(res.status).toBe(200);
      const setCookie = res.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/^pf_session=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      const cookie = setCookie.split(";")[0] as string;
      const me = await t.request("/api/auth/me", { cookie });
      expect(me.status).toBe(200);
      const body = (await me.json()) as { user: { email: string; syllabus_id: number; subscription_end: string } };
      expect(body.user.email).toBe("student@preflight.test");
      expect(body.user.syllabus_id).toBe(3);
      expect(body.user.subscription_end).toBe("2027-12-31");
    });

    it("seeds the class student and the maintenance user", async () => {
      const classCookie = await t.login("class@preflight.test");
      const me = (await (await t.request("/api/auth/me", { cookie: classCookie })).json()) as {
        user: { class_name: string };
      };
      expect(me.user.class_name).toBe("ATPL Integrated 2026-A");
      const adminCookie = await t.login("admin@preflight.test");
      const admin = (await (await t.request("/api/auth/me", { cookie: adminCookie })).json()) as {
        user: { role: string };
      };
      expect(admin.user.role).toBe("maintenance");
    });

    it("refuses a wrong password and an unknown e-mail with the same 401 message", async () => {
      const wrong = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "student@preflight.test", password: "nope" },
      });
      const unknown = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "nobody@preflight.test", password: "preflight" },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const a = (await wrong.json()) as { error: { code: string; message: string } };
      const b = (await unknown.json()) as { error: { code: string; message: string } };
      expect(a.error).toEqual({ code: "invalid_credentials", message: "These credentials do not match our records." });
      expect(b.error).toEqual(a.error);
    });

    it("an inactive account: the right password is told to activate first (403), a wrong one is refused as usual; no session either way", async () => {
      await t.deps.db
        .insertInto("users")
        .values({
          id: "inactive-user",
          email: "inactive@example.test",
          password_hash: await hashPassword("secret1"),
          firstname: "Ina",
          lastname: "Active",
          role: "student",
          syllabus_id: 3,
          class_id: null,
          subscription_start: null,
          subscription_end: null,
          student_id: null,
          active: 0,
          created_at: t.clock.now().toISOString(),
        })
        .execute();
      const sessions = () =>
        t.deps.db.selectFrom("sessions").select("id").where("user_id", "=", "inactive-user").execute();
      const right = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "Inactive@Example.test", password: "secret1" },
      });
      expect(right.status).toBe(403);
      expect(((await right.json()) as { error: unknown }).error).toEqual({
        code: "inactive_account",
        message: ACCOUNT_MESSAGES.inactive,
      });
      expect(right.headers.get("set-cookie") ?? "").not.toContain("pf_session");
      const wrong = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "inactive@example.test", password: "secret2" },
      });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("invalid_credentials");
      expect(await sessions()).toEqual([]);
      await t.deps.db.updateTable("users").set({ active: 1 }).where("id", "=", "inactive-user").execute();
      const activated = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "inactive@example.test", password: "secret1" },
      });
      expect(activated.status).toBe(200);
      expect(await sessions()).toHaveLength(1);
    });

    it("answers malformed JSON and missing fields with a 400 that says what is wrong", async () => {
      const malformed = await t.request("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{email:",
      });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { error: { message: string } }).error.message).toBe(
        "Malformed JSON in request body",
      );
      const missing = await t.request("/api/auth/login", { method: "POST", json: { email: "student@preflight.test" } });
      expect(missing.status).toBe(400);
      const body = (await missing.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message).toContain("password");
      const badEmail = await t.request("/api/auth/login", { method: "POST", json: { email: "x", password: "y" } });
      expect(((await badEmail.json()) as { error: { message: string } }).error.message).toContain(
        "Invalid e-mail address.",
      );
      // A password of megabytes is refused before any hashing work is done for it.
      const huge = await t.request("/api/auth/login", {
        method: "POST",
        json: { email: "student@preflight.test", password: "x".repeat(2_000_000) },
      });
      expect(huge.status).toBe(400);
      expect(((await huge.json()) as { error: { message: string } }).error.message).toContain(
        "Password must be at most 200 characters.",
      );
    });

    it("ends the other device's session when the student signs in elsewhere", async () => {
      const first = await t.login();
      const second = await t.login();
      const old = await t.request("/api/auth/me", { cookie: first });
      expect(old.status).toBe(401);
      expect(((await old.json()) as { error: { code: string } }).error.code).toBe("session_replaced");
      expect(old.headers.get("set-cookie")).toContain("pf_logged_out=1");
      // Told once: later requests with the dead cookie say the same but do not set it again.
      const again = await t.request("/api/auth/me", { cookie: first });
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe("session_replaced");
      expect(again.headers.get("set-cookie") ?? "").not.toContain("pf_logged_out");
      expect((await t.request("/api/auth/me", { cookie: second })).status).toBe(200);
    });

    it("logs out: the cookie no longer works", async () => {
      const cookie = await t.login();
      expect((await t.request("/api/auth/logout", { method: "POST", cookie })).status).toBe(200);
      expect((await t.request("/api/auth/me", { cookie })).status).toBe(401);
    });

    it("stores passwords as argon2id hashes at OWASP's cost (19 MiB, 2 passes, 1 lane), never in clear", async () => {
      const row = await t.deps.db
        .selectFrom("users")
        .select("password_hash")
        .where("email", "=", "student@preflight.test")
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain("preflight");
    });

    it("an older scrypt hash is replaced by argon2id at the next sign-in, and the password still signs in", async () => {
      const email = "student@preflight.test";
      const salt = randomBytes(16);
      const key = scryptSync("preflight", salt, 64, { N: 16384, r: 8, p: 1 });
      const old = `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
      await t.deps.db.updateTable("users").set({ password_hash: old }).where("email", "=", email).execute();
      const stored = () =>
        t.deps.db.selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow();

      // A wrong password changes nothing.
      const wrong = await t.request("/api/auth/login", { method: "POST", json: { email, password: "not-it" } });
      expect(wrong.status).toBe(401);
      expect((await stored()).password_hash).toBe(old);

      await t.login(email, "preflight");
      const upgraded = (await stored()).password_hash;
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await t.login(email, "preflight");
      expect((await stored()).password_hash).toBe(upgraded); // current hashes are left alone
    });
  });
}
