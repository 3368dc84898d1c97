/**
 * POST /user-sync/profile: the student's profile fields and settings (zoom, features), and the
 * profile page's cards (`account`, from the same read as GET /api/profile).
 *
 * Changed when the account's row, its settings or one of its subscriptions carries a change
 * number in the range. A pending e-mail change counts: asking for one, and a confirmation that
 * fails, touch the account's row (see routes/accounts/email-change.ts). What the student does not
 * write (a class renamed, the syllabi a school offers, a pending change expiring) arrives with
 * the next change of the account. So do the student's own review weights, refitted now and then.
 */
import { type ProfileStepReply, profileAccountDetailsSchema } from "@preflight/sync-protocol/schemas/pull";
import { type AppDeps, type AuthedUser, DEFAULT_FEATURES } from "../../deps.ts";
import { readProfile } from "../../read/profile.ts";
import { readUser } from "../../read/user.ts";
import { changeRange } from "./cursor.ts";

const NOT_FOUND = "Your profile could not be found, please contact support.";

export async function profileStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<ProfileStepReply> {
  const reply = await readProfileStep(deps, user, cursor);
  // A device syncing is when a student's review weights may be fitted again: in the background,
  // after this reply's read, so new weights always come with a later sync, never half-way into this one.
  deps.reviewWeights?.consider(user.id);
  return reply;
}

async function readProfileStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<ProfileStepReply> {
  const range = await changeRange(deps.db, user.id, cursor);
  const [account, settings, weights] = await Promise.all([
    readUser(deps.db, user.id),
    deps.db
      .selectFrom("user_settings")
      .select(["zoom_tenths", "change_seq"])
      .where("user_id", "=", user.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom("review_weights")
      .select(["weights", "reviews", "fitted_at", "change_seq"])
      .where("user_id", "=", user.id)
      .executeTakeFirst(),
  ]);
  if (!account) return { success: false, message: NOT_FOUND };
  const subscriptions = await deps.db
    .selectFrom("user_subscriptions")
    .select("id")
    .where("user_id", "=", user.id)
    .where("change_seq", ">", range.from)
    .where("change_seq", "<=", range.to)
    .limit(1)
    .executeTakeFirst();
  const seqs = [account.change_seq, settings?.change_seq ?? 0, weights?.change_seq ?? 0].filter(
    (seq) => seq <= range.to,
  );
  const changed = subscriptions !== undefined || seqs.some((seq) => seq > range.from);
  const next = String(range.to);
  if (!changed) return { success: true, cursor: next, changed: false };
  const profile = await readProfile(deps.db, deps.clock.now(), user.id);
  if (!profile) return { success: false, message: NOT_FOUND };
  return {
    success: true,
    cursor: next,
    changed: true,
    profile: {
      id: profile.user_id,
      email: profile.email,
      firstname: profile.firstname,
      lastname: profile.lastname,
      role: account.role,
      syllabus_id: profile.question_bank_id,
      class_name: profile.class?.name ?? null,
      subscription: { start: profile.subscription.start, end: profile.subscription.end },
      features: deps.features ?? DEFAULT_FEATURES,
      settings: { zoom: settings?.zoom_tenths == null ? null : settings.zoom_tenths / 10 },
      manual_update: profile.manual_update,
      preferences: profile.preferences,
      user_preferences: profile.user_preferences,
      // The profile page's cards: the same read as GET /api/profile, cut to the contract's part.
      account: profileAccountDetailsSchema.parse(profile),
      review_weights: weights
        ? { weights: JSON.parse(weights.weights) as number[], reviews: weights.reviews, fitted_at: weights.fitted_at }
        : null,
    },
  };
}
