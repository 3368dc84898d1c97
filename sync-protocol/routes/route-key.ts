/**
 * Method and path, e.g. "POST /test/current/finish/{id}": the catalogue's key for a call. Apart
 * from route.ts (which brings zod and every write's schema) so a first page can name a route.
 */
export function routeKey(entry: { method: string; path: string }): string {
  return `${entry.method} ${entry.path}`;
}
