import { BUG_REPORT_LIMITS, BUG_REPORT_MESSAGES } from "@preflight/sync-protocol/schemas/diagnostics";
import { useId, useState } from "react";
import { type BugReportOutcome, sendBugReport } from "../../local/diagnostics/bug-report.ts";
import type { UserDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";

/**
 * The bug report form (spec accounts §1, §7, §8): the details, the note that this device's
 * database and recent log go with them, and Submit. The server's text on success; the spec's
 * failure text otherwise. On This device for every user, and on the maintenance Reports page.
 */
export function BugReportSection({
  db,
  email,
  send = sendBugReport,
}: {
  db: UserDb;
  email: string;
  /** How the report is sent (the device's sender; a test gives its own outcome). */
  send?: typeof sendBugReport;
}) {
  const id = useId();
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<BugReportOutcome | null>(null);

  const submit = async () => {
    if (details.trim() === "") {
      setMissing(true);
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      const result = await send(db, { email }, details.trim(), window.location.pathname);
      setOutcome(result);
      if (result.kind === "sent") setDetails("");
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title="Report a bug" testId="bug-report">
      <form
        id="bug-report"
        aria-label="Report a bug"
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${id}-details`} className="block text-sm font-medium text-slate-800">
          Details
        </label>
        <textarea
          id={`${id}-details`}
          name="details"
          rows={5}
          required
          aria-required
          aria-invalid={missing || undefined}
          aria-describedby={`${id}-note${missing ? ` ${id}-missing` : ""}`}
          maxLength={BUG_REPORT_LIMITS.maxDetailsChars}
          placeholder={BUG_REPORT_MESSAGES.placeholder}
          value={details}
          onChange={(event) => {
            setDetails(event.target.value);
            setMissing(false);
          }}
          className="block w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          data-testid="bug-report-details"
        />
        {missing ? (
          <p id={`${id}-missing`} className="text-sm text-red-700">
            {BUG_REPORT_MESSAGES.detailsRequired}
          </p>
        ) : null}
        <p id={`${id}-note`} className="text-sm text-slate-600" data-testid="bug-report-note">
          {BUG_REPORT_MESSAGES.note}
        </p>
        <Button type="submit" disabled={sending} testId="bug-report-submit">
          {sending ? "Sending…" : "Submit"}
        </Button>
      </form>
      {outcome?.kind === "sent" ? (
        <p
          role="status"
          className="mt-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900"
          data-testid="bug-report-sent"
        >
          {outcome.message}
        </p>
      ) : null}
      {outcome?.kind === "failed" ? (
        <div
          role="alert"
          className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900"
          data-testid="bug-report-failed"
        >
          <p>{BUG_REPORT_MESSAGES.failed}</p>
          {outcome.reason ? <p className="mt-1">{outcome.reason}</p> : null}
        </div>
      ) : null}
    </Card>
  );
}
