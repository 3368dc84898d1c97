/**
 * The subscription page (spec accounts §2, §3, §5, §6, §8): the current status and its end, the
 * limited-time discount's banner while it runs, a currency select (the default currency chosen),
 * the subscription types as a radio list priced in that currency, 'Redeem Voucher' when vouchers
 * are enabled, and the Purchase / Extend button (none when the subscription has no expiry).
 *
 * Pure: it draws the page's data and the states it is given; the choices and their checks are
 * its own (currency and subscription required, with the contract's messages at the fields), and
 * a valid purchase or a voucher code goes to its callback. The price shown is the price charged:
 * the server's price for today (discount applied), with a redeemed discount voucher applied to it
 * by the one pricing rule the server charges with.
 */

import { chargedAmount } from "@preflight/sync-protocol/rules/pricing";
import {
  type Purchase,
  purchaseSchema,
  type RedeemVoucherReply,
  redeemVoucherSchema,
  SUBSCRIPTION_MESSAGES,
  type SubscribePageReply,
  type SubscriptionOffer,
  type SubscriptionStatus,
} from "@preflight/sync-protocol/schemas/subscription";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { buttonClass } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { type FieldErrors, FieldErrorText, fieldErrors } from "../../ui/FormField.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { FIELD_CLASS, LABEL_CLASS } from "../../ui/SelectField.tsx";
import { endLine, formatEnd, formatMoney, purchaseLabel, STATUS_LABEL } from "./format.ts";

/** Where the purchase stands: nothing sent, sent and on the way to the provider, or refused. */
export type PurchaseState = { kind: "idle" } | { kind: "redirecting" } | { kind: "failed"; message: string };

/** Where the voucher stands: none, being checked, redeemed (the server's reply), or refused. */
export type VoucherState =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "redeemed"; code: string; reply: RedeemVoucherReply }
  | { kind: "failed"; message: string };

export interface SubscribeViewProps {
  data: SubscribePageReply;
  purchase: PurchaseState;
  voucher: VoucherState;
  /** A checked purchase: subscription and currency (and a redeemed discount voucher's code). */
  onPurchase: (purchase: Purchase) => void;
  /** A voucher code, trimmed and uppercased. */
  onRedeemVoucher: (code: string) => void;
}

const STATUS_STYLE: Record<SubscriptionStatus, string> = {
  active: "bg-emerald-100 text-emerald-800",
  free_trial: "bg-sky-100 text-sky-800",
  no_expiry: "bg-emerald-100 text-emerald-800",
  expired: "bg-red-100 text-red-800",
  none: "bg-slate-100 text-slate-700",
};

/** A control marked invalid takes the red border of the app's form fields. */
const INVALID = "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-100";

const CARD = "rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";

/** The currency chosen when the page opens: the default one, else none (the student picks). */
function defaultCurrency(data: SubscribePageReply): string {
  return data.currencies.find((c) => c.default)?.code ?? "";
}

/** The discount voucher redeemed on this page, whose percent the purchase takes. */
function discountVoucher(voucher: VoucherState): { code: string; percent: number } | null {
  return voucher.kind === "redeemed" && voucher.reply.kind === "discount"
    ? { code: voucher.code, percent: voucher.reply.percent }
    : null;
}

/** The price of an offer in a currency: what is charged, and the regular price when that is less. */
export function offerPrice(
  offer: SubscriptionOffer,
  currency: string,
  discountPercent: number | null,
  voucherPercent: number | null,
): { charged: number; regular: number } | null {
  const today = offer.prices[currency];
  const regular = offer.regular_prices[currency] ?? today;
  if (today === undefined || regular === undefined) return null;
  const charged = voucherPercent === null ? today : chargedAmount(regular, [discountPercent, voucherPercent]);
  return { charged, regular };
}

export function SubscribeView({ data, purchase, voucher, onPurchase, onRedeemVoucher }: SubscribeViewProps) {
  const { subscription, discount } = data;
  const label = purchaseLabel(subscription.status);
  const end = endLine(subscription);
  return (
    <Page title="Subscription" width="narrow">
      <Card title="Your subscription">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-slate-600">Status</span>
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[subscription.status]}`}
            data-testid="subscription-status"
          >
            {STATUS_LABEL[subscription.status]}
          </span>
        </p>
        {end ? (
          <p className="mt-2 text-sm text-slate-800" data-testid="subscription-end">
            {end}
          </p>
        ) : null}
      </Card>
      {discount ? (
        <div
          className="rounded-xl bg-amber-50 px-5 py-4 text-amber-950 ring-1 ring-amber-300"
          role="note"
          data-testid="discount-banner"
        >
          <p className="text-lg font-semibold">Limited time: {discount.percent}% off</p>
          <p className="mt-0.5 text-sm">
            Every subscription below is {discount.percent}% off; the prices shown are the prices you pay.
          </p>
        </div>
      ) : null}
      {label === null ? (
        <p className={`${CARD} text-sm text-slate-700`} data-testid="no-expiry-note">
          Your subscription has no expiry, so there is nothing to buy.
        </p>
      ) : (
        <PurchaseForm
          data={data}
          label={label}
          purchase={purchase}
          voucher={voucher}
          onPurchase={onPurchase}
          onRedeemVoucher={onRedeemVoucher}
        />
      )}
    </Page>
  );
}

function PurchaseForm({
  data,
  label,
  purchase,
  voucher,
  onPurchase,
  onRedeemVoucher,
}: SubscribeViewProps & { label: string }) {
  const id = useId();
  const [currency, setCurrency] = useState(() => defaultCurrency(data));
  const [chosen, setChosen] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const redirecting = purchase.kind === "redirecting";
  const voucherDiscount = discountVoucher(voucher);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redirecting) return;
    const parsed = purchaseSchema.safeParse({
      subscription: chosen ?? undefined,
      currency: currency || undefined,
      voucher: voucherDiscount?.code,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    onPurchase(parsed.data);
  };

  const currencyError = errors.currency;
  const subscriptionError = errors.subscription;
  return (
    <form className={`${CARD} space-y-5`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {label === SUBSCRIPTION_MESSAGES.purchase ? "Buy a subscription" : "Extend your subscription"}
      </h2>
      <div>
        <label htmlFor={`${id}-currency`} className={LABEL_CLASS}>
          Currency
        </label>
        <select
          id={`${id}-currency`}
          name="currency"
          value={currency}
          onChange={(e) => {
            setCurrency(e.target.value);
            setErrors(({ currency: _cleared, ...rest }) => rest);
          }}
          aria-required
          aria-invalid={currencyError ? true : undefined}
          aria-describedby={currencyError ? `${id}-currency-error` : undefined}
          className={`${FIELD_CLASS} sm:max-w-xs ${INVALID}`}
          data-testid="currency-select"
        >
          <option value="">Choose a currency</option>
          {data.currencies.map((c) => (
            <option key={c.id} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </select>
        {currencyError ? <FieldErrorText id={`${id}-currency-error`}>{currencyError}</FieldErrorText> : null}
      </div>
      <fieldset aria-describedby={subscriptionError ? `${id}-subscription-error` : undefined}>
        <legend className={LABEL_CLASS}>Subscription</legend>
        <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
          {data.subscriptions.map((offer) => (
            <OfferRow
              key={offer.id}
              name={`${id}-subscription`}
              offer={offer}
              currency={currency}
              discountPercent={data.discount?.percent ?? null}
              voucherPercent={voucherDiscount?.percent ?? null}
              checked={chosen === offer.id}
              invalid={subscriptionError !== undefined}
              onChoose={() => {
                setChosen(offer.id);
                setErrors(({ subscription: _cleared, ...rest }) => rest);
              }}
            />
          ))}
        </ul>
        {subscriptionError ? (
          <FieldErrorText id={`${id}-subscription-error`}>{subscriptionError}</FieldErrorText>
        ) : null}
      </fieldset>
      {data.vouchersEnabled ? <VoucherField voucher={voucher} onRedeem={onRedeemVoucher} /> : null}
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={redirecting}
          aria-disabled={redirecting || undefined}
          className={buttonClass("primary", "px-6 text-base")}
          data-testid="purchase-button"
        >
          {redirecting ? SUBSCRIPTION_MESSAGES.pleaseWait : label}
        </button>
        {redirecting ? (
          <p role="status" className="text-sm text-slate-700" data-testid="redirecting">
            {SUBSCRIPTION_MESSAGES.redirecting}
          </p>
        ) : null}
      </div>
      {purchase.kind === "failed" ? <ErrorNotice testId="purchase-error">{purchase.message}</ErrorNotice> : null}
    </form>
  );
}

function OfferRow({
  name,
  offer,
  currency,
  discountPercent,
  voucherPercent,
  checked,
  invalid,
  onChoose,
}: {
  name: string;
  offer: SubscriptionOffer;
  currency: string;
  discountPercent: number | null;
  voucherPercent: number | null;
  checked: boolean;
  invalid: boolean;
  onChoose: () => void;
}) {
  const price = currency ? offerPrice(offer, currency, discountPercent, voucherPercent) : null;
  const unavailable = currency !== "" && price === null;
  return (
    <li>
      <label
        className={`flex items-center gap-3 px-4 py-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
          checked ? "bg-brand-50" : ""
        } ${unavailable ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-slate-50"}`}
        data-testid="subscription-offer"
      >
        <input
          type="radio"
          name={name}
          value={offer.id}
          checked={checked}
          disabled={unavailable}
          onChange={onChoose}
          aria-invalid={invalid || undefined}
          className="h-4 w-4 shrink-0 accent-brand-600"
        />
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-slate-900">{offer.description}</span>
          <span className="block text-xs text-slate-600">{offer.length_days} days</span>
        </span>
        <span className="text-right" data-testid="offer-price">
          {price === null ? (
            <span className="text-xs text-slate-500">{unavailable ? `Not available in ${currency}` : ""}</span>
          ) : (
            <>
              {price.regular !== price.charged ? (
                <s className="mr-2 text-xs text-slate-500" data-testid="regular-price">
                  <span className="sr-only">Regular price </span>
                  {formatMoney(price.regular, currency)}
                </s>
              ) : null}
              <span className="font-semibold text-slate-900" data-testid="charged-price">
                {formatMoney(price.charged, currency)}
              </span>
            </>
          )}
        </span>
      </label>
    </li>
  );
}

function VoucherField({ voucher, onRedeem }: { voucher: VoucherState; onRedeem: (code: string) => void }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const checking = voucher.kind === "checking";

  const redeem = () => {
    if (checking) return;
    const parsed = redeemVoucherSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a voucher code");
      return;
    }
    setError(null);
    onRedeem(parsed.data.code);
  };
  // Enter in the voucher box redeems it rather than sending the purchase.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    redeem();
  };

  const shownError = error ?? (voucher.kind === "failed" ? voucher.message : null);
  return (
    <div>
      <label htmlFor={`${id}-code`} className={LABEL_CLASS}>
        Voucher code
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-code`}
          name="voucher"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          className={`${FIELD_CLASS} sm:max-w-xs ${INVALID}`}
          data-testid="voucher-code"
        />
        <button
          type="button"
          onClick={redeem}
          disabled={checking}
          className={buttonClass("secondary")}
          data-testid="redeem-voucher"
        >
          {checking ? SUBSCRIPTION_MESSAGES.pleaseWait : SUBSCRIPTION_MESSAGES.redeemVoucher}
        </button>
      </div>
      {shownError ? <FieldErrorText id={`${id}-error`}>{shownError}</FieldErrorText> : null}
      {voucher.kind === "redeemed" ? <VoucherResult reply={voucher.reply} /> : null}
    </div>
  );
}

function VoucherResult({ reply }: { reply: RedeemVoucherReply }) {
  // The server's message may name the new end as the server writes days: shown as the app shows dates.
  const namesEnd = reply.kind === "free_days" && reply.message.includes(reply.end);
  const message =
    reply.kind === "free_days" ? reply.message.replaceAll(reply.end, formatEnd(reply.end)) : reply.message;
  return (
    <div
      role="status"
      className="mt-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
      data-testid="voucher-result"
    >
      <p>{message}</p>
      {reply.kind === "free_days" ? (
        namesEnd ? null : (
          <p className="mt-0.5 font-medium">Your subscription now ends on {formatEnd(reply.end)}.</p>
        )
      ) : (
        <p className="mt-0.5 font-medium">The prices above include your voucher's {reply.percent}% off.</p>
      )}
    </div>
  );
}
