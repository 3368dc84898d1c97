import { createFileRoute, useRouter } from "@tanstack/react-router";
import { definedSearch, flag, textOrNumber } from "../../app/search-params.ts";
import { ForgotPasswordPage, runsInstalled } from "../../features/password/index.ts";

/** Forgotten password (spec accounts 2): the installed app, or ?offline=1, asks for a code instead of a link. */
export const Route = createFileRoute("/_public/password/forgot")({
  validateSearch: (search: Record<string, unknown>) =>
    definedSearch({ offline: flag(search.offline), email: textOrNumber(search.email) }),
  component: function ForgotRoute() {
    const { offline, email } = Route.useSearch();
    const router = useRouter();
    return (
      <ForgotPasswordPage
        offline={offline !== undefined || runsInstalled()}
        email={email}
        go={(href) => router.history.push(href)}
      />
    );
  },
});
