/// <reference lib="webworker" />
/**
 * The Preflight service worker: precaches the app shell, answers every page address with it
 * (so a reload works offline), caches annex and lesson images, and replays the outbox on
 * `sync`, on messages from the page and whenever the worker starts.
 */

import { CONTENT_IMAGES_CACHE } from "@preflight/web/local/content/cache";
import { type DrainOutcome, drainOutbox } from "@preflight/web/local/outbox/drain";
import { platformDrainDeps } from "@preflight/web/local/outbox/drain-deps";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { installDrainTriggers } from "./triggers.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Addresses the server answers itself; every other navigation gets the app shell. */
export const SERVER_PATHS = [/^\/api\//, /^\/sync\//, /^\/content\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: SERVER_PATHS }));

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
