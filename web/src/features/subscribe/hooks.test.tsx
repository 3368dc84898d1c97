// @vitest-environment jsdom
/**
 * The page's data hooks against scripted server replies (fetch is the network's edge): the
 * checkout's status polled until the server settles it, and the purchase and voucher calls.
 */
import "fake-indexeddb/auto";
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabases, signedInScope } from "../../local/test-support.ts";
import { SnackbarContext } from "../../ui/snackbar/context.ts";
import { checkout, page } from "./subscribe.mock.ts";
import { CANCELLED_POLL_LIMIT, useCheckoutStatus } from "./useCheckoutStatus.ts";
import { useSubscribeData } from "./useSubscribeData.ts";

// A 401 leads to /login; these tests stay on the page.
vi.mock("@tanstack/react-router", () => ({ useNavigate: () => vi.fn() }));

const CHECKOUT_ID = "0b6f1c3e-5d2a-4c8e-9f10-3a4b5c6d7e8f";
const FAST = { pollMs: 5, limit: 4 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The server as scripted: each path answers its replies in turn (the last one again); others are unreachable. */
function server(script: Record<string, Response[] | (() => Response)>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? "GET"} ${path}`);
    const answer = script[path];
    if (typeof answer === "function") return answer();
    if (!answer) throw new TypeError("Failed to fetch");
    return (answer.length > 1 ? answer.shift() : answer[0])?.clone() as Response;
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <SnackbarContext.Provider value={{ notify: vi.fn(() => 1), dismiss: vi.fn() }}>{children}</SnackbarContext.Provider>
);

describe("the checkout's status after the provider (never assumed from the return address)", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const statusPath = `/api/subscribe/checkout/${CHECKOUT_ID}`;

  it("asks again while pending and stops once paid; then pulls the profile so the new end reaches the device", async () => {
    const { db } = await signedInScope();
    const calls = server({
      [statusPath]: [json(checkout("pending")), json(checkout("pending")), json(checkout("paid"))],
    });
    const { result } = renderHook(() => useCheckoutStatus(db, CHECKOUT_ID, false, FAST), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ kind: "status", reply: { status: "paid" } }));
    await waitFor(() => expect(calls).toContain("POST /user-sync/profile"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.filter((c) => c === `GET ${statusPath}`)).toHaveLength(3);
  });

  it("a return from the cancel address with the checkout still pending reads as cancelled at once, asked 3 times at most", async () => {
    const { db } = await signedInScope();
    const calls = server({ [statusPath]: [json(checkout("pending"))] });
    const { result } = renderHook(() => useCheckoutStatus(db, CHECKOUT_ID, true, { pollMs: 20, limit: 30 }), {
      wrapper,
    });
    await waitFor(() => expect(result.current).toMatchObject({ kind: "status", reply: { status: "cancelled" } }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toHaveLength(CANCELLED_POLL_LIMIT);
    expect(result.current).toMatchObject({ kind: "status", reply: { status: "cancelled" }, gaveUp: false });
  });

  it("back from a declined payment: the server's decline, once its webhook has arrived", async () => {
    const { db } = await signedInScope();
    server({ [statusPath]: [json(checkout("pending")), json(checkout("declined"))] });
    const { result } = renderHook(() => useCheckoutStatus(db, CHECKOUT_ID, true, FAST), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ kind: "status", reply: { status: "declined" } }));
  });

  it("the cancel address does not hide a payment the server has confirmed", async () => {
    const { db } = await signedInScope();
    server({ [statusPath]: [json(checkout("paid"))] });
    const { result } = renderHook(() => useCheckoutStatus(db, CHECKOUT_ID, true, FAST), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ kind: "status", reply: { status: "paid" } }));
  });

  it("still pending after the last ask: the page gives up waiting and says so", async () => {
    const { db } = await signedInScope();
    const calls = server({ [statusPath]: [json(checkout("pending"))] });
    const { result } = renderHook(() => useCheckoutStatus(db, CHECKOUT_ID, false, FAST), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ kind: "status", gaveUp: true }));
    expect(calls).toHaveLength(FAST.limit);
  });

  it("a checkout the server does not know: its message, asked once", async () => {
    const { db } = await signedInScope();
    const calls = server({
      [statusPath]: [json({ error: { code: "not_found", message: "No such checkout." } }, 404)],
    });
    const { result } = renderHook(() => useCheckoutStatus(db, CHECKOUT_ID, false, FAST), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ kind: "failed", message: "No such checkout." }));
    expect(calls).toHaveLength(1);
  });
});

describe("the subscription page's calls", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reads the page, and a purchase goes to the provider's page the server answers", async () => {
    const { db } = await signedInScope();
    const redirect = "https://pay.example.test/checkout/cs_1";
    const calls = server({
      "/api/subscribe": [json(page())],
      "/subscribe/purchase": [json({ redirect, checkout_id: CHECKOUT_ID })],
    });
    const goToCheckout = vi.fn<(url: string) => void>();
    const { result } = renderHook(() => useSubscribeData(db, true, goToCheckout), { wrapper });
    await waitFor(() => expect(result.current.page.kind).toBe("ready"));
    act(() => result.current.onPurchase({ subscription: 2, currency: "EUR" }));
    expect(result.current.purchase).toEqual({ kind: "redirecting" });
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledExactlyOnceWith(redirect));
    expect(calls).toEqual(["GET /api/subscribe", "POST /subscribe/purchase"]);
  });

  it("a refused purchase shows the server's message and nothing is opened", async () => {
    const { db } = await signedInScope();
    server({
      "/api/subscribe": [json(page())],
      "/subscribe/purchase": [json({ error: { code: "bad_request", message: "Unknown currency." } }, 400)],
    });
    const goToCheckout = vi.fn<(url: string) => void>();
    const { result } = renderHook(() => useSubscribeData(db, true, goToCheckout), { wrapper });
    await waitFor(() => expect(result.current.page.kind).toBe("ready"));
    act(() => result.current.onPurchase({ subscription: 2, currency: "EUR" }));
    await waitFor(() => expect(result.current.purchase).toEqual({ kind: "failed", message: "Unknown currency." }));
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it("a free-days voucher reads the page again (its new end) and pulls the profile", async () => {
    const { db } = await signedInScope();
    const calls = server({
      "/api/subscribe": [json(page()), json(page({ subscription: { status: "active", end: "2027-01-07" } }))],
      "/subscribe/voucher": [json({ kind: "free_days", days: 7, message: "7 free days added.", end: "2027-01-07" })],
    });
    const { result } = renderHook(() => useSubscribeData(db, true, vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.page.kind).toBe("ready"));
    act(() => result.current.onRedeemVoucher("FREEWEEK"));
    await waitFor(() => expect(result.current.page).toMatchObject({ data: { subscription: { end: "2027-01-07" } } }));
    expect(result.current.voucher).toMatchObject({ kind: "redeemed", code: "FREEWEEK" });
    await waitFor(() => expect(calls).toContain("POST /user-sync/profile"));
  });

  it("a refused voucher: the server's message", async () => {
    const { db } = await signedInScope();
    server({
      "/api/subscribe": [json(page())],
      "/subscribe/voucher": [
        json({ error: { code: "bad_request", message: SUBSCRIPTION_MESSAGES.voucherAlreadyUsed } }, 400),
      ],
    });
    const { result } = renderHook(() => useSubscribeData(db, true, vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.page.kind).toBe("ready"));
    act(() => result.current.onRedeemVoucher("WELCOME10"));
    await waitFor(() =>
      expect(result.current.voucher).toEqual({ kind: "failed", message: SUBSCRIPTION_MESSAGES.voucherAlreadyUsed }),
    );
  });

  it("offline: nothing is asked until the connection returns", async () => {
    const { db } = await signedInScope();
    const calls = server({ "/api/subscribe": [json(page())] });
    const { result, rerender } = renderHook(({ online }) => useSubscribeData(db, online, vi.fn()), {
      wrapper,
      initialProps: { online: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(result.current.page.kind).toBe("loading");
    rerender({ online: true });
    await waitFor(() => expect(result.current.page.kind).toBe("ready"));
  });
});
