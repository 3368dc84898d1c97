import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { useLiveQuery } from "dexie-react-hooks";
import type { UpdateRecord } from "../../local/content/tables.ts";
import type { UserDb } from "../../local/store/db.ts";
import { Card } from "../../ui/Page.tsx";
import { UPDATES_ADMIN_MESSAGES } from "./messages.ts";

/** Newest first; a record without a time (null) shows 'Unknown' and goes last. */
export function newestFirst(records: UpdateRecord[]): UpdateRecord[] {
  return [...records].sort((a, b) => (b.at ?? "").localeCompare(a.at ?? "") || (b.id ?? 0) - (a.id ?? 0));
}

/** The spec's 'Updates failed' and 'Question updates applied' lists (name and date, or Unknown). */
export function UpdateRecords({ db }: { db: UserDb }) {
  const records = useLiveQuery(async () => newestFirst(await db.updateRecords.toArray()), [db]);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <RecordList
        title={UPDATES_ADMIN_MESSAGES.failedTitle}
        records={records?.filter((r) => r.kind === "failed")}
        empty="No update has failed on this device."
        testId="updates-failed"
      />
      <RecordList
        title={UPDATES_ADMIN_MESSAGES.appliedTitle}
        records={records?.filter((r) => r.kind === "applied")}
        empty="No update has been applied on this device yet."
        testId="updates-applied"
      />
    </div>
  );
}

function RecordList({
  title,
  records,
  empty,
  testId,
}: {
  title: string;
  records: UpdateRecord[] | undefined;
  empty: string;
  testId: string;
}) {
  return (
    <Card title={title} testId={testId}>
      {records && records.length === 0 ? <p className="-mt-2 text-sm text-slate-600">{empty}</p> : null}
      {/* It scrolls past 20 rows or so: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list is reached by keyboard to scroll it */}
      <ul tabIndex={0} aria-label={title} className="-mt-2 max-h-80 divide-y divide-slate-100 overflow-y-auto text-sm">
        {(records ?? []).map((record) => (
          <li key={record.id} className="flex items-start justify-between gap-3 py-2" data-testid="update-record">
            <span className="min-w-0">
              <span className="block font-medium text-slate-800">{record.name}</span>
              {record.detail ? <span className="block break-words text-xs text-slate-600">{record.detail}</span> : null}
            </span>
            <span className="shrink-0 tabular-nums text-slate-600" data-testid="update-record-date">
              {record.at ? formatSyncStamp(new Date(record.at)) : UPDATES_ADMIN_MESSAGES.unknown}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
