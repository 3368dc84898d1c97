import { z } from "zod";
import { pushRequestSchema, pushResultSchema } from "./sync.ts";

/**
 * The maintenance users page (spec accounts §2, §6, §7, §8; issue 16): a maintenance user syncs,
 * full-syncs or deletes the local profiles of a device (every account that signed in there).
 *
 *   POST /maintenance/user/{id}/sync[?full=true]  body: none, or { clientId, mutations } as
 *       /sync/push takes them: the profile's outbox, applied as user {id}
 *       → { text, results? } (results: per change, as /sync/push answers, when changes came)
 *   POST /maintenance/user/{id}/delete            body: none, or { clientId, lastSeq }: the
 *       server confirms every change of that device's profile up to lastSeq reached it → { text }
 */

export const MAINTENANCE_USER_MESSAGES = {
  /** Spec §8: the failure of a delete, shown exactly so. */
  deleteFailed: "This user could not be deleted.",
  /** Spec §2: the delete warning (buttons No and I understand!). */
  deleteWarning: "All test and lesson data of this profile on this device will be lost.",
  notFound: "There is no user with this id.",
  /** The local profile is the device's: the server keeps the account and everything it holds. */
  serverKeepsAccount: "The account and its data on the server are kept.",
  fullNextSignIn: "The profile's data will be pulled in full at that student's next sign-in on this device.",
  clientAndChangesTogether: "clientId and mutations are sent together, or neither",
  clientAndSeqTogether: "clientId and lastSeq are sent together, or neither",
} as const;

const userIdParams = z.object({ id: z.uuid("id must be a user's id (a uuid)") });
export const maintenanceUserParamsSchema = userIdParams;

export const maintenanceUserSyncQuerySchema = z.object({
  full: z.enum(["true", "false"], "full must be true or false").optional(),
});

/** The /sync/push body (its protocol optional here), or nothing: an online client asking how the user stands. */
export const maintenanceUserSyncBodySchema = pushRequestSchema
  .partial()
  .refine((b) => (b.clientId === undefined) === (b.mutations === undefined), {
    message: MAINTENANCE_USER_MESSAGES.clientAndChangesTogether,
    path: ["mutations"],
  });
export type MaintenanceUserSyncBody = z.infer<typeof maintenanceUserSyncBodySchema>;

export const maintenanceUserDeleteBodySchema = z
  .object({
    clientId: z.uuid("clientId must be a uuid").optional(),
    lastSeq: z
      .number("lastSeq must be a number")
      .int("lastSeq must be a whole number")
      .nonnegative("lastSeq must not be negative")
      .max(2_147_483_647, "lastSeq is too large")
      .optional(),
  })
  .refine((b) => (b.clientId === undefined) === (b.lastSeq === undefined), {
    message: MAINTENANCE_USER_MESSAGES.clientAndSeqTogether,
    path: ["lastSeq"],
  });
export type MaintenanceUserDeleteBody = z.infer<typeof maintenanceUserDeleteBodySchema>;

/**
 * Spec §7: the reply use is "text", shown in a notification. A sync that carried changes also
 * answers each one's result as /sync/push does, so the device settles its outbox by them.
 */
export const maintenanceUserReplySchema = z.object({ text: z.string(), results: z.array(pushResultSchema).optional() });
export type MaintenanceUserReply = z.infer<typeof maintenanceUserReplySchema>;
