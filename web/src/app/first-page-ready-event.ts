/**
 * The event the first-route script (vite.config.ts) waits for before it fetches the pages and
 * modules that come after the first one (scripts/first-pages.ts AFTER_LOAD): fetched earlier, they
 * shared the connection with the first page's own reads and delayed its largest paint. Its own
 * module, as the build's config imports it.
 */
export const FIRST_PAGE_READY_EVENT = "preflight:first-page-ready";
