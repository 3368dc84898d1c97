/** What the updater is doing, as the updater screen and the dashboard show it (spec: updater state). */
export interface UpdaterStatus {
  state: "idle" | "checking" | "downloading" | "processing" | "retrying" | "finished" | "cancelled" | "failed";
  firstRun: boolean;
  /** Subjects to bring up to date, and the downloads (packs, plus the images) that takes. */
  totalUpdates: number;
  totalSources: number;
  totalSize: number;
  currentUpdate: string | null;
  currentSource: string | null;
  /** 0 to 100; 100 only once everything is applied. */
  progress: number;
  downloadedBytes: number;
  /** Megabits per second over the last few seconds. */
  downloadSpeed: number;
  attempt: number;
  retryAt: string | null;
  /** A danger message (the server's, or the spec's default). */
  error: string | null;
  /** A warning: the connection dropped and the updater will try again. */
  warning: string | null;
  /** Numbered so a screen can key its lines. */
  log: { n: number; at: string; text: string }[];
  /**
   * Milliseconds spent in each phase of this run (the benchmark reads them); `index` is building
   * what is derived from the bank once it is stored (the practice builder's index).
   */
  timings: { download: number; verify: number; unpack: number; apply: number; index: number };
  startedAt: string | null;
  finishedAt: string | null;
}

export const IDLE_STATUS: UpdaterStatus = {
  state: "idle",
  firstRun: false,
  totalUpdates: 0,
  totalSources: 0,
  totalSize: 0,
  currentUpdate: null,
  currentSource: null,
  progress: 0,
  downloadedBytes: 0,
  downloadSpeed: 0,
  attempt: 0,
  retryAt: null,
  error: null,
  warning: null,
  log: [],
  timings: { download: 0, verify: 0, unpack: 0, apply: 0, index: 0 },
  startedAt: null,
  finishedAt: null,
};

export function isRunning(status: UpdaterStatus): boolean {
  return ["checking", "downloading", "processing", "retrying"].includes(status.state);
}

/** Keeps the last few hundred lines: the activity log is for a glance, not an archive. */
export const LOG_LIMIT = 300;
