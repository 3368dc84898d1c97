/**
 * The subscription page's server settings (issue 15): the limited-time discount's dates and
 * percent, and whether vouchers can be redeemed. Read from the environment at start (server.ts)
 * into deps.subscriptionSettings, so tests set them; the injected clock decides whether the
 * discount runs.
 */
import type { DiscountWindow } from "@preflight/sync-protocol/rules/pricing";
import type { SubscriptionSettings } from "../../deps.ts";

export const DEFAULT_DISCOUNT_PERCENT = 20;
/** Without configured dates: 17 November to 30 November (included) of the clock's year. */
const DEFAULT_START_DAY = "11-17";
const DEFAULT_END_DAY = "11-30";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The settings from the environment; a malformed value stops the server at start. */
export function subscriptionSettingsFromEnv(env: NodeJS.ProcessEnv): SubscriptionSettings {
  const settings: SubscriptionSettings = { vouchersEnabled: env.VOUCHERS_ENABLED !== "0" };
  for (const [name, key] of [
    ["DISCOUNT_START", "discountStart"],
    ["DISCOUNT_END", "discountEnd"],
  ] as const) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    if (Number.isNaN(Date.parse(value))) throw new Error(`${name} must be a date (YYYY-MM-DD) or an ISO instant`);
    settings[key] = value;
  }
  if (env.DISCOUNT_PERCENT !== undefined && env.DISCOUNT_PERCENT !== "") {
    const percent = Number(env.DISCOUNT_PERCENT);
    if (!Number.isInteger(percent) || percent < 0 || percent > 100)
      throw new Error("DISCOUNT_PERCENT must be a whole number from 0 to 100");
    settings.discountPercent = percent;
  }
  return settings;
}

/** A date alone starts at its first instant; as an end it is included, so the window ends the next day. */
function instant(value: string, asEnd: boolean): string {
  if (!DATE_ONLY.test(value)) return new Date(value).toISOString();
  const start = Date.parse(`${value}T00:00:00.000Z`);
  return new Date(asEnd ? start + 86_400_000 : start).toISOString();
}

/** The discount's window as of `now` (the default dates are the clock's year's). */
export function discountWindow(settings: SubscriptionSettings | undefined, now: Date): DiscountWindow {
  const year = now.getUTCFullYear();
  return {
    start: instant(settings?.discountStart ?? `${year}-${DEFAULT_START_DAY}`, false),
    end: instant(settings?.discountEnd ?? `${year}-${DEFAULT_END_DAY}`, true),
    percent: settings?.discountPercent ?? DEFAULT_DISCOUNT_PERCENT,
  };
}

export function vouchersEnabled(settings: SubscriptionSettings | undefined): boolean {
  return settings?.vouchersEnabled ?? true;
}
