import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { useLiveQuery } from "dexie-react-hooks";
import { type ReactNode, useState } from "react";
import { useSyncSnapshot } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { failureText } from "../../local/form-errors.ts";
import { refusedChanges } from "../../local/outbox/call-labels.ts";
import { exportPending, type ImportReport, importPending, parsePendingFile } from "../../local/outbox/pending-file.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { FileButton } from "../../ui/FileButton.tsx";
import { Card, Page } from "../../ui/Page.tsx";

const IMPORT_FAILED = "The file could not be imported. Please try again online.";

/**
 * This device, for the student: what is not sent yet and the last sync, the changes that were
 * not accepted (each named in the student's words, local/outbox/call-labels.ts), and the
 * last-resort file of waiting changes. Sync now is the app's one sync button (offline it says the
 * device is offline and that the changes are saved on it). The route adds the device's own sections under them
 * (`children`: device data and storage) and the app's sync button (`syncButton`: features do not
 * import each other). Its words say what happens, not how.
 */
export function DevicePage({ children, syncButton }: { children?: ReactNode; syncButton?: ReactNode }) {
  const { session, scope } = useSignedIn();
  const snapshot = useSyncSnapshot(scope.db);
  const refused = useLiveQuery(() => refusedChanges(scope.db), [scope.db]) ?? [];
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

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

  const upload = async (chosen: File | undefined) => {
    setError(null);
    setReport(null);
    if (!chosen) return;
    try {
      setReport(await importPending(parsePendingFile(await chosen.text()), session.userId));
    } catch (err) {
      // A refused file says why (PendingFileError carries its reason); anything else, offline included, this line.
      setError(failureText(err, { fallback: IMPORT_FAILED, offline: IMPORT_FAILED }));
    }
  };

  return (
    <Page
      title="This device"
      width="narrow"
      description="What you do here is kept on this device and sent to your account whenever you are online."
    >
      <Card title="Changes and sync" testId="device-summary">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-600">Changes not sent yet</dt>
          <dd data-testid="changes-pending">{snapshot?.pending ?? 0}</dd>
          <dt className="text-slate-600">Changes not accepted</dt>
          <dd data-testid="changes-failed">{snapshot?.failed ?? 0}</dd>
          <dt className="text-slate-600">Last sync</dt>
          <dd className="whitespace-nowrap" data-testid="device-last-sync">
            {snapshot?.lastSyncAt ? formatSyncStamp(new Date(snapshot.lastSyncAt)) : "Not yet"}
          </dd>
        </dl>
        {syncButton ? <div className="mt-5">{syncButton}</div> : null}
      </Card>

      {refused.length > 0 ? (
        <Card title="Changes not accepted">
          <p className="-mt-2 mb-3 text-sm text-slate-600">
            Your account did not take these changes in; each says why.
          </p>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="failed-list">
            {refused.map((change) => (
              <li key={change.seq} className="py-2" data-testid="failed-change">
                <span className="block font-medium text-slate-800">{change.label}</span>
                {change.reason ? <span className="block text-slate-600">{change.reason}</span> : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <div id="move-changes" className="scroll-mt-20">
        <Card title="Move changes by file">
          <p className="-mt-2 text-sm text-slate-600">
            If this device will never be online again, save its changes not sent yet to a file, and import the file on
            any device where you are signed in and online. Each change counts once, however often the file is imported.
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
            <FileButton
              accept={["application/json", ".json"]}
              onFiles={(files) => void upload(files[0])}
              testId="import-pending"
              inputTestId="import-file"
            >
              Import a file
            </FileButton>
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
        </Card>
      </div>
      {children}
    </Page>
  );
}
