/** POST /user-sync/profile: the student's profile fields and settings (zoom, features). */
import type { ProfileStepReply } from "@preflight/sync-protocol/schemas/pull";
import { type AppDeps, type AuthedUser, DEFAULT_FEATURES } from "../../deps.ts";
import { changeRange } from "./cursor.ts";

export async function profileStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<ProfileStepReply> {
  const range = await changeRange(deps.db, user.id, cursor);
  const row = await deps.db
    .selectFrom("users")
    .leftJoin("classes", "classes.id", "users.class_id")
    .leftJoin("user_settings", "user_settings.user_id", "users.id")
    .select([
      "users.id",
      "users.email",
      "users.firstname",
      "users.lastname",
      "users.role",
      "users.syllabus_id",
      "users.subscription_start",
      "users.subscription_end",
      "users.change_seq as user_seq",
      "users.manual_update",
      "users.email_preferences",
      "classes.name as class_name",
      "user_settings.zoom_tenths",
      "user_settings.change_seq as settings_seq",
    ])
    .where("users.id", "=", user.id)
    .executeTakeFirst();
  if (!row) return { success: false, message: "Your profile could not be found, please contact support." };
  const seqs = [row.user_seq, row.settings_seq ?? 0].filter((seq) => seq <= range.to);
  const changed = seqs.some((seq) => seq > range.from);
  const next = String(range.to);
  if (!changed) return { success: true, cursor: next, changed: false };
  return {
    success: true,
    cursor: next,
    changed: true,
    profile: {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      role: row.role,
      syllabus_id: row.syllabus_id,
      class_name: row.class_name,
      subscription: { start: row.subscription_start, end: row.subscription_end },
      features: deps.features ?? DEFAULT_FEATURES,
      settings: { zoom: row.zoom_tenths === null || row.zoom_tenths === undefined ? null : row.zoom_tenths / 10 },
      manual_update: row.manual_update,
      preferences: await emailPreferences(deps),
      user_preferences: JSON.parse(row.email_preferences) as number[],
    },
  };
}

/** The email preferences a student may choose, in their order. */
async function emailPreferences(deps: AppDeps) {
  return deps.db.selectFrom("email_preferences").select(["id", "type", "text"]).orderBy("position").execute();
}
