/**
 * What the 'My Progress' line chart draws, as plain data (no chart code, so it loads with the
 * dashboard and is tested without a canvas): the two series as points on a time axis in days,
 * the axis's zoom limits (spec 9: "Zoom of the progress chart 1x to 1.8x"), and the table
 * alternative's rows.
 */
import type { CourseProgressSeries } from "@preflight/sync-protocol/schemas/analysis-course";

/** Spec 9: the chart zooms between 1x and 1.8x. */
export const PROGRESS_ZOOM_MIN = 1;
export const PROGRESS_ZOOM_MAX = 1.8;
/** Spec 9: graph minimum height 250 px (course); y-axis 0 to 100 percent. */
export const PROGRESS_CHART_MIN_HEIGHT = 250;
/** The chart's box: at least the spec's 250 px for the plot plus its zoom toolbar, more on a tall window. */
export const CHART_BOX_HEIGHT = `clamp(${PROGRESS_CHART_MIN_HEIGHT + 52}px, calc(100vh - 420px), 380px)`;
export const PERCENT_AXIS = { min: 0, max: 100 } as const;

export const DAY_MS = 86_400_000;

export interface ChartPoint {
  /** Milliseconds since 1970 of the day's start (UTC). */
  x: number;
  y: number;
}

export function dayToMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function msToDay(ms: number): string {
  return new Date(Math.round(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

export function seriesPoints(
  series: readonly CourseProgressSeries[],
  type: CourseProgressSeries["Type"],
): ChartPoint[] {
  return (series.find((s) => s.Type === type)?.Data ?? []).map((p) => ({ x: dayToMs(p.date), y: p.Percent }));
}

/** The days the chart spans, first to last, over both series. */
export function axisRange(series: readonly CourseProgressSeries[]): { min: number; max: number } | null {
  const xs = series.flatMap((s) => s.Data.map((p) => dayToMs(p.date)));
  if (xs.length === 0) return null;
  const min = Math.min(...xs);
  return { min, max: Math.max(min + DAY_MS, ...xs) };
}

/**
 * chartjs-plugin-zoom limits: never wider than the whole course (1x), never narrower than the
 * whole divided by 1.8 (1.8x), dragged only within it.
 */
export function zoomLimits(range: { min: number; max: number }) {
  return { x: { min: range.min, max: range.max, minRange: (range.max - range.min) / PROGRESS_ZOOM_MAX } };
}

/** Tick spacing on the date axis: whole days, about eight labels across the course. */
export function dayStep(range: { min: number; max: number }): number {
  return Math.max(1, Math.ceil((range.max - range.min) / DAY_MS / 8)) * DAY_MS;
}

/** The table alternative: one row per date of either series; a series without that date shows nothing. */
export function tableRows(
  series: readonly CourseProgressSeries[],
): { date: string; target: number | null; completed: number | null }[] {
  const byType = (type: CourseProgressSeries["Type"]) =>
    new Map((series.find((s) => s.Type === type)?.Data ?? []).map((p) => [p.date, p.Percent]));
  const target = byType("Target");
  const completed = byType("Completed");
  return [...new Set([...target.keys(), ...completed.keys()])]
    .sort()
    .map((date) => ({ date, target: target.get(date) ?? null, completed: completed.get(date) ?? null }));
}

/** "21 Nov 2026": a day for labels, read in UTC like the series. */
export function formatDay(ms: number): string {
  return new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
