/**
 * The dashboard as the student last saw it, painted by the installed app before any script runs.
 *
 * A cold start of the installed app (a tablet, offline) used to paint the brand, then wait for
 * its scripts, the device database and the dashboard's reads before anything a student reads
 * appeared. Now the dashboard page saves its rendered markup on the device once it has settled,
 * and the service worker answers the next navigation to /dashboard with the app's index.html
 * whose root holds that markup instead of the brand: the student's dashboard is on screen with
 * the stylesheet, and the app replaces it on its first render (React empties the root). Until
 * then it is inert: it looks like the page, but nothing in it can be pressed, focused or read
 * out, so nobody acts on a copy.
 *
 * Only for the student signed in on the device now: the saved copy carries its user id, and the
 * service worker compares it with the device's session before it uses it (a signed-out device,
 * or another student signed in, gets the plain index.html).
 *
 * This module is shared with the worker (no DOM); the page's saving is ./save-snapshot.ts.
 */

/** The cache holding the one saved dashboard (CacheStorage: the page writes it, the worker reads it). */
export const SNAPSHOT_CACHE = "preflight-dashboard-snapshot";
/** Its key in that cache; never a real address. */
export const SNAPSHOT_KEY = "/__snapshot/dashboard";
/** The headers of the saved copy: the student it shows, and whether the page was dark. */
export const SNAPSHOT_USER_HEADER = "x-preflight-user";
export const SNAPSHOT_DARK_HEADER = "x-preflight-dark";
/** The navigations the worker answers with the saved dashboard. */
export const SNAPSHOT_PATHS: readonly string[] = ["/dashboard"];
/** Marks the saved copy in the page, so the app's own checks can tell it from the live page. */
export const SNAPSHOT_ATTRIBUTE = "data-snapshot";

/** The brand index.html paints before any script, between these comments (web/index.html). */
const SHELL = /<!--app-shell-->[\s\S]*?<!--\/app-shell-->/;

export interface DashboardSnapshot {
  markup: string;
  /** The dark theme was showing: the copy paints dark too rather than flashing light first. */
  dark: boolean;
}

/**
 * index.html with the saved markup in place of the brand, inert; null when the page has no
 * marked shell (an index.html from before this feature), so the worker serves it as it is.
 */
export function withSnapshot(indexHtml: string, snapshot: DashboardSnapshot): string | null {
  if (!SHELL.test(indexHtml)) return null;
  const page = indexHtml.replace(SHELL, () => `<div inert ${SNAPSHOT_ATTRIBUTE}="dashboard">${snapshot.markup}</div>`);
  return snapshot.dark
    ? page.replace(/<html\b([^>]*)>/, (_tag, attributes: string) => `<html${attributes} class="dark">`)
    : page;
}

/** The saved dashboard when it shows `userId`, or null. */
export async function readDashboardSnapshot(userId: string): Promise<DashboardSnapshot | null> {
  if (typeof caches === "undefined") return null;
  const saved = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
  if (!saved || saved.headers.get(SNAPSHOT_USER_HEADER) !== userId) return null;
  return { markup: await saved.text(), dark: saved.headers.get(SNAPSHOT_DARK_HEADER) === "1" };
}

/** Forgets the saved dashboard (signing out). */
export async function clearDashboardSnapshot(): Promise<void> {
  if (typeof caches !== "undefined") await caches.delete(SNAPSHOT_CACHE);
}
