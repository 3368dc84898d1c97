import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { z } from "zod";
import { EmailConfirmPage } from "../../features/profile/EmailConfirmPage.tsx";

/** The e-mail change's confirmation link: /email/confirm?token=… (no session needed). */
export const Route = createFileRoute("/_public/email/confirm")({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: function EmailConfirmRoute() {
    const { token } = Route.useSearch();
    const navigate = useNavigate();
    const go = useCallback((href: string) => void navigate({ to: href }), [navigate]);
    return <EmailConfirmPage token={token} go={go} />;
  },
});
