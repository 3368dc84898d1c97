/**
 * The profile carries the account number (migration 0013) only for an account that has one, on
 * each database: GET /api/profile and the profile sync step's `account` alike.
 */
import { profileDataSchema } from "@preflight/sync-protocol/schemas/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENCE_ACCOUNT } from "../demo/licences.ts";
import { signedInAccount } from "../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";

for (const dialect of DIALECTS) {
  describe(`the profile's account number (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    }, 60_000);
    afterAll(() => t.close());

    const profile = async (cookie: string) =>
      profileDataSchema.parse(await (await t.request("/api/profile", { cookie })).json());

    it("an installed-app account's number, in the page's data and the sync step's", async () => {
      const cookie = await t.login(DEMO_LICENCE_ACCOUNT.email);
      expect((await profile(cookie)).account_number).toBe(DEMO_LICENCE_ACCOUNT.accountNumber);
      const res = await t.request("/user-sync/profile", { method: "POST", cookie, json: { cursor: null } });
      const step = (await res.json()) as { profile?: { account?: { account_number?: string } } };
      expect(step.profile?.account?.account_number).toBe(DEMO_LICENCE_ACCOUNT.accountNumber);
    });

    it("none for an account without one", async () => {
      const student = await signedInAccount(t);
      expect("account_number" in (await profile(student.cookie))).toBe(false);
    });
  });
}
