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
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
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
      {phase === "checking-syllabus" || phase === "listing" ? (
        <p className="text-sm text-slate-600" role="status">
          Checking for updates…
        </p>
      ) : null}

      {status.warning ? (
        <p
          className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
          role="status"
        >
          {status.warning}
        </p>
      ) : null}
      {status.state === "retrying" && status.retryAt ? <RetryCountdown at={status.retryAt} /> : null}

      {available && !running && status.state !== "finished" ? (
        <section className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200" data-testid="updates-available">
          <h2 className="font-semibold">
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
              <button
                type="button"
                onClick={onUpdateNow}
                className="mt-4 rounded-md bg-primary px-5 py-2.5 font-medium text-white hover:bg-primary-hover"
                data-testid="update-now"
              >
                {UPDATE_MESSAGES.updateNow}
              </button>
            </>
          ) : null}
        </section>
      ) : null}

      {status.state !== "idle" ? <ProgressPanel status={status} onCancel={onCancel} /> : null}

      {modules.length > 0 ? (
        <section className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-semibold">Modules on this device</h2>
          <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="update-modules">
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
        </section>
      ) : null}

      {canLeave ? (
        <div className="flex flex-wrap items-center justify-end gap-4">
          {toolsLink}
          <button
            type="button"
            onClick={onDashboard}
            className="rounded-md bg-primary px-5 py-2.5 font-medium text-white hover:bg-primary-hover"
            data-testid="update-dashboard"
          >
            {running ? "Go to dashboard (downloads continue)" : "Go to dashboard"}
          </button>
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
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
