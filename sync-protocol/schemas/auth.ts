import { z } from "zod";

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, "Please enter your e-mail address").email("Invalid e-mail address."),
  // Bounded like every other password field: hashing megabytes per try would be work for an attacker's asking.
  password: z.string().min(1, "Please enter your password").max(200, "Password must be at most 200 characters."),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Components a deployment switches on (spec: flagging and seen-in-exam appear only when enabled;
 * study §6: display_answers is flag-gated too, and off, tests show answers after the test). A
 * reply from a server that does not name display_answers yet means it is on (the earlier behaviour).
 */
export const featuresSchema = z.object({
  flagged: z.boolean(),
  seen_in_exam: z.boolean(),
  ai_tutor: z.boolean(),
  display_answers: z.boolean().default(true),
});
export type Features = z.infer<typeof featuresSchema>;

/**
 * The inactivity timing (test-taking §9: default inactivity time 30 minutes, poll interval
 * supplied by configuration), set by the server (PREFLIGHT_INACTIVITY_MINUTES,
 * PREFLIGHT_INACTIVITY_POLL_SECONDS) and told to the device in the me reply. A device that has
 * none yet (a session stored before) uses INACTIVITY_DEFAULTS.
 */
export const inactivitySettingsSchema = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  poll_seconds: z.number().int().min(1).max(3600),
});
export type InactivitySettings = z.infer<typeof inactivitySettingsSchema>;
// The defaults live in rules/constants.ts (no zod); re-exported here where they were.
export { INACTIVITY_DEFAULTS } from "../rules/constants.ts";

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(["student", "maintenance", "instructor"]),
  syllabus_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  subscription_end: z.string().nullable(),
  features: featuresSchema,
  inactivity: inactivitySettingsSchema.optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const meReplySchema = z.object({ user: userSummarySchema });
export type MeReply = z.infer<typeof meReplySchema>;
