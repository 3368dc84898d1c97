import { createFileRoute, redirect } from "@tanstack/react-router";
import { signOut } from "../local/account/session.ts";

/** /logout (spec): ends the session on this device (and the server when online), then /login. */
export const Route = createFileRoute("/logout")({
  beforeLoad: async () => {
    await signOut();
    throw redirect({ to: "/login" });
  },
});
