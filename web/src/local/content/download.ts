import type { PackEntry } from "@preflight/sync-protocol/schemas/content-pack";
import { now, platformFetch } from "../../platform.ts";
import type { UserDb } from "../store/db.ts";
import { requestFailed, serverError, UpdateError } from "./errors.ts";
import { sha256Hex } from "./hash.ts";

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Bytes gathered before they are written: big enough to keep IndexedDB writes few. */
export const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;
/** On a slow connection, what arrived is written at least this often, so a reload keeps it. */
export const DOWNLOAD_FLUSH_MS = 1000;

export interface DownloadOptions {
  fetch?: Fetch;
  signal?: AbortSignal;
  /** Called as bytes arrive (for the byte counter and speed); `resumed` for bytes kept from an earlier attempt. */
  onBytes?: (n: number, resumed?: boolean) => void;
}

/**
 * Downloads one pack, resuming where an earlier attempt stopped (Range), writing what arrives
 * in chunks so a reload or a lost connection loses at most a second's worth. Returns the bytes
 * for `verifyPack` to check.
 */
export async function downloadPack(db: UserDb, entry: PackEntry, options: DownloadOptions = {}): Promise<Uint8Array> {
  const doFetch = options.fetch ?? platformFetch;
  let state = await db.packDownloads.get(entry.id);
  if (state && (state.sha256 !== entry.sha256 || state.size !== entry.size)) {
    await discardDownload(db, entry.id);
    state = undefined;
  }
  let received = state?.received ?? 0;
  let index = state?.chunks ?? 0;
  if (received > 0) options.onBytes?.(received, true);

  if (received < entry.size) {
    const response = await doFetch(`/api/content/packs/${entry.id}`, {
      credentials: "same-origin",
      headers: received > 0 ? { Range: `bytes=${received}-` } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    }).catch((err: unknown) => {
      throw requestFailed(err);
    });
    if (response.status === 416 || (received > 0 && response.status === 200)) {
      // The server could not resume this download: start it again from the first byte.
      await discardDownload(db, entry.id);
      await response.body?.cancel();
      options.onBytes?.(-received, true);
      return downloadPack(db, entry, options);
    }
    if (!response.ok || !response.body) throw await serverError(response);

    const reader = response.body.getReader();
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let lastFlush = now();
    const flush = async () => {
      lastFlush = now();
      if (pendingBytes === 0) return;
      const bytes = concat(pending, pendingBytes);
      received += bytes.length;
      const chunk = { packId: entry.id, index, bytes };
      index += 1;
      const progress = { packId: entry.id, sha256: entry.sha256, size: entry.size, received, chunks: index };
      await db.transaction("rw", db.packChunks, db.packDownloads, async () => {
        await db.packChunks.put(chunk);
        await db.packDownloads.put(progress);
      });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for (;;) {
        if (options.signal?.aborted) {
          await reader.cancel().catch(() => undefined);
          throw new UpdateError("Cancelled", "cancelled");
        }
        const { done, value } = await reader.read();
        if (done) break;
        pending.push(value);
        pendingBytes += value.length;
        options.onBytes?.(value.length);
        if (pendingBytes >= DOWNLOAD_CHUNK_BYTES || now() - lastFlush >= DOWNLOAD_FLUSH_MS) await flush();
      }
      await flush();
    } catch (err) {
      // Keep what arrived whole; the next attempt asks for the rest.
      await flush().catch(() => undefined);
      if (options.signal?.aborted) throw new UpdateError("Cancelled", "cancelled");
      throw err instanceof UpdateError ? err : new UpdateError("Server Error", "network");
    }
  }

  const chunks = await db.packChunks.where("packId").equals(entry.id).sortBy("index");
  return concat(
    chunks.map((c) => c.bytes),
    received,
  );
}

/**
 * Checks a downloaded pack against the manifest's size and sha256 before anything is written
 * from it; a damaged download is discarded so the next attempt fetches it afresh.
 */
export async function verifyPack(db: UserDb, entry: PackEntry, bytes: Uint8Array): Promise<void> {
  if (bytes.length === entry.size && (await sha256Hex(bytes)) === entry.sha256) return;
  await discardDownload(db, entry.id);
  throw new UpdateError(`The download of ${entry.id} was damaged and will be fetched again`, "integrity");
}

export async function discardDownload(db: UserDb, packId: string): Promise<void> {
  await db.transaction("rw", db.packChunks, db.packDownloads, async () => {
    await db.packChunks.where("packId").equals(packId).delete();
    await db.packDownloads.delete(packId);
  });
}

/**
 * Clears every download the device keeps but those of `needed` (the packs the run will fetch):
 * a download cut half-way whose pack a newer version then replaced, which no run would resume
 * or clear (an applied pack's download goes in its own transaction, apply.ts), and kept its
 * megabytes for good.
 */
export async function discardDownloadsExcept(db: UserDb, needed: ReadonlySet<string>): Promise<void> {
  await db.transaction("rw", db.packChunks, db.packDownloads, async () => {
    const [started, withChunks] = await Promise.all([
      db.packDownloads.toCollection().primaryKeys(),
      db.packChunks.orderBy("packId").uniqueKeys(),
    ]);
    const gone = [...new Set<string>([...started, ...(withChunks as string[])])].filter((id) => !needed.has(id));
    if (gone.length === 0) return;
    await Promise.all([db.packChunks.where("packId").anyOf(gone).delete(), db.packDownloads.bulkDelete(gone)]);
  });
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1 && parts[0]?.length === total) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
