/**
 * The Personal Details form's rules (spec accounts 5: profile edit), pure so the view and its
 * tests share them. An Update splits into up to three writes, each where it must go:
 *
 *   - a password change (Change Password sub-mode): online only, POST /profile/account;
 *   - an e-mail change: online only, POST /profile/email with the current password; the new
 *     address takes effect when its confirmation link is followed;
 *   - the other details (names, exam, update mode): queued POST /profile/account, carrying the
 *     e-mail the server holds (it refuses a queued one that differs).
 *
 * Offline, a change that needs the network is refused at once with ACCOUNT_MESSAGES.needsConnection
 * and nothing of the Update is written.
 */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { emailChangeSchema } from "@preflight/sync-protocol/schemas/accounts";
import {
  type PasswordChange,
  passwordChangeSchema,
  profileAccountSchema,
} from "@preflight/sync-protocol/schemas/profile";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { fieldErrors, type ProfileDetails } from "../../local/actions/profile.ts";

/** What the form holds while editing. */
export interface DetailsDraft {
  firstname: string;
  lastname: string;
  email: string;
  /** The exam (syllabus) chosen; null when the profile names none. */
  question_bank_id: number | null;
  manual_update: 0 | 1;
  /** Asked when the e-mail changes or the password is changed. */
  current_password: string;
  /** The Change Password sub-mode's fields; null when the sub-mode is closed. */
  password: { new: string; confirmation: string } | null;
}

/** Field errors: field name (as the inputs are named) to its messages; `_` for the whole form. */
export type FormErrors = Record<string, string[]>;

export interface UpdatePlan {
  /** Queued; null when no detail changed and the Update sends something else. */
  details: ProfileDetails | null;
  /** Sent online; null when the e-mail stays. */
  emailChange: { email: string; current_password: string } | null;
  /** Sent online; null when the sub-mode is closed. */
  passwordChange: PasswordChange | null;
}

export function draftOf(profile: PulledProfile): DetailsDraft {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    email: profile.email,
    question_bank_id: profile.syllabus_id,
    manual_update: profile.manual_update,
    current_password: "",
    password: null,
  };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when the draft's e-mail differs from the one the server holds. */
export function emailChanged(draft: DetailsDraft, profile: PulledProfile): boolean {
  return !sameEmail(draft.email, profile.email);
}

/** Checks the draft with the shared schemas; either the errors to show or what to write. */
export function planUpdate(
  draft: DetailsDraft,
  profile: PulledProfile,
  options: { online: boolean; examEditable: boolean },
): { errors: FormErrors } | { plan: UpdatePlan } {
  const errors: FormErrors = {};
  const add = (field: string, messages: string[]) => {
    errors[field] = [...(errors[field] ?? []), ...messages];
  };

  const details = profileAccountSchema.omit({ password: true }).safeParse({
    firstname: draft.firstname,
    lastname: draft.lastname,
    email: draft.email,
    ...(options.examEditable && draft.question_bank_id !== null ? { question_bank_id: draft.question_bank_id } : {}),
    manual_update: draft.manual_update,
  });
  if (!details.success)
    for (const [field, messages] of Object.entries(fieldErrors(details.error))) add(field, messages);
  if (options.examEditable && draft.question_bank_id === null) add("question_bank_id", [ACCOUNT_MESSAGES.examRequired]);

  const changingEmail = emailChanged(draft, profile);
  let emailChange: UpdatePlan["emailChange"] = null;
  if (changingEmail && !errors.email) {
    const parsed = emailChangeSchema.safeParse({ email: draft.email, current_password: draft.current_password });
    if (!options.online) add("email", [ACCOUNT_MESSAGES.needsConnection]);
    else if (parsed.success) emailChange = parsed.data;
    else for (const [field, messages] of Object.entries(fieldErrors(parsed.error))) add(field, messages);
  }

  let passwordChange: PasswordChange | null = null;
  if (draft.password) {
    const parsed = passwordChangeSchema.safeParse({
      current: draft.current_password,
      new: draft.password.new,
      confirmation: draft.password.confirmation,
    });
    if (!options.online) add("password", [ACCOUNT_MESSAGES.needsConnection]);
    else if (parsed.success) passwordChange = parsed.data;
    else
      for (const issue of parsed.error.issues) {
        const field = { current: "current_password", new: "password_new", confirmation: "password_confirmation" }[
          String(issue.path[0])
        ];
        // The e-mail change asks for the current password too: say it once.
        if (field === "current_password" && errors.current_password) continue;
        add(field ?? "password", [issue.message]);
      }
  }

  if (Object.keys(errors).length) return { errors };

  const kept: ProfileDetails = {
    firstname: draft.firstname.trim(),
    lastname: draft.lastname.trim(),
    // The server holds the old address until the new one is confirmed.
    email: profile.email,
    ...(options.examEditable && draft.question_bank_id !== null ? { question_bank_id: draft.question_bank_id } : {}),
    manual_update: draft.manual_update,
  };
  const detailsChanged =
    kept.firstname !== profile.firstname ||
    kept.lastname !== profile.lastname ||
    (kept.question_bank_id !== undefined && kept.question_bank_id !== profile.syllabus_id) ||
    kept.manual_update !== profile.manual_update;
  // An Update that changes nothing still sends the details, as the spec's form does (and says so).
  const sendDetails = detailsChanged || (!emailChange && !passwordChange);
  return { plan: { details: sendDetails ? kept : null, emailChange, passwordChange } };
}
