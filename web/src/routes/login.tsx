import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { LoginPage } from "../features/auth/LoginPage.tsx";

export const Route = createFileRoute("/login")({
  validateSearch: z.object({ reason: z.enum(["expired", "replaced", "offline", "password-changed"]).optional() }),
  component: function LoginRoute() {
    const { reason } = Route.useSearch();
    const navigate = useNavigate();
    // An offline sign-in has nothing to sync yet: straight to the dashboard, from the device.
    return (
      <LoginPage reason={reason} onSignedIn={(session) => navigate({ to: session.offline ? "/dashboard" : "/sync" })} />
    );
  },
});
