import type { UserDb } from "../local/store/db.ts";
import { useUnseenNotices } from "./live-queries.ts";

/** Changes the server refused (for example an answer to a test finished on another device). */
export function NoticeBanner({ db }: { db: UserDb }) {
  const notices = useUnseenNotices(db);
  if (notices.length === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50" role="status">
      <ul className="mx-auto max-w-6xl space-y-1 px-4 py-2 text-sm text-amber-900">
        {notices.map((n) => (
          <li key={n.id} className="flex items-start gap-3">
            <span className="flex-1">{n.message}</span>
            <button
              type="button"
              className="text-amber-700 underline"
              onClick={() => void db.notices.update(n.id, { seen: 1 })}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
