import { PACK_FORMAT, type PackBody, type PackEntry } from "@preflight/sync-protocol/schemas/content-pack";
import { UpdateError } from "./errors.ts";

/**
 * Opens a verified pack: gunzip with the platform's DecompressionStream, then JSON. The bytes
 * already matched the manifest's sha256, so only the envelope is checked here; validating tens
 * of thousands of questions again would double the time a first install takes.
 */
export async function unpack(bytes: Uint8Array, entry: PackEntry): Promise<PackBody> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  const body = JSON.parse(await new Response(stream).text()) as PackBody;
  if (
    body?.format !== PACK_FORMAT ||
    body.id !== entry.id ||
    body.version !== entry.version ||
    body.base_version !== entry.base_version ||
    !Array.isArray(body.questions) ||
    !Array.isArray(body.retired)
  )
    throw new UpdateError(`Content pack ${entry.id} is not what the manifest describes`, "integrity");
  return body;
}
