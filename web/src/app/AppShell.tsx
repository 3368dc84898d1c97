import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import { checkSession, signOut } from "../local/account/session.ts";
import { startErrorReports } from "../local/diagnostics/error-reports.ts";
import { Button } from "../ui/Button.tsx";
import { SkipLink } from "../ui/SkipLink.tsx";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider.tsx";
import { startDrainTriggersLater } from "./drain-later.ts";
import { FeedbackButton, FeedbackDialog, HEADER_BUTTON_CLASS } from "./feedback/FeedbackButton.tsx";
import { afterFirstPage } from "./first-page-ready.ts";
import { useSyncSnapshot } from "./live-queries.ts";
import { MainMenu, MainNav, useWideNav } from "./MainNav.tsx";
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
  const router = useRouter();

  // The frame's upkeep starts once the page the student opened shows what it came for
  // (first-page-ready.ts): replay, error reports, the session check and the pulls.
  useEffect(() => afterFirstPage(startDrainTriggersLater), []);
  // The errors recorded on this device go to the server while a student is signed in.
  useEffect(() => afterFirstPage(startErrorReports), []);
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
      // The pulls load here, online, rather than with the page (fetched once it has loaded: scripts/first-pages.ts AFTER_LOAD).
      const { pullAll } = await import("../local/pull/pull.ts");
      if (cancelled) return;
      // After sign-in the sync screen runs the sync steps itself (a typed route: a rename fails the build).
      const syncSteps = router.matchRoute({ to: "/sync" }) === false;
      for (const err of await pullAll(scope.db, { syncSteps })) console.warn("pull failed", err);
    };
    const stopOpenCheck = afterFirstPage(() => void check(true));
    const onOnline = () => void check(true);
    window.addEventListener("online", onOnline);
    return () => {
      cancelled = true;
      stopOpenCheck();
      window.removeEventListener("online", onOnline);
    };
  }, [navigate, router, scope.db]);

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

  const wide = useWideNav();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const access = { features: session.user.features, userRole: session.user.role };
  const menuButton = "flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm hover:bg-slate-100";

  return (
    <SnackbarProvider>
      <GlobalRequestPolicy />
      <SkipLink />
      <div className="flex min-h-full flex-col">
        <header className="bg-header text-white shadow dark:border-b dark:border-white/10">
          <div className="mx-auto flex max-w-7xl items-center gap-x-3 gap-y-2 px-3 py-1.5 sm:gap-x-4 sm:px-4">
            <Link
              to="/dashboard"
              className="flex min-h-11 min-w-11 shrink-0 items-center gap-2 rounded-md text-lg font-semibold tracking-tight"
            >
              <img src="/icons/favicon.svg" alt="" className="h-7 w-7" />
              {/* A phone's header keeps the mark; the name stays for screen readers. */}
              <span className="max-sm:sr-only">Preflight</span>
            </Link>
            <div className="ml-auto flex min-w-0 items-center gap-2 text-sm sm:gap-3">
              <div className="flex min-h-11 min-w-0 items-center">
                <SyncStatus db={scope.db} />
              </div>
              <span className="hidden truncate text-header-muted xl:inline">
                {session.user.firstname} {session.user.lastname}
              </span>
              <span className="hidden sm:contents">
                <FeedbackButton onPress={() => setFeedbackOpen(true)} />
                <Button variant="plain" onPress={() => void onSignOut()} className={HEADER_BUTTON_CLASS}>
                  Sign out
                </Button>
              </span>
              {wide ? null : (
                <MainMenu
                  {...access}
                  actions={(close) => (
                    <>
                      <p className="col-span-2 px-3 py-1 text-xs text-slate-600">
                        Signed in as {session.user.firstname} {session.user.lastname}
                      </p>
                      <FeedbackButton
                        className={menuButton}
                        onPress={() => {
                          close();
                          setFeedbackOpen(true);
                        }}
                      />
                      <Button variant="plain" onPress={() => void onSignOut()} className={menuButton}>
                        Sign out
                      </Button>
                    </>
                  )}
                />
              )}
            </div>
          </div>
          {wide ? <MainNav {...access} /> : null}
        </header>
        <FeedbackDialog db={scope.db} isOpen={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        <OfflineSignInBanner />
        <NoticeBanner db={scope.db} />
        <div className="flex-1">{children}</div>
      </div>
    </SnackbarProvider>
  );
}
