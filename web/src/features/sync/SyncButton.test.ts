import { describe, expect, it } from "vitest";
import { isSyncStale, SYNC_MESSAGES } from "./SyncButton.tsx";

describe("sync button rules", () => {
  it("warns when the last sync is over 7 days old", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(isSyncStale("2026-11-14T09:59:00Z", now)).toBe(true);
    expect(isSyncStale("2026-11-14T10:01:00Z", now)).toBe(false);
    expect(isSyncStale(null, now)).toBe(false);
  });

  it("says the spec's words", () => {
    expect(SYNC_MESSAGES.retry).toBe("Please try syncing again in 10 seconds");
    expect(SYNC_MESSAGES.problemTitle).toBe("There was a problem");
    expect(SYNC_MESSAGES.busy).toBe("Unable to update whilst a sync is in progress, please try again shortly.");
  });
});
