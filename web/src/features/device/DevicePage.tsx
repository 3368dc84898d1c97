import { formatSyncStamp } from "@preflight/sync-protocol";
import { useLiveQuery } from "dexie-react-hooks";
import { type ChangeEvent, type ReactNode, useRef, useState } from "react";
import { useSyncSnapshot } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { failureText } from "../../local/form-errors.ts";
import { refusedChanges } from "../../local/outbox/call-labels.ts";
import { wakeDrain } from "../../local/outbox/drain-scheduler.ts";
import { exportPending, type ImportReport, importPending, parsePendingFile } from "../../local/outbox/pending-file.ts";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Button } from "../../ui/Modal.tsx";

const IMPORT_FAILED = "The file could not be imported. Please try again online.";

/**
 * This device, for the student: what is not sent yet and the last sync, the changes that were
 * not accepted (each named in the student's words, local/outbox/call-labels.ts), and the
 * last-resort file of waiting changes. The route adds the device's own sections under them
 * (`children`: device data and storage). Its words say what happens, not how.
 */
export function DevicePage({ children }: { children?: ReactNode }) {
  const { session, scope } = useSignedIn();
  const snapshot = useSyncSnapshot(scope.db);
  const refused = useLiveQuery(() => refusedChanges(scope.db), [scope.db]) ?? [];
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const download = async () => {
    const file = await exportPending(scope.db, { userId: session.userId, email: session.user.email }, scope.now());
    const blob = new Blob([JSON.stringify(file, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `preflight-pending-${file.exportedAt.slice(0, 19).replace(/[:T]/g, "-")}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    setError(null);
    setReport(null);
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    try {
      setReport(await importPending(parsePendingFile(await chosen.text()), session.userId));
    } catch (err) {
      // A refused file says why (PendingFileError carries its reason); anything else, offline included, this line.
      setError(failureText(err, { fallback: IMPORT_FAILED, offline: IMPORT_FAILED }));
    }
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <section className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h1 className="text-xl font-semibold">This device</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">Changes not sent yet</dt>
          <dd data-testid="changes-pending">{snapshot?.pending ?? 0}</dd>
          <dt className="text-slate-500">Changes not accepted</dt>
          <dd data-testid="changes-failed">{snapshot?.failed ?? 0}</dd>
          <dt className="text-slate-500">Last sync</dt>
          <dd className="whitespace-nowrap" data-testid="device-last-sync">
            {snapshot?.lastSyncAt ? formatSyncStamp(new Date(snapshot.lastSyncAt)) : "Not yet"}
          </dd>
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          What you do here is kept on this device and sent to your account whenever you are online.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button onPress={() => void wakeDrain({ force: true })} testId="sync-now">
            Sync now
          </Button>
        </div>
      </section>

      {refused.length > 0 ? (
        <section className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 className="font-semibold">Changes not accepted</h2>
          <p className="mt-1 mb-3 text-sm text-slate-600">Your account did not take these changes in; each says why.</p>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="failed-list">
            {refused.map((change) => (
              <li key={change.seq} className="py-2" data-testid="failed-change">
                <span className="block font-medium text-slate-800">{change.label}</span>
                {change.reason ? <span className="block text-slate-600">{change.reason}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section id="move-changes" className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 className="font-semibold">Move changes by file</h2>
        <p className="mt-1 text-sm text-slate-600">
          If this device will never be online again, save its changes not sent yet to a file, and import the file on any
          device where you are signed in and online. Each change counts once, however often the file is imported.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onPress={() => void download()}
            disabled={!snapshot?.pending}
            testId="export-pending"
          >
            Save changes to a file
          </Button>
          <Button variant="secondary" onPress={() => fileInput.current?.click()} testId="import-pending">
            Import a file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="hidden"
            onChange={(e) => void upload(e)}
            data-testid="import-file"
          />
        </div>
        {error ? (
          <ErrorNotice as="p" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </ErrorNotice>
        ) : null}
        {report ? (
          <p
            className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            role="status"
            data-testid="import-report"
          >
            {report.applied} saved, {report.duplicate} already saved, {report.failed.length} not accepted
            {report.waiting ? `, ${report.waiting} waiting for earlier changes` : ""}.
          </p>
        ) : null}
      </section>
      {children}
    </main>
  );
}
