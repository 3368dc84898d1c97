import { useEffect } from "react";
import { monotonicNow } from "../platform.ts";
import { isDark } from "./theme.ts";

/** How long the page must stay unchanged before it is saved: the reads and counts have landed. */
const SETTLE_MS = 1000;
/** A page that keeps changing (an update running) is saved at least this often. */
const LONGEST_UNSAVED_MS = 5000;

/**
 * Saves the dashboard for the installed app's next cold start (local/snapshot/dashboard-snapshot.ts)
 * each time it has settled once `ready` (its data read): after a second without changes to the
 * page (or five seconds of changes), and never while a dialog is open over it.
 */
export function useDashboardSnapshot(userId: string, ready: boolean): void {
  useEffect(() => {
    const root = document.getElementById("root");
    if (!ready || !root || typeof MutationObserver === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let changedSince: number | null = null;
    // What this page saved last, so an unchanged page is not written again.
    let lastSaved: string | null = null;
    const save = () => {
      timer = null;
      changedSince = null;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      // Its code comes when first used, not with the page it saves (a failed load saves nothing).
      void import("../local/snapshot/save-snapshot.ts")
        .then(({ saveDashboardSnapshot }) => saveDashboardSnapshot(root, userId, isDark(), lastSaved))
        .then((saved) => {
          lastSaved = saved;
        })
        .catch(() => undefined);
    };
    const schedule = () => {
      const now = monotonicNow();
      changedSince ??= now;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(save, Math.max(0, Math.min(SETTLE_MS, changedSince + LONGEST_UNSAVED_MS - now)));
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    // A worker that takes over has just dropped the copy its predecessor kept: save one again.
    const saveAgain = () => {
      lastSaved = null;
      schedule();
    };
    navigator.serviceWorker?.addEventListener("controllerchange", saveAgain);
    schedule();
    return () => {
      observer.disconnect();
      navigator.serviceWorker?.removeEventListener("controllerchange", saveAgain);
      if (timer !== null) clearTimeout(timer);
    };
  }, [userId, ready]);
}
