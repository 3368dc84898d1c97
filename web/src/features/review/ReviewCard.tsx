import { formatDate } from "@preflight/sync-protocol/rules/format";
import { REVIEW_SESSION_MAX } from "@preflight/sync-protocol/rules/review-schedule";
import { useSignedIn } from "../../app/session-context.tsx";
import { useStartTest } from "../../app/useStartTest.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorLine } from "../../ui/ErrorNotice.tsx";
import { Card } from "../../ui/Page.tsx";
import { useReviewQueue } from "./queries.ts";

const questions = (n: number) => `${n} ${n === 1 ? "question" : "questions"}`;

/** "3 questions due today" and the way to review them, on the dashboard; offline like any test. */
export function ReviewCard() {
  const { scope } = useSignedIn();
  const queue = useReviewQueue(scope.db, scope.now);
  const { start, error, starting } = useStartTest();
  if (!queue) return null;
  const session = queue.due.slice(0, REVIEW_SESSION_MAX);

  const startReview = () =>
    start({
      test_type: "practice",
      title: `Review (${questions(session.length)})`,
      count: session.length,
      from: session,
      ordered: true,
      // A review shows at once whether the answer was right, as the flashcard it replaces would.
      display_answers: "after_choice",
    });

  return (
    <Card title="Review" testId="review-card">
      {queue.due.length > 0 ? (
        <div className="space-y-4">
          <p className="font-medium text-slate-900" data-testid="review-due">
            {questions(queue.due.length)} due today
          </p>
          <ul
            className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2"
            aria-label="Due by subject"
          >
            {queue.bySubject.map((s) => (
              <li key={s.code} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">
                  <span className="font-mono text-slate-500">{s.code}</span> {s.title}
                </span>
                <span className="shrink-0 tabular-nums">{s.count}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button onPress={() => void startReview()} disabled={starting} testId="review-start">
              {starting
                ? "Starting review…"
                : session.length < queue.due.length
                  ? `Review ${session.length} of ${queue.due.length}`
                  : `Start review (${questions(session.length)})`}
            </Button>
            <ErrorLine message={error} />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="review-nothing-due">
          {queue.scheduled === 0
            ? "Questions you answer wrong come back here when they are due for review, and so do the questions you mark for review."
            : queue.nextDue
              ? `Nothing is due today. Your next review is on ${formatDate(queue.nextDue)}.`
              : "Nothing is due today."}
        </p>
      )}
      {queue.ownWeights && (
        <p className="mt-4 text-xs text-slate-500" data-testid="review-own-weights">
          Spaced to your own memory: fitted to {queue.ownWeights.reviews} of your reviews on{" "}
          {formatDate(queue.ownWeights.fittedAt)}.
        </p>
      )}
    </Card>
  );
}
