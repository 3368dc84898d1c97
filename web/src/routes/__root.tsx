import { createRootRoute, lazyRouteComponent, Outlet } from "@tanstack/react-router";
import { RenderError } from "../app/RenderError.tsx";

export const Route = createRootRoute({
  component: () => <Outlet />,
  errorComponent: ({ error }) => <RenderError error={error} />,
  // Its own chunk, as the routes' components are: it brings the signed-in frame (AppShell).
  notFoundComponent: lazyRouteComponent(() => import("../app/NotFound.tsx"), "NotFound"),
});
