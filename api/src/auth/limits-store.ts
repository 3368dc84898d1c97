/**
 * The brute-force counters of limits.ts, kept in `rate_limits` so two API instances on one
 * database share them. Hand-written over Kysely rather than rate-limiter-flexible: that library
 * reads Date.now() (our tests and rules run on the injected clock), creates its own tables outside
 * our migrations and wants the raw pg pool or better-sqlite3 handle that Kysely hides. Counting is
 * one upsert, so racing failures are all counted.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { sql } from "kysely";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { delayAfter, type LimitPolicy } from "./limits.ts";

/**
 * Where the counters are read and written, and the time: the app's database, or an open
 * transaction (a queued report counts in its replay's transaction, so a push undone counts nothing).
 */
export type LimitDeps = Pick<AppDeps, "db" | "clock">;

/** One counter: a policy and whose tries it counts (an e-mail, a user id, an address). */
export interface Bucket {
  policy: LimitPolicy;
  key: string;
}

export const bucket = (policy: LimitPolicy, key: string): Bucket => ({ policy, key });
const bucketId = (b: Bucket) => `${b.policy.name}:${b.key}`;
/** A bucket, or none (an address bucket without an address). */
type Limited = Bucket | undefined;
const present = (buckets: Limited[]) => buckets.filter((b): b is Bucket => b !== undefined);

/** Milliseconds the bucket must still wait at `now` (0 when it may try). */
export async function waitFor(deps: LimitDeps, b: Bucket, now: Date): Promise<number> {
  const row = await deps.db
    .selectFrom("rate_limits")
    .select(["failures", "window_started_at", "last_failure_at"])
    .where("bucket", "=", bucketId(b))
    .executeTakeFirst();
  if (!row) return 0;
  const windowEnd = Date.parse(row.window_started_at) + b.policy.windowMs;
  if (windowEnd <= now.getTime()) return 0;
  const failures = Number(row.failures);
  const until =
    failures >= b.policy.ceiling ? windowEnd : Date.parse(row.last_failure_at) + delayAfter(b.policy, failures);
  return Math.max(0, until - now.getTime());
}

/** How many more the bucket may count before its ceiling closes it, at `now`. */
export async function roomLeft(deps: LimitDeps, b: Bucket, now: Date): Promise<number> {
  const row = await deps.db
    .selectFrom("rate_limits")
    .select(["failures", "window_started_at"])
    .where("bucket", "=", bucketId(b))
    .executeTakeFirst();
  if (!row || Date.parse(row.window_started_at) + b.policy.windowMs <= now.getTime()) return b.policy.ceiling;
  return Math.max(0, b.policy.ceiling - Number(row.failures));
}

/**
 * Refuses with 429 and Retry-After while any bucket must wait; the wait is also in the body's
 * details (retry_after_seconds) for clients that cannot read the header.
 */
export async function refuseWhileLimited(deps: AppDeps, c: Context, ...buckets: Limited[]): Promise<void> {
  const now = deps.clock.now();
  const waits = await Promise.all(present(buckets).map((b) => waitFor(deps, b, now)));
  const longest = Math.max(0, ...waits);
  if (longest === 0) return;
  const seconds = Math.ceil(longest / 1000);
  c.header("Retry-After", String(seconds));
  throw new ApiError("too_many_requests", tooManyMessage(seconds), { retry_after_seconds: seconds });
}

export function tooManyMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

/** Counts a failure (or a counted request) against each bucket; a window past its end starts again. */
export async function countFailure(deps: LimitDeps, ...buckets: Limited[]): Promise<void> {
  const now = deps.clock.now();
  for (const b of present(buckets)) {
    const windowOver = new Date(now.getTime() - b.policy.windowMs).toISOString();
    const restart = sql<boolean>`rate_limits.window_started_at <= ${windowOver}`;
    await deps.db
      .insertInto("rate_limits")
      .values({
        bucket: bucketId(b),
        failures: 1,
        window_started_at: now.toISOString(),
        last_failure_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc.column("bucket").doUpdateSet({
          failures: sql<number>`case when ${restart} then 1 else rate_limits.failures + 1 end`,
          window_started_at: sql<string>`case when ${restart} then excluded.window_started_at else rate_limits.window_started_at end`,
          last_failure_at: (eb) => eb.ref("excluded.last_failure_at"),
        }),
      )
      .execute();
  }
}

/** A success: the account's bucket starts again from nothing. */
export async function clearFailures(deps: AppDeps, b: Bucket): Promise<void> {
  await deps.db.deleteFrom("rate_limits").where("bucket", "=", bucketId(b)).execute();
}

/**
 * The client's address bucket: the socket's address, or the first X-Forwarded-For hop when
 * deps.trustProxy says a proxy of ours sets it (otherwise a client could pick its own bucket).
 * None without a socket (in-process requests in tests), rather than one bucket for them all.
 */
export function addressBucket(policy: LimitPolicy, deps: AppDeps, c: Context): Bucket | undefined {
  const address = clientAddress(deps, c);
  return address ? bucket(policy, address) : undefined;
}

function clientAddress(deps: AppDeps, c: Context): string | undefined {
  if (deps.trustProxy) {
    const first = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
