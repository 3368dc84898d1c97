/** One scope's line, chart and table (the chart's code loads when it is drawn). */
import type { CourseProgressReply } from "@preflight/sync-protocol/schemas/analysis-course";
import { lazy, Suspense } from "react";
import { Button } from "../../ui/Button.tsx";
import { CHART_BOX_HEIGHT, tableRows } from "./chart-config.ts";
import type { ProgressScope } from "./queries.ts";

const ProgressChart = lazy(() => import("./ProgressChart.tsx"));

/** Today's Target and the latest Completed, for the line above the chart and its label. */
function todayOf(reply: CourseProgressReply, today: string) {
  const [target, completed] = reply.averaged;
  return {
    target: target.Data.find((p) => p.date === today)?.Percent ?? target.Data.at(-1)?.Percent ?? 0,
    completed: completed.Data.at(-1)?.Percent ?? 0,
  };
}

export function ScopePanel({
  scope,
  today,
  onEditDates,
}: {
  scope: ProgressScope;
  today: string;
  onEditDates: () => void;
}) {
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
