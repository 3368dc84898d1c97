import { PAGINATION_INITIAL_BUTTONS } from "@preflight/sync-protocol/rules/constants";
import { useId, useState } from "react";
import { Button } from "./Button.tsx";
import {
  clampWindowStart,
  followCurrent,
  maxWindowStart,
  needsScrubber,
  type PageCorrectness,
  pageButtonLabel,
  pageWindow,
  windowAround,
} from "./pagination-window.ts";

export interface QuestionPageState {
  answered: boolean;
  flagged?: boolean;
  /** The student left a comment on it (an exam's question, issue 19). */
  commented?: boolean;
}

type Tone = "plain" | "answered" | PageCorrectness;

const TONES: Record<Tone, { rest: string; current: string }> = {
  plain: {
    rest: "bg-surface text-slate-700 ring-1 ring-slate-300 hover:ring-brand-500",
    current: "bg-primary text-white",
  },
  answered: {
    rest: "bg-brand-100 text-brand-900 ring-1 ring-brand-100 hover:ring-brand-500",
    current: "bg-primary text-white",
  },
  correct: { rest: "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-400", current: "bg-success-hover text-white" },
  incorrect: { rest: "bg-red-50 text-red-900 ring-1 ring-red-400", current: "bg-danger-hover text-white" },
};

/**
 * Question numbers as buttons, showing answered, current and flagged (a flag mark) and, when
 * the caller passes `correctness` (only once answers may be revealed), correct or incorrect.
 * Up to 20 buttons; a longer test adds a range "scrubber" that slides the window of 20 numbers.
 * The window follows the current question when it moves out of view. Positions are 1-based.
 */
export function QuestionPagination({
  pages,
  current,
  onSelect,
  disabled,
  correctness,
  size = PAGINATION_INITIAL_BUTTONS,
  label = "Questions",
}: {
  pages: readonly QuestionPageState[];
  current: number;
  onSelect: (position: number) => void;
  disabled?: boolean;
  correctness?: readonly (PageCorrectness | null | undefined)[];
  size?: number;
  label?: string;
}) {
  const total = pages.length;
  const scrubberId = useId();
  const [view, setView] = useState(() => ({ current, start: windowAround(current, total, size) }));

  // The current question moved: bring it into view (state derived from props, set during render).
  let start = view.start;
  if (view.current !== current) {
    start = followCurrent(view.start, current, total, size);
    setView({ current, start });
  }
  const visible = pageWindow(start, total, size);
  const numbers = Array.from({ length: Math.max(0, visible.end - visible.start + 1) }, (_, i) => visible.start + i);

  return (
    <nav aria-label={label} data-testid="question-pagination">
      <ol className="flex flex-wrap gap-1.5">
        {numbers.map((n) => {
          const page = pages[n - 1];
          const answered = page?.answered ?? false;
          const flagged = page?.flagged ?? false;
          const commented = page?.commented ?? false;
          const result = correctness?.[n - 1] ?? null;
          const isCurrent = n === current;
          const tone = TONES[result ?? (answered ? "answered" : "plain")];
          return (
            <li key={n}>
              <Button
                variant="plain"
                disabled={disabled}
                onPress={() => onSelect(n)}
                aria-current={isCurrent ? "step" : undefined}
                ariaLabel={pageButtonLabel(n, { answered, flagged, commented, correctness: result })}
                testId="question-page"
                data-answered={answered || undefined}
                data-flagged={flagged || undefined}
                data-commented={commented || undefined}
                data-correctness={result ?? undefined}
                className={`relative h-11 min-w-11 rounded-lg px-1.5 text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait ${
                  isCurrent ? `${tone.current} ring-2 ring-brand-100` : tone.rest
                }`}
              >
                {n}
                {flagged ? <FlagMark /> : null}
                {commented ? <CommentMark /> : null}
                {result ? <ResultMark result={result} /> : null}
              </Button>
            </li>
          );
        })}
      </ol>
      {needsScrubber(total, size) ? (
        <div className="mt-3 flex items-center gap-3">
          <label htmlFor={scrubberId} className="sr-only">
            Show questions
          </label>
          <input
            id={scrubberId}
            type="range"
            min={1}
            max={maxWindowStart(total, size)}
            step={1}
            value={visible.start}
            onChange={(e) => setView({ current, start: clampWindowStart(Number(e.target.value), total, size) })}
            aria-valuetext={`Questions ${visible.start} to ${visible.end} of ${total}`}
            data-testid="pagination-scrubber"
            className="h-11 min-w-0 flex-1 cursor-pointer accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          />
          <span className="shrink-0 text-xs text-slate-600 tabular-nums" aria-hidden>
            {visible.start}–{visible.end} of {total}
          </span>
        </div>
      ) : null}
    </nav>
  );
}

function FlagMark() {
  return (
    <span
      className="absolute -top-1.5 -right-1.5 flex h-4.5 w-4.5 items-center justify-center rounded-full bg-accent text-slate-900 ring-2 ring-surface"
      aria-hidden
    >
      <svg viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor" aria-hidden>
        <path d="M5 21V4h11l-1.5 4L16 12H7v9z" />
      </svg>
    </span>
  );
}

function CommentMark() {
  return (
    <span
      className="absolute -top-1.5 -left-1.5 flex h-4.5 w-4.5 items-center justify-center rounded-full bg-sky-600 text-white ring-2 ring-surface"
      aria-hidden
      data-testid="comment-mark"
    >
      <svg viewBox="0 0 24 24" className="h-2.5 w-2.5" fill="currentColor" aria-hidden>
        <path d="M3 4h18v13H9l-6 5z" />
      </svg>
    </span>
  );
}

function ResultMark({ result }: { result: PageCorrectness }) {
  return (
    <span
      className={`absolute -right-1.5 -bottom-1.5 flex h-4.5 w-4.5 items-center justify-center rounded-full text-white ring-2 ring-surface ${
        result === "correct" ? "bg-success" : "bg-danger"
      }`}
      aria-hidden
    >
      <svg viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth={3.5} aria-hidden>
        <path
          d={result === "correct" ? "m5 12.5 4.5 4.5L19 7.5" : "M7 7l10 10M17 7 7 17"}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
