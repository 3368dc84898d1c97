/**
 * The page the payment provider sends the student back to (/subscribe/return?checkout={id}). It
 * says how the checkout stands as the server knows it, never from the return address alone: the
 * subscription is extended only once the provider's signed webhook has reached the server. Pure:
 * the state comes from useCheckoutStatus.
 */
import { type CheckoutStatusReply, SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { AppLink } from "../../ui/FormField.tsx";
import { endLine } from "./format.ts";

export type CheckoutState =
  /** No answer from the server yet. */
  | { kind: "checking" }
  /** The server's answer; `gaveUp` once the page stopped asking while it was still pending. */
  | { kind: "status"; reply: CheckoutStatusReply; gaveUp: boolean }
  | { kind: "failed"; message: string };

/** Said when the provider has not confirmed within the page's wait. */
export const CONFIRMATION_LATE =
  "The payment provider has not confirmed your payment yet. If you paid, your subscription is extended as soon as it does: your profile will show the new end date.";

const MESSAGE: Record<Exclude<CheckoutStatusReply["status"], "expired">, string> = {
  pending: SUBSCRIPTION_MESSAGES.paymentPending,
  paid: SUBSCRIPTION_MESSAGES.paymentConfirmed,
  declined: SUBSCRIPTION_MESSAGES.paymentDeclined,
  cancelled: SUBSCRIPTION_MESSAGES.paymentCancelled,
};

const TONE: Record<CheckoutStatusReply["status"], string> = {
  pending: "bg-sky-50 text-sky-950 ring-sky-200",
  paid: "bg-emerald-50 text-emerald-950 ring-emerald-200",
  declined: "bg-red-50 text-red-900 ring-red-200",
  cancelled: "bg-amber-50 text-amber-950 ring-amber-200",
  expired: "bg-amber-50 text-amber-950 ring-amber-200",
};

export function CheckoutReturnView({ state, go }: { state: CheckoutState; go: (href: string) => void }) {
  const status = state.kind === "status" ? state.reply.status : null;
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="mb-4 text-xl font-semibold">Payment</h1>
      <div className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {state.kind === "failed" ? (
          <ErrorNotice testId="checkout-error">{state.message}</ErrorNotice>
        ) : state.kind === "checking" ? (
          <p role="status" aria-busy="true" className="text-sm text-slate-800" data-testid="checkout-message">
            {SUBSCRIPTION_MESSAGES.paymentPending}
          </p>
        ) : (
          <div
            role="status"
            className={`rounded-md px-4 py-3 text-sm ring-1 ${TONE[state.reply.status]}`}
            data-testid="checkout-status"
            data-status={state.reply.status}
          >
            <p className="font-medium" data-testid="checkout-message">
              {state.reply.status === "expired" ? state.reply.message : MESSAGE[state.reply.status]}
            </p>
            {state.reply.status === "pending" && state.gaveUp ? (
              <p className="mt-1" data-testid="checkout-late">
                {CONFIRMATION_LATE}
              </p>
            ) : null}
            {state.reply.status !== "pending" && endLine(state.reply.subscription) ? (
              <p className="mt-1" data-testid="subscription-end">
                {endLine(state.reply.subscription)}
              </p>
            ) : null}
          </div>
        )}
        <nav aria-label="Where next" className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {status === "declined" || status === "cancelled" || status === "expired" ? (
            <AppLink href="/subscribe" go={go}>
              Back to subscriptions
            </AppLink>
          ) : null}
          <AppLink href="/profile" go={go}>
            Your profile
          </AppLink>
          <AppLink href="/dashboard" go={go}>
            Dashboard
          </AppLink>
        </nav>
      </div>
    </main>
  );
}
