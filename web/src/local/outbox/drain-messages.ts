/** What the page and the service worker say to each other about the outbox. */
export const DRAIN_MESSAGE = { type: "drain" } as const;
/** The Background Sync tag, where the browser has Background Sync. */
export const SYNC_TAG = "outbox";
