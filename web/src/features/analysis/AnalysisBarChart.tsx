/**
 * The analysis bar chart (Chart.js), loaded on demand so no other page carries its code: one
 * group of two bars per subject or topic, the y axis from 0 to 100 %. The chart is an image to
 * assistive technology (its label sums it up); the page's table holds the same numbers.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { useMemo } from "react";
import { Bar } from "react-chartjs-2";
import { useDarkTheme } from "../../app/theme.ts";
import { type ChartModel, formatPercent, tickLines } from "./model.ts";

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const TICK_FONT_SIZE = 11;

/**
 * Canvas colours for each theme (a canvas cannot read the CSS variables that turn the page
 * round): the first data set in the brand blue, the second in green, both at least 3:1 against
 * the card (WCAG 1.4.11), with the ticks, axis title and legend in the page's muted text.
 */
const CHART_COLOURS = {
  light: { bars: ["#1f6fa8", "#059669"], text: "#334155", grid: "rgba(100, 116, 139, 0.22)" },
  dark: { bars: ["#5ea3d6", "#34d399"], text: "#cbd5e1", grid: "rgba(148, 163, 184, 0.2)" },
} as const;

/** On a phone the bars run across, and each name gets this many pixels to the left of its bars. */
const LABEL_WIDTH_ACROSS = 120;

export default function AnalysisBarChart({
  chart,
  label,
  horizontal = false,
}: {
  chart: ChartModel;
  label: string;
  /** Bars across the chart, names on the left (a phone's narrow card), instead of upright. */
  horizontal?: boolean;
}) {
  const key = JSON.stringify(chart);
  // The device's live query hands new arrays on every change; the chart moves only when the numbers do.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by value
  const model = useMemo(() => chart, [key]);
  const colours = CHART_COLOURS[useDarkTheme() ? "dark" : "light"];

  const data = useMemo<ChartData<"bar", number[], string>>(
    () => ({
      labels: [...model.labels],
      datasets: model.datasets.map((d, i) => ({
        label: d.label,
        data: [...d.data],
        backgroundColor: colours.bars[i % colours.bars.length],
        borderRadius: 3,
        maxBarThickness: 36,
      })),
    }),
    [model, colours],
  );

  const options = useMemo<ChartOptions<"bar">>(() => {
    // The names of the subjects or topics: under their bars, or on a phone beside them.
    const category = {
      grid: { display: false },
      border: { color: colours.grid },
      ticks: {
        color: colours.text,
        autoSkip: false,
        maxRotation: 0,
        font: { size: TICK_FONT_SIZE },
        callback(this: { width: number; ctx: CanvasRenderingContext2D }, _value: unknown, index: number) {
          const slot = horizontal ? LABEL_WIDTH_ACROSS : this.width / Math.max(1, model.keys.length);
          const ctx = this.ctx;
          ctx.save();
          ctx.font = `${TICK_FONT_SIZE}px ${ChartJS.defaults.font.family}`;
          const lines = tickLines(
            model.keys[index] ?? "",
            model.labels[index] ?? "",
            slot - 6,
            (text) => ctx.measureText(text).width,
          );
          ctx.restore();
          return lines;
        },
      },
    };
    const percent = {
      min: 0,
      max: 100,
      ticks: { stepSize: 20, callback: (value: string | number) => `${value}%`, color: colours.text },
      grid: { color: colours.grid },
      border: { color: colours.grid },
      title: { display: true, text: "Percent", color: colours.text },
    };
    return {
      indexAxis: horizontal ? "y" : "x",
      responsive: true,
      maintainAspectRatio: false,
      // Drawn at once for students who ask for reduced motion.
      animation: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? false : { duration: 250 },
      scales: horizontal ? { y: category, x: percent } : { x: category, y: percent },
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true, boxHeight: 8, color: colours.text } },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? (model.labels[items[0].dataIndex] ?? "") : ""),
            label: (item) =>
              `${item.dataset.label}: ${formatPercent((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}`,
            afterBody: (items) => (items[0] ? (model.notes[items[0].dataIndex] ?? "") : ""),
          },
        },
      },
    };
  }, [model, colours, horizontal]);

  return <Bar data={data} options={options} role="img" aria-label={label} />;
}
