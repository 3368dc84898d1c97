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
import { type ChartModel, formatPercent, tickLines } from "./model.ts";

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const TICK_FONT_SIZE = 11;

/** First data set in the brand blue, the second in the accent green. */
const COLOURS = ["#1f6fa8", "#10b981"] as const;

export default function AnalysisBarChart({ chart, label }: { chart: ChartModel; label: string }) {
  const key = JSON.stringify(chart);
  // The device's live query hands new arrays on every change; the chart moves only when the numbers do.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by value
  const model = useMemo(() => chart, [key]);

  const data = useMemo<ChartData<"bar", number[], string>>(
    () => ({
      labels: [...model.labels],
      datasets: model.datasets.map((d, i) => ({
        label: d.label,
        data: [...d.data],
        backgroundColor: COLOURS[i % COLOURS.length],
        borderRadius: 3,
        maxBarThickness: 36,
      })),
    }),
    [model],
  );

  const options = useMemo<ChartOptions<"bar">>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      // Drawn at once for students who ask for reduced motion.
      animation: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? false : { duration: 250 },
      scales: {
        x: {
          grid: { display: false },
          ticks: {
            autoSkip: false,
            maxRotation: 0,
            font: { size: TICK_FONT_SIZE },
            callback(_value, index) {
              const slot = this.width / Math.max(1, model.keys.length);
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
        },
        y: {
          min: 0,
          max: 100,
          ticks: { stepSize: 20, callback: (value) => `${value}%` },
          title: { display: true, text: "Percent" },
        },
      },
      plugins: {
        legend: { position: "bottom", labels: { usePointStyle: true, boxHeight: 8 } },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? (model.labels[items[0].dataIndex] ?? "") : ""),
            label: (item) => `${item.dataset.label}: ${formatPercent(item.parsed.y ?? 0)}`,
            afterBody: (items) => (items[0] ? (model.notes[items[0].dataIndex] ?? "") : ""),
          },
        },
      },
    }),
    [model],
  );

  return <Bar data={data} options={options} role="img" aria-label={label} />;
}
