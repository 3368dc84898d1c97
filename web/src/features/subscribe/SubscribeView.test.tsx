// @vitest-environment jsdom
import type { Purchase, RedeemVoucherReply } from "@preflight/sync-protocol/schemas/subscription";
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubscribeView, type SubscribeViewProps } from "./SubscribeView.tsx";
import { CURRENCIES, DISCOUNT_PAGE, page } from "./subscribe.mock.ts";

function renderView(change: Partial<SubscribeViewProps> = {}) {
  const onPurchase = vi.fn<(purchase: Purchase) => void>();
  const onRedeemVoucher = vi.fn<(code: string) => void>();
  const props: SubscribeViewProps = {
    data: page(),
    purchase: { kind: "idle" },
    voucher: { kind: "idle" },
    onPurchase,
    onRedeemVoucher,
    ...change,
  };
  const view = render(<SubscribeView {...props} />);
  return {
    onPurchase,
    onRedeemVoucher,
    user: userEvent.setup({ delay: null }),
    rerender: (next: Partial<SubscribeViewProps>) => view.rerender(<SubscribeView {...props} {...next} />),
  };
}

/** Each offer's row as the student reads it: description, length and price(s). */
const offerRows = () => screen.getAllByTestId("subscription-offer").map((row) => row.textContent);
const chargedPrices = () => screen.getAllByTestId("charged-price").map((p) => p.textContent);
const purchaseButton = () => screen.queryByTestId("purchase-button");
const fieldErrors = () => screen.queryAllByTestId("field-error").map((e) => e.textContent);

const discountVoucher: RedeemVoucherReply = { kind: "discount", percent: 10, message: "Voucher accepted: 10% off." };

// Clicking through user-event is slow on a busy machine: more time than the default 5 s.
describe("the subscription page", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  describe("status and the purchase button (spec accounts 6)", () => {
    it("an active subscription: its end as DD/MM/YYYY and Extend", () => {
      renderView();
      expect(screen.getByTestId("subscription-status").textContent).toBe("Active");
      expect(screen.getByTestId("subscription-end").textContent).toBe("Your subscription ends on 31/12/2026.");
      expect(purchaseButton()?.textContent).toBe(SUBSCRIPTION_MESSAGES.extend);
    });

    it("a free trial: when it ends and Purchase", () => {
      renderView({ data: page({ subscription: { status: "free_trial", end: "2026-11-30" } }) });
      expect(screen.getByTestId("subscription-status").textContent).toBe("Free trial");
      expect(screen.getByTestId("subscription-end").textContent).toBe("Your free trial ends on 30/11/2026.");
      expect(purchaseButton()?.textContent).toBe(SUBSCRIPTION_MESSAGES.purchase);
    });

    it("an expired subscription: when it ended and Extend", () => {
      renderView({ data: page({ subscription: { status: "expired", end: "2026-10-01" } }) });
      expect(screen.getByTestId("subscription-status").textContent).toBe("Expired");
      expect(screen.getByTestId("subscription-end").textContent).toBe("Your subscription ended on 01/10/2026.");
      expect(purchaseButton()?.textContent).toBe(SUBSCRIPTION_MESSAGES.extend);
    });

    it("no subscription yet: Purchase", () => {
      renderView({ data: page({ subscription: { status: "none", end: null } }) });
      expect(screen.getByTestId("subscription-status").textContent).toBe("No subscription");
      expect(purchaseButton()?.textContent).toBe(SUBSCRIPTION_MESSAGES.purchase);
    });

    it("a subscription without expiry: no purchase button and no form", () => {
      renderView({ data: page({ subscription: { status: "no_expiry", end: null } }) });
      expect(screen.getByTestId("subscription-status").textContent).toBe("No expiry");
      expect(screen.getByTestId("subscription-end").textContent).toBe("Your subscription has no expiry.");
      expect(purchaseButton()).toBeNull();
      expect(screen.queryByRole("button", { name: SUBSCRIPTION_MESSAGES.extend })).toBeNull();
      expect(screen.queryByRole("button", { name: SUBSCRIPTION_MESSAGES.purchase })).toBeNull();
    });
  });

  describe("prices", () => {
    it("the default currency is chosen and each type shows its price in it", () => {
      renderView();
      expect((screen.getByLabelText("Currency") as HTMLSelectElement).value).toBe("EUR");
      expect(offerRows()).toEqual(["1 month30 days€29.90", "3 months91 days€79.90", "12 months365 days€249.90"]);
      expect(screen.queryAllByTestId("regular-price")).toEqual([]);
    });

    it("choosing another currency shows the prices in it; a type not sold in it cannot be chosen", async () => {
      const { user } = renderView();
      await user.selectOptions(screen.getByLabelText("Currency"), "GBP");
      expect(chargedPrices()).toEqual(["£25.90", "£69.90", "£219.90"]);
      await user.selectOptions(screen.getByLabelText("Currency"), "USD");
      expect(chargedPrices()).toEqual(["US$32.90", "US$87.90"]);
      const yearly = screen.getAllByTestId("subscription-offer")[2] as HTMLElement;
      expect(yearly.textContent).toContain("Not available in USD");
      expect((within(yearly).getByRole("radio") as HTMLInputElement).disabled).toBe(true);
    });

    it("while the discount runs: the banner with its percent, the regular price struck through beside the charged one", () => {
      renderView({ data: DISCOUNT_PAGE });
      expect(screen.getByTestId("discount-banner").textContent).toContain("Limited time: 20% off");
      const first = screen.getAllByTestId("subscription-offer")[0] as HTMLElement;
      expect(within(first).getByTestId("regular-price").tagName).toBe("S");
      expect(within(first).getByTestId("regular-price").textContent).toBe("Regular price €29.90");
      expect(within(first).getByTestId("charged-price").textContent).toBe("€23.92");
    });

    it("outside the discount: no banner", () => {
      renderView();
      expect(screen.queryByTestId("discount-banner")).toBeNull();
      expect(screen.queryByText(/Limited time/)).toBeNull();
    });
  });

  describe("the purchase", () => {
    it("currency and subscription are required, each said at its field, and nothing is sent", async () => {
      const { user, onPurchase } = renderView({
        data: page({ currencies: CURRENCIES.map((c) => ({ ...c, default: false })) }),
      });
      expect((screen.getByLabelText("Currency") as HTMLSelectElement).value).toBe("");
      await user.click(screen.getByRole("button", { name: SUBSCRIPTION_MESSAGES.extend }));
      expect(fieldErrors()).toEqual([
        SUBSCRIPTION_MESSAGES.currencyRequired,
        SUBSCRIPTION_MESSAGES.subscriptionRequired,
      ]);
      expect(screen.getByLabelText("Currency").getAttribute("aria-invalid")).toBe("true");
      expect(onPurchase).not.toHaveBeenCalled();

      await user.selectOptions(screen.getByLabelText("Currency"), "GBP");
      expect(fieldErrors()).toEqual([SUBSCRIPTION_MESSAGES.subscriptionRequired]);
      await user.click(screen.getByRole("button", { name: SUBSCRIPTION_MESSAGES.extend }));
      expect(onPurchase).not.toHaveBeenCalled();
    });

    it("sends the chosen subscription and currency", async () => {
      const { user, onPurchase } = renderView();
      await user.click(screen.getByRole("radio", { name: /3 months/ }));
      await user.click(screen.getByRole("button", { name: SUBSCRIPTION_MESSAGES.extend }));
      expect(fieldErrors()).toEqual([]);
      expect(onPurchase).toHaveBeenCalledExactlyOnceWith({ subscription: 2, currency: "EUR" });
    });

    it("while redirecting: 'Please wait' on a disabled button and 'Redirecting to payment'", async () => {
      const { user, onPurchase } = renderView({ purchase: { kind: "redirecting" } });
      const button = purchaseButton() as HTMLButtonElement;
      expect(button.textContent).toBe(SUBSCRIPTION_MESSAGES.pleaseWait);
      expect(button.disabled).toBe(true);
      expect(screen.getByRole("status").textContent).toBe(SUBSCRIPTION_MESSAGES.redirecting);
      await user.click(button);
      expect(onPurchase).not.toHaveBeenCalled();
    });

    it("a refused purchase shows the server's message", () => {
      renderView({ purchase: { kind: "failed", message: "Unknown currency: XYZ." } });
      expect(screen.getByRole("alert").textContent).toBe("Unknown currency: XYZ.");
      expect(purchaseButton()?.textContent).toBe(SUBSCRIPTION_MESSAGES.extend);
    });
  });

  describe("vouchers (spec accounts 6: only when vouchersEnabled)", () => {
    it("no voucher field when vouchers are not enabled", () => {
      renderView({ data: page({ vouchersEnabled: false }) });
      expect(screen.queryByLabelText("Voucher code")).toBeNull();
      expect(screen.queryByRole("button", { name: SUBSCRIPTION_MESSAGES.redeemVoucher })).toBeNull();
    });

    it("'Redeem Voucher' sends the code uppercased; an empty code is refused on the page", async () => {
      const { user, onRedeemVoucher, onPurchase } = renderView();
      await user.click(screen.getByRole("button", { name: SUBSCRIPTION_MESSAGES.redeemVoucher }));
      expect(fieldErrors()).toEqual(["Enter a voucher code"]);
      expect(onRedeemVoucher).not.toHaveBeenCalled();
      await user.type(screen.getByLabelText("Voucher code"), " welcome10 ");
      await user.click(screen.getByRole("button", { name: SUBSCRIPTION_MESSAGES.redeemVoucher }));
      expect(onRedeemVoucher).toHaveBeenCalledExactlyOnceWith("WELCOME10");
      // Enter in the voucher box redeems, it does not buy.
      await user.type(screen.getByLabelText("Voucher code"), "{Enter}");
      expect(onRedeemVoucher).toHaveBeenCalledTimes(2);
      expect(onPurchase).not.toHaveBeenCalled();
    });

    it("a refused voucher shows the server's message", () => {
      renderView({ voucher: { kind: "failed", message: SUBSCRIPTION_MESSAGES.voucherExpired } });
      expect(fieldErrors()).toEqual([SUBSCRIPTION_MESSAGES.voucherExpired]);
    });

    it("a free-days voucher shows its message and the new end", () => {
      renderView({
        voucher: {
          kind: "redeemed",
          code: "FREEWEEK",
          reply: { kind: "free_days", days: 7, message: "7 free days added.", end: "2027-01-07" },
        },
      });
      expect(screen.getByTestId("voucher-result").textContent).toBe(
        "7 free days added.Your subscription now ends on 07/01/2027.",
      );
    });

    it("a free-days message that names the new end shows it as DD/MM/YYYY, once", () => {
      renderView({
        voucher: {
          kind: "redeemed",
          code: "WELCOME7",
          reply: {
            kind: "free_days",
            days: 7,
            message: "7 free days added: your subscription now ends on 2027-01-07.",
            end: "2027-01-07",
          },
        },
      });
      expect(screen.getByTestId("voucher-result").textContent).toBe(
        "7 free days added: your subscription now ends on 07/01/2027.",
      );
    });

    it("a discount voucher shows its percent, lowers the prices shown and goes with the purchase", async () => {
      const { user, onPurchase } = renderView({
        data: DISCOUNT_PAGE,
        voucher: { kind: "redeemed", code: "WELCOME10", reply: discountVoucher },
      });
      expect(screen.getByTestId("voucher-result").textContent).toContain("10% off");
      // 2990 with 20% then 10% off: 2152.8, rounded half up to 2153.
      const first = screen.getAllByTestId("subscription-offer")[0] as HTMLElement;
      expect(within(first).getByTestId("charged-price").textContent).toBe("€21.53");
      expect(within(first).getByTestId("regular-price").textContent).toBe("Regular price €29.90");
      await user.click(screen.getByRole("radio", { name: /1 month/ }));
      await user.click(screen.getByRole("button", { name: SUBSCRIPTION_MESSAGES.extend }));
      expect(onPurchase).toHaveBeenCalledExactlyOnceWith({ subscription: 1, currency: "EUR", voucher: "WELCOME10" });
    });
  });
});
