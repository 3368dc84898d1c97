/**
 * The subscription page's thin wrapper: the server's data around the pure SubscribeView. Online
 * only: offline (or when the server cannot be reached) it says it needs a connection, and reads
 * the page as soon as the connection returns.
 */
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { NetworkError } from "../../local/api.ts";
import { failureText } from "../../local/form-errors.ts";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Page } from "../../ui/Page.tsx";
import { SubscribeView } from "./SubscribeView.tsx";
import { useSubscribeData } from "./useSubscribeData.ts";

/** What the page says offline. */
export const SUBSCRIBE_OFFLINE =
  "The subscription page needs a connection. You can buy or extend your subscription when you are online.";

export function SubscribePage() {
  const { scope } = useSignedIn();
  const online = useOnline();
  const { page, purchase, voucher, reload, onPurchase, onRedeemVoucher } = useSubscribeData(scope.db, online);

  if (page.kind === "ready")
    return (
      <SubscribeView
        data={page.data}
        purchase={purchase}
        voucher={voucher}
        onPurchase={onPurchase}
        onRedeemVoucher={onRedeemVoucher}
      />
    );
  const offline = !online || (page.kind === "failed" && page.error instanceof NetworkError);
  return (
    <Page title="Subscription" width="narrow" busy={!offline && page.kind !== "failed"}>
      {offline ? (
        <p
          className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200"
          role="status"
          data-testid="subscribe-offline"
        >
          {SUBSCRIBE_OFFLINE}
        </p>
      ) : page.kind === "failed" ? (
        <ErrorNotice onRetry={reload} testId="subscribe-load-error">
          {failureText(page.error)}
        </ErrorNotice>
      ) : (
        <p className="text-sm text-slate-500" aria-busy="true">
          Loading subscriptions…
        </p>
      )}
    </Page>
  );
}
