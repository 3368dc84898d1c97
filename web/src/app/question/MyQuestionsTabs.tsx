import { Link } from "@tanstack/react-router";

/** The fragment of /test/flagged that shows My notes (the flagged list's detail view is #question-{id}). */
export const NOTES_HASH = "notes";

const TAB = "-mb-px inline-flex min-h-11 items-center rounded-t-md border-b-2 px-3 py-1.5 text-sm hover:text-slate-900";
const CURRENT = `${TAB} border-brand-600 font-medium text-brand-700`;
const OTHER = `${TAB} border-transparent text-slate-600`;

/**
 * The two lists of the student's own marks on questions, side by side under the Flagged
 * questions entry of the menu: the questions they flagged, and every question they wrote a note
 * on (issue 19). Links, not a tab widget: each is a place with its own address, kept in history.
 * Without flagging switched on there is only the notes, and no tabs.
 */
export function MyQuestionsTabs({ current, flagging }: { current: "flagged" | "notes"; flagging: boolean }) {
  if (!flagging) return null;
  return (
    <nav
      aria-label="Your questions"
      className="-mt-2 flex gap-1 border-b border-slate-200"
      data-testid="my-questions-tabs"
    >
      <Link
        to="/test/flagged"
        hash=""
        aria-current={current === "flagged" ? "page" : undefined}
        className={current === "flagged" ? CURRENT : OTHER}
      >
        Flagged questions
      </Link>
      <Link
        to="/test/flagged"
        hash={NOTES_HASH}
        aria-current={current === "notes" ? "page" : undefined}
        className={current === "notes" ? CURRENT : OTHER}
      >
        My notes
      </Link>
    </nav>
  );
}
