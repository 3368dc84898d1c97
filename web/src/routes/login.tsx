import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { LoginPage } from "../features/auth/LoginPage.tsx";

export const Route = createFileRoute("/login")({
  validateSearch: z.object({ reason: z.enum(["expired", "replaced"]).optional() }),
  component: function LoginRoute() {
    const { reason } = Route.useSearch();
    const navigate = useNavigate();
    return <LoginPage reason={reason} onSignedIn={() => navigate({ to: "/sync" })} />;
  },
});
