import { randomUUID } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  accountFormReplySchema,
  EMAIL_CHANGE_TOKEN_TTL_MS,
  emailChangeReplySchema,
  profileDataSchema,
} from "@preflight/sync-protocol/schemas/accounts";
import { PROFILE_MESSAGES } from "@preflight/sync-protocol/schemas/profile";
import { profileStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ErrorReply,
  linkParam,
  MINUTE,
  mailedLink,
  newAccount,
  mailTo as nextMail,
  postRawJson,
  rowCounts,
  signedInAccount,
  startMailApp,
  stopMailApp,
  TEST_PASSWORD,
} from "../../test-support/accounts.ts";
import { DIALECTS, type TestApp } from "../../test-support/harness.ts";
import type { ReceivedMail, SmtpReceiver } from "../../test-support/smtp-receiver.ts";

const fresh = () => `new-${randomUUID().slice(0, 8)}@preflight.test`;

for (const dialect of DIALECTS) {
  describe(`e-mail change confirmed by mail [${dialect}]`, () => {
    let smtp: SmtpReceiver;
    let t: TestApp;
    beforeAll(async () => {
      ({ t, smtp } = await startMailApp(dialect));
    });
    afterAll(() => stopMailApp({ t, smtp }));

    const post = (path: string, json: unknown, cookie?: string) => t.request(path, { method: "POST", json, cookie });
    const mailTo = (to: string, subject: string) => nextMail(smtp, to, subject);
    const confirmToken = (mail: ReceivedMail) => {
      const link = mailedLink(mail, "/email/confirm");
      expect(link.startsWith("http://app.preflight.test/email/confirm?token=")).toBe(true);
      return linkParam(link, "token");
    };
    const signedIn = () => signedInAccount(t);
    const profile = async (cookie: string) => {
      const res = await t.request("/api/profile", { cookie });
      expect(res.status).toBe(200);
      return profileDataSchema.parse(await res.json());
    };
    const pullProfile = async (cookie: string, cursor: string | null) => {
      const res = await t.request("/user-sync/profile", { method: "POST", cookie, json: { cursor } });
      expect(res.status).toBe(200);
      const reply = profileStepReplySchema.parse(await res.json());
      if (!reply.success) throw new Error(reply.message);
      return reply;
    };
    const state = async (userId: string) => ({
      user: await t.deps.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst(),
      tokens: await t.deps.db.selectFrom("account_tokens").selectAll().where("user_id", "=", userId).execute(),
      rows: await rowCounts(t),
    });

    it("mails a link to the new address and a notice to the old; the link moves the account and ends its sessions", async () => {
      const student = await signedIn();
      const first = await pullProfile(student.cookie, null);
      const newEmail = fresh();
      const res = await post(
        "/profile/email",
        { email: `  ${newEmail.toUpperCase()} `, current_password: TEST_PASSWORD },
        student.cookie,
      );
      expect(res.status).toBe(200);
      expect(emailChangeReplySchema.parse(await res.json())).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.emailChangeSent,
        pending_email: newEmail,
      });

      const confirm = await mailTo(newEmail, "Confirm your new e-mail address");
      expect(confirm.text).toContain(`instead of ${student.email}`);
      expect(confirm.html).toContain('href="http://app.preflight.test/email/confirm?token=');
      const token = confirmToken(confirm);
      const notice = await mailTo(student.email, "A change of your e-mail address was requested");
      expect(notice.text).toContain(newEmail);
      expect(notice.links.some((l) => l.includes("/email/confirm"))).toBe(false);

      // Pending until confirmed: the address is unchanged, the profile and the profile step show the new one.
      expect(await profile(student.cookie)).toMatchObject({ email: student.email, pending_email: newEmail });
      const pending = await pullProfile(student.cookie, first.cursor);
      expect(pending).toMatchObject({
        changed: true,
        profile: { email: student.email, account: { pending_email: newEmail } },
      });
      // The old address still signs in until the link is followed.
      const cookie = await t.login(student.email, TEST_PASSWORD);

      // Confirmed from any browser: no session needed.
      const done = await post("/email/confirm", { token });
      expect(done.status).toBe(200);
      expect(accountFormReplySchema.parse(await done.json())).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.emailChanged,
        redirect: "/login",
      });
      const ended = await t.request("/api/auth/me", { cookie });
      expect(ended.status).toBe(401);
      expect(((await ended.json()) as ErrorReply).error.message).toBe("Session expired");
      await expect(t.login(student.email, TEST_PASSWORD)).rejects.toThrow(/401/);
      const after = await t.login(newEmail, TEST_PASSWORD);
      expect(await profile(after)).toMatchObject({ email: newEmail, pending_email: null });
      expect(
        await pullProfile(after, pending.changed ? pending.cursor : null).then((r) => (r.changed ? r.profile : null)),
      ).toMatchObject({ email: newEmail, account: { pending_email: null } });

      // The link works once.
      const again = await post("/email/confirm", { token });
      expect(again.status).toBe(400);
      expect(((await again.json()) as ErrorReply).error).toMatchObject({
        message: ACCOUNT_MESSAGES.emailChangeInvalid,
        details: { fields: { token: [ACCOUNT_MESSAGES.emailChangeInvalid] } },
      });
    });

    it("an address that already has an account gets no link but is told so; the reply is the same", async () => {
      const student = await signedIn();
      const other = await newAccount(t);
      const res = await post("/profile/email", { email: other.email, current_password: TEST_PASSWORD }, student.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.emailChangeSent,
        pending_email: other.email,
      });
      const told = await mailTo(other.email, "Someone tried to use your e-mail address");
      expect(told.links.some((l) => l.includes("/email/confirm"))).toBe(false);
      expect(told.text).toContain("already has an account");
      await mailTo(student.email, "A change of your e-mail address was requested");
      expect(await profile(student.cookie)).toMatchObject({ email: student.email, pending_email: other.email });
    });

    it("an address taken between the request and the confirmation: 409, nothing moves, the change is dropped", async () => {
      const student = await signedIn();
      const newEmail = fresh();
      await post("/profile/email", { email: newEmail, current_password: TEST_PASSWORD }, student.cookie);
      const token = confirmToken(await mailTo(newEmail, "Confirm your new e-mail address"));
      const before = await pullProfile(student.cookie, null);
      await newAccount(t, { email: newEmail });
      const res = await post("/email/confirm", { token });
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorReply).error).toMatchObject({
        code: "conflict",
        message: PROFILE_MESSAGES.emailTaken,
      });
      expect(await profile(student.cookie)).toMatchObject({ email: student.email, pending_email: null });
      expect(await pullProfile(student.cookie, before.cursor)).toMatchObject({
        changed: true,
        profile: { account: { pending_email: null } },
      });
      expect((await post("/email/confirm", { token })).status).toBe(400);
    });

    it("a link lives 24 hours, a newer request replaces it, and the new address gets one mail a minute", async () => {
      const student = await signedIn();
      const newEmail = fresh();
      const ask = () => post("/profile/email", { email: newEmail, current_password: TEST_PASSWORD }, student.cookie);
      expect((await ask()).status).toBe(200);
      const first = confirmToken(await mailTo(newEmail, "Confirm your new e-mail address"));
      const before = await state(student.id);
      const soon = await ask();
      expect(soon.status).toBe(429);
      expect(((await soon.json()) as ErrorReply).error).toMatchObject({
        code: "too_many_requests",
        message: ACCOUNT_MESSAGES.tooSoon,
      });
      expect(await state(student.id)).toEqual(before);

      t.clock.advance(MINUTE + 1);
      expect((await ask()).status).toBe(200);
      const second = confirmToken(await mailTo(newEmail, "Confirm your new e-mail address"));
      expect((await post("/email/confirm", { token: first })).status).toBe(400);
      t.clock.advance(EMAIL_CHANGE_TOKEN_TTL_MS);
      expect((await post("/email/confirm", { token: second })).status).toBe(400);
      expect(await profile(student.cookie)).toMatchObject({ email: student.email, pending_email: null });
    });

    it.each<[string, unknown, number, string | Record<string, string[]>]>([
      [
        "a wrong current password",
        { email: fresh(), current_password: "wrong" },
        400,
        {
          current_password: [PROFILE_MESSAGES.currentPasswordWrong],
        },
      ],
      [
        "no current password",
        { email: fresh() },
        400,
        { current_password: [ACCOUNT_MESSAGES.emailChangeNeedsPassword] },
      ],
      [
        "an empty current password",
        { email: fresh(), current_password: "" },
        400,
        {
          current_password: [ACCOUNT_MESSAGES.emailChangeNeedsPassword],
        },
      ],
      ["no email", { current_password: TEST_PASSWORD }, 400, { email: ["The email field is required."] }],
      [
        "a bad email",
        { email: "not-an-email", current_password: TEST_PASSWORD },
        400,
        {
          email: [PROFILE_MESSAGES.emailInvalid],
        },
      ],
      ["an email of the wrong type", { email: ["a@b.test"], current_password: TEST_PASSWORD }, 400, "email"],
      ["an extra field", { email: fresh(), current_password: TEST_PASSWORD, role: "maintenance" }, 400, "role"],
      ["a body that is not an object", [1, 2], 400, "expected object"],
    ])("POST /profile/email with %s is refused, and nothing is written", async (_, body, status, expected) => {
      const student = await signedIn();
      const before = await state(student.id);
      const res = await post("/profile/email", body, student.cookie);
      expect(res.status).toBe(status);
      const { error } = (await res.json()) as ErrorReply;
      if (typeof expected === "string") expect(error.message).toContain(expected);
      else expect(error.details?.fields).toEqual(expected);
      expect(await state(student.id)).toEqual(before);
    });

    it("POST /profile/email with the account's own address (any case) is refused", async () => {
      const student = await signedIn();
      const before = await state(student.id);
      const res = await post(
        "/profile/email",
        { email: student.email.toUpperCase(), current_password: TEST_PASSWORD },
        student.cookie,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorReply).error.message).toBe(ACCOUNT_MESSAGES.emailChangeSame);
      expect(await state(student.id)).toEqual(before);
    });

    it("malformed JSON is a 400 on both calls; POST /profile/email needs a session, POST /email/confirm does not", async () => {
      const student = await signedIn();
      for (const path of ["/profile/email", "/email/confirm"]) {
        const res = await postRawJson(t, path, '{"email":', student.cookie);
        expect(res.status).toBe(400);
        expect(((await res.json()) as ErrorReply).error.message).toBe("Malformed JSON in request body");
      }
      expect((await post("/profile/email", { email: fresh(), current_password: TEST_PASSWORD })).status).toBe(401);
      expect((await post("/email/confirm", { token: "x".repeat(43) })).status).toBe(400);
    });

    it.each<[unknown, string]>([
      [{}, ACCOUNT_MESSAGES.emailChangeInvalid],
      [{ token: "short" }, ACCOUNT_MESSAGES.emailChangeInvalid],
      [{ token: 42 }, ACCOUNT_MESSAGES.emailChangeInvalid],
      [{ token: "x".repeat(201) }, ACCOUNT_MESSAGES.emailChangeInvalid],
      [{ token: "x".repeat(43), extra: true }, "extra"],
      [{ token: "x".repeat(43) }, ACCOUNT_MESSAGES.emailChangeInvalid],
    ])("POST /email/confirm %j is a 400 that says what is wrong", async (body, message) => {
      const res = await post("/email/confirm", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorReply).error.message).toContain(message);
    });
  });
}
