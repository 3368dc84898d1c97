/**
 * Exam readiness per subject (issue 19), pure: the chance of passing now with its range, in
 * figures and in words (never colour alone), and for a subject without enough answers the
 * number still needed. The analysis page lists every subject; the dashboard (`compact`) lists
 * those the student has started and sums up the rest in a sentence.
 */
import { PASS_PERCENTAGE_DEFAULT } from "@preflight/sync-protocol/rules/constants";
import {
  READINESS_MIN_ANSWERS,
  readinessNeeded,
  readinessPercent,
  readinessRange,
  readinessVerdict,
  type SubjectReadiness,
} from "@preflight/sync-protocol/rules/readiness";

export function ReadinessList({
  items,
  compact = false,
  testId = "readiness",
}: {
  items: readonly SubjectReadiness[];
  compact?: boolean;
  testId?: string;
}) {
  const shown = compact ? items.filter((r) => r.kind === "estimate" || r.answers > 0) : items;
  const untouched = items.length - shown.length;
  return (
    <div className="space-y-3" data-testid={testId}>
      {shown.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {shown.map((r) => (
            <ReadinessRow key={r.subject} readiness={r} />
          ))}
        </ul>
      ) : null}
      {compact && untouched > 0 ? (
        <p className="text-sm text-slate-600" data-testid="readiness-untouched">
          {shown.length === 0
            ? `Answer ${READINESS_MIN_ANSWERS} questions in a subject to see your chance of passing its exam.`
            : `${untouched} other ${untouched === 1 ? "subject has" : "subjects have"} no answers yet.`}
        </p>
      ) : null}
    </div>
  );
}

function ReadinessRow({ readiness: r }: { readiness: SubjectReadiness }) {
  const toPass = `${r.passMark} of ${r.examQuestions} right to pass`;
  const from = r.answers === 0 ? "no answers yet" : `from ${r.answers} ${r.answers === 1 ? "answer" : "answers"}`;
  return (
    <li
      className="grid grid-cols-1 gap-x-4 gap-y-1.5 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid="readiness-subject"
      data-subject={r.subject}
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{r.title}</p>
        <p className="text-xs text-slate-600">
          {toPass} · {from}
        </p>
      </div>
      {r.kind === "estimate" ? (
        <Estimate chance={r.chance} range={readinessRange(r)} />
      ) : (
        <p className="text-sm text-slate-700 sm:max-w-xs sm:text-right" data-testid="readiness-needed">
          {readinessNeeded(r)}
        </p>
      )}
    </li>
  );
}

/** The chance and its range (whole percents): a sentence for screen readers, figures and words for the eye, and a bar. */
function Estimate({ chance, range }: { chance: number; range: { low: number; high: number } }) {
  return (
    <>
      <div className="sm:text-right" data-testid="readiness-figure">
        <p className="text-slate-900">
          <span className="sr-only">
            Chance of passing now {readinessPercent(chance)}, likely between {range.low}% and {range.high}%.
          </span>
          <span aria-hidden="true">
            <strong className="text-lg tabular-nums">{readinessPercent(chance)}</strong>{" "}
            <span className="text-sm tabular-nums text-slate-600">
              ({range.low}–{range.high}%)
            </span>
          </span>
        </p>
        <p className={`text-sm font-medium ${toneOf(chance)}`}>{readinessVerdict(chance)}</p>
      </div>
      <div className="relative h-2 rounded-full bg-slate-100 sm:col-span-2" aria-hidden="true">
        <div
          className="absolute inset-y-0 rounded-full bg-brand-200"
          style={{ left: `${range.low}%`, width: `${Math.max(1, range.high - range.low)}%` }}
        />
        <div
          className="absolute -inset-y-1 w-1 -translate-x-1/2 rounded-full bg-brand-700"
          style={{ left: `${Math.round(chance * 100)}%` }}
        />
      </div>
    </>
  );
}

function toneOf(chance: number): string {
  if (chance >= 0.7) return "text-emerald-800";
  if (chance >= 0.4) return "text-amber-800";
  return "text-red-800";
}

/** What the figures mean, in a sentence or two, for under a list. */
export function ReadinessExplained() {
  return (
    <p className="text-sm text-slate-600">
      Your chance of passing each subject's exam if you sat it now: {PASS_PERCENTAGE_DEFAULT}% of as many questions as
      the real exam has. It is worked out on this device from your answers, recent ones counting most and harder
      questions more. The range in brackets is where the chance lies with 80% certainty; more answers narrow it.
    </p>
  );
}
