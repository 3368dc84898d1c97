/**
 * The sandbox's own pages, server-rendered plain HTML (hono/html escapes every value): the
 * checkout page with Pay, Decline and Cancel, the declined page, and the notice for a checkout
 * that is over or unknown. Each says plainly that it is a sandbox and no money moves.
 */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { SandboxSession } from "./sandbox.ts";

export const SANDBOX_LABEL = "Preflight payment sandbox — no real money";

/** 1234 EUR minor units → "€12.34", with the currency's own number of decimals. */
export function formatAmount(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** decimals);
}

function layout(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${SANDBOX_LABEL}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
  .banner { background: #fff3cd; border: 1px solid #e0c060; padding: .5rem .75rem; border-radius: .25rem; }
  .amount { font-size: 2rem; font-weight: 600; margin: .5rem 0 1.5rem; }
  form { display: inline-block; margin-right: .5rem; }
  button { font-size: 1rem; padding: .5rem 1.25rem; cursor: pointer; }
</style>
</head>
<body>
<p class="banner" role="note">${SANDBOX_LABEL}</p>
${body}
</body>
</html>`;
}

export function checkoutPage(session: SandboxSession) {
  const base = `/checkout/${session.id}`;
  return layout(
    "Checkout",
    html`<main>
<h1>Checkout</h1>
<p>${session.description}</p>
<p class="amount" data-testid="amount">${formatAmount(session.amount_total, session.currency)}</p>
<p>Paying as ${session.customer_email ?? "a guest"}.</p>
<form method="post" action="${base}/pay"><button type="submit">Pay</button></form>
<form method="post" action="${base}/decline"><button type="submit">Decline</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
</main>`,
  );
}

export function declinedPage(session: SandboxSession) {
  return layout(
    "Payment declined",
    html`<main>
<h1>Payment declined</h1>
<p>The sandbox declined the payment of ${formatAmount(session.amount_total, session.currency)}. Nothing was charged.</p>
<p><a href="${session.cancel_url ?? "/"}">Return to the shop</a></p>
</main>`,
  );
}

export function closedPage(session: SandboxSession) {
  const what = session.status === "complete" ? "has already been completed" : "has expired";
  return layout(
    "Checkout closed",
    html`<main>
<h1>Checkout closed</h1>
<p>This checkout ${what}.</p>
${session.cancel_url ? html`<p><a href="${session.cancel_url}">Return to the shop</a></p>` : ""}
</main>`,
  );
}

export function unknownCheckoutPage() {
  return layout("Checkout not found", html`<main><h1>Checkout not found</h1></main>`);
}
