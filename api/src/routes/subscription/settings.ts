/**
 * The subscription page's server settings (issue 15): the limited-time discount's dates and
 * percent, and whether vouchers can be redeemed. Each comes from a server_settings row when there
 * is a valid one (an operator changes the sale without a restart), else from the environment read
 * at start (server.ts, deps.subscriptionSettings), else the default. The injected clock decides
 * whether the discount runs.
 */
import type { DiscountWindow } from "@preflight/sync-protocol/rules/pricing";
import type { Db } from "../../db/schema.ts";
import type { SubscriptionSettings } from "../../deps.ts";
import { logSafe } from "../../http/log-line.ts";

export const DEFAULT_DISCOUNT_PERCENT = 20;
/** Without configured dates: 17 November to 30 November (included) of the clock's year. */
const DEFAULT_START_DAY = "11-17";
const DEFAULT_END_DAY = "11-30";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

type Setting = keyof SubscriptionSettings;

/** Each setting's environment variable and server_settings key. */
export const SETTING_NAMES: Record<Setting, { env: string; row: string }> = {
  discountStart: { env: "DISCOUNT_START", row: "discount_start" },
  discountEnd: { env: "DISCOUNT_END", row: "discount_end" },
  discountPercent: { env: "DISCOUNT_PERCENT", row: "discount_percent" },
  vouchersEnabled: { env: "VOUCHERS_ENABLED", row: "vouchers_enabled" },
};

const SETTINGS = Object.keys(SETTING_NAMES) as Setting[];

/** One setting's value, or an error naming `name` when it is malformed. */
function parsed(setting: Setting, name: string, value: string): SubscriptionSettings[Setting] {
  switch (setting) {
    case "discountStart":
    case "discountEnd":
      if (!DATE_OR_INSTANT.test(value) || Number.isNaN(Date.parse(value)))
        throw new Error(`${name} must be a date (YYYY-MM-DD) or an ISO instant`);
      return value;
    case "discountPercent": {
      const percent = Number(value);
      if (!/^\d+$/.test(value.trim()) || !Number.isInteger(percent) || percent < 0 || percent > 100)
        throw new Error(`${name} must be a whole number from 0 to 100`);
      return percent;
    }
    case "vouchersEnabled":
      if (value !== "0" && value !== "1") throw new Error(`${name} must be 1 (on) or 0 (off)`);
      return value === "1";
  }
}

function assign(settings: SubscriptionSettings, setting: Setting, value: SubscriptionSettings[Setting]): void {
  (settings as Record<Setting, SubscriptionSettings[Setting]>)[setting] = value;
}

/** The settings from the environment; a malformed value stops the server at start. */
export function subscriptionSettingsFromEnv(env: NodeJS.ProcessEnv): SubscriptionSettings {
  // Vouchers stay on for any value but "0", as before rows existed.
  const settings: SubscriptionSettings = { vouchersEnabled: env.VOUCHERS_ENABLED !== "0" };
  for (const setting of SETTINGS) {
    if (setting === "vouchersEnabled") continue;
    const name = SETTING_NAMES[setting].env;
    const value = env[name];
    if (value === undefined || value === "") continue;
    assign(settings, setting, parsed(setting, name, value));
  }
  return settings;
}

/**
 * The settings as of now: each valid server_settings row over the environment's value. A
 * malformed row is left out with a warning in the log, so a typo never stops the page.
 */
export async function currentSubscriptionSettings(
  db: Db,
  fromEnv: SubscriptionSettings | undefined,
): Promise<SubscriptionSettings> {
  const rows = await db
    .selectFrom("server_settings")
    .select(["key", "value"])
    .where(
      "key",
      "in",
      SETTINGS.map((s) => SETTING_NAMES[s].row),
    )
    .execute();
  const settings: SubscriptionSettings = { ...fromEnv };
  for (const setting of SETTINGS) {
    const name = SETTING_NAMES[setting].row;
    const value = rows.find((r) => r.key === name)?.value.trim();
    if (value === undefined || value === "") continue;
    try {
      assign(settings, setting, parsed(setting, `server_settings ${name}`, value));
    } catch (err) {
      console.warn(logSafe(`${(err as Error).message}: ignoring ${JSON.stringify(value)}`));
    }
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
