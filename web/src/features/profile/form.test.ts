import { ACCOUNT_MESSAGES, PROFILE_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { describe, expect, it } from "vitest";
import { type DetailsDraft, draftOf, planUpdate } from "./form.ts";
import { STUDENT_PROFILE } from "./profile.mock.ts";

const online = { online: true, examEditable: true };
const draft = (change: Partial<DetailsDraft>): DetailsDraft => ({ ...draftOf(STUDENT_PROFILE), ...change });

describe("the Personal Details form's rules (spec accounts 5)", () => {
  it("requires the names and a valid e-mail, with the spec's words", () => {
    expect(planUpdate(draft({ firstname: " ", lastname: "", email: "nope" }), STUDENT_PROFILE, online)).toEqual({
      errors: {
        firstname: ["The first name field is required."],
        lastname: ["The last name field is required."],
        email: [PROFILE_MESSAGES.emailInvalid],
      },
    });
  });

  it("queues the details with the e-mail the server holds, changed or not", () => {
    expect(planUpdate(draft({}), STUDENT_PROFILE, online)).toEqual({
      plan: {
        details: {
          firstname: "Sam",
          lastname: "Student",
          email: STUDENT_PROFILE.email,
          question_bank_id: 3,
          manual_update: 0,
        },
        emailChange: null,
        passwordChange: null,
      },
    });
    expect(
      planUpdate(draft({ firstname: " Samantha ", question_bank_id: 4, manual_update: 1 }), STUDENT_PROFILE, online),
    ).toEqual({
      plan: {
        details: {
          firstname: "Samantha",
          lastname: "Student",
          email: STUDENT_PROFILE.email,
          question_bank_id: 4,
          manual_update: 1,
        },
        emailChange: null,
        passwordChange: null,
      },
    });
  });

  it("leaves the exam out when the choice is not the student's, and requires it when it is", () => {
    const result = planUpdate(draft({ firstname: "Sal" }), STUDENT_PROFILE, { online: true, examEditable: false });
    expect(result).toMatchObject({ plan: { details: { firstname: "Sal" } } });
    expect("plan" in result && result.plan.details && "question_bank_id" in result.plan.details).toBe(false);
    expect(planUpdate(draft({ question_bank_id: null }), STUDENT_PROFILE, online)).toEqual({
      errors: { question_bank_id: [ACCOUNT_MESSAGES.examRequired] },
    });
  });

  it("an e-mail change asks for the current password and goes online, apart from the queued details", () => {
    expect(planUpdate(draft({ email: "new@preflight.test" }), STUDENT_PROFILE, online)).toEqual({
      errors: { current_password: [ACCOUNT_MESSAGES.emailChangeNeedsPassword] },
    });
    expect(
      planUpdate(
        draft({ email: "New@Preflight.test", current_password: "preflight", lastname: "Pilot" }),
        STUDENT_PROFILE,
        online,
      ),
    ).toEqual({
      plan: {
        details: {
          firstname: "Sam",
          lastname: "Pilot",
          email: STUDENT_PROFILE.email,
          question_bank_id: 3,
          manual_update: 0,
        },
        emailChange: { email: "new@preflight.test", current_password: "preflight" },
        passwordChange: null,
      },
    });
    // The same address in other letters is no change.
    expect(planUpdate(draft({ email: "STUDENT@preflight.test" }), STUDENT_PROFILE, online)).toMatchObject({
      plan: { details: { email: STUDENT_PROFILE.email }, emailChange: null },
    });
  });

  it("offline, an e-mail or password change says it needs a connection and nothing is written", () => {
    const offline = { online: false, examEditable: true };
    expect(planUpdate(draft({ email: "new@preflight.test", firstname: "Sal" }), STUDENT_PROFILE, offline)).toEqual({
      errors: { email: [ACCOUNT_MESSAGES.needsConnection] },
    });
    expect(
      planUpdate(draft({ password: { new: "vfr-cruise", confirmation: "vfr-cruise" } }), STUDENT_PROFILE, offline),
    ).toEqual({ errors: { password: [ACCOUNT_MESSAGES.needsConnection] } });
  });

  it("a password change: current password, at least 6 characters, 'Passwords must match'", () => {
    expect(planUpdate(draft({ password: { new: "abc", confirmation: "abd" } }), STUDENT_PROFILE, online)).toEqual({
      errors: {
        current_password: ["Enter your current password"],
        password_new: [PROFILE_MESSAGES.passwordTooShort],
        password_confirmation: [PROFILE_MESSAGES.passwordsMustMatch],
      },
    });
    expect(
      planUpdate(
        draft({ current_password: "preflight", password: { new: "vfr-cruise", confirmation: "vfr-cruise" } }),
        STUDENT_PROFILE,
        online,
      ),
    ).toEqual({
      plan: {
        details: null,
        emailChange: null,
        passwordChange: { current: "preflight", new: "vfr-cruise", confirmation: "vfr-cruise" },
      },
    });
  });

  it("asks for the current password once when both the e-mail and the password change", () => {
    const result = planUpdate(
      draft({ email: "new@preflight.test", password: { new: "vfr-cruise", confirmation: "vfr-cruise" } }),
      STUDENT_PROFILE,
      online,
    );
    expect(result).toEqual({ errors: { current_password: [ACCOUNT_MESSAGES.emailChangeNeedsPassword] } });
  });
});
