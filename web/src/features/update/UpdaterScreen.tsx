import { UPDATER_STATUS_POLL_MS, UPDATER_SYLLABUS_FAILURE_LOGOUT_MS } from "@preflight/sync-protocol";
import { availableModules } from "@preflight/sync-protocol/rules/content-plan";
import type { Manifest } from "@preflight/sync-protocol/schemas/content-pack";
import { Link, useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { useUpdaterStatus } from "../../app/useUpdaterStatus.ts";
import { ApiCallError, apiCall, NetworkError } from "../../local/api.ts";
import { type AvailableUpdates, cancelUpdate, checkAvailable, startUpdate } from "../../local/content/service.ts";
import { requestPersistence } from "../../local/content/storage.ts";
import { formatBytes } from "../../local/content/updater.ts";
import { getMeta } from "../../local/db.ts";
import { now } from "../../platform.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { UPDATE_MESSAGES } from "./messages.ts";
import { ProgressPanel } from "./ProgressPanel.tsx";

/** Long enough to see 100% before the dashboard opens. */
const FIRST_RUN_DONE_DELAY_MS = 1500;

type Phase = "checking-syllabus" | "listing" | "ready" | "no-syllabus" | "prerequisites-failed" | "offline" | "error";

/**
 * The updater (spec accounts 4): check the syllabus (request it if missing), list what is
 * available, then start at once on a first run or wait for 'Update now'. On a first run the
 * first module comes first; the student may go on while the rest downloads.
 */
export function UpdaterScreen() {
  const { session, scope } = useSignedIn();
  const db = scope.db;
  const online = useOnline();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const status = useUpdaterStatus(db, UPDATER_STATUS_POLL_MS);
  const installed = useLiveQuery(() => db.installedPacks.toArray(), [db]);
  const manifest = useLiveQuery(() => getMeta<Manifest>(db, "contentManifest"), [db]);
  const [phase, setPhase] = useState<Phase>("checking-syllabus");
  const [available, setAvailable] = useState<AvailableUpdates | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const firstRun = useRef<boolean | null>(null);
  if (firstRun.current === null && installed) firstRun.current = installed.length === 0;

  const begin = useCallback(async () => {
    // A first run is when the bank arrives: ask the browser to keep it under storage pressure.
    if (firstRun.current) void requestPersistence();
    const outcome = await startUpdate(db, { firstRun: firstRun.current ?? false });
    if (outcome === "syncing")
      snackbar.notify({ type: "warning", title: "Please wait", text: UPDATE_MESSAGES.duringSync });
    if (outcome === "locked")
      snackbar.notify({ type: "warning", title: "Update status locked", text: UPDATE_MESSAGES.locked });
  }, [db, snackbar]);

  // Check the syllabus, then list the updates; a first run starts at once.
  const loaded = installed !== undefined;
  useEffect(() => {
    if (!online || !loaded) {
      if (!online) setPhase("offline");
      return;
    }
    let cancelled = false;
    void (async () => {
      setPhase("checking-syllabus");
      if (session.user.syllabus_id === null) {
        try {
          const { body } = await apiCall<{ syllabus_sync_response: unknown }>("/update/update-syllabus", {
            method: "POST",
          });
          if (!body.syllabus_sync_response) return !cancelled && setPhase("no-syllabus");
        } catch (err) {
          if (cancelled) return;
          return setPhase(err instanceof NetworkError ? "offline" : "prerequisites-failed");
        }
      }
      setPhase("listing");
      try {
        const list = await checkAvailable(db);
        if (cancelled) return;
        setAvailable(list);
        setPhase("ready");
        if (firstRun.current && list.total_updates > 0) await begin();
      } catch (err) {
        if (cancelled) return;
        setListError(err instanceof ApiCallError || err instanceof Error ? err.message : String(err));
        setPhase(err instanceof NetworkError ? "offline" : "error");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [online, loaded, db, session.user.syllabus_id, begin]);

  // No syllabus, or it could not be obtained: say so and sign out after 17 s.
  useEffect(() => {
    if (phase !== "no-syllabus" && phase !== "prerequisites-failed") return;
    const timer = setTimeout(() => void navigate({ to: "/logout" }), UPDATER_SYLLABUS_FAILURE_LOGOUT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  // A danger notification for an error that is not a lost connection.
  const lastError = useRef<string | null>(null);
  useEffect(() => {
    if (status.error && status.error !== lastError.current)
      snackbar.notify({ type: "danger", title: "Error", text: status.error });
    lastError.current = status.error;
  }, [status.error, snackbar]);

  // A first run that finished takes the student on to the dashboard.
  useEffect(() => {
    if (status.state !== "finished" || !firstRun.current) return;
    const timer = setTimeout(() => void navigate({ to: "/dashboard" }), FIRST_RUN_DONE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.state, navigate]);

  // Refresh the list once a run ends, so what is left (if anything) shows.
  const finishedAt = status.finishedAt;
  useEffect(() => {
    if (finishedAt && online) void checkAvailable(db).then(setAvailable, () => undefined);
  }, [finishedAt, online, db]);

  const running = ["checking", "downloading", "processing", "retrying"].includes(status.state);
  const versions = Object.fromEntries((installed ?? []).map((p) => [p.subject, p.version]));
  const ready = manifest ? availableModules(manifest, versions) : new Set<number>();
  const firstModuleReady = manifest?.modules[0] ? ready.has(manifest.modules[0].id) : false;

  if (phase === "no-syllabus" || phase === "prerequisites-failed")
    return (
      <Shell title="Updates">
        <div className="rounded-xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200" role="alert">
          <p>{phase === "no-syllabus" ? UPDATE_MESSAGES.noSyllabus : UPDATE_MESSAGES.prerequisitesFailed}</p>
          <p className="mt-3 font-medium">{UPDATE_MESSAGES.loggingOut}</p>
        </div>
      </Shell>
    );

  return (
    <Shell title={firstRun.current ? "Setting up Preflight on this device" : "Updates"}>
      {phase === "offline" ? (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          {installed?.length === 0 ? UPDATE_MESSAGES.firstRunOffline : UPDATE_MESSAGES.offline}
        </p>
      ) : null}
      {phase === "error" && listError ? (
        <p className="rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200" role="alert">
          {listError}
        </p>
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
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="updates-available">
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
                onClick={() => void begin()}
                className="mt-4 rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
                data-testid="update-now"
              >
                {UPDATE_MESSAGES.updateNow}
              </button>
            </>
          ) : null}
        </section>
      ) : null}

      {status.state !== "idle" ? <ProgressPanel status={status} onCancel={cancelUpdate} /> : null}

      {manifest && manifest.modules.length > 0 ? (
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-semibold">Modules on this device</h2>
          <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="update-modules">
            {manifest.modules.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-3 py-2">
                <span>{m.title}</span>
                {ready.has(m.id) ? (
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

      {firstModuleReady || status.state === "finished" || (installed?.length ?? 0) > 0 ? (
        <div className="flex flex-wrap items-center justify-end gap-4">
          <Link
            to="/maintenance/updates"
            className="text-sm font-medium text-brand-700 hover:underline"
            data-testid="update-admin-link"
          >
            Update history and tools
          </Link>
          <button
            type="button"
            onClick={() => void navigate({ to: "/dashboard" })}
            className="rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
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

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </main>
  );
}
