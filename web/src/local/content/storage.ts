/**
 * Where the content lives and how it may go: asking the browser to keep the site's storage,
 * how much of it is used, noticing that the browser threw the content away (eviction), and
 * throwing it away on purpose (re-download). The content is what the server can send again;
 * the outbox and the student's own records are never part of what is thrown away.
 */

import { localStore, type NoteStore } from "../../platform.ts";
import { archiveKey, type LocalQuestion, type UserDb } from "../store/db.ts";
import { startUpdate, updateBlocker } from "./service.ts";

/** The tables that hold downloaded content: the updater can fill every one of them again. */
export const CONTENT_TABLES = [
  "questions",
  "lessonContent",
  "syllabusNodes",
  "learningObjectives",
  "installedPacks",
  "packDownloads",
  "packChunks",
  "bankIndexes",
] as const;

/** Meta rows that describe the content on this device rather than the student. */
export const CONTENT_META_KEYS = ["subjects", "availableUpdates"] as const;

/** Set when the app found the content gone; the banner reads it until the student dismisses it. */
export const EVICTED_META_KEY = "contentEvicted";

export interface EvictionNote {
  /** When the app noticed. */
  noticedAt: string;
  /** When the content had been installed, as the device recorded it. */
  installedAt: string;
}

type StorageManagerLike = Pick<StorageManager, "persist" | "persisted" | "estimate">;

function storageManager(): StorageManagerLike | null {
  return globalThis.navigator?.storage ?? null;
}

export interface Persistence {
  /** The browser offers persistent storage at all. */
  supported: boolean;
  /** The browser promised not to evict this site's data under storage pressure. */
  persisted: boolean;
}

/** Asks the browser to keep the site's data under storage pressure (it may say no). */
export async function requestPersistence(manager = storageManager()): Promise<Persistence> {
  if (!manager?.persist || !manager.persisted) return { supported: false, persisted: false };
  if (await manager.persisted().catch(() => false)) return { supported: true, persisted: true };
  return { supported: true, persisted: await manager.persist().catch(() => false) };
}

/** Whether the browser keeps the site's data, without asking. */
export async function readPersistence(manager = storageManager()): Promise<Persistence> {
  if (!manager?.persisted) return { supported: false, persisted: false };
  return { supported: true, persisted: await manager.persisted().catch(() => false) };
}

export interface StorageUse {
  usage: number;
  quota: number;
  /** usage of quota, 0 to 100, one decimal. */
  percent: number;
}

/** The browser's estimate of what the site uses and may use; null where it gives none. */
export async function storageUse(manager = storageManager()): Promise<StorageUse | null> {
  if (!manager?.estimate) return null;
  const estimate = await manager.estimate().catch(() => null);
  if (!estimate || estimate.usage === undefined || !estimate.quota) return null;
  const percent = Math.round((estimate.usage / estimate.quota) * 1000) / 10;
  return { usage: estimate.usage, quota: estimate.quota, percent };
}

// The note that content was installed lives in localStorage, beside the database it describes:
// finding the note but no content means the content went without the app removing it.

const noteKey = (userId: string) => `preflight.content-installed.${userId}`;

/** Records that this account's content is on the device (first install time kept). */
export function noteContentInstalled(userId: string, now: Date, store: NoteStore | null = localStore()): void {
  if (!store || readInstalledNote(userId, store)) return;
  store.setItem(noteKey(userId), JSON.stringify({ installedAt: now.toISOString() }));
}

export function forgetContentInstalled(userId: string, store: NoteStore | null = localStore()): void {
  store?.removeItem(noteKey(userId));
}

export function readInstalledNote(
  userId: string,
  store: NoteStore | null = localStore(),
): { installedAt: string } | null {
  const raw = store?.getItem(noteKey(userId));
  if (!raw) return null;
  try {
    const note = JSON.parse(raw) as { installedAt?: unknown };
    return typeof note.installedAt === "string" ? { installedAt: note.installedAt } : null;
  } catch {
    return null;
  }
}

/** No installed pack, or no question: the bank is not usable on this device. */
export async function contentMissing(db: UserDb): Promise<boolean> {
  return (await db.installedPacks.count()) === 0 || (await db.questions.count()) === 0;
}

/**
 * On app open: content was installed here but is gone, so the browser evicted it. What is left
 * of it is cleared (a half-evicted bank would look installed to the updater), the student is
 * told (EVICTED_META_KEY), and the download starts again when online. Returns the note it
 * wrote, or null when nothing was evicted.
 */
export async function recoverEvictedContent(
  db: UserDb,
  userId: string,
  options: { online: boolean; now: Date; store?: NoteStore | null },
): Promise<EvictionNote | null> {
  const store = options.store === undefined ? localStore() : options.store;
  const installed = readInstalledNote(userId, store);
  if (!installed || !(await contentMissing(db))) return null;
  // Forgotten first: a reload while the bank downloads again must not count as another eviction.
  forgetContentInstalled(userId, store);
  await discardContent(db);
  const note: EvictionNote = { noticedAt: options.now.toISOString(), installedAt: installed.installedAt };
  await db.meta.put({ key: EVICTED_META_KEY, value: note });
  if (options.online) await startUpdate(db, { firstRun: true });
  return note;
}

/**
 * Throws the downloaded content away, in one transaction: the questions, lessons, headings,
 * objectives, installed versions and partial downloads. Each question version a test of the
 * student was taken with moves to the archive first, so its results still read. The outbox and
 * the student's records are not touched.
 */
export async function discardContent(db: UserDb): Promise<{ archived: number }> {
  const tables = [db.userTests, db.questionArchive, db.meta, ...CONTENT_TABLES.map((name) => db.table(name))];
  return db.transaction("rw", tables, async () => {
    const used = new Set<string>();
    for (const test of await db.userTests.toArray())
      test.question_ids.forEach((id, i) => {
        used.add(archiveKey(id, test.question_versions[i] ?? 1));
      });
    const ids = [...new Set([...used].map((key) => Number(key.split(":")[0])))];
    const held = (await db.questions.bulkGet(ids)).filter(
      (q): q is LocalQuestion => q !== undefined && used.has(archiveKey(q.id, q.version)),
    );
    if (held.length)
      await db.questionArchive.bulkPut(held.map((q) => ({ key: archiveKey(q.id, q.version), question: q })));
    for (const name of CONTENT_TABLES) await db.table(name).clear();
    await db.meta.bulkDelete([...CONTENT_META_KEYS]);
    return { archived: held.length };
  });
}

export type RedownloadOutcome = "started" | "offline" | "already-running" | "syncing" | "locked";

/**
 * Re-download question bank: refused before anything is thrown away when it could not start
 * (offline, an update or a sync running); otherwise the content is discarded and a full
 * update starts.
 */
export async function redownloadQuestionBank(
  db: UserDb,
  userId: string,
  options: { online: boolean; store?: NoteStore | null },
): Promise<RedownloadOutcome> {
  if (!options.online) return "offline";
  const blocker = await updateBlocker(db);
  if (blocker) return blocker;
  // Not an eviction: the note comes back once the bank is installed again.
  forgetContentInstalled(userId, options.store === undefined ? localStore() : options.store);
  await discardContent(db);
  return startUpdate(db, { firstRun: true });
}
