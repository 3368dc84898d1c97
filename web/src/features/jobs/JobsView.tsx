/**
 * The maintenance jobs panels as a pure view (spec: pending and failed): what the queue is doing,
 * the last run's result, and each panel's jobs with their buttons. The data and what the buttons
 * do come in as props (JobsPage joins them to the device).
 */
import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import type { ReactNode } from "react";
import { Button } from "../../ui/Button.tsx";
import { Card, Page } from "../../ui/Page.tsx";
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
    <Button
      variant={button.class}
      onPress={onPress}
      disabled={disabled}
      testId={`jobs-${button.link.replace(/[^a-z]+/gi, "-").toLowerCase()}`}
    >
      {button.label}
    </Button>
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
    <Page
      title="Jobs"
      titleTestId="jobs-title"
      description="Changes made on this device wait here until the server has them. They are sent in the order you made them."
      actions={view?.panels.pending.template_buttons.map((button) => (
        <ActionButton key={button.link} button={button} onPress={() => press(button)} disabled={working} />
      ))}
    >
      <div className="space-y-6" data-testid="jobs-page">
        <Card title="Queue">
          {serviceWorker ? null : (
            <p
              className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
              role="alert"
              data-testid="jobs-service-not-running"
            >
              {JOB_MESSAGES.serviceNotRunning}
            </p>
          )}
          <QueueState view={view} working={working} />
          {lastRun ? <RunResult reply={lastRun} onPress={press} disabled={working} /> : null}
        </Card>

        <Panel
          title="Pending"
          testId="jobs-pending"
          panel={view?.panels.pending}
          empty="Nothing is waiting to be sent."
          renderJob={(job) => (
            <>
              <JobHeading job={job} />
              <p className="text-sm text-slate-600">
                Next try: <span data-testid="job-available">{availability(job, view)}</span>
              </p>
              <div className="sm:col-start-3 sm:row-span-2 sm:row-start-1 sm:self-center">
                <Button variant="secondary" onPress={() => onRun(job.seq)} disabled={working} testId="job-run-now">
                  Run now
                </Button>
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
      </div>
    </Page>
  );
}

function availability(job: Job, view: JobsState | undefined): string {
  if (!view) return "";
  if (view.offline && !view.paused) return "when this device is online";
  const when = describeAvailable(job.available_at, view.now);
  return when === "paused" ? "paused until you sign in again" : when;
}

function QueueState({ view, working }: { view: JobsState | undefined; working: boolean }) {
  if (!view) return null;
  const waitingUntil =
    view.nextAttemptAt && new Date(view.nextAttemptAt) > view.now
      ? describeAvailable(view.nextAttemptAt, view.now)
      : null;
  // Waiting for the network, or to try again, is never called a failure.
  const text = view.paused
    ? `Paused: ${view.paused}. Sign in again or restart the queue.`
    : working || view.panels.pending.queue_running
      ? "The queue is running."
      : view.offline
        ? JOB_MESSAGES.offline
        : waitingUntil
          ? `Waiting to try again; next try ${waitingUntil}.`
          : "The queue is idle.";
  return (
    <p className="text-sm text-slate-700" data-testid="jobs-queue-state" aria-live="polite">
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
        : reply.type === "info"
          ? "bg-sky-50 text-sky-900 ring-sky-200"
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

/** The change in words first; its kind and number under it (never the call it makes). */
function JobHeading({ job }: { job: Job }) {
  return (
    <div className="min-w-0">
      <p className="break-words font-medium text-slate-900" data-testid="job-label">
        {job.label}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-3 text-xs text-slate-600">
        <span data-testid="job-queue">{job.queue}</span>
        <span className="font-mono" title={job.id} data-testid="job-id">
          #{job.seq} · {job.id.slice(-12)}
        </span>
      </p>
    </div>
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
    <Card
      testId={testId}
      title={
        <span className="flex items-center gap-3">
          {title}
          <span
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700"
            data-testid="count"
          >
            {panel?.count ?? 0}
          </span>
        </span>
      }
      actions={actions ? <div className="flex flex-wrap gap-2">{actions}</div> : undefined}
    >
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
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </Card>
  );
}
