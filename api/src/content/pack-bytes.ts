import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { type PackBody, packBodySchema } from "@preflight/sync-protocol/schemas/content-pack";

export interface EncodedPack {
  bytes: Uint8Array;
  size: number;
  sha256: string;
}

/** A pack as it travels: gzipped JSON, with the hash and size of exactly those bytes. */
export function encodePack(body: PackBody): EncodedPack {
  const bytes = gzipSync(Buffer.from(JSON.stringify(body)), { level: 6 });
  return { bytes, size: bytes.length, sha256: sha256Hex(bytes) };
}

/** Reads a pack back (tests, and a check that what was stored decodes). */
export function decodePack(bytes: Uint8Array): PackBody {
  return packBodySchema.parse(JSON.parse(gunzipSync(bytes).toString("utf8")));
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}
