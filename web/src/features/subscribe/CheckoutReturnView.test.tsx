// @vitest-environment jsdom
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheckoutReturnView, type CheckoutState, CONFIRMATION_LATE } from "./CheckoutReturnView.tsx";
import { checkout } from "./subscribe.mock.ts";

function renderView(state: CheckoutState) {
  const go = vi.fn<(href: string) => void>();
  render(<CheckoutReturnView state={state} go={go} />);
  return { go, user: userEvent.setup({ delay: null }) };
}

const message = () => screen.getByTestId("checkout-message").textContent;
const links = () => screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);

describe("back from the payment provider", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("before the server answers: waiting for the provider, nothing said paid", () => {
    renderView({ kind: "checking" });
    expect(message()).toBe(SUBSCRIPTION_MESSAGES.paymentPending);
    expect(screen.queryByText(SUBSCRIPTION_MESSAGES.paymentConfirmed)).toBeNull();
  });

  it("pending: waiting, with no end date yet; after the wait, that the provider has not confirmed", () => {
    renderView({ kind: "status", reply: checkout("pending", "2026-12-31"), gaveUp: false });
    expect(message()).toBe(SUBSCRIPTION_MESSAGES.paymentPending);
    expect(screen.queryByTestId("subscription-end")).toBeNull();
    expect(screen.queryByTestId("checkout-late")).toBeNull();
    cleanup();
    renderView({ kind: "status", reply: checkout("pending", "2026-12-31"), gaveUp: true });
    expect(screen.getByTestId("checkout-late").textContent).toBe(CONFIRMATION_LATE);
  });

  it("paid: confirmed with the new end date, and the ways to the profile and the dashboard", async () => {
    const { go, user } = renderView({ kind: "status", reply: checkout("paid", "2027-01-30"), gaveUp: false });
    expect(message()).toBe(SUBSCRIPTION_MESSAGES.paymentConfirmed);
    expect(screen.getByTestId("subscription-end").textContent).toBe("Your subscription ends on 30/01/2027.");
    expect(links()).toEqual([
      ["Your profile", "/profile"],
      ["Dashboard", "/dashboard"],
    ]);
    await user.click(screen.getByRole("link", { name: "Your profile" }));
    expect(go).toHaveBeenCalledExactlyOnceWith("/profile");
  });

  it("declined: unchanged, with the end date as it was and the way back to subscriptions", () => {
    renderView({ kind: "status", reply: checkout("declined", "2026-12-31"), gaveUp: false });
    expect(message()).toBe(SUBSCRIPTION_MESSAGES.paymentDeclined);
    expect(screen.getByTestId("subscription-end").textContent).toBe("Your subscription ends on 31/12/2026.");
    expect(links()[0]).toEqual(["Back to subscriptions", "/subscribe"]);
  });

  it("cancelled: unchanged", () => {
    renderView({ kind: "status", reply: checkout("cancelled", "2026-12-31"), gaveUp: false });
    expect(message()).toBe(SUBSCRIPTION_MESSAGES.paymentCancelled);
    expect(screen.getByTestId("subscription-end").textContent).toBe("Your subscription ends on 31/12/2026.");
  });

  it("an expired checkout says the server's message", () => {
    renderView({
      kind: "status",
      reply: checkout("expired", null, "This payment expired before it was completed."),
      gaveUp: false,
    });
    expect(message()).toBe("This payment expired before it was completed.");
    expect(screen.getByTestId("subscription-end").textContent).toBe("You have no subscription yet.");
  });

  it("a failure shows its message as an alert, with the ways on", () => {
    renderView({ kind: "failed", message: "Not found" });
    expect(screen.getByRole("alert").textContent).toBe("Not found");
    expect(links().map(([text]) => text)).toEqual(["Your profile", "Dashboard"]);
  });
});
