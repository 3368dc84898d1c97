import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { AppShell } from "../app/AppShell.tsx";
import { SessionProvider } from "../app/session-context.tsx";
import { ContentEvictionBanner } from "../features/device/ContentEvictionBanner.tsx";
import { UpdatePrompt } from "../features/update/UpdatePrompt.tsx";
import { currentSession } from "../local/account/session.ts";

/** Everything behind sign-in. The session is read from the device, so this opens offline. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async () => {
    const session = await currentSession();
    if (!session) throw redirect({ to: "/login" });
    return { session };
  },
  component: function SignedInLayout() {
    const { session } = Route.useRouteContext();
    return (
      <SessionProvider session={session}>
        <AppShell>
          <ContentEvictionBanner />
          <UpdatePrompt />
          <Outlet />
        </AppShell>
      </SessionProvider>
    );
  },
});
