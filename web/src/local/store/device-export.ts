/**
 * The student's device data as a file, for a device about to be wiped: everything of the
 * account's local database except what the updater can download again (the content tables).
 * Imported on another device signed in as the same student, the tests, answers, flags, notes, review marks and the
 * outbox come back as they were — same client id and seq — so the changes that never reached
 * the server carry on from there and the server applies each exactly once.
 *
 * Unlike the pending-changes file (pending-file.ts), which only replays waiting changes to the
 * server, this restores the device's own records too, before the server has them.
 */

import type { Dexie } from "dexie";
import { currentDate, withLock } from "../../platform.ts";
import { UPDATER_META_KEYS } from "../content/service.ts";
import { CONTENT_META_KEYS, CONTENT_TABLES, EVICTED_META_KEY } from "../content/storage.ts";
import type { MetaRow, UserDb } from "./db.ts";

/** Not in the file: content the updater downloads again, and this device's update history. */
const SKIPPED_TABLES: string[] = [...CONTENT_TABLES, "updateRecords"];

/**
 * Meta rows about this device rather than the student: left out of the file and kept as they
 * are on import (content state, update runs, replay back-off and pause).
 */
const DEVICE_META_KEYS = new Set<string>([
  ...CONTENT_META_KEYS,
  ...UPDATER_META_KEYS,
  EVICTED_META_KEY,
  "contentManifest",
  "bankVersion",
  "imagesCachedFor",
  "paused",
  "drainBackoff",
  "pushBatchSize",
]);

/** Merged rather than replaced: question versions this device keeps for its own results too. */
const MERGED_TABLES = new Set(["questionArchive"]);

/** What the student did, as opposed to what was pulled or downloaded. */
const OWN_RECORD_TABLES = [
  "userTests",
  "answers",
  "answerRecords",
  "flags",
  "notes",
  "reviewMarks",
  "seenInExam",
  "reviews",
  "progressResets",
  "testComments",
  "questionReports",
  "outbox",
] as const;

export interface DeviceExport {
  blob: Blob;
  filename: string;
  tests: number;
  pending: number;
}

/** Rows written or read so far of all there are, for a progress bar (total 0 until known). */
export type RowProgress = (progress: { done: number; total: number }) => void;

/** The library's progress report as rows done of rows in all; returning true lets it go on. */
function reportRows(onProgress: RowProgress | undefined) {
  return (progress: { completedRows: number; totalRows: number | undefined; done: boolean }) => {
    const total = progress.totalRows ?? 0;
    // Rows the export's filter leaves out still count in its total: at the end all are done.
    onProgress?.({ done: progress.done ? total : Math.min(progress.completedRows, total), total });
    return true;
  };
}

export async function exportDeviceData(
  db: UserDb,
  account: { email: string },
  now: Date = currentDate(),
  onProgress?: RowProgress,
): Promise<DeviceExport> {
  const { exportDB } = await import("dexie-export-import");
  const blob = await exportDB(db, {
    skipTables: SKIPPED_TABLES,
    filter: (table, value) => table !== "meta" || !DEVICE_META_KEYS.has((value as MetaRow).key),
    progressCallback: reportRows(onProgress),
  });
  const [tests, pending] = await Promise.all([db.userTests.count(), db.outbox.count()]);
  return { blob, filename: deviceFileName(account.email, now), tests, pending };
}

export function deviceFileName(email: string, now: Date): string {
  const date = now.toISOString().slice(0, 10);
  return `preflight-${email.replace(/[^A-Za-z0-9@._-]/g, "_")}-${date}.json`;
}

export type DeviceImportRefusal = "not-a-device-file" | "other-account" | "newer-app" | "unsent-changes";

/** A device data file this device will not import; `message` is what the import dialog shows. */
export class DeviceImportError extends Error {
  constructor(
    readonly reason: DeviceImportRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface DeviceFileSummary {
  /** In the file. */
  tests: number;
  pending: number;
  /** This device's own records that an import would replace (0: nothing is lost). */
  replaces: { tests: number; records: number };
}

/**
 * Checks a file before anything is written: a device data file of this account, from this
 * version of the app or an older one, and a device with no unsent changes of its own (an import
 * would throw them away).
 */
export async function inspectDeviceFile(db: UserDb, file: Blob): Promise<DeviceFileSummary> {
  const { peakImportFile } = await import("dexie-export-import");
  const meta = await peakImportFile(file).catch(() => null);
  const tables = (meta?.formatName === "dexie" && Array.isArray(meta.data?.tables) ? meta.data.tables : []) as {
    name: string;
    rowCount: number;
  }[];
  if (!meta || !tables.some((t) => t.name === "outbox") || !tables.some((t) => t.name === "meta"))
    throw new DeviceImportError("not-a-device-file", "This file is not a Preflight device data file.");
  if (meta.data.databaseName !== db.name)
    throw new DeviceImportError(
      "other-account",
      "This file holds another account's data. Sign in as the student who exported it to import it.",
    );
  if (!db.isOpen()) await db.open();
  if (meta.data.databaseVersion > db.verno)
    throw new DeviceImportError(
      "newer-app",
      "This file was made by a newer version of Preflight. Update the app on this device, then import it.",
    );
  const unsent = await db.outbox.count();
  if (unsent > 0)
    throw new DeviceImportError(
      "unsent-changes",
      `This device has ${unsent} change${unsent === 1 ? "" : "s"} not sent yet. Go online until "Changes not sent yet" above shows 0 before importing, or ${unsent === 1 ? "it" : "they"} would be lost.`,
    );
  const rows = (name: string) => tables.find((t) => t.name === name)?.rowCount ?? 0;
  const counts = await Promise.all(OWN_RECORD_TABLES.map((name) => db.table(name).count()));
  return {
    tests: rows("userTests"),
    pending: rows("outbox"),
    replaces: { tests: await db.userTests.count(), records: counts.reduce((a, b) => a + b, 0) },
  };
}

/**
 * Restores a device data file into this account's database, in one transaction: the student's
 * tables replaced by the file's, archived question versions merged, the student's meta rows
 * (client id, next seq, pull cursors …) taken from the file and this device's kept. When the
 * device holds records of its own, `replace` must confirm they go.
 */
export async function importDeviceData(
  db: UserDb,
  file: Blob,
  options: { replace: boolean; onProgress?: RowProgress },
): Promise<{ tests: number; pending: number }> {
  return withOutboxLock(async () => {
    const summary = await inspectDeviceFile(db, file);
    if (summary.replaces.records > 0 && !options.replace)
      throw new Error("This device holds the student's records: importing replaces them, so it needs confirming.");

    // Read through a scratch database: the library revives the file's values there, and
    // nothing of this account's database changes until every row has been read.
    const { importDB } = await import("dexie-export-import");
    const scratch = await importDB(file, {
      name: `preflight-import-${crypto.randomUUID()}`,
      progressCallback: reportRows(options.onProgress),
    });
    const incoming = new Map<string, unknown[]>();
    try {
      for (const table of scratch.tables)
        if (!SKIPPED_TABLES.includes(table.name) && db.tables.some((t) => t.name === table.name))
          incoming.set(table.name, await table.toArray());
    } finally {
      await deleteScratch(scratch);
    }

    const tables = [...incoming.keys()].map((name) => db.table(name));
    await db.transaction("rw", tables, async () => {
      for (const [name, rows] of incoming) {
        const table = db.table(name);
        if (name === "meta") {
          const counter = await outboxCounter(db);
          const studentKeys = (await db.meta.toCollection().primaryKeys()).filter((key) => !DEVICE_META_KEYS.has(key));
          await db.meta.bulkDelete(studentKeys);
          await db.meta.bulkPut((rows as MetaRow[]).filter((row) => !DEVICE_META_KEYS.has(row.key)));
          await keepCounterAhead(db, counter);
        } else if (MERGED_TABLES.has(name)) {
          await table.bulkPut(rows);
        } else {
          await table.clear();
          await table.bulkPut(rows);
        }
      }
    });
    return { tests: incoming.get("userTests")?.length ?? 0, pending: incoming.get("outbox")?.length ?? 0 };
  });
}

interface OutboxCounter {
  clientId: string | undefined;
  nextSeq: number | undefined;
  lastCreatedAt: string | undefined;
}

async function outboxCounter(db: UserDb): Promise<OutboxCounter> {
  const [clientId, nextSeq, lastCreatedAt] = await db.meta.bulkGet(["clientId", "nextSeq", "lastCreatedAt"]);
  return {
    clientId: clientId?.value as string | undefined,
    nextSeq: nextSeq?.value as number | undefined,
    lastCreatedAt: lastCreatedAt?.value as string | undefined,
  };
}

/**
 * The same file imported again, after this device went on under its client id: the server has
 * seen seqs beyond the file's, and a used seq with a new change is refused as a conflict. The
 * counter (and the clock stamp that orders changes) never moves back for the same client.
 */
async function keepCounterAhead(db: UserDb, before: OutboxCounter): Promise<void> {
  const after = await outboxCounter(db);
  if (!before.clientId || before.clientId !== after.clientId) return;
  if ((before.nextSeq ?? 0) > (after.nextSeq ?? 0)) await db.meta.put({ key: "nextSeq", value: before.nextSeq });
  if (before.lastCreatedAt && before.lastCreatedAt > (after.lastCreatedAt ?? ""))
    await db.meta.put({ key: "lastCreatedAt", value: before.lastCreatedAt });
}

async function deleteScratch(scratch: Dexie): Promise<void> {
  scratch.close();
  await scratch.delete().catch(() => undefined);
}

/** No drain may send the outbox while it is being replaced. */
async function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  return withLock("outbox", work);
}
