/**
 * The maintenance Reports page (issue 16): what users sent from their devices, newest first:
 * bug reports (each with its device data and log to download), the page errors their devices
 * reported, and feedback with its screenshots. Read online; a maintenance user's own bug report
 * is sent from the form at the end.
 */

import { diagnosticsRoutes } from "@preflight/sync-protocol/routes/diagnostics";
import { feedbackRoutes } from "@preflight/sync-protocol/routes/feedback";
import type { RouteEntry } from "@preflight/sync-protocol/routes/index";
import type { BugReportItem, ClientErrorItem } from "@preflight/sync-protocol/schemas/diagnostics";
import type { FeedbackItem } from "@preflight/sync-protocol/schemas/feedback";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useSignedIn } from "../../app/session-context.tsx";
import { call, callUrl } from "../../local/api.ts";
import { Button } from "../../ui/Button.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { BugReportSection } from "./BugReportSection.tsx";
import { ExamCommentsTab, QuestionReportsTab } from "./QuestionReports.tsx";

interface Reports {
  bugReports: BugReportItem[];
  clientErrors: ClientErrorItem[];
  feedback: FeedbackItem[];
}

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A download's address: the entry's path with this id. */
const downloadOf = (entry: Pick<RouteEntry, "path">, id: string) => callUrl(entry, { params: { id } });

export function ReportsPage() {
  const { session, scope } = useSignedIn();
  const [reports, setReports] = useState<Reports | null>(null);
  const [failed, setFailed] = useState(false);
  // The tab is the address's fragment, so a link (or Back) opens it.
  const { hash } = useLocation();
  const navigate = useNavigate();
  const tab = TABS.find((t) => t === hash) ?? "devices";
  const setTab = (next: ReportsTab) => void navigate({ to: ".", hash: next === "devices" ? "" : next, replace: true });

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [bugs, errors, feedback] = await Promise.all([
        call(diagnosticsRoutes.maintenanceBugReports, { query: { limit: 50 }, globalPolicy: false }),
        call(diagnosticsRoutes.maintenanceClientErrors, { query: { limit: 100 }, globalPolicy: false }),
        call(feedbackRoutes.maintenanceFeedback, { query: { limit: 50 }, globalPolicy: false }),
      ]);
      setReports({ bugReports: bugs.bug_reports, clientErrors: errors.client_errors, feedback: feedback.feedback });
    } catch (err) {
      console.warn("reports could not be loaded", err);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Page
      title="Reports"
      description="What users sent: bug reports, errors their devices reported and feedback; reports of errors in questions and comments on exam questions for the content team."
      titleTestId="reports-page"
    >
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as ReportsTab)}>
        <TabList aria-label="Reports" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
          <Tab id="devices" className={TAB_CLASS} data-testid="tab-devices">
            From devices
          </Tab>
          <Tab id="questions" className={TAB_CLASS} data-testid="tab-questions">
            Question errors
          </Tab>
          <Tab id="comments" className={TAB_CLASS} data-testid="tab-comments">
            Exam comments
          </Tab>
        </TabList>
        <TabPanel id="devices" className="space-y-6 outline-none">
          <DeviceReports
            reports={reports}
            failed={failed}
            load={load}
            bugReportSection={<BugReportSection db={scope.db} email={session.user.email} />}
          />
        </TabPanel>
        <TabPanel id="questions" className="outline-none">
          <QuestionReportsTab />
        </TabPanel>
        <TabPanel id="comments" className="outline-none">
          <ExamCommentsTab />
        </TabPanel>
      </Tabs>
    </Page>
  );
}

/** The tabs of the page; the address's fragment (#questions, #comments) opens one. */
type ReportsTab = "devices" | "questions" | "comments";
const TABS: readonly ReportsTab[] = ["devices", "questions", "comments"];
const TAB_CLASS =
  "-mb-px inline-flex min-h-11 cursor-pointer items-center rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:font-medium data-[selected]:text-brand-700";

/** Bug reports, page errors and feedback, as sent from the devices. */
function DeviceReports({
  reports,
  failed,
  load,
  bugReportSection,
}: {
  reports: Reports | null;
  failed: boolean;
  load: () => Promise<void>;
  bugReportSection: ReactNode;
}) {
  return (
    <>
      <div className="flex justify-end">
        <Button variant="secondary" onPress={() => void load()} testId="reports-refresh">
          Refresh
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="reports-failed">
          The reports could not be loaded. They are read from the server: check the connection and press Refresh.
        </p>
      ) : null}
      {!reports && !failed ? (
        <p className="text-sm text-slate-600" role="status">
          Loading…
        </p>
      ) : null}
      {reports ? (
        <>
          <Section
            title="Bug reports"
            count={reports.bugReports.length}
            testId="bug-reports"
            empty="No bug reports yet."
          >
            {reports.bugReports.map((r) => (
              <li key={r.id} className="py-3" data-testid="bug-report-row">
                <Meta>
                  {when(r.created_at)} · {r.name || r.email} ({r.email}, {r.role}){r.page ? ` · on ${r.page}` : ""}
                </Meta>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm">{r.details}</p>
                <Meta>
                  {r.user_agent ?? "Browser not known"}
                  {r.app_version ? ` · build ${r.app_version}` : ""}
                </Meta>
                <div className="mt-2 flex flex-wrap gap-2 text-sm">
                  <Download
                    href={downloadOf(diagnosticsRoutes.maintenanceBugReportDevice, r.id)}
                    testId="bug-report-device"
                  >
                    Device data ({size(r.export_bytes)} compressed, {size(r.export_unpacked_bytes)})
                  </Download>
                  <Download href={downloadOf(diagnosticsRoutes.maintenanceBugReportLog, r.id)} testId="bug-report-log">
                    Log ({r.log_lines} {r.log_lines === 1 ? "line" : "lines"})
                  </Download>
                </div>
              </li>
            ))}
          </Section>
          <Section
            title="Errors on devices"
            count={reports.clientErrors.length}
            testId="client-errors"
            empty="No errors reported."
          >
            {reports.clientErrors.map((e) => (
              <li key={e.id} className="py-3" data-testid="client-error-row">
                <Meta>
                  {when(e.at)} · {e.email} · {KIND[e.kind]}
                  {e.count > 1 ? ` · ${e.count} times` : ""}
                  {e.page ? ` · on ${e.page}` : ""}
                </Meta>
                <p className="mt-1 break-words font-mono text-sm">{e.message}</p>
                {e.stack ? (
                  <details className="mt-1 text-xs">
                    <summary className="cursor-pointer text-slate-600">Stack</summary>
                    <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2">
                      {e.stack}
                    </pre>
                  </details>
                ) : null}
              </li>
            ))}
          </Section>
          <Section title="Feedback" count={reports.feedback.length} testId="feedback-list" empty="No feedback yet.">
            {reports.feedback.map((f) => (
              <li key={f.id} className="py-3" data-testid="feedback-row">
                <Meta>
                  {when(f.created_at)} · {f.name || f.email} ({f.email}){f.page ? ` · on ${f.page}` : ""}
                </Meta>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm">{f.text}</p>
                {f.screenshots.length ? (
                  <div className="mt-2 flex flex-wrap gap-2 text-sm">
                    {f.screenshots.map((s, i) => (
                      <Download
                        key={s.id}
                        href={downloadOf(feedbackRoutes.maintenanceFeedbackScreenshot, s.id)}
                        testId="feedback-screenshot"
                      >
                        Screenshot {i + 1} ({size(s.size)})
                      </Download>
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </Section>
        </>
      ) : null}
      {bugReportSection}
    </>
  );
}

const KIND: Record<ClientErrorItem["kind"], string> = {
  error: "Uncaught error",
  unhandledrejection: "Unhandled rejection",
  render: "Render error",
};

function Section(props: { title: string; count: number; testId: string; empty: string; children: ReactNode }) {
  return (
    <Card
      testId={props.testId}
      title={
        <>
          {props.title} <span className="font-normal text-slate-600">({props.count})</span>
        </>
      }
    >
      {props.count === 0 ? (
        <p className="-mt-2 text-sm text-slate-600">{props.empty}</p>
      ) : (
        <ul className="-mt-3 divide-y divide-slate-200">{props.children}</ul>
      )}
    </Card>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return <p className="break-words text-xs text-slate-600">{children}</p>;
}

function Download({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 py-1.5 font-medium text-brand-700 hover:bg-slate-50"
      data-testid={testId}
    >
      {children}
    </a>
  );
}
