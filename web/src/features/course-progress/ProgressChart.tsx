/**
 * The 'My Progress' line chart (Chart.js with chartjs-plugin-zoom), loaded on demand so the
 * dashboard paints without it. Target is dashed, Completed a filled step; the date axis zooms
 * by wheel or pinch between 1x and 1.8x and is dragged within the course; buttons zoom and
 * reset too. The wrapper carries the current scale for tests: data-zoom, data-x-min, data-x-max.
 */
import type { CourseProgressSeries } from "@preflight/sync-protocol/schemas/analysis-course";
import {
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import zoomPlugin from "chartjs-plugin-zoom";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Line } from "react-chartjs-2";
import { useDarkTheme } from "../../app/theme.ts";
import { Button } from "../../ui/Button.tsx";
import {
  axisRange,
  dayStep,
  formatDay,
  msToDay,
  PERCENT_AXIS,
  PROGRESS_ZOOM_MAX,
  PROGRESS_ZOOM_MIN,
  seriesPoints,
  zoomLimits,
} from "./chart-config.ts";

ChartJS.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend, Filler, zoomPlugin);

/** Canvas colours for each theme (a canvas cannot read the CSS variables that turn the page round). */
const CHART_COLOURS = {
  light: {
    target: "#64748b",
    completed: "#175c8d",
    completedFill: "rgba(23, 92, 141, 0.12)",
    text: "#334155",
    grid: "rgba(100, 116, 139, 0.2)",
  },
  dark: {
    target: "#94a3b8",
    completed: "#80b6de",
    completedFill: "rgba(128, 182, 222, 0.16)",
    text: "#cbd5e1",
    grid: "rgba(148, 163, 184, 0.18)",
  },
} as const;
const ZOOM_STEP = 1.2;

interface Scale {
  zoom: number;
  min: number;
  max: number;
}

export default function ProgressChart({
  series: given,
  label,
}: {
  series: readonly CourseProgressSeries[];
  label: string;
}) {
  const chartRef = useRef<ChartJS<"line", { x: number; y: number }[]> | null>(null);
  // The device's live query hands new arrays on every change; the chart moves only when the numbers do.
  const key = JSON.stringify(given);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by value
  const series = useMemo(() => given, [key]);
  const range = useMemo(() => axisRange(series), [series]);
  const [scale, setScale] = useState<Scale | null>(null);
  const colours = CHART_COLOURS[useDarkTheme() ? "dark" : "light"];

  const report = useCallback((chart: ChartJS) => {
    const x = chart.scales.x;
    if (x) setScale({ zoom: chart.getZoomLevel(), min: x.min, max: x.max });
  }, []);

  const data = useMemo<ChartData<"line", { x: number; y: number }[]>>(
    () => ({
      datasets: [
        {
          label: "Target",
          data: seriesPoints(series, "Target"),
          borderColor: colours.target,
          backgroundColor: colours.target,
          borderDash: [6, 4],
          borderWidth: 2,
          pointRadius: 2,
          tension: 0,
        },
        {
          label: "Completed",
          data: seriesPoints(series, "Completed"),
          borderColor: colours.completed,
          backgroundColor: colours.completedFill,
          fill: "origin",
          // Done by a date holds until the next completion: a step, not a slope between days.
          stepped: "before",
          borderWidth: 2.5,
          pointRadius: 3,
          tension: 0,
        },
      ],
    }),
    [series, colours],
  );

  const options = useMemo<ChartOptions<"line">>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: { duration: 250 },
      interaction: { mode: "nearest", axis: "x", intersect: false },
      scales: {
        x: {
          type: "linear",
          min: range?.min,
          max: range?.max,
          ticks: {
            stepSize: range ? dayStep(range) : undefined,
            callback: (value) => formatDay(Number(value)).replace(/ \d{4}$/, ""),
            maxRotation: 0,
            autoSkipPadding: 12,
            color: colours.text,
          },
          grid: { display: false },
          border: { color: colours.grid },
        },
        y: {
          min: PERCENT_AXIS.min,
          max: PERCENT_AXIS.max,
          ticks: { stepSize: 20, callback: (value) => `${value}%`, color: colours.text },
          grid: { color: colours.grid },
          border: { color: colours.grid },
        },
      },
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true, boxHeight: 6, color: colours.text } },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? formatDay(items[0].parsed.x ?? 0) : ""),
            label: (item) => `${item.dataset.label}: ${item.parsed.y}%`,
          },
        },
        zoom: {
          limits: range ? zoomLimits(range) : undefined,
          pan: { enabled: true, mode: "x", onPanComplete: ({ chart }) => report(chart) },
          zoom: {
            wheel: { enabled: true, speed: 0.1 },
            pinch: { enabled: true },
            mode: "x",
            // At a limit the wheel scrolls the dashboard instead of being swallowed by the chart.
            onZoomStart: ({ chart, event }) =>
              !(event instanceof WheelEvent && atLimit(chart.getZoomLevel(), event.deltaY)),
            onZoomComplete: ({ chart }) => report(chart),
          },
        },
      },
    }),
    [range, report, colours],
  );

  // New dates (or another tab's series): the whole course again, at 1x.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !range) return;
    chart.resetZoom("none");
    report(chart);
  }, [range, report]);

  const zoomBy = (amount: number) => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.zoom(amount);
    report(chart);
  };
  const reset = () => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.resetZoom();
    report(chart);
  };
  const zoomed = (scale?.zoom ?? 1) > 1.001;

  return (
    <div className="flex h-full min-h-0 w-full min-w-0 flex-col">
      <div className="mb-1 flex items-center justify-end gap-1" role="toolbar" aria-label="Chart zoom">
        <ToolButton
          label="Zoom in"
          onPress={() => zoomBy(ZOOM_STEP)}
          disabled={(scale?.zoom ?? 1) >= PROGRESS_ZOOM_MAX - 0.001}
        >
          +
        </ToolButton>
        <ToolButton label="Zoom out" onPress={() => zoomBy(1 / ZOOM_STEP)} disabled={!zoomed}>
          −
        </ToolButton>
        <Button
          variant="plain"
          onPress={reset}
          disabled={!zoomed}
          className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-500 disabled:opacity-70 disabled:hover:bg-transparent"
          testId="progress-reset-zoom"
        >
          Reset zoom
        </Button>
      </div>
      <div
        className="relative min-h-0 w-full min-w-0 flex-1 overflow-hidden"
        data-testid="progress-chart"
        data-zoom={scale ? scale.zoom.toFixed(3) : "1.000"}
        data-x-min={scale ? msToDay(scale.min) : undefined}
        data-x-max={scale ? msToDay(scale.max) : undefined}
      >
        <Line ref={chartRef} data={data} options={options} role="img" aria-label={label} onDoubleClick={reset} />
      </div>
    </div>
  );
}

/** True when a wheel turn would zoom past 1x (out) or 1.8x (in). */
function atLimit(level: number, deltaY: number): boolean {
  return deltaY > 0 ? level <= PROGRESS_ZOOM_MIN + 0.001 : level >= PROGRESS_ZOOM_MAX - 0.001;
}

function ToolButton({
  label,
  onPress,
  disabled,
  children,
}: {
  label: string;
  onPress: () => void;
  disabled: boolean;
  children: string;
}) {
  return (
    // The hover tip sits on a box-less wrapper: React Aria's button takes no title.
    <span title={label} className="contents">
      <Button
        variant="plain"
        ariaLabel={label}
        onPress={onPress}
        disabled={disabled}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300 text-base font-semibold text-slate-700 hover:bg-slate-50 disabled:text-slate-500 disabled:opacity-70 disabled:hover:bg-transparent"
      >
        {children}
      </Button>
    </span>
  );
}
