import { describe, expect, it } from "vitest";
import { isSyncStale, SYNC_MESSAGES, syncButtonView, syncInProgress } from "./SyncButton.tsx";

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

describe("sync while another sync is under way", () => {
  const free = { available: true, is_syncing: false, sync_date: null };

  it("is in progress when the server says is_syncing, is not taking syncs, or a drain runs here", () => {
    expect(syncInProgress(free, false)).toBe(false);
    expect(syncInProgress(null, false)).toBe(false); // offline or refused: nothing known to be running
    expect(syncInProgress({ ...free, is_syncing: true }, false)).toBe(true);
    expect(syncInProgress({ ...free, available: false }, false)).toBe(true);
    expect(syncInProgress(free, true)).toBe(true);
    expect(syncInProgress(null, true)).toBe(true);
  });

  it("shows syncing but stays pressable while busy elsewhere, so the student is told why", () => {
    expect(syncButtonView({ kind: "idle" }, true)).toEqual({ label: "Syncing…", disabled: false });
    expect(syncButtonView({ kind: "idle" }, false)).toEqual({ label: "Sync now", disabled: false });
  });

  it("offline, says nothing failed: Sync now stays pressable and the words are the app's offline words", () => {
    expect(syncButtonView({ kind: "idle" }, false, false)).toEqual({ label: "Sync now", disabled: false });
    expect(syncButtonView({ kind: "failed", secondsLeft: 7 }, false, false)).toEqual({
      label: "Sync now",
      disabled: false,
    });
    expect(SYNC_MESSAGES.offlineTitle).toBe("This device is offline");
    expect(SYNC_MESSAGES.offlineWaiting).toBe("Saved on this device; it will reach the server when you are online");
    expect(
      Object.values(SYNC_MESSAGES)
        .filter((m) => typeof m === "string" && /offline|Saved/.test(m))
        .join(),
    ).not.toMatch(/fail/i);
  });

  it("keeps its own states whatever happens elsewhere", () => {
    for (const busy of [true, false]) {
      expect(syncButtonView({ kind: "syncing" }, busy)).toEqual({ label: "Syncing…", disabled: true });
      expect(syncButtonView({ kind: "synced" }, busy)).toEqual({ label: "Synced", disabled: true });
      expect(syncButtonView({ kind: "failed", secondsLeft: 7 }, busy)).toEqual({
        label: "Try again in 7 s",
        disabled: true,
      });
    }
  });
});
