import { createFileRoute } from "@tanstack/react-router";
import { definedSearch } from "../../app/search-params.ts";
import { CheckoutReturnPage } from "../../features/subscribe/CheckoutReturnPage.tsx";

/** Back from the payment provider: /subscribe/return?checkout={id}, with cancelled=1 from its cancel address. */
export const Route = createFileRoute("/_app/subscribe_/return")({
  validateSearch: (search: Record<string, unknown>) =>
    definedSearch({
      checkout: typeof search.checkout === "string" ? search.checkout : "",
      cancelled: search.cancelled === undefined ? undefined : String(search.cancelled),
    }),
  component: function SubscribeReturnRoute() {
    const { checkout, cancelled } = Route.useSearch();
    return <CheckoutReturnPage checkoutId={checkout} cancelled={cancelled === "1"} />;
  },
});
