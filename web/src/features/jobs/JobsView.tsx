/**
 * The maintenance jobs panels as a pure view (spec: pending and failed): what the queue is doing,
 * the last run's result, and each panel's jobs with their buttons. The data and what the buttons
 * do come in as props (JobsPage joins them to the device).
 */
import { formatSyncStamp } from "@preflight/sync-protocol";
import type { ReactNode } from "react";
import {
  describeAvailable,
  JOB_MESSAGES,
  type Job,
  type JobPanel,
  type RunReply,
  splitReason,
  type TemplateButton,
} from "./jobs-model.ts";
import type { JobsState } from "./queries.ts";

const BUTTON_STYLES: Record<TemplateButton["class"], string> = {
  primary: "bg-primary text-white hover:bg-primary-hover",
  secondary: "border border-slate-300 bg-surface text-slate-800 hover:bg-slate-50",
  danger: "bg-danger text-white hover:bg-danger-hover",
};

function ActionButton({
  button,
  onPress,
  disabled,
}: {
  button: TemplateButton;
  onPress: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onPress}
      disabled={disabled}
      data-testid={`jobs-${button.link.replace(/[^a-z]+/gi, "-").toLowerCase()}`}
      className={`rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${BUTTON_STYLES[button.class]}`}
    >
      {button.label}
    </button>
  );
}

export interface JobsViewProps {
  /** The panels; undefined while the device is read. */
  view: JobsState | undefined;
  /** Whether a service worker controls the page (else the panel says the service is not running). */
  serviceWorker: boolean;
  /** An action is under way: the buttons wait. */
  working: boolean;
  /** The reply to the last 'Run', shown under the queue state. */
  lastRun: RunReply | null;
  /** Run the queue, through `throughSeq` when one job's 'Run now' asked. */
  onRun: (throughSeq?: number) => void;
  onRestart: () => void;
  /** Retry the failed jobs, of one queue when named. */
  onRetry: (queue?: string) => void;
}

/** The maintenance jobs panels for this device's queue of changes (spec: pending and failed). */
export function JobsView({ view, serviceWorker, working, lastRun, onRun, onRestart, onRetry }: JobsViewProps) {
  const press = (button: TemplateButton) => {
    if (button.link === "run") return onRun();
    if (button.link === "restart") return onRestart();
    if (button.link === "retry") return onRetry();
    if (button.link.startsWith("retry:")) return onRetry(button.link.slice("retry:".length));
  };

  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6" data-testid="jobs-page">
      <section className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-semibold">Jobs</h1>
            <p className="mt-1 text-sm text-slate-600">
              Changes made on this device wait here until the server has them. They are sent in the order you made them.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {view?.panels.pending.template_buttons.map((button) => (
              <ActionButton key={button.link} button={button} onPress={() => press(button)} disabled={working} />
            ))}
          </div>
        </div>
        {serviceWorker ? null : (
          <p
            className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
            role="alert"
            data-testid="jobs-service-not-running"
          >
            {JOB_MESSAGES.serviceNotRunning}
          </p>
        )}
        <QueueState view={view} working={working} />
        {lastRun ? <RunResult reply={lastRun} onPress={press} disabled={working} /> : null}
      </section>

      <Panel
        title="Pending"
        testId="jobs-pending"
        panel={view?.panels.pending}
        empty="Nothing is waiting to be sent."
        renderJob={(job) => (
          <>
            <JobHeading job={job} />
            <p className="text-sm text-slate-600">
              Next try: <span data-testid="job-available">{availability(job, view?.now)}</span>
            </p>
            <div className="sm:col-start-3 sm:row-span-2 sm:row-start-1 sm:self-center">
              <button
                type="button"
                onClick={() => onRun(job.seq)}
                disabled={working}
                className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50"
                data-testid="job-run-now"
              >
                Run now
              </button>
            </div>
          </>
        )}
      />

      <Panel
        title="Failed"
        testId="jobs-failed"
        panel={view?.panels.failed}
        empty="No change has been refused."
        actions={view?.panels.failed.template_buttons.map((button) => (
          <ActionButton key={button.link} button={button} onPress={() => press(button)} disabled={working} />
        ))}
        renderJob={(job) => {
          const reason = splitReason(job.reason);
          return (
            <>
              <JobHeading job={job} />
              <p className="text-sm text-slate-600">
                Failed {job.failed_at ? formatSyncStamp(new Date(job.failed_at)) : "at an unknown time"}
                {job.attempts > 1 ? ` · tried ${job.attempts} times` : ""}
              </p>
              <p className="text-sm text-red-800 sm:col-span-3" data-testid="job-reason">
                {reason?.message ?? "No reason was given."}
                {reason?.code ? <span className="ml-2 font-mono text-xs text-red-600">{reason.code}</span> : null}
              </p>
            </>
          );
        }}
      />
    </main>
  );
}

function availability(job: Job, now: Date | undefined): string {
  if (!now) return "";
  const when = describeAvailable(job.available_at, now);
  return when === "paused" ? "paused until you sign in again" : when;
}

function QueueState({ view, working }: { view: JobsState | undefined; working: boolean }) {
  if (!view) return null;
  const waitingUntil =
    view.nextAttemptAt && new Date(view.nextAttemptAt) > view.now
      ? describeAvailable(view.nextAttemptAt, view.now)
      : null;
  const text = view.paused
    ? `Paused: ${view.paused}. Sign in again or restart the queue.`
    : working || view.panels.pending.queue_running
      ? "The queue is running."
      : waitingUntil
        ? `Waiting after a failure; next try ${waitingUntil}.`
        : "The queue is idle.";
  return (
    <p className="mt-4 text-sm text-slate-700" data-testid="jobs-queue-state" aria-live="polite">
      {text}
    </p>
  );
}

function RunResult({
  reply,
  onPress,
  disabled,
}: {
  reply: RunReply;
  onPress: (button: TemplateButton) => void;
  disabled: boolean;
}) {
  const tone =
    reply.type === "danger"
      ? "bg-red-50 text-red-900 ring-red-200"
      : reply.type === "warning"
        ? "bg-amber-50 text-amber-900 ring-amber-200"
        : "bg-emerald-50 text-emerald-900 ring-emerald-200";
  return (
    <div className={`mt-4 rounded-md px-3 py-2 text-sm ring-1 ${tone}`} role="status" data-testid="jobs-run-result">
      <p>
        {reply.msg} <span className="text-xs opacity-80">({reply.pending_jobs} pending)</span>
      </p>
      {reply.retry.length ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {reply.retry.map((button) => (
            <ActionButton key={button.link} button={button} onPress={() => onPress(button)} disabled={disabled} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function JobHeading({ job }: { job: Job }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3">
      <span className="font-medium text-slate-900" data-testid="job-queue">
        {job.queue}
      </span>
      <span className="font-mono text-xs text-slate-500" title={job.id} data-testid="job-id">
        #{job.seq} · {job.id.slice(-12)}
      </span>
    </p>
  );
}

function Panel({
  title,
  testId,
  panel,
  empty,
  actions,
  renderJob,
}: {
  title: string;
  testId: string;
  panel: JobPanel | undefined;
  empty: string;
  actions?: ReactNode;
  renderJob: (job: Job) => ReactNode;
}) {
  return (
    <section className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="font-semibold">{title}</h2>
        <span
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700"
          data-testid="count"
        >
          {panel?.count ?? 0}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">{actions}</div>
      </div>
      {panel && panel.count > 0 ? (
        <ul className="divide-y divide-slate-100">
          {panel.jobs.map((job) => (
            <li
              key={job.id}
              className="grid gap-x-4 gap-y-1 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
              data-testid="job"
            >
              {renderJob(job)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{empty}</p>
      )}
    </section>
  );
}
