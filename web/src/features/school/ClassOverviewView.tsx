/**
 * The class overview (issue 20), pure: one row per student with their progress against the
 * course dates, lessons completed, progress tests passed, mock exam average, last activity and
 * exam readiness per subject. Every column sorts from its header (aria-sort says how); a search
 * box and a standing filter narrow the rows. Figures are said in words beside any colour.
 */
import type { ClassOverviewReply, ClassStudent } from "@preflight/sync-protocol/schemas/school";
import { type ReactNode, useMemo, useState } from "react";
import { TextField } from "../../ui/FormField.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { TableScroller } from "../../ui/TableScroller.tsx";
import {
  DEFAULT_SORT,
  type Filter,
  filterStudents,
  lastActiveText,
  NO_FILTER,
  nextSort,
  percentText,
  readinessCell,
  type Sort,
  type SortKey,
  STANDING_TEXT,
  sortStudents,
} from "./model.ts";

const STANDING_LOOK: Record<ClassStudent["course"]["standing"], string> = {
  ahead: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  on_plan: "bg-brand-50 text-brand-800 ring-brand-200",
  behind: "bg-amber-50 text-amber-900 ring-amber-200",
  no_dates: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function ClassOverviewView({
  reply,
  nowMs,
  reportAction,
}: {
  reply: ClassOverviewReply;
  nowMs: number;
  /** A student's "PDF report" action (the page's download); none without one. */
  reportAction?: (student: ClassStudent) => ReactNode;
}) {
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const rows = useMemo(
    () => sortStudents(filterStudents(reply.students, filter), sort),
    [reply.students, filter, sort],
  );
  const header = (label: string, key: SortKey, extra = "") => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={(k) => setSort(nextSort(sort, k))} className={extra} />
  );

  if (reply.students.length === 0) return <p className="text-sm text-slate-600">This class has no students yet.</p>;

  return (
    <div className="space-y-4">
      <search className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" aria-label="Filter the students">
        <TextField
          label="Find a student"
          type="search"
          name="student-filter"
          value={filter.text}
          onChange={(text) => setFilter({ ...filter, text })}
          description="Name, e-mail address or student number"
          inputClassName="text-base sm:text-sm"
        />
        <SelectField
          label="Progress against the course dates"
          value={filter.standing}
          onChange={(value) => setFilter({ ...filter, standing: value as Filter["standing"] })}
          data-testid="standing-filter"
        >
          <option value="all">All students</option>
          {(Object.keys(STANDING_TEXT) as (keyof typeof STANDING_TEXT)[]).map((s) => (
            <option key={s} value={s}>
              {STANDING_TEXT[s]}
            </option>
          ))}
        </SelectField>
      </search>
      <p className="text-sm text-slate-600" role="status" data-testid="overview-count">
        {rows.length === reply.students.length
          ? `${rows.length} ${rows.length === 1 ? "student" : "students"}`
          : `${rows.length} of ${reply.students.length} students`}
      </p>
      <TableScroller className="rounded-lg bg-surface shadow-sm ring-1 ring-slate-200">
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="class-overview">
          <caption className="sr-only">
            Each student's progress, results and exam readiness. Column headers sort the table.
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              {header("Student", { column: "name" }, "pl-4")}
              {header("Course", { column: "course" })}
              {header("Lessons", { column: "lessons" })}
              {header("Progress tests", { column: "progress_tests" })}
              {header("Mock exams", { column: "mock_exams" })}
              {header("Last active", { column: "last_active" })}
              <th scope="col" className="px-2 py-2 font-medium lg:px-3">
                Exam readiness
              </th>
              {reportAction ? (
                <th scope="col" className="px-2 py-2 font-medium lg:px-3">
                  <span className="sr-only">Report</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((s) => (
              <StudentRow key={s.id} student={s} reply={reply} nowMs={nowMs} reportAction={reportAction} />
            ))}
          </tbody>
        </table>
      </TableScroller>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="overview-none">
          No student matches the filter.
        </p>
      ) : null}
      {reply.subjects.length > 0 ? (
        <ReadinessSort reply={reply} sort={sort} onSort={(key) => setSort(nextSort(sort, key))} />
      ) : null}
    </div>
  );
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className = "",
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort.key.column === sortKey.column;
  const direction = active ? (sort.descending ? "descending" : "ascending") : undefined;
  return (
    <th scope="col" aria-sort={direction ?? "none"} className={`px-1 py-1 font-medium ${className}`}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 uppercase hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid={`sort-${sortKey.column}`}
      >
        {label}
        <span aria-hidden className="w-3 text-slate-500">
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : ""}
        </span>
      </button>
    </th>
  );
}

function StudentRow({
  student: s,
  reply,
  nowMs,
  reportAction,
}: {
  student: ClassStudent;
  reply: ClassOverviewReply;
  nowMs: number;
  reportAction: ((student: ClassStudent) => ReactNode) | undefined;
}) {
  const { course } = s;
  return (
    <tr data-testid="overview-row" className="align-top">
      <th scope="row" className="py-3 pr-2 pl-4 font-normal lg:pr-3">
        <span className="block font-medium text-slate-900" data-testid="overview-name">
          {s.firstname} {s.lastname}
        </span>
        <span className="block text-xs text-slate-600">{s.student_id ?? s.email}</span>
      </th>
      <td className="px-2 py-3 lg:px-3">
        <span className="block whitespace-nowrap tabular-nums text-slate-900">{course.completed}% done</span>
        {course.planned === null ? null : (
          <span className="block whitespace-nowrap text-xs tabular-nums text-slate-600">
            {course.planned}% planned by now
          </span>
        )}
        <span
          className={`mt-1 inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STANDING_LOOK[course.standing]}`}
          data-testid="overview-standing"
        >
          {STANDING_TEXT[course.standing]}
        </span>
      </td>
      <td className="px-2 py-3 lg:px-3 tabular-nums">
        {s.lessons.completed} / {s.lessons.total}
      </td>
      <td className="px-2 py-3 lg:px-3 tabular-nums">
        {s.progress_tests.passed} / {s.progress_tests.total}
      </td>
      <td className="px-2 py-3 lg:px-3 tabular-nums" data-testid="overview-mock">
        {percentText(s.mock_exams.average)}
        {s.mock_exams.scores > 0 ? (
          <span className="block text-xs text-slate-600">
            {s.mock_exams.scores === 1 ? "1 score" : `${s.mock_exams.scores} scores`}
          </span>
        ) : null}
      </td>
      <td className="px-2 py-3 lg:px-3" data-testid="overview-active">
        {lastActiveText(s.last_active_at, nowMs)}
      </td>
      <td className="px-2 py-3 lg:px-3">
        <ul className="flex flex-wrap gap-1" aria-label={`Exam readiness of ${s.firstname} ${s.lastname}`}>
          {reply.subjects.map((subject) => {
            const cell = readinessCell(s.readiness.find((r) => r.subject === subject.code));
            return (
              <li
                key={subject.code}
                className="rounded bg-slate-100 px-1.5 py-0.5 text-xs tabular-nums text-slate-800"
                title={`${subject.title}: ${cell.label}`}
              >
                <abbr title={subject.title} className="no-underline">
                  {subject.code}
                </abbr>{" "}
                {cell.text}
                <span className="sr-only">: {cell.label}</span>
              </li>
            );
          })}
        </ul>
      </td>
      {reportAction ? <td className="px-2 py-2 lg:px-3">{reportAction(s)}</td> : null}
    </tr>
  );
}

/** Sorting by one subject's readiness: a select under the table (the column holds every subject). */
function ReadinessSort({
  reply,
  sort,
  onSort,
}: {
  reply: ClassOverviewReply;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const value = sort.key.column === "readiness" ? sort.key.subject : "";
  return (
    <div className="max-w-sm">
      <SelectField
        label="Sort by exam readiness in"
        value={value}
        onChange={(subject) => (subject ? onSort({ column: "readiness", subject }) : undefined)}
        description="The most ready first; students without a figure last."
        data-testid="readiness-sort"
      >
        <option value="">Choose a subject</option>
        {reply.subjects.map((s) => (
          <option key={s.code} value={s.code}>
            {s.code} {s.title}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
