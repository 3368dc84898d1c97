import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { AppShell } from "../app/AppShell.tsx";
import { useAfterFirstPage } from "../app/first-page-ready.ts";
import { SessionProvider } from "../app/session-context.tsx";
import { deferred } from "../ui/deferred.tsx";

// Watchers that show something only now and then, fetched as the frame first renders, not with
// the first page: the bank evicted by the browser (checked before the frame's upkeep downloads it
// again, so it is noticed), and updates waiting in manual mode (once the first page is ready).
const { Deferred: ContentEvictionBanner } = deferred(() =>
  import("../features/device/ContentEvictionBanner.tsx").then((m) => m.ContentEvictionBanner),
);
const { Deferred: UpdatePrompt } = deferred(() =>
  import("../features/update/UpdatePrompt.tsx").then((m) => m.UpdatePrompt),
);

/** Everything behind sign-in. The session is read from the device, so this opens offline. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async () => {
    // Loaded here rather than with the route tree: the sign-in page paints without the device
    // database. The page's chunks (preloaded at start) bring it along.
    const { currentSession } = await import("../local/account/session.ts");
    const session = await currentSession();
    if (!session) throw redirect({ to: "/login" });
    // At the page's start the account's database is declared here (Dexie builds every declared
    // schema version's tables), then the browser gets a turn: on a slow tablet it was a fifth of
    // the first render's task. Later navigations find it declared and do not wait.
    const { hasUserDb, userDb } = await import("../local/store/db.ts");
    if (!hasUserDb(session.userId)) {
      userDb(session.userId);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { session };
  },
  component: function SignedInLayout() {
    const { session } = Route.useRouteContext();
    const watching = useAfterFirstPage();
    return (
      <SessionProvider session={session}>
        <AppShell>
          <ContentEvictionBanner />
          {watching ? <UpdatePrompt /> : null}
          <Outlet />
        </AppShell>
      </SessionProvider>
    );
  },
});
