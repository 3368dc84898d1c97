/**
 * The page's side of an offline sign-in (`local/session.ts` explains the design): a banner
 * while the session has no server behind it, and the upkeep that brings the server back.
 *
 * Renewal itself happens inside `checkSession()`, which the shell calls when the app opens,
 * when the network returns and when replay is paused by a 401; here the page wakes the drain
 * the moment the server session is back (the outbox was un-paused for it), and, while the
 * network is up but the renewal has not gone through yet (a lost reply, a busy server), asks
 * again every DRAIN_TIMER_MS.
 */
import { DRAIN_TIMER_MS } from "@preflight/sync-protocol";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { deviceDb } from "../local/db.ts";
import { wakeDrain } from "../local/drain-scheduler.ts";
import { checkSession, onServerSessionRenewed } from "../local/session.ts";
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

  useEffect(() => onServerSessionRenewed(() => void wakeDrain({ force: true })), []);

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
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 flex-none fill-current text-sky-700">
          <path d="M10 3C6.4 3 3.2 4.4.8 6.7l1.4 1.4A12 12 0 0 1 10 5c3 0 5.8 1.2 7.8 3.1l1.4-1.4A14 14 0 0 0 10 3Zm0 4a9.9 9.9 0 0 0-6.4 2.4L5 10.8A8 8 0 0 1 10 9c1.9 0 3.6.7 5 1.8l1.4-1.4A9.9 9.9 0 0 0 10 7Zm0 4c-1.3 0-2.5.5-3.5 1.3L10 16l3.5-3.7c-1-.8-2.2-1.3-3.5-1.3Z" />
        </svg>
        <span>{OFFLINE_BANNER_TEXT}</span>
      </p>
    </div>
  );
}
