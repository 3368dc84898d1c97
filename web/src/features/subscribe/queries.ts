/**
 * The subscription page's calls, all online (spec accounts §7): the page's data, the purchase
 * (which answers the provider's checkout page), a voucher, and how a checkout stands after the
 * student comes back from the provider. The device's own copy of the subscription (the profile
 * step's) is read for the dashboard's line.
 */
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import type {
  CheckoutStatusReply,
  Purchase,
  RedeemVoucherReply,
  SubscribePageReply,
} from "@preflight/sync-protocol/schemas/subscription";
import { useLiveQuery } from "dexie-react-hooks";
import { call } from "../../local/api.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";
import type { StoredSubscription } from "./format.ts";

export function fetchSubscribePage(): Promise<SubscribePageReply> {
  return call("subscribePage");
}

/** The provider's checkout page for this purchase (the amount is the server's). */
export async function startPurchase(purchase: Purchase): Promise<string> {
  const reply = await call("purchase", { body: purchase });
  return reply.redirect;
}

export function redeemVoucher(code: string): Promise<RedeemVoucherReply> {
  return call("redeemVoucher", { body: { code } });
}

export function fetchCheckoutStatus(checkoutId: string): Promise<CheckoutStatusReply> {
  return call("checkoutStatus", { params: { id: checkoutId } });
}

/**
 * The subscription as the device holds it: the account's details once the profile step has
 * brought them (no expiry, free trial), else the profile's start and end; null before any profile.
 */
export function useStoredSubscription(db: UserDb): StoredSubscription | null | undefined {
  return useLiveQuery(async () => {
    const profile = await getMeta<PulledProfile>(db, "profile");
    if (!profile) return null;
    return profile.account?.subscription ?? profile.subscription;
  }, [db]);
}
