/**
 * Files the server answers (a CSV or PDF export), fetched through the call layer: the same
 * session, timeout and errors as call() (ApiCallError, NetworkError), so a download can say why it
 * failed (offline, refused) rather than leave the browser to save an error page under the file's
 * name. Kept apart from api.ts, which the first page loads, since only the school area downloads.
 */
import type { RouteEntry } from "@preflight/sync-protocol/routes/index";
import { callRaw, networkError, type RouteName } from "./api.ts";

/** A file the server answered: its bytes and the name the server gives it. */
export interface CalledFile {
  blob: Blob;
  /** The name in the reply's Content-Disposition; null when it gives none. */
  filename: string | null;
}

/** Calls a route whose reply is a file (replyKind "text" or "binary") and answers its bytes and name. */
export async function callFile<R extends RouteEntry | RouteName>(
  ...args: Parameters<typeof callRaw<R>>
): Promise<CalledFile> {
  const response = await callRaw(...args);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (err) {
    throw networkError(err);
  }
  return { blob, filename: dispositionName(response.headers.get("Content-Disposition")) };
}

/** The file name of a Content-Disposition: `filename*=UTF-8''…` first, else `filename="…"`. */
export function dispositionName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a badly encoded name: the plain one, if any
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2])?.trim();
  return name ? name : null;
}
