/**
 * The worker's side of the saved dashboard (web/src/local/snapshot/dashboard-snapshot.ts): a
 * navigation to /dashboard gets the app's index.html with the student's last dashboard in its
 * root, when one is saved for the student signed in on the device now; otherwise null, and the
 * caller serves the plain app shell.
 */
import { type DashboardSnapshot, SNAPSHOT_PATHS, withSnapshot } from "@preflight/web/local/snapshot/dashboard-snapshot";

export interface SnapshotSources {
  /** The student signed in on the device, or null. */
  currentUserId(): Promise<string | null>;
  /** The saved dashboard of that student, or null. */
  snapshot(userId: string): Promise<DashboardSnapshot | null>;
  /** The precached index.html. */
  shell(): Promise<Response | undefined>;
}

/** Headers of index.html that describe its own body, not the one made from it. */
const BODY_HEADERS = ["content-length", "content-encoding", "etag", "last-modified"];

export async function dashboardFromSnapshot(url: URL, sources: SnapshotSources): Promise<Response | null> {
  if (!SNAPSHOT_PATHS.includes(url.pathname.replace(/\/$/, ""))) return null;
  const userId = await sources.currentUserId();
  if (!userId) return null;
  const snapshot = await sources.snapshot(userId);
  if (!snapshot) return null;
  const shell = await sources.shell();
  if (!shell?.ok) return null;
  const html = withSnapshot(await shell.clone().text(), snapshot);
  if (html === null) return null;
  // The shell's own headers (its Content-Security-Policy above all) go with the page made from it.
  const headers = new Headers(shell.headers);
  for (const name of BODY_HEADERS) headers.delete(name);
  headers.set("content-type", "text/html; charset=utf-8");
  return new Response(html, { status: 200, headers });
}
