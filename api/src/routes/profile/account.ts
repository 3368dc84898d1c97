/**
 * POST /profile/account (spec accounts: Personal Details) and POST /profile/preferences (Email
 * Preferences). The body's shape is checked by the catalogue's schema before this runs; here
 * what needs the database: a unique email, an exam the student may choose, the current password.
 */

import type {
  PreferencesReply,
  PreferencesUpdate,
  ProfileAccount,
  ProfileAccountReply,
} from "@preflight/sync-protocol/schemas/profile";
import { PROFILE_MESSAGES } from "@preflight/sync-protocol/schemas/profile";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import type { Effect, EffectOutcome } from "../../sync/effects.ts";

const refuse = (code: "bad_request" | "conflict" | "forbidden" | "not_found", message: string): EffectOutcome => ({
  status: "failed",
  error: { code, message },
});

export const updateAccount: Effect = async (ctx, raw) => {
  const body = raw as ProfileAccount;
  const user = await ctx.trx
    .selectFrom("users")
    .select(["email", "password_hash", "syllabus_id", "class_id", "manual_update"])
    .where("id", "=", ctx.user.id)
    .executeTakeFirst();
  if (!user) return refuse("not_found", "Your profile could not be found, please contact support.");

  const email = body.email.toLowerCase();
  if (email !== user.email) {
    const other = await ctx.trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .where("id", "!=", ctx.user.id)
      .executeTakeFirst();
    if (other) return refuse("conflict", PROFILE_MESSAGES.emailTaken);
  }

  const syllabusId = body.question_bank_id ?? user.syllabus_id;
  if (syllabusId !== user.syllabus_id) {
    // Spec: the exam is editable only when choices are offered; a class's students keep theirs.
    if (user.class_id !== null) return refuse("forbidden", PROFILE_MESSAGES.classSyllabus);
    const syllabus = await ctx.trx
      .selectFrom("syllabi")
      .select("active")
      .where("id", "=", syllabusId as number)
      .executeTakeFirst();
    if (syllabus?.active !== 1) return refuse("bad_request", PROFILE_MESSAGES.syllabusUnavailable);
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
      email,
      syllabus_id: syllabusId,
      manual_update: manualUpdate,
      password_hash: passwordHash,
    })
    .where("id", "=", ctx.user.id)
    .execute();
  const reply: ProfileAccountReply = {
    success: true,
    message: PROFILE_MESSAGES.updated,
    updated: {
      firstname: body.firstname,
      lastname: body.lastname,
      email,
      question_bank_id: syllabusId,
      manual_update: manualUpdate,
    },
    password_changed: body.password !== undefined,
  };
  return { status: "applied", reply };
};

export const updatePreferences: Effect = async (ctx, raw) => {
  const body = raw as PreferencesUpdate;
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
