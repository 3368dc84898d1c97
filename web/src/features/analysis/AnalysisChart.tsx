/**
 * One analysis graph on the page: the bar chart (its code loaded on demand), at least 370 px high
 * (spec 9), with the same numbers as a table for those who cannot see the chart, or a sentence
 * instead of a blank chart when there is nothing to show yet. The wrapper carries the reply as
 * JSON in `data-series`, so tests compare what the page draws with what the server answers.
 */
import { lazy, type ReactNode, Suspense } from "react";
import { type ChartModel, chartSummary, formatPercent } from "./model.ts";
import { Spinner } from "./Spinner.tsx";

const AnalysisBarChart = lazy(() => import("./AnalysisBarChart.tsx"));

/** Spec 9: graph minimum height 370 px (summary, topic); taller on a tall window. */
export const ANALYSIS_CHART_MIN_HEIGHT = 370;
const CHART_HEIGHT = `clamp(${ANALYSIS_CHART_MIN_HEIGHT}px, calc(100vh - 360px), 520px)`;

export function AnalysisChart({
  title,
  chart,
  series,
  labelHeader,
  notesHeader,
  empty,
  testId,
}: {
  title: string;
  chart: ChartModel;
  /** The reply the chart is drawn from, for `data-series`. */
  series: unknown;
  /** The table's first column: Subject or Topic. */
  labelHeader: string;
  notesHeader: string;
  /** A sentence shown instead of the chart, or null to draw it. */
  empty: ReactNode | null;
  testId: string;
}) {
  const summary = chartSummary(title, chart);
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{title}</figcaption>
      <div
        data-testid={testId}
        data-series={JSON.stringify(series)}
        data-empty={empty === null ? "false" : "true"}
        style={empty === null ? { minHeight: ANALYSIS_CHART_MIN_HEIGHT, height: CHART_HEIGHT } : undefined}
        className="relative"
      >
        {empty === null ? (
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <AnalysisBarChart chart={chart} label={summary} />
          </Suspense>
        ) : (
          <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">{empty}</p>
        )}
      </div>
      {empty === null ? (
        <details className="mt-3 text-sm" data-testid={`${testId}-table`}>
          <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Show the numbers as a table</summary>
          <div className="overflow-x-auto">
            <table className="mt-2 w-full text-left tabular-nums">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {labelHeader}
                  </th>
                  {chart.datasets.map((d) => (
                    <th key={d.label} scope="col" className="py-1.5 pr-3 font-medium">
                      {d.label}
                    </th>
                  ))}
                  <th scope="col" className="py-1.5 font-medium">
                    {notesHeader}
                  </th>
                </tr>
              </thead>
              <tbody>
                {chart.keys.map((key, i) => (
                  <tr key={key} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {chart.labels[i]}
                    </th>
                    {chart.datasets.map((d) => (
                      <td key={d.label} className="py-1 pr-3">
                        {formatPercent(d.data[i] ?? 0)}
                      </td>
                    ))}
                    <td className="py-1 text-slate-600">{chart.notes[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
