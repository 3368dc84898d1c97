import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { afterFirstPage, firstPageReady } from "./app/first-page-ready.ts";
import { watchActivity } from "./app/page-activity.ts";
import { registerServiceWorker } from "./app/service-worker.ts";
import { appContainer } from "./app/snapshot-handover.ts";
import { startTheme } from "./app/theme.ts";
import { installDiagnostics } from "./local/diagnostics/index.ts";
import { routeTree } from "./routeTree.gen.ts";
import "./styles.css";

const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

// Each route's component is its own chunk (autoCodeSplitting). The router fetches a route's
// chunk after its beforeLoad (the session read from the device); the first page's start now,
// beside it, so a cold start waits for one of the two rather than both in turn.
const loadChunksOf = (path: string) => {
  for (const route of router.getMatchedRoutes(path)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
};
loadChunksOf(window.location.pathname);

// A student may lose the connection the moment they sign in, before the service worker holds
// the app (a first visit): the pages sign-in leads to, and what the signed-in frame imports when
// it first needs it (the drain, the pulls, the updater, the test builder), are fetched after this
// page has loaded (on the sign-in page, once the student starts on the form), into the module
// map, without running them (scripts/first-pages.ts AFTER_LOAD,
// added by vite.config.ts's first-route script), so the sync screen can still say the device is
// offline instead of the browser's error page.

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// The device log and error reports start before anything else can fail.
installDiagnostics();
startTheme();
watchActivity();
// The worker's install downloads the whole app: it waits until the first page shows its content.
afterFirstPage(() => void registerServiceWorker());

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const container = appContainer(root);
// A page is ready as soon as it is resolved (replacing a saved dashboard painted before the app,
// if there is one), unless it says so itself once its reads are in (staticData.tellsWhenReady).
const stopWatching = router.subscribe("onResolved", () => {
  if (router.state.matches.some((match) => match.staticData.tellsWhenReady)) return;
  firstPageReady();
  stopWatching();
});
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
