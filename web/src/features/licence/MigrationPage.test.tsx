// @vitest-environment jsdom
import { LEGACY_MIGRATION_POLL_MS } from "@preflight/sync-protocol/rules/constants";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LegacyMigrationStatus } from "../../local/store/legacy-migration.ts";
import { manualClock } from "../../ui/manual-clock.ts";
import { MigrationPage } from "./MigrationPage.tsx";
import { MIGRATION_TEXT } from "./MigrationView.tsx";
import type { MigrationSource } from "./queries.ts";

afterEach(cleanup);

/** A migration whose status the test sets, counting how often the page reads it. */
function scriptedMigration(first: LegacyMigrationStatus["state"] = "pending") {
  let status: LegacyMigrationStatus = { state: first, migrated: [], error: null };
  const source = {
    start: vi.fn(),
    retry: vi.fn(),
    reads: 0,
    status() {
      source.reads++;
      return status;
    },
    set(next: Partial<LegacyMigrationStatus>) {
      status = { ...status, ...next };
    },
  };
  return source satisfies MigrationSource;
}

function renderPage(source: MigrationSource) {
  const clock = manualClock();
  const go = vi.fn();
  render(<MigrationPage go={go} source={source} clock={clock} />);
  return { clock, go };
}

const text = () => screen.getByTestId("legacy-migration-text").textContent;

describe("legacy migration page", () => {
  it("starts the migration and shows 'Checking for legacy application data...' until the first check returns", () => {
    const source = scriptedMigration("active");
    const { clock } = renderPage(source);
    expect(source.start).toHaveBeenCalledTimes(1);
    expect(text()).toBe(MIGRATION_TEXT.pending);
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS - 1));
    expect(source.reads).toBe(0);
    expect(text()).toBe("Checking for legacy application data...");
    act(() => clock.advance(1));
    expect(text()).toBe("Migrating legacy application data...");
  });

  it("polls every 2.5 s, then shows 'Migration complete' with Continue to /login and stops polling", async () => {
    const source = scriptedMigration("active");
    const { clock, go } = renderPage(source);
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS));
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS));
    expect(source.reads).toBe(2);
    source.set({
      state: "complete",
      migrated: [{ name: "preflight-user-42", fromVersion: 1, toVersion: 9, records: 11 }],
    });
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS));
    expect(text()).toBe("Migration complete");
    expect(screen.getByTestId("legacy-migration-summary").textContent).toBe(
      "11 records in 1 database brought up to date.",
    );
    act(() => clock.advance(10 * LEGACY_MIGRATION_POLL_MS));
    expect(source.reads).toBe(3);
    expect(clock.pending()).toBe(0);
    await userEvent.setup().click(screen.getByRole("button", { name: "Continue" }));
    expect(go).toHaveBeenCalledWith("/login");
  });

  it("shows no Continue before the migration is complete", () => {
    const source = scriptedMigration("active");
    const { clock } = renderPage(source);
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS));
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
  });

  it("shows a failed check with its reason, and Try again runs it again", async () => {
    const source = scriptedMigration("failed");
    source.set({ error: "The database preflight-user-x was written by a newer version of the app." });
    const { clock } = renderPage(source);
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS));
    expect(text()).toContain(MIGRATION_TEXT.failed);
    expect(text()).toContain("newer version of the app");
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
    source.set({ state: "complete", error: null });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(source.retry).toHaveBeenCalledTimes(1);
    expect(text()).toBe(MIGRATION_TEXT.pending);
    act(() => clock.advance(LEGACY_MIGRATION_POLL_MS));
    expect(text()).toBe(MIGRATION_TEXT.complete);
  });
});
