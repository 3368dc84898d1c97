// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS } from "@preflight/sync-protocol/rules/constants";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import type { LocalFixedTest } from "../../local/store/db.ts";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { SnackbarContext } from "../../ui/snackbar/context.ts";
import { SUMMARY_FAILED } from "./flow-step.ts";
import { useFixedTestFlow } from "./useFixedTestFlow.ts";

const SESSION = { key: "current", userId: STUDENT.id, user: STUDENT, signedInAt: "2026-11-21T09:00:00Z" } as const;

const DISABLED: LocalFixedTest = {
  id: 9,
  title: "Meteorology mock",
  time_limit: 30,
  password_access: false,
  disabled_reason: "This test is closed until your instructor opens it.",
  attempts: 0,
  user_tests_count: 0,
  pass_percentage: 75,
  hide_results: false,
  hide_answers: false,
  opens_at: null,
  closes_at: null,
  question_ids: [1],
  question_versions: [1],
  position: 1,
  password_verified: false,
  downloadedAt: "2026-11-21T09:00:00.000Z",
};

/** The hook on a signed-in device, with the notifications it queues. */
function flow() {
  const notify = vi.fn(() => 1);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider session={SESSION}>
      <SnackbarContext.Provider value={{ notify, dismiss: vi.fn() }}>{children}</SnackbarContext.Provider>
    </SessionProvider>
  );
  return { notify, ...renderHook(() => useFixedTestFlow(), { wrapper }) };
}

describe("selecting a fixed test", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("a disabled test opens no dialog: its reason is a danger notification titled by the test, after 3 s", async () => {
    const { notify, result } = flow();
    await act(() => result.current.select(DISABLED));
    expect(notify).toHaveBeenCalledWith({
      type: "danger",
      title: "Meteorology mock",
      text: "This test is closed until your instructor opens it.",
      delay: FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS,
    });
    expect(result.current.state).toEqual({ step: "idle" });
  });

  it("questions the device cannot check: 'Could not load test summary' (spec study 8), no dialog", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { notify, result } = flow();
    // An id IndexedDB refuses as a key makes the device's check fail.
    await act(() => result.current.select({ ...DISABLED, disabled_reason: null, question_ids: [Number.NaN] }));
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ type: "danger", title: "Error", text: SUMMARY_FAILED }),
    );
    expect(result.current.state).toEqual({ step: "idle" });
  });
});
