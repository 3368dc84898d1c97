import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { AppShell } from "../app/AppShell.tsx";
import { SessionProvider } from "../app/session-context.tsx";

// The content eviction banner and the update prompt (the updater and its schemas) after the page
// has painted: each shows only when the device's content needs it.
const ContentEvictionBanner = lazy(() =>
  import("../features/device/ContentEvictionBanner.tsx").then((module) => ({ default: module.ContentEvictionBanner })),
);
const UpdatePrompt = lazy(() =>
  import("../features/update/UpdatePrompt.tsx").then((module) => ({ default: module.UpdatePrompt })),
);

/** Everything behind sign-in. The session is read from the device, so this opens offline. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async () => {
    // Loaded here rather than with the route tree: the sign-in page paints without the device
    // database. The page's chunks (preloaded at start) bring it along.
    const { currentSession } = await import("../local/account/session.ts");
    const session = await currentSession();
    if (!session) throw redirect({ to: "/login" });
    return { session };
  },
  component: function SignedInLayout() {
    const { session } = Route.useRouteContext();
    return (
      <SessionProvider session={session}>
        <AppShell>
          <Suspense fallback={null}>
            <ContentEvictionBanner />
            <UpdatePrompt />
          </Suspense>
          <Outlet />
        </AppShell>
      </SessionProvider>
    );
  },
});
