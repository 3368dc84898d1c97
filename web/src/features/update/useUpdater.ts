/**
 * The updater's data and steps (spec accounts 4): check the syllabus (request it if missing),
 * list what is available, then start at once on a first run or wait for 'Update now'. No
 * syllabus signs the student out after 17 s; a finished first run goes on to the dashboard.
 */
import { UPDATER_STATUS_POLL_MS, UPDATER_SYLLABUS_FAILURE_LOGOUT_MS } from "@preflight/sync-protocol/rules/constants";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { useUpdaterStatus } from "../../app/useUpdaterStatus.ts";
import { NetworkError } from "../../local/api.ts";
import {
  type AvailableUpdates,
  cancelUpdate,
  checkAvailable,
  startApprovedUpdate,
  startUpdate,
} from "../../local/content/service.ts";
import { isRunning } from "../../local/content/status.ts";
import { requestPersistence } from "../../local/content/storage.ts";
import { failureText } from "../../local/form-errors.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { UPDATE_MESSAGES } from "./messages.ts";
import { requestSyllabus, useInstalledContent } from "./queries.ts";
import type { UpdaterPhase, UpdaterViewProps } from "./UpdaterView.tsx";

/** Long enough to see 100% before the dashboard opens. */
const FIRST_RUN_DONE_DELAY_MS = 1500;

export function useUpdater(): Omit<UpdaterViewProps, "toolsLink"> {
  const { session, scope } = useSignedIn();
  const db = scope.db;
  const online = useOnline();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const showError = useErrorNotice();
  const status = useUpdaterStatus(db, UPDATER_STATUS_POLL_MS);
  const { packs, modules } = useInstalledContent(db);
  const [phase, setPhase] = useState<UpdaterPhase>("checking-syllabus");
  const [available, setAvailable] = useState<AvailableUpdates | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const firstRun = useRef<boolean | null>(null);
  if (firstRun.current === null && packs !== undefined) firstRun.current = packs === 0;

  // From the press (or a first run's start) until the polled status shows the run: the screen
  // shows that it is starting, never the same button as before the press.
  const [starting, setStarting] = useState(false);
  const running = isRunning(status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a run that ended (finishedAt) ends the start too
  useEffect(() => {
    if (running || status.state === "finished" || status.state === "failed") setStarting(false);
  }, [running, status.state, status.finishedAt]);

  const begin = useCallback(async () => {
    setStarting(true);
    // A first run is when the bank arrives: ask the browser to keep it under storage pressure.
    if (firstRun.current) void requestPersistence();
    // A first run starts by itself, with nobody to press 'Update now' again: like an approved
    // update it waits out a send of the outbox in progress (the sign-in's own sync) instead of
    // being refused by it.
    const start = firstRun.current ? startApprovedUpdate : startUpdate;
    const outcome = await start(db, { firstRun: firstRun.current ?? false }).catch((err: unknown) => {
      setStarting(false);
      throw err;
    });
    if (outcome !== "started") setStarting(false);
    if (outcome === "syncing")
      snackbar.notify({ type: "warning", title: "Please wait", text: UPDATE_MESSAGES.duringSync });
    if (outcome === "locked")
      snackbar.notify({ type: "warning", title: "Update status locked", text: UPDATE_MESSAGES.locked });
  }, [db, snackbar]);

  // Check the syllabus, then list the updates; a first run starts at once.
  const loaded = packs !== undefined;
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
          if (!(await requestSyllabus())) return !cancelled && setPhase("no-syllabus");
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
        setListError(failureText(err, { explains: [Error] }));
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
    if (status.error && status.error !== lastError.current) showError(status.error, { text: status.error });
    lastError.current = status.error;
  }, [status.error, showError]);

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

  return {
    phase,
    firstRun: firstRun.current ?? false,
    nothingInstalled: packs === 0,
    listError,
    status,
    starting: starting && !running,
    available,
    modules,
    canLeave: modules[0]?.ready || status.state === "finished" || (packs ?? 0) > 0,
    onUpdateNow: () => void begin(),
    onCancel: cancelUpdate,
    onDashboard: () => void navigate({ to: "/dashboard" }),
  };
}
