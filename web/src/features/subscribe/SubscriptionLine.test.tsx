// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoredSubscription } from "./format.ts";
import { SubscriptionLineView } from "./SubscriptionLine.tsx";

const TODAY = "2026-11-25";

function renderLine(subscription: StoredSubscription) {
  const go = vi.fn<(href: string) => void>();
  render(<SubscriptionLineView subscription={subscription} today={TODAY} go={go} />);
  const line = screen.queryByTestId("dashboard-subscription");
  return { go, line, link: line?.querySelector("a") ?? null, user: userEvent.setup({ delay: null }) };
}

describe("the dashboard's subscription line", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("a running subscription: when it ends, and a link to extend it on /subscribe", async () => {
    const { line, link, go, user } = renderLine({ start: "2026-01-01", end: "2026-12-31" });
    expect(line?.firstChild?.textContent).toBe("Your subscription ends on 31/12/2026.");
    expect(link?.textContent).toBe("Extend your subscription");
    expect(link?.getAttribute("href")).toBe("/subscribe");
    await user.click(link as HTMLAnchorElement);
    expect(go).toHaveBeenCalledExactlyOnceWith("/subscribe");
  });

  it("it runs through its last day", () => {
    const { line } = renderLine({ start: "2026-01-01", end: TODAY });
    expect(line?.getAttribute("data-status")).toBe("active");
  });

  it("a free trial: when the trial ends, and a link to buy", () => {
    const { line, link } = renderLine({ start: "2026-11-20", end: "2026-11-27", free_trial: true, no_expiry: false });
    expect(line?.firstChild?.textContent).toBe("Your free trial ends on 27/11/2026.");
    expect(link?.textContent).toBe("Buy a subscription");
  });

  it("expired: when it ended, and a link to renew", () => {
    const { line, link } = renderLine({ start: "2026-01-01", end: "2026-11-24" });
    expect(line?.firstChild?.textContent).toBe("Your subscription ended on 24/11/2026.");
    expect(link?.textContent).toBe("Renew your subscription");
  });

  it("an expired free trial says so", () => {
    const { line } = renderLine({ start: "2026-11-01", end: "2026-11-08", free_trial: true, no_expiry: false });
    expect(line?.firstChild?.textContent).toBe("Your free trial ended on 08/11/2026.");
  });

  it("no expiry: says so, with nothing to buy", () => {
    const { line, link } = renderLine({ start: "2026-01-01", end: null, no_expiry: true, free_trial: false });
    expect(line?.firstChild?.textContent).toBe("Your subscription has no expiry.");
    expect(link).toBeNull();
  });

  it("no subscription: says so, and a link to buy", () => {
    const { line, link } = renderLine({ start: null, end: null });
    expect(line?.firstChild?.textContent).toBe("You have no subscription yet.");
    expect(link?.textContent).toBe("Buy a subscription");
  });
});
