import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { wakeDrain } from "../../local/outbox/drain-scheduler.ts";
import type { UserDb } from "../../local/store/db.ts";
import {
  type DeviceFileSummary,
  exportDeviceData,
  importDeviceData,
  inspectDeviceFile,
} from "../../local/store/device-export.ts";
import { Button } from "../../ui/Button.tsx";
import { FileButton } from "../../ui/FileButton.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Card } from "../../ui/Page.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Device data: the student's local records to a file before a wipe, and back on the new device. */
export function DeviceDataSection({ db, email }: { db: UserDb; email: string }) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  /** What runs now (its progress line shows until it ends), or nothing. */
  const [working, setWorkingAs] = useState<"export" | "import" | null>(null);
  const [rows, setRows] = useState<{ done: number; total: number }>({ done: 0, total: 0 });
  const setWorking = (what: "export" | "import" | false) => {
    setRows({ done: 0, total: 0 });
    setWorkingAs(what || null);
  };
  const [pending, setPending] = useState<{ file: File; summary: DeviceFileSummary } | null>(null);
  const [report, setReport] = useState<string | null>(null);

  const download = async () => {
    setReport(null);
    setWorking("export");
    try {
      const file = await exportDeviceData(db, { email }, undefined, setRows);
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = file.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setReport(
        `Exported ${plural(file.tests, "test")} and ${plural(file.pending, "change")} not sent yet to ${file.filename}.`,
      );
    } catch (err) {
      showError(err, { title: "Export failed", explains: [Error] });
    } finally {
      setWorking(false);
    }
  };

  const restore = async (file: File, replace: boolean) => {
    setPending(null);
    setReport(null);
    setWorking("import");
    try {
      const result = await importDeviceData(db, file, { replace, onProgress: setRows });
      setReport(
        `Imported ${plural(result.tests, "test")} and ${plural(result.pending, "change")} not sent yet. The changes are being sent now.`,
      );
      notify({ type: "success", title: "Device data imported", text: `${plural(result.tests, "test")} restored.` });
      void wakeDrain({ force: true });
    } catch (err) {
      showError(err, { title: "Import refused", explains: [Error] });
    } finally {
      setWorking(false);
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      const summary = await inspectDeviceFile(db, file);
      if (summary.replaces.records > 0) setPending({ file, summary });
      else await restore(file, false);
    } catch (err) {
      showError(err, { title: "Import refused", explains: [Error] });
    }
  };

  return (
    <Card title="Device data" testId="device-data">
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          Before this device is wiped, export your data on it to a file: your tests, answers, flags and every change not
          sent yet (the questions are left out; they download again). On the new device, sign in as yourself and import
          the file: your records come back, and the changes not sent yet are sent from there, each counted once.
        </p>
        <p>
          After exporting, stop using Preflight on this device: it is the one being wiped, and anything you do on it
          afterwards is not in the file.
        </p>
        <p className="text-slate-600">
          The{" "}
          <Link to="/device" hash="move-changes" className="text-brand-700 underline">
            file of changes not sent yet
          </Link>{" "}
          above only sends this device's changes to your account; this file brings back the device's own records as
          well.
        </p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onPress={() => void download()} disabled={working !== null} testId="device-export">
          {working === "export" ? "Exporting…" : "Export device data"}
        </Button>
        <FileButton
          accept={["application/json", ".json"]}
          disabled={working !== null}
          onFiles={(files) => void choose(files[0])}
          inputTestId="device-import"
        >
          {working === "import" ? "Importing…" : "Import device data…"}
        </FileButton>
      </div>
      {working ? <WorkingLine what={working} rows={rows} /> : null}
      {report ? (
        <p className="mt-3 text-sm text-slate-800" role="status" data-testid="device-data-report">
          {report}
        </p>
      ) : null}
      <Modal
        title="Replace this device's records?"
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setPending(null)} testId="device-import-cancel">
              Cancel
            </Button>
            <Button onPress={() => pending && void restore(pending.file, true)} testId="device-import-confirm">
              Replace and import
            </Button>
          </>
        }
      >
        {pending ? (
          <>
            <p>
              This device already holds {plural(pending.summary.replaces.tests, "test")} of yours (
              {plural(pending.summary.replaces.records, "record")} in all), downloaded from your account or made here.
              Importing replaces them with the file's {plural(pending.summary.tests, "test")} and{" "}
              {plural(pending.summary.pending, "change")} not sent yet.
            </p>
            <p className="mt-2">
              Anything already saved to your account comes back the next time this device syncs; the downloaded
              questions stay.
            </p>
          </>
        ) : null}
      </Modal>
    </Card>
  );
}

/**
 * Shown while an export or import runs (a big device takes seconds): what is happening and a
 * bar of the rows done so far, moving on its own until the library knows how many there are,
 * so the screen never looks frozen.
 */
function WorkingLine({ what, rows }: { what: "export" | "import"; rows: { done: number; total: number } }) {
  const text =
    what === "export"
      ? "Exporting your tests, answers and changes to a file… This can take a few seconds."
      : "Importing the file… This can take a few seconds.";
  const percent = rows.total > 0 ? Math.min(100, Math.round((rows.done / rows.total) * 100)) : null;
  return (
    <div className="mt-4 space-y-2" role="status" aria-live="polite" data-testid="device-data-working">
      <p className="text-sm text-slate-700">
        {text}
        {percent !== null ? ` ${percent}%` : ""}
      </p>
      <div
        className="relative h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={what === "export" ? "Export in progress" : "Import in progress"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-busy="true"
      >
        {percent !== null ? (
          <div
            className="absolute inset-y-0 left-0 rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="absolute inset-y-0 left-0 w-1/3 animate-working rounded-full bg-primary motion-reduce:w-full motion-reduce:animate-pulse" />
        )}
      </div>
    </div>
  );
}
