/**
 * Profile and preference edits (spec accounts: Personal Details, Email Preferences). Each is one
 * intent: the device's copy of the profile (meta "profile", as the profile step keeps it) and the
 * queued `POST /profile/account` or `POST /profile/preferences` commit together. A password
 * change is the exception: it is sent online only, so no password ever rests on the device.
 */

import { profileRoutes } from "@preflight/sync-protocol/routes/profile";
import {
  type PasswordChange,
  type ProfileAccountReply,
  preferencesUpdateSchema,
  profileAccountSchema,
} from "@preflight/sync-protocol/schemas/profile";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import { call } from "../api.ts";
import { type LocalScope, runAction } from "../outbox/action.ts";
import { deviceDb, getMeta } from "../store/db.ts";

/** Why the device refused: a field the server would refuse, the profile not on the device yet, a preference not offered. */
export type ProfileInputRefusal = "invalid_field" | "profile_not_on_device" | "unknown_preferences";

/** Input the server would refuse: `errors` maps each field to its messages (spec: errors object of arrays). */
export class ProfileInputError extends Error {
  readonly reason: ProfileInputRefusal;
  readonly errors: Record<string, string[]>;
  constructor(reason: ProfileInputRefusal, errors: Record<string, string[]>) {
    super(Object.values(errors).flat().join("\n"));
    this.reason = reason;
    this.errors = errors;
  }
}

const NOT_ON_DEVICE = { _: ["Your profile is not on this device yet; please sync first."] };

/** A zod error as the server's errors object: each field (dotted path, `_` for the whole) to its messages. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** Personal details as the Edit form sends them. */
export interface ProfileDetails {
  firstname: string;
  lastname: string;
  email: string;
  question_bank_id?: number;
  manual_update?: 0 | 1;
}

const detailsSchema = profileAccountSchema.omit({ password: true });

/** Saves the student's personal details; returns the profile as the device now holds it. */
export async function updateProfile(scope: LocalScope, details: ProfileDetails): Promise<PulledProfile> {
  const parsed = detailsSchema.safeParse(details);
  if (!parsed.success) throw new ProfileInputError("invalid_field", fieldErrors(parsed.error));
  const body = { ...parsed.data, email: parsed.data.email.toLowerCase() };
  const profile = await runAction(scope, [], async (ctx) => {
    const current = await getMeta<PulledProfile>(ctx.db, "profile");
    if (!current) throw new ProfileInputError("profile_not_on_device", NOT_ON_DEVICE);
    const next: PulledProfile = {
      ...current,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      syllabus_id: body.question_bank_id ?? current.syllabus_id,
      manual_update: body.manual_update ?? current.manual_update,
    };
    await ctx.db.meta.put({ key: "profile", value: next });
    await ctx.db.meta.put({ key: "updateMode", value: next.manual_update });
    await ctx.enqueue("POST /profile/account", {}, body);
    return next;
  });
  await showInShell(scope.userId, profile);
  return profile;
}

/** Saves the email preferences the student ticked; returns them as kept. */
export async function updateEmailPreferences(scope: LocalScope, ids: number[]): Promise<number[]> {
  const parsed = preferencesUpdateSchema.safeParse({ user_preferences: ids });
  if (!parsed.success) throw new ProfileInputError("invalid_field", fieldErrors(parsed.error));
  const chosen = [...parsed.data.user_preferences].sort((a, b) => a - b);
  return runAction(scope, [], async (ctx) => {
    const current = await getMeta<PulledProfile>(ctx.db, "profile");
    if (!current) throw new ProfileInputError("profile_not_on_device", NOT_ON_DEVICE);
    const offered = new Set(current.preferences.map((p) => p.id));
    const unknown = chosen.filter((id) => !offered.has(id));
    if (unknown.length)
      throw new ProfileInputError("unknown_preferences", {
        user_preferences: [`Unknown email preferences: ${unknown.join(", ")}`],
      });
    await ctx.db.meta.put({ key: "profile", value: { ...current, user_preferences: chosen } });
    await ctx.enqueue("POST /profile/preferences", {}, { user_preferences: chosen });
    return chosen;
  });
}

/**
 * Changes the password online (never queued): the server checks the current one. The call
 * carries the profile as the device holds it, under an idempotency key, so a retry is harmless.
 * Throws ProfileInputError for input the server would refuse, ApiCallError or NetworkError else.
 */
export async function changePassword(scope: LocalScope, password: PasswordChange): Promise<ProfileAccountReply> {
  const current = await getMeta<PulledProfile>(scope.db, "profile");
  if (!current) throw new ProfileInputError("profile_not_on_device", NOT_ON_DEVICE);
  const parsed = profileAccountSchema.safeParse({
    firstname: current.firstname,
    lastname: current.lastname,
    email: current.email,
    password,
  });
  if (!parsed.success) throw new ProfileInputError("invalid_field", fieldErrors(parsed.error));
  return call(profileRoutes.updateAccount, { body: parsed.data, headers: { "Idempotency-Key": uuidv7() } });
}

/** The header shows the student from the device database; keep it in step with the edit. */
async function showInShell(userId: string, profile: PulledProfile): Promise<void> {
  const device = deviceDb();
  await device.transaction("rw", device.session, async () => {
    const session = await device.session.get("current");
    if (session?.userId !== userId) return;
    await device.session.update("current", {
      user: {
        ...session.user,
        email: profile.email,
        firstname: profile.firstname,
        lastname: profile.lastname,
        syllabus_id: profile.syllabus_id,
      },
    });
  });
}
