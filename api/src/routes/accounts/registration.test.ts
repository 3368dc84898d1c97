import {
  ACCOUNT_MESSAGES,
  ACTIVATION_TOKEN_TTL_MS,
  accountFormReplySchema,
  registrationFormReplySchema,
} from "@preflight/sync-protocol/schemas/accounts";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BadFieldCase,
  type ErrorReply,
  getForm,
  itRefusesBadFields,
  linkParam,
  MINUTE,
  mailedToken,
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
import { FORM_TOKEN_COOKIE, FORM_TOKEN_MAX_AGE_S } from "./anti-forgery.ts";

const ACTIVATE_PAGE = "/register/activate";
const REGISTER_FORM = { get: "/api/register", post: "/register", tokenField: "_token" } as const;
const REGISTERED = { success: true, message: ACCOUNT_MESSAGES.registered, redirect: "/login" };

/** Syllabi added for these tests: one of a closed school, one inactive. */
const CLOSED_SCHOOL_SYLLABUS = 90;
const INACTIVE_SYLLABUS = 91;

for (const dialect of DIALECTS) {
  describe(`registration and activation [${dialect}]`, () => {
    let smtp: SmtpReceiver;
    let t: TestApp;
    let n = 0;
    const newEmail = () => `newcomer${++n}@example.test`;

    beforeAll(async () => {
      ({ t, smtp } = await startMailApp(dialect));
      const syllabus = {
        licence: "ATPL(A)",
        licence_type_id: 1,
        edition: "2020" as const,
        include_examples: 1 as const,
        warning: null,
      };
      await t.deps.db
        .insertInto("syllabi")
        .values([
          { ...syllabus, id: CLOSED_SCHOOL_SYLLABUS, title: "Academy ATPL(A)", school_id: 2, active: 1 },
          { ...syllabus, id: INACTIVE_SYLLABUS, title: "Retired ATPL(A)", school_id: 1, active: 0 },
        ])
        .execute();
    });
    afterAll(() => stopMailApp({ t, smtp }));

    async function register(fields: Record<string, unknown> = {}, form?: { token: string; cookie: string }) {
      const f = form ?? (await getForm(t, "/api/register"));
      const email = (fields.email as string | undefined) ?? newEmail();
      const res = await t.request("/register", {
        method: "POST",
        cookie: f.cookie,
        json: {
          _token: f.token,
          firstname: "Nina",
          lastname: "Newcomer",
          email,
          password: "vfr-cruise",
          password_confirmation: "vfr-cruise",
          syllabus_id: 3,
          ...fields,
        },
      });
      return { res, email };
    }

    const userRow = (email: string) =>
      t.deps.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

    const signIn = (email: string, password = "vfr-cruise") =>
      t.request("/api/auth/login", { method: "POST", json: { email, password } });

    /** The token of the next activation mail to `email`. */
    const activationToken = async (email: string) => mailedToken(await smtp.next(email), ACTIVATE_PAGE);

    const activate = (token: unknown) => t.request("/register/activate", { method: "POST", json: { token } });

    it("GET /api/register: the allowed schools, their active syllabi with warnings, and a token also set as a strict cookie", async () => {
      const form = await getForm(t, "/api/register");
      const reply = registrationFormReplySchema.parse(form.body);
      expect(reply.schools).toEqual([{ id: 1, name: "Preflight" }]);
      expect(reply.syllabi.map((s) => s.id)).toEqual([1, 2, 3]);
      expect(reply.syllabi.every((s) => s.school_id === 1)).toBe(true);
      expect(reply.syllabi[1]?.warning).toBe(
        "Without the example exam questions some topics have few or no questions.",
      );
      expect(reply.syllabi[2]?.warning).toBeNull();
      expect(reply._token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(form.cookie).toBe(`${FORM_TOKEN_COOKIE}=${reply._token}`);
      expect(form.setCookie).toMatch(/HttpOnly/);
      expect(form.setCookie).toMatch(/SameSite=Strict/);
      expect(form.setCookie).toMatch(/Path=\//);
      expect(form.setCookie).toContain(`Max-Age=${FORM_TOKEN_MAX_AGE_S}`);
      expect(form.setCookie).not.toMatch(/Secure/);
      expect((await t.request("/api/register")).headers.get("cache-control")).toBe("no-store");
      // A second GET from the same browser keeps its token, so two open forms both post.
      const again = await getForm(t, "/api/register", form.cookie);
      expect(again.token).toBe(reply._token);
      const other = await getForm(t, "/api/register");
      expect(other.token).not.toBe(reply._token);
    });

    it("over https the cookie is __Host-pf_form and Secure; a plain pf_form cookie no longer counts", async () => {
      t.deps.secureCookies = true;
      try {
        const form = await getForm(t, "/api/register");
        expect(form.cookie).toBe(`__Host-${FORM_TOKEN_COOKIE}=${form.token}`);
        expect(form.setCookie).toMatch(/Secure/);
        expect(form.setCookie).toMatch(/SameSite=Strict/);
        const planted = await register({}, { token: form.token, cookie: `${FORM_TOKEN_COOKIE}=${form.token}` });
        expect(planted.res.status).toBe(403);
        const { res, email } = await register({}, form);
        expect(res.status).toBe(200);
        await smtp.next(email);
      } finally {
        t.deps.secureCookies = false;
      }
    });

    it("register → activation mail over SMTP → activate through the link's token → sign in", async () => {
      const before = await rowCounts(t);
      const { res } = await register({ email: "Nina.Newcomer@Example.TEST" });
      expect(res.status).toBe(200);
      expect(accountFormReplySchema.parse(await res.json())).toEqual(REGISTERED);
      const email = "nina.newcomer@example.test";
      const user = await userRow(email);
      expect(user).toMatchObject({
        active: 0,
        role: "student",
        syllabus_id: 3,
        firstname: "Nina",
        lastname: "Newcomer",
      });
      expect(user?.password_hash).toMatch(/^\$argon2id\$/);
      expect(user?.password_hash).not.toContain("vfr-cruise");
      const after = await rowCounts(t);
      expect(after).toMatchObject({
        users: (before.users ?? 0) + 1,
        mail_outbox: (before.mail_outbox ?? 0) + 1,
        account_tokens: (before.account_tokens ?? 0) + 1,
      });
      const token = await t.deps.db
        .selectFrom("account_tokens")
        .selectAll()
        .where("user_id", "=", user?.id ?? "")
        .executeTakeFirstOrThrow();
      expect(token.purpose).toBe("activation");
      expect(Date.parse(token.expires_at) - Date.parse(token.created_at)).toBe(ACTIVATION_TOKEN_TTL_MS);

      const mail = await smtp.next(email);
      expect(mail.subject).toBe("Activate your account | Preflight");
      expect(mail.text).toContain("Preflight");
      expect(mail.html).toContain("Preflight");
      expect(mail.text).toContain("Hello Nina,");
      expect(mail.links).toHaveLength(1);
      const link = mail.links[0] as string;
      expect(new URL(link).origin).toBe(APP_ORIGIN);
      expect(new URL(link).pathname).toBe("/register/activate");
      expect(mail.html).toContain(`href="${link}"`);
      // Only a hash of the token is stored.
      expect(token.id).not.toBe(linkParam(link, "token"));

      const inactive = await signIn(email);
      expect(inactive.status).toBe(403);
      expect(((await inactive.json()) as ErrorReply).error).toEqual({
        code: "inactive_account",
        message: ACCOUNT_MESSAGES.inactive,
      });

      const activated = await activate(linkParam(link, "token"));
      expect(activated.status).toBe(200);
      expect(await activated.json()).toEqual({
        success: true,
        message: ACCOUNT_MESSAGES.activated,
        redirect: "/login",
      });
      expect((await userRow(email))?.active).toBe(1);
      const session = await signIn(email);
      expect(session.status).toBe(200);
      expect(session.headers.get("set-cookie")).toMatch(/^pf_session=/);
    });

    it("the activation link works once", async () => {
      const { email } = await register();
      const token = await activationToken(email);
      expect((await activate(token)).status).toBe(200);
      const again = await activate(token);
      expect(again.status).toBe(400);
      const body = errorBodySchema.parse(await again.json());
      expect(body.error).toMatchObject({ code: "bad_request", message: ACCOUNT_MESSAGES.activationInvalid });
      expect(body.errors).toEqual({ token: [ACCOUNT_MESSAGES.activationInvalid] });
    });

    it("the activation link expires after 7 days; a resent link works and the old one stays dead", async () => {
      const { email: early } = await register();
      const earlyToken = await activationToken(early);
      const { email } = await register();
      const token = await activationToken(email);
      t.clock.advance(ACTIVATION_TOKEN_TTL_MS - MINUTE);
      expect((await activate(earlyToken)).status).toBe(200);
      t.clock.advance(MINUTE);
      const expired = await activate(token);
      expect(expired.status).toBe(400);
      expect(((await expired.json()) as ErrorReply).error.message).toBe(ACCOUNT_MESSAGES.activationInvalid);
      expect((await userRow(email))?.active).toBe(0);

      const resend = await t.request("/register/resend", { method: "POST", json: { email } });
      expect(resend.status).toBe(200);
      const fresh = await activationToken(email);
      expect(fresh).not.toBe(token);
      expect((await activate(token)).status).toBe(400);
      expect((await activate(fresh)).status).toBe(200);
      expect((await signIn(email)).status).toBe(200);
    });

    it("resend: a new link for an inactive account retires the older one; the same reply for any address", async () => {
      const { email } = await register();
      const first = await activationToken(email);
      const resent = await t.request("/register/resend", { method: "POST", json: { email: email.toUpperCase() } });
      expect(resent.status).toBe(200);
      const reply = await resent.json();
      expect(reply).toEqual({ success: true, message: ACCOUNT_MESSAGES.activationResent, redirect: "/login" });
      const mail = await smtp.next(email);
      expect(mail.subject).toBe("Activate your account | Preflight");
      const second = mailedToken(mail, ACTIVATE_PAGE);
      expect((await activate(first)).status).toBe(400);

      // An unknown address and an active account: the same reply, and no mail.
      const before = await rowCounts(t);
      for (const other of ["nobody-at-all@example.test", "student@preflight.test"]) {
        const res = await t.request("/register/resend", { method: "POST", json: { email: other } });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(reply);
      }
      const after = await rowCounts(t);
      expect(after.mail_outbox).toBe(before.mail_outbox);
      expect(after.account_tokens).toBe(before.account_tokens);
      expect((await activate(second)).status).toBe(200);
    });

    it("resend: refused within a minute of the last one for the address (whether or not it has an account), allowed after", async () => {
      for (const email of ["resend-twice@example.test", (await register()).email]) {
        expect((await t.request("/register/resend", { method: "POST", json: { email } })).status).toBe(200);
        const before = await rowCounts(t);
        const again = await t.request("/register/resend", { method: "POST", json: { email } });
        expect(again.status).toBe(429);
        expect(((await again.json()) as ErrorReply).error).toEqual({
          code: "too_many_requests",
          message: ACCOUNT_MESSAGES.tooSoon,
        });
        expect(await rowCounts(t)).toEqual(before);
      }
      t.clock.advance(MINUTE + 1);
      expect(
        (await t.request("/register/resend", { method: "POST", json: { email: "resend-twice@example.test" } })).status,
      ).toBe(200);
    });

    it("an address that has an account gets the same reply: an inactive one a fresh activation mail, an active one a note with sign-in links", async () => {
      const { res: fresh, email } = await register();
      const freshBody = await fresh.text();
      const firstToken = await activationToken(email);
      const before = await userRow(email);

      t.clock.advance(MINUTE + 1);
      const { res: again } = await register({
        email,
        firstname: "Mallory",
        password: "other-pass",
        password_confirmation: "other-pass",
      });
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(freshBody);
      const activation = await smtp.next(email);
      expect(activation.subject).toBe("Activate your account | Preflight");
      expect(activation.text).toContain("Hello Nina,");
      // Nothing about the account changed: not the name, not the password.
      expect(await userRow(email)).toEqual(before);
      expect((await activate(firstToken)).status).toBe(400);
      expect((await activate(linkParam(activation.links[0] as string, "token"))).status).toBe(200);
      expect((await signIn(email, "other-pass")).status).toBe(401);

      const active = await userRow("student@preflight.test");
      const { res: taken } = await register({ email: "Student@Preflight.test" });
      expect(taken.status).toBe(200);
      expect(await taken.text()).toBe(freshBody);
      const note = await smtp.next("student@preflight.test");
      expect(note.subject).toBe("Someone tried to register with your address | Preflight");
      expect(note.text).toContain("You already have an account");
      expect(note.links).toEqual([`${APP_ORIGIN}/login`, `${APP_ORIGIN}/password/forgot`]);
      expect(note.html).toContain(`href="${APP_ORIGIN}/login"`);
      expect(await userRow("student@preflight.test")).toEqual(active);
    });

    it("registration: refused within a minute of the last one for the address, allowed after", async () => {
      const { res, email } = await register();
      expect(res.status).toBe(200);
      await smtp.next(email);
      const before = await rowCounts(t);
      const { res: again } = await register({ email });
      expect(again.status).toBe(429);
      expect(((await again.json()) as ErrorReply).error.message).toBe(ACCOUNT_MESSAGES.tooSoon);
      expect(await rowCounts(t)).toEqual(before);
      // An address with an active account is limited the same way.
      const { res: known } = await register({ email: "class@preflight.test" });
      expect(known.status).toBe(200);
      expect((await register({ email: "class@preflight.test" })).res.status).toBe(429);
      await smtp.next("class@preflight.test");

      t.clock.advance(MINUTE + 1);
      const { res: later } = await register({ email });
      expect(later.status).toBe(200);
      expect((await smtp.next(email)).subject).toBe("Activate your account | Preflight");
    });

    it("no account is created when its activation mail cannot be queued", async () => {
      const email = newEmail();
      const before = await rowCounts(t);
      const form = await getForm(t, "/api/register");
      const res = await withoutMailOutbox(t, async () => (await register({ email }, form)).res);
      expect(res.status).toBe(500);
      expect(((await res.json()) as ErrorReply).error.code).toBe("internal");
      expect(await userRow(email)).toBeUndefined();
      expect(await rowCounts(t)).toEqual(before);
      // Nothing held back either: the same address registers at once when mail works again.
      expect((await register({ email }, form)).res.status).toBe(200);
    });

    it("accepts the spec's ordinary form post (form-encoded) from the app's origin", async () => {
      const form = await getForm(t, "/api/register");
      const email = newEmail();
      const fields: [string, string][] = [
        ["_token", form.token],
        ["firstname", "Fiona"],
        ["lastname", "Formpost"],
        ["email", email],
        ["password", "vfr-cruise"],
        ["password_confirmation", "vfr-cruise"],
        ["syllabus_id", "2"],
      ];
      const res = await postForm(t, "/register", fields, form.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(REGISTERED);
      expect(await userRow(email)).toMatchObject({ firstname: "Fiona", syllabus_id: 2, active: 0 });
      await smtp.next(email);

      // Sec-Fetch-Site: same-origin is as good as the Origin header.
      const other = newEmail();
      const sameSite = await t.request("/register", {
        method: "POST",
        cookie: form.cookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(fields.map(([k, v]): [string, string] => [k, k === "email" ? other : v])).toString(),
      });
      expect(sameSite.status).toBe(200);
      await smtp.next(other);
    });

    describe("bad input: a 4xx with the message, and nothing written", () => {
      const valid = () => ({
        firstname: "Bad",
        lastname: "Input",
        email: newEmail(),
        password: "vfr-cruise",
        password_confirmation: "vfr-cruise",
        syllabus_id: 3,
      });
      const missing = missingFrom(valid);
      const cases: BadFieldCase[] = [
        ["firstname missing", missing("firstname"), "firstname", "The first name field is required."],
        ["lastname missing", missing("lastname"), "lastname", "The last name field is required."],
        ["email missing", missing("email"), "email", "The email field is required."],
        ["password missing", missing("password"), "password", "The password field is required."],
        [
          "confirmation missing",
          missing("password_confirmation"),
          "password_confirmation",
          "The confirm password field is required.",
        ],
        ["exam missing", missing("syllabus_id"), "syllabus_id", ACCOUNT_MESSAGES.examRequired],
        ["blank firstname", { ...valid(), firstname: "   " }, "firstname", "The first name field is required."],
        ["firstname a number", { ...valid(), firstname: 7 }, "firstname", "The first name field is required."],
        ["lastname a list", { ...valid(), lastname: ["a"] }, "lastname", "The last name field is required."],
        ["email a number", { ...valid(), email: 12 }, "email", "The email field is required."],
        ["password a number", { ...valid(), password: 1234567 }, "password", "The password field is required."],
        ["exam a word", { ...valid(), syllabus_id: "three" }, "syllabus_id", ACCOUNT_MESSAGES.examRequired],
        ["exam a fraction", { ...valid(), syllabus_id: 2.5 }, "syllabus_id", ACCOUNT_MESSAGES.examRequired],
        ["exam negative", { ...valid(), syllabus_id: -3 }, "syllabus_id", ACCOUNT_MESSAGES.examRequired],
        [
          "firstname too long",
          { ...valid(), firstname: "x".repeat(101) },
          "firstname",
          "The first name field must be at most 100 characters.",
        ],
        [
          "lastname too long",
          { ...valid(), lastname: "x".repeat(101) },
          "lastname",
          "The last name field must be at most 100 characters.",
        ],
        [
          "confirmation too long",
          { ...valid(), password_confirmation: "x".repeat(201) },
          "password_confirmation",
          "Password must be at most 200 characters.",
        ],
        [
          "email too long",
          { ...valid(), email: `${"x".repeat(250)}@example.test` },
          "email",
          ACCOUNT_MESSAGES.invalidEmail,
        ],
        [
          "password too long",
          { ...valid(), password: "x".repeat(201), password_confirmation: "x".repeat(201) },
          "password",
          "Password must be at most 200 characters.",
        ],
        ["bad e-mail", { ...valid(), email: "not-an-address" }, "email", ACCOUNT_MESSAGES.invalidEmail],
        ["e-mail with a space", { ...valid(), email: "a b@example.test" }, "email", ACCOUNT_MESSAGES.invalidEmail],
        [
          "short password",
          { ...valid(), password: "abc12", password_confirmation: "abc12" },
          "password",
          ACCOUNT_MESSAGES.passwordTooShort,
        ],
        [
          "a common password",
          { ...valid(), password: "Password1", password_confirmation: "Password1" },
          "password",
          ACCOUNT_MESSAGES.passwordTooCommon,
        ],
        [
          "passwords differ",
          { ...valid(), password_confirmation: "secret2" },
          "password_confirmation",
          ACCOUNT_MESSAGES.passwordMismatch,
        ],
        ["unknown exam", { ...valid(), syllabus_id: 9999 }, "syllabus_id", ACCOUNT_MESSAGES.examUnavailable],
        [
          "exam beyond any id",
          { ...valid(), syllabus_id: 99_999_999_999 },
          "syllabus_id",
          ACCOUNT_MESSAGES.examUnavailable,
        ],
        [
          "inactive exam",
          { ...valid(), syllabus_id: INACTIVE_SYLLABUS },
          "syllabus_id",
          ACCOUNT_MESSAGES.examUnavailable,
        ],
        [
          "exam of a closed school",
          { ...valid(), syllabus_id: CLOSED_SCHOOL_SYLLABUS },
          "syllabus_id",
          ACCOUNT_MESSAGES.examUnavailable,
        ],
        ["an extra field", { ...valid(), role: "maintenance" }, "_", 'Unrecognized key: "role"'],
      ];
      itRefusesBadFields(() => t, REGISTER_FORM, cases);

      it("the password and its confirmation both wrong: every message, one per field", async () => {
        const form = await getForm(t, "/api/register");
        const res = await t.request("/register", {
          method: "POST",
          cookie: form.cookie,
          json: { _token: form.token, ...valid(), email: "nope", password: "abc", password_confirmation: "abd" },
        });
        expect(res.status).toBe(400);
        const body = errorBodySchema.parse(await res.json());
        expect(body.errors).toMatchObject({
          email: [ACCOUNT_MESSAGES.invalidEmail],
          password: [ACCOUNT_MESSAGES.passwordTooShort],
        });
      });

      it("an empty body names every required field", async () => {
        const form = await getForm(t, "/api/register");
        const before = await rowCounts(t);
        const res = await t.request("/register", { method: "POST", cookie: form.cookie, json: {} });
        expect(res.status).toBe(400);
        const body = errorBodySchema.parse(await res.json());
        expect(Object.keys(body.errors ?? {}).sort()).toEqual(
          ["_token", "email", "firstname", "lastname", "password", "password_confirmation", "syllabus_id"].sort(),
        );
        expect(body.errors?._token).toEqual([ACCOUNT_MESSAGES.formExpired]);
        expect(await rowCounts(t)).toEqual(before);
      });

      it("malformed JSON, a JSON list, and a body of another type", async () => {
        const form = await getForm(t, "/api/register");
        const before = await rowCounts(t);
        const malformed = await postRawJson(t, "/register", '{"firstname":', form.cookie);
        expect(malformed.status).toBe(400);
        expect(((await malformed.json()) as ErrorReply).error.message).toBe("Malformed JSON in request body");
        const list = await t.request("/register", { method: "POST", cookie: form.cookie, json: [valid()] });
        expect(list.status).toBe(400);
        const plain = await t.request("/register", {
          method: "POST",
          cookie: form.cookie,
          headers: { "Content-Type": "text/plain", Origin: APP_ORIGIN },
          body: JSON.stringify({ _token: form.token, ...valid() }),
        });
        expect(plain.status).toBe(400);
        expect(((await plain.json()) as ErrorReply).error.message).toBe(
          "Send the form as JSON or as an ordinary form post.",
        );
        expect(await rowCounts(t)).toEqual(before);
      });

      it("anti-forgery: a wrong, missing, short or other browser's token, or no cookie → 403 'This form has expired…'", async () => {
        const form = await getForm(t, "/api/register");
        const otherBrowser = await getForm(t, "/api/register");
        const before = await rowCounts(t);
        const attempts: [string | undefined, string | undefined][] = [
          [form.token, undefined],
          [otherBrowser.token, form.cookie],
          [`${form.token.slice(0, -1)}${form.token.endsWith("A") ? "B" : "A"}`, form.cookie],
          [form.token, `${FORM_TOKEN_COOKIE}=`],
          [form.token, "pf_session=whatever"],
        ];
        for (const [token, cookie] of attempts) {
          const res = await t.request("/register", {
            method: "POST",
            json: { _token: token, ...valid() },
            ...(cookie ? { cookie } : {}),
          });
          expect(res.status).toBe(403);
          expect(((await res.json()) as ErrorReply).error).toEqual({
            code: "forbidden",
            message: ACCOUNT_MESSAGES.formExpired,
          });
        }
        for (const token of [undefined, "short", 42, "x".repeat(201)]) {
          const res = await t.request("/register", {
            method: "POST",
            cookie: form.cookie,
            json: { _token: token, ...valid() },
          });
          expect(res.status).toBe(400);
          expect(((await res.json()) as ErrorReply).errors?._token).toEqual([ACCOUNT_MESSAGES.formExpired]);
        }
        expect(await rowCounts(t)).toEqual(before);
      });

      it("form posts: refused from another origin or with no origin at all; bad fields say what is wrong", async () => {
        const form = await getForm(t, "/api/register");
        const before = await rowCounts(t);
        const good: [string, string][] = [
          ["_token", form.token],
          ["firstname", "Cross"],
          ["lastname", "Site"],
          ["email", newEmail()],
          ["password", "vfr-cruise"],
          ["password_confirmation", "vfr-cruise"],
          ["syllabus_id", "3"],
        ];
        const foreign = await postForm(t, "/register", good, form.cookie, "http://evil.test");
        expect(foreign.status).toBe(403);
        expect(((await foreign.json()) as ErrorReply).error.message).toBe(ACCOUNT_MESSAGES.formExpired);
        const crossSite = await t.request("/register", {
          method: "POST",
          cookie: form.cookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
          body: new URLSearchParams(good).toString(),
        });
        expect(crossSite.status).toBe(403);
        const noOrigin = await t.request("/register", {
          method: "POST",
          cookie: form.cookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(good).toString(),
        });
        expect(noOrigin.status).toBe(403);

        const bad = await postForm(
          t,
          "/register",
          good.map(([k, v]) => [k, k === "password_confirmation" ? "different" : k === "syllabus_id" ? "" : v]),
          form.cookie,
        );
        expect(bad.status).toBe(400);
        const body = errorBodySchema.parse(await bad.json());
        expect(body.errors).toEqual({
          syllabus_id: [ACCOUNT_MESSAGES.examRequired],
          password_confirmation: [ACCOUNT_MESSAGES.passwordMismatch],
        });
        const mismatch = await postForm(
          t,
          "/register",
          good.map(([k, v]) => [k, k === "password_confirmation" ? "different" : v]),
          form.cookie,
        );
        expect(mismatch.status).toBe(400);
        expect(errorBodySchema.parse(await mismatch.json()).errors).toEqual({
          password_confirmation: [ACCOUNT_MESSAGES.passwordMismatch],
        });
        const extra = await postForm(t, "/register", [...good, ["admin", "1"]], form.cookie);
        expect(extra.status).toBe(400);
        const wrongToken = await postForm(
          t,
          "/register",
          good.map(([k, v]) => [k, k === "_token" ? "x".repeat(43) : v]),
          form.cookie,
        );
        expect(wrongToken.status).toBe(403);
        expect(await rowCounts(t)).toEqual(before);
      });

      it("activate: a missing, short, unknown or wrongly typed token, extra fields, malformed JSON → 400", async () => {
        const before = await rowCounts(t);
        for (const json of [
          {},
          { token: "short" },
          { token: "x".repeat(43) },
          { token: 42 },
          { token: "x".repeat(201) },
        ]) {
          const res = await t.request("/register/activate", { method: "POST", json });
          expect(res.status).toBe(400);
          const body = errorBodySchema.parse(await res.json());
          expect(body.errors?.token?.[0]).toBe(ACCOUNT_MESSAGES.activationInvalid);
        }
        const extra = await t.request("/register/activate", {
          method: "POST",
          json: { token: "x".repeat(43), user: 1 },
        });
        expect(extra.status).toBe(400);
        expect(errorBodySchema.parse(await extra.json()).errors?._).toEqual(['Unrecognized key: "user"']);
        const malformed = await postRawJson(t, "/register/activate", "{");
        expect(malformed.status).toBe(400);
        expect(((await malformed.json()) as ErrorReply).error.message).toBe("Malformed JSON in request body");
        // A GET never activates anything (the link opens a page of the app, which posts).
        expect((await t.request("/register/activate?token=whatever")).status).toBe(404);
        expect(await rowCounts(t)).toEqual(before);
      });

      it("resend: a missing, bad or too long address, extra fields, malformed JSON → 400", async () => {
        const before = await rowCounts(t);
        const cases: [unknown, string][] = [
          [{}, "The email field is required."],
          [{ email: "" }, "The email field is required."],
          [{ email: 5 }, "The email field is required."],
          [{ email: "nope" }, ACCOUNT_MESSAGES.invalidEmail],
          [{ email: `${"x".repeat(250)}@example.test` }, ACCOUNT_MESSAGES.invalidEmail],
          [{ email: "a@example.test", offline: true }, 'Unrecognized key: "offline"'],
        ];
        for (const [json, message] of cases) {
          const res = await t.request("/register/resend", { method: "POST", json });
          expect(res.status).toBe(400);
          expect(((await res.json()) as ErrorReply).error.message).toContain(message);
        }
        const malformed = await postRawJson(t, "/register/resend", "email=a@example.test");
        expect(malformed.status).toBe(400);
        expect(await rowCounts(t)).toEqual(before);
      });
    });
  });
}
