// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import { pulledProfile, resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { SnackbarContext } from "../../ui/snackbar/context.ts";
import { useProfileWrites } from "./actions.ts";

// A refusal's 'Session expired' leads to /login; these tests stay on the page.
vi.mock("@tanstack/react-router", () => ({ useNavigate: () => vi.fn() }));

const SESSION = { key: "current", userId: STUDENT.id, user: STUDENT, signedInAt: "2026-11-21T09:00:00Z" } as const;

describe("the profile page's Update (spec accounts 8)", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("no connection for the password change: a danger 'Error' saying a connection is needed; nothing updated", async () => {
    const scope = await signedInScope();
    await scope.db.meta.put({ key: "profile", value: pulledProfile() });
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const notify = vi.fn(() => 1);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider session={SESSION}>
        <SnackbarContext.Provider value={{ notify, dismiss: vi.fn() }}>{children}</SnackbarContext.Provider>
      </SessionProvider>
    );
    const { result } = renderHook(() => useProfileWrites(vi.fn()), { wrapper });
    const plan = {
      details: null,
      emailChange: null,
      passwordChange: { current: "secret-1", new: "secret-22", confirmation: "secret-22" },
    };
    let updated: boolean | undefined;
    await act(async () => {
      updated = await result.current.update(plan);
    });
    expect(updated).toBe(false);
    expect(notify.mock.calls).toEqual([
      [expect.objectContaining({ type: "danger", title: "Error", text: ACCOUNT_MESSAGES.needsConnection })],
    ]);
  });
});
