import { randomUUID } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  accountFormReplySchema,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_TOKEN_TTL_MS,
} from "@preflight/sync-protocol/schemas/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../auth/password.ts";
import {
  type ErrorReply,
  MINUTE,
  mailedLink,
  mailedToken,
  newAccount,
  mailTo as nextMail,
  postRawJson,
  rowCounts,
  startMailApp,
  stopMailApp,
} from "../../test-support/accounts.ts";
import { DIALECTS, type TestApp } from "../../test-support/harness.ts";
import type { ReceivedMail, SmtpReceiver } from "../../test-support/smtp-receiver.ts";

for (const dialect of DIALECTS) {
  describe(`forgotten and reset password [${dialect}]`, () => {
    let smtp: SmtpReceiver;
    let t: TestApp;
    beforeAll(async () => {
      ({ t, smtp } = await startMailApp(dialect));
    });
    afterAll(() => stopMailApp({ t, smtp }));

    const newStudent = (overrides: { active?: 0 | 1 } = {}) => newAccount(t, overrides);
    const post = (path: string, json: unknown, cookie?: string) => t.request(path, { method: "POST", json, cookie });
    const mailTo = (to: string, subject: string) => nextMail(smtp, to, subject);
    const linkToken = (mail: ReceivedMail) => mailedToken(mail, "/password/reset");
    const codeOf = (mail: ReceivedMail) => {
      const code = /Your reset code is: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in ${mail.text}`);
      return code;
    };
    const reset = (email: string, token: string, password = "newpass1", confirmation = password) =>
      post("/password/reset", { token, email, password, password_confirmation: confirmation });
    const expectInvalid = async (res: Response) => {
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorReply).error).toEqual({
        code: "bad_request",
        message: ACCOUNT_MESSAGES.resetInvalid,
        details: { fields: { token: [ACCOUNT_MESSAGES.resetInvalid] } },
      });
    };
    const counts = async () => ({
      rows: await rowCounts(t),
      users: await t.deps.db
        .selectFrom("users")
        .select(["email", "password_hash", "active"])
        .orderBy("email")
        .execute(),
      sessions: (await t.deps.db.selectFrom("sessions").select("id").where("ended_at", "is", null).execute()).length,
    });

    it("online: mails a link; the link resets the password once, ends every session, and the new password signs in", async () => {
      const student = await newStudent();
      const cookie = await t.login(student.email);
      const res = await post("/password/email", { email: student.email.toUpperCase() });
      expect(res.status).toBe(200);
      expect(accountFormReplySchema.parse(await res.json())).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.resetLinkSent,
        redirect: "/login",
      });

      const mail = await mailTo(student.email, "Reset your password");
      expect(mail.subject).toBe("Reset your password | Preflight");
      expect(mail.text).toContain(`Hello ${student.firstname},`);
      expect(mail.text).toContain("valid for 60 minutes");
      const link = mailedLink(mail, "/password/reset");
      expect(link.startsWith("http://app.preflight.test/password/reset?token=")).toBe(true);
      expect(new URL(link).searchParams.get("email")).toBe(student.email);
      expect(mail.html).toContain('href="http://app.preflight.test/password/reset?token=');
      const token = linkToken(mail);
      // Only a hash of the token is kept.
      expect(await t.deps.db.selectFrom("account_tokens").select("id").where("id", "=", token).execute()).toEqual([]);

      const done = await reset(student.email, token);
      expect(done.status).toBe(200);
      expect(accountFormReplySchema.parse(await done.json())).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.resetDone,
        redirect: "/login",
      });
      // The session from before is over ('Session expired'), marked as ended by the reset.
      const me = await t.request("/api/auth/me", { cookie });
      expect(me.status).toBe(401);
      expect(((await me.json()) as ErrorReply).error.message).toBe("Session expired");
      const sessions = await t.deps.db
        .selectFrom("sessions")
        .select(["ended_at", "ended_reason"])
        .where("user_id", "=", student.id)
        .execute();
      expect(sessions).toEqual([{ ended_at: t.clock.now().toISOString(), ended_reason: "password_reset" }]);
      await expect(t.login(student.email, "preflight")).rejects.toThrow(/401/);
      await t.login(student.email, "newpass1");

      const notice = await mailTo(student.email, "Your password was changed");
      expect(notice.text).toContain("every device signed in to it was signed out");
      // The link works once.
      await expectInvalid(await reset(student.email, token, "another1"));
      await t.login(student.email, "newpass1");
    });

    it("a link expires after 60 minutes; a newer link replaces the older one", async () => {
      const student = await newStudent();
      expect((await post("/password/email", { email: student.email })).status).toBe(200);
      const first = linkToken(await mailTo(student.email, "Reset your password"));
      t.clock.advance(RESET_TOKEN_TTL_MS);
      await expectInvalid(await reset(student.email, first));

      expect((await post("/password/email", { email: student.email })).status).toBe(200);
      const second = linkToken(await mailTo(student.email, "Reset your password"));
      t.clock.advance(MINUTE + 1);
      expect((await post("/password/email", { email: student.email })).status).toBe(200);
      const third = linkToken(await mailTo(student.email, "Reset your password"));
      await expectInvalid(await reset(student.email, second));
      t.clock.advance(RESET_TOKEN_TTL_MS - MINUTE);
      expect((await reset(student.email, third)).status).toBe(200);
      await t.login(student.email, "newpass1");
    });

    it("offline: mails a code for the app's token field; typed in lower case with a dash it resets the password", async () => {
      const student = await newStudent();
      const res = await post("/password/email", { email: student.email, offline: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.resetCodeSent,
        redirect: `/password/reset?offline=1&email=${encodeURIComponent(student.email)}`,
      });
      const mail = await mailTo(student.email, "Your password reset code");
      expect(mail.text).toContain("Type this code in the Token field");
      expect(mail.text).toContain("valid for 60 minutes");
      expect(mail.links.some((l) => l.includes("token="))).toBe(false);
      const code = codeOf(mail);
      expect(mail.html).toContain(code);
      expect(code.replace("-", "")).toHaveLength(8);

      const done = await reset(student.email, ` ${code.toLowerCase()} `, "offline1");
      expect(done.status).toBe(200);
      expect(await done.json()).toMatchObject({ message: ACCOUNT_MESSAGES.resetDone, redirect: "/login" });
      await t.login(student.email, "offline1");
      await expectInvalid(await reset(student.email, code, "offline2"));
    });

    it(`a code dies after ${RESET_CODE_MAX_ATTEMPTS} wrong tries; fewer wrong tries leave it usable`, async () => {
      const student = await newStudent();
      await post("/password/email", { email: student.email, offline: true });
      let code = codeOf(await mailTo(student.email, "Your password reset code"));
      for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS - 1; i++)
        await expectInvalid(await reset(student.email, "WRONG-CODE"));
      expect((await reset(student.email, code, "survive1")).status).toBe(200);

      t.clock.advance(MINUTE + 1);
      await post("/password/email", { email: student.email, offline: true });
      code = codeOf(await mailTo(student.email, "Your password reset code"));
      for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) await expectInvalid(await reset(student.email, "WRONG-CODE"));
      const row = await t.deps.db
        .selectFrom("account_tokens")
        .select(["attempts", "used_at"])
        .where("user_id", "=", student.id)
        .where("purpose", "=", "password_reset_code")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(RESET_CODE_MAX_ATTEMPTS);
      expect(row.used_at).not.toBeNull();
      await expectInvalid(await reset(student.email, code, "toolate1"));
      await t.login(student.email, "survive1");
    });

    it("replies the same, byte for byte, whether or not the address has an account, and mails nothing to an unknown one", async () => {
      const student = await newStudent();
      const unknown = `nobody-${randomUUID().slice(0, 8)}@preflight.test`;
      for (const offline of [false, true]) {
        t.clock.advance(MINUTE + 1);
        const known = await post("/password/email", { email: student.email, offline });
        const other = await post("/password/email", { email: unknown, offline });
        expect(other.status).toBe(known.status);
        expect(other.headers.get("content-type")).toBe(known.headers.get("content-type"));
        expect((await other.text()).replace(encodeURIComponent(unknown), "EMAIL")).toBe(
          (await known.text()).replace(encodeURIComponent(student.email), "EMAIL"),
        );
      }
      await t.deps.mail?.deliverDue();
      expect(await t.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", unknown).execute()).toEqual(
        [],
      );
      // A reset for an unknown address is the same refusal as a wrong token.
      const refusedKnown = await reset(student.email, "not-a-token-at-all");
      const refusedUnknown = await reset(unknown, "not-a-token-at-all");
      expect(refusedUnknown.status).toBe(400);
      expect(await refusedUnknown.text()).toBe(await refusedKnown.text());
    });

    it("refuses a second request for the same address within a minute (429), whether or not it has an account", async () => {
      const student = await newStudent();
      const unknown = `nobody-${randomUUID().slice(0, 8)}@preflight.test`;
      for (const email of [student.email, unknown]) {
        expect((await post("/password/email", { email })).status).toBe(200);
        const before = await counts();
        for (const offline of [false, true]) {
          const again = await post("/password/email", { email, offline });
          expect(again.status).toBe(429);
          expect(((await again.json()) as ErrorReply).error).toEqual({
            code: "too_many_requests",
            message: ACCOUNT_MESSAGES.tooSoon,
          });
        }
        expect(await counts()).toEqual(before);
      }
      t.clock.advance(MINUTE + 1);
      expect((await post("/password/email", { email: student.email, offline: true })).status).toBe(200);
      expect((await post("/password/email", { email: unknown })).status).toBe(200);
    });

    it("a link counts only for the account it was mailed to, and is not used up by another account's try", async () => {
      const one = await newStudent();
      const two = await newStudent();
      await post("/password/email", { email: one.email });
      const token = linkToken(await mailTo(one.email, "Reset your password"));
      await expectInvalid(await reset(two.email, token));
      await t.login(two.email, "preflight");
      expect((await reset(one.email, token)).status).toBe(200);
    });

    it("a reset activates an account that was never activated (the mail proved the address)", async () => {
      const student = await newStudent({ active: 0 });
      await post("/password/email", { email: student.email });
      expect((await reset(student.email, linkToken(await mailTo(student.email, "Reset your password")))).status).toBe(
        200,
      );
      const row = await t.deps.db
        .selectFrom("users")
        .select("active")
        .where("id", "=", student.id)
        .executeTakeFirstOrThrow();
      expect(row.active).toBe(1);
    });

    it("refuses a common password with a valid link: a 400 with the message, nothing written, and the link still works", async () => {
      const student = await newStudent();
      await post("/password/email", { email: student.email });
      const token = linkToken(await mailTo(student.email, "Reset your password"));
      const before = await counts();
      const res = await reset(student.email, token, "Password1");
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorReply).error).toEqual({
        code: "bad_request",
        message: `password: ${ACCOUNT_MESSAGES.passwordTooCommon}`,
        details: { fields: { password: [ACCOUNT_MESSAGES.passwordTooCommon] } },
      });
      expect(await counts()).toEqual(before);
      expect((await reset(student.email, token, "cumulus42")).status).toBe(200);
    });

    it("an account whose existing password is a common one still signs in (only new passwords are checked)", async () => {
      const student = await newAccount(t, { password_hash: await hashPassword("password1") });
      const res = await post("/api/auth/login", { email: student.email, password: "password1" });
      expect(res.status).toBe(200);
    });

    const STRING_BODY = Symbol("raw");
    it.each<[string, unknown, Record<string, string[]> | string]>([
      ["/password/email", {}, { email: ["The email field is required."] }],
      ["/password/email", { email: "" }, "The email field is required."],
      ["/password/email", { email: 42 }, { email: ["The email field is required."] }],
      ["/password/email", { email: "not-an-address" }, { email: [ACCOUNT_MESSAGES.invalidEmail] }],
      ["/password/email", { email: "a@b.test", offline: "yes" }, { offline: ["offline must be true or false"] }],
      ["/password/email", { email: "a@b.test", role: "admin" }, "role"],
      ["/password/email", [STRING_BODY, "{"], "Malformed JSON in request body"],
      ["/password/reset", {}, "token"],
      [
        "/password/reset",
        { email: "a@b.test", password: "newpass1", password_confirmation: "newpass1" },
        { token: ["The token field is required."] },
      ],
      [
        "/password/reset",
        { token: "   ", email: "a@b.test", password: "newpass1", password_confirmation: "newpass1" },
        { token: ["The token field is required."] },
      ],
      [
        "/password/reset",
        { token: "abc", email: "nope", password: "newpass1", password_confirmation: "newpass1" },
        { email: [ACCOUNT_MESSAGES.invalidEmail] },
      ],
      [
        "/password/reset",
        { token: "abc", email: "a@b.test", password: "short", password_confirmation: "short" },
        { password: [ACCOUNT_MESSAGES.passwordTooShort] },
      ],
      [
        "/password/reset",
        { token: "abc", email: "a@b.test", password: "qwerty123", password_confirmation: "qwerty123" },
        { password: [ACCOUNT_MESSAGES.passwordTooCommon] },
      ],
      [
        "/password/reset",
        { token: "abc", email: "a@b.test", password: "newpass1", password_confirmation: "newpass2" },
        { password_confirmation: [ACCOUNT_MESSAGES.passwordMismatch] },
      ],
      [
        "/password/reset",
        { token: 12, email: "a@b.test", password: "newpass1", password_confirmation: "newpass1" },
        { token: ["The token field is required."] },
      ],
      [
        "/password/reset",
        { token: "abc", email: "a@b.test", password: "newpass1", password_confirmation: "newpass1", extra: 1 },
        "extra",
      ],
      ["/password/reset", [STRING_BODY, '{"token":'], "Malformed JSON in request body"],
    ])("%s refuses %j with a 400 that says what is wrong, and writes nothing", async (path, body, expected) => {
      const before = await counts();
      const res =
        Array.isArray(body) && body[0] === STRING_BODY
          ? await postRawJson(t, path, body[1] as string)
          : await post(path, body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as ErrorReply;
      expect(error.code).toBe("bad_request");
      if (typeof expected === "string") expect(error.message).toContain(expected);
      else expect(error.details?.fields).toEqual(expected);
      expect(await counts()).toEqual(before);
    });
  });
}
