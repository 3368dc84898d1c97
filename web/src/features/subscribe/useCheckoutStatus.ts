/**
 * How a checkout stands, asked of the server every 2 s (as the app polls its other statuses)
 * until it is settled or a minute has passed. Coming back with `cancelled` (the provider's cancel
 * address, also the way back from a declined payment) while the server still waits reads as
 * cancelled at once: nothing was paid and nothing changes. The server is still asked a few times,
 * so a decline or expiry its webhook brings shows as the server words it.
 * Once paid, the device's profile is pulled so the new end shows on the dashboard and profile.
 */

import { useEffect, useState } from "react";
import { ApiCallError, NetworkError } from "../../local/api.ts";
import { failureText } from "../../local/form-errors.ts";
import { runPullChain } from "../../local/pull/steps/runner.ts";
import type { UserDb } from "../../local/store/db.ts";
import type { CheckoutState } from "./CheckoutReturnView.tsx";
import { fetchCheckoutStatus } from "./queries.ts";

export const CHECKOUT_POLL_MS = 2000;
/** About a minute of asking: a webhook normally arrives within seconds. */
export const CHECKOUT_POLL_LIMIT = 30;
/** Asks after a cancel: enough for the provider's webhook of a decline or expiry to arrive. */
export const CANCELLED_POLL_LIMIT = 3;

export function useCheckoutStatus(
  db: UserDb,
  checkoutId: string,
  cancelled: boolean,
  timing: { pollMs: number; limit: number } = { pollMs: CHECKOUT_POLL_MS, limit: CHECKOUT_POLL_LIMIT },
): CheckoutState {
  const [state, setState] = useState<CheckoutState>({ kind: "checking" });

  useEffect(() => {
    if (!checkoutId) {
      setState({ kind: "failed", message: NO_CHECKOUT });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    let lastError: unknown = null;

    const ask = async () => {
      asked += 1;
      const last = asked >= (cancelled ? Math.min(timing.limit, CANCELLED_POLL_LIMIT) : timing.limit);
      try {
        const reply = await fetchCheckoutStatus(checkoutId);
        if (stopped) return;
        const settled = reply.status !== "pending";
        const shown = !settled && cancelled ? { ...reply, status: "cancelled" as const } : reply;
        setState({ kind: "status", reply: shown, gaveUp: !settled && !cancelled && last });
        if (reply.status === "paid")
          void runPullChain(db).then((result) => {
            if (!result.ok) console.warn("pull after a payment failed", result);
          });
        if (settled || last) return;
      } catch (err) {
        if (stopped) return;
        lastError = err;
        // The server's refusal (not found, signed out) will not change by asking again.
        if (err instanceof ApiCallError && err.status < 500) {
          setState({ kind: "failed", message: failureText(err) });
          return;
        }
        if (last) {
          setState((now) =>
            now.kind === "status"
              ? { ...now, gaveUp: true }
              : { kind: "failed", message: failureText(lastError, { offline: NO_CONNECTION }) },
          );
          return;
        }
        if (!(err instanceof NetworkError)) console.warn("checkout status failed", err);
      }
      timer = setTimeout(() => void ask(), timing.pollMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [db, checkoutId, cancelled, timing.pollMs, timing.limit]);

  return state;
}

const NO_CONNECTION =
  "The server could not be reached to confirm your payment. Your subscription is extended once the payment provider confirms it: your profile will show the new end date.";

const NO_CHECKOUT = "This address names no payment. Your subscription's end date is on your profile.";
