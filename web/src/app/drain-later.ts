/**
 * The signed-in frame's hold on the outbox's drain scheduler, whose code comes with the first
 * change queued or the frame's upkeep (after the first page) rather than with the page: the
 * dashboard's JS budget. Fetched after the first page's load too (scripts/first-pages.ts), so a
 * first visit that loses the connection has it.
 */
import { startWhenLoaded } from "./start-when-loaded.ts";

const scheduler = () => import("../local/outbox/drain-scheduler.ts");

/** Asks whoever drains to drain now (local/outbox/drain-scheduler.ts, wakeDrain). */
export function wakeDrainSoon(options: { force?: boolean } = {}): void {
  void scheduler().then(({ wakeDrain }) => wakeDrain(options));
}

/** Starts the page's drain triggers; the returned function stops them, loaded or not. */
export function startDrainTriggersLater(): () => void {
  return startWhenLoaded(scheduler, ({ startDrainTriggers }) => startDrainTriggers());
}
