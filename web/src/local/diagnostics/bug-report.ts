/**
 * Sending a bug report (spec accounts §1, §7, §8; issue 16): the details the user typed, the
 * device data export of their account (device-export.ts: everything but the content tables the
 * updater downloads again), gzip-compressed on the device, and the device's recent log. The
 * server's text is shown on success; on any failure the spec's 'There was an error sending the
 * report, please contact customer support.', with the reason when the device knows it (too big).
 */
import { diagnosticsRoutes } from "@preflight/sync-protocol/routes/diagnostics";
import { BUG_REPORT_LIMITS, bugReportReplySchema, type LogLine } from "@preflight/sync-protocol/schemas/diagnostics";
import { platformFetch } from "../../platform.ts";
import type { UserDb } from "../store/db.ts";
import { exportDeviceData } from "../store/device-export.ts";
import { appBuild } from "./error-reports.ts";
import { deviceLog, logEvent } from "./log-buffer.ts";

export type BugReportOutcome =
  | { kind: "sent"; message: string }
  /** `reason`: what the device knows of why (shown under the spec's failure text), if anything. */
  | { kind: "failed"; reason?: string };

/** gzip of the blob where the browser can (CompressionStream), else the blob as it is. */
export async function gzipBlob(blob: Blob): Promise<Blob> {
  if (typeof CompressionStream === "undefined") return blob;
  return new Response(blob.stream().pipeThrough(new CompressionStream("gzip"))).blob();
}

/** The newest log lines whose JSON fits the report's limit. */
export function logForReport(lines: LogLine[], maxChars: number = BUG_REPORT_LIMITS.maxLogChars): string {
  let from = 0;
  let text = JSON.stringify(lines);
  while (text.length > maxChars && from < lines.length) {
    from += Math.max(1, Math.ceil((lines.length - from) / 10));
    text = JSON.stringify(lines.slice(from));
  }
  return text;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function sendBugReport(
  db: UserDb,
  account: { email: string },
  details: string,
  page: string,
): Promise<BugReportOutcome> {
  let exported: Blob;
  try {
    exported = await gzipBlob((await exportDeviceData(db, account)).blob);
  } catch (err) {
    console.warn("bug report: the device data could not be exported", err);
    return { kind: "failed", reason: "The device data could not be read." };
  }
  if (exported.size > BUG_REPORT_LIMITS.maxExportBytes)
    return {
      kind: "failed",
      reason: `This device's data is ${megabytes(exported.size)}, more than the ${megabytes(BUG_REPORT_LIMITS.maxExportBytes)} a report can carry.`,
    };
  const form = new FormData();
  form.set("details", details);
  form.set("export", exported, "device.json.gz");
  form.set("log", logForReport(deviceLog.snapshot()));
  form.set("page", page.slice(0, 300));
  const build = appBuild();
  if (build) form.set("app_version", build);
  let res: Response;
  try {
    res = await platformFetch(diagnosticsRoutes.bugReport.path, {
      method: "POST",
      credentials: "same-origin",
      body: form,
    });
  } catch {
    logEvent("bug report: no answer from the server", "warn");
    return { kind: "failed" };
  }
  const reply = bugReportReplySchema.safeParse(await res.json().catch(() => null));
  if (res.ok && reply.success) {
    logEvent("bug report sent");
    return { kind: "sent", message: reply.data.message };
  }
  logEvent(`bug report refused: HTTP ${res.status}`, "warn");
  return { kind: "failed" };
}
