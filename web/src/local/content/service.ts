/**
 * The page's update service: one run at a time across tabs (Web Lock "content-update"), its
 * status kept in memory for this tab and in the device store for other tabs and after a reload,
 * and the check for what is available.
 */
import { UPDATE_MODE_AUTOMATIC } from "@preflight/sync-protocol/rules/constants";
import { planUpdates } from "@preflight/sync-protocol/rules/content-plan";
import type { Manifest } from "@preflight/sync-protocol/schemas/content-pack";
import { currentDate, lockHeld, now, platformFetch, webLocks } from "../../platform.ts";
import { getMeta, type UserDb } from "../store/db.ts";
import { missingImages } from "./images.ts";
import { installedVersions } from "./installed.ts";
import { IDLE_STATUS, isRunning, type UpdaterStatus } from "./status.ts";

export const UPDATE_LOCK = "content-update";
const STATUS_KEY = "updaterStatus";
const PERSIST_EVERY_MS = 500;
/**
 * The update status lock (spec: updates_locked): written when a run starts, removed when it
 * ends. A run whose tab died (closed, reloaded, crashed) leaves it behind; the Web Lock shows
 * whether its run is still alive, and Unlock clears a record that outlived its run.
 */
const LOCK_RECORD_KEY = "updatesLocked";
/** The interrupt, kept in the store so a run in another tab sees it too. */
const STOP_KEY = "updateStopRequested";

/** Meta rows of the update service: state of this device's runs, never the student's data. */
export const UPDATER_META_KEYS = [STATUS_KEY, LOCK_RECORD_KEY, STOP_KEY] as const;

export interface UpdateLockRecord {
  since: string;
}

/** What the server has that this device does not (spec: total_updates, total_sources, size). */
export interface AvailableUpdates {
  total_updates: number;
  total_sources: number;
  size: number;
  checkedAt: string;
}

let run: { db: UserDb; controller: AbortController; done: Promise<UpdaterStatus>; stop: { asked: boolean } } | null =
  null;
let current: UpdaterStatus = IDLE_STATUS;
let lastPersist = 0;
const listeners = new Set<(status: UpdaterStatus) => void>();

export function subscribeUpdater(listener: (status: UpdaterStatus) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's run if it has one, else what the device last recorded (another tab, or before a reload). */
export async function readUpdaterStatus(db: UserDb): Promise<UpdaterStatus> {
  if (run?.db === db) return current;
  const stored = await getMeta<UpdaterStatus>(db, STATUS_KEY);
  if (!stored) return IDLE_STATUS;
  // A run recorded as busy whose tab is gone is not running any more.
  if (isRunning(stored) && !(await lockHeld(UPDATE_LOCK))) return { ...stored, state: "cancelled" };
  return stored;
}

function publish(db: UserDb, status: UpdaterStatus): void {
  current = status;
  for (const listener of listeners) listener(status);
  const at = now();
  if (!isRunning(status) || at - lastPersist >= PERSIST_EVERY_MS) {
    lastPersist = at;
    void db.meta.put({ key: STATUS_KEY, value: status });
  }
}

export type StartOutcome = "started" | "already-running" | "syncing" | "locked";

/**
 * Why an update cannot start now, or null when it can: one runs already (here or in another
 * tab); the outbox is being sent (the spec's 'Unable to update whilst a sync is in progress');
 * or, in a browser without Web Locks, a lock record that only Unlock can prove stale.
 */
export async function updateBlocker(db: UserDb): Promise<Exclude<StartOutcome, "started"> | null> {
  if (run || (await lockHeld(UPDATE_LOCK))) return "already-running";
  if (await lockHeld("outbox")) return "syncing";
  if (!webLocks() && (await getMeta<UpdateLockRecord>(db, LOCK_RECORD_KEY))) return "locked";
  return null;
}

/** Starts an update in the background unless something blocks it (see updateBlocker). */
export async function startUpdate(db: UserDb, options: { firstRun?: boolean } = {}): Promise<StartOutcome> {
  const blocker = await updateBlocker(db);
  if (blocker) return blocker;
  const controller = new AbortController();
  const stop = { asked: false };
  const go = async () => {
    await db.meta.put({
      key: LOCK_RECORD_KEY,
      value: { since: currentDate().toISOString() } satisfies UpdateLockRecord,
    });
    await db.meta.delete(STOP_KEY);
    try {
      // The updater (packs, their schemas) loads with its first run, not with the dashboard;
      // the page fetches it once it has loaded (scripts/first-pages.ts AFTER_LOAD).
      const { runUpdates } = await import("./updater.ts");
      return await runUpdates(db, {
        signal: controller.signal,
        firstRun: options.firstRun ?? false,
        onStatus: (status) => publish(db, status),
        shouldStop: async () => stop.asked || (await getMeta<boolean>(db, STOP_KEY)) === true,
      });
    } finally {
      await db.meta.bulkDelete([LOCK_RECORD_KEY, STOP_KEY]).catch(() => undefined);
    }
  };
  const locks = webLocks();
  const locked = (async (): Promise<UpdaterStatus> =>
    locks
      ? await locks.request(UPDATE_LOCK, { ifAvailable: true }, (lock) => (lock ? go() : readUpdaterStatus(db)))
      : go())();
  const done = locked.finally(() => {
    if (run?.controller === controller) run = null;
  });
  run = { db, controller, done, stop };
  return "started";
}

/**
 * Approved updates (the prompt's countdown reached zero): a send of the outbox in progress is
 * waited out rather than refused, as nobody is there to press 'Update now' again.
 */
export async function startApprovedUpdate(db: UserDb, options: { firstRun?: boolean } = {}): Promise<StartOutcome> {
  const locks = webLocks();
  let outcome = await startUpdate(db, options);
  for (let tries = 0; outcome === "syncing" && locks && tries < 3; tries++) {
    await locks.request("outbox", async () => undefined);
    outcome = await startUpdate(db, options);
  }
  return outcome;
}

/**
 * Interrupt (spec): the run stops once the update in hand has been processed. Reaches a run in
 * another tab through the store. False when no update is running.
 */
export async function requestStop(db: UserDb): Promise<boolean> {
  if (run?.db === db) {
    run.stop.asked = true;
    return true;
  }
  if (!(await lockHeld(UPDATE_LOCK))) return false;
  await db.meta.put({ key: STOP_KEY, value: true });
  return true;
}

/** The update status lock as the updates admin shows it: recorded, and whether its run is alive. */
export async function readUpdateLock(db: UserDb): Promise<{ record: UpdateLockRecord | null; running: boolean }> {
  const record = (await getMeta<UpdateLockRecord>(db, LOCK_RECORD_KEY)) ?? null;
  return { record, running: run?.db === db || (await lockHeld(UPDATE_LOCK)) };
}

/** Unlock refused: a run is alive and holds the update status lock. */
export class UpdateRunningError extends Error {
  readonly reason = "update_running";
  constructor() {
    super("An update is running: it holds the update status lock until it ends.");
  }
}

/**
 * Unlock (spec: clears the locked flag): removes the record of a run that did not end, and the
 * busy status it left, so a new run may start. Refused while a run is alive.
 */
export async function unlockUpdates(db: UserDb): Promise<void> {
  if (run?.db === db || (await lockHeld(UPDATE_LOCK))) throw new UpdateRunningError();
  await db.transaction("rw", db.meta, async () => {
    await db.meta.bulkDelete([LOCK_RECORD_KEY, STOP_KEY]);
    const stored = await getMeta<UpdaterStatus>(db, STATUS_KEY);
    if (stored && isRunning(stored)) await db.meta.put({ key: STATUS_KEY, value: { ...stored, state: "cancelled" } });
  });
}

/** Cancel: the download stops, what is applied stays, and a later run carries on. */
export function cancelUpdate(): void {
  run?.controller.abort();
}

export async function whenUpdateSettles(): Promise<UpdaterStatus | null> {
  return run ? run.done : null;
}

/**
 * How long a manifest the server sent stays its answer here: the checks a few seconds apart at a
 * first sign-in (the refresh on open, the updater screen's list, the list after its run) share one
 * request rather than one each.
 */
export const MANIFEST_FRESH_MS = 10_000;

let lastManifest: { db: UserDb; at: number; manifest: Promise<Manifest> } | null = null;

/** The server's manifest: the one asked for less than MANIFEST_FRESH_MS ago (or being asked), else a new one. */
function freshManifest(db: UserDb, askAgain: boolean): Promise<Manifest> {
  if (!askAgain && lastManifest?.db === db && now() - lastManifest.at < MANIFEST_FRESH_MS) return lastManifest.manifest;
  const manifest = import("./updater.ts").then(({ fetchManifest }) => fetchManifest(platformFetch));
  const asked = { db, at: now(), manifest };
  lastManifest = asked;
  // A failure is not kept: the next check asks again.
  manifest.catch(() => {
    if (lastManifest === asked) lastManifest = null;
  });
  return manifest;
}

/**
 * Asks the server what is newer than this device holds. Online only; throws when it cannot.
 * `askAgain`: the student asked for a check, so the server is asked even if it just was.
 */
export async function checkAvailable(db: UserDb, { askAgain = false } = {}): Promise<AvailableUpdates> {
  const manifest = await freshManifest(db, askAgain);
  const plan = planUpdates(manifest, await installedVersions(db));
  const images = await missingImages(manifest);
  const available: AvailableUpdates = {
    total_updates: plan.updates.length + (images.length ? 1 : 0),
    total_sources: plan.updates.reduce((n, u) => n + u.packs.length, 0) + (images.length ? 1 : 0),
    size: plan.bytes + images.reduce((n, i) => n + i.size, 0),
    checkedAt: currentDate().toISOString(),
  };
  await db.meta.bulkPut([
    { key: "availableUpdates", value: available },
    { key: "contentManifest", value: manifest },
  ]);
  return available;
}

/** Profile update mode (spec): 0 automatic, 1 manual. */
export async function updateMode(db: UserDb): Promise<number> {
  return (await getMeta<number>(db, "updateMode")) ?? UPDATE_MODE_AUTOMATIC;
}
