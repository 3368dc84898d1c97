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
import { delay } from "../platform.ts";
import { NetworkError } from "./api.ts";

type Routes = typeof routes;
type Entries = Partial<Record<keyof Routes, RouteEntry>>;

/** One import per area: the bundler makes each a chunk of its own (a literal path each). */
const AREAS: Record<RouteArea, () => Promise<Entries>> = {
  accounts: () => import("@preflight/sync-protocol/routes/accounts").then((m) => m.accountsRoutes),
  activity: () => import("@preflight/sync-protocol/routes/activity").then((m) => m.activityRoutes),
  analysis: () => import("@preflight/sync-protocol/routes/analysis").then((m) => m.analysisRoutes),
  auth: () => import("@preflight/sync-protocol/routes/auth").then((m) => m.authRoutes),
  content: () => import("@preflight/sync-protocol/routes/content").then((m) => m.contentRoutes),
  diagnostics: () => import("@preflight/sync-protocol/routes/diagnostics").then((m) => m.diagnosticsRoutes),
  feedback: () => import("@preflight/sync-protocol/routes/feedback").then((m) => m.feedbackRoutes),
  fixed: () => import("@preflight/sync-protocol/routes/fixed").then((m) => m.fixedRoutes),
  flagged: () => import("@preflight/sync-protocol/routes/flagged").then((m) => m.flaggedRoutes),
  health: () => import("@preflight/sync-protocol/routes/health").then((m) => m.healthRoutes),
  licence: () => import("@preflight/sync-protocol/routes/licence").then((m) => m.licenceRoutes),
  "maintenance-users": () =>
    import("@preflight/sync-protocol/routes/maintenance-users").then((m) => m.maintenanceUsersRoutes),
  practice: () => import("@preflight/sync-protocol/routes/practice").then((m) => m.practiceRoutes),
  profile: () => import("@preflight/sync-protocol/routes/profile").then((m) => m.profileRoutes),
  question: () => import("@preflight/sync-protocol/routes/question").then((m) => m.questionRoutes),
  "question-comments": () =>
    import("@preflight/sync-protocol/routes/question-comments").then((m) => m.questionCommentsRoutes),
  results: () => import("@preflight/sync-protocol/routes/results").then((m) => m.resultsRoutes),
  school: () => import("@preflight/sync-protocol/routes/school").then((m) => m.schoolRoutes),
  "school-tests": () => import("@preflight/sync-protocol/routes/school-tests").then((m) => m.schoolTestsRoutes),
  search: () => import("@preflight/sync-protocol/routes/search").then((m) => m.searchRoutes),
  settings: () => import("@preflight/sync-protocol/routes/settings").then((m) => m.settingsRoutes),
  subscription: () => import("@preflight/sync-protocol/routes/subscription").then((m) => m.subscriptionRoutes),
  syllabus: () => import("@preflight/sync-protocol/routes/syllabus").then((m) => m.syllabusRoutes),
  sync: () => import("@preflight/sync-protocol/routes/sync").then((m) => m.syncRoutes),
  test: () => import("@preflight/sync-protocol/routes/test").then((m) => m.testRoutes),
};

/**
 * The modules an area builds on, evaluated first, each in a task of its own, where the area's
 * schemas took more than one task on a slow tablet: the pulls' replies (the sync area) name the
 * records of most of the protocol, some 60 to 100 ms to build at a quarter of a laptop's speed in
 * the dashboard's first seconds. The stages only order what the area's import evaluates anyway.
 */
const STAGES: Partial<Record<RouteArea, (() => Promise<unknown>)[]>> = {
  sync: [
    () => import("@preflight/sync-protocol/schemas/content"),
    () => import("@preflight/sync-protocol/schemas/test"),
    () => import("@preflight/sync-protocol/schemas/accounts"),
  ],
};

/** A turn of the event loop: a tap waiting meanwhile is answered first. */
const nextTask = () => delay(0);

async function inStages(area: RouteArea): Promise<Entries> {
  for (const stage of STAGES[area] ?? []) {
    await stage();
    await nextTask();
  }
  return AREAS[area]();
}

const loading = new Map<RouteArea, Promise<Entries>>();
let schemaLibrary: Promise<void> | null = null;

/**
 * zod itself, evaluated before the first area in a task of its own (its classes are most of the
 * first area's cost), then a turn of the event loop: a tap waiting meanwhile is answered first.
 */
function loadSchemaLibrary(): Promise<void> {
  schemaLibrary ??= import("zod").then(nextTask, (err: unknown) => {
    schemaLibrary = null;
    throw err;
  });
  return schemaLibrary;
}

function loadArea(area: RouteArea): Promise<Entries> {
  let load = loading.get(area);
  if (!load) {
    load = loadSchemaLibrary()
      .then(() => inStages(area))
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
