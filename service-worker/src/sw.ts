/// <reference lib="webworker" />
/**
 * The Preflight service worker: precaches the app shell, answers every page address with it
 * (so a reload works offline), caches annex and lesson images, and replays the outbox on
 * `sync`, on messages from the page and whenever the worker starts.
 */

import { CONTENT_IMAGES_CACHE } from "@preflight/web/local/content/cache";
import { type DrainOutcome, drainOutbox } from "@preflight/web/local/outbox/drain";
import { platformDrainDeps } from "@preflight/web/local/outbox/drain-deps";
import { readDashboardSnapshot, SNAPSHOT_CACHE } from "@preflight/web/local/snapshot/dashboard-snapshot";
import { deviceDb } from "@preflight/web/local/store/db";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { dashboardFromSnapshot } from "./dashboard-snapshot.ts";
import { installDrainTriggers } from "./triggers.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Addresses the server answers itself; every other navigation gets the app shell, and the
 * dashboard the shell with the student's last dashboard painted in it (./dashboard-snapshot.ts).
 */
export const SERVER_PATHS = [/^\/api\//, /^\/sync\//, /^\/content\//];
const appShell = createHandlerBoundToURL("/index.html");
const snapshotSources = {
  currentUserId: async () => (await deviceDb().session.get("current"))?.userId ?? null,
  snapshot: readDashboardSnapshot,
  shell: () => matchPrecache("/index.html"),
};
// A new version of the app may not style the last one's markup: its first start paints the brand.
self.addEventListener("activate", (event) => event.waitUntil(caches.delete(SNAPSHOT_CACHE)));
registerRoute(
  new NavigationRoute(
    async (options) =>
      (await dashboardFromSnapshot(options.url, snapshotSources).catch(() => null)) ?? appShell(options),
    { denylist: SERVER_PATHS },
  ),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/content/images/"),
  new CacheFirst({
    cacheName: CONTENT_IMAGES_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 20_000, purgeOnQuotaError: false })],
  }),
);

function drain(force: boolean): Promise<DrainOutcome | undefined> {
  return drainOutbox(platformDrainDeps(), { force }).catch((err: unknown) => {
    console.warn("outbox drain failed", err);
    return undefined;
  });
}

installDrainTriggers(self, drain);
