/**
 * When the service worker drains the outbox (SPEC DR11). Kept apart from sw.ts, which only
 * wires Workbox and these triggers, so the wiring can be tested without a browser:
 *   - a `drain` message from the page (forced as the page says): sent on page open, on
 *     `online`, when the page becomes visible, after each enqueue and on a timer;
 *   - a Background Sync `sync` event with the outbox tag (forced), where the browser has it;
 *   - `online` in the worker itself (forced), where the browser tells workers;
 *   - `activate`, and every start of the worker (unforced): Safari has no Background Sync,
 *     so each start is a chance to replay.
 */
import { DRAIN_MESSAGE, SYNC_TAG } from "@preflight/web/local/outbox/drain-messages";

/** The part of ServiceWorkerGlobalScope the triggers use. */
export interface TriggerScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
}

/** Runs one drain; never rejects (a failed drain is retried by the next trigger). */
export type DrainRunner = (force: boolean) => Promise<unknown>;

type Extendable = Event & { waitUntil?(promise: Promise<unknown>): void };

function keepAlive(event: Extendable, work: Promise<unknown>): void {
  // The browser may stop an idle worker; waitUntil keeps it up until the drain ends.
  event.waitUntil?.(work);
}

export function installDrainTriggers(scope: TriggerScope, drain: DrainRunner): void {
  scope.addEventListener("message", (event) => {
    const data = (event as MessageEvent).data as { type?: string; force?: boolean } | null;
    if (data?.type === DRAIN_MESSAGE.type) keepAlive(event, drain(data.force === true));
  });
  scope.addEventListener("sync", (event) => {
    if ((event as Event & { tag?: string }).tag === SYNC_TAG) keepAlive(event, drain(true));
  });
  scope.addEventListener("online", () => void drain(true));
  scope.addEventListener("activate", (event) => keepAlive(event, drain(false)));
  void drain(false);
}
