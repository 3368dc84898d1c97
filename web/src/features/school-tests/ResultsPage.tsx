/**
 * A fixed test's results page (issue 20): a thin wrapper reading the results from the server
 * (kept on the device for a page opened offline), with the CSV of every attempt and each
 * student's PDF report fetched through the session (local/school/exports.ts).
 */
import { schoolTestsRoutes } from "@preflight/sync-protocol/routes/school-tests";
import { SCHOOL_TEST_MESSAGES, type SchoolTestResultsReply } from "@preflight/sync-protocol/schemas/school-tests";
import { Link } from "@tanstack/react-router";
import { SchoolRefreshButton, SchoolViewNotices, useSchoolView } from "../../app/school-view.tsx";
import { ApiCallError, call } from "../../local/api.ts";
import { exportFailureText, studentReportPdf, testResultsCsv } from "../../local/school/exports.ts";
import { schoolViewKey } from "../../local/school/kept-views.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { DownloadButton } from "../../ui/DownloadButton.tsx";
import { Page } from "../../ui/Page.tsx";
import { testIdOf } from "./model.ts";
import { ResultsView } from "./ResultsView.tsx";

export function TestResultsPage({ testId: param }: { testId: string }) {
  const testId = testIdOf(param);
  const { view, reload } = useSchoolView<SchoolTestResultsReply>(schoolViewKey({ testResults: testId ?? 0 }), () =>
    testId === null
      ? Promise.reject(new ApiCallError(404, "not_found", SCHOOL_TEST_MESSAGES.testNotFound))
      : call(schoolTestsRoutes.schoolTestResults, { params: { test_id: testId }, globalPolicy: false }),
  );
  const reply = view.state === "shown" ? view.reply : null;
  return (
    <Page
      title={reply ? reply.test.title : "Test results"}
      description={reply ? `${reply.school.name} · results of the fixed test` : undefined}
      titleTestId="test-results-title"
      width="wide"
      actions={
        <>
          <Link to="/school/tests" className={buttonClass("quiet")} data-testid="school-tests-back">
            All fixed tests
          </Link>
          {reply ? (
            <>
              <Link
                to="/school/tests/$testId/edit"
                params={{ testId: String(reply.test.id) }}
                className={buttonClass("secondary")}
                data-testid="test-results-edit"
              >
                Edit test
              </Link>
              <DownloadButton
                load={() => testResultsCsv(reply.test.id, reply.test.title)}
                failure={exportFailureText}
                testId="results-csv"
              >
                Export CSV
              </DownloadButton>
            </>
          ) : null}
          <SchoolRefreshButton view={view} reload={reload} />
        </>
      }
    >
      <SchoolViewNotices view={view} what="the results" />
      {reply ? (
        <ResultsView
          reply={reply}
          reportAction={(student) => (
            <DownloadButton
              load={() => studentReportPdf(student.id, `${student.firstname} ${student.lastname}`)}
              failure={exportFailureText}
              ariaLabel={`PDF report of ${student.firstname} ${student.lastname}`}
              variant="quiet"
              testId="attempt-report"
            >
              PDF report
            </DownloadButton>
          )}
        />
      ) : null}
    </Page>
  );
}
