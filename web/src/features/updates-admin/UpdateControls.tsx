import { UPDATE_MODE_AUTOMATIC, UPDATE_MODE_MANUAL } from "@preflight/sync-protocol/rules/constants";
import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { useErrorNotice } from "../../app/error-notice.ts";
import { updateProfile } from "../../local/actions/profile.ts";
import {
  readUpdateLock,
  requestStop,
  type UpdateLockRecord,
  UpdateRunningError,
  unlockUpdates,
  updateMode,
} from "../../local/content/service.ts";
import { isRunning, type UpdaterStatus } from "../../local/content/status.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { UPDATES_ADMIN_MESSAGES } from "./messages.ts";

const LOCK_POLL_MS = 2000;

/** What the updater is doing, the interrupt, the update status lock and the update mode. */
export function UpdateControls({ scope, status }: { scope: LocalScope; status: UpdaterStatus }) {
  const { db } = scope;
  const running = isRunning(status);
  return (
    <Card title="Update status" testId="update-controls" className="space-y-4">
      <RunState db={db} status={status} running={running} />
      <LockState db={db} running={running} />
      <ModeChoice scope={scope} />
    </Card>
  );
}

function RunState({ db, status, running }: { db: UserDb; status: UpdaterStatus; running: boolean }) {
  const { notify } = useSnackbar();
  const [stopAsked, setStopAsked] = useState(false);
  useEffect(() => {
    if (!running) setStopAsked(false);
  }, [running]);

  const stop = async () => {
    if (await requestStop(db)) {
      setStopAsked(true);
      notify({ type: "info", title: "Stopping updates", text: UPDATES_ADMIN_MESSAGES.interrupt });
    } else notify({ type: "info", title: "Updates", text: "No update is running." });
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm text-slate-700" data-testid="update-run-state">
          {running
            ? `Updating ${status.currentUpdate ?? ""} — ${status.progress}%`.replace("  ", " ")
            : describeIdle(status)}
        </p>
        {stopAsked ? (
          <p className="mt-1 text-sm font-medium text-amber-800" role="status" data-testid="update-stop-asked">
            {UPDATES_ADMIN_MESSAGES.interrupt}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {running ? (
          <Button variant="secondary" onPress={() => void stop()} disabled={stopAsked} testId="update-interrupt">
            Stop updates
          </Button>
        ) : null}
        <Link to="/update" className={buttonClass("secondary")} data-testid="open-updater">
          Open the updater
        </Link>
      </div>
    </div>
  );
}

function describeIdle(status: UpdaterStatus): string {
  const when = status.finishedAt ? ` (${formatSyncStamp(new Date(status.finishedAt))})` : "";
  switch (status.state) {
    case "finished":
      return `The last update finished${when}.`;
    case "cancelled":
      return `The last update was stopped before it finished${when}.`;
    case "failed":
      return `The last update failed${when}: ${status.error ?? "unknown error"}.`;
    default:
      return "No update has run since the app opened.";
  }
}

/**
 * The update status lock (spec: updates_locked). A run records it while it works; a run whose
 * tab was closed or reloaded leaves it behind, and Unlock clears it. Refused while a run holds it.
 */
function LockState({ db, running }: { db: UserDb; running: boolean }) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const [lock, setLock] = useState<{ record: UpdateLockRecord | null; running: boolean } | null>(null);
  const refresh = useCallback(() => void readUpdateLock(db).then(setLock), [db]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever a run starts or ends
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, LOCK_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh, running]);

  const unlock = async () => {
    try {
      await unlockUpdates(db);
      notify({ type: "success", title: "Unlocked", text: UPDATES_ADMIN_MESSAGES.unlocked });
    } catch (err) {
      showError(err, {
        title: err instanceof UpdateRunningError ? "An update is running" : "Error",
        text: UPDATES_ADMIN_MESSAGES.unlockError,
      });
    } finally {
      refresh();
    }
  };

  const since = lock?.record ? formatSyncStamp(new Date(lock.record.since)) : "";
  const text = !lock
    ? "Reading the update status…"
    : !lock.record
      ? "Not locked: a new update can start."
      : lock.running
        ? `Locked since ${since}: an update is running now.`
        : `Locked since ${since}: an update stopped without finishing (its tab was closed or reloaded). Unlock to let the next one start.`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
      <p className="min-w-0 text-sm text-slate-700" data-testid="update-lock-state">
        {text}
      </p>
      <Button variant="secondary" onPress={() => void unlock()} disabled={!lock?.record} testId="update-unlock">
        {UPDATES_ADMIN_MESSAGES.unlock}
      </Button>
    </div>
  );
}

/**
 * Update mode (spec: 0 automatic, 1 manual): part of the student's profile (manual_update), so
 * the choice goes through the profile action and the outbox like any other profile edit.
 */
function ModeChoice({ scope }: { scope: LocalScope }) {
  const showError = useErrorNotice();
  const stored = useLiveQuery(() => updateMode(scope.db), [scope.db]);
  // Shown at once; the stored value follows a moment later.
  const [chosen, setChosen] = useState<number | null>(null);
  const mode = chosen ?? stored;
  const choose = async (value: 0 | 1) => {
    setChosen(value);
    try {
      const profile = await getMeta<PulledProfile>(scope.db, "profile");
      if (!profile) throw new Error("Your profile is not on this device yet; please sync first.");
      const { firstname, lastname, email } = profile;
      await updateProfile(scope, { firstname, lastname, email, manual_update: value });
    } catch (err) {
      showError(err, { title: "Update mode", explains: [Error] });
    } finally {
      setChosen(null);
    }
  };
  const options = [
    {
      value: UPDATE_MODE_AUTOMATIC,
      label: "Automatic",
      hint: "New questions download in the background when the app opens online.",
    },
    {
      value: UPDATE_MODE_MANUAL,
      label: "Manual",
      hint: "Updates wait for 'Update now'; when you are away the UPDATES AVAILABLE prompt starts them after 15 minutes.",
    },
  ] as const;
  return (
    <RadioGroup
      className="border-t border-slate-100 pt-4"
      data-testid="update-mode"
      value={mode === undefined ? null : String(mode)}
      onChange={(value) => void choose(Number(value) as 0 | 1)}
    >
      <Label className="block text-sm font-medium text-slate-800">Update mode</Label>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={String(option.value)}
            data-testid={`update-mode-${option.label.toLowerCase()}`}
            className={`group flex cursor-pointer gap-3 rounded-lg p-3 text-sm ring-1 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-500 ${mode === option.value ? "bg-brand-50 ring-brand-500" : "ring-slate-200 hover:bg-slate-50"}`}
          >
            <span
              aria-hidden
              className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border-2 border-slate-400 bg-surface group-data-[selected]:border-primary"
            >
              <span className="hidden h-2 w-2 rounded-full bg-primary group-data-[selected]:block" />
            </span>
            <span>
              <span className="block font-medium">{option.label}</span>
              <span className="block text-slate-600">{option.hint}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
