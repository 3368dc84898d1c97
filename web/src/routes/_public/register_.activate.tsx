import { createFileRoute, useRouter } from "@tanstack/react-router";
import { definedSearch, textOrNumber } from "../../app/search-params.ts";
import { ActivatePage } from "../../features/join/index.ts";

/** The activation mail's link: /register/activate?token=… (opening it changes nothing; Activate does). */
export const Route = createFileRoute("/_public/register_/activate")({
  validateSearch: (search: Record<string, unknown>) => definedSearch({ token: textOrNumber(search.token) }),
  component: function ActivateRoute() {
    const { token } = Route.useSearch();
    const router = useRouter();
    return <ActivatePage token={token} go={(href) => router.history.push(href)} />;
  },
});
