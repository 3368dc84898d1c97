/**
 * The subscription page's data and what its buttons do. The page is online only: its data is
 * the server's (prices, the discount running today, vouchers), read on opening and again when
 * the connection returns. A purchase sends the student to the provider's checkout page the server
 * answers (spec: 'Please wait / Redirecting to payment'); a refusal shows the server's message.
 * A free-days voucher extends at once: the page's data and the device's profile are read again,
 * so the new end shows here, on the dashboard and on the profile.
 */

import type { Purchase, SubscribePageReply } from "@preflight/sync-protocol/schemas/subscription";
import { useCallback, useEffect, useState } from "react";
import { failureText } from "../../local/form-errors.ts";
import { runPullChain } from "../../local/pull/steps/runner.ts";
import type { UserDb } from "../../local/store/db.ts";
import { fetchSubscribePage, redeemVoucher, startPurchase } from "./queries.ts";
import type { PurchaseState, VoucherState } from "./SubscribeView.tsx";

export type PageState =
  | { kind: "loading" }
  | { kind: "ready"; data: SubscribePageReply }
  | { kind: "failed"; error: unknown };

export interface SubscribeData {
  page: PageState;
  purchase: PurchaseState;
  voucher: VoucherState;
  reload: () => void;
  onPurchase: (purchase: Purchase) => void;
  onRedeemVoucher: (code: string) => void;
}

/** Leaves the app for the provider's checkout page (a full page load: another origin). */
function leaveForCheckout(url: string): void {
  window.location.assign(url);
}

export function useSubscribeData(
  db: UserDb,
  online: boolean,
  goToCheckout: (url: string) => void = leaveForCheckout,
): SubscribeData {
  const [loads, setLoads] = useState(0);
  const [page, setPage] = useState<PageState>({ kind: "loading" });
  const [purchase, setPurchase] = useState<PurchaseState>({ kind: "idle" });
  const [voucher, setVoucher] = useState<VoucherState>({ kind: "idle" });
  const reload = useCallback(() => setLoads((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each reload and when the connection returns
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    fetchSubscribePage()
      .then((data) => {
        if (!cancelled) setPage({ kind: "ready", data });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setPage((now) => (now.kind === "ready" ? now : { kind: "failed", error }));
      });
    return () => {
      cancelled = true;
    };
  }, [online, loads]);

  const onPurchase = useCallback(
    (chosen: Purchase) => {
      setPurchase({ kind: "redirecting" });
      startPurchase(chosen)
        .then(goToCheckout)
        .catch((err: unknown) => {
          setPurchase({ kind: "failed", message: failureText(err) });
        });
    },
    [goToCheckout],
  );

  const onRedeemVoucher = useCallback(
    (code: string) => {
      setVoucher({ kind: "checking" });
      redeemVoucher(code)
        .then((reply) => {
          setVoucher({ kind: "redeemed", code, reply });
          if (reply.kind !== "free_days") return;
          reload();
          // The device's profile takes the new end too (the dashboard's line, the profile page).
          void runPullChain(db).then((result) => {
            if (!result.ok) console.warn("pull after a voucher failed", result);
          });
        })
        .catch((err: unknown) => {
          setVoucher({ kind: "failed", message: failureText(err) });
        });
    },
    [db, reload],
  );

  return { page, purchase, voucher, reload, onPurchase, onRedeemVoucher };
}
