import { DASHBOARD_UPDATE_STATUS_POLL_MS } from "@preflight/sync-protocol/rules/constants";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { useUpdaterStatus } from "../../app/useUpdaterStatus.ts";
import { type AvailableUpdates, checkAvailable } from "../../local/content/service.ts";
import { isRunning } from "../../local/content/status.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { UPDATE_MESSAGES } from "./messages.ts";
import { useServiceRunning } from "./useServiceRunning.ts";

/**
 * The dashboard's update indicator (spec accounts 4): checking; the background service not
 * running (with the spec's warning); updates available (count); up to date, where hovering
 * offers a check.
 */
export function UpdateIndicator({ db }: { db: UserDb }) {
  const online = useOnline();
  const service = useServiceRunning();
  const status = useUpdaterStatus(db, DASHBOARD_UPDATE_STATUS_POLL_MS);
  const available = useLiveQuery(() => getMeta<AvailableUpdates>(db, "availableUpdates"), [db]);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      await checkAvailable(db, { askAgain: true });
    } catch {
      // Offline or the server is away: the indicator keeps its last answer.
    } finally {
      setChecking(false);
    }
  };

  let body: React.ReactNode;
  if (service === false)
    body = (
      <p className="text-sm text-amber-900" data-testid="update-service-warning">
        {UPDATE_MESSAGES.serviceNotRunning}
      </p>
    );
  else if (checking || available === undefined || status.state === "checking")
    body = <span className="text-sm text-slate-600">Checking for updates…</span>;
  else if (isRunning(status))
    body = (
      <Link to="/update" className="text-sm font-medium text-brand-700 hover:underline">
        Updating… {status.progress}%
      </Link>
    );
  else if (available && available.total_updates > 0)
    body = (
      <Link to="/update" className="text-sm font-medium text-brand-700 hover:underline" data-testid="updates-count">
        {available.total_updates} update{available.total_updates === 1 ? "" : "s"} available
      </Link>
    );
  else
    body = (
      <span className="inline-flex items-center gap-2 text-sm text-slate-600">
        <span>Up to date</span>
        <Button
          variant="plain"
          onPress={() => void check()}
          disabled={!online}
          className="rounded border border-slate-300 px-2 py-0.5 text-xs opacity-0 transition-opacity focus:opacity-100 group-hover:opacity-100 disabled:cursor-not-allowed [@media(hover:none)]:min-h-11 [@media(hover:none)]:px-3 [@media(hover:none)]:opacity-100"
          testId="check-updates"
        >
          Check for updates
        </Button>
      </span>
    );

  // `group`: hovering anywhere on the indicator offers the check (spec); a touch screen has no
  // hover, so there the check is always shown, at a finger's size.
  return (
    <div
      className={`group flex items-center gap-2 rounded-lg px-3 py-2 ring-1 ${service === false ? "bg-amber-50 ring-amber-200" : "bg-surface ring-slate-200"}`}
      data-testid="update-indicator"
    >
      {body}
    </div>
  );
}
