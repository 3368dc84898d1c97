/**
 * What a device keeps of its downloads: at each run's start every download the run will not
 * fetch goes (an applied pack's goes with its apply: apply.test.ts), so none stays for good.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import type { UserDb } from "../store/db.ts";
import { resetDatabases, signedInScope } from "../test-support.ts";
import { discardDownloadsExcept } from "./download.ts";

/** A download of `packId` cut after `chunks` chunks of 4 bytes. */
async function keptDownload(db: UserDb, packId: string, chunks: number): Promise<void> {
  await db.packDownloads.put({ packId, sha256: `sha-${packId}`, size: 100, received: 4 * chunks, chunks });
  for (let index = 0; index < chunks; index++)
    await db.packChunks.put({ packId, index, bytes: new Uint8Array([1, 2, 3, index]) });
}

async function kept(db: UserDb) {
  return {
    downloads: (await db.packDownloads.toCollection().primaryKeys()).sort(),
    chunks: (await db.packChunks.toArray()).map((c) => `${c.packId}#${c.index}`).sort(),
  };
}

describe("the downloads a device keeps", () => {
  beforeEach(resetDatabases);

  it("at a run's start, a download cut half-way whose pack a newer version replaced goes; one the run fetches stays to be resumed", async () => {
    const { db } = await signedInScope();
    // Cut half-way, then the server published version 2 of the subject.
    await keptDownload(db, "s3-010-v1", 2);
    // The same, of a delta.
    await keptDownload(db, "s3-021-v2", 1);
    // Chunks left without their progress row.
    await db.packChunks.put({ packId: "s3-040-v1", index: 0, bytes: new Uint8Array([9]) });
    // Cut half-way, and still what the run fetches.
    await keptDownload(db, "s3-050-v1", 3);

    await discardDownloadsExcept(db, new Set(["s3-021-v3", "s3-050-v1"]));
    expect(await kept(db)).toEqual({
      downloads: ["s3-050-v1"],
      chunks: ["s3-050-v1#0", "s3-050-v1#1", "s3-050-v1#2"],
    });
  });

  it("with nothing to clear, nothing changes", async () => {
    const { db } = await signedInScope();
    await keptDownload(db, "s3-050-v1", 1);
    await discardDownloadsExcept(db, new Set(["s3-050-v1"]));
    expect(await kept(db)).toEqual({ downloads: ["s3-050-v1"], chunks: ["s3-050-v1#0"] });
  });
});
