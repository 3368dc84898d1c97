import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { describe, expect, it } from "vitest";
import { ApiCallError, NetworkError } from "./api.ts";
import { failureText, GENERIC_FAILURE, isRefusal, serverFieldErrors, tooManyAttemptsText } from "./form-errors.ts";

class RefusedHere extends Error {}
class WithReason extends Error {
  constructor(readonly reason: "wrong_password") {
    super("Wrong e-mail or password.");
  }
}

const validation = new ApiCallError(422, "bad_request", "The given data was invalid.", {
  fields: { email: ["The email field is required."], password: ["Too short.", "Needs a digit."] },
});

describe("what a failure says", () => {
  it("a validation refusal: every field message on its own line (spec accounts 8)", () => {
    expect(failureText(validation)).toBe("The email field is required.\nToo short.\nNeeds a digit.");
    expect(serverFieldErrors(validation)).toEqual({ email: "The email field is required.", password: "Too short." });
  });

  it("any other refusal: the server's message, whatever the screen's fallback", () => {
    const err = new ApiCallError(409, "conflict", "This address is taken.");
    expect(failureText(err)).toBe("This address is taken.");
    expect(failureText(err, { fallback: "Unable to save" })).toBe("This address is taken.");
  });

  it("no connection: says a connection is needed", () => {
    expect(failureText(new NetworkError("offline"))).toBe(ACCOUNT_MESSAGES.needsConnection);
    expect(failureText(new NetworkError("offline"), { offline: "Connect to check the password." })).toBe(
      "Connect to check the password.",
    );
  });

  it("a local error that carries its reason: its own message", () => {
    expect(failureText(new WithReason("wrong_password"))).toBe("Wrong e-mail or password.");
  });

  it("an error class the screen explains: its message; others: the screen's fallback", () => {
    const wording = { explains: [RefusedHere], fallback: "Unable to mark this question" };
    expect(failureText(new RefusedHere("The month is in the future."), wording)).toBe("The month is in the future.");
    expect(failureText(new TypeError("x is undefined"), wording)).toBe("Unable to mark this question");
    expect(failureText(new TypeError("storage full"), { explains: [Error] })).toBe("storage full");
  });

  it("an unexplained failure without a fallback: the generic line", () => {
    expect(failureText(new Error("boom"))).toBe(GENERIC_FAILURE);
    expect(failureText("a thrown string")).toBe(GENERIC_FAILURE);
  });

  it("a refusal is final; a server fault, a rate limit or no connection may pass on another try", () => {
    expect(isRefusal(validation)).toBe(true);
    expect(isRefusal(new ApiCallError(500, "internal", "Oops"))).toBe(false);
    expect(isRefusal(new ApiCallError(429, "too_many_requests", "Slow down"))).toBe(false);
    expect(isRefusal(new NetworkError("timeout"))).toBe(false);
  });
});

describe("a brute-force limit's refusal", () => {
  const limited = (seconds: unknown) =>
    new ApiCallError(429, "too_many_requests", "Slow down", { retry_after_seconds: seconds });

  it("says how many minutes to wait, rounded up", () => {
    expect(tooManyAttemptsText(limited(30))).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(tooManyAttemptsText(limited(61))).toBe("Too many attempts. Please wait 2 minutes and try again.");
    expect(failureText(limited(900))).toBe("Too many attempts. Please wait 15 minutes and try again.");
  });

  it("keeps the server's words when the wait is not given", () => {
    expect(tooManyAttemptsText(new ApiCallError(429, "too_many_requests", "Slow down"))).toBeUndefined();
    expect(tooManyAttemptsText(limited("soon"))).toBeUndefined();
    expect(failureText(new ApiCallError(429, "too_many_requests", ACCOUNT_MESSAGES.tooSoon))).toBe(
      ACCOUNT_MESSAGES.tooSoon,
    );
  });
});
