/**
 * Wakes the drain from the page: on `online`, when the page becomes visible, after each
 * enqueue and on a timer, so replay happens on browsers without Background Sync (Safari)
 * too. The service worker drains when it controls the page; otherwise the page drains.
 */
import { DRAIN_TIMER_MS } from "@preflight/sync-protocol/rules/constants";
import { platformDrainDeps } from "./drain-deps.ts";
import { DRAIN_MESSAGE, SYNC_TAG } from "./drain-messages.ts";

/** Asks whoever should drain to drain now. */
export async function wakeDrain(options: { force?: boolean } = {}): Promise<void> {
  const sw = navigator.serviceWorker;
  const controller = sw?.controller;
  if (controller) {
    controller.postMessage({ ...DRAIN_MESSAGE, force: options.force ?? false });
    try {
      const registration = await sw.ready;
      // Background Sync where the browser has it: replays even after the tab is closed.
      const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        .sync;
      await sync?.register(SYNC_TAG);
    } catch {
      // not available (Safari, Firefox): the page's own triggers cover it
    }
    return;
  }
  // The drain (and the calls' handling it brings) loads here rather than with the first page;
  // the page fetches it once it has loaded (scripts/first-pages.ts AFTER_LOAD), so it is at hand offline.
  await import("./drain.ts")
    .then(({ drainOutbox }) => drainOutbox(platformDrainDeps(), { force: options.force ?? false }))
    .catch((err: unknown) => console.warn("drain failed", err));
}

/** The installed triggers' remover, so the jobs panel's "Restart queue" can reinstall them. */
let removeCurrentTriggers: (() => void) | null = null;

/** Installs the page's triggers; returns a function that removes them. */
export function startDrainTriggers(): () => void {
  removeCurrentTriggers?.();
  removeCurrentTriggers = installTriggers();
  return () => {
    removeCurrentTriggers?.();
    removeCurrentTriggers = null;
  };
}

/** Removes and installs the page's triggers again (timer restarted); false when none were installed. */
export function restartDrainTriggers(): boolean {
  if (!removeCurrentTriggers) return false;
  removeCurrentTriggers();
  removeCurrentTriggers = installTriggers();
  return true;
}

function installTriggers(): () => void {
  const onOnline = () => void wakeDrain({ force: true });
  const onVisible = () => {
    if (document.visibilityState === "visible") void wakeDrain();
  };
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);
  const timer = window.setInterval(() => void wakeDrain(), DRAIN_TIMER_MS);
  void wakeDrain();
  return () => {
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisible);
    window.clearInterval(timer);
  };
}
