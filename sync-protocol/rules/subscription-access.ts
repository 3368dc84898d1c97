/**
 * Access by subscription (issue 15), one rule for the device and the server: where a student's
 * subscription stands on a day, and what it lets them do.
 *
 * - Everything already on the student's record stays open whatever the subscription: history,
 *   results and their review, flagged questions, analysis, downloaded lessons, the profile.
 * - A new test of any kind (practice, quiz, mock exam, progress test, retake) starts only while
 *   a subscription or free trial runs. A test already started may always be answered and
 *   finished, so nothing taken before the end is lost.
 * - A school's fixed test starts whatever the student's own subscription: the school sets it.
 *
 * A subscription runs through its end day. The device judges by its own calendar day; the server
 * by the day in the last time zone to reach it (UTC−12), so an honest device on its end day
 * anywhere on earth is never refused.
 */
import type { SubscriptionStatus } from "../schemas/subscription.ts";

/** The account's subscription as the profile carries it. */
export interface SubscriptionDates {
  /** YYYY-MM-DD (or an ISO instant), null when the account never held one. */
  start: string | null;
  end: string | null;
  /** The account's details once known; otherwise read from the dates. */
  no_expiry?: boolean;
  free_trial?: boolean;
}

/** Where the subscription stands on `today` (YYYY-MM-DD). */
export function subscriptionStatus(subscription: SubscriptionDates, today: string): SubscriptionStatus {
  const { start, end } = subscription;
  if (subscription.no_expiry || (start !== null && end === null)) return "no_expiry";
  if (end === null) return "none";
  if (end.slice(0, 10) < today) return "expired";
  return subscription.free_trial ? "free_trial" : "active";
}

/** A new test may start: a subscription or free trial runs. */
export function mayStartTests(status: SubscriptionStatus): boolean {
  return status === "active" || status === "free_trial" || status === "no_expiry";
}

export const SUBSCRIPTION_ACCESS_TITLE = "Subscription required";

const STILL_OPEN = "Your lessons, results and flagged questions stay open.";

/** Why a new test cannot start, or null when it may (a fixed test always may). */
export function testStartRefusal(
  subscription: SubscriptionDates,
  test: { fixed: boolean },
  today: string,
): string | null {
  if (test.fixed) return null;
  const status = subscriptionStatus(subscription, today);
  if (mayStartTests(status)) return null;
  if (status === "none" || subscription.end === null)
    return `New tests need a subscription or a free trial: buy one on the Subscription page. ${STILL_OPEN}`;
  const what = subscription.free_trial ? "free trial" : "subscription";
  return `Your ${what} ended on ${calendarDate(subscription.end)}: extend it on the Subscription page to start new tests. ${STILL_OPEN}`;
}

/** "31/12/2026" for 2026-12-31, the app's date format, in no time zone. */
function calendarDate(day: string): string {
  const [y, m, d] = day.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** The device's calendar day, YYYY-MM-DD. */
export function localDay(now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

const LAST_ZONE_OFFSET_MS = 12 * 60 * 60 * 1000;

/** The day the server judges an intent by: the calendar day at UTC−12, the last zone to reach a day. */
export function lastZoneDay(at: Date): string {
  return new Date(at.getTime() - LAST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}
