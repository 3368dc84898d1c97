import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerServiceWorker } from "./app/service-worker.ts";
import { startTheme } from "./app/theme.ts";
import { installDiagnostics } from "./local/diagnostics/index.ts";
import { routeTree } from "./routeTree.gen.ts";
import "./styles.css";

const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

// Each route's component is its own chunk (autoCodeSplitting). The router fetches a route's
// chunk after its beforeLoad (the session read from the device); the first page's start now,
// beside it, so a cold start waits for one of the two rather than both in turn.
for (const route of router.getMatchedRoutes(window.location.pathname)[0])
  void router.loadRouteChunk(route)?.catch(() => undefined);

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// The device log and error reports start before anything else can fail.
installDiagnostics();
startTheme();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
