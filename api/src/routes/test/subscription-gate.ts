/**
 * POST /test/generate/{test_type}: a new test starts only while the student's subscription or
 * free trial runs (rules/subscription-access.ts), judged at the intent's time on the server's
 * clock, so a test started offline on the last day and pushed later is still the student's. A
 * refusal is a failed mutation (subscription_required, 403); nothing is written.
 */
import { lastZoneDay, testStartRefusal } from "@preflight/sync-protocol/rules/subscription-access";
import type { GenerateTest } from "@preflight/sync-protocol/schemas/test";
import { ApiError } from "../../errors.ts";
import { type Effect, serverIntentTime } from "../../sync/effects.ts";

export function requiresSubscription(generate: Effect): Effect {
  return async (ctx, raw) => {
    const body = raw as GenerateTest;
    const account = await ctx.trx
      .selectFrom("users")
      .select(["subscription_start", "subscription_end"])
      .where("id", "=", ctx.user.id)
      .executeTakeFirstOrThrow();
    const dates = { start: account.subscription_start, end: account.subscription_end };
    const test = { fixed: (body.fixed_test_id ?? null) !== null };
    const day = lastZoneDay(serverIntentTime(ctx));
    if (testStartRefusal(dates, test, day) === null) return generate(ctx, raw);
    // Refused: the wording says whether a free trial or a subscription ended.
    const free_trial = await latestIsFreeTrial(ctx, dates.end);
    throw new ApiError("subscription_required", testStartRefusal({ ...dates, free_trial }, test, day) as string);
  };
}

/** Whether the subscription that ends on `end` was a free trial (only its wording differs). */
async function latestIsFreeTrial(ctx: Parameters<Effect>[0], end: string | null): Promise<boolean> {
  if (end === null) return false;
  const row = await ctx.trx
    .selectFrom("user_subscriptions")
    .select("kind")
    .where("user_id", "=", ctx.user.id)
    .where("end_date", "=", end)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.kind === "free_trial";
}
