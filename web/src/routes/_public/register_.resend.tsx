import { createFileRoute, useRouter } from "@tanstack/react-router";
import { definedSearch, textOrNumber } from "../../app/search-params.ts";
import { ResendActivationPage } from "../../features/join/index.ts";

/** Resend activation form (spec accounts 2): /register/resend?email=… prefills the address. */
export const Route = createFileRoute("/_public/register_/resend")({
  validateSearch: (search: Record<string, unknown>) => definedSearch({ email: textOrNumber(search.email) }),
  component: function ResendRoute() {
    const { email } = Route.useSearch();
    const router = useRouter();
    return <ResendActivationPage email={email} go={(href) => router.history.push(href)} />;
  },
});
