import { createFileRoute, useRouter } from "@tanstack/react-router";
import { definedSearch, flag, textOrNumber } from "../../app/search-params.ts";
import { ResetPasswordPage, runsInstalled } from "../../features/password/index.ts";

/**
 * Reset password (spec accounts 2): /password/reset?token=…&email=… from the mailed link (and
 * the free trial's welcome mail), or /password/reset?email=…&offline=1 in the installed app,
 * where the student types the mailed code.
 */
export const Route = createFileRoute("/_public/password/reset")({
  validateSearch: (search: Record<string, unknown>) =>
    definedSearch({
      token: textOrNumber(search.token),
      email: textOrNumber(search.email),
      offline: flag(search.offline),
    }),
  component: function ResetRoute() {
    const { token, email, offline } = Route.useSearch();
    const router = useRouter();
    return (
      <ResetPasswordPage
        offline={offline !== undefined || (!token && runsInstalled())}
        token={token}
        email={email}
        go={(href) => router.history.push(href)}
      />
    );
  },
});
