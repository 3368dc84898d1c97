import { useState } from "react";
import type { UpdaterStatus } from "../../local/content/status.ts";
import { formatBytes } from "../../local/content/updater.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";

/** Progress of a running update: bar, bytes (click for the activity log), speed, what and from where. */
export function ProgressPanel({ status, onCancel }: { status: UpdaterStatus; onCancel?: (() => void) | undefined }) {
  const [showLog, setShowLog] = useState(false);
  const running = ["checking", "downloading", "processing", "retrying"].includes(status.state);
  const phase =
    status.state === "processing"
      ? "Processing"
      : status.state === "downloading"
        ? "Downloading"
        : status.state === "checking"
          ? "Checking for updates"
          : status.state === "retrying"
            ? "Waiting to try again"
            : status.state === "finished"
              ? "Finished"
              : status.state === "cancelled"
                ? "Cancelled"
                : "Stopped";
  return (
    <Card testId="update-progress">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {phase}
        </h2>
        <span className="text-2xl font-semibold tabular-nums text-brand-700" data-testid="update-percent">
          {status.progress}%
        </span>
      </div>
      <div
        className="mt-3 h-3 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.progress}
        aria-label="Update progress"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${status.state === "failed" ? "bg-red-500" : "bg-primary"}`}
          style={{ width: `${status.progress}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-slate-600">Downloaded</dt>
          <dd>
            {/* The hover tip sits on a box-less wrapper: React Aria's button takes no title. */}
            <span title="Show or hide the activity log" className="contents">
              <Button
                variant="plain"
                className="font-medium tabular-nums text-brand-700 underline decoration-dotted underline-offset-2"
                onPress={() => setShowLog((v) => !v)}
                aria-expanded={showLog}
                testId="update-bytes"
              >
                {formatBytes(status.downloadedBytes)} of {formatBytes(status.totalSize)}
              </Button>
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-slate-600">Speed</dt>
          <dd className="font-medium tabular-nums" data-testid="update-speed">
            {status.downloadSpeed.toFixed(1)} Mbps
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-slate-600">Current update</dt>
          <dd className="font-medium" data-testid="update-current">
            {status.currentUpdate ?? "—"}
          </dd>
        </div>
        <div className="flex justify-between gap-2 sm:block">
          <dt className="text-slate-600">Source</dt>
          <dd className="truncate font-mono text-xs leading-5" data-testid="update-source">
            {status.currentSource ?? "—"}
          </dd>
        </div>
      </dl>
      {showLog ? (
        <ol
          className="mt-4 max-h-56 overflow-y-auto rounded-md bg-neutral-900 p-3 font-mono text-xs leading-5 text-neutral-100"
          data-testid="update-log"
          aria-label="Activity log"
        >
          {status.log.map((line) => (
            <li key={line.n}>
              <span className="text-neutral-400">{line.at.slice(11, 19)}</span> {line.text}
            </li>
          ))}
        </ol>
      ) : null}
      {running && onCancel ? (
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onPress={onCancel} testId="update-cancel">
            Cancel
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
