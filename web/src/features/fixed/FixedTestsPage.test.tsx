// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { SnackbarContext } from "../../ui/snackbar/context.ts";
import { FixedTestsPage } from "./FixedTestsPage.tsx";

const SESSION = { key: "current", userId: STUDENT.id, user: STUDENT, signedInAt: "2026-11-21T09:00:00Z" } as const;

async function download() {
  render(
    <SessionProvider session={SESSION}>
      <SnackbarContext.Provider value={{ notify: vi.fn(() => 1), dismiss: vi.fn() }}>
        <FixedTestsPage />
      </SnackbarContext.Provider>
    </SessionProvider>,
  );
  await userEvent.setup().click(screen.getByTestId("download-tests"));
  return (await screen.findByRole("alert")).textContent;
}

describe("'Download tests' that fails", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offline: says to connect to download the tests", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await download()).toBe("You are offline. Connect to the internet to download tests.");
  });

  it("a server fault: says the download failed and to try again", async () => {
    const fault = { error: { code: "internal", message: "Server Error" } };
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify(fault), { status: 500 })));
    expect(await download()).toBe("There was an error downloading the tests. Please try again.");
  });
});
