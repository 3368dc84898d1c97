import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { unseenRefusalsLabelled } from "../local/outbox/refusals.ts";
import type { UserDb } from "../local/store/db.ts";
import { Button } from "../ui/Button.tsx";

/**
 * Changes the server refused (for example an answer to a test finished on another device): which
 * change, in the student's words, and why; This device lists them all.
 */
export function NoticeBanner({ db }: { db: UserDb }) {
  const notices = useLiveQuery(() => unseenRefusalsLabelled(db), [db]) ?? [];
  if (notices.length === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50" role="status" data-testid="refusal-banner">
      <ul className="mx-auto max-w-6xl space-y-1 px-4 py-2 text-sm text-amber-900">
        {notices.map((n) => (
          <li key={n.id} className="flex flex-wrap items-start gap-x-3 gap-y-1" data-testid="refusal">
            <span className="min-w-0 flex-1">
              <span className="font-medium">Not accepted: {n.label}.</span> {n.message}
            </span>
            <Link to="/device" className="text-amber-700 underline">
              This device
            </Link>
            <Button
              variant="plain"
              className="text-amber-700 underline"
              onPress={() => void db.notices.update(n.id, { seen: 1 })}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
