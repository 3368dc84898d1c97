/**
 * The maintenance jobs panels as pure functions of the outbox (spec: "Sync job: id, queue,
 * available_at, failed_at. Job panel data: count, jobs, queue_running, template_buttons").
 *
 * On this device a "job" is one queued change in the outbox; its "queue" is the kind of change
 * in words; `available_at` is when the drain will next try it, given the back-off or a pause.
 * Example pending job:
 *   { id: "0193…", seq: 7, queue: "Save answer", call: "POST /test/current/save",
 *     available_at: "2026-11-21T09:14:05.000Z", failed_at: null, reason: null, attempts: 0 }
 */
import { resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { callLabel, UNKNOWN_CHANGE_LABEL } from "../../local/outbox/call-labels.ts";
import type { RestartReport, RunReport } from "../../local/outbox/jobs.ts";
import type { OutboxEntry } from "../../local/store/db.ts";
import { DEVICE_OFFLINE, SAVED_ON_DEVICE } from "../../ui/offline-words.ts";

/** Spec: "maintenance jobs refresh 20 s". */
export const JOBS_REFRESH_MS = 20_000;

export const JOB_MESSAGES = {
  serviceNotRunning: "Background update service not running, you may need to restart your computer.",
  retryError: "There was an error retrying the failed queue.",
  runError: "There was an error running the jobs queue.",
  /** Offline, waiting is no failure: what the queue state and a run say. */
  offline: `${DEVICE_OFFLINE}: these changes wait here and are sent when you are online.`,
  offlineRun: SAVED_ON_DEVICE,
} as const;

export interface Job {
  id: string;
  seq: number;
  queue: string;
  /** The change in the student's words ("Answer to question 3 of “Practice”"), never its call. */
  label: string;
  call: string;
  /** ISO time of the next attempt; null when replay is paused or the job failed. */
  available_at: string | null;
  /** ISO time the server refused it; null for pending jobs. */
  failed_at: string | null;
  /** The server's reason for a failed job ("code: message"). */
  reason: string | null;
  attempts: number;
}

export interface TemplateButton {
  label: string;
  /** What the button does: "run", "restart", "retry" or "retry:<queue>". */
  link: string;
  class: "primary" | "secondary" | "danger";
}

export interface JobPanel {
  count: number;
  jobs: Job[];
  queue_running: boolean;
  template_buttons: TemplateButton[];
}

export interface JobPanels {
  pending: JobPanel;
  failed: JobPanel;
}

/** The drain's state as kept in meta. */
export interface QueueState {
  /** meta.drainBackoff.nextAttemptAt, when the drain is backing off. */
  nextAttemptAt: string | null;
  /** meta.paused: why replay is paused (a 401/403 or an app update needed). */
  paused: string | null;
  /** Somebody (this page, another tab or the service worker) holds the outbox lock. */
  running: boolean;
  /** The browser says it is offline: pending jobs wait for the network, not for a retry. */
  offline?: boolean;
}

const QUEUE_NAMES: Record<string, string> = {
  "POST /test/generate/{test_type}": "Create test",
  "POST /test/current/save": "Save answer",
  "POST /test/current/finish/{id}": "Finish test",
  "POST /api/question/flag": "Flag question",
  "POST /api/question/unflag_all": "Unflag all questions",
  "POST /api/question/note": "Note on a question",
  "POST /api/question/review_mark": "Mark for review",
  "POST /questions/{id}/seen-in-exam": "Seen in exam report",
  "POST /api/review": "Review question",
  "POST /zoom": "Zoom level",
  "POST /api/lesson/progress": "Lesson progress",
  "POST /profile/course-dates": "Course dates",
  "POST /profile/account": "Personal details",
  "POST /profile/preferences": "Email preferences",
  "POST /analysis/progress/reset/{subject_id}": "Progress reset",
};

/** The kind of change a call makes, in words ("Save answer"); never the call itself. */
export function queueName(call: string): string {
  const resolved = resolveCall(call);
  return (resolved && QUEUE_NAMES[resolved.template]) ?? UNKNOWN_CHANGE_LABEL;
}

/** Labels a job's change in words; the page passes one that knows the device's tests. */
export type JobLabeller = (entry: OutboxEntry) => string;

const labelWithoutTests: JobLabeller = (entry) => callLabel(entry.call, entry.body);

/** When a pending entry will next be tried: now, after the back-off, or never while paused. */
export function nextAttemptAt(state: QueueState, now: Date): string | null {
  if (state.paused || state.offline) return null;
  if (state.nextAttemptAt && new Date(state.nextAttemptAt) > now) return state.nextAttemptAt;
  return now.toISOString();
}

/**
 * Both panels from the outbox rows (any order) and the time each parked one was refused
 * (the notice written with it, keyed by mutation id).
 */
export function jobPanels(
  entries: OutboxEntry[],
  failedAt: ReadonlyMap<string, string>,
  state: QueueState,
  now: Date,
  labelOf: JobLabeller = labelWithoutTests,
): JobPanels {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const available = nextAttemptAt(state, now);
  const pending = sorted
    .filter((e) => e.status === "pending")
    .map((e): Job => toJob(e, labelOf, { available_at: available, failed_at: null, reason: null }));
  const failed = sorted
    .filter((e) => e.status === "failed")
    .map(
      (e): Job =>
        toJob(e, labelOf, {
          available_at: null,
          failed_at: failedAt.get(e.id) ?? null,
          reason: e.lastError,
        }),
    );
  return {
    pending: {
      count: pending.length,
      jobs: pending,
      queue_running: state.running,
      template_buttons: [
        { label: "Run all", link: "run", class: "primary" },
        { label: "Restart queue", link: "restart", class: "secondary" },
      ],
    },
    failed: {
      count: failed.length,
      jobs: failed,
      queue_running: state.running,
      template_buttons: failed.length ? retryButtons(failed) : [],
    },
  };
}

/** "Retry failed", then one retry per failed queue when more than one kind failed. */
export function retryButtons(failed: Job[]): TemplateButton[] {
  const queues = failedQueues(failed);
  const buttons: TemplateButton[] = [{ label: "Retry failed", link: "retry", class: "danger" }];
  if (queues.length > 1)
    for (const queue of queues) buttons.push({ label: `Retry ${queue}`, link: `retry:${queue}`, class: "secondary" });
  return buttons;
}

/** The distinct queues of the failed jobs, in the order they first failed. */
export function failedQueues(failed: Pick<Job, "queue">[]): string[] {
  return [...new Set(failed.map((j) => j.queue))];
}

function toJob(
  entry: OutboxEntry,
  labelOf: JobLabeller,
  extra: Pick<Job, "available_at" | "failed_at" | "reason">,
): Job {
  return {
    id: entry.id,
    seq: entry.seq,
    queue: queueName(entry.call),
    label: labelOf(entry),
    call: entry.call,
    attempts: entry.attempts,
    ...extra,
  };
}

/** The code and the message of a failure stored as "code: message". */
export function splitReason(reason: string | null): { code: string; message: string } | null {
  if (!reason) return null;
  const at = reason.indexOf(": ");
  if (at < 0) return { code: "", message: reason };
  return { code: reason.slice(0, at), message: reason.slice(at + 2) };
}

/**
 * A job's next attempt as "now", "at 10:14:05" (a clock time, so it stays right between the
 * 20 s refreshes) or "paused".
 */
export function describeAvailable(availableAt: string | null, now: Date): string {
  if (!availableAt) return "paused";
  const when = new Date(availableAt);
  if (when <= now) return "now";
  const two = (n: number) => String(n).padStart(2, "0");
  return `at ${two(when.getHours())}:${two(when.getMinutes())}:${two(when.getSeconds())}`;
}

export type NoticeType = "danger" | "success" | "info" | "warning";

/** The reply to "run" (spec: pending_jobs, msg, a retry link per failed queue). */
export interface RunReply {
  type: NoticeType;
  title: string;
  pending_jobs: number;
  msg: string;
  retry: TemplateButton[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function runReply(report: RunReport, offline = false): RunReply {
  const { outcome, pending } = report;
  const failedJobs = report.failedCalls.map((call) => ({ queue: queueName(call) }));
  const retry = failedJobs.length
    ? failedQueues(failedJobs).map(
        (queue): TemplateButton => ({ label: `Retry ${queue}`, link: `retry:${queue}`, class: "danger" }),
      )
    : [];
  const base = { pending_jobs: pending, retry };
  // Run offline: the changes wait on the device; that is no error of the queue.
  if (offline && (outcome.kind === "retry-later" || outcome.kind === "idle" || outcome.kind === "waiting"))
    return {
      ...base,
      type: "info",
      title: DEVICE_OFFLINE,
      msg: pending ? `${pending} waiting. ${SAVED_ON_DEVICE}.` : "Nothing was waiting.",
    };
  switch (outcome.kind) {
    case "drained": {
      const refused = outcome.failed ? ` ${plural(outcome.failed, "change")} refused.` : "";
      return {
        ...base,
        type: outcome.failed ? "warning" : "success",
        title: "Jobs run",
        msg: `${plural(outcome.sent, "change")} sent.${refused}${pending ? ` ${pending} still waiting.` : ""}`,
      };
    }
    case "idle":
      return {
        ...base,
        type: "info",
        title: "Jobs run",
        msg: pending ? `${pending} waiting.` : "Nothing was waiting.",
      };
    case "paused":
      return {
        ...base,
        type: "warning",
        title: "Sending is paused",
        msg: outcome.reason.startsWith("update required")
          ? "Update the app to send your changes."
          : "Sign in again to send your changes.",
      };
    case "busy":
    case "waiting":
      return {
        ...base,
        type: "info",
        title: "Jobs run",
        msg: "Changes are being sent just now; try again shortly.",
      };
    default:
      return { ...base, type: "danger", title: "Jobs", msg: JOB_MESSAGES.runError };
  }
}

/** The reply to "restart queue" (spec: type, title, msg). */
export function restartReply(report: RestartReport): { type: NoticeType; title: string; msg: string } {
  const cleared = [
    report.clearedBackoff ? "the wait after failures" : null,
    report.clearedPause ? "the pause" : null,
  ].filter(Boolean);
  const what = cleared.length ? ` Cleared ${cleared.join(" and ")}.` : "";
  if (!report.serviceWorker)
    return {
      type: "warning",
      title: "Queue restarted",
      msg: `Changes are sent from this page while it is open.${what}`,
    };
  return { type: "success", title: "Queue restarted", msg: `The background service is sending changes now.${what}` };
}
