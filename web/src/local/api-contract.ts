/**
 * What call() (api.ts) needs of the contract only once a call is made, loaded with dynamic
 * imports so the first page downloads and builds none of it: a call's entry comes with its area
 * of the route catalogue (sync-protocol/routes/areas.ts), not with every schema of the protocol.
 * Building every schema at once was the longest task of the dashboard's first seconds on a slow
 * tablet (over 100 ms, four times that at a tablet's speed); the dashboard's upkeep calls need
 * five of the catalogue's twenty-five areas. The error body's schema is a module of its own.
 *
 * Each area is loaded once; a failed load is tried again at the next call and reads as
 * NetworkError "offline", as the request itself would.
 */
import { ROUTE_AREA, type RouteArea } from "@preflight/sync-protocol/routes/areas";
import type { RouteEntry, routes } from "@preflight/sync-protocol/routes/index";
import { NetworkError } from "./api.ts";

type Routes = typeof routes;
type Entries = Partial<Record<keyof Routes, RouteEntry>>;

/**
 * Each area's module, loaded when first called: the bundler makes each a chunk of its own. The
 * catalogue's other modules (the index, the entry helpers, the area names) are not areas.
 */
const AREA_MODULES = import.meta.glob<Record<string, unknown>>([
  "../../../sync-protocol/routes/*.ts",
  "!**/index.ts",
  "!**/route.ts",
  "!**/route-key.ts",
  "!**/areas.ts",
  "!**/*.test.ts",
]);

/** An area's entries: its module's one `…Routes` export (areas.test.ts checks there is one). */
async function importArea(area: RouteArea): Promise<Entries> {
  const load = AREA_MODULES[`../../../sync-protocol/routes/${area}.ts`];
  if (!load) throw new Error(`sync-protocol/routes/${area}.ts is not in the build`);
  const module = await load();
  const name = Object.keys(module).find((key) => key.endsWith("Routes"));
  return (name ? module[name] : {}) as Entries;
}

const loading = new Map<RouteArea, Promise<Entries>>();
let schemaLibrary: Promise<void> | null = null;

/**
 * zod itself, evaluated before the first area in a task of its own (its classes are most of the
 * first area's cost), then a turn of the event loop: a tap waiting meanwhile is answered first.
 */
function loadSchemaLibrary(): Promise<void> {
  schemaLibrary ??= import("zod").then(
    () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
    (err: unknown) => {
      schemaLibrary = null;
      throw err;
    },
  );
  return schemaLibrary;
}

function loadArea(area: RouteArea): Promise<Entries> {
  let load = loading.get(area);
  if (!load) {
    load = loadSchemaLibrary()
      .then(() => importArea(area))
      .catch((err: unknown) => {
        loading.delete(area);
        throw new NetworkError("offline", err);
      });
    loading.set(area, load);
  }
  return load;
}

/** The catalogue's entry of that name, with its area's schemas (areas.test.ts: every name is in its area). */
export async function routeEntry<N extends keyof Routes>(name: N): Promise<Routes[N]> {
  return (await loadArea(ROUTE_AREA[name]))[name] as Routes[N];
}

/** The schema of the server's error body. */
export function loadErrorBodySchema() {
  return import("@preflight/sync-protocol/schemas/errors").then((m) => m.errorBodySchema);
}
