import type { CourseProgressSummary } from "@preflight/sync-protocol/schemas/analysis-course";
import type { AnswerRate } from "./queries.ts";

/**
 * The dashboard's three summary circles (spec): lessons completed, tests passed, average score.
 * The course's summary counts progress tests only (the server's rule), so a student who has
 * taken practice tests alone sees no average there: the circle says so, and the line under the
 * circles gives the right answers over every finished test (`useAnswerRate`, which the route
 * reads with the rest of the page's reads, so the line never arrives after the page).
 */
export function SummaryCircles({
  summary,
  rate,
}: {
  summary: CourseProgressSummary | undefined;
  rate?: AnswerRate | null | undefined;
}) {
  if (!summary) return null;
  const { lessons, progress_tests: tests } = summary;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="summary-circles">
        <Circle
          label="Lessons completed"
          value={`${lessons.completed}/${lessons.total}`}
          fraction={lessons.total ? lessons.completed / lessons.total : 0}
          testId="summary-lessons"
        />
        <Circle
          label="Tests passed"
          note="Progress tests"
          value={`${tests.completed}/${tests.total}`}
          fraction={tests.total ? tests.completed / tests.total : 0}
          testId="summary-tests"
        />
        <Circle
          label="Average score"
          note={tests.score === null ? "No progress tests yet" : "Progress tests"}
          value={tests.score === null ? "–" : `${tests.score}%`}
          fraction={(tests.score ?? 0) / 100}
          testId="summary-score"
        />
      </div>
      {rate ? <AnswerLine rate={rate} /> : null}
    </div>
  );
}

function AnswerLine({ rate }: { rate: AnswerRate }) {
  return (
    <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="summary-answer-rate">
      {rate.total === 0 ? (
        "Finish a test to see how many of your answers are right."
      ) : (
        <>
          Across your {rate.tests} finished {rate.tests === 1 ? "test" : "tests"}:{" "}
          <strong className="tabular-nums text-slate-900">{Math.round((rate.right / rate.total) * 100)}%</strong>{" "}
          answered right ({rate.right} of {rate.total}).
        </>
      )}
    </p>
  );
}

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Circle({
  label,
  note,
  value,
  fraction,
  testId,
}: {
  label: string;
  note?: string;
  value: string;
  fraction: number;
  testId: string;
}) {
  return (
    <figure className="flex min-w-0 flex-col items-center gap-2 text-center" data-testid={testId}>
      <div className="relative h-20 w-20 sm:h-24 sm:w-24">
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
        <span className="absolute inset-0 flex items-center justify-center text-base font-semibold tabular-nums text-slate-900 sm:text-lg">
          {value}
        </span>
      </div>
      <figcaption className="text-sm text-slate-700">
        {label}
        {note ? <span className="block text-xs text-slate-500">{note}</span> : null}
      </figcaption>
    </figure>
  );
}
