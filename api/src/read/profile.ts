/**
 * The one read of a student's profile (spec accounts 3: Profile): GET /api/profile answers with
 * it, and the profile sync step sends the same data, so the page reads the same online and
 * offline.
 *
 * - `pending_email`: the new address of a live e-mail change (its link not yet followed).
 * - `subscription`: the dates on the account; `no_expiry` when it started and has no end;
 *   `free_trial` when the subscription held today (else the latest) is a free trial.
 * - `userSubscriptions`: every subscription held, oldest first. An account with dates but no
 *   rows (the demo accounts, accounts older than migration 0009) shows one purchase of those dates.
 * - `syllabi`: the exams the student may switch to: the active syllabi of the class's school for a
 *   class's student, else those of the allowed schools (`schools.open_registration` = 1).
 *   The profile edit checks a new exam against the same list.
 */
import type { ProfileData, SyllabusChoice, UserSubscription } from "@preflight/sync-protocol/schemas/accounts";
import type { Db } from "../db/schema.ts";
import { offeredSyllabi } from "./schools.ts";
import { readUser, type UserRow } from "./user.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a subscription lasts, both ends included (2026-01-01 to 2026-01-07 is 7); 0 without an end. */
export function subscriptionLength(start: string, end: string | null): number {
  if (end === null) return 0;
  const days = Math.round(
    (Date.parse(`${end.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
  return Number.isFinite(days) ? Math.max(0, days + 1) : 0;
}

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

  const rows = await db
    .selectFrom("user_subscriptions")
    .select(["kind", "length_days", "start_date", "end_date"])
    .where("user_id", "=", userId)
    .orderBy("start_date")
    .orderBy("created_at")
    .execute();
  const userSubscriptions: UserSubscription[] = rows.map((r) => ({
    length: r.length_days,
    start: r.start_date,
    end: r.end_date,
    kind: r.kind,
  }));
  if (userSubscriptions.length === 0 && user.subscription_start !== null)
    userSubscriptions.push({
      length: subscriptionLength(user.subscription_start, user.subscription_end),
      start: user.subscription_start,
      end: user.subscription_end,
      kind: "purchase",
    });
  const today = now.toISOString().slice(0, 10);
  const held = userSubscriptions.filter((s) => s.start <= today && (s.end === null || s.end >= today));
  const current = held.at(-1) ?? userSubscriptions.at(-1);

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
    subscription: {
      start: user.subscription_start,
      end: user.subscription_end,
      no_expiry: user.subscription_start !== null && user.subscription_end === null,
      free_trial: current?.kind === "free_trial",
    },
    userSubscriptions,
    student_id: user.student_id,
    class: user.class_name === null ? null : { name: user.class_name },
    school:
      user.school_id === null || user.school_name === null ? null : { id: user.school_id, name: user.school_name },
    offline_account: user.offline_account === 1,
    preferences,
    user_preferences: JSON.parse(user.email_preferences) as number[],
    syllabi: await choicesFor(db, user),
  };
}
