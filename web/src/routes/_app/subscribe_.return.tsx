import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CheckoutReturnPage } from "../../features/subscribe/CheckoutReturnPage.tsx";

/** Back from the payment provider: /subscribe/return?checkout={id}, with cancelled=1 from its cancel address. */
export const Route = createFileRoute("/_app/subscribe_/return")({
  validateSearch: z.object({
    checkout: z.string().catch(""),
    cancelled: z.coerce.string().optional().catch(undefined),
  }),
  component: function SubscribeReturnRoute() {
    const { checkout, cancelled } = Route.useSearch();
    return <CheckoutReturnPage checkoutId={checkout} cancelled={cancelled === "1"} />;
  },
});
