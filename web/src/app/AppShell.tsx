import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { checkSession, signOut } from "../local/account/session.ts";
import { startDrainTriggers } from "../local/outbox/drain-scheduler.ts";
import { pullAll } from "../local/pull/pull.ts";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider.tsx";
import { FeedbackButton } from "./feedback/FeedbackButton.tsx";
import { useSyncSnapshot } from "./live-queries.ts";
import { MainNav } from "./MainNav.tsx";
import { NoticeBanner } from "./NoticeBanner.tsx";
import { OfflineSignInBanner, useOfflineSessionRenewal } from "./offline-sign-in.tsx";
import { GlobalRequestPolicy } from "./request-policy.ts";
import { SyncStatus } from "./SyncStatus.tsx";
import { useSignedIn } from "./session-context.tsx";
import { usePullWhenSettled } from "./usePullWhenSettled.ts";

/** The signed-in frame: header with sync status, replay triggers, session and bank upkeep. */
export function AppShell({ children }: { children: ReactNode }) {
  const { session, scope } = useSignedIn();
  const navigate = useNavigate();

  useEffect(() => startDrainTriggers(), []);
  // A session signed in offline renews its server session when it can (local/account/session.ts).
  useOfflineSessionRenewal();
  // Rows a pull left aside for changes in the outbox come again once the outbox is empty.
  usePullWhenSettled(scope.db);

  // Leaving the app with changes the server has not taken yet warns first.
  const snapshot = useSyncSnapshot(scope.db);
  const unsynced = (snapshot?.pending ?? 0) > 0;
  useEffect(() => {
    if (!unsynced) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsynced]);

  // Confirm the session with the server when the app opens, when the network returns, and
  // when replay was paused by a 401/403 (a sign-in elsewhere ends this device's session).
  const paused = snapshot?.paused ?? null;
  useEffect(() => {
    let cancelled = false;
    const check = async (refresh: boolean) => {
      const result = await checkSession().catch(() => null);
      if (cancelled || !result) return;
      if (result.kind === "signed-out") {
        await navigate({
          to: "/login",
          search: result.reason === "none" ? {} : { reason: result.reason },
          ignoreBlocker: true,
        });
        return;
      }
      if (!result.online || !refresh) return;
      // Online: bring the device's copies up to date; each is independent and may fail alone.
      for (const err of await pullAll(scope.db)) console.warn("pull failed", err);
    };
    void check(true);
    const onOnline = () => void check(true);
    window.addEventListener("online", onOnline);
    return () => {
      cancelled = true;
      window.removeEventListener("online", onOnline);
    };
  }, [navigate, scope.db]);

  useEffect(() => {
    if (!paused) return;
    let cancelled = false;
    void checkSession()
      .catch(() => null)
      .then((result) => {
        if (!cancelled && result?.kind === "signed-out")
          void navigate({
            to: "/login",
            search: result.reason === "none" ? {} : { reason: result.reason },
            ignoreBlocker: true,
          });
      });
    return () => {
      cancelled = true;
    };
  }, [paused, navigate]);

  const onSignOut = async () => {
    await signOut();
    await navigate({ to: "/login" });
  };

  return (
    <SnackbarProvider>
      <GlobalRequestPolicy />
      <div className="flex min-h-full flex-col">
        <header className="bg-header text-white shadow">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <Link to="/dashboard" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
              <img src="/icons/favicon.svg" alt="" className="h-7 w-7" />
              Preflight
            </Link>
            <div className="ml-auto flex items-center gap-4 text-sm">
              <SyncStatus db={scope.db} />
              <span className="hidden text-header-muted sm:inline">
                {session.user.firstname} {session.user.lastname}
              </span>
              <FeedbackButton db={scope.db} />
              <button
                type="button"
                onClick={() => void onSignOut()}
                className="whitespace-nowrap rounded-md border border-white/30 px-3 py-1 hover:bg-white/10"
              >
                Sign out
              </button>
            </div>
          </div>
          <MainNav features={session.user.features} userRole={session.user.role} />
        </header>
        <OfflineSignInBanner />
        <NoticeBanner db={scope.db} />
        <div className="flex-1">{children}</div>
      </div>
    </SnackbarProvider>
  );
}
