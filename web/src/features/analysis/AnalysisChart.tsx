/**
 * One analysis graph on the page: the bar chart (its code loaded on demand), at least 370 px high
 * (spec 9), with the same numbers as a table for those who cannot see the chart, or a sentence
 * instead of a blank chart when there is nothing to show yet. The wrapper carries the reply as
 * JSON in `data-series`, so tests compare what the page draws with what the server answers.
 */
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { TableScroller } from "../../ui/TableScroller.tsx";
import { type ChartModel, chartSummary, formatPercent } from "./model.ts";
import { Spinner } from "./Spinner.tsx";

const AnalysisBarChart = lazy(() => import("./AnalysisBarChart.tsx"));

/** Spec 9: graph minimum height 370 px (summary, topic); taller on a tall window. */
export const ANALYSIS_CHART_MIN_HEIGHT = 370;
const CHART_HEIGHT = `clamp(${ANALYSIS_CHART_MIN_HEIGHT}px, calc(100vh - 360px), 520px)`;

/**
 * Below a laptop's width (a tablet in portrait, a phone) the bars run across, each name on its
 * own row at its bars' left: fourteen subjects standing side by side at 768 px cut their names.
 */
const ACROSS_QUERY = "(max-width: 1023px)";
/** Height of one name's row with its bars when they run across (the code and three lines). */
const ROW_HEIGHT_ACROSS = 60;
/** The percent axis, its title and the legend under the rows. */
const AXES_HEIGHT_ACROSS = 90;

function subscribeAcross(onChange: () => void): () => void {
  const query = window.matchMedia(ACROSS_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useBarsAcross(): boolean {
  return useSyncExternalStore(
    subscribeAcross,
    () => window.matchMedia(ACROSS_QUERY).matches,
    () => false,
  );
}

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
  const across = useBarsAcross();
  const height = across
    ? `${Math.max(ANALYSIS_CHART_MIN_HEIGHT, chart.keys.length * ROW_HEIGHT_ACROSS + AXES_HEIGHT_ACROSS)}px`
    : CHART_HEIGHT;
  return (
    <figure className="m-0 min-w-0">
      <figcaption className="sr-only">{title}</figcaption>
      <div
        data-testid={testId}
        data-series={JSON.stringify(series)}
        data-empty={empty === null ? "false" : "true"}
        style={empty === null ? { minHeight: ANALYSIS_CHART_MIN_HEIGHT, height } : undefined}
        className="relative w-full min-w-0"
      >
        {empty === null ? (
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <AnalysisBarChart chart={chart} label={summary} horizontal={across} />
          </Suspense>
        ) : (
          <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">{empty}</p>
        )}
      </div>
      {empty === null ? (
        <details className="mt-3 text-sm" data-testid={`${testId}-table`}>
          <summary className="cursor-pointer py-3 text-slate-700 hover:text-slate-900">
            Show the numbers as a table
          </summary>
          <TableScroller>
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
                  <th scope="col" className="hidden py-1.5 font-medium sm:table-cell">
                    {notesHeader}
                  </th>
                </tr>
              </thead>
              <tbody>
                {chart.keys.map((key, i) => (
                  <tr key={key} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-3 font-normal">
                      {chart.labels[i]}
                      {/* On a phone the notes column would not fit: the notes go under the name. */}
                      <span className="block text-xs text-slate-600 sm:hidden">{chart.notes[i]}</span>
                    </th>
                    {chart.datasets.map((d) => (
                      <td key={d.label} className="py-1 pr-3">
                        {formatPercent(d.data[i] ?? 0)}
                      </td>
                    ))}
                    <td className="hidden py-1 text-slate-600 sm:table-cell lg:whitespace-nowrap">{chart.notes[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        </details>
      ) : null}
    </figure>
  );
}
