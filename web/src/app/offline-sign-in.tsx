/**
 * The page's side of an offline sign-in (`local/account/session.ts` explains the design): a banner
 * while the session has no server behind it, and the upkeep that brings the server back.
 *
 * Renewal itself happens inside `checkSession()`, which the shell calls when the app opens,
 * when the network returns and when replay is paused by a 401; here the page wakes the drain
 * the moment the server session is back (the outbox was un-paused for it), and, while the
 * network is up but the renewal has not gone through yet (a lost reply, a busy server), asks
 * again every DRAIN_TIMER_MS.
 */
import { DRAIN_TIMER_MS } from "@preflight/sync-protocol/rules/constants";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { checkSession, onServerSessionRenewed } from "../local/account/session.ts";
import { deviceDb } from "../local/store/db.ts";
import { wakeDrainSoon } from "./drain-later.ts";
import { useOnline } from "./useOnline.ts";

/** Shown until the server takes the sign-in back (it may be unreachable with the browser "online"). */
export const OFFLINE_BANNER_TEXT =
  "You are offline. Your changes are kept on this device and sent as soon as the network is back.";

/** Whether the current session was signed in on the device and the server has not taken it back yet. */
function useOfflineSignedIn(): boolean {
  return useLiveQuery(async () => (await deviceDb().session.get("current"))?.offline === true, [], false);
}

export function useOfflineSessionRenewal(): void {
  const navigate = useNavigate();
  const offlineSession = useOfflineSignedIn();
  const online = useOnline();

  useEffect(() => onServerSessionRenewed(() => wakeDrainSoon({ force: true })), []);

  useEffect(() => {
    if (!offlineSession || !online) return;
    let cancelled = false;
    const timer = window.setInterval(() => {
      void checkSession()
        .catch(() => null)
        .then((result) => {
          if (cancelled || result?.kind !== "signed-out") return;
          void navigate({
            to: "/login",
            search: result.reason === "none" ? {} : { reason: result.reason },
            ignoreBlocker: true,
          });
        });
    }, DRAIN_TIMER_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [offlineSession, online, navigate]);
}

/** Says, while signed in offline, that the student's work is safe and will be sent. */
export function OfflineSignInBanner() {
  const offlineSession = useOfflineSignedIn();
  if (!offlineSession) return null;
  return (
    <div className="border-b border-sky-200 bg-sky-50" role="status" data-testid="offline-banner">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm text-sky-950">
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-4 w-4 flex-none text-sky-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10 5.1A15 15 0 0 1 22 8.8M5 12.9a10 10 0 0 1 3.3-2.2M15.6 10.6A10 10 0 0 1 19 12.9M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
        </svg>
        <span>{OFFLINE_BANNER_TEXT}</span>
      </p>
    </div>
  );
}
