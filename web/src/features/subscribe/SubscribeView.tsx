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
import { Label, Radio, RadioGroup } from "react-aria-components";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { type FieldErrors, FieldErrorText, fieldErrors, TextField } from "../../ui/FormField.tsx";
import { LABEL_CLASS } from "../../ui/field-look.ts";
import { Card, Page } from "../../ui/Page.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
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
      <SelectField
        label="Currency"
        name="currency"
        value={currency}
        onChange={(value) => {
          setCurrency(value);
          setErrors(({ currency: _cleared, ...rest }) => rest);
        }}
        error={currencyError}
        aria-required
        className="sm:max-w-xs"
        data-testid="currency-select"
      >
        <option value="">Choose a currency</option>
        {data.currencies.map((c) => (
          <option key={c.id} value={c.code}>
            {c.name} ({c.code})
          </option>
        ))}
      </SelectField>
      {/* A list of rows with their prices, not Choices' row of buttons: React Aria's RadioGroup drawn here. */}
      <RadioGroup
        name={`${id}-subscription`}
        value={chosen === null ? null : String(chosen)}
        onChange={(value) => {
          setChosen(Number(value));
          setErrors(({ subscription: _cleared, ...rest }) => rest);
        }}
        isInvalid={subscriptionError !== undefined}
        validationBehavior="aria"
        aria-describedby={subscriptionError ? `${id}-subscription-error` : undefined}
      >
        <Label className={LABEL_CLASS}>Subscription</Label>
        <div className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
          {data.subscriptions.map((offer) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              currency={currency}
              discountPercent={data.discount?.percent ?? null}
              voucherPercent={voucherDiscount?.percent ?? null}
            />
          ))}
        </div>
        {subscriptionError ? (
          <FieldErrorText id={`${id}-subscription-error`}>{subscriptionError}</FieldErrorText>
        ) : null}
      </RadioGroup>
      {data.vouchersEnabled ? <VoucherField voucher={voucher} onRedeem={onRedeemVoucher} /> : null}
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
        <Button type="submit" disabled={redirecting} className="px-6 text-base" testId="purchase-button">
          {redirecting ? SUBSCRIPTION_MESSAGES.pleaseWait : label}
        </Button>
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
  offer,
  currency,
  discountPercent,
  voucherPercent,
}: {
  offer: SubscriptionOffer;
  currency: string;
  discountPercent: number | null;
  voucherPercent: number | null;
}) {
  const price = currency ? offerPrice(offer, currency, discountPercent, voucherPercent) : null;
  const unavailable = currency !== "" && price === null;
  return (
    <Radio
      value={String(offer.id)}
      isDisabled={unavailable}
      className="group flex min-h-11 cursor-pointer items-center gap-3 px-4 py-3 text-sm first:rounded-t-lg last:rounded-b-lg hover:bg-slate-50 data-[disabled]:cursor-not-allowed data-[selected]:bg-brand-50 data-[disabled]:opacity-60 data-[disabled]:hover:bg-transparent data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500"
      data-testid="subscription-offer"
    >
      <span
        aria-hidden
        className="h-4 w-4 shrink-0 rounded-full border-2 border-slate-400 bg-surface group-data-[selected]:border-[5px] group-data-[selected]:border-primary group-data-[invalid]:border-red-500"
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
    </Radio>
  );
}

function VoucherField({ voucher, onRedeem }: { voucher: VoucherState; onRedeem: (code: string) => void }) {
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
      {/* The button beside the box, level with it (the label's height down) from the small breakpoint. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label="Voucher code"
          name="voucher"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={shownError ?? undefined}
          className="min-w-0 flex-1 sm:max-w-xs"
          data-testid="voucher-code"
        />
        <Button variant="secondary" onPress={redeem} disabled={checking} className="sm:mt-6" testId="redeem-voucher">
          {checking ? SUBSCRIPTION_MESSAGES.pleaseWait : SUBSCRIPTION_MESSAGES.redeemVoucher}
        </Button>
      </div>
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
