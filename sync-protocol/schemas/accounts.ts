/**
 * The account life cycle (spec accounts §1–§9): registration, activation by mail, resending the
 * activation link, forgotten and reset password (online by link, offline by code), the free
 * trial, an e-mail change confirmed by mail, and the profile data the profile page shows.
 *
 * Every call here is online: none is queued in the outbox. Form posts carry an anti-forgery
 * token (`_token`, or `token` for the free trial as the spec names it) that the form's GET
 * handed out with a cookie of the same value (double submit).
 *
 * No reply reveals whether an e-mail address has an account: registering, resending, asking
 * for a reset and the free trial answer the same either way, and what differs goes by mail.
 */
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../rules/account-messages.ts";
import { isCommonPassword } from "../rules/common-passwords.ts";
import {
  emailPreferenceSchema,
  manualUpdateSchema,
  PASSWORD_MIN_LENGTH,
  PROFILE_MESSAGES,
  requiredText,
} from "./profile.ts";

export { ACCOUNT_MESSAGES };

/** Spec accounts: activation links live 7 days, reset links and codes 60 minutes. */
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** A second registration, resend or reset for the same address within this is refused. */
export const MAIL_REQUEST_INTERVAL_MS = 60 * 1000;
/** Wrong tries of an offline reset code before the code dies (it is short, so it is guarded). */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Offline reset codes: 8 characters of this alphabet (no 0/O, 1/I/L), typed in the token field. */
export const RESET_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const RESET_CODE_LENGTH = 8;
/** Spec accounts 9: reset redirect after 2 s, free trial redirect after 5 s, profile reload after 2 s. */
export const RESET_REDIRECT_DELAY_MS = 2000;
export const FREE_TRIAL_REDIRECT_DELAY_MS = 5000;
export const PROFILE_RELOAD_DELAY_MS = 2000;
/** Length of the free trial a new account gets. */
export const FREE_TRIAL_DAYS = 7;

/** "An ordinary pattern" (spec): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, lower-cased, checked with the spec's message. */
export const emailField = (message: string = ACCOUNT_MESSAGES.invalidEmail) =>
  z
    .string("The email field is required.")
    .trim()
    .min(1, "The email field is required.")
    .max(254, message)
    .regex(EMAIL_PATTERN, message)
    .transform((email) => email.toLowerCase());

/** A new password (registration, reset, the free trial's first one): long enough, and not a common one. */
const newPassword = z
  .string("The password field is required.")
  .min(1, "The password field is required.")
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(200, "Password must be at most 200 characters.")
  .refine((password) => !isCommonPassword(password), ACCOUNT_MESSAGES.passwordTooCommon);

/** The anti-forgery token the form's GET handed out (a cookie holds the same value). */
export const antiForgeryTokenSchema = z
  .string(ACCOUNT_MESSAGES.formExpired)
  .min(16, ACCOUNT_MESSAGES.formExpired)
  .max(200, ACCOUNT_MESSAGES.formExpired);

const syllabusId = z.coerce
  .number(ACCOUNT_MESSAGES.examRequired)
  .int(ACCOUNT_MESSAGES.examRequired)
  .positive(ACCOUNT_MESSAGES.examRequired);

// --- registration -----------------------------------------------------------------------------

/** A syllabus (exam) a newcomer or a student may choose, with the warning shown under it. */
export const syllabusChoiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  warning: z.string().nullable(),
  school_id: z.number().int(),
});
export type SyllabusChoice = z.infer<typeof syllabusChoiceSchema>;

export const schoolSchema = z.object({ id: z.number().int(), name: z.string() });
export type School = z.infer<typeof schoolSchema>;

/** GET /api/register: what the registration form needs (spec: allowed schools passed in). */
export const registrationFormReplySchema = z.object({
  _token: z.string(),
  schools: z.array(schoolSchema),
  syllabi: z.array(syllabusChoiceSchema),
});
export type RegistrationFormReply = z.infer<typeof registrationFormReplySchema>;

/** POST /register: the spec's form post (fields as the spec names them). */
export const registrationSchema = z
  .strictObject({
    _token: antiForgeryTokenSchema,
    firstname: requiredText("first name"),
    lastname: requiredText("last name"),
    email: emailField(),
    password: newPassword,
    password_confirmation: z
      .string("The confirm password field is required.")
      .max(200, "Password must be at most 200 characters."),
    syllabus_id: syllabusId,
  })
  .refine((r) => r.password === r.password_confirmation, {
    message: ACCOUNT_MESSAGES.passwordMismatch,
    path: ["password_confirmation"],
  });
export type Registration = z.input<typeof registrationSchema>;

/** Replies of the account forms: a message to show and where to go next. */
export const accountFormReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  redirect: z.string(),
});
export type AccountFormReply = z.infer<typeof accountFormReplySchema>;

/** POST /register/activate: the token from the activation link (the link opens a page; the page posts). */
export const activationSchema = z.strictObject({
  token: z
    .string(ACCOUNT_MESSAGES.activationInvalid)
    .min(16, ACCOUNT_MESSAGES.activationInvalid)
    .max(200, ACCOUNT_MESSAGES.activationInvalid),
});

/** POST /register/resend: the resend activation form (E-Mail Address). */
export const resendActivationSchema = z.strictObject({ email: emailField() });

// --- forgotten and reset password --------------------------------------------------------------

/** POST /password/email: spec payload `email` plus the offline flag (the installed app gets a code). */
export const passwordEmailSchema = z.strictObject({
  email: emailField(),
  offline: z.boolean("offline must be true or false").default(false),
});

/** POST /password/reset: token (the link's, or the mailed code offline), email, the new password twice. */
export const passwordResetSchema = z
  .strictObject({
    token: z.string("The token field is required.").trim().min(1, "The token field is required.").max(200),
    email: emailField(),
    password: newPassword,
    password_confirmation: z.string("The password confirmation field is required.").max(200),
  })
  .refine((r) => r.password === r.password_confirmation, {
    message: ACCOUNT_MESSAGES.passwordMismatch,
    path: ["password_confirmation"],
  });

// --- free trial ------------------------------------------------------------------------------

export const licenceTypeSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
export type LicenceType = z.infer<typeof licenceTypeSchema>;

/** GET /api/free-trial: the form's licence types, email preferences and anti-forgery token. */
export const freeTrialFormReplySchema = z.object({
  token: z.string(),
  licence_types: z.array(licenceTypeSchema),
  preferences: z.array(emailPreferenceSchema),
});
export type FreeTrialFormReply = z.infer<typeof freeTrialFormReplySchema>;

/** POST /free-trial: spec payload. */
export const freeTrialSchema = z.strictObject({
  firstname: requiredText("first name"),
  lastname: requiredText("last name"),
  email: emailField(),
  licence_type_id: z.coerce
    .number("The licence type field is required.")
    .int("The licence type field is required.")
    .positive("The licence type field is required."),
  token: antiForgeryTokenSchema,
  emailPreferences: z.array(z.number("emailPreferences must be preference ids").int().positive()).max(100).default([]),
});

// --- e-mail change and email preferences ----------------------------------------------------------

/** POST /profile/email: online only; the new address gets a confirmation link. */
export const emailChangeSchema = z.strictObject({
  email: emailField(PROFILE_MESSAGES.emailInvalid),
  current_password: z
    .string(ACCOUNT_MESSAGES.emailChangeNeedsPassword)
    .min(1, ACCOUNT_MESSAGES.emailChangeNeedsPassword)
    .max(200),
});
export const emailChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  pending_email: z.string(),
});

/** POST /email/confirm: the token from the confirmation link (needs no session: any browser may open it). */
export const emailChangeConfirmSchema = z.strictObject({
  token: z.string(ACCOUNT_MESSAGES.emailChangeInvalid).min(16, ACCOUNT_MESSAGES.emailChangeInvalid).max(200),
});

/** POST /email-preferences/{user_id}: spec payload `preferences`, the ids ticked. */
export const emailPreferencesSchema = z.strictObject({
  preferences: z
    .array(z.number("preferences must be preference ids").int().positive(), "preferences must be a list")
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, "preferences must not repeat an id"),
});

// --- the profile page's data ---------------------------------------------------------------------

/** One subscription the student held or holds (spec: userSubscriptions, length in days). */
export const userSubscriptionSchema = z.object({
  length: z.number().int(),
  start: z.string(),
  end: z.string().nullable(),
  kind: z.enum(["free_trial", "purchase", "voucher", "licence", "school"]),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/** GET /api/profile: the profile page's data online (the device gets the same through the profile step). */
export const profileDataSchema = z.object({
  user_id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** An e-mail change waiting for its confirmation link. */
  pending_email: z.string().nullable(),
  question_bank_id: z.number().int().nullable(),
  manual_update: manualUpdateSchema,
  subscription: z.object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    no_expiry: z.boolean(),
    free_trial: z.boolean(),
  }),
  userSubscriptions: z.array(userSubscriptionSchema),
  student_id: z.string().nullable(),
  class: z.object({ name: z.string() }).nullable(),
  school: schoolSchema.nullable(),
  offline_account: z.boolean(),
  /** The 8 digits naming the account on its licence (installed-app accounts only), for /activate. */
  account_number: z.string().optional(),
  preferences: z.array(emailPreferenceSchema),
  user_preferences: z.array(z.number().int()),
  /** The exams the student may switch to (active syllabi of their school, or of the allowed schools). */
  syllabi: z.array(syllabusChoiceSchema),
});
export type ProfileData = z.infer<typeof profileDataSchema>;
