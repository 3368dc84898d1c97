import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { definedSearch, oneOf } from "../app/search-params.ts";
import { LoginPage } from "../features/auth/LoginPage.tsx";

export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>) =>
    definedSearch({ reason: oneOf(["expired", "replaced", "offline", "password-changed"], search.reason, "reason") }),
  component: function LoginRoute() {
    const { reason } = Route.useSearch();
    const navigate = useNavigate();
    // An offline sign-in has nothing to sync yet: straight to the dashboard, from the device. An
    // instructor has no studies to sync: straight to the school area.
    return (
      <LoginPage
        reason={reason}
        onSignedIn={(session) =>
          navigate({ to: session.user.role === "instructor" ? "/school" : session.offline ? "/dashboard" : "/sync" })
        }
      />
    );
  },
});
