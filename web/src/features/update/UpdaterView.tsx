/**
 * The updater as a pure view (spec accounts 4): what the check found, the progress of a run,
 * the modules on this device and the way on to the dashboard. The state comes in as props
 * (useUpdater), the buttons call back.
 */
import { type ReactNode, useEffect, useState } from "react";
import type { AvailableUpdates } from "../../local/content/service.ts";
import type { UpdaterStatus } from "../../local/content/status.ts";
import { formatBytes } from "../../local/content/updater.ts";
import { now } from "../../platform.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { UPDATE_MESSAGES } from "./messages.ts";
import { ProgressPanel } from "./ProgressPanel.tsx";
import type { ModuleReadiness } from "./queries.ts";

export type UpdaterPhase =
  | "checking-syllabus"
  | "listing"
  | "ready"
  | "no-syllabus"
  | "prerequisites-failed"
  | "offline"
  | "error";

export interface UpdaterViewProps {
  phase: UpdaterPhase;
  /** Nothing was on the device when the updater opened: the run starts by itself. */
  firstRun: boolean;
  /** No content pack on the device (offline, the student is told a connection is needed). */
  nothingInstalled: boolean;
  /** Why the list of updates could not be read (phase "error"). */
  listError: string | null;
  status: UpdaterStatus;
  /** 'Update now' was pressed (or a first run began) and the run has not shown yet. */
  starting?: boolean;
  available: AvailableUpdates | null;
  modules: ModuleReadiness[];
  /** The first module is ready, a run finished or content is on the device: the dashboard may open. */
  canLeave: boolean;
  /** The link to the update history and tools. */
  toolsLink: ReactNode;
  onUpdateNow: () => void;
  onCancel: () => void;
  onDashboard: () => void;
}

const RUNNING_STATES: readonly string[] = ["checking", "downloading", "processing", "retrying"];

export function UpdaterView({
  phase,
  firstRun,
  nothingInstalled,
  listError,
  status,
  starting = false,
  available,
  modules,
  canLeave,
  toolsLink,
  onUpdateNow,
  onCancel,
  onDashboard,
}: UpdaterViewProps) {
  const running = RUNNING_STATES.includes(status.state);

  if (phase === "no-syllabus" || phase === "prerequisites-failed")
    return (
      <Shell title="Updates">
        <ErrorNotice className="rounded-xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          <p>{phase === "no-syllabus" ? UPDATE_MESSAGES.noSyllabus : UPDATE_MESSAGES.prerequisitesFailed}</p>
          <p className="mt-3 font-medium">{UPDATE_MESSAGES.loggingOut}</p>
        </ErrorNotice>
      </Shell>
    );

  return (
    <Shell title={firstRun ? "Setting up Preflight on this device" : "Updates"}>
      {phase === "offline" ? (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          {nothingInstalled ? UPDATE_MESSAGES.firstRunOffline : UPDATE_MESSAGES.offline}
        </p>
      ) : null}
      {phase === "error" && listError ? (
        <ErrorNotice className="rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
          {listError}
        </ErrorNotice>
      ) : null}
      {phase === "checking-syllabus" || phase === "listing" ? <Working text="Checking for updates…" /> : null}
      {starting && !running ? <Working text="Starting the update…" testId="update-starting" /> : null}

      {status.warning ? (
        <p
          className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
          role="status"
        >
          {status.warning}
        </p>
      ) : null}
      {status.state === "retrying" && status.retryAt ? <RetryCountdown at={status.retryAt} /> : null}

      {available && !running && !starting && status.state !== "finished" ? (
        <Card testId="updates-available">
          <h2 className="text-lg font-semibold text-slate-900">
            {available.total_updates === 0
              ? "Your content is up to date"
              : `${available.total_updates} update${available.total_updates === 1 ? "" : "s"} available`}
          </h2>
          {available.total_updates > 0 ? (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {available.total_sources} download{available.total_sources === 1 ? "" : "s"},{" "}
                {formatBytes(available.size)} in all.
              </p>
              <Button onPress={onUpdateNow} testId="update-now" className="mt-4">
                {UPDATE_MESSAGES.updateNow}
              </Button>
            </>
          ) : null}
        </Card>
      ) : null}

      {status.state !== "idle" ? <ProgressPanel status={status} onCancel={onCancel} /> : null}

      {modules.length > 0 ? (
        <Card title="Modules on this device">
          <ul className="-mt-2 divide-y divide-slate-100 text-sm" data-testid="update-modules">
            {modules.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-3 py-2">
                <span>{m.title}</span>
                {m.ready ? (
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                    Ready
                  </span>
                ) : (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                    {UPDATE_MESSAGES.notYetAvailable}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {canLeave ? (
        <div className="flex flex-wrap items-center justify-end gap-4">
          {toolsLink}
          <Button onPress={onDashboard} testId="update-dashboard">
            {running ? "Go to dashboard (downloads continue)" : "Go to dashboard"}
          </Button>
        </div>
      ) : null}
    </Shell>
  );
}

function RetryCountdown({ at }: { at: string }) {
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((Date.parse(at) - now()) / 1000)));
  useEffect(() => {
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((Date.parse(at) - now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [at]);
  return (
    <p className="text-sm text-slate-600" data-testid="update-retry">
      Trying again in {left} s
    </p>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} width="narrow">
      {children}
    </Page>
  );
}

/** A wait the student sees move (over 300 ms it would look frozen): a spinner and what runs. */
function Working({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="flex items-center gap-3 text-sm text-slate-700" role="status" data-testid={testId}>
      <span
        className="inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-slate-200 border-t-brand-600 motion-reduce:animate-none"
        aria-hidden
      />
      {text}
    </p>
  );
}
