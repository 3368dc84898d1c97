import { stripHtml } from "@preflight/sync-protocol/rules/question";
import { Link } from "@tanstack/react-router";
import { useSignedIn } from "../../app/session-context.tsx";
import { useFitToBox } from "../../ui/useFitToBox.ts";
import { FLAGGED_MESSAGES, questionHash } from "./flagged-model.ts";
import { useFlaggedEntries } from "./queries.ts";

/** More than ever fit the box; the rest are a 'View all' away. */
const RECENT_FLAGGED_LIMIT = 20;

/** Dashboard sidebar: the latest flagged questions; each opens in the flagged detail view. */
export function RecentlyFlagged() {
  const { scope, session } = useSignedIn();
  const entries = useFlaggedEntries(scope.db, RECENT_FLAGGED_LIMIT);
  const box = useFitToBox<HTMLUListElement>(entries);
  if (!session.user.features.flagged) return null;

  return (
    <section
      className="mt-6 border-t border-slate-100 pt-5 lg:flex lg:min-h-0 lg:flex-1 lg:flex-col"
      data-testid="recently-flagged"
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 className="font-semibold">Recently flagged questions</h2>
        <Link to="/test/flagged" className="shrink-0 text-sm font-medium text-brand-600 hover:underline">
          View all
        </Link>
      </div>
      {entries && entries.length > 0 ? (
        <ul
          ref={box}
          className="relative max-h-[clamp(9rem,calc(100vh-480px),24rem)] overflow-hidden lg:max-h-none lg:min-h-0 lg:flex-1"
        >
          {entries.map(({ question }) => (
            <li key={question.id} className="border-t border-slate-100 py-2 first:border-t-0">
              <Link
                to="/test/flagged"
                hash={questionHash(question.id)}
                className="block text-sm hover:text-brand-700"
                data-testid="recent-flagged"
              >
                <span className="line-clamp-2">{stripHtml(question.question).replace(/\{\{\d+\}\}/g, "____")}</span>
                <span className="text-xs text-slate-500">
                  REF <span className="font-mono">{question.reference}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : entries ? (
        <p className="text-sm text-slate-500">{FLAGGED_MESSAGES.recentEmpty}</p>
      ) : null}
    </section>
  );
}
