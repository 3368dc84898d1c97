// @vitest-environment jsdom
/**
 * The practice builder hides what depends on a component the server has switched off (issue 14):
 * the Flagged include without flagging, the Seen in exams filter without seen-in-exam. The server
 * refuses those components too (api/src/http/features.ts).
 */
import "fake-indexeddb/auto";
import type { Features, UserSummary } from "@preflight/sync-protocol";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { SnackbarContext } from "../../ui/snackbar/context.ts";
import { PracticeBuilder } from "./PracticeBuilder.tsx";

function renderBuilder(features: Features) {
  const user: UserSummary = { ...STUDENT, features };
  const session = { key: "current", userId: user.id, user, signedInAt: "2026-11-21T09:00:00Z" } as const;
  const root = createRootRoute({ component: Outlet });
  const practice = createRoute({
    getParentRoute: () => root,
    path: "/",
    component: () => <PracticeBuilder seed={1} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([practice]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <SessionProvider session={session}>
      <SnackbarContext.Provider value={{ notify: vi.fn(() => 1), dismiss: vi.fn() }}>
        <RouterProvider router={router} />
      </SnackbarContext.Provider>
    </SessionProvider>,
  );
}

/** From the subject list (the first view) to the settings, where the filters are. */
async function openSettings() {
  await userEvent.setup().click(await screen.findByRole("button", { name: "Back" }));
  await screen.findByTestId("practice-view-settings");
}

const includeOptions = () =>
  within(screen.getByLabelText("Include"))
    .getAllByRole("option")
    .map((o) => o.textContent);

describe("the practice builder and the components switched on", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("offers Flagged and Seen in exams while both are on", async () => {
    renderBuilder({ flagged: true, seen_in_exam: true, ai_tutor: false });
    await openSettings();
    expect(includeOptions()).toContain("Flagged");
    expect(screen.getByTestId("practice-seen-in-exam")).toBeTruthy();
  });

  it("hides the Flagged include when flagging is off", async () => {
    renderBuilder({ flagged: false, seen_in_exam: true, ai_tutor: false });
    await openSettings();
    expect(includeOptions()).not.toContain("Flagged");
    expect(includeOptions()).toContain("Unanswered");
    expect(screen.getByTestId("practice-seen-in-exam")).toBeTruthy();
  });

  it("hides the Seen in exams filter when seen-in-exam is off", async () => {
    renderBuilder({ flagged: true, seen_in_exam: false, ai_tutor: false });
    await openSettings();
    expect(screen.queryByTestId("practice-seen-in-exam")).toBeNull();
    expect(includeOptions()).toContain("Flagged");
  });
});
