import { randomUUID } from "node:crypto";
import { PROFILE_MESSAGES, preferencesReplySchema } from "@preflight/sync-protocol/schemas/profile";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorReply, newAccount, postRawJson, signedInAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

for (const dialect of DIALECTS) {
  describe(`POST /email-preferences/{user_id} [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    const signedIn = () => signedInAccount(t);
    const stored = async (id: string) =>
      (await t.deps.db.selectFrom("users").select("email_preferences").where("id", "=", id).executeTakeFirstOrThrow())
        .email_preferences;
    const post = (path: string, json: unknown, cookie?: string, headers: Record<string, string> = {}) =>
      t.request(path, { method: "POST", json, cookie, headers });

    it("keeps the ticked preferences with the spec's message; the profile and the profile step show them", async () => {
      const student = await signedIn();
      const step = await (
        await t.request("/user-sync/profile", { method: "POST", cookie: student.cookie, json: { cursor: null } })
      ).json();
      const res = await post(`/email-preferences/${student.id}`, { preferences: [3, 1] }, student.cookie);
      expect(res.status).toBe(200);
      expect(preferencesReplySchema.parse(await res.json())).toEqual({
        success: true,
        message: "Your email preferences have been updated.",
        user_preferences: [1, 3],
      });
      expect(await stored(student.id)).toBe("[1,3]");
      const data = (await (await t.request("/api/profile", { cookie: student.cookie })).json()) as {
        user_preferences: number[];
      };
      expect(data.user_preferences).toEqual([1, 3]);
      const after = await (
        await t.request("/user-sync/profile", {
          method: "POST",
          cookie: student.cookie,
          json: { cursor: (step as { cursor: string }).cursor },
        })
      ).json();
      expect(after).toMatchObject({ changed: true, profile: { user_preferences: [1, 3] } });
      // The queued call is the same write.
      const queued = await post("/profile/preferences", { user_preferences: [2] }, student.cookie);
      expect(await queued.json()).toMatchObject({
        message: PROFILE_MESSAGES.preferencesUpdated,
        user_preferences: [2],
      });
      expect(
        (await post(`/email-preferences/${student.id.toUpperCase()}`, { preferences: [] }, student.cookie)).status,
      ).toBe(200);
      expect(await stored(student.id)).toBe("[]");
    });

    it("an Idempotency-Key makes a retry harmless: the stored reply, applied once", async () => {
      const student = await signedIn();
      const key = randomUUID();
      const first = await post(`/email-preferences/${student.id}`, { preferences: [1] }, student.cookie, {
        "Idempotency-Key": key,
      });
      expect(first.status).toBe(200);
      await t.deps.db.updateTable("users").set({ email_preferences: "[2]" }).where("id", "=", student.id).execute();
      const again = await post(`/email-preferences/${student.id}`, { preferences: [1] }, student.cookie, {
        "Idempotency-Key": key,
      });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ user_preferences: [1] });
      expect(await stored(student.id)).toBe("[2]");
      const bad = await post(`/email-preferences/${student.id}`, { preferences: [1] }, student.cookie, {
        "Idempotency-Key": "not-a-uuid",
      });
      expect(bad.status).toBe(400);
      expect(await stored(student.id)).toBe("[2]");
    });

    it("another student's id is a 403, and nothing changes for either", async () => {
      const student = await signedIn();
      const other = await newAccount(t);
      for (const body of [{ preferences: [1] }, { preferences: "bad" }]) {
        const res = await post(`/email-preferences/${other.id}`, body, student.cookie);
        expect(res.status).toBe(403);
        expect(((await res.json()) as ErrorReply).error).toEqual({
          code: "forbidden",
          message: "You can only change your own email preferences.",
        });
      }
      expect(await stored(student.id)).toBe("[]");
      expect(await stored(other.id)).toBe("[]");
    });

    it("[ID2] needs a session", async () => {
      const student = await newAccount(t);
      expect((await post(`/email-preferences/${student.id}`, { preferences: [1] })).status).toBe(401);
      expect(await stored(student.id)).toBe("[]");
    });

    it.each<[string, unknown, string]>([
      ["not-a-uuid", { preferences: [1] }, "user_id must be a user id"],
      ["42", { preferences: [1] }, "user_id must be a user id"],
      ["SELF", {}, "preferences must be a list"],
      ["SELF", { preferences: "1,2" }, "preferences must be a list"],
      ["SELF", { preferences: [1, 1] }, "preferences must not repeat an id"],
      ["SELF", { preferences: [0] }, "preferences"],
      ["SELF", { preferences: ["1"] }, "preferences must be preference ids"],
      ["SELF", { preferences: [1.5] }, "preferences"],
      ["SELF", { preferences: [1], extra: true }, "extra"],
      ["SELF", { preferences: [1, 99] }, "Unknown email preferences: 99"],
      ["SELF", "RAW{", "Malformed JSON in request body"],
    ])("/email-preferences/%s with %j is a 400 that says what is wrong; nothing changes", async (id, body, message) => {
      const student = await signedIn();
      const path = `/email-preferences/${id === "SELF" ? student.id : id}`;
      const res =
        body === "RAW{" ? await postRawJson(t, path, "{", student.cookie) : await post(path, body, student.cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorReply).error.message).toContain(message);
      expect(await stored(student.id)).toBe("[]");
    });
  });
}
