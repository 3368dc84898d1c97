/**
 * The page the payment provider sends the student back to (/subscribe/return?checkout={id}). It
 * says how the checkout stands as the server knows it, never from the return address alone: the
 * subscription is extended only once the provider's signed webhook has reached the server. Pure:
 * the state comes from useCheckoutStatus.
 */
import { type CheckoutStatusReply, SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { AppLink } from "../../ui/FormField.tsx";
import { Card, Page } from "../../ui/Page.tsx";
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

/** The ways on, each 44 px high to tap. */
const NEXT_LINK = "inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:text-brand-900";

export function CheckoutReturnView({ state, go }: { state: CheckoutState; go: (href: string) => void }) {
  const status = state.kind === "status" ? state.reply.status : null;
  return (
    <Page title="Payment" width="narrow">
      <Card>
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
        <nav aria-label="Where next" className="mt-4 flex flex-wrap gap-x-5 text-sm">
          {status === "declined" || status === "cancelled" || status === "expired" ? (
            <AppLink href="/subscribe" go={go} className={NEXT_LINK}>
              Back to subscriptions
            </AppLink>
          ) : null}
          <AppLink href="/profile" go={go} className={NEXT_LINK}>
            Your profile
          </AppLink>
          <AppLink href="/dashboard" go={go} className={NEXT_LINK}>
            Dashboard
          </AppLink>
        </nav>
      </Card>
    </Page>
  );
}
