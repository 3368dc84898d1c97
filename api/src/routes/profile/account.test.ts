import { PROFILE_MESSAGES, profileAccountReplySchema } from "@preflight/sync-protocol/schemas/profile";
import { profileStepReplySchema } from "@preflight/sync-protocol/schemas/pull";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";

const DETAILS = { firstname: "Samantha", lastname: "Pilot", email: "Sam.Pilot@preflight.test" };

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
          email: "sam.pilot@preflight.test",
          question_bank_id: 3,
          manual_update: 1,
        },
        password_changed: false,
      });
      expect(await user("sam.pilot@preflight.test")).toMatchObject({ firstname: "Samantha", manual_update: 1 });
      const after = await pullProfile(cookie, first.success ? first.cursor : null);
      expect(after).toMatchObject({
        changed: true,
        profile: { firstname: "Samantha", lastname: "Pilot", email: "sam.pilot@preflight.test", manual_update: 1 },
      });
      // The new email signs in.
      cookie = await t.login("sam.pilot@preflight.test");
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
      expect((await user("sam.pilot@preflight.test"))?.email_preferences).toBe("[]");
    });

    it.each([
      ["/profile/account", { ...DETAILS, email: "not-an-email" }, { email: [PROFILE_MESSAGES.emailInvalid] }],
      ["/profile/account", { ...DETAILS, firstname: "  " }, { firstname: ["The firstname field is required."] }],
      ["/profile/account", { lastname: "x", email: "a@b.test" }, { firstname: ["The firstname field is required."] }],
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
      ["/profile/account", { ...DETAILS, role: "maintenance" }, { _: [expect.stringContaining("role")] }],
      [
        "/profile/preferences",
        { user_preferences: [1, 1] },
        { user_preferences: ["user_preferences must not repeat an id"] },
      ],
      ["/profile/preferences", { user_preferences: "1,2" }, { user_preferences: ["user_preferences must be a list"] }],
      ["/profile/preferences", {}, { user_preferences: ["user_preferences must be a list"] }],
    ])("%s refuses %j with a 400 and the errors per field; nothing changes", async (path, body, fields) => {
      const before = await user("sam.pilot@preflight.test");
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).details?.fields).toEqual(fields);
      expect(await user("sam.pilot@preflight.test")).toEqual(before);
    });

    it.each([
      [{ ...DETAILS, email: "class@preflight.test" }, 409, PROFILE_MESSAGES.emailTaken],
      [{ ...DETAILS, question_bank_id: 999 }, 400, PROFILE_MESSAGES.syllabusUnavailable],
      [
        { ...DETAILS, password: { current: "wrong", new: "newpass1", confirmation: "newpass1" } },
        400,
        PROFILE_MESSAGES.currentPasswordWrong,
      ],
    ])("refuses %j with the server's message and changes nothing", async (body, status, message) => {
      const before = await user("sam.pilot@preflight.test");
      const res = await post("/profile/account", body);
      expect(res.status).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
      expect(await user("sam.pilot@preflight.test")).toEqual(before);
    });

    it("refuses an email preference the server does not offer", async () => {
      const res = await post("/profile/preferences", { user_preferences: [1, 99] });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe("Unknown email preferences: 99");
    });

    it("changes the exam to another active syllabus, but not for a class's student", async () => {
      const res = await post("/profile/account", { ...DETAILS, question_bank_id: 2 });
      expect(res.status).toBe(200);
      expect((await user("sam.pilot@preflight.test"))?.syllabus_id).toBe(2);
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

    it("changes the password when the current one is right; the new one signs in", async () => {
      const res = await post("/profile/account", {
        ...DETAILS,
        password: { current: "preflight", new: "cumulus42", confirmation: "cumulus42" },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ password_changed: true });
      await expect(t.login("sam.pilot@preflight.test", "preflight")).rejects.toThrow();
      cookie = await t.login("sam.pilot@preflight.test", "cumulus42");
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
