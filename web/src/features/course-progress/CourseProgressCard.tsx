/**
 * The dashboard's course progress graph 'My Progress' (spec study 2): Target vs Completed over
 * dates with an 'Edit dates' link; tabs Full Course (with more than one module) and one per
 * module, named in the address's hash (full-course or module-{id}). Drawn from the device's own
 * records with the server's rule, so it works offline and agrees with GET /analysis/course.
 * The chart code loads after the dashboard has painted.
 */
import type { CourseProgressReply } from "@preflight/sync-protocol/schemas/analysis-course";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { Button } from "../../ui/Button.tsx";
import { PROGRESS_CHART_MIN_HEIGHT, tableRows } from "./chart-config.ts";
import type { CourseProgressData, ProgressScope } from "./queries.ts";
import { type ProgressTab, tabOfHash } from "./tabs.ts";

const ProgressChart = lazy(() => import("./ProgressChart.tsx"));

/** The chart's box: at least the spec's 250 px for the plot plus its zoom toolbar, more on a tall window. */
const CHART_BOX_HEIGHT = `clamp(${PROGRESS_CHART_MIN_HEIGHT + 52}px, calc(100vh - 420px), 380px)`;

/**
 * `data` comes from the dashboard's one read of the course (`useCourseProgress`), shared with the
 * circles; `renderCourseDates` is the course-dates feature's modal, which the route passes in.
 */
export function CourseProgressCard({
  data,
  summary,
  renderCourseDates,
}: {
  data: CourseProgressData | undefined;
  /** The dashboard's summary circles, at the top of the same card (one progress card). */
  summary?: ReactNode;
  renderCourseDates: (props: { isOpen: boolean; onClose: () => void }) => ReactNode;
}) {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const selected = data
    ? tabOfHash(
        hash,
        data.scopes.map((s) => s.tab),
      )
    : null;

  return (
    <section
      className="min-w-0 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="my-progress-heading"
      data-testid="my-progress"
    >
      <ProgressView
        data={data}
        summary={summary}
        selected={selected}
        onSelect={(tab) =>
          void navigate({ to: ".", hash: tab, replace: true, resetScroll: false, hashScrollIntoView: false })
        }
        onEditDates={() => setEditing(true)}
      />
      {renderCourseDates({ isOpen: editing, onClose: () => setEditing(false) })}
    </section>
  );
}

/** The card's content for given data: heading, tabs and each scope's chart (pure, for tests and fixtures). */
export function ProgressView({
  data,
  summary,
  selected,
  onSelect,
  onEditDates,
}: {
  data: CourseProgressData | undefined;
  summary?: ReactNode;
  selected: ProgressTab | null;
  onSelect: (tab: ProgressTab) => void;
  onEditDates: () => void;
}) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-progress-heading" className="text-lg font-semibold text-slate-900">
          My Progress
        </h2>
        <Button variant="secondary" onPress={onEditDates} testId="progress-edit-dates">
          Edit dates
        </Button>
      </div>
      {summary ? <div className="mb-6">{summary}</div> : null}
      {data === undefined ? (
        <div style={{ height: CHART_BOX_HEIGHT }} aria-hidden />
      ) : data.scopes.length === 0 || selected === null ? (
        <p className="text-sm text-slate-600">Your course's modules will appear here once they are on this device.</p>
      ) : (
        <Tabs selectedKey={selected} onSelectionChange={(key) => onSelect(key as ProgressTab)}>
          <TabList aria-label="Course progress" className="mb-3 flex flex-wrap gap-1 border-b border-slate-200">
            {data.scopes.map((s) => (
              <Tab
                key={s.tab}
                id={s.tab}
                className="-mb-px inline-flex min-h-11 cursor-pointer items-center rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:font-medium data-[selected]:text-brand-700"
                data-testid="progress-tab"
              >
                {s.label}
              </Tab>
            ))}
          </TabList>
          {data.scopes.map((s) => (
            <TabPanel key={s.tab} id={s.tab} className="outline-none">
              <ScopePanel scope={s} today={data.today} onEditDates={onEditDates} />
            </TabPanel>
          ))}
        </Tabs>
      )}
    </>
  );
}

/** Today's Target and the latest Completed, for the line above the chart and its label. */
function todayOf(reply: CourseProgressReply, today: string) {
  const [target, completed] = reply.averaged;
  return {
    target: target.Data.find((p) => p.date === today)?.Percent ?? target.Data.at(-1)?.Percent ?? 0,
    completed: completed.Data.at(-1)?.Percent ?? 0,
  };
}

function ScopePanel({ scope, today, onEditDates }: { scope: ProgressScope; today: string; onEditDates: () => void }) {
  const { reply, label } = scope;
  if (reply.averaged[0].Data.length === 0)
    return (
      <div className="space-y-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700" data-testid="progress-empty">
        <p>
          {label === "Full Course" ? "Your course has" : `${label} has`} no course dates yet, so there is no plan to
          measure your progress against. Set when each module starts and ends: your target for each day and what you
          have completed then appear here.
        </p>
        <Button onPress={onEditDates} testId="progress-set-dates">
          Set course dates
        </Button>
      </div>
    );
  const now = todayOf(reply, today);
  const summary = `${label}: target ${now.target}%, completed ${now.completed}% today`;
  return (
    <div>
      <p className="mb-2 flex flex-wrap gap-x-4 text-sm text-slate-600" data-testid="progress-today">
        <span>
          Target today <strong className="tabular-nums text-slate-900">{now.target}%</strong>
        </span>
        <span>
          Completed <strong className="tabular-nums text-slate-900">{now.completed}%</strong>
        </span>
      </p>
      <div
        className="relative w-full min-w-0"
        style={{ height: CHART_BOX_HEIGHT }}
        data-testid="progress-chart-wrapper"
        data-series={JSON.stringify(reply.averaged)}
      >
        <Suspense
          fallback={<p className="flex h-full items-center justify-center text-sm text-slate-500">Loading chart…</p>}
        >
          <ProgressChart series={reply.averaged} label={summary} />
        </Suspense>
      </div>
      <details className="mt-3 text-sm" data-testid="progress-table">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-slate-700 hover:text-slate-900">
          Show the numbers as a table
        </summary>
        <table className="mt-2 w-full text-left tabular-nums">
          <caption className="sr-only">{summary}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Target
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Completed
              </th>
            </tr>
          </thead>
          <tbody>
            {tableRows(reply.averaged).map((row) => (
              <tr key={row.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {row.date}
                </th>
                <td className="py-1 pr-3">{row.target === null ? "—" : `${row.target}%`}</td>
                <td className="py-1">{row.completed === null ? "—" : `${row.completed}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
