/**
 * The content team's tabs of the Reports page (issue 19; maintenance users): reports of errors in
 * questions, newest first, filtered by status and subject, each with the question's text at the
 * reported version, the category, the description and how many reports name the question;
 * Resolve, Dismiss and Reopen. The other tab lists the students' comments on exam questions.
 * Read online, a page at a time (the server pages them).
 */
import { questionCommentsRoutes } from "@preflight/sync-protocol/routes/question-comments";
import {
  QUESTION_COMMENT_LIMITS,
  QUESTION_REPORT_CATEGORY_LABELS,
  type QuestionReportItem,
  type QuestionReportListReply,
  type QuestionReportStatus,
  type TestCommentListReply,
} from "@preflight/sync-protocol/schemas/question-comments";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { call } from "../../local/api.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";

type StatusFilter = QuestionReportStatus | "all";

const PER_PAGE = QUESTION_COMMENT_LIMITS.listPerPage;
const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
const STATUS_LABELS: Record<QuestionReportStatus, string> = {
  open: "Open",
  resolved: "Resolved",
  dismissed: "Dismissed",
};
const STATUS_TONE: Record<QuestionReportStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  resolved: "bg-emerald-100 text-emerald-900",
  dismissed: "bg-slate-200 text-slate-800",
};

/** A list read from the server a page at a time, again whenever `key` (its filters and page) changes. */
function usePagedList<T>(load: () => Promise<T>, key: string) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async () => {
    setFailed(false);
    try {
      setData(await loader.current());
    } catch (err) {
      console.warn("the list could not be loaded", err);
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void key;
    void reload();
  }, [key, reload]);
  return { data, failed, reload };
}

export function QuestionReportsTab() {
  const { notify } = useSnackbar();
  const [status, setStatus] = useState<StatusFilter>("open");
  const filter = useSubjectPages();
  const { subject, page, setPage } = filter;
  const { data, failed, reload } = usePagedList<QuestionReportListReply>(
    () =>
      call(questionCommentsRoutes.maintenanceQuestionReports, {
        query: { status, page, per_page: PER_PAGE, ...(subject ? { subject } : {}) },
        globalPolicy: false,
      }),
    `${status}:${subject}:${page}`,
  );
  const [busy, setBusy] = useState<string | null>(null);

  const setReportStatus = async (report: QuestionReportItem, next: QuestionReportStatus) => {
    setBusy(report.id);
    try {
      await call(questionCommentsRoutes.maintenanceQuestionReportStatus, {
        params: { id: report.id },
        body: { status: next },
        globalPolicy: false,
      });
      notify({
        type: "success",
        title: `Report ${STATUS_LABELS[next].toLowerCase()}`,
        text: `The report on question ${report.question_id} is now ${STATUS_LABELS[next].toLowerCase()}.`,
      });
      await reload();
    } catch (err) {
      console.warn("the report's status could not be changed", err);
      notify({ type: "danger", title: "Error", text: "The report could not be changed. Please try again." });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      <ListToolbar
        subjects={data?.subjects ?? []}
        filter={filter}
        onRefresh={reload}
        testIds={{ subject: "reports-subject-filter", refresh: "question-reports-refresh" }}
      >
        <SelectField
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v as StatusFilter);
            setPage(1);
          }}
          className="w-44"
          data-testid="reports-status-filter"
        >
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
          <option value="dismissed">Dismissed</option>
          <option value="all">All</option>
        </SelectField>
      </ListToolbar>
      <ListState failed={failed} loading={!data} />
      {data ? (
        <Card testId="question-reports-list" padded={false}>
          {data.reports.length === 0 ? (
            <p className="p-5 text-sm text-slate-600" data-testid="question-reports-empty">
              No reports {status === "all" ? "" : `${STATUS_LABELS[status as QuestionReportStatus].toLowerCase()} `}
              here.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {data.reports.map((r) => (
                <li key={r.id} className="space-y-2 px-5 py-4" data-testid="question-report-row">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span
                      className={`rounded-full px-2 py-0.5 font-medium ${STATUS_TONE[r.status]}`}
                      data-testid="report-row-status"
                    >
                      {STATUS_LABELS[r.status]}
                    </span>
                    <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-900">
                      {QUESTION_REPORT_CATEGORY_LABELS[r.category]}
                    </span>
                    <span>
                      Question {r.question_id} · version {r.question_version}
                      {r.question_version !== r.current_version ? ` (now ${r.current_version})` : ""} · subject{" "}
                      {r.subject}
                      {r.reference ? ` · ref ${r.reference}` : ""}
                    </span>
                    <span
                      className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800"
                      data-testid="report-row-count"
                    >
                      {r.question_report_count} {r.question_report_count === 1 ? "report" : "reports"} on this question
                    </span>
                  </div>
                  <blockquote
                    className="border-l-4 border-slate-200 pl-3 text-sm text-slate-800"
                    data-testid="report-row-question"
                  >
                    {r.question_text}
                  </blockquote>
                  <p
                    className="whitespace-pre-wrap break-words text-sm text-slate-900"
                    data-testid="report-row-description"
                  >
                    {r.description}
                  </p>
                  <p className="text-xs text-slate-600">
                    {when(r.created_at)} · {r.email}
                    {r.resolved_at ? ` · ${STATUS_LABELS[r.status].toLowerCase()} ${when(r.resolved_at)}` : ""}
                    {r.resolved_by ? ` by ${r.resolved_by}` : ""}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {r.status === "open" ? (
                      <>
                        <Button
                          variant="secondary"
                          onPress={() => void setReportStatus(r, "resolved")}
                          disabled={busy === r.id}
                          testId="report-resolve"
                          ariaLabel={`Mark the report on question ${r.question_id} resolved`}
                        >
                          Mark resolved
                        </Button>
                        <Button
                          variant="secondary"
                          onPress={() => void setReportStatus(r, "dismissed")}
                          disabled={busy === r.id}
                          testId="report-dismiss"
                          ariaLabel={`Dismiss the report on question ${r.question_id}`}
                        >
                          Dismiss
                        </Button>
                      </>
                    ) : (
                      <Button
                        variant="secondary"
                        onPress={() => void setReportStatus(r, "open")}
                        disabled={busy === r.id}
                        testId="report-reopen"
                        ariaLabel={`Reopen the report on question ${r.question_id}`}
                      >
                        Reopen
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {data ? <Pager page={page} total={data.total} onPage={setPage} what="reports" /> : null}
    </div>
  );
}

export function ExamCommentsTab() {
  const filter = useSubjectPages();
  const { subject, page, setPage } = filter;
  const { data, failed, reload } = usePagedList<TestCommentListReply>(
    () =>
      call(questionCommentsRoutes.maintenanceTestComments, {
        query: { page, per_page: PER_PAGE, ...(subject ? { subject } : {}) },
        globalPolicy: false,
      }),
    `${subject}:${page}`,
  );
  return (
    <div className="space-y-4">
      <ListToolbar
        subjects={data?.subjects ?? []}
        filter={filter}
        onRefresh={reload}
        testIds={{ subject: "comments-subject-filter", refresh: "test-comments-refresh" }}
      />
      <ListState failed={failed} loading={!data} />
      {data ? (
        <Card testId="test-comments-list" padded={false}>
          {data.comments.length === 0 ? (
            <p className="p-5 text-sm text-slate-600">No comments on exam questions yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {data.comments.map((c) => (
                <li
                  key={`${c.user_test_id}:${c.question_id}`}
                  className="space-y-2 px-5 py-4"
                  data-testid="test-comment-row"
                >
                  <p className="text-xs text-slate-600">
                    Question {c.position} of “{c.test_title}” · question {c.question_id}, version {c.question_version} ·
                    subject {c.subject}
                    {c.reference ? ` · ref ${c.reference}` : ""}
                  </p>
                  <blockquote className="border-l-4 border-slate-200 pl-3 text-sm text-slate-800">
                    {c.question_text}
                  </blockquote>
                  <p className="whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="test-comment-text">
                    {c.comment}
                  </p>
                  <p className="text-xs text-slate-600">
                    {when(c.updated_at)} · {c.email}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {data ? <Pager page={page} total={data.total} onPage={setPage} what="comments" /> : null}
    </div>
  );
}

/** A list's subject filter and page: choosing a subject goes back to the first page. */
function useSubjectPages() {
  const [subject, setSubject] = useState("");
  const [page, setPage] = useState(1);
  const chooseSubject = (next: string) => {
    setSubject(next);
    setPage(1);
  };
  return { subject, page, setPage, chooseSubject };
}

/** A list's filters and its Refresh: the tab's own filters (children) first, then the subject. */
function ListToolbar({
  children,
  subjects,
  filter,
  onRefresh,
  testIds,
}: {
  children?: ReactNode;
  subjects: { code: string; title: string }[];
  filter: ReturnType<typeof useSubjectPages>;
  onRefresh: () => Promise<unknown>;
  testIds: { subject: string; refresh: string };
}) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      {children}
      <SubjectFilter
        subjects={subjects}
        value={filter.subject}
        onChange={filter.chooseSubject}
        testId={testIds.subject}
      />
      <Button variant="secondary" onPress={() => void onRefresh()} testId={testIds.refresh}>
        Refresh
      </Button>
    </div>
  );
}

function SubjectFilter({
  subjects,
  value,
  onChange,
  testId,
}: {
  subjects: { code: string; title: string }[];
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <SelectField label="Subject" value={value} onChange={onChange} className="w-72 max-w-full" data-testid={testId}>
      <option value="">All subjects</option>
      {subjects.map((s) => (
        <option key={s.code} value={s.code}>
          {s.code} {s.title}
        </option>
      ))}
    </SelectField>
  );
}

function ListState({ failed, loading }: { failed: boolean; loading: boolean }): ReactNode {
  if (failed)
    return (
      <p
        role="alert"
        className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
        data-testid="question-reports-failed"
      >
        The list could not be loaded. It is read from the server: check the connection and press Refresh.
      </p>
    );
  if (loading)
    return (
      <p className="text-sm text-slate-600" role="status">
        Loading…
      </p>
    );
  return null;
}

function Pager({
  page,
  total,
  onPage,
  what,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  what: string;
}) {
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <nav aria-label={`Pages of ${what}`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-slate-700" data-testid={`${what}-total`}>
        {total} {total === 1 ? what.replace(/s$/, "") : what} · page {Math.min(page, pages)} of {pages}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" onPress={() => onPage(page - 1)} disabled={page <= 1} testId={`${what}-previous`}>
          ← Previous
        </Button>
        <Button variant="secondary" onPress={() => onPage(page + 1)} disabled={page >= pages} testId={`${what}-next`}>
          Next →
        </Button>
      </span>
    </nav>
  );
}
