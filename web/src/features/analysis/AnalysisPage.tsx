/**
 * The report selector page (spec study: "Report selector page", "Analysis by topic page"): a
 * heading that links to the page for changing the active exam, an info button toggling a help
 * panel, and tabs Summary (hash summary-graphs, the default) and Subject (hash subject). The hash
 * picks the tab on load, and each tab change is a history entry, so back and forward move
 * between them. Everything is drawn from the device's records: it works offline.
 */

import { RESET_PROGRESS_FAILED } from "@preflight/sync-protocol/schemas/analysis";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useUnseenNotices } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { isResetCall } from "../../local/actions/analysis.ts";
import { Button } from "../../ui/Button.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { ExamReadiness } from "./ExamReadiness.tsx";
import { ANALYSIS_TABS, type AnalysisTab, analysisTabOfHash } from "./model.ts";
import { useActiveExam, useAnalysisInput } from "./queries.ts";
import { SummaryGraphs } from "./SummaryGraphs.tsx";
import { TopicAnalysis } from "./TopicAnalysis.tsx";

/** 44 px high for a finger; the ring shows on keyboard focus only (React Aria's data attribute). */
const TAB_CLASS =
  "-mb-px flex min-h-11 cursor-pointer items-center rounded-t-md border-b-2 border-transparent px-4 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:text-brand-700";

export function AnalysisPage() {
  const { scope } = useSignedIn();
  const input = useAnalysisInput(scope.db);
  const exam = useActiveExam(scope.db);
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const tab = analysisTabOfHash(hash);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  useRefusedResets();

  const select = (next: AnalysisTab) => {
    if (next !== tab) void navigate({ to: "/analysis", hash: next, resetScroll: false, hashScrollIntoView: false });
  };

  const infoButton = (
    <Button
      variant="plain"
      onPress={() => setHelpOpen((open) => !open)}
      aria-expanded={helpOpen}
      aria-controls={helpId}
      ariaLabel="About these graphs"
      className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-surface font-serif text-base font-bold italic text-brand-700 hover:bg-brand-50"
      testId="analysis-info"
    >
      i
    </Button>
  );

  return (
    <Page
      width="wide"
      title={
        <Link
          to="/syllabus"
          className="hover:text-brand-700 hover:underline"
          title="Change the active exam"
          data-testid="analysis-exam-link"
        >
          {exam ? `Analysis: ${exam.title}` : "Analysis"}
        </Link>
      }
      actions={infoButton}
    >
      <div
        id={helpId}
        hidden={!helpOpen}
        className="space-y-2 rounded-xl bg-brand-50 p-5 text-sm text-slate-700 ring-1 ring-brand-100"
        data-testid="analysis-help"
      >
        <p>
          <strong>Summary</strong> shows each subject of your exam. <em>Percentage of questions answered</em> is the
          share of the subject's questions you have answered at least once, and the share whose latest answer was
          correct. <em>Average mock exam scores</em> is your average and best score in the subject over your finished
          timed exams.
        </p>
        <p>
          <strong>Subject</strong> shows the same for each topic of one subject, and lets you reset that subject's
          progress to start its graphs again from zero.
        </p>
        <p>
          <strong>Exam readiness</strong> is your chance of passing each subject's exam if you sat it now, with the
          range it likely lies in, worked out from your answers since the subject's last reset: recent answers count
          most, and a hard question answered right counts more than an easy one.
        </p>
        <p>
          The graphs are worked out on this device from your own answers, so they are there offline too. To change the
          exam they are for, follow the heading to the syllabus page.
        </p>
      </div>

      <Tabs selectedKey={tab} onSelectionChange={(key) => select(key as AnalysisTab)}>
        <TabList aria-label="Analysis" className="mb-4 flex gap-1 border-b border-slate-200">
          {ANALYSIS_TABS.map((t) => (
            <Tab key={t.id} id={t.id} className={TAB_CLASS} data-testid={`analysis-tab-${t.id}`}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="summary-graphs" className="outline-none">
          <Card>
            <SummaryGraphs input={input} />
          </Card>
        </TabPanel>
        <TabPanel id="subject" className="outline-none">
          <Card>
            <TopicAnalysis input={input} />
          </Card>
        </TabPanel>
      </Tabs>
      <Card title="Exam readiness" testId="analysis-readiness-card">
        <ExamReadiness input={input} />
      </Card>
    </Page>
  );
}

/**
 * A reset the server refused (the sync engine's notice names its mutation; the drain already took
 * the device's copy back, so the graphs agree with the server): 'Unable to reset progress'.
 */
function useRefusedResets(): void {
  const { scope } = useSignedIn();
  const showError = useErrorNotice();
  const notices = useUnseenNotices(scope.db);
  const handled = useRef(new Set<string>());
  useEffect(() => {
    for (const notice of notices) {
      if (!isResetCall(notice.call) || handled.current.has(notice.id)) continue;
      handled.current.add(notice.id);
      void scope.db.notices.update(notice.id, { seen: 1 });
      showError(notice, { text: RESET_PROGRESS_FAILED });
    }
  }, [notices, scope.db, showError]);
}
