import "fake-indexeddb/auto";
import { routes } from "@preflight/sync-protocol/routes/index";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { beforeEach, describe, expect, it } from "vitest";
import { pullProfile } from "../pull/steps/profile.ts";
import { deviceDb, getMeta } from "../store/db.ts";
import { pulledProfile, resetDatabases, STUDENT, signedInScope, stepAnswers } from "../test-support.ts";
import { ProfileInputError, updateEmailPreferences, updateProfile } from "./profile.ts";

const PROFILE = pulledProfile({
  preferences: [
    { id: 1, type: "product_news", text: "News" },
    { id: 2, type: "offers", text: "Offers" },
  ],
});

describe("profile edits on the device", () => {
  beforeEach(resetDatabases);

  it("[OB1] updates the device's profile and queues POST /profile/account together; the header follows", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    const saved = await updateProfile(scope, {
      firstname: " Samantha ",
      lastname: "Pilot",
      email: "Sam.Pilot@preflight.test",
      manual_update: 1,
    });
    expect(saved).toMatchObject({
      firstname: "Samantha",
      lastname: "Pilot",
      email: "sam.pilot@preflight.test",
      manual_update: 1,
    });
    expect(await getMeta(scope.db, "profile")).toEqual(saved);
    expect(await getMeta(scope.db, "updateMode")).toBe(1);
    expect((await scope.db.outbox.toArray()).map((e) => [e.call, e.body])).toEqual([
      [
        "POST /profile/account",
        { firstname: "Samantha", lastname: "Pilot", email: "sam.pilot@preflight.test", manual_update: 1 },
      ],
    ]);
    expect((await deviceDb().session.get("current"))?.user).toMatchObject({ firstname: "Samantha", lastname: "Pilot" });
  });

  it("[OB3] refuses what the server would refuse, with the errors per field, and queues nothing", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    const error = await updateProfile(scope, { firstname: "", lastname: "Pilot", email: "nope" }).catch((e) => e);
    expect(error).toBeInstanceOf(ProfileInputError);
    expect(error.reason).toBe("invalid_field");
    expect(error.errors).toEqual({
      firstname: ["The first name field is required."],
      email: ["A valid email is required"],
    });
    await expect(updateEmailPreferences(scope, [1, 7])).rejects.toThrow("Unknown email preferences: 7");
    expect(await scope.db.outbox.count()).toBe(0);
    expect(await getMeta(scope.db, "profile")).toEqual(PROFILE);
  });

  it("keeps the ticked email preferences and queues them", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    expect(await updateEmailPreferences(scope, [2, 1])).toEqual([1, 2]);
    expect(await getMeta<PulledProfile>(scope.db, "profile")).toMatchObject({ user_preferences: [1, 2] });
    expect((await scope.db.outbox.toArray()).map((e) => [e.call, e.body])).toEqual([
      ["POST /profile/preferences", { user_preferences: [1, 2] }],
    ]);
  });

  it("[PL5] a profile pull leaves an edit still in the outbox alone, and takes the server's after it is sent", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    await updateProfile(scope, { firstname: "Samantha", lastname: "Student", email: STUDENT.email });
    const call = stepAnswers(routes.pullProfile, {
      success: true,
      cursor: "9",
      changed: true,
      profile: { ...PROFILE, firstname: "Server", manual_update: 1 },
    });
    expect(await pullProfile(scope.db, call)).toEqual({ deferred: true });
    expect(await getMeta<PulledProfile>(scope.db, "profile")).toMatchObject({ firstname: "Samantha" });
    expect(await getMeta(scope.db, "pullCursor:profile")).toBeUndefined();
    await scope.db.outbox.clear();
    expect(await pullProfile(scope.db, call)).toEqual({ deferred: false });
    expect(await getMeta<PulledProfile>(scope.db, "profile")).toMatchObject({ firstname: "Server" });
    expect(await getMeta(scope.db, "updateMode")).toBe(1);
    expect(await getMeta(scope.db, "pullCursor:profile")).toBe("9");
  });

  it("keeps the review weights the server fitted, even while a profile edit waits; drops them when the server has none", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    await updateProfile(scope, { firstname: "Samantha", lastname: "Student", email: STUDENT.email });
    const weights = { weights: Array(21).fill(0.5), reviews: 400, fitted_at: "2026-11-20T09:00:00.000Z" };
    const fitted = stepAnswers(routes.pullProfile, {
      success: true,
      cursor: "9",
      changed: true,
      profile: { ...PROFILE, review_weights: weights },
    });
    expect(await pullProfile(scope.db, fitted)).toEqual({ deferred: true });
    expect(await getMeta(scope.db, "reviewWeights")).toEqual(weights);
    const none = stepAnswers(routes.pullProfile, { success: true, cursor: "10", changed: true, profile: PROFILE });
    await pullProfile(scope.db, none);
    expect(await getMeta(scope.db, "reviewWeights")).toBeUndefined();
  });
});
