import {
  ACCOUNT_MESSAGES,
  ACTIVATION_TOKEN_TTL_MS,
  FREE_TRIAL_DAYS,
  freeTrialFormReplySchema,
} from "@preflight/sync-protocol/schemas/accounts";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeToken } from "../../auth/account-tokens.ts";
import {
  type BadFieldCase,
  type ErrorReply,
  getForm,
  itRefusesBadFields,
  linkParam,
  MINUTE,
  missingFrom,
  postForm,
  postRawJson,
  rowCounts,
  startMailApp,
  stopMailApp,
  withoutMailOutbox,
} from "../../test-support/accounts.ts";
import { APP_ORIGIN, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import type { SmtpReceiver } from "../../test-support/smtp-receiver.ts";
import { FORM_TOKEN_COOKIE } from "./anti-forgery.ts";

const FREE_TRIAL_FORM = { get: "/api/free-trial", post: "/free-trial", tokenField: "token" } as const;
const SUCCESS = { success: true, message: ACCOUNT_MESSAGES.freeTrialSuccess, redirect: "/login" };

/** Licence types added for these tests. */
const CLOSED_ONLY = 2; // its one syllabus belongs to a closed school
const NO_SYLLABUS = 3; // no syllabus at all
const OLDER_EDITIONS = 4; // pre-2020 and 2020 excluding examples, in the open school

for (const dialect of DIALECTS) {
  describe(`free trial [${dialect}]`, () => {
    let smtp: SmtpReceiver;
    let t: TestApp;
    let n = 0;
    const newEmail = () => `trial${++n}@example.test`;

    beforeAll(async () => {
      ({ t, smtp } = await startMailApp(dialect));
      await t.deps.db
        .insertInto("licence_types")
        .values([
          { id: CLOSED_ONLY, code: "CPL(A)", title: "Commercial Pilot Licence (Aeroplane)" },
          { id: NO_SYLLABUS, code: "IR", title: "Instrument Rating" },
          { id: OLDER_EDITIONS, code: "ATPL(H)", title: "Airline Transport Pilot Licence (Helicopter)" },
        ])
        .execute();
      const syllabus = { warning: null, active: 1 as const };
      await t.deps.db
        .insertInto("syllabi")
        .values([
          {
            ...syllabus,
            id: 80,
            title: "Academy CPL(A)",
            licence: "CPL(A)",
            licence_type_id: CLOSED_ONLY,
            school_id: 2,
            edition: "2020",
            include_examples: 1,
          },
          {
            ...syllabus,
            id: 81,
            title: "ATPL(H) pre-2020",
            licence: "ATPL(H)",
            licence_type_id: OLDER_EDITIONS,
            school_id: 1,
            edition: "pre2020",
            include_examples: 0,
          },
          {
            ...syllabus,
            id: 82,
            title: "ATPL(H) 2020 excluding examples",
            licence: "ATPL(H)",
            licence_type_id: OLDER_EDITIONS,
            school_id: 1,
            edition: "2020",
            include_examples: 0,
          },
          {
            ...syllabus,
            id: 83,
            title: "ATPL(H) 2020 including examples (retired)",
            licence: "ATPL(H)",
            licence_type_id: OLDER_EDITIONS,
            school_id: 1,
            edition: "2020",
            include_examples: 1,
            active: 0,
          },
        ])
        .execute();
    });
    afterAll(() => stopMailApp({ t, smtp }));

    async function startTrial(fields: Record<string, unknown> = {}, form?: { token: string; cookie: string }) {
      const f = form ?? (await getForm(t, "/api/free-trial"));
      const email = (fields.email as string | undefined) ?? newEmail();
      const res = await t.request("/free-trial", {
        method: "POST",
        cookie: f.cookie,
        json: { token: f.token, firstname: "Theo", lastname: "Trial", email, licence_type_id: 1, ...fields },
      });
      return { res, email };
    }

    const userRow = (email: string) =>
      t.deps.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

    it("GET /api/free-trial: licence types with an open syllabus, the email preferences in order, and a token also set as a cookie", async () => {
      const form = await getForm(t, "/api/free-trial");
      const reply = freeTrialFormReplySchema.parse(form.body);
      expect(reply.licence_types).toEqual([
        { id: 1, code: "ATPL(A)", title: "Airline Transport Pilot Licence (Aeroplane)" },
        { id: OLDER_EDITIONS, code: "ATPL(H)", title: "Airline Transport Pilot Licence (Helicopter)" },
      ]);
      const stored = await t.deps.db
        .selectFrom("email_preferences")
        .select(["id", "type", "text"])
        .orderBy("position")
        .execute();
      expect(reply.preferences).toEqual(stored);
      expect(reply.preferences.length).toBeGreaterThan(1);
      expect(form.cookie).toBe(`${FORM_TOKEN_COOKIE}=${reply.token}`);
      expect(form.setCookie).toMatch(/HttpOnly/);
      expect(form.setCookie).toMatch(/SameSite=Strict/);
      // The registration form and the free trial share the browser's token.
      expect((await getForm(t, "/api/register", form.cookie)).token).toBe(reply.token);
    });

    it("a new account: inactive, the 2020 syllabus with examples, a free-trial subscription, and its login details by mail", async () => {
      const before = await rowCounts(t);
      const { res } = await startTrial({ email: "Theo.Trial@Example.test", emailPreferences: [3, 1, 3] });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(SUCCESS);
      const email = "theo.trial@example.test";
      const user = await userRow(email);
      expect(user).toMatchObject({
        active: 0,
        role: "student",
        firstname: "Theo",
        lastname: "Trial",
        syllabus_id: 3,
        subscription_start: "2026-11-21",
        subscription_end: "2026-11-28",
        email_preferences: "[1,3]",
      });
      expect(user?.password_hash).toMatch(/^\$argon2id\$/);
      const subscriptions = await t.deps.db
        .selectFrom("user_subscriptions")
        .select(["kind", "length_days", "start_date", "end_date"])
        .where("user_id", "=", user?.id ?? "")
        .execute();
      expect(subscriptions).toEqual([
        { kind: "free_trial", length_days: FREE_TRIAL_DAYS, start_date: "2026-11-21", end_date: "2026-11-28" },
      ]);
      expect(await rowCounts(t)).toMatchObject({
        users: (before.users ?? 0) + 1,
        user_subscriptions: (before.user_subscriptions ?? 0) + 1,
        account_tokens: (before.account_tokens ?? 0) + 1,
        mail_outbox: (before.mail_outbox ?? 0) + 1,
      });

      const mail = await smtp.next(email);
      expect(mail.subject).toBe("Your free trial | Preflight");
      expect(mail.text).toContain(`your username is ${email}`);
      expect(mail.text).toContain("2026-11-21 to 2026-11-28");
      expect(mail.html).toContain("Preflight");
      expect(mail.links).toHaveLength(1);
      const link = new URL(mail.links[0] as string);
      expect(link.origin).toBe(APP_ORIGIN);
      expect(link.pathname).toBe("/password/reset");
      expect(link.searchParams.get("email")).toBe(email);
      expect(mail.html).toContain(`href="${link.toString().replace(/&/g, "&amp;")}"`);
      const token = linkParam(link.toString(), "token");
      const stored = await t.deps.db
        .selectFrom("account_tokens")
        .selectAll()
        .where("user_id", "=", user?.id ?? "")
        .executeTakeFirstOrThrow();
      expect(stored.purpose).toBe("password_reset");
      expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(ACTIVATION_TOKEN_TTL_MS);

      // Nobody can sign in before choosing a password (the stored one is random).
      const signIn = await t.request("/api/auth/login", { method: "POST", json: { email, password: "secret1" } });
      expect(signIn.status).toBe(401);
      // The link's token is what POST /password/reset consumes: accepted once.
      expect(await consumeToken(t.deps.db, t.clock, token, ["activation"])).toBeNull();
      expect(await consumeToken(t.deps.db, t.clock, token, ["password_reset"])).toEqual({
        userId: user?.id,
        newEmail: null,
      });
      expect(await consumeToken(t.deps.db, t.clock, token, ["password_reset"])).toBeNull();
    });

    it("takes the licence type's best open syllabus: 2020 including examples, else 2020, never an inactive one", async () => {
      const { res, email } = await startTrial({ licence_type_id: OLDER_EDITIONS });
      expect(res.status).toBe(200);
      expect((await userRow(email))?.syllabus_id).toBe(82);
      expect((await smtp.next(email)).text).toContain("(ATPL(H))");
    });

    it("an address that has an account: the same reply, a mail saying so with sign-in links, and no second trial", async () => {
      const { res: first, email } = await startTrial();
      const firstBody = await first.text();
      await smtp.next(email);
      const user = await userRow(email);
      for (const address of [email, "student@preflight.test"]) {
        t.clock.advance(MINUTE + 1);
        const before = await rowCounts(t);
        const existing = await userRow(address);
        const { res } = await startTrial({ email: address.toUpperCase(), firstname: "Other" });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(firstBody);
        const mail = await smtp.next(address);
        expect(mail.subject).toBe("You already have an account | Preflight");
        expect(mail.text).toContain(`Hello ${existing?.firstname},`);
        expect(mail.links).toEqual([`${APP_ORIGIN}/login`, `${APP_ORIGIN}/password/forgot`]);
        expect(await userRow(address)).toEqual(existing);
        const after = await rowCounts(t);
        expect(after).toMatchObject({
          users: before.users,
          user_subscriptions: before.user_subscriptions,
          account_tokens: before.account_tokens,
          mail_outbox: (before.mail_outbox ?? 0) + 1,
        });
      }
      expect(await userRow(email)).toEqual(user);
    });

    it("refused within a minute of the last one for the address, allowed after", async () => {
      const { res, email } = await startTrial();
      expect(res.status).toBe(200);
      await smtp.next(email);
      const before = await rowCounts(t);
      const { res: again } = await startTrial({ email });
      expect(again.status).toBe(429);
      expect(((await again.json()) as ErrorReply).error).toEqual({
        code: "too_many_requests",
        message: ACCOUNT_MESSAGES.tooSoon,
      });
      const { res: unknown } = await startTrial({ email: "nobody-yet@example.test" });
      expect(unknown.status).toBe(200);
      expect((await startTrial({ email: "nobody-yet@example.test" })).res.status).toBe(429);
      await smtp.next("nobody-yet@example.test");
      expect((await rowCounts(t)).users).toBe((before.users ?? 0) + 1);
      t.clock.advance(MINUTE + 1);
      const { res: later } = await startTrial({ email });
      expect(later.status).toBe(200);
      expect((await smtp.next(email)).subject).toBe("You already have an account | Preflight");
    });

    it("no account and no subscription when the mail cannot be queued", async () => {
      const email = newEmail();
      const form = await getForm(t, "/api/free-trial");
      const before = await rowCounts(t);
      const res = await withoutMailOutbox(t, async () => (await startTrial({ email }, form)).res);
      expect(res.status).toBe(500);
      expect(await userRow(email)).toBeUndefined();
      expect(await rowCounts(t)).toEqual(before);
      expect((await startTrial({ email }, form)).res.status).toBe(200);
      await smtp.next(email);
    });

    it("accepts an ordinary form post, preferences as name[] or repeated", async () => {
      const form = await getForm(t, "/api/free-trial");
      /** The form posted for `email`, with these preference fields. */
      const postTrialForm = (email: string, prefs: [string, string][]) =>
        postForm(
          t,
          "/free-trial",
          [
            ["token", form.token],
            ["firstname", "Form"],
            ["lastname", "Post"],
            ["email", email],
            ["licence_type_id", "1"],
            ...prefs,
          ],
          form.cookie,
        );
      for (const name of ["emailPreferences[]", "emailPreferences"]) {
        const email = newEmail();
        const res = await postTrialForm(email, [
          [name, "4"],
          [name, "2"],
        ]);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(SUCCESS);
        expect((await userRow(email))?.email_preferences).toBe("[2,4]");
        await smtp.next(email);
      }
      // One preference alone, and none at all.
      for (const prefs of [[["emailPreferences", "3"]], []] as [string, string][][]) {
        const email = newEmail();
        const res = await postTrialForm(email, prefs);
        expect(res.status).toBe(200);
        expect((await userRow(email))?.email_preferences).toBe(prefs.length ? "[3]" : "[]");
        await smtp.next(email);
      }
    });

    describe("bad input: a 4xx with the message, and nothing written", () => {
      const valid = () => ({ firstname: "Bad", lastname: "Input", email: newEmail(), licence_type_id: 1 });
      const missing = missingFrom(valid);
      const LICENCE_REQUIRED = "The licence type field is required.";
      const cases: BadFieldCase[] = [
        ["first name missing", missing("firstname"), "firstname", "The first name field is required."],
        ["last name missing", missing("lastname"), "lastname", "The last name field is required."],
        ["email missing", missing("email"), "email", "The email field is required."],
        ["licence type missing", missing("licence_type_id"), "licence_type_id", LICENCE_REQUIRED],
        ["first name blank", { ...valid(), firstname: " " }, "firstname", "The first name field is required."],
        ["first name a number", { ...valid(), firstname: 1 }, "firstname", "The first name field is required."],
        ["last name null", { ...valid(), lastname: null }, "lastname", "The last name field is required."],
        ["licence type a word", { ...valid(), licence_type_id: "atpl" }, "licence_type_id", LICENCE_REQUIRED],
        ["licence type zero", { ...valid(), licence_type_id: 0 }, "licence_type_id", LICENCE_REQUIRED],
        ["licence type a fraction", { ...valid(), licence_type_id: 1.5 }, "licence_type_id", LICENCE_REQUIRED],
        [
          "first name too long",
          { ...valid(), firstname: "x".repeat(101) },
          "firstname",
          "The first name field must be at most 100 characters.",
        ],
        [
          "email too long",
          { ...valid(), email: `${"x".repeat(250)}@example.test` },
          "email",
          ACCOUNT_MESSAGES.invalidEmail,
        ],
        ["bad e-mail", { ...valid(), email: "trial@nowhere" }, "email", ACCOUNT_MESSAGES.invalidEmail],
        [
          "unknown licence type",
          { ...valid(), licence_type_id: 999 },
          "licence_type_id",
          ACCOUNT_MESSAGES.licenceTypeUnavailable,
        ],
        [
          "licence type beyond any id",
          { ...valid(), licence_type_id: 1e15 },
          "licence_type_id",
          ACCOUNT_MESSAGES.licenceTypeUnavailable,
        ],
        [
          "licence type of a closed school only",
          { ...valid(), licence_type_id: CLOSED_ONLY },
          "licence_type_id",
          ACCOUNT_MESSAGES.licenceTypeUnavailable,
        ],
        [
          "licence type with no syllabus",
          { ...valid(), licence_type_id: NO_SYLLABUS },
          "licence_type_id",
          ACCOUNT_MESSAGES.licenceTypeUnavailable,
        ],
        [
          "unknown email preference",
          { ...valid(), emailPreferences: [1, 77] },
          "emailPreferences",
          "Unknown email preferences: 77",
        ],
        [
          "email preference a word",
          { ...valid(), emailPreferences: ["news"] },
          "emailPreferences.0",
          "emailPreferences must be preference ids",
        ],
        ["email preferences not a list", { ...valid(), emailPreferences: 1 }, "emailPreferences", ""],
        ["an extra field", { ...valid(), password: "secret1" }, "_", 'Unrecognized key: "password"'],
      ];
      itRefusesBadFields(() => t, FREE_TRIAL_FORM, cases);

      it("malformed JSON and a body of another type", async () => {
        const form = await getForm(t, "/api/free-trial");
        const before = await rowCounts(t);
        const malformed = await postRawJson(t, "/free-trial", "{'firstname': 'x'}", form.cookie);
        expect(malformed.status).toBe(400);
        expect(((await malformed.json()) as ErrorReply).error.message).toBe("Malformed JSON in request body");
        const multipart = new FormData();
        multipart.set("token", form.token);
        const other = await t.request("/free-trial", {
          method: "POST",
          cookie: form.cookie,
          headers: { Origin: APP_ORIGIN },
          body: multipart,
        });
        expect(other.status).toBe(400);
        expect(await rowCounts(t)).toEqual(before);
      });

      it("anti-forgery: a wrong, missing or other browser's token, no cookie, another origin → refused", async () => {
        const form = await getForm(t, "/api/free-trial");
        const otherBrowser = await getForm(t, "/api/free-trial");
        const before = await rowCounts(t);
        const refused: [unknown, string | undefined][] = [
          [form.token, undefined],
          [otherBrowser.token, form.cookie],
          ["y".repeat(43), form.cookie],
        ];
        for (const [token, cookie] of refused) {
          const res = await t.request("/free-trial", {
            method: "POST",
            json: { token, ...valid() },
            ...(cookie ? { cookie } : {}),
          });
          expect(res.status).toBe(403);
          expect(((await res.json()) as ErrorReply).error).toEqual({
            code: "forbidden",
            message: ACCOUNT_MESSAGES.formExpired,
          });
        }
        for (const token of [undefined, "", 7]) {
          const res = await t.request("/free-trial", {
            method: "POST",
            cookie: form.cookie,
            json: { token, ...valid() },
          });
          expect(res.status).toBe(400);
          expect(((await res.json()) as ErrorReply).errors?.token).toEqual([ACCOUNT_MESSAGES.formExpired]);
        }
        const fields: [string, string][] = [
          ["token", form.token],
          ["firstname", "Cross"],
          ["lastname", "Site"],
          ["email", newEmail()],
          ["licence_type_id", "1"],
        ];
        expect((await postForm(t, "/free-trial", fields, form.cookie, "http://evil.test")).status).toBe(403);
        const noOrigin = await t.request("/free-trial", {
          method: "POST",
          cookie: form.cookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
        expect(noOrigin.status).toBe(403);
        const badForm = await postForm(
          t,
          "/free-trial",
          [...fields.filter(([k]) => k !== "email"), ["email", "x@"], ["emailPreferences[]", "one"]],
          form.cookie,
        );
        expect(badForm.status).toBe(400);
        expect(errorBodySchema.parse(await badForm.json()).errors).toMatchObject({
          email: [ACCOUNT_MESSAGES.invalidEmail],
          "emailPreferences.0": ["emailPreferences must be preference ids"],
        });
        expect(await rowCounts(t)).toEqual(before);
      });
    });
  });
}
