/**
 * POST /profile/account (spec accounts: Personal Details) and POST /profile/preferences (Email
 * Preferences), queued writes; POST /email-preferences/{user_id} (the spec's call) runs the same
 * preferences effect. The body's shape is checked by the catalogue's schema before this runs;
 * here what needs the database: an exam the student may choose, the current password.
 *
 * The e-mail address is not changed here: that needs a connection, the current password and a
 * confirmation from the new address (POST /profile/email), so a body with another address is
 * refused. A password change ends the account's other sessions. An account linked to an offline
 * installation edits nothing (spec: it is told to edit in the online product).
 */

import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/schemas/accounts";
import type {
  PreferencesReply,
  PreferencesUpdate,
  ProfileAccount,
  ProfileAccountReply,
} from "@preflight/sync-protocol/schemas/profile";
import { PROFILE_MESSAGES } from "@preflight/sync-protocol/schemas/profile";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import { syllabusChoices } from "../../read/profile.ts";
import type { Effect, EffectContext, EffectOutcome } from "../../sync/effects.ts";

/** Sessions a password change ends (the other devices then read 'Session expired'). */
export const PASSWORD_CHANGED_REASON = "password_changed";

const refuse = (code: "bad_request" | "conflict" | "forbidden" | "not_found", message: string): EffectOutcome => ({
  status: "failed",
  error: { code, message },
});

/** The refusal of every profile edit by an account linked to an offline installation, else null. */
export async function offlineAccountRefusal(ctx: Pick<EffectContext, "trx" | "user">): Promise<EffectOutcome | null> {
  const row = await ctx.trx
    .selectFrom("users")
    .select("offline_account")
    .where("id", "=", ctx.user.id)
    .executeTakeFirst();
  return row?.offline_account === 1 ? refuse("forbidden", ACCOUNT_MESSAGES.offlineAccount) : null;
}

export const updateAccount: Effect = async (ctx, raw) => {
  const body = raw as ProfileAccount;
  const user = await ctx.trx
    .selectFrom("users")
    .select(["email", "password_hash", "syllabus_id", "class_id", "manual_update", "offline_account"])
    .where("id", "=", ctx.user.id)
    .executeTakeFirst();
  if (!user) return refuse("not_found", "Your profile could not be found, please contact support.");
  if (user.offline_account === 1) return refuse("forbidden", ACCOUNT_MESSAGES.offlineAccount);
  if (body.email.trim().toLowerCase() !== user.email)
    return refuse("bad_request", ACCOUNT_MESSAGES.emailChangeSeparately);

  const syllabusId = body.question_bank_id ?? user.syllabus_id;
  if (syllabusId !== user.syllabus_id) {
    // Spec: the exam is editable only when choices are offered; a class's students keep theirs.
    if (user.class_id !== null) return refuse("forbidden", PROFILE_MESSAGES.classSyllabus);
    // Only an active syllabus of the allowed schools (the same list the profile offers).
    const offered = await syllabusChoices(ctx.trx, ctx.user.id);
    if (!offered.some((s) => s.id === syllabusId)) return refuse("bad_request", PROFILE_MESSAGES.syllabusUnavailable);
  }

  let passwordHash = user.password_hash;
  if (body.password) {
    if (!(await verifyPassword(body.password.current, user.password_hash)))
      return refuse("bad_request", PROFILE_MESSAGES.currentPasswordWrong);
    passwordHash = await hashPassword(body.password.new);
  }

  const manualUpdate = body.manual_update ?? user.manual_update;
  await ctx.trx
    .updateTable("users")
    .set({
      firstname: body.firstname,
      lastname: body.lastname,
      syllabus_id: syllabusId,
      manual_update: manualUpdate,
      password_hash: passwordHash,
    })
    .where("id", "=", ctx.user.id)
    .execute();
  if (body.password)
    await ctx.trx
      .updateTable("sessions")
      .set({ ended_at: ctx.clock.now().toISOString(), ended_reason: PASSWORD_CHANGED_REASON })
      .where("user_id", "=", ctx.user.id)
      .where("id", "!=", ctx.user.sessionId)
      .where("ended_at", "is", null)
      .execute();
  const reply: ProfileAccountReply = {
    success: true,
    message: PROFILE_MESSAGES.updated,
    updated: {
      firstname: body.firstname,
      lastname: body.lastname,
      email: user.email,
      question_bank_id: syllabusId,
      manual_update: manualUpdate,
    },
    password_changed: body.password !== undefined,
  };
  return { status: "applied", reply };
};

export const updatePreferences: Effect = async (ctx, raw) => {
  const body = raw as PreferencesUpdate;
  const offline = await offlineAccountRefusal(ctx);
  if (offline) return offline;
  const known = new Set((await ctx.trx.selectFrom("email_preferences").select("id").execute()).map((p) => p.id));
  const unknown = body.user_preferences.filter((id) => !known.has(id));
  if (unknown.length) return refuse("bad_request", `Unknown email preferences: ${unknown.join(", ")}`);
  const chosen = [...body.user_preferences].sort((a, b) => a - b);
  await ctx.trx
    .updateTable("users")
    .set({ email_preferences: JSON.stringify(chosen) })
    .where("id", "=", ctx.user.id)
    .execute();
  const reply: PreferencesReply = {
    success: true,
    message: PROFILE_MESSAGES.preferencesUpdated,
    user_preferences: chosen,
  };
  return { status: "applied", reply };
};
