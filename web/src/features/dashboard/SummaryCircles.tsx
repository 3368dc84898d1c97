import type { CourseProgressSummary } from "@preflight/sync-protocol/schemas/analysis-course";

/** The dashboard's three summary circles (spec): lessons completed, tests passed, average score. */
export function SummaryCircles({ summary }: { summary: CourseProgressSummary | undefined }) {
  if (!summary) return null;
  const { lessons, progress_tests: tests } = summary;
  return (
    <div className="grid grid-cols-3 gap-3" data-testid="summary-circles">
      <Circle
        label="Lessons completed"
        value={`${lessons.completed}/${lessons.total}`}
        fraction={lessons.total ? lessons.completed / lessons.total : 0}
        testId="summary-lessons"
      />
      <Circle
        label="Tests passed"
        value={`${tests.completed}/${tests.total}`}
        fraction={tests.total ? tests.completed / tests.total : 0}
        testId="summary-tests"
      />
      <Circle
        label="Average score"
        value={tests.score === null ? "–" : `${tests.score}%`}
        fraction={(tests.score ?? 0) / 100}
        testId="summary-score"
      />
    </div>
  );
}

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Circle({
  label,
  value,
  fraction,
  testId,
}: {
  label: string;
  value: string;
  fraction: number;
  testId: string;
}) {
  return (
    <figure className="flex flex-col items-center gap-2 text-center" data-testid={testId}>
      <div className="relative h-24 w-24">
        <svg viewBox="0 0 80 80" className="h-full w-full -rotate-90" aria-hidden>
          <circle cx="40" cy="40" r={RADIUS} fill="none" strokeWidth="8" className="stroke-slate-100" />
          <circle
            cx="40"
            cy="40"
            r={RADIUS}
            fill="none"
            strokeWidth="8"
            strokeLinecap="round"
            className="stroke-brand-600 transition-[stroke-dashoffset] duration-500"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - Math.min(1, Math.max(0, fraction)))}
          />
        </svg>
        <span className="absolute inset-0 flex items-center justify-center text-lg font-semibold tabular-nums text-slate-900">
          {value}
        </span>
      </div>
      <figcaption className="text-sm text-slate-600">{label}</figcaption>
    </figure>
  );
}
