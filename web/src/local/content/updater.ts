import { UPDATER_MAX_ATTEMPTS, UPDATER_RETRY_COUNTDOWN_S } from "@preflight/sync-protocol/rules/constants";
import { planUpdates } from "@preflight/sync-protocol/rules/content-plan";
import { type Manifest, manifestSchema } from "@preflight/sync-protocol/schemas/content-pack";
import { currentDate, monotonicNow, platformFetch } from "../../platform.ts";
import type { UserDb } from "../store/db.ts";
import { applyPack } from "./apply.ts";
import { bankCodesKept } from "./bank-codes-index.ts";
import { discardDownloadsExcept, downloadPack, type Fetch, verifyPack } from "./download.ts";
import { isCancelled, requestFailed, serverError, UpdateError } from "./errors.ts";
import { cacheImages, missingImages } from "./images.ts";
import { installedVersions } from "./installed.ts";
import { refreshLessonIndexes } from "./lesson-index.ts";
import { refreshPracticeIndexOffThread } from "./practice-index.ts";
import { SpeedMeter } from "./speed.ts";
import { IDLE_STATUS, LOG_LIMIT, type UpdaterStatus } from "./status.ts";
import { unpack } from "./unpack.ts";

export const UPDATER_MESSAGES = {
  lostConnection: "Lost connection, trying again...",
  failed: "There was an error downloading the update",
} as const;

export interface UpdaterOptions {
  fetch?: Fetch;
  signal?: AbortSignal;
  firstRun?: boolean;
  onStatus?: (status: UpdaterStatus) => void;
  now?: () => Date;
  /** Waits before a retry; resolves early (rejects) when cancelled. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Asked before each pack: true stops the run there, so the pack in hand is applied whole and
   * nothing after it starts (the updates admin's interrupt).
   */
  shouldStop?: () => boolean | Promise<boolean>;
}

/**
 * Brings the device's content up to the server's newest release: fetch the manifest, plan per
 * subject (deltas where they are cheaper), then download, verify and apply each pack in order,
 * first module first, then the images. On an error a 3 s countdown and another attempt, up to
 * five; resumable downloads mean a retry continues rather than restarts.
 */
export async function runUpdates(db: UserDb, options: UpdaterOptions = {}): Promise<UpdaterStatus> {
  const now = options.now ?? currentDate;
  const doFetch: Fetch = options.fetch ?? platformFetch;
  const sleep = options.sleep ?? abortableSleep;
  const meter = new SpeedMeter(now);
  let status: UpdaterStatus = {
    ...IDLE_STATUS,
    state: "checking",
    firstRun: options.firstRun ?? false,
    startedAt: now().toISOString(),
    log: [],
  };
  const emit = (patch: Partial<UpdaterStatus>, line?: string) => {
    status = { ...status, ...patch };
    if (line)
      status.log = [...status.log, { n: (status.log.at(-1)?.n ?? 0) + 1, at: now().toISOString(), text: line }].slice(
        -LOG_LIMIT,
      );
    options.onStatus?.(status);
  };
  emit({}, "Checking for updates");

  /** Runs one phase and adds its time to status.timings; `report` returns the ms instead. */
  async function timed<T>(phase: keyof UpdaterStatus["timings"], work: () => Promise<T>): Promise<T>;
  async function timed<T>(phase: keyof UpdaterStatus["timings"], work: () => Promise<T>, report: true): Promise<number>;
  async function timed<T>(phase: keyof UpdaterStatus["timings"], work: () => Promise<T>, report = false) {
    const started = monotonicNow();
    const result = await work();
    const ms = Math.round(monotonicNow() - started);
    emit({ timings: { ...status.timings, [phase]: status.timings[phase] + ms } });
    return report ? ms : result;
  }

  const stopIfAsked = async (): Promise<boolean> => {
    if (!(await options.shouldStop?.())) return false;
    emit(
      {
        state: "cancelled",
        currentUpdate: null,
        currentSource: null,
        downloadSpeed: 0,
        finishedAt: now().toISOString(),
      },
      "Stopped after the current update, as asked",
    );
    return true;
  };

  let doneBytes = 0;
  for (let attempt = 1; ; attempt++) {
    emit({ attempt });
    try {
      const manifest = await fetchManifest(doFetch, options.signal);
      const plan = planUpdates(manifest, await installedVersions(db));
      // A download this run will not fetch is never resumed: a newer version replaced its pack.
      await discardDownloadsExcept(db, new Set(plan.updates.flatMap((u) => u.packs.map((p) => p.id))));
      const images = await missingImages(manifest);
      const imageBytes = images.reduce((n, i) => n + i.size, 0);
      const sources = plan.updates.reduce((n, u) => n + u.packs.length, 0) + (images.length ? 1 : 0);
      emit({
        totalUpdates: plan.updates.length,
        totalSources: sources,
        totalSize: doneBytes + plan.bytes + imageBytes,
        error: null,
        warning: null,
        retryAt: null,
      });
      if (sources === 0) {
        // Indexes kept by an older version of the app (without the graphs' codes) are built once
        // here rather than read around at every open.
        if (!(await bankCodesKept(db))) {
          const took = await timed("index", () => refreshPracticeIndexOffThread(db), true);
          emit({}, `Indexed the question bank in ${took} ms`);
        }
        emit({ state: "finished", progress: 100, finishedAt: now().toISOString() }, "Everything is up to date");
        return status;
      }
      let downloaded = doneBytes;
      const onBytes = (n: number, resumed = false) => {
        downloaded += n;
        if (!resumed) meter.add(n);
        emit({
          downloadedBytes: downloaded,
          downloadSpeed: meter.mbps(),
          progress: Math.min(99, Math.floor((downloaded / Math.max(1, status.totalSize)) * 100)),
        });
      };
      for (const update of plan.updates) {
        for (const pack of update.packs) {
          if (options.signal?.aborted) throw new UpdateError("Cancelled", "cancelled");
          if (await stopIfAsked()) return status;
          const what =
            pack.kind === "full" ? `version ${pack.version}` : `changes ${pack.base_version}→${pack.version}`;
          emit(
            { state: "downloading", currentUpdate: update.title, currentSource: pack.id },
            `Downloading ${update.title} ${what} (${formatBytes(pack.size)})`,
          );
          const bytes = await timed("download", () =>
            downloadPack(db, pack, { fetch: doFetch, onBytes, ...signalOf(options) }),
          );
          emit({ state: "processing" });
          await timed("verify", () => verifyPack(db, pack, bytes));
          emit({}, `Verified ${pack.id} (sha256)`);
          const body = await timed("unpack", () => unpack(bytes, pack));
          const took = await timed("apply", () => applyPack(db, body, pack.sha256, now()), true);
          doneBytes += pack.size;
          emit({}, `Applied ${update.title} ${what}: ${body.questions.length} questions in ${took} ms`);
        }
      }
      if (plan.updates.length) {
        // Once per run, not per pack: the practice builder and the lesson search then open
        // without indexing the bank or the lessons.
        const took = await timed(
          "index",
          () => Promise.all([refreshPracticeIndexOffThread(db), refreshLessonIndexes(db)]),
          true,
        );
        emit({}, `Indexed the question bank and the lessons for search in ${took} ms`);
      }
      if (images.length) {
        if (await stopIfAsked()) return status;
        emit({ state: "downloading", currentUpdate: "Images", currentSource: `${images.length} images` });
        // Images are best effort: the questions are usable without them, and a missing image
        // is offered again by the next check.
        const stillMissing = await cacheImages(images, { fetch: doFetch, onBytes, ...signalOf(options) });
        doneBytes += imageBytes;
        emit(
          {},
          stillMissing === 0
            ? `Stored ${images.length} images`
            : `Stored ${images.length - stillMissing} of ${images.length} images; the rest will be tried again later`,
        );
      }
      emit(
        {
          state: "finished",
          progress: 100,
          currentUpdate: null,
          currentSource: null,
          downloadSpeed: 0,
          finishedAt: now().toISOString(),
        },
        "All updates applied",
      );
      return status;
    } catch (err) {
      if (isCancelled(err) || options.signal?.aborted) {
        emit({ state: "cancelled", finishedAt: now().toISOString(), downloadSpeed: 0 }, "Cancelled");
        return status;
      }
      const message = err instanceof UpdateError ? err.message : UPDATER_MESSAGES.failed;
      // The spec's 'Server Error' shown as a lost connection: every failure of the network itself.
      const lostConnection = err instanceof UpdateError && err.reason === "network";
      if (attempt >= UPDATER_MAX_ATTEMPTS) {
        emit(
          {
            state: "failed",
            error: lostConnection ? UPDATER_MESSAGES.failed : message,
            warning: null,
            downloadSpeed: 0,
            finishedAt: now().toISOString(),
          },
          `Failed after ${attempt} attempts: ${message}`,
        );
        await db.updateRecords.add({
          kind: "failed",
          name: status.currentUpdate ?? "Content update",
          at: now().toISOString(),
          detail: message,
        });
        return status;
      }
      const retryAt = new Date(now().getTime() + UPDATER_RETRY_COUNTDOWN_S * 1000).toISOString();
      emit(
        {
          state: "retrying",
          retryAt,
          downloadSpeed: 0,
          warning: lostConnection ? UPDATER_MESSAGES.lostConnection : null,
          error: lostConnection ? null : message,
        },
        `Attempt ${attempt} failed: ${message}; trying again in ${UPDATER_RETRY_COUNTDOWN_S} s`,
      );
      try {
        await sleep(UPDATER_RETRY_COUNTDOWN_S * 1000, options.signal);
      } catch {
        emit({ state: "cancelled", finishedAt: now().toISOString() }, "Cancelled");
        return status;
      }
    }
  }
}

export async function fetchManifest(doFetch: Fetch, signal?: AbortSignal): Promise<Manifest> {
  const response = await doFetch("/api/content/manifest", {
    credentials: "same-origin",
    ...(signal ? { signal } : {}),
  }).catch((err: unknown) => {
    throw requestFailed(err);
  });
  if (!response.ok) throw await serverError(response);
  const parsed = manifestSchema.safeParse(await response.json());
  if (!parsed.success) throw new UpdateError("The server sent a manifest this app cannot read", "server");
  return parsed.data;
}

function signalOf(options: UpdaterOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UpdateError("Cancelled", "cancelled"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new UpdateError("Cancelled", "cancelled"));
    });
  });
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
