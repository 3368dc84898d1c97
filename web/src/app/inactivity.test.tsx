// @vitest-environment jsdom
/**
 * Inactivity (test-taking §8, §9): the time and poll interval come from the server's
 * configuration (the me reply), the server is asked at each poll (GET /user-active) and its
 * `active` is used, and the page's activity is told to it (POST /user-active).
 */
import "fake-indexeddb/auto";
import { INACTIVITY_COUNTDOWN_S } from "@preflight/sync-protocol/rules/constants";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabases, STUDENT } from "../local/test-support.ts";
import { INACTIVITY_MESSAGES, InactivityGuard, shouldAskStillThere } from "./inactivity.tsx";
import { renderSignedIn } from "./render-signed-in.tsx";

describe("when to ask 'Are you still there?'", () => {
  const minute = 60_000;
  it.each([
    [29 * minute, 30, null, false],
    [30 * minute, 30, null, true],
    [5 * minute, 5, true, true],
    [4 * minute, 5, true, false],
    [1000, 30, false, true],
    [1000, 30, true, false],
  ])("idle %i ms, time %i minutes, server active %s → %s", (idle, minutes, serverActive, ask) => {
    expect(shouldAskStillThere(idle, minutes, serverActive)).toBe(ask);
  });

  it("says the configured time when it closes the test", () => {
    expect(INACTIVITY_MESSAGES.closed("test", 5)).toBe(
      "The test has been closed as you have been inactive for over 5 minutes.",
    );
  });
});

/** The server: GET /user-active answers `active`; every request is recorded as "METHOD path". */
function server(active: boolean) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? "GET"} ${url}`);
    if (url !== "/user-active") return new Response("", { status: 404 });
    return Response.json(init.method === "POST" ? { success: true, active: true } : { active });
  });
  return asked;
}

const configured = (poll_seconds: number): UserSummary => ({ ...STUDENT, inactivity: { minutes: 30, poll_seconds } });

describe("the inactivity guard on a test page", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opening the test tells the server; at the configured poll the server's active: false asks, with a 60 s countdown", async () => {
    const asked = server(false);
    renderSignedIn(configured(1), () => <InactivityGuard reason="test" />);
    await waitFor(() => expect(asked).toContain("POST /user-active"));
    expect(asked).not.toContain("GET /user-active");
    const dialog = await screen.findByRole("dialog", {}, { timeout: 2500 });
    expect(dialog.textContent).toContain(INACTIVITY_MESSAGES.stillThere);
    expect(asked).toContain("GET /user-active");
    expect(Number(screen.getByTestId("inactivity-seconds").textContent)).toBeGreaterThan(INACTIVITY_COUNTDOWN_S - 3);
    // Continue is activity: the server hears of it.
    const before = asked.filter((a) => a === "POST /user-active").length;
    await userEvent.setup().click(screen.getByTestId("inactivity-continue"));
    expect(asked.filter((a) => a === "POST /user-active").length).toBe(before + 1);
  });

  it("while the server says active and the page was used within the time, it does not ask", async () => {
    const asked = server(true);
    renderSignedIn(configured(1), () => <InactivityGuard reason="test" />);
    await waitFor(() => expect(asked.filter((a) => a === "GET /user-active").length).toBeGreaterThanOrEqual(2), {
      timeout: 3500,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
