/**
 * The student's own settings, written through the outbox (catalogue entries in mutations.ts):
 * course dates (spec study 7: POST /profile/course-dates), profile details (spec accounts 7:
 * POST /profile/account) and email preferences (POST /profile/preferences).
 */
import { z } from "zod";
import { PROFILE_MESSAGES } from "../rules/account-messages.ts";
import { isCommonPassword } from "../rules/common-passwords.ts";

export { PROFILE_MESSAGES };

import { COURSE_DATE_MESSAGES, DATE_PATTERN } from "../rules/course-dates.ts";

// --- course dates ------------------------------------------------------------------------------

const day = (field: string) =>
  z
    .string(`${field}: ${COURSE_DATE_MESSAGES.notADate}`)
    .regex(DATE_PATTERN, `${field}: ${COURSE_DATE_MESSAGES.notADate}`);

/** The student's dates for the modules of their syllabus (spec: modules per syllabus). */
export const courseDatesUpdateSchema = z.strictObject({
  syllabus_id: z.number("syllabus_id must be a number").int().positive(),
  modules: z
    .array(
      z.strictObject({
        module_id: z.number("module_id must be a number").int().positive(),
        start: day("start"),
        end: day("end"),
      }),
    )
    .min(1, "modules must name at least one module")
    .max(200)
    .refine((rows) => new Set(rows.map((r) => r.module_id)).size === rows.length, "modules must not repeat a module"),
});
export type CourseDatesUpdate = z.infer<typeof courseDatesUpdateSchema>;

export const courseDatesReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The sync steps whose data this changed: the device pulls them again. */
  syncData: z.object({ pull: z.array(z.string()) }),
  /** The student's course dates after the change, as the syllabus step sends them. */
  course_dates: z.array(z.object({ module_id: z.number().int(), start: z.string(), end: z.string() })),
});
export type CourseDatesReply = z.infer<typeof courseDatesReplySchema>;

/** GET /api/syllabi_dates: the student's course dates per syllabus, and whether a class sets them. */
export const syllabiDatesReplySchema = z.object({
  class_managed: z.boolean(),
  course: z.array(
    z.object({
      syllabus_id: z.number().int(),
      syllabus_name: z.string(),
      modules: z.array(
        z.object({ module_id: z.number().int(), title: z.string(), start: z.string(), end: z.string() }),
      ),
    }),
  ),
});

// --- profile details ---------------------------------------------------------------------------

/** Spec accounts 9: password minimum 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

/** A required line of text, named in its messages as the form labels it ("first name"). */
export const requiredText = (field: string) =>
  z
    .string(`The ${field} field is required.`)
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(100, `The ${field} field must be at most 100 characters.`);

/** A password change: the current password and the new one twice (spec: 'Passwords must match'). */
export const passwordChangeSchema = z
  .strictObject({
    current: z.string("Enter your current password").min(1, "Enter your current password").max(200),
    new: z
      .string(PROFILE_MESSAGES.passwordTooShort)
      .min(PASSWORD_MIN_LENGTH, PROFILE_MESSAGES.passwordTooShort)
      .max(200, "Password must be at most 200 characters.")
      .refine((password) => !isCommonPassword(password), PROFILE_MESSAGES.passwordTooCommon),
    confirmation: z.string(PROFILE_MESSAGES.passwordsMustMatch),
  })
  .refine((p) => p.new === p.confirmation, { message: PROFILE_MESSAGES.passwordsMustMatch, path: ["confirmation"] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Spec update modes: 0 automatic, 1 manual. */
export const manualUpdateSchema = z.union([z.literal(0), z.literal(1)], "manual_update must be 0 or 1");

export const profileAccountSchema = z.strictObject({
  firstname: requiredText("first name"),
  lastname: requiredText("last name"),
  email: z
    .string(PROFILE_MESSAGES.emailInvalid)
    .trim()
    .min(1, PROFILE_MESSAGES.emailInvalid)
    .max(254, PROFILE_MESSAGES.emailInvalid)
    .email(PROFILE_MESSAGES.emailInvalid),
  /** The syllabus (exam) the student studies for. */
  question_bank_id: z.number("question_bank_id must be a number").int().positive().optional(),
  manual_update: manualUpdateSchema.optional(),
  /** Only to change the password; sent online, never queued on the device. */
  password: passwordChangeSchema.optional(),
});
export type ProfileAccount = z.infer<typeof profileAccountSchema>;

/** The fields as stored after the change (spec: reply with the updated fields). */
export const profileFieldsSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  question_bank_id: z.number().int().nullable(),
  manual_update: manualUpdateSchema,
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const profileAccountReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: profileFieldsSchema,
  password_changed: z.boolean(),
});
export type ProfileAccountReply = z.infer<typeof profileAccountReplySchema>;

// --- email preferences -------------------------------------------------------------------------

/** One email preference the student may choose (spec: id, type, text). */
export const emailPreferenceSchema = z.object({ id: z.number().int(), type: z.string(), text: z.string() });
export type EmailPreference = z.infer<typeof emailPreferenceSchema>;

export const preferencesUpdateSchema = z.strictObject({
  user_preferences: z
    .array(z.number("user_preferences must be preference ids").int().positive(), "user_preferences must be a list")
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, "user_preferences must not repeat an id"),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

export const preferencesReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user_preferences: z.array(z.number().int()),
});
export type PreferencesReply = z.infer<typeof preferencesReplySchema>;
