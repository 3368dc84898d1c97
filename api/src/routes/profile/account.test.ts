import { randomBytes } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/schemas/accounts";
import { PROFILE_MESSAGES, profileAccountReplySchema } from "@preflight/sync-protocol/schemas/profile";
import { profileStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../auth/session.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";

/** The e-mail is sent as the form holds it (any case); it must be the account's own. */
const DETAILS = { firstname: "Samantha", lastname: "Pilot", email: "Student@preflight.test" };
const EMAIL = "student@preflight.test";

for (const dialect of DIALECTS) {
  describe(`profile details and email preferences [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
    });
    afterAll(() => t.close());

    const post = (path: string, body: unknown, who = cookie) =>
      t.request(path, { method: "POST", cookie: who, json: body });
    const errorOf = async (res: Response) =>
      (
        (await res.json()) as {
          error: { code: string; message: string; details?: { fields: Record<string, string[]> } };
        }
      ).error;
    const user = (email: string) =>
      t.deps.db
        .selectFrom("users")
        .select([
          "firstname",
          "lastname",
          "email",
          "syllabus_id",
          "manual_update",
          "email_preferences",
          "password_hash",
        ])
        .where("email", "=", email)
        .executeTakeFirst();
    const pullProfile = async (who: string, cursor: string | null) =>
      profileStepReplySchema.parse(
        await (await t.request("/user-sync/profile", { method: "POST", cookie: who, json: { cursor } })).json(),
      );

    it("updates the personal details, replies with the fields as stored, and the profile step sends them", async () => {
      const first = await pullProfile(cookie, null);
      expect(first).toMatchObject({
        profile: {
          manual_update: 0,
          user_preferences: [],
          preferences: expect.arrayContaining([expect.objectContaining({ id: 1 })]),
        },
      });
      const res = await post("/profile/account", { ...DETAILS, manual_update: 1 });
      expect(res.status).toBe(200);
      expect(profileAccountReplySchema.parse(await res.json())).toEqual({
        success: true,
        message: "Your profile details have been updated.",
        updated: {
          firstname: "Samantha",
          lastname: "Pilot",
          email: "student@preflight.test",
          question_bank_id: 3,
          manual_update: 1,
        },
        password_changed: false,
      });
      expect(await user("student@preflight.test")).toMatchObject({ firstname: "Samantha", manual_update: 1 });
      const after = await pullProfile(cookie, first.success ? first.cursor : null);
      expect(after).toMatchObject({
        changed: true,
        profile: { firstname: "Samantha", lastname: "Pilot", email: "student@preflight.test", manual_update: 1 },
      });
    });

    it("no longer changes the e-mail address: another address is refused with a 400 and nothing changes", async () => {
      const before = await user(EMAIL);
      for (const email of ["sam.pilot@preflight.test", "class@preflight.test"]) {
        const res = await post("/profile/account", { ...DETAILS, lastname: "Changed", email });
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(ACCOUNT_MESSAGES.emailChangeSeparately);
      }
      expect(await user(EMAIL)).toEqual(before);
      expect(await user("sam.pilot@preflight.test")).toBeUndefined();
    });

    it("keeps the email preferences ticked; the profile step sends them", async () => {
      const before = await pullProfile(cookie, null);
      const res = await post("/profile/preferences", { user_preferences: [3, 1] });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        message: "Your email preferences have been updated.",
        user_preferences: [1, 3],
      });
      const after = await pullProfile(cookie, before.success ? before.cursor : null);
      expect(after).toMatchObject({ changed: true, profile: { user_preferences: [1, 3] } });
      expect((await post("/profile/preferences", { user_preferences: [] })).status).toBe(200);
      expect((await user("student@preflight.test"))?.email_preferences).toBe("[]");
    });

    it.each([
      ["/profile/account", { ...DETAILS, email: "not-an-email" }, { email: [PROFILE_MESSAGES.emailInvalid] }],
      ["/profile/account", { ...DETAILS, firstname: "  " }, { firstname: ["The first name field is required."] }],
      ["/profile/account", { lastname: "x", email: "a@b.test" }, { firstname: ["The first name field is required."] }],
      ["/profile/account", { ...DETAILS, manual_update: 2 }, { manual_update: ["manual_update must be 0 or 1"] }],
      [
        "/profile/account",
        { ...DETAILS, password: { current: "preflight", new: "newpass1", confirmation: "newpass2" } },
        { "password.confirmation": [PROFILE_MESSAGES.passwordsMustMatch] },
      ],
      [
        "/profile/account",
        { ...DETAILS, password: { current: "preflight", new: "short", confirmation: "short" } },
        { "password.new": [PROFILE_MESSAGES.passwordTooShort] },
      ],
      [
        "/profile/account",
        { ...DETAILS, password: { current: "preflight", new: "iloveyou", confirmation: "iloveyou" } },
        { "password.new": [PROFILE_MESSAGES.passwordTooCommon] },
      ],
      ["/profile/account", { ...DETAILS, role: "maintenance" }, { _: [expect.stringContaining("role")] }],
      [
        "/profile/preferences",
        { user_preferences: [1, 1] },
        { user_preferences: ["user_preferences must not repeat an id"] },
      ],
      ["/profile/preferences", { user_preferences: "1,2" }, { user_preferences: ["user_preferences must be a list"] }],
      ["/profile/preferences", {}, { user_preferences: ["user_preferences must be a list"] }],
    ])("%s refuses %j with a 400 and the errors per field; nothing changes", async (path, body, fields) => {
      const before = await user("student@preflight.test");
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).details?.fields).toEqual(fields);
      expect(await user("student@preflight.test")).toEqual(before);
    });

    it.each([
      [{ ...DETAILS, email: "class@preflight.test" }, 400, ACCOUNT_MESSAGES.emailChangeSeparately],
      [{ ...DETAILS, question_bank_id: 999 }, 400, PROFILE_MESSAGES.syllabusUnavailable],
      [
        { ...DETAILS, password: { current: "wrong", new: "newpass1", confirmation: "newpass1" } },
        400,
        PROFILE_MESSAGES.currentPasswordWrong,
      ],
    ])("refuses %j with the server's message and changes nothing", async (body, status, message) => {
      const before = await user("student@preflight.test");
      const res = await post("/profile/account", body);
      expect(res.status).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
      expect(await user("student@preflight.test")).toEqual(before);
    });

    it("refuses an email preference the server does not offer", async () => {
      const res = await post("/profile/preferences", { user_preferences: [1, 99] });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe("Unknown email preferences: 99");
    });

    it("changes the exam to another active syllabus, but not for a class's student", async () => {
      const res = await post("/profile/account", { ...DETAILS, question_bank_id: 2 });
      expect(res.status).toBe(200);
      expect((await user("student@preflight.test"))?.syllabus_id).toBe(2);
      expect((await post("/profile/account", { ...DETAILS, question_bank_id: 3 })).status).toBe(200);
      const classCookie = await t.login("class@preflight.test");
      const refused = await post(
        "/profile/account",
        { firstname: "Casey", lastname: "Cadet", email: "class@preflight.test", question_bank_id: 2 },
        classCookie,
      );
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toBe(PROFILE_MESSAGES.classSyllabus);
    });

    it("refuses an exam that is not offered: inactive, or of a school that is not an allowed one", async () => {
      await t.deps.db.insertInto("schools").values({ id: 30, name: "Closed school", open_registration: 0 }).execute();
      await t.deps.db
        .insertInto("syllabi")
        .values([
          {
            id: 31,
            title: "Closed",
            licence: "ATPL(A)",
            edition: "2020",
            include_examples: 1,
            active: 1,
            school_id: 30,
          },
          {
            id: 32,
            title: "Retired",
            licence: "ATPL(A)",
            edition: "2020",
            include_examples: 1,
            active: 0,
            school_id: 1,
          },
        ] as never)
        .execute();
      const profile = (await (await t.request("/api/profile", { cookie })).json()) as { syllabi: { id: number }[] };
      expect(profile.syllabi.map((s) => s.id)).toEqual([1, 2, 3]);
      for (const question_bank_id of [31, 32]) {
        const before = await user(EMAIL);
        const res = await post("/profile/account", { ...DETAILS, question_bank_id });
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(PROFILE_MESSAGES.syllabusUnavailable);
        expect(await user(EMAIL)).toEqual(before);
      }
    });

    it("refuses every profile edit of an account linked to an offline installation (403), and changes nothing", async () => {
      const device = await FakeDevice.signInAsNewStudent(t);
      await t.deps.db.updateTable("users").set({ offline_account: 1 }).where("id", "=", device.userId).execute();
      const row = () => t.deps.db.selectFrom("users").selectAll().where("id", "=", device.userId).executeTakeFirst();
      const before = await row();
      const email = before?.email ?? "";
      const edits: [string, unknown][] = [
        ["/profile/account", { firstname: "Off", lastname: "Line", email }],
        ["/profile/preferences", { user_preferences: [1] }],
        [
          "/profile/course-dates",
          { syllabus_id: 3, modules: [{ module_id: 301, start: "2027-01-04", end: "2027-02-26" }] },
        ],
        ["/profile/email", { email: "offline-new@preflight.test", current_password: "preflight" }],
        [`/email-preferences/${device.userId}`, { preferences: [1] }],
      ];
      for (const [path, body] of edits) {
        const res = await post(path, body, device.cookie);
        expect(res.status, path).toBe(403);
        expect((await errorOf(res)).message).toBe(ACCOUNT_MESSAGES.offlineAccount);
      }
      // Queued the same way from a device, each is refused too.
      const results = await device.pushOk(
        edits.slice(0, 3).map(([path, body]) => device.mutation(`POST ${path}`, body)),
      );
      expect(results.map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
      expect(await row()).toEqual(before);
      const tokens = await t.deps.db
        .selectFrom("account_tokens")
        .select("id")
        .where("user_id", "=", device.userId)
        .execute();
      expect(tokens).toEqual([]);
      const dates = await t.deps.db
        .selectFrom("course_dates")
        .select("id")
        .where("user_id", "=", device.userId)
        .execute();
      expect(dates).toEqual([]);
    });

    it("changes the password when the current one is right; the new one signs in; other sessions end", async () => {
      // One device at a time means a sign-in ends the others: this one is an older session still open.
      const other = randomBytes(32).toString("base64url");
      const { id } = await t.deps.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", EMAIL)
        .executeTakeFirstOrThrow();
      const now = t.clock.now().toISOString();
      await t.deps.db
        .insertInto("sessions")
        .values({
          id: hashToken(other),
          user_id: id,
          created_at: now,
          last_seen_at: now,
          ended_at: null,
          ended_reason: null,
        })
        .execute();
      expect((await t.request("/api/auth/me", { cookie: `pf_session=${other}` })).status).toBe(200);

      const res = await post("/profile/account", {
        ...DETAILS,
        password: { current: "preflight", new: "cumulus42", confirmation: "cumulus42" },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ password_changed: true });
      // This session goes on; the other one is over.
      expect((await t.request("/api/auth/me", { cookie })).status).toBe(200);
      const ended = await t.request("/api/auth/me", { cookie: `pf_session=${other}` });
      expect(ended.status).toBe(401);
      expect((await errorOf(ended)).message).toBe("Session expired");
      await expect(t.login("student@preflight.test", "preflight")).rejects.toThrow();
      cookie = await t.login("student@preflight.test", "cumulus42");
    });

    it("[SR1] applies a queued profile change exactly once", async () => {
      const device = await FakeDevice.signIn(t, "class@preflight.test");
      const mutation = device.mutation("POST /profile/account", {
        firstname: "Casey",
        lastname: "Captain",
        email: "class@preflight.test",
      });
      expect(await device.pushOk([mutation])).toMatchObject([{ status: "applied" }]);
      await t.deps.db
        .updateTable("users")
        .set({ lastname: "Cadet" })
        .where("email", "=", "class@preflight.test")
        .execute();
      expect(await device.pushOk([mutation])).toMatchObject([{ status: "duplicate" }]);
      expect((await user("class@preflight.test"))?.lastname).toBe("Cadet");
    });

    it("[ID2] needs a session", async () => {
      expect((await t.request("/profile/account", { method: "POST", json: DETAILS })).status).toBe(401);
      expect((await t.request("/profile/preferences", { method: "POST", json: { user_preferences: [] } })).status).toBe(
        401,
      );
    });
  });
}
