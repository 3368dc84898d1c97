import { createRootRoute, Link, Outlet } from "@tanstack/react-router";
import { RenderError } from "../app/RenderError.tsx";

export const Route = createRootRoute({
  component: () => <Outlet />,
  errorComponent: ({ error }) => <RenderError error={error} />,
  notFoundComponent: () => (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <Link to="/dashboard" className="mt-4 inline-block text-brand-600 underline">
        Go to dashboard
      </Link>
    </main>
  ),
});
