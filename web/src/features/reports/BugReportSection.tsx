import { BUG_REPORT_LIMITS, BUG_REPORT_MESSAGES } from "@preflight/sync-protocol/schemas/diagnostics";
import { useState } from "react";
import { type BugReportOutcome, sendBugReport } from "../../local/diagnostics/bug-report.ts";
import type { UserDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { TextAreaField } from "../../ui/FormField.tsx";
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
        <TextAreaField
          label="Details"
          name="details"
          rows={5}
          aria-required
          maxLength={BUG_REPORT_LIMITS.maxDetailsChars}
          placeholder={BUG_REPORT_MESSAGES.placeholder}
          value={details}
          onChange={(value) => {
            setDetails(value);
            setMissing(false);
          }}
          error={missing ? BUG_REPORT_MESSAGES.detailsRequired : undefined}
          description={<span data-testid="bug-report-note">{BUG_REPORT_MESSAGES.note}</span>}
          data-testid="bug-report-details"
        />
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
