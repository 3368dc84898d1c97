import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { describe, expect, it } from "vitest";
import { OfflineSignInError } from "../../local/account/session.ts";
import { ApiCallError, NetworkError } from "../../local/api.ts";
import { signInProblem } from "./sign-in-problem.ts";

describe("what the login page says about a refused sign-in", () => {
  it("an inactive account: the spec's message and the offer to resend the activation link", () => {
    const err = new ApiCallError(403, "inactive_account", ACCOUNT_MESSAGES.inactive);
    expect(signInProblem(err)).toEqual({ message: ACCOUNT_MESSAGES.inactive, offerResend: true });
  });

  it("the server's own message for wrong credentials and for too many attempts", () => {
    const wrong = new ApiCallError(401, "invalid_credentials", "These credentials do not match our records.");
    expect(signInProblem(wrong)).toEqual({ message: wrong.message, offerResend: false });
    const tooMany = new ApiCallError(429, "too_many_requests", "Too many sign-in attempts. Please wait a minute.");
    expect(signInProblem(tooMany)).toEqual({ message: tooMany.message, offerResend: false });
  });

  it("too many attempts: how many minutes to wait before trying again", () => {
    const limited = new ApiCallError(429, "too_many_requests", "Too many attempts.", { retry_after_seconds: 120 });
    expect(signInProblem(limited)).toEqual({
      message: "Too many attempts. Please wait 2 minutes and try again.",
      offerResend: false,
    });
  });

  it("the device's refusals offline", () => {
    expect(signInProblem(new OfflineSignInError("wrong_password")).message).toBe(
      "These credentials do not match our records.",
    );
    expect(signInProblem(new OfflineSignInError("needs_connection")).message).toMatch(/needs a connection/);
    expect(signInProblem(new NetworkError("offline")).message).toBe(ACCOUNT_MESSAGES.needsConnection);
  });
});
