/**
 * Test support: renders `page` at "/" of a memory router, signed in as `user`, with a snackbar
 * that only records (returned, so a test can read the notifications the page gave). For
 * component tests of pages that read the session and navigate.
 */
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { SnackbarContext } from "../ui/snackbar/context.ts";
import { SessionProvider } from "./session-context.tsx";

export function renderSignedIn(user: UserSummary, page: () => ReactNode): { notify: ReturnType<typeof vi.fn> } {
  const notify = vi.fn(() => 1);
  const session = { key: "current", userId: user.id, user, signedInAt: "2026-11-21T09:00:00Z" } as const;
  const root = createRootRoute({ component: Outlet });
  const index = createRoute({ getParentRoute: () => root, path: "/", component: page });
  const router = createRouter({
    routeTree: root.addChildren([index]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <SessionProvider session={session}>
      <SnackbarContext.Provider value={{ notify, dismiss: vi.fn() }}>
        <RouterProvider router={router} />
      </SnackbarContext.Provider>
    </SessionProvider>,
  );
  return { notify };
}
