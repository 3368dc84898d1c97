/**
 * Subscribing through the real payment sandbox (issue 15): the server and the sandbox it starts,
 * nothing intercepted. One student whose subscription ended renews (Extend → Please wait /
 * Redirecting to payment → the sandbox's page → Pay → back in the app, the profile shows the new
 * end: it starts again today), then
 * declines and cancels (nothing changes, said so), redeems both demo vouchers (the price shown
 * after the discount voucher is the amount the sandbox asks), and sees the discount banner come
 * and go as server_settings rows put today inside and outside its dates. Every count is read on
 * the server. The sign-in page's link to /activate is checked last, signed out.
 */

import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { addDays } from "@preflight/sync-protocol/rules/pricing";
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudentWithSubscription, dayFromToday, readServerDb, setServerSettings } from "./support/server-db.ts";
import { signIn } from "./support/student.ts";

test.describe.configure({ mode: "serial" });

const DISCOUNT_ROWS = ["discount_start", "discount_end", "discount_percent"] as const;
const SANDBOX_CHECKOUT = /^http:\/\/127\.0\.0\.1:\d+\/checkout\/[^/]+$/;

/** "30 Mar 2027", as the profile's Subscriptions card writes a day. */
const profileDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
/** "30/03/2027", as the subscription page writes a day. */
const pageDay = (day: string) => day.split("-").reverse().join("/");

let context: BrowserContext;
let page: Page;
let student: { email: string; password: string; id: string };
/** The lapsed subscription's end: a purchase starts again today. */
const lapsedEnd = dayFromToday(-35);

function accountEnd(): string | null {
  return readServerDb(
    (db) =>
      (db.prepare("select subscription_end from users where id = ?").get(student.id) as { subscription_end: string })
        .subscription_end,
  );
}

function lastCheckout(): { id: string; status: string; amount_minor: number; voucher_id: number | null } {
  return readServerDb(
    (db) =>
      db
        .prepare(
          "select id, status, amount_minor, voucher_id from checkouts where user_id = ? order by created_at desc limit 1",
        )
        .get(student.id) as never,
  );
}

function subscriptionsOf(kind: string): number {
  return readServerDb(
    (db) =>
      (
        db
          .prepare("select count(*) as n from user_subscriptions where user_id = ? and kind = ?")
          .get(student.id, kind) as { n: number }
      ).n,
  );
}

/** At the phone's size too (shootAtSizes takes the laptop's and the tablet's). */
async function shootAllSizes(name: string) {
  await shootAtSizes(page, name, { fullPage: true });
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Opens /subscribe and waits for the server's data. */
async function openSubscribe() {
  await page.goto("/subscribe");
  await expect(page.getByTestId("subscription-status")).toBeVisible();
}

function offer(description: string) {
  return page.getByTestId("subscription-offer").filter({ hasText: description });
}

/**
 * Chooses a currency and a type, presses the button, and arrives on the sandbox's page. The
 * transient 'Please wait' / 'Redirecting to payment' are recorded as they appear (the page
 * leaves at once), in this tab's sessionStorage, which outlives the trip to the sandbox.
 */
async function buy(currency: string, description: string, button: "Extend"): Promise<string> {
  await page.getByTestId("currency-select").selectOption(currency);
  await offer(description).check();
  const price = (await offer(description).getByTestId("charged-price").textContent()) ?? "";
  await page.evaluate(() => {
    sessionStorage.removeItem("seen");
    const seen = new Set<string>();
    new MutationObserver(() => {
      const text = document.body.innerText;
      for (const words of ["Please wait", "Redirecting to payment"]) if (text.includes(words)) seen.add(words);
      sessionStorage.setItem("seen", [...seen].join("|"));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId("purchase-button").filter({ hasText: button }).click();
  await page.waitForURL(SANDBOX_CHECKOUT);
  await expect(page.getByRole("heading", { name: "Checkout", exact: true })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  return price;
}

/** What the page showed while it redirected, read back once in the app's origin again. */
async function seenWhileRedirecting(): Promise<string[]> {
  return page.evaluate(() => (sessionStorage.getItem("seen") ?? "").split("|").filter(Boolean));
}

test.beforeAll(async ({ browser }) => {
  student = await createStudentWithSubscription("subscriber", {
    start: dayFromToday(-400),
    end: lapsedEnd,
    freeTrial: false,
  });
  context = await browser.newContext();
  page = await context.newPage();
  await signIn(page, student.email, student.password);
});

test.afterAll(async () => {
  setServerSettings(Object.fromEntries(DISCOUNT_ROWS.map((key) => [key, null])));
  await context?.close();
});

test("Extend a lapsed subscription: the sandbox's Pay renews it; the return page and the profile show the new end", async () => {
  await openSubscribe();
  await expect(page.getByTestId("subscription-status")).toHaveText("Expired");
  await expect(page.getByTestId("subscription-end")).toHaveText(`Your subscription ended on ${pageDay(lapsedEnd)}.`);
  await shootAllSizes("subscribe-expired");

  const price = await buy("GBP", "3 months", "Extend");
  expect(page.url()).toMatch(SANDBOX_CHECKOUT);
  await expect(page.getByTestId("amount")).toHaveText(price);
  expect(subscriptionsOf("purchase")).toBe(1);
  await page.getByRole("button", { name: "Pay" }).click();

  await page.waitForURL(/\/subscribe\/return\?checkout=/);
  expect(await seenWhileRedirecting()).toEqual(["Please wait", "Redirecting to payment"]);
  const newEnd = addDays(dayFromToday(0), 90);
  await expect(page.getByTestId("checkout-message")).toHaveText(SUBSCRIPTION_MESSAGES.paymentConfirmed);
  await expect(page.getByTestId("subscription-end")).toHaveText(`Your subscription ends on ${pageDay(newEnd)}.`);
  await shootAllSizes("subscribe-return-paid");

  expect(subscriptionsOf("purchase")).toBe(2);
  expect(accountEnd()).toBe(newEnd);
  expect(lastCheckout().status).toBe("paid");

  await page.getByRole("link", { name: "Your profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("subscription-expiry")).toHaveText(profileDay(newEnd));
});

test("Decline: back in the app the page says the payment was declined; the end is unchanged on the server", async () => {
  const before = accountEnd();
  await openSubscribe();
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await buy("EUR", "1 month", "Extend");
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await page.getByRole("link", { name: "Return to the shop" }).click();

  await page.waitForURL(/\/subscribe\/return\?checkout=/);
  await expect(page.getByTestId("checkout-message")).toHaveText(SUBSCRIPTION_MESSAGES.paymentDeclined);
  await shootAllSizes("subscribe-return-declined");
  await expect.poll(() => lastCheckout().status).toBe("declined");
  expect(accountEnd()).toBe(before);
  expect(subscriptionsOf("purchase")).toBe(2);
});

test("Cancel: back in the app the page says the payment was cancelled; the end is unchanged on the server", async () => {
  const before = accountEnd();
  await openSubscribe();
  await buy("USD", "12 months", "Extend");
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.waitForURL(/\/subscribe\/return\?checkout=.*cancelled=1/);
  await expect(page.getByTestId("checkout-message")).toHaveText(SUBSCRIPTION_MESSAGES.paymentCancelled);
  await expect.poll(() => lastCheckout().status).toBe("cancelled");
  expect(accountEnd()).toBe(before);
  expect(subscriptionsOf("purchase")).toBe(2);
  await page.getByRole("link", { name: "Back to subscriptions" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
});

test("Vouchers: WELCOME7 adds 7 days at once; PREFLIGHT10's price on the page is what the sandbox asks", async () => {
  const before = accountEnd() ?? "";
  await openSubscribe();
  await page.getByTestId("voucher-code").fill("welcome7");
  await page.getByTestId("redeem-voucher").click();
  const later = addDays(before, 7);
  await expect(page.getByTestId("voucher-result")).toContainText(
    `7 free days added: your subscription now ends on ${pageDay(later)}.`,
  );
  expect(accountEnd()).toBe(later);
  expect(subscriptionsOf("voucher")).toBe(1);

  await page.getByTestId("currency-select").selectOption("EUR");
  const regular = (await offer("6 months").getByTestId("charged-price").textContent()) ?? "";
  await page.getByTestId("voucher-code").fill("PREFLIGHT10");
  await page.getByTestId("redeem-voucher").click();
  await expect(page.getByTestId("voucher-result")).toHaveText(
    "10% off your purchase: choose a subscription and press Extend.The prices above include your voucher's 10% off.",
  );
  await expect(offer("6 months").getByTestId("charged-price")).not.toHaveText(regular);
  await shootAllSizes("subscribe-voucher");

  const price = await buy("EUR", "6 months", "Extend");
  await expect(page.getByTestId("amount")).toHaveText(price);
  const checkout = lastCheckout();
  expect(checkout.voucher_id).not.toBeNull();
  expect(
    new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(checkout.amount_minor / 100),
  ).toBe(price);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("checkout-message")).toHaveText(SUBSCRIPTION_MESSAGES.paymentCancelled);
  expect(accountEnd()).toBe(later);
});

test("The discount banner shows while server_settings put today inside its dates, and goes outside them", async () => {
  setServerSettings({ discount_start: dayFromToday(-1), discount_end: dayFromToday(1), discount_percent: "15" });
  await openSubscribe();
  await expect(page.getByTestId("discount-banner")).toContainText("Limited time: 15% off");
  await page.getByTestId("currency-select").selectOption("EUR");
  await expect(offer("1 month").getByTestId("regular-price")).toHaveText("Regular price €29.00");
  await expect(offer("1 month").getByTestId("charged-price")).toHaveText("€24.65");
  await shootAllSizes("subscribe-discount");

  setServerSettings({ discount_start: dayFromToday(-10), discount_end: dayFromToday(-2) });
  await openSubscribe();
  await expect(page.getByTestId("subscription-status")).toBeVisible();
  await expect(page.getByTestId("discount-banner")).toHaveCount(0);
  await page.getByTestId("currency-select").selectOption("EUR");
  await expect(offer("1 month").getByTestId("charged-price")).toHaveText("€29.00");
  await expect(page.getByTestId("regular-price")).toHaveCount(0);
});

test("The sign-in page links to /activate for the installed app's licence key", async ({ browser }) => {
  const signedOut = await browser.newPage();
  try {
    await signedOut.goto("/login");
    await signedOut.getByRole("link", { name: "Activate the installed app with a licence key" }).click();
    await expect(signedOut).toHaveURL(/\/activate$/);
    await expect(signedOut.getByLabel("Licence key")).toBeVisible();
  } finally {
    await signedOut.close();
  }
});
