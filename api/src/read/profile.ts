/**
 * The one read of a student's profile (spec accounts 3: Profile): GET /api/profile answers with
 * it, and the profile sync step sends the same data, so the page reads the same online and
 * offline.
 *
 * - `pending_email`: the new address of a live e-mail change (its link not yet followed).
 * - `subscription` and `userSubscriptions`: read/subscription.ts, the one read the subscription
 *   page shares.
 * - `account_number`: only when the account has one (installed-app accounts), for licence activation.
 * - `syllabi`: the exams the student may switch to: the active syllabi of the class's school for a
 *   class's student, else those of the allowed schools (`schools.open_registration` = 1).
 *   The profile edit checks a new exam against the same list.
 */
import type { ProfileData, SyllabusChoice } from "@preflight/sync-protocol/schemas/accounts";
import type { Db } from "../db/schema.ts";
import { offeredSyllabi } from "./schools.ts";
import { readSubscription } from "./subscription.ts";
import { readUser, type UserRow } from "./user.ts";

/** The exams offered to a student: of their class's school, or of the allowed schools without a class. */
export async function syllabusChoices(db: Db, userId: string): Promise<SyllabusChoice[]> {
  const user = await readUser(db, userId);
  return user ? choicesFor(db, user) : [];
}

function choicesFor(db: Db, user: Pick<UserRow, "class_id" | "class_school_id">): Promise<SyllabusChoice[]> {
  // A class without a school offers nothing: its students keep the exam they have.
  return offeredSyllabi(db, user.class_id === null ? "allowed" : (user.class_school_id ?? -1));
}

/** The new address of the account's live e-mail change, if any. */
export async function pendingEmail(db: Db, now: Date, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("account_tokens")
    .select("new_email")
    .where("user_id", "=", userId)
    .where("purpose", "=", "email_change")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** The profile page's data as of `now`, or null when the account does not exist. */
export async function readProfile(db: Db, now: Date, userId: string): Promise<ProfileData | null> {
  const user = await readUser(db, userId);
  if (!user) return null;

  const held = await readSubscription(db, now, userId, user);

  // Only installed-app accounts have one (migration 0013); readUser, shared by many, leaves it out.
  const numbered = await db.selectFrom("users").select("account_number").where("id", "=", userId).executeTakeFirst();

  const preferences = await db
    .selectFrom("email_preferences")
    .select(["id", "type", "text"])
    .orderBy("position")
    .execute();

  return {
    user_id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    pending_email: await pendingEmail(db, now, userId),
    question_bank_id: user.syllabus_id,
    manual_update: user.manual_update,
    subscription: { start: held.start, end: held.end, no_expiry: held.no_expiry, free_trial: held.free_trial },
    userSubscriptions: held.userSubscriptions,
    student_id: user.student_id,
    class: user.class_name === null ? null : { name: user.class_name },
    school:
      user.school_id === null || user.school_name === null ? null : { id: user.school_id, name: user.school_name },
    offline_account: user.offline_account === 1,
    ...(numbered?.account_number ? { account_number: numbered.account_number } : {}),
    preferences,
    user_preferences: JSON.parse(user.email_preferences) as number[],
    syllabi: await choicesFor(db, user),
  };
}
