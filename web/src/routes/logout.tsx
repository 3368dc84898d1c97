import { createFileRoute, redirect } from "@tanstack/react-router";

/** /logout (spec): ends the session on this device (and the server when online), then /login. */
export const Route = createFileRoute("/logout")({
  beforeLoad: async () => {
    const { signOut } = await import("../local/account/session.ts");
    await signOut();
    throw redirect({ to: "/login" });
  },
});
