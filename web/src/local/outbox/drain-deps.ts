/**
 * The drain's dependencies as every real runner takes them: fetch, the clock and jitter from the
 * platform wrapper. The page (the scheduler, the sync button, the jobs panel) and the service
 * worker build them here; tests pass their own.
 */
import { now, platformFetch, random } from "../../platform.ts";
import type { DrainDeps } from "./drain.ts";

export function platformDrainDeps(): DrainDeps {
  return { fetch: platformFetch, now: () => new Date(now()), random };
}
