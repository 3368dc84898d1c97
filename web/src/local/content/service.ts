/**
 * The page's update service: one run at a time across tabs (Web Lock "content-update"), its
 * status kept in memory for this tab and in the device store for other tabs and after a reload,
 * and the check for what is available.
 */
import { UPDATE_MODE_AUTOMATIC } from "@preflight/sync-protocol";
import { planUpdates } from "@preflight/sync-protocol/rules/content-plan";
import { getMeta, type UserDb } from "../db.ts";
import { missingImages } from "./images.ts";
import { installedVersions } from "./installed.ts";
import { IDLE_STATUS, isRunning, type UpdaterStatus } from "./status.ts";
import { fetchManifest, runUpdates } from "./updater.ts";

export const UPDATE_LOCK = "content-update";
const STATUS_KEY = "updaterStatus";
const PERSIST_EVERY_MS = 500;

/** What the server has that this device does not (spec: total_updates, total_sources, size). */
export interface AvailableUpdates {
  total_updates: number;
  total_sources: number;
  size: number;
  checkedAt: string;
}

let run: { db: UserDb; controller: AbortController; done: Promise<UpdaterStatus> } | null = null;
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
  const now = Date.now();
  if (!isRunning(status) || now - lastPersist >= PERSIST_EVERY_MS) {
    lastPersist = now;
    void db.meta.put({ key: STATUS_KEY, value: status });
  }
}

export type StartOutcome = "started" | "already-running" | "syncing";

/**
 * Starts an update in the background unless one runs already (here or in another tab). Refused
 * while the outbox is being sent: the spec's 'Unable to update whilst a sync is in progress'.
 */
export async function startUpdate(db: UserDb, options: { firstRun?: boolean } = {}): Promise<StartOutcome> {
  if (run || (await lockHeld(UPDATE_LOCK))) return "already-running";
  if (await lockHeld("outbox")) return "syncing";
  const controller = new AbortController();
  const go = () =>
    runUpdates(db, {
      signal: controller.signal,
      firstRun: options.firstRun ?? false,
      onStatus: (status) => publish(db, status),
    });
  const locks = globalThis.navigator?.locks;
  const locked = (async (): Promise<UpdaterStatus> =>
    locks
      ? await locks.request(UPDATE_LOCK, { ifAvailable: true }, (lock) => (lock ? go() : readUpdaterStatus(db)))
      : go())();
  const done = locked.finally(() => {
    if (run?.controller === controller) run = null;
  });
  run = { db, controller, done };
  return "started";
}

/** Cancel: the download stops, what is applied stays, and a later run carries on. */
export function cancelUpdate(): void {
  run?.controller.abort();
}

export async function whenUpdateSettles(): Promise<UpdaterStatus | null> {
  return run ? run.done : null;
}

/** Asks the server what is newer than this device holds. Online only; throws when it cannot. */
export async function checkAvailable(db: UserDb): Promise<AvailableUpdates> {
  const manifest = await fetchManifest((input, init) => fetch(input, init));
  const plan = planUpdates(manifest, await installedVersions(db));
  const images = await missingImages(manifest);
  const available: AvailableUpdates = {
    total_updates: plan.updates.length + (images.length ? 1 : 0),
    total_sources: plan.updates.reduce((n, u) => n + u.packs.length, 0) + (images.length ? 1 : 0),
    size: plan.bytes + images.reduce((n, i) => n + i.size, 0),
    checkedAt: new Date().toISOString(),
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

/** No content pack on the device yet: the updater's first run. */
export async function isFirstRun(db: UserDb): Promise<boolean> {
  return (await db.installedPacks.count()) === 0;
}

async function lockHeld(name: string): Promise<boolean> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return false;
  const state = await locks.query();
  return (state.held ?? []).some((lock) => lock.name === name);
}
