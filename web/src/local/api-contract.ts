/**
 * What call() (api.ts) needs of the contract only once a call is made: the route catalogue with
 * every entry's schemas (and through them zod) and the error body's schema. Loaded with a
 * dynamic import, so the first page does not download every schema of the protocol before it
 * can paint; the page fetches it once it has loaded, beside the pages sign-in leads to
 * (scripts/first-pages.ts AFTER_LOAD).
 */
export { routes } from "@preflight/sync-protocol/routes/index";
export { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
