import { resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { REVIEW_MARK_WORDS } from "@preflight/sync-protocol/rules/review-marks";
import { useLiveQuery } from "dexie-react-hooks";
import { useId } from "react";
import { setReviewMark } from "../../local/actions/review-marks.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import type { OutboxEntry, UserDb } from "../../local/store/db.ts";
import { SAVED_ON_DEVICE } from "../../ui/offline-words.ts";
import { ToggleButton } from "../../ui/ToggleButton.tsx";
import { useErrorNotice } from "../error-notice.ts";

export interface ReviewMarkState {
  marked: boolean;
  /** A write of the mark is still in the outbox (offline, or not sent yet). */
  waiting: boolean;
}

function isMarkOf(entry: OutboxEntry, questionId: number): boolean {
  return (
    entry.status === "pending" &&
    resolveCall(entry.call)?.template === "POST /api/question/review_mark" &&
    (entry.body as { question_id?: unknown } | null)?.question_id === questionId
  );
}

/** The question's mark as kept on this device, and whether its latest write waits to be sent. */
export async function readReviewMark(db: UserDb, questionId: number): Promise<ReviewMarkState> {
  const [mark, waiting] = await Promise.all([
    db.reviewMarks.get(questionId),
    db.outbox.filter((entry) => isMarkOf(entry, questionId)).count(),
  ]);
  return { marked: mark?.marked ?? false, waiting: waiting > 0 };
}

/** What the line beside the toggle says: the state while marked, and where the mark is. */
export function reviewMarkStatus(state: ReviewMarkState | undefined): string {
  if (!state) return "";
  if (state.marked) return state.waiting ? `${REVIEW_MARK_WORDS.marked}. ${SAVED_ON_DEVICE}` : REVIEW_MARK_WORDS.marked;
  return state.waiting ? SAVED_ON_DEVICE : "";
}

const TOGGLE = "inline-flex h-11 shrink-0 items-center rounded-lg px-3 text-sm font-medium ring-1 disabled:opacity-60";
const TOGGLE_REST = "bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50";
const TOGGLE_ON = "bg-sky-50 text-sky-900 ring-sky-300 hover:bg-sky-100";

/**
 * The student's mark for review on a question (issue 19, rules/review-marks.ts): a toggle
 * (aria-pressed; Space or Enter) that brings the question back in their Review from today, right
 * answer or not, and the line beside it that says "Marked for review" and whether the mark has
 * reached the server. Set offline like any change, and sent when the network is back.
 *
 * `look`: an item of a toolbar (the results review), or a card of its own that also says what
 * marking does (the side panel).
 */
export function ReviewMarkToggle({
  scope,
  questionId,
  look = "tool",
}: {
  scope: LocalScope;
  questionId: number;
  look?: "tool" | "card";
}) {
  const headingId = useId();
  const showError = useErrorNotice();
  const read = useLiveQuery(
    async () => ({ questionId, ...(await readReviewMark(scope.db, questionId)) }),
    [scope.db, questionId],
  );
  // Moved on to another question: the last one's state is not this one's, until this one's is read.
  const state = read?.questionId === questionId ? read : undefined;
  const marked = state?.marked ?? false;
  const toggle = (next: boolean) =>
    void setReviewMark(scope, questionId, next).catch((err: unknown) =>
      showError(err, { fallback: "Your mark for review could not be saved" }),
    );
  const status = reviewMarkStatus(state);

  const button = (
    <ToggleButton
      selected={marked}
      onChange={toggle}
      disabled={state === undefined}
      testId="review-mark"
      className={`${TOGGLE} ${marked ? TOGGLE_ON : TOGGLE_REST}`}
    >
      <MarkIcon marked={marked} />
      {REVIEW_MARK_WORDS.toggle}
    </ToggleButton>
  );
  // In a toolbar the line goes under its tools, a row of its own, once it says something.
  const line = (
    <span
      className={`text-xs text-slate-600 ${look === "tool" ? `order-last ${status ? "basis-full" : ""}` : ""}`}
      data-testid="review-mark-status"
      role="status"
    >
      {status}
    </span>
  );
  if (look === "tool")
    return (
      <>
        {button}
        {line}
      </>
    );
  return (
    <section
      className="rounded-xl bg-surface p-5 text-sm shadow-sm ring-1 ring-slate-200"
      aria-labelledby={headingId}
      data-testid="review-mark-card"
    >
      <h2 id={headingId} className="mb-3 font-semibold">
        Review
      </h2>
      {button}
      {/* One live region, kept while the mark comes and goes, so each change is announced. */}
      <div className="mt-2">{line}</div>
      {marked ? null : (
        <p className="text-xs text-slate-600" data-testid="review-mark-hint">
          {REVIEW_MARK_WORDS.explained}
        </p>
      )}
    </section>
  );
}

/** A circled arrow (come back), ticked while marked; drawn in the text's colour. */
function MarkIcon({ marked }: { marked: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mr-1.5 inline h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {marked ? <path d="M20 6 9 17l-5-5" /> : <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4.5h-4.5" />}
    </svg>
  );
}
