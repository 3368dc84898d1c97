import type { CourseProgressSeries } from "@preflight/sync-protocol/schemas/analysis-course";
import { describe, expect, it } from "vitest";
import {
  axisRange,
  DAY_MS,
  dayStep,
  dayToMs,
  msToDay,
  PROGRESS_ZOOM_MAX,
  seriesPoints,
  tableRows,
  zoomLimits,
} from "./chart-config.ts";

const SERIES: CourseProgressSeries[] = [
  {
    Type: "Target",
    Data: [
      { date: "2026-10-31", Percent: 0 },
      { date: "2026-11-10", Percent: 50 },
      { date: "2026-11-30", Percent: 100 },
    ],
  },
  {
    Type: "Completed",
    Data: [
      { date: "2026-10-31", Percent: 0 },
      { date: "2026-11-05", Percent: 25 },
    ],
  },
];

describe("the 'My Progress' chart's data", () => {
  it("points are days on a time axis (UTC midnight) with the Percent", () => {
    expect(seriesPoints(SERIES, "Completed")).toEqual([
      { x: Date.UTC(2026, 9, 31), y: 0 },
      { x: Date.UTC(2026, 10, 5), y: 25 },
    ]);
    expect(msToDay(dayToMs("2026-11-05") + 3_600_000)).toBe("2026-11-05");
  });

  it("zooms from 1x (the whole course) to 1.8x, dragged only within the course", () => {
    const range = axisRange(SERIES);
    expect(range).toEqual({ min: dayToMs("2026-10-31"), max: dayToMs("2026-11-30") });
    const limits = zoomLimits(range as { min: number; max: number });
    expect(limits.x.min).toBe(range?.min);
    expect(limits.x.max).toBe(range?.max);
    expect(((range?.max ?? 0) - (range?.min ?? 0)) / limits.x.minRange).toBeCloseTo(PROGRESS_ZOOM_MAX);
    expect(axisRange([])).toBeNull();
  });

  it("ticks fall on whole days, about eight across", () => {
    expect(dayStep({ min: 0, max: 30 * DAY_MS })).toBe(4 * DAY_MS);
    expect(dayStep({ min: 0, max: 2 * DAY_MS })).toBe(DAY_MS);
  });

  it("the table has a row per date of either series, blank where a series has none", () => {
    expect(tableRows(SERIES)).toEqual([
      { date: "2026-10-31", target: 0, completed: 0 },
      { date: "2026-11-05", target: null, completed: 25 },
      { date: "2026-11-10", target: 50, completed: null },
      { date: "2026-11-30", target: 100, completed: null },
    ]);
  });
});
