import "fake-indexeddb/auto";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, NetworkError } from "../api.ts";
import { getMeta } from "../store/db.ts";
import { pulledProfile, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { confirmEmailChange, requestEmailChange } from "./email-change.ts";
import { ProfileInputError } from "./profile.ts";

const PROFILE = pulledProfile({
  account: {
    pending_email: null,
    subscription: { start: null, end: null, no_expiry: false, free_trial: false },
    userSubscriptions: [],
    student_id: null,
    class: null,
    school: null,
    offline_account: false,
    syllabi: [],
  },
});

const calls: { url: string; init: RequestInit }[] = [];
function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
}

describe("the e-mail change, online only", () => {
  beforeEach(async () => {
    await resetDatabases();
    calls.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it("posts the new address with the current password, queues nothing, and the device shows it pending", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    serverAnswers(200, {
      success: true,
      message: ACCOUNT_MESSAGES.emailChangeSent,
      pending_email: "new@preflight.test",
    });
    const reply = await requestEmailChange(scope, { email: " New@Preflight.test ", current_password: "preflight" });
    expect(reply.message).toBe(ACCOUNT_MESSAGES.emailChangeSent);
    expect(calls.map((c) => [c.url, JSON.parse(String(c.init.body))])).toEqual([
      ["/profile/email", { email: "new@preflight.test", current_password: "preflight" }],
    ]);
    expect(await scope.db.outbox.count()).toBe(0);
    const stored = await getMeta<PulledProfile>(scope.db, "profile");
    expect(stored?.account?.pending_email).toBe("new@preflight.test");
    // The address itself changes only when the link is followed.
    expect(stored?.email).toBe(STUDENT.email);
  });

  it("refuses input the server would refuse without calling it; the server's refusal and no network throw", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: PROFILE });
    serverAnswers(400, {
      error: {
        code: "bad_request",
        message: "Your current password is not correct.",
        details: { fields: { current_password: ["Your current password is not correct."] } },
      },
    });
    const bad = await requestEmailChange(scope, { email: "new@preflight.test", current_password: "" }).catch((e) => e);
    expect(bad).toBeInstanceOf(ProfileInputError);
    expect(bad.errors).toEqual({ current_password: [ACCOUNT_MESSAGES.emailChangeNeedsPassword] });
    expect(calls).toHaveLength(0);

    const refused = await requestEmailChange(scope, { email: "new@preflight.test", current_password: "x" }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(ApiCallError);
    expect((await getMeta<PulledProfile>(scope.db, "profile"))?.account?.pending_email).toBeNull();

    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(requestEmailChange(scope, { email: "new@preflight.test", current_password: "x" })).rejects.toThrow(
      NetworkError,
    );
  });

  it("confirms with the link's token, no session needed", async () => {
    serverAnswers(200, { success: true, message: ACCOUNT_MESSAGES.emailChanged, redirect: "/login" });
    const token = "t".repeat(32);
    expect(await confirmEmailChange(token)).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.emailChanged,
      redirect: "/login",
    });
    expect(calls.map((c) => [c.url, JSON.parse(String(c.init.body))])).toEqual([["/email/confirm", { token }]]);
    await expect(confirmEmailChange("short")).rejects.toThrow(ACCOUNT_MESSAGES.emailChangeInvalid);
  });
});
