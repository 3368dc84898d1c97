import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { definedSearch, text } from "../../app/search-params.ts";
import { EmailConfirmPage } from "../../features/profile/EmailConfirmPage.tsx";

/** The e-mail change's confirmation link: /email/confirm?token=… (no session needed). */
export const Route = createFileRoute("/_public/email/confirm")({
  validateSearch: (search: Record<string, unknown>) => definedSearch({ token: text(search.token) }),
  component: function EmailConfirmRoute() {
    const { token } = Route.useSearch();
    const navigate = useNavigate();
    const go = useCallback((href: string) => void navigate({ to: href }), [navigate]);
    return <EmailConfirmPage token={token} go={go} />;
  },
});
